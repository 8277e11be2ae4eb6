import { readFileSync } from 'node:fs';
import { BudgetMeter } from '@puzzlekit/job';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseXsb } from '../format/xsb.js';
import { verify } from '../play.js';
import { generated } from '../testing/generated.js';
import { exactRun, exactSearch } from './astar.js';
import { greedyRun, greedySearch } from './greedy.js';
import { linesRun, solveLinesMetered } from './lines.js';
import type { ResumableRun } from './run.js';
import { solve } from './solve.js';
import { Space } from './space.js';

const microban = parseXsb(
  readFileSync(new URL('../../../../fixtures/sokoban/microban_155.xsb', import.meta.url), 'utf8'),
).levels;

/** Runs `run` to its end, asking for the next slice size from `slices` (cycled) at each pause. */
function drive<T>(run: ResumableRun<T>, slices: readonly number[]): { value: T; pauses: number } {
  let pauses = 0;
  let step = run.next();
  while (!step.done) {
    step = run.next(slices[pauses % slices.length]);
    pauses++;
  }
  return { value: step.value, pauses };
}

// Slices of any size, paused anywhere: a resumable search must end exactly as it does unpaused.
const sliceSizes = fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 6 });

describe('resumable searches (the fast mode interleaves them by work)', () => {
  it('exactRun ends as exactSearch does, whatever slices it is driven in (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 5, 12, 20, 41),
        fc.integer({ min: 1, max: 300 }),
        sliceSizes,
        (index, first, slices) => {
          const level = microban[index]!;
          const sp = new Space(level);
          const limits = () => ({
            meter: new BudgetMeter({ maxWork: 3_000 }),
            memoryBytes: 16 << 20,
            freeze: true,
          });
          const whole = exactSearch(sp, level.player, limits());
          const paused = drive(exactRun(sp, level.player, limits(), first), slices);
          expect(paused.value).toEqual(whole);
          if (whole.nodes > first) expect(paused.pauses).toBeGreaterThan(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('linesRun ends as solveLinesMetered does, whatever slices it is driven in (property)', () => {
    // solved in 9 and 12 nodes, and one the line search does not finish in its budget
    const levels = [
      generated({ type: 'e', size: 4, pushes: 2_000, seed: 1 }).level,
      generated({ type: 'b', size: 5, pushes: 2_000, seed: 2 }).level,
      generated({ type: 'e', size: 5, pushes: 2_000, seed: 1 }).level,
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 2),
        fc.constantFrom(1, 3),
        fc.integer({ min: 1, max: 100 }),
        sliceSizes,
        (index, weight, first, slices) => {
          const level = levels[index]!;
          const whole = solveLinesMetered(level, new BudgetMeter({ maxWork: 200 }), weight);
          const paused = drive(
            linesRun(level, new BudgetMeter({ maxWork: 200 }), weight, first),
            slices,
          );
          expect(paused.value).toEqual(whole);
          if (whole.work > first) expect(paused.pauses).toBeGreaterThan(0);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('greedyRun takes the slice each pause asks for and ends as greedySearch does', () => {
    const level = microban[104]!;
    const sp = new Space(level);
    const limits = () => ({
      meter: new BudgetMeter({ maxWork: 20_000 }),
      memoryBytes: 32 << 20,
      macros: false,
      areas: true,
      fess: true,
      boxMoves: true,
    });
    const whole = greedySearch(sp, level.player, limits());
    const paused = drive(greedyRun(sp, level.player, limits(), 50), [3, 500, 17]);
    expect(paused.value).toEqual(whole);
    expect(paused.pauses).toBeGreaterThan(1);
  });
});

describe('the fast mode portfolio', () => {
  it('returns the exact search’s optimum when its first slice (a whole round) solves the level', () => {
    // Microban 1–3 are solved by the exact search in far fewer than 20,000 nodes
    for (const level of microban.slice(0, 3)) {
      const fast = solve(level, { maxWork: 1_000_000 }, { mode: 'fast' });
      const best = solve(level, { maxWork: 1_000_000 });
      expect('value' in fast && fast.value.optimal).toBe(true);
      if ('value' in fast && 'value' in best) {
        expect(fast.value.pushes).toBe(best.value.pushes);
        expect(fast.work).toBe(best.work);
      }
    }
  });

  it('gives the same answer for the same budget, and a legal one, at any budget', () => {
    // Microban 105 is not solved in the exact search's first round: the other runs answer
    const level = microban[104]!;
    for (const maxWork of [20_000, 60_000]) {
      const a = solve(level, { maxWork }, { mode: 'fast' });
      const b = solve(level, { maxWork }, { mode: 'fast' });
      expect(b).toEqual(a);
      if ('value' in a) expect(verify(level, a.value.solution).solved).toBe(true);
    }
  });
});
