import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Puzzle } from '../model.js';
import { brokenConstraints, countSolutions, hasUniqueSolution, solve } from './solver.js';
import { parsePuzzle } from '../format/puzzle-json.js';
import { LEVEL_50, bruteForce, puzzleArb, solutionKeys } from '../test-support.js';

describe('solve', () => {
  it("finds the paper's Level 50 answer, and only it", () => {
    const r = solve(LEVEL_50);
    expect(r.count).toBe(1);
    expect(r.outcome).toEqual({ kind: 'solved' });
    expect(r.noSolution).toBeNull();
    expect(r.solutions[0]!.map((p) => p.animal).join(' ')).toBe(
      'panda lion monkey tiger hippo lion panda elephant hippo',
    );
    expect(r.solutions[0]![0]).toEqual({ animal: 'panda', x: 0, y: 2 });
    expect(hasUniqueSolution(LEVEL_50)).toBe(true);
    expect(brokenConstraints(LEVEL_50, r.solutions[0]!)).toEqual([]);
  });

  it('agrees with the brute-force oracle on random puzzles', () => {
    fc.assert(
      fc.property(puzzleArb, (p) => {
        const keys = solutionKeys(p);
        expect(keys).toEqual(bruteForce(p));
        expect(countSolutions(p)).toBe(keys.length);
      }),
      { numRuns: 50 },
    );
  });

  it('counts an unconstrained puzzle as the multinomial 9!/(5!·2!·2!) = 756', () => {
    const p: Puzzle = { animals: { panda: 5, lion: 2, hippo: 2 }, constraints: [] };
    expect(countSolutions(p)).toBe(756);
    expect(solve(p, { countLimit: 10 })).toMatchObject({ count: 10, outcome: { kind: 'solved' } });
    expect(solve(p, {}, { maxWork: 3 })).toMatchObject({
      work: 3,
      outcome: { kind: 'gave-up', bound: 'work', limit: 3, unit: 'nodes' },
    });
    expect(solve(p, {}, { maxWork: 0 })).toMatchObject({ count: 0, work: 0 });
    expect(solve(p).outcome).toEqual({ kind: 'solved' });
  });

  it('every listed solution breaks no condition', () => {
    fc.assert(
      fc.property(puzzleArb, (p) => {
        for (const s of solve(p).solutions) expect(brokenConstraints(p, s)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('reports broken conditions of a wrong answer', () => {
    const s = solve(LEVEL_50).solutions[0]!;
    const swapped = s.map((q) =>
      q.animal === 'monkey'
        ? { ...q, animal: 'tiger' as const }
        : q.animal === 'tiger'
          ? { ...q, animal: 'monkey' as const }
          : q,
    );
    expect(brokenConstraints(LEVEL_50, swapped)).toEqual([4, 5]);
    expect(brokenConstraints(LEVEL_50, s.slice(1))).toBeNull();
  });

  it('reads the same puzzle from JSON', () => {
    expect(solve(parsePuzzle(JSON.stringify(LEVEL_50))).count).toBe(1);
  });
});
