import { describe, expect, it } from 'vitest';
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
      const g = r.puzzle!;
      expect(r.candidates).toBeGreaterThanOrEqual(1);
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
    expect(a.puzzle!.difficulty).toBeGreaterThanOrEqual(20);
    expect(a.puzzle!.difficulty).toBeLessThanOrEqual(30);
    expect(a.candidates).toBe(a.outOfBand + 1 + (a.candidates - a.outOfBand - 1));
    const b = generatePuzzle(Rng.from(5), { band: [30, 40], rating: 'deduction' });
    expect(b.puzzle!.deduction.total).toBeGreaterThanOrEqual(30);
    expect(b.puzzle!.deduction.total).toBeLessThanOrEqual(40);
  });

  it('is deterministic for a seed and gives up within its budget', () => {
    const one = generatePuzzle(Rng.from(42), { band: [10, 25] });
    const two = generatePuzzle(Rng.from(42), { band: [10, 25] });
    expect(two).toEqual(one);
    const none = generatePuzzle(Rng.from(1), { band: [1000, 2000], maxCandidates: 5 });
    expect(none).toEqual({
      puzzle: null,
      candidates: 5,
      outOfBand: 5,
      gaveUp: 'candidates',
      outcome: { kind: 'gave-up', bound: 'nodes', limit: 5 },
    });
    // The shared name of the bound gives the same run; given both, the smaller holds.
    expect(
      generatePuzzle(Rng.from(1), { band: [1000, 2000], maxNodes: 5, maxCandidates: 9 }),
    ).toEqual(none);
    expect(one.outcome).toEqual({ kind: 'solved' });
    // A clock that moves 1 ms per reading: the time limit ends a huge candidate budget.
    let t = 0;
    const seen: number[] = [];
    const timed = generatePuzzle(Rng.from(1), {
      band: [1000, 2000],
      maxCandidates: 1e9,
      maxMs: 10,
      now: () => ++t,
      onProgress: (k) => seen.push(k),
    });
    expect(timed).toMatchObject({
      puzzle: null,
      gaveUp: 'time',
      candidates: 9,
      outcome: { kind: 'gave-up', bound: 'time', limit: 10 },
    });
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(() => generatePuzzle(Rng.from(1), { band: [5, 1] })).toThrow(/empty difficulty band/);
  });

  it('finds that Level 50 has no redundant condition', () => {
    expect(redundantConstraints(LEVEL_50)).toEqual([]);
  });
});
