// The front door of the link game: one descriptor over the job vocabulary, through which the CLI's
// common verbs, the pack runner and the docs reach it like every other game.
import {
  defineGame,
  gaveUpResult,
  impossibleResult,
  isSolved,
  solvedResult,
  type Budget,
  type JobResult,
  type JsonValue,
  type OptionValues,
  type Rating,
} from '@puzzlekit/job';
import type { Rng } from '@puzzlekit/rng';
import {
  answerFromJson,
  answerToJson,
  levelFromJson,
  levelToJson,
  parseCollection,
  printCollection,
  type Level,
} from './format/json.js';
import { MAX_FACES } from './format/faces.js';
import { MAX_SIDE, printBoard } from './format/text.js';
import { GENERATE_UNIT, generateBoard } from './generate/generate.js';
import { replay } from './link/play.js';
import { GRAVITIES, type Gravity, type Move } from './model.js';
import { RATE_UNIT, rateBoard, type DifficultyReport } from './rate/rate.js';
import { DEFAULT_SOLVE_NODES } from './solve/budget.js';
import { solveBoard } from './solve/solve.js';

/** An answer of the link game: the pairs removed, in play order. */
export type Answer = readonly Move[];

/**
 * The link game's rating: `score` 0…100, higher is harder — the mean of random play's failure rate
 * and the share of tiles it leaves (`50 · (1 − randomClearRate) + 50 · (1 − randomProgress)`), from
 * seeded random playouts, with the measures it comes from. No grade words: the score has not been
 * measured against players.
 */
export interface LinkRating extends Rating {
  readonly score: number;
  /** Playable pairs at the start. */
  readonly startMoves: number;
  /** Fraction of random playouts that clear the board. */
  readonly randomClearRate: number;
  /** Mean fraction of tiles random play removes. */
  readonly randomProgress: number;
  /** Random playouts measured. */
  readonly playouts: number;
}

/** Random playouts of the descriptor's rating (seed 0), as in the README's tables. */
export const RATING_PLAYOUTS = 200;
/** Nodes for the rating's line of play when a level carries no order. */
const RATING_LINE_NODES = 20_000;

/** The score of a difficulty report (see {@link LinkRating}), to one decimal. */
export function scoreOf(report: DifficultyReport): number {
  const raw = 50 * (1 - report.randomClearRate) + 50 * (1 - report.randomProgress);
  return Math.round(raw * 10) / 10;
}

/** A job's result with its value mapped (a partial value is dropped). */
function mapValue<T, U>(result: JobResult<T, unknown>, map: (value: T) => U): JobResult<U> {
  if (isSolved(result)) return solvedResult(map(result.value), result.work);
  return result.outcome.kind === 'gave-up'
    ? gaveUpResult(result.outcome, result.work)
    : impossibleResult(result.work);
}

function generateLevel(
  options: OptionValues,
  rng: Rng,
  budget: Budget,
): JobResult<{ level: Level; answer: Answer }> {
  const rule = { gravity: options.gravity as Gravity, ring: options.ring as boolean };
  const result = generateBoard({
    rows: options.rows as number,
    cols: options.cols as number,
    copies: options.copies as number,
    ...(options.faces === undefined ? {} : { faces: options.faces as number }),
    difficulty: options.difficulty as number,
    holes: options.holes as 'fixed' | 'fall',
    ...rule,
    ...budget,
    rng,
  });
  return mapValue(result, ({ board, order }) => ({
    level: { board, ...rule, order },
    answer: order,
  }));
}

/** The link game (Lianliankan / Onet / Shisen-Sho) for the CLI, the pack runner and the docs. */
export const game = defineGame<Level, Answer, LinkRating>({
  id: 'link',
  title: 'Link (Lianliankan / Onet / Shisen-Sho)',
  packageName: '@puzzlekit/link-layout',
  format: { extension: 'json', parse: (text) => parseCollection(text), print: printCollection },
  levelToJson: (level) => levelToJson(level) as unknown as JsonValue,
  levelFromJson: (json, path) => levelFromJson(json, path),
  answerToJson: (answer) => answerToJson(answer),
  answerFromJson: (json, path) => answerFromJson(json, path),
  render(level) {
    const rule = [
      level.gravity === 'none' ? '' : `gravity ${level.gravity}`,
      level.ring ? '' : 'no ring',
    ].filter((s) => s !== '');
    return rule.length === 0
      ? printBoard(level.board)
      : `${printBoard(level.board)}\n(${rule.join(', ')})`;
  },
  generate: {
    unit: GENERATE_UNIT,
    budget: { maxWork: 2_000_000 },
    options: [
      {
        name: 'rows',
        kind: 'integer',
        description: 'rows of the board',
        min: 1,
        max: MAX_SIDE,
        default: 8,
      },
      {
        name: 'cols',
        kind: 'integer',
        description: 'columns of the board',
        min: 1,
        max: MAX_SIDE,
        default: 18,
      },
      {
        name: 'faces',
        kind: 'integer',
        description: 'distinct faces (default: tiles / copies)',
        min: 1,
        max: MAX_FACES,
      },
      {
        name: 'copies',
        kind: 'integer',
        description: 'copies of each face (even)',
        min: 2,
        max: 64,
        default: 4,
      },
      {
        name: 'gravity',
        kind: 'choice',
        description: 'where tiles fall after each removal',
        choices: GRAVITIES,
        default: 'none',
      },
      {
        name: 'difficulty',
        kind: 'number',
        description: '0 (easiest) to 1 (hardest): how the construction picks its pairs',
        min: 0,
        max: 1,
        default: 0.5,
      },
      {
        name: 'holes',
        kind: 'choice',
        description: 'with gravity, holes under tiles stay fixed or let tiles fall',
        choices: ['fixed', 'fall'],
        default: 'fixed',
      },
      {
        name: 'ring',
        kind: 'boolean',
        description: 'paths may run around the board',
        default: true,
      },
    ],
    run: generateLevel,
  },
  solve: {
    unit: 'nodes',
    budget: { maxWork: DEFAULT_SOLVE_NODES },
    options: [],
    run(level, budget) {
      const { gravity, ring, order } = level;
      // The result keeps its `source`: `order` when the level's clearing order answered.
      return solveBoard(level.board, { gravity, ring, ...(order ? { order } : {}), ...budget });
    },
  },
  verify(level, answer) {
    const r = replay(level.board, answer, level);
    if (!r.ok) return { ok: false, reason: r.error ?? 'an illegal move' };
    if (!r.cleared) {
      const left = r.board.cells.filter((v) => v > 0).length;
      return { ok: false, reason: `after all ${answer.length} moves, ${left} tiles remain` };
    }
    return { ok: true };
  },
  rate: {
    unit: RATE_UNIT,
    budget: { maxWork: 2_000_000 },
    run(level, budget) {
      const { gravity, ring, order } = level;
      const r = rateBoard(level.board, {
        gravity,
        ring,
        ...(order ? { order } : {}),
        playouts: RATING_PLAYOUTS,
        seed: 0,
        deadEnds: false,
        lineNodes: RATING_LINE_NODES,
        ...budget,
      });
      return mapValue(r, (report) => ({
        score: scoreOf(report),
        startMoves: report.startMoves,
        randomClearRate: report.randomClearRate,
        randomProgress: report.randomProgress,
        playouts: report.playouts,
      }));
    },
  },
});
