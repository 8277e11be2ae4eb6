import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '@puzzlekit/rng';
import { valueOf } from '@puzzlekit/job';
import { solveLevel } from './solve.js';
import { replaySolution } from '../simulate/simulate.js';
import { TINY, generated } from '../testing/levels.js';
import type { Level } from '../model.js';

/** Every tap order, replayed under the rules: true if any wins (brute force, tiny levels only). */
function bruteForce(level: Level, boxes: readonly string[], slots: 1 | 2): boolean {
  const n = level.bars.reduce((k, b) => k + b.screws.length, 0);
  const used = new Array<boolean>(n).fill(false);
  const taps: number[] = [];
  const rec = (): boolean => {
    if (taps.length === n) return replaySolution(level, { boxes, taps }, slots).won;
    // Prune prefixes that already fail.
    if (taps.length > 0 && replaySolution(level, { boxes, taps }, slots).failedAt !== taps.length)
      return false;
    for (let s = 0; s < n; s++) {
      if (used[s]) continue;
      used[s] = true;
      taps.push(s);
      const ok = rec();
      taps.pop();
      used[s] = false;
      if (ok) return true;
    }
    return false;
  };
  return rec();
}

/** Red screws under a bar of three blue screws: red's box comes first. */
function buried(traySize: number): Level {
  return {
    width: 3,
    height: 1,
    colors: ['red', 'blue'],
    traySize,
    bars: [
      { layer: 0, cells: [[0, 0]], screws: [{ x: 0.5, y: 0.5, color: 'red' }] },
      { layer: 0, cells: [[1, 0]], screws: [{ x: 1.5, y: 0.5, color: 'red' }] },
      { layer: 0, cells: [[2, 0]], screws: [{ x: 2.5, y: 0.5, color: 'red' }] },
      {
        layer: 1,
        cells: [
          [0, 0],
          [1, 0],
          [2, 0],
        ],
        screws: [
          { x: 0.2, y: 0.5, color: 'blue' },
          { x: 1.2, y: 0.5, color: 'blue' },
          { x: 2.2, y: 0.5, color: 'blue' },
        ],
      },
    ],
  };
}

describe('solveLevel', () => {
  it('solves the tiny level and its answer replays as a win', () => {
    const r = solveLevel(TINY, {}, { boxes: ['red', 'blue'] });
    expect(r.outcome.kind).toBe('solved');
    expect(replaySolution(TINY, valueOf(r)!).won).toBe(true);
  });
  it('proves a level unwinnable when the tray is too small for the screws on top', () => {
    const kind = (level: Level, slots: 1 | 2) =>
      solveLevel(level, {}, { boxes: ['red', 'blue'], boxSlots: slots }).outcome.kind;
    expect(kind(buried(2), 1)).toBe('impossible');
    expect(kind(buried(3), 1)).toBe('solved');
    // With two boxes the blue box sits on the left and takes the blue screws.
    expect(kind(buried(0), 2)).toBe('solved');
  });
  it('agrees with brute force over every tap order on tiny random levels (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom<1 | 2>(1, 2),
        (seed, tray, slots) => {
          const g = generated({
            colors: 2,
            boxesPerColor: 1,
            layers: 3,
            width: 3,
            height: 3,
            traySlack: 2,
            seed,
          });
          const level: Level = { ...g, traySize: tray };
          const boxes = Rng.from(seed).shuffled(g.solution!.boxes);
          const r = solveLevel(level, {}, { boxes, boxSlots: slots });
          expect(r.outcome.kind).not.toBe('gave-up');
          expect(r.outcome.kind === 'solved').toBe(bruteForce(level, boxes, slots));
          const play = valueOf(r);
          if (play) expect(replaySolution(level, play, slots).won).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
  it('finds a win for generated levels with their recorded box order', () => {
    for (let seed = 0; seed < 5; seed++) {
      const level = generated({
        colors: 5,
        boxesPerColor: 2,
        layers: 3,
        width: 6,
        height: 6,
        seed,
      });
      expect(solveLevel(level).outcome.kind).toBe('solved');
    }
  });
  it('reports when it gives up, and rejects a wrong box order', () => {
    const level = generated({
      colors: 6,
      boxesPerColor: 2,
      layers: 4,
      width: 6,
      height: 6,
      seed: 3,
    });
    expect(solveLevel(level, { maxWork: 3 }).outcome.kind).toBe('gave-up');
    expect(() => solveLevel(level, {}, { boxes: ['red'] })).toThrow(/box order has/);
    expect(() => solveLevel(level, {}, { boxes: ['mauve'] })).toThrow(/not in the level/);
    expect(() => solveLevel({ ...level, solution: undefined })).toThrow(/box order/);
  });
  it('takes the shared budget and reports the one outcome with its work in nodes', () => {
    const level = generated({
      colors: 6,
      boxesPerColor: 2,
      layers: 4,
      width: 6,
      height: 6,
      seed: 3,
    });
    const won = solveLevel(level);
    expect(won.outcome).toEqual({ kind: 'solved' });
    expect(won.work).toBeGreaterThan(0);
    expect(solveLevel(level, { maxWork: 3 })).toEqual({
      outcome: { kind: 'gave-up', bound: 'work', limit: 3, unit: 'nodes' },
      work: 3,
    });
    // 0 is a bound like any other: no work at all.
    expect(solveLevel(level, { maxWork: 0 }).outcome).toMatchObject({ bound: 'work', limit: 0 });
    expect(solveLevel(level, { maxStates: 4 }).outcome).toEqual({
      kind: 'gave-up',
      bound: 'memory',
      limit: 4,
      unit: 'states',
    });
    const lost = solveLevel(buried(2), {}, { boxes: ['red', 'blue'], boxSlots: 1 });
    expect(lost.outcome).toEqual({ kind: 'impossible' });
    expect(() => solveLevel(level, { maxStates: -1 })).toThrow(/maxStates/);
    // The same budget in nodes, the same answer, whatever the clock says.
    let t = 0;
    const slowClock = { maxMs: 1e9, now: () => (t += 1000) };
    expect(solveLevel(level, slowClock)).toEqual(won);
  });
});
