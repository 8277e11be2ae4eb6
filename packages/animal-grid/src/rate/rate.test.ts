import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { valueOf } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import { PAPER_COEFFICIENTS, PAPER_TABLE, paperDifficulty } from './difficulty.js';
import { fitDifficulty } from './fit.js';
import { paperTrace } from './traced.js';
import { rateByDeduction } from './deduction.js';
import { averageRanks, kendallTau, spearman } from './compare.js';
import { countSolutions, solve } from '../solve/solver.js';
import type { Puzzle } from '../model.js';
import { generatePuzzle } from '../generate/generator.js';
import { LEVEL_50, puzzleArb, randomPuzzle } from '../test-support.js';

/** D printed by the paper (Figure 12), transcribed by hand; level 33 has no D ("/"). */
const PRINTED_D: Record<number, number> = {
  1: 1.9888,
  2: 3.2261,
  3: 6.0189,
  10: 6.8979,
  11: 8.373,
  18: 17.0333,
  23: 24.4624,
  50: 68.0941,
};

describe("the paper's difficulty formula", () => {
  it('reproduces the printed table to four decimals', () => {
    for (const row of PAPER_TABLE) {
      const printed = PRINTED_D[row.level];
      if (printed === undefined) continue;
      expect(paperDifficulty(row).toFixed(4)).toBe(printed.toFixed(4));
    }
    expect(Object.keys(PRINTED_D)).toHaveLength(8);
  });

  it('divides by N and is infinite without a solution', () => {
    const r = { x1: 2, x2: 4, x3: 4, x4: 0, n: 2 };
    expect(paperDifficulty(r)).toBeCloseTo(
      (8.373 - PAPER_COEFFICIENTS.a3) / 2 + PAPER_COEFFICIENTS.a3,
      3,
    );
    expect(paperDifficulty({ ...r, n: 0 })).toBe(Infinity);
  });
});

describe('refit', () => {
  it("recovers the paper's a1..a3 from levels 1–23 with b1 = 6/12, b2 = 7/12 fixed", () => {
    const rows = PAPER_TABLE.filter((r) => r.level <= 23 && r.level !== 33);
    const f = fitDifficulty(rows, { fixedExponents: { b1: 6 / 12, b2: 7 / 12 } });
    expect(f.coefficients.a1.toFixed(4)).toBe('3.8927');
    expect(f.coefficients.a2.toFixed(4)).toBe('2.5347');
    expect(f.coefficients.a3.toFixed(4)).toBe('-8.3274');
  });

  it('recovers known coefficients from exact synthetic data (all five free)', () => {
    const truth = { a1: 2, a2: 1.5, a3: -3, b1: 0.75, b2: 0.5 };
    const rng = Rng.from(7);
    const rows = Array.from({ length: 14 }, () => {
      const m = {
        x1: rng.int(0, 30),
        x2: rng.int(1, 9),
        x3: rng.int(1, 120),
        x4: rng.int(0, 40),
        n: rng.int(1, 3),
      };
      return { ...m, level: paperDifficulty(m, truth) };
    });
    const f = fitDifficulty(rows);
    expect(f.sse).toBeLessThan(1e-8);
    expect(f.coefficients.b1).toBeCloseTo(0.75, 4);
    expect(f.coefficients.b2).toBeCloseTo(0.5, 4);
    expect(f.coefficients.a1).toBeCloseTo(2, 3);
    expect(f.method).toBe('grid+levenberg-marquardt');
  });

  it('never does worse than its grid start', () => {
    const rows = PAPER_TABLE.filter((r) => r.level !== 33);
    const f = fitDifficulty(rows);
    const start = rows.reduce((s, r) => s + (paperDifficulty(r, f.gridBest!) - r.level) ** 2, 0);
    expect(f.sse).toBeLessThanOrEqual(start + 1e-9);
  });

  it('rejects too few rows and bad N with a path', () => {
    expect(() => fitDifficulty(PAPER_TABLE.slice(0, 2))).toThrow(/at least 3/);
    expect(() => fitDifficulty([...PAPER_TABLE.slice(0, 3), { ...PAPER_TABLE[0]!, n: 0 }])).toThrow(
      /\$\[3\]\.n/,
    );
  });
});

describe('paperTrace', () => {
  it('solves Level 50 with N = 1 and a non-trivial trace', () => {
    const t = paperTrace(LEVEL_50);
    expect(t.outcome).toEqual({ kind: 'solved' });
    expect(t.work).toBe(t.metrics.x3);
    expect(t.metrics.n).toBe(1);
    // Lions (3 cells, C(3,2) = 3 placements) come first, then the monkey, related to them.
    expect(t.steps.map((s) => s.animal).slice(0, 2)).toEqual(['lion', 'monkey']);
    expect(t.metrics.x2).toBe(3);
    expect(t.metrics.x3).toBe(t.steps.reduce((s, st) => s + st.mapsOut, 0));
    expect(t.metrics.x4).toBeGreaterThan(0);
    expect(Number.isFinite(paperDifficulty(t.metrics))).toBe(true);
  });

  it('matches a hand-traced run', () => {
    // Elephant only on (2,2) (1 placement) → monkey, related, next to it: 1 relative step, 2 placements
    // → lions on the two free height-2 cells (1 way per map) → pandas fill the rest (no absolute
    // condition: last). X1 1, X2 1, X3 1 + 2 + 2 + 2 = 7, X4 0, N 2.
    const p: Puzzle = {
      animals: { elephant: 1, monkey: 1, lion: 2, panda: 5 },
      constraints: [
        { type: 'height', animal: 'lion', height: 2 },
        { type: 'adjacent', animals: ['monkey', 'elephant'] },
        { type: 'height', animal: 'elephant', height: 3 },
      ],
    };
    const t = paperTrace(p);
    expect(t.metrics).toEqual({ x1: 1, x2: 1, x3: 7, x4: 0, n: 2 });
    expect(t.steps.map((s) => [s.animal, s.reason])).toEqual([
      ['elephant', 'smallest-region'],
      ['monkey', 'related'],
      ['lion', 'smallest-region'],
      ['panda', 'remaining'],
    ]);
    // Now the monkey must also be higher than the lions: both monkey maps die (one dead end each,
    // no cells left above height 2).
    const q: Puzzle = {
      ...p,
      constraints: [
        ...p.constraints,
        { type: 'relativeHeight', animal: 'monkey', relation: 'higher', than: 'lion' },
      ],
    };
    const u = paperTrace(q);
    expect(u.metrics.n).toBe(0);
    expect(countSolutions(q)).toBe(0);
    expect(paperDifficulty(u.metrics)).toBe(Infinity);
  });

  it('stops at its map budgets and says so', () => {
    const open: Puzzle = { animals: { panda: 5, lion: 2, hippo: 2 }, constraints: [] };
    const t = paperTrace(open, { maxStates: 10 });
    expect(t.outcome).toEqual({ kind: 'gave-up', bound: 'memory', limit: 10, unit: 'states' });
    expect(t.metrics.n).toBe(0);
    expect(paperTrace(open, { maxWork: 7 })).toMatchObject({
      outcome: { kind: 'gave-up', bound: 'work', limit: 7, unit: 'maps' },
      work: 7,
    });
    expect(paperTrace(open, { maxWork: 0 }).outcome).toMatchObject({ bound: 'work', limit: 0 });
    expect(paperTrace(LEVEL_50).outcome).toEqual({ kind: 'solved' });
  });

  it('counts every solution: N equals the exact solver', () => {
    fc.assert(
      fc.property(puzzleArb, (p) => {
        expect(paperTrace(p).metrics.n).toBe(countSolutions(p));
      }),
      { numRuns: 80 },
    );
  });
});

describe('rateByDeduction', () => {
  it('solves Level 50 by logic and never needs more than pair analysis', () => {
    const r = rateByDeduction(LEVEL_50);
    expect(r.solvedByLogic).toBe(true);
    expect(r.hardest).toBe(4);
    expect(r.total).toBe(r.steps.reduce((s, x) => s + x.cost, 0));
  });

  it('is sound: what it reaches by logic is the unique solution; a contradiction means no solution', () => {
    const rng = Rng.from(11);
    let solved = 0;
    for (let i = 0; i < 25; i++) {
      const g = valueOf(generatePuzzle(rng))!;
      const r = rateByDeduction(g.puzzle);
      expect(r.consistent).toBe(true);
      if (r.solvedByLogic) {
        solved++;
        expect(r.solution).toEqual(g.solution);
      }
    }
    expect(solved).toBeGreaterThan(0);
  });

  it('never claims more than the truth on random puzzles (property)', () => {
    let contradictions = 0;
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer(),
          kinds: fc.integer({ min: 3, max: 8 }),
          n: fc.integer({ min: 2, max: 9 }),
        }),
        ({ seed, kinds, n }) => {
          const p = randomPuzzle(Rng.from(seed), kinds, n);
          const count = countSolutions(p);
          const r = rateByDeduction(p);
          if (!r.consistent) {
            contradictions++;
            expect(count).toBe(0);
          }
          if (r.solvedByLogic) {
            expect(count).toBe(1);
            expect(solve(p).solutions[0]).toEqual(r.solution);
          }
          if (count > 0) expect(r.consistent).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
    expect(contradictions).toBeGreaterThan(0);
  });
});

describe('rank correlation', () => {
  it('matches hand-computed values', () => {
    expect(averageRanks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    // d = (0, 1, -1): rho = 1 - 6·2/(3·8) = 0.5
    expect(spearman([1, 2, 3], [1, 3, 2])).toBeCloseTo(0.5, 12);
    // pairs: (1,2) c, (1,3) c, (2,3) d → tau = 1/3
    expect(kendallTau([1, 2, 3], [1, 3, 2])).toBeCloseTo(1 / 3, 12);
    expect(Number.isNaN(spearman([1, 1, 1], [1, 2, 3]))).toBe(true);
  });
});
