import { InvalidInputError, ParseError, quoteInput } from '@puzzlekit/errors';
import {
  defineGame,
  gaveUpResult,
  impossibleResult,
  solvedResult,
  type Budget,
  type JsonValue,
  type NamedLevel,
  type OptionSpec,
  type OptionValues,
  type Verdict,
} from '@puzzlekit/job';
import type { Rng } from '@puzzlekit/rng';
import { MAX_BOARD_SIDE, type Level } from './model.js';
import { parseLevel, printBoard } from './format/xsb.js';
import { parseLurd } from './format/lurd.js';
import { parseCollection, printCollection } from './format/detect.js';
import { replay } from './play.js';
import {
  DEFAULT_GENERATE_ATTEMPTS,
  GENERATE_UNIT,
  MAX_PUSHES,
  generateLevel,
  type GenerateOptions,
} from './generate/generate.js';
import type { ZeroGapType } from './generate/geometry.js';
import { DEFAULT_SOLVE_MEMORY_MB, solve } from './solve/solve.js';

/** Options of the descriptor's `generate` (flags `--type`, `--size`, … of `sokoban generate`). */
export const GENERATE_OPTIONS: readonly OptionSpec[] = Object.freeze([
  {
    name: 'type',
    kind: 'choice',
    description:
      'level type: b, e (the outer wall a tree vertex), w, g (turns) or s (two-way channel)',
    choices: ['b', 'e', 'w', 'g', 's'],
    default: 'b',
  },
  {
    name: 'size',
    kind: 'integer',
    description:
      'size n (b/e: (2n+3)² board, w/g: (3n+3)², s: (2n+5)×(2n+3), n ≥ 7); maxSize(type) at most',
    min: 2,
    max: 510,
    default: 5,
    short: 'n',
  },
  {
    name: 'pushes',
    kind: 'integer',
    description: 'scramble pushes (steps for --step slide or lazy)',
    min: 1,
    max: MAX_PUSHES,
    default: 1000,
    short: 'k',
  },
  {
    name: 'select',
    kind: 'choice',
    description: 'goal: the last scrambled state or the farthest one',
    choices: ['last', 'farthest'],
    default: 'last',
  },
  {
    name: 'minDistance',
    kind: 'integer',
    description: 'reject a scramble whose goal is closer than this (boxes’ summed travel)',
    min: 0,
    default: 0,
  },
  {
    name: 'tree',
    kind: 'choice',
    description: 'spanning tree: kruskal, wilson (uniform) or growth (cjcjc’s)',
    choices: ['kruskal', 'wilson', 'growth'],
    default: 'kruskal',
  },
  {
    name: 'step',
    kind: 'choice',
    description: 'b/e scramble step: move, box, lazy or slide (see the README)',
    choices: ['move', 'box', 'lazy', 'slide'],
    default: 'move',
  },
  { name: 'title', kind: 'string', description: 'Title: line (default names the options)' },
  { name: 'author', kind: 'string', description: 'Author: line' },
]);

/** Options of the descriptor's `solve`. */
export const SOLVE_OPTIONS: readonly OptionSpec[] = Object.freeze([
  {
    name: 'mode',
    kind: 'choice',
    description: 'optimal (fewest pushes, with proof) or fast (an answer, shortened, no proof)',
    choices: ['optimal', 'fast'],
    default: 'optimal',
  },
  {
    name: 'maxMemory',
    kind: 'integer',
    description: 'MB for the distance table and the stored states',
    min: 1,
    default: DEFAULT_SOLVE_MEMORY_MB,
  },
]);

/** Default budget of the descriptor's `solve`: 2,000,000 nodes, a minute on the clock at most. */
export const DEFAULT_SOLVE_BUDGET: Budget = Object.freeze({ maxWork: 2_000_000, maxMs: 60_000 });
/** Default budget of the descriptor's `generate`: 500 attempts, a minute on the clock at most. */
export const DEFAULT_GENERATE_BUDGET: Budget = Object.freeze({
  maxWork: DEFAULT_GENERATE_ATTEMPTS,
  maxMs: 60_000,
});
/** Default budget of the descriptor's `rate`: 200,000 nodes of the optimal solver. */
export const DEFAULT_RATE_BUDGET: Budget = Object.freeze({ maxWork: 200_000, maxMs: 30_000 });

/**
 * Checks a LURD answer by replaying it under standard Sokoban rules: `ok` when every step is legal
 * and every box ends on a goal; otherwise the reason names the move (1-based) and what is wrong, or
 * how many boxes are left off goals.
 */
export function verifyAnswer(level: Level, answer: string): Verdict {
  let moves: string;
  try {
    moves = parseLurd(answer);
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, reason: `not LURD: ${error.message}` };
    throw error;
  }
  const r = replay(level, moves);
  if (r.failure) {
    return {
      ok: false,
      reason: `move ${r.failure.step + 1} (${quoteInput(r.failure.move)}) is illegal: ${r.failure.reason}`,
    };
  }
  if (!r.solved) {
    let off = 0;
    for (const v of r.final.cells) if ((v & 6) === 4) off++;
    return {
      ok: false,
      reason: `all ${r.moves} moves are legal, but ${off} box${off === 1 ? ' is' : 'es are'} not on a goal at the end`,
    };
  }
  return { ok: true };
}

/** One level's verdict in {@link verifyCollection}. */
export interface LevelVerdict {
  /** 1-based position of the level in its collection. */
  readonly level: number;
  /** The level's title, where it has one. */
  readonly title?: string;
  /** `ok`, or the reason it failed (`no answer given` when the level has none). */
  readonly verdict: Verdict;
}

/** What {@link verifyCollection} found: every level's verdict, and the counts. */
export interface CollectionVerdict {
  /** True when every level has an answer and every answer solves its level. */
  readonly ok: boolean;
  /** Levels whose answer solves them. */
  readonly solved: number;
  /** Levels whose answer is wrong. */
  readonly failed: number;
  /** Levels without an answer. */
  readonly missing: number;
  /** One verdict a level, in collection order. */
  readonly levels: readonly LevelVerdict[];
}

/**
 * Verifies every level of a collection, level by level: the answer of level i is `answers[i]` when
 * given, else the level's own (its `Solution:` line or the SLC/SOK solution read with it). A level
 * with no answer fails with `no answer given`.
 */
export function verifyCollection(
  levels: readonly NamedLevel<Level, string>[],
  answers: readonly (string | undefined)[] = [],
): CollectionVerdict {
  let solved = 0;
  let failed = 0;
  let missing = 0;
  const out = levels.map((entry, i): LevelVerdict => {
    const answer = answers[i] ?? entry.answer;
    let verdict: Verdict;
    if (answer === undefined) {
      missing++;
      verdict = { ok: false, reason: 'no answer given' };
    } else {
      verdict = verifyAnswer(entry.level, answer);
      if (verdict.ok) solved++;
      else failed++;
    }
    return { level: i + 1, ...(entry.title === undefined ? {} : { title: entry.title }), verdict };
  });
  return { ok: solved === levels.length, solved, failed, missing, levels: out };
}

/** A level as JSON: its XSB rows (`#` wall, `@` player, `$` box, `.` goal…) and title and author. */
export function levelToJson(level: Level): JsonValue {
  return {
    board: printBoard(level).split('\n'),
    ...(level.title === undefined ? {} : { title: level.title }),
    ...(level.author === undefined ? {} : { author: level.author }),
  };
}

function invalid(path: string, message: string): never {
  throw new InvalidInputError(message, { path, code: 'INVALID_LEVEL' });
}

/** A level from {@link levelToJson}'s JSON. @throws InvalidInputError with the JSON path. */
export function levelFromJson(json: unknown, path = '$'): Level {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    invalid(path, 'a level must be an object with a "board" array of XSB rows');
  const o = json as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!['board', 'title', 'author'].includes(key))
      invalid(`${path}.${key}`, `unknown key ${quoteInput(key)}`);
  }
  const board = o.board;
  if (!Array.isArray(board) || board.length === 0 || board.length > MAX_BOARD_SIDE)
    invalid(`${path}.board`, `board must be an array of 1..${MAX_BOARD_SIDE} XSB rows`);
  board.forEach((row, i) => {
    if (typeof row !== 'string' || row.length > MAX_BOARD_SIDE + 1 || /[\n\r]/.test(row))
      invalid(
        `${path}.board[${i}]`,
        `each row must be one line of at most ${MAX_BOARD_SIDE} characters`,
      );
  });
  for (const key of ['title', 'author'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'string')
      invalid(`${path}.${key}`, `${key} must be a string`);
  }
  let level: Level;
  try {
    level = parseLevel((board as string[]).join('\n'));
  } catch (error) {
    if (error instanceof ParseError) {
      invalid(`${path}.board[${Math.max(0, (error.line ?? 1) - 1)}]`, error.message);
    }
    throw error;
  }
  return {
    width: level.width,
    height: level.height,
    cells: level.cells,
    player: level.player,
    ...(typeof o.title === 'string' ? { title: o.title } : {}),
    ...(typeof o.author === 'string' ? { author: o.author } : {}),
  };
}

/** An answer from JSON: LURD text. @throws InvalidInputError with the JSON path. */
export function answerFromJson(json: unknown, path = '$'): string {
  if (typeof json !== 'string') {
    throw new InvalidInputError('an answer must be a LURD string', {
      path,
      code: 'INVALID_ANSWER',
    });
  }
  try {
    parseLurd(json);
  } catch (error) {
    if (error instanceof ParseError) {
      throw new InvalidInputError(`not LURD: ${error.message}`, { path, code: 'INVALID_ANSWER' });
    }
    throw error;
  }
  return json;
}

function generateOptionsOf(options: OptionValues): GenerateOptions {
  const o = options as Record<string, string | number | boolean | undefined>;
  return {
    type: o.type as ZeroGapType,
    size: o.size as number,
    pushes: o.pushes as number,
    select: o.select as 'last' | 'farthest',
    ...(o.minDistance === undefined ? {} : { minDistance: o.minDistance as number }),
    ...(o.tree === undefined ? {} : { tree: o.tree as GenerateOptions['tree'] }),
    ...(o.step === undefined ? {} : { step: o.step as GenerateOptions['step'] }),
    ...(o.title === undefined ? {} : { title: o.title as string }),
    ...(o.author === undefined ? {} : { author: o.author as string }),
  };
}

/**
 * Zero-gap Sokoban as one puzzlekit game: XSB/SOK/SLC collections, generation (unit `attempts`),
 * solving (unit `nodes`), verification by replay under standard rules, and a rating: the fewest
 * pushes any answer needs, proven by the optimal solver within the budget.
 */
export const game = defineGame<Level, string>({
  id: 'sokoban',
  title: 'Zero-gap Sokoban',
  packageName: '@puzzlekit/sokoban-zero-gap',
  format: {
    extension: 'xsb',
    parse: parseCollection,
    print: printCollection,
  },
  levelToJson,
  levelFromJson,
  answerToJson: (answer) => answer,
  answerFromJson,
  render: (level) => printBoard(level),
  generate: {
    unit: GENERATE_UNIT,
    budget: DEFAULT_GENERATE_BUDGET,
    options: GENERATE_OPTIONS,
    run(options: OptionValues, rng: Rng, budget: Budget) {
      const r = generateLevel(generateOptionsOf(options), rng, budget);
      if (!('value' in r))
        return r.outcome.kind === 'gave-up'
          ? gaveUpResult(r.outcome, r.work)
          : impossibleResult(r.work);
      const g = r.value;
      return solvedResult(
        { level: g.level, ...(g.solution === undefined ? {} : { answer: g.solution }) },
        r.work,
      );
    },
  },
  solve: {
    unit: 'nodes',
    budget: DEFAULT_SOLVE_BUDGET,
    options: SOLVE_OPTIONS,
    run(level: Level, budget: Budget, options: OptionValues) {
      const r = solve(level, budget, {
        mode: options.mode === 'fast' ? 'fast' : 'optimal',
        ...(typeof options.maxMemory === 'number' ? { maxMemory: options.maxMemory } : {}),
      });
      if ('value' in r) return solvedResult(r.value.solution, r.work);
      return r.outcome.kind === 'impossible'
        ? impossibleResult(r.work)
        : gaveUpResult(r.outcome, r.work);
    },
  },
  verify: verifyAnswer,
  rate: {
    unit: 'nodes',
    budget: DEFAULT_RATE_BUDGET,
    run(level: Level, budget: Budget) {
      const r = solve(level, budget);
      if ('value' in r) return solvedResult({ score: r.value.pushes }, r.work);
      return r.outcome.kind === 'impossible'
        ? impossibleResult(r.work)
        : gaveUpResult(r.outcome, r.work);
    },
  },
});
