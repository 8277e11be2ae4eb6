import { describe, expect, it } from 'vitest';
import { valueOf } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import { generatePuzzle, redundantConstraints } from './generator.js';
import { brokenConstraints, solve } from '../solve/solver.js';
import { paperDifficulty } from '../rate/difficulty.js';
import { paperTrace } from '../rate/traced.js';
import { formatPuzzle, parsePuzzle } from '../format/puzzle-json.js';
import { LEVEL_50 } from '../test-support.js';

describe('generatePuzzle', () => {
  it('makes valid minimal puzzles with one solution, the one it reports', () => {
    const rng = Rng.from('gen');
    for (let i = 0; i < 12; i++) {
      const r = generatePuzzle(rng);
      const g = valueOf(r)!;
      expect(r.work).toBeGreaterThanOrEqual(1);
      expect(parsePuzzle(formatPuzzle(g.puzzle))).toEqual(g.puzzle);
      const s = solve(g.puzzle);
      expect(s.count).toBe(1);
      expect(s.solutions[0]).toEqual(g.solution);
      expect(brokenConstraints(g.puzzle, g.solution)).toEqual([]);
      expect(redundantConstraints(g.puzzle)).toEqual([]);
      expect(g.difficulty).toBeCloseTo(paperDifficulty(paperTrace(g.puzzle).metrics), 12);
    }
  });

  it('respects the band for either rating, and reports candidates', () => {
    const a = generatePuzzle(Rng.from(5), { band: [20, 30] });
    expect(valueOf(a)!.difficulty).toBeGreaterThanOrEqual(20);
    expect(valueOf(a)!.difficulty).toBeLessThanOrEqual(30);
    expect(a.outOfBand).toBeLessThan(a.work);
    const b = generatePuzzle(Rng.from(5), { band: [30, 40], rating: 'deduction' });
    expect(valueOf(b)!.deduction.total).toBeGreaterThanOrEqual(30);
    expect(valueOf(b)!.deduction.total).toBeLessThanOrEqual(40);
  });

  it('is deterministic for a seed and gives up within its budget', () => {
    const one = generatePuzzle(Rng.from(42), { band: [10, 25] });
    const two = generatePuzzle(Rng.from(42), { band: [10, 25] });
    expect(two).toEqual(one);
    const none = generatePuzzle(Rng.from(1), { band: [1000, 2000] }, { maxWork: 5 });
    expect(none).toEqual({
      outcome: { kind: 'gave-up', bound: 'work', limit: 5, unit: 'candidates' },
      work: 5,
      outOfBand: 5,
    });
    expect(one.outcome).toEqual({ kind: 'solved' });
    expect(generatePuzzle(Rng.from(1), {}, { maxWork: 0 })).toEqual({
      outcome: { kind: 'gave-up', bound: 'work', limit: 0, unit: 'candidates' },
      work: 0,
      outOfBand: 0,
    });
    // A clock that moves 1 ms per reading: the time limit ends a huge candidate budget, and says so.
    let t = 0;
    const seen: number[] = [];
    const timed = generatePuzzle(
      Rng.from(1),
      { band: [1000, 2000] },
      { maxWork: 1e9, maxMs: 10, now: () => ++t, onProgress: (k) => seen.push(k) },
    );
    expect(timed).toMatchObject({
      work: 9,
      outcome: { kind: 'gave-up', bound: 'time', limit: 10, unit: 'ms' },
    });
    expect(() => generatePuzzle(Rng.from(1), { band: [5, 1] })).toThrow(/empty difficulty band/);
  });

  it('decides by candidates only: a clock racing forward never changes a completed result', () => {
    // The case: `generate --seed 5 --count 2 --grade hard` failed on a busy machine because a
    // time limit decided it. Each puzzle of a pack comes from its own stream; a clock that jumps
    // 1 s per reading (a machine under any load) with a generous limit must give the same bytes.
    const runs = [0, 1].map((i) => {
      const calm = generatePuzzle(Rng.forIndex(5, i), { grade: 'hard' });
      let t = 0;
      const racing = generatePuzzle(
        Rng.forIndex(5, i),
        { grade: 'hard' },
        { maxMs: 1e9, now: () => (t += 1000) },
      );
      expect(JSON.stringify(racing)).toBe(JSON.stringify(calm));
      return calm;
    });
    for (const r of runs) expect(r.outcome).toEqual({ kind: 'solved' });
    // The same clock with a limit it passes mid-run stops the job, and the outcome says time.
    let t = 0;
    const stopped = generatePuzzle(
      Rng.forIndex(5, 0),
      { grade: 'hard' },
      { maxMs: 3000, now: () => (t += 1000) },
    );
    expect(stopped.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 3000, unit: 'ms' });
    expect(stopped.work).toBe(2);
  });

  it('finds that Level 50 has no redundant condition', () => {
    expect(redundantConstraints(LEVEL_50)).toEqual([]);
  });
});
