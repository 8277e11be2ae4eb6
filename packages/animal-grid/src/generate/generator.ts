/** Seeded generator of puzzles with one solution, no redundant condition, in a difficulty band. */
import { InvalidInputError } from '@puzzlekit/errors';
import type { Rng } from '@puzzlekit/rng';
import {
  ANIMALS,
  COLUMN_FRUITS,
  PIECE_LIMITS,
  ROW_FRUITS,
  type Animal,
  type Constraint,
  type Puzzle,
  type Solution,
} from '../model.js';
import { compile, relationHolds } from '../compile.js';
import { HSET, MAX_H, MIN_H, POP } from '../masks.js';
import { masksToSolution, nodeMeter, searchCompiled } from '../solve/solver.js';
import { paperDifficulty } from '../rate/difficulty.js';
import { paperTrace, type PaperMetrics } from '../rate/traced.js';
import { rateByDeduction, type DeductionRating } from '../rate/deduction.js';
import { gradeOf, paperGradeOf, type Grade } from '../rate/grade.js';
import {
  BudgetMeter,
  gaveUpResult,
  solvedResult,
  type Budget,
  type JobResult,
} from '@puzzlekit/job';

/** Which rating a difficulty band applies to. */
export type RatingKind = 'paper' | 'deduction';

/** Options of {@link generatePuzzle}. */
export interface GenerateOptions {
  /** Accept only puzzles whose rating lies in [lo, hi] (default: any). */
  readonly band?: readonly [number, number];
  /** Accept only puzzles of this grade (by the hardest reasoning needed and D: see `gradeOf`). */
  readonly grade?: Grade;
  /** The rating the band applies to: the paper's D (default) or the summed deduction cost. */
  readonly rating?: RatingKind;
}

/** Default work budget of {@link generatePuzzle}: candidates tried before giving up. */
export const GENERATE_MAX_WORK = 5000;

/** A generated puzzle with its answer and ratings. */
export interface GeneratedPuzzle {
  /** The puzzle (unique, minimal). */
  readonly puzzle: Puzzle;
  /** Its one solution. */
  readonly solution: Solution;
  /** The paper's X1..X4 and N. */
  readonly metrics: PaperMetrics;
  /** The paper's D. */
  readonly difficulty: number;
  /** The deduction-based rating. */
  readonly deduction: DeductionRating;
  /** The grade by the hardest reasoning needed and D (`gradeOf`). */
  readonly grade: Grade;
  /** The paper's grade, by D alone (`paperGradeOf`). */
  readonly paperGrade: Grade;
}

/**
 * Result of {@link generatePuzzle}: `value` is the puzzle when the outcome is `solved`; `work` counts
 * the candidates built (each a random arrangement turned into a minimal unique puzzle, then rated).
 */
export type GenerateResult = JobResult<GeneratedPuzzle> & {
  /** Candidates that became unique but missed the band or grade. */
  readonly outOfBand: number;
};

/** Solutions counted up to CAP: above it a condition is kept anyway (the pruning pass drops it if redundant). */
const CAP = 400;
/**
 * Nodes one solution count inside a candidate may use. Nine pieces never need as many, so the count is
 * exact; the bound is in nodes, never in time, so a candidate is the same on any machine.
 */
const COUNT_MAX_NODES = 100_000;
/** Solutions of `p`, counted up to `cap`. */
const countUpTo = (p: Puzzle, cap: number): number => {
  let n = 0;
  searchCompiled(compile(p), () => ++n < cap, nodeMeter({ maxWork: COUNT_MAX_NODES }));
  return n;
};
const count = (p: Puzzle): number => countUpTo(p, CAP);
const isUnique = (p: Puzzle): boolean => countUpTo(p, 2) === 1;

/** Every condition true of the arrangement (masks per animal index) that the game can state. */
function trueConstraints(animals: readonly Animal[], masks: Int16Array): Constraint[] {
  const out: Constraint[] = [];
  const idx = (a: Animal): number => ANIMALS.indexOf(a);
  for (const a of animals) {
    const m = masks[idx(a)]!;
    if (POP[HSET[m]!] === 1) out.push({ type: 'height', animal: a, height: MIN_H[m] as 1 | 2 | 3 });
    for (const kind of ['row', 'column'] as const) {
      const fruits = kind === 'row' ? ROW_FRUITS : COLUMN_FRUITS;
      const lineOf = (i: number): number => (kind === 'row' ? Math.floor(i / 3) : i % 3);
      let lines = 0;
      for (let i = 0; i < 9; i++) if ((m >> i) & 1) lines |= 1 << lineOf(i);
      for (let f = 0; f < 3; f++) {
        if (lines === 1 << f) out.push({ type: kind, animal: a, fruits: [fruits[f]!], in: true });
        if ((lines & (1 << f)) === 0)
          out.push({ type: kind, animal: a, fruits: [fruits[f]!], in: false });
      }
      for (let f = 0; f < 3; f++) {
        for (let g = f + 1; g < 3; g++) {
          const two = (1 << f) | (1 << g);
          if (POP[lines]! > 1 && (lines & ~two) === 0)
            out.push({ type: kind, animal: a, fruits: [fruits[f]!, fruits[g]!], in: true });
        }
      }
    }
  }
  for (let i = 0; i < animals.length; i++) {
    for (let j = 0; j < animals.length; j++) {
      if (i === j) continue;
      const a = animals[i]!;
      const b = animals[j]!;
      const ma = masks[idx(a)]!;
      const mb = masks[idx(b)]!;
      if (i < j && relationHolds(0, ma, mb)) out.push({ type: 'adjacent', animals: [a, b] });
      if (MIN_H[ma]! > MAX_H[mb]!)
        out.push({ type: 'relativeHeight', animal: a, relation: 'higher', than: b });
      if (MAX_H[ma]! < MIN_H[mb]!)
        out.push({ type: 'relativeHeight', animal: a, relation: 'lower', than: b });
      if (i < j && POP[HSET[ma]! | HSET[mb]!] === 1)
        out.push({ type: 'relativeHeight', animal: a, relation: 'same', than: b });
    }
  }
  return out;
}

/**
 * Indices of conditions that can be dropped without losing uniqueness (empty for a minimal puzzle).
 * Only meaningful for a puzzle with exactly one solution.
 */
export function redundantConstraints(puzzle: Puzzle): number[] {
  const out: number[] = [];
  puzzle.constraints.forEach((_, i) => {
    if (
      isUnique({
        animals: puzzle.animals,
        constraints: puzzle.constraints.filter((__, j) => j !== i),
      })
    )
      out.push(i);
  });
  return out;
}

/** One candidate: a random arrangement, conditions added until unique, then pruned to a minimal set. */
function candidate(rng: Rng): { puzzle: Puzzle; masks: Int16Array } | null {
  const bag: Animal[] = [];
  for (const a of ANIMALS) for (let k = 0; k < PIECE_LIMITS[a]; k++) bag.push(a);
  const nine = rng.sample(bag, 9);
  const cells = rng.shuffled([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  const masks = new Int16Array(9);
  const counts: Partial<Record<Animal, number>> = {};
  nine.forEach((a, k) => {
    const t = ANIMALS.indexOf(a);
    masks[t] = masks[t]! | (1 << cells[k]!);
    counts[a] = (counts[a] ?? 0) + 1;
  });
  const present = ANIMALS.filter((a) => (counts[a] ?? 0) > 0);
  const pool = rng.shuffled(trueConstraints(present, masks));
  let chosen: Constraint[] = [];
  let n = count({ animals: counts, constraints: chosen });
  for (const c of pool) {
    if (n === 1) break;
    const next = [...chosen, c];
    const m = count({ animals: counts, constraints: next });
    if (m < n || n >= CAP) {
      chosen = next;
      n = m;
    }
  }
  if (n !== 1) return null;
  const order = rng.shuffled(chosen.slice());
  for (const c of order) {
    const without = chosen.filter((x) => x !== c);
    if (isUnique({ animals: counts, constraints: without })) chosen = without;
  }
  return { puzzle: { animals: counts, constraints: chosen }, masks };
}

/**
 * Generates a puzzle with exactly one solution and no redundant condition (dropping any condition
 * admits a second solution), whose rating lies in `band` (and whose grade is `grade`, when given).
 * Each candidate: a random nine of the box's fourteen pieces on a random arrangement, random true
 * conditions added while they cut the solution count, until one solution is left, then conditions
 * dropped in random order while the solution stays unique.
 *
 * The work unit is a candidate (default budget {@link GENERATE_MAX_WORK}): the result depends only on
 * the RNG, the options and `maxWork`. A time limit (`maxMs`, `deadline`) only stops the job early —
 * the clock is read before each candidate — and the outcome then says `gave-up` on `time`; a job that
 * completes gives the same puzzle however fast the machine is.
 *
 * @throws InvalidInputError for an empty band or a bound that is not a number ≥ 0.
 */
export function generatePuzzle(
  rng: Rng,
  options: GenerateOptions = {},
  budget: Budget = {},
): GenerateResult {
  const band = options.band;
  if (band && !(band[0] <= band[1]))
    throw new InvalidInputError(`empty difficulty band ${band[0]}..${band[1]}`, { path: '$.band' });
  const meter = new BudgetMeter(
    { maxWork: GENERATE_MAX_WORK, ...budget },
    // A candidate takes up to milliseconds, so the clock is read before each one.
    { unit: 'candidates', clockEvery: 1 },
  );
  let outOfBand = 0;
  let built = 0;
  for (;;) {
    // spend() counts a unit before its clock check, so the candidates built are counted apart.
    const bound = meter.spend();
    if (bound !== null) return { ...gaveUpResult(meter.gaveUp(bound), built), outOfBand };
    built++;
    const cand = candidate(rng);
    if (!cand) continue;
    const trace = paperTrace(cand.puzzle);
    const difficulty = paperDifficulty(trace.metrics);
    const deduction = rateByDeduction(cand.puzzle);
    const value = (options.rating ?? 'paper') === 'paper' ? difficulty : deduction.total;
    const grade = gradeOf(difficulty, deduction.hardest)!;
    if (
      (band && (value < band[0] || value > band[1])) ||
      (options.grade !== undefined && grade !== options.grade)
    ) {
      outOfBand++;
      continue;
    }
    const puzzle: GeneratedPuzzle = {
      puzzle: cand.puzzle,
      solution: masksToSolution(cand.masks),
      metrics: trace.metrics,
      difficulty,
      deduction,
      grade,
      paperGrade: paperGradeOf(difficulty)!,
    };
    return { ...solvedResult(puzzle, built), outOfBand };
  }
}
