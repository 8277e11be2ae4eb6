/**
 * The game's front door (`GameDescriptor` of @puzzlekit/job): the collection file, generate, solve,
 * verify and rate over the one job vocabulary, so the CLI's common verbs and the pack runner reach
 * this game like every other.
 */
import {
  defineGame,
  gaveUpResult,
  impossibleResult,
  solvedResult,
  valueOf,
  type Budget,
  type JobResult,
  type JsonValue,
  type NamedLevel,
  type OptionValues,
  type Rating,
} from '@puzzlekit/job';
import type { Rng } from '@puzzlekit/rng';
import { ANIMALS, type Placement, type Puzzle, type Solution } from './model.js';
import { validatePuzzle } from './format/puzzle-json.js';
import {
  isCollection,
  validateAnswer,
  validateCollection,
  formatCollection,
} from './format/collection.js';
import { parseJsonText, underPath } from './format/json.js';
import { asJobResult } from './job-result.js';
import { describeConditions, plural } from './text/words.js';
import { solve, SOLVE_MAX_WORK } from './solve/solver.js';
import { brokenOnBoard, pieceProblem } from './play.js';
import { GENERATE_MAX_WORK, generatePuzzle, type RatingKind } from './generate/generator.js';
import { paperTrace, TRACE_MAX_STATES, type PaperMetrics } from './rate/traced.js';
import { paperDifficulty } from './rate/difficulty.js';
import { rateByDeduction } from './rate/deduction.js';
import {
  GRADES,
  gradeOf,
  paperGradeOf,
  reasoningOf,
  type Grade,
  type Reasoning,
} from './rate/grade.js';

/** The rating of a puzzle: the paper's D as the score, the grade, and what both are made of. */
export interface AnimalGridRating extends Rating {
  /** The paper's difficulty D (higher is harder). */
  readonly score: number;
  /** The grade by the hardest reasoning needed and D (see `gradeOf`). */
  readonly grade: Grade;
  /** The paper's grade, by D alone (see `paperGradeOf`). */
  readonly paperGrade: Grade;
  /** The hardest kind of reasoning the puzzle needs. */
  readonly reasoning: Reasoning;
  /** The paper's traced figures X1..X4 and N behind D. */
  readonly metrics: PaperMetrics;
  /** Cost of the hardest deduction the puzzle needs (see `TECHNIQUES`). */
  readonly hardestDeduction: number;
  /** Summed cost of the deduction steps. */
  readonly deductionTotal: number;
}

/** A puzzle as plain JSON (the puzzle format), animals in the box's order. */
function puzzleToJson(puzzle: Puzzle): JsonValue {
  const animals: Record<string, number> = {};
  for (const a of ANIMALS) if ((puzzle.animals[a] ?? 0) > 0) animals[a] = puzzle.animals[a]!;
  // Conditions are plain data of strings, numbers and booleans already: copied, not converted.
  const constraints = puzzle.constraints.map((c) => ({ ...c }));
  return { animals, constraints };
}

/** Reads a collection file, or a file holding one puzzle, as named levels. */
function parseLevels(text: string): NamedLevel<Puzzle, Solution>[] {
  const value = parseJsonText(text);
  if (!isCollection(value)) return [{ level: validatePuzzle(value) }];
  return validateCollection(value).map((e) => ({
    level: e.puzzle,
    title: e.name,
    ...(e.answer === undefined ? {} : { answer: e.answer }),
  }));
}

/** The rating of a puzzle within `budget` (unit: the paper trace's partial maps). */
function ratePuzzle(puzzle: Puzzle, budget: Budget): JobResult<AnimalGridRating> {
  const trace = paperTrace(puzzle, budget);
  if (trace.outcome.kind === 'gave-up') return gaveUpResult(trace.outcome, trace.work);
  // The trace counts every solution (N); with none, D is undefined and there is nothing to rate.
  if (trace.metrics.n === 0) return impossibleResult(trace.work);
  const score = paperDifficulty(trace.metrics);
  const deduction = rateByDeduction(puzzle);
  return solvedResult(
    {
      score,
      grade: gradeOf(score, deduction.hardest)!,
      paperGrade: paperGradeOf(score)!,
      reasoning: reasoningOf(deduction.hardest),
      metrics: trace.metrics,
      hardestDeduction: deduction.hardest,
      deductionTotal: deduction.total,
    },
    trace.work,
  );
}

/** Generate options as `generatePuzzle` reads them. */
function generateOptions(options: OptionValues): Parameters<typeof generatePuzzle>[1] {
  const lo = options.minDifficulty as number | undefined;
  const hi = options.maxDifficulty as number | undefined;
  return {
    ...(options.grade === undefined ? {} : { grade: options.grade as Grade }),
    ...(lo === undefined && hi === undefined
      ? {}
      : { band: [lo ?? -Infinity, hi ?? Infinity] as const }),
    rating: (options.rating ?? 'paper') as RatingKind,
  };
}

/** The 3×3 animal placement puzzle: `puzzlekit animal-grid …`. */
export const game = defineGame<Puzzle, Solution, AnimalGridRating>({
  id: 'animal-grid',
  title: 'Animal grid (3×3 stepped board)',
  packageName: '@puzzlekit/animal-grid',
  format: {
    extension: 'json',
    parse: parseLevels,
    print: (levels) =>
      formatCollection(
        levels.map((l, i) => ({
          name: l.title ?? String(i + 1),
          puzzle: l.level,
          ...(l.answer === undefined ? {} : { answer: l.answer }),
        })),
      ),
  },
  levelToJson: puzzleToJson,
  levelFromJson: (json, path = '$') => underPath(path, () => validatePuzzle(json)),
  answerToJson: (answer) => answer.map((p) => ({ animal: p.animal, x: p.x, y: p.y })),
  answerFromJson: (json, path = '$') => validateAnswer(json, path),
  render: (puzzle) =>
    [
      `pieces: ${ANIMALS.filter((a) => (puzzle.animals[a] ?? 0) > 0)
        .map((a) => {
          const n = puzzle.animals[a]!;
          return `${n} ${n === 1 ? a : plural(a)}`;
        })
        .join(', ')}`,
      ...describeConditions(puzzle),
    ].join('\n'),
  generate: {
    unit: 'candidates',
    budget: { maxWork: GENERATE_MAX_WORK },
    options: [
      {
        name: 'grade',
        kind: 'choice',
        choices: GRADES,
        description: 'only puzzles of this grade (by the reasoning needed and D)',
      },
      {
        name: 'minDifficulty',
        kind: 'number',
        description: 'lowest rating accepted (the paper’s D, or the deduction total)',
      },
      { name: 'maxDifficulty', kind: 'number', description: 'highest rating accepted' },
      {
        name: 'rating',
        kind: 'choice',
        choices: ['paper', 'deduction'],
        default: 'paper',
        description: 'the rating the difficulty range applies to',
      },
    ],
    run(options: OptionValues, rng: Rng, budget: Budget) {
      const r = generatePuzzle(rng, generateOptions(options), budget);
      return asJobResult(r, () => {
        const g = valueOf(r)!;
        return { level: g.puzzle, answer: g.solution };
      });
    },
  },
  solve: {
    unit: 'nodes',
    budget: { maxWork: SOLVE_MAX_WORK },
    options: [],
    run(puzzle: Puzzle, budget: Budget) {
      const r = solve(puzzle, { countLimit: 1, listLimit: 1 }, budget);
      return asJobResult(r, () => r.solutions[0]!);
    },
  },
  verify(puzzle: Puzzle, answer: readonly Placement[]) {
    const pieces = pieceProblem(puzzle, answer, true);
    if (pieces !== null) return { ok: false, reason: pieces };
    const broken = brokenOnBoard(puzzle, answer);
    if (broken.length === 0) return { ok: true };
    const b = broken[0]!;
    const more = broken.length > 1 ? ` (and ${broken.length - 1} more)` : '';
    return { ok: false, reason: `condition ${b.index + 1} is broken: ${b.text}${more}` };
  },
  rate: {
    unit: 'maps',
    budget: { maxStates: TRACE_MAX_STATES },
    run: ratePuzzle,
  },
});
