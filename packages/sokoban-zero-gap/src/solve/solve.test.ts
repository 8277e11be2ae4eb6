import { readFileSync } from 'node:fs';
import { InvalidInputError } from '@puzzlekit/errors';
import { BudgetMeter, describeOutcome } from '@puzzlekit/job';
import { describe, expect, it } from 'vitest';
import { parseLevel, parseXsb } from '../format/xsb.js';
import { verify } from '../play.js';
import { DEFAULT_OPTIMIZE_BUDGET, optimize } from './optimize.js';
import { solve } from './solve.js';
import { flat, generated } from '../testing/generated.js';
import { solveLines, solveLinesMetered } from './lines.js';
import { bruteForcePushes } from '../testing/brute-force.js';

const microban = parseXsb(
  readFileSync(new URL('../../../../fixtures/sokoban/microban_155.xsb', import.meta.url), 'utf8'),
).levels;

describe('solve', () => {
  it('finds push-optimal solutions on Microban levels (checked by brute-force BFS)', () => {
    for (const i of [0, 1, 3, 4, 8, 13]) {
      const level = microban[i]!;
      const r = flat(solve(level, { maxWork: 200_000 }));
      expect(r.solved).toBe(true);
      expect(r.optimal).toBe(true);
      expect(verify(level, r.solution).solved).toBe(true);
      expect(r.pushes).toBe(bruteForcePushes(level));
      expect(r.lowerBound).toBeLessThanOrEqual(r.pushes);
    }
  }, 30_000);

  it('Microban 1 takes 8 pushes (hand-checked)', () => {
    expect(flat(solve(microban[0]!)).pushes).toBe(8);
  });

  it('solves small generated levels in no more pushes than their answer, matching brute force', () => {
    for (const type of ['b', 'e', 'w'] as const) {
      for (let seed = 0; seed < 3; seed++) {
        // 31 moves: b n=2 has two box states, so an even count would end where it began
        const g = generated({ type, size: 2, pushes: 62, seed });
        const r = flat(solve(g.level, { maxWork: 100_000 }));
        expect(r.solved).toBe(true);
        expect(r.pushes).toBeLessThanOrEqual(g.pushes);
        expect(r.pushes).toBe(bruteForcePushes(g.level));
        expect(verify(g.level, r.solution).solved).toBe(true);
      }
    }
  });

  it('reports the budget when it gives up, and unsolvable levels', () => {
    const hard = microban[154]!;
    const r = flat(solve(hard, { maxWork: 50 }));
    expect(r).toMatchObject({
      solved: false,
      outcome: { kind: 'gave-up', bound: 'work', limit: 50, unit: 'nodes' },
    });
    expect(r.work).toBe(50);
    const stuck = parseXsb('#####\n#@$.#\n#####\n').levels[0]!;
    expect(flat(solve(stuck)).solved).toBe(true);
    const impossible = parseXsb('######\n#@ .$#\n######\n').levels[0]!;
    expect(flat(solve(impossible))).toMatchObject({
      solved: false,
      outcome: { kind: 'impossible' },
    });
  });

  it('bounds memory: the state table stops at the budget and says so', () => {
    // b n=6 from 10,000 pushes is far beyond the search; 1 MB holds a few thousand states
    const g = generated({ type: 'b', size: 6, pushes: 10_000, seed: 1, answer: 'pushes' });
    const r = flat(solve(g.level, {}, { maxMemory: 1 }));
    expect(r).toMatchObject({ solved: false, outcome: { kind: 'gave-up', bound: 'memory' } });
    expect(r.work).toBeGreaterThan(0);
    // a distance table (goals × cells) larger than half the budget is refused before it is built
    const wide = parseXsb(`${'#'.repeat(1001)}\n#@${'$.'.repeat(499)}#\n${'#'.repeat(1001)}`)
      .levels[0]!;
    expect(flat(solve(wide, {}, { maxMemory: 1 }))).toMatchObject({
      outcome: { kind: 'gave-up', bound: 'memory' },
      work: 0,
    });
  });

  it('fast mode: answers solve the level and are never shorter than the optimum', () => {
    for (const i of [0, 5, 20, 60, 100, 145, 154]) {
      const level = microban[i]!;
      const best = flat(solve(level, { maxWork: 50_000 }));
      const fast = flat(solve(level, { maxWork: 50_000 }, { mode: 'fast' }));
      if (!fast.solved) continue;
      expect(verify(level, fast.solution).solved).toBe(true);
      expect(fast.pushList).toHaveLength(fast.pushes);
      if (best.solved) expect(fast.pushes).toBeGreaterThanOrEqual(best.pushes);
      if (fast.optimal && best.solved) expect(fast.pushes).toBe(best.pushes);
    }
    // e n=4 from 1,000 pushes: the exact quarter gives up, the line-rule optimum answers
    const e = generated({ type: 'e', size: 4, pushes: 1000, seed: 1, select: 'farthest' });
    const viaLines = flat(solve(e.level, { maxWork: 20_000 }, { mode: 'fast' }));
    expect(viaLines).toMatchObject({ solved: true, optimal: false });
    expect(verify(e.level, viaLines.solution).solved).toBe(true);
    expect(viaLines.pushes).toBeLessThanOrEqual(flat(solveLines(e.level)).pushes);
    // w n=5 from 1,000 pushes (seed 2): the exact quarter gives up, the weighted search answers
    const g = generated({ type: 'w', size: 5, pushes: 1000, seed: 2, select: 'farthest' });
    const r = flat(solve(g.level, { maxWork: 60_000 }, { mode: 'fast' }));
    expect(r.solved).toBe(true);
    expect(r.optimal).toBe(false);
    expect(verify(g.level, r.solution).solved).toBe(true);
  });

  it('bounds time, setup included, and refuses bad budgets', () => {
    const g = generated({ type: 'b', size: 6, pushes: 10_000, seed: 1, answer: 'pushes' });
    // a clock that moves 1 ms a reading: the time limit stops the search, and it says so
    for (const mode of ['optimal', 'fast'] as const) {
      let t = 0;
      const r = flat(solve(g.level, { maxMs: 20, now: () => t++ }, { mode }));
      expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 20, unit: 'ms' });
    }
    for (const bad of [{ maxMs: -1 }, { maxWork: -1 }, { maxWork: Number.NaN }]) {
      expect(() => solve(microban[0]!, bad)).toThrow(InvalidInputError);
    }
    expect(() => solve(microban[0]!, {}, { maxMemory: 0.5 })).toThrow(/maxMemory/);
    // 0 is a bound like any other: no work at all
    expect(flat(solve(microban[0]!, { maxWork: 0 })).outcome).toEqual({
      kind: 'gave-up',
      bound: 'work',
      limit: 0,
      unit: 'nodes',
    });
  });
});

describe('optimize', () => {
  it('cuts loops and finds shortcuts, never returning a worse or illegal answer', () => {
    for (let seed = 0; seed < 4; seed++) {
      const g = generated({ type: 'b', size: 4, pushes: 400, seed });
      const o = optimize(g.level, g.solution!);
      expect(o.originalPushes).toBe(g.pushes);
      expect(o.pushes).toBeLessThanOrEqual(g.pushes);
      expect(o.pushes).toBe(
        g.pushes - o.removedByLoops - o.removedByLineSolves - o.removedByShortcuts,
      );
      expect(o.removedByLineSolves).toBeGreaterThanOrEqual(0);
      const v = verify(g.level, o.solution);
      expect(v.solved).toBe(true);
      expect(v.pushes).toBe(o.pushes);
      const best = flat(solve(g.level, { maxWork: 200_000 }));
      if (best.solved) expect(o.pushes).toBeGreaterThanOrEqual(best.pushes);
    }
  });

  it('stops its searches at the time budget and still returns a legal, no longer answer', () => {
    const g = generated({ type: 'b', size: 8, pushes: 4000, seed: 2, answer: 'pushes' });
    let t = 0;
    const r = optimize(g.level, g.pushList, { maxMs: 5, now: () => t++ });
    expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 5, unit: 'ms' });
    expect(r.pushes).toBeLessThanOrEqual(g.pushes);
    expect(verify(g.level, r.solution).solved).toBe(true);
  });

  it('has a default budget, a time limit included (issue 29: it had none)', () => {
    expect(DEFAULT_OPTIMIZE_BUDGET).toEqual({ maxWork: 2_000_000, maxMs: 60_000 });
    const g = generated({ type: 'b', size: 8, pushes: 4000, seed: 2, answer: 'pushes' });
    // the default's time limit, on a clock that runs a second a reading
    let t = 0;
    const r = optimize(g.level, g.pushList, { ...DEFAULT_OPTIMIZE_BUDGET, now: () => (t += 1000) });
    expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 60_000, unit: 'ms' });
    expect(verify(g.level, r.solution).solved).toBe(true);
  });

  it('removes a push-and-push-back loop exactly', () => {
    const level = parseXsb('######\n#@$ .#\n######\n').levels[0]!;
    expect(optimize(level, 'RR')).toMatchObject({ pushes: 2, moves: 2, removedByLoops: 0 });
    const wide = parseXsb('#######\n#     #\n#@$  .#\n#     #\n#######\n').levels[0]!;
    // push right, walk round, push it back, walk home, then the three pushes that solve it
    const loopy = 'RurrdLulldRRR';
    expect(verify(wide, loopy).solved).toBe(true);
    const r = optimize(wide, loopy);
    expect(r).toMatchObject({ originalPushes: 5, pushes: 3, moves: 3, removedByLoops: 2 });
  });

  it('rejects an answer that does not solve the level', () => {
    const level = parseXsb('######\n#@$ .#\n######\n').levels[0]!;
    expect(() => optimize(level, 'R')).toThrow(/does not solve/);
    expect(() => optimize(level, 'L')).toThrow(/illegal at move 1/);
  });
});

describe('solveLines', () => {
  it('solves b and e levels under the line rule: legal, between the bounds, never beaten by the scramble', () => {
    for (const type of ['b', 'e'] as const) {
      for (let seed = 0; seed < 4; seed++) {
        const g = generated({ type, size: 3, pushes: 300, seed, select: 'farthest' });
        const l = flat(solveLines(g.level));
        expect(l.solved).toBe(true);
        expect(verify(g.level, l.solution).solved).toBe(true);
        expect(l.pushes).toBeLessThanOrEqual(g.pushes);
        expect(l.pushes).toBeGreaterThanOrEqual(l.lowerBound);
        // boxes keep their line order, so the identity distance is exactly the in-order bound
        expect(l.lowerBound).toBe(g.distance);
        const std = flat(solve(g.level, { maxWork: 200_000 }));
        if (std.solved) expect(std.pushes).toBeLessThanOrEqual(l.pushes);
      }
    }
  });

  it('the weighted line search finds the answer when every child lands below the bucket at hand', () => {
    // it stopped at once and said impossible: the children of the start all had f below the
    // start's, and no bucket stood above it (found by the resumable-run property)
    const level = generated({ type: 'b', size: 3, pushes: 120, seed: 1 }).level;
    const optimum = flat(solveLines(level));
    const weighted = flat(solveLinesMetered(level, new BudgetMeter({ maxWork: 10_000 }), 3));
    expect(optimum.solved && weighted.solved).toBe(true);
    expect(weighted.pushes).toBeGreaterThanOrEqual(optimum.pushes);
    expect(weighted.pushes).toBeLessThanOrEqual(3 * optimum.pushes);
    expect(verify(level, weighted.solution).solved).toBe(true);
  });

  it('refuses levels that are not on a b/e lattice', () => {
    expect(() => flat(solveLines(microban[0]!))).toThrow(/not a slot/);
  });

  it('proves at once that goals leaving a pocket have no line-rule answer', () => {
    // a b n=2 lattice (pillars at (2,2), (4,2), (2,4), (4,4)); the goals at (2,1) and (1,2) wall
    // off the corner cell (1,1), which the line rule's every-square-connected invariant forbids
    const level = parseLevel(
      ['#######', '# .   #', '#.# # #', '#   $ #', '# #$# #', '#    @#', '#######'].join('\n'),
    );
    const r = flat(solveLines(level));
    expect(r).toMatchObject({ solved: false, work: 0 });
    expect(r.outcome).toEqual({ kind: 'impossible' });
    // an s level's goal keeps one pocket left of its entrance (see the README): same answer
    const s = generated({ type: 's', size: 8, pushes: 300, seed: 1, select: 'farthest' });
    if (!s.goalIsTree)
      expect(flat(solveLines(s.level))).toMatchObject({ outcome: { kind: 'impossible' }, work: 0 });
  });
});

describe('solve outcome (the shared search vocabulary)', () => {
  it('says solved, proven impossible, or which bound it gave up on', () => {
    expect(describeOutcome(flat(solve(microban[0]!)).outcome)).toBe('solved');
    const stopped = flat(solve(microban[60]!, { maxWork: 10 }));
    expect(describeOutcome(stopped.outcome)).toBe('gave up: work budget of 10 nodes reached');
    const fast = flat(solve(microban[60]!, { maxWork: 10 }, { mode: 'fast' }));
    expect(fast.outcome.kind).toBe(fast.solved ? 'solved' : 'gave-up');
    const impossible = parseXsb(['#######', '#. #  #', '#  $ @#', '#######'].join('\n')).levels[0]!;
    expect(describeOutcome(flat(solve(impossible)).outcome)).toBe('proven impossible');
  });
});
