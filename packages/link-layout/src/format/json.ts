// The JSON forms of a level, an answer, a collection and a Board object, read with typed errors that
// name the JSON path, and the plain grid an engine loads without our code. Each has a JSON Schema in
// schema/ (draft 2020-12); what a schema cannot say (rows of equal length, faces in pairs, a board at
// rest, an order that clears it) is checked here only, and listed in the schema's description.
import { InvalidInputError, ParseError, parseJson, quoteInput } from '@puzzlekit/errors';
import { printJson, type JsonValue, type NamedLevel } from '@puzzlekit/job';
import { isSettledBoard } from '../generate/settled.js';
import { replay } from '../link/play.js';
import {
  BLOCKED,
  EMPTY,
  FIXED,
  GRAVITIES,
  type Board,
  type Cell,
  type Gravity,
  type Move,
} from '../model.js';
import { faceToChar } from './faces.js';
import { MAX_SIDE, boardRows, checkBoardShape, parseBoard } from './text.js';

/** A level of the link game: a board, the rule it is played under, and its clearing order if known. */
export interface Level {
  /** The board, at rest under `gravity`. */
  readonly board: Board;
  /** Gravity after each removal. */
  readonly gravity: Gravity;
  /** Whether paths may run in the one-cell ring around the board. */
  readonly ring: boolean;
  /**
   * The clearing order the generator built the board with, where known: solve, hint and rate
   * answer from it where the exact search would give up on big boards with gravity.
   */
  readonly order?: readonly Move[];
}

/** A level as JSON: the board as rows of text (the text format), the rule, the order if known. */
export interface LevelJson {
  readonly board: readonly string[];
  readonly gravity: Gravity;
  readonly ring: boolean;
  readonly order?: readonly MoveJson[];
}

/** A move as JSON: `[[r1, c1], [r2, c2]]`, 0-based, cells as they are when the move is played. */
export type MoveJson = readonly [readonly [number, number], readonly [number, number]];

/** The JSON collection file: `{ "game": "link", "levels": [{ "title", "level", "answer" }] }`. */
export interface CollectionJson {
  readonly game: 'link';
  readonly levels: readonly {
    readonly title?: string;
    readonly level: LevelJson;
    readonly answer?: readonly MoveJson[];
  }[];
}

/** The characters a row of a board may hold: faces, `.` empty, `#` blocked, `:` fixed. */
export const BOARD_ROW_PATTERN = '^[A-Za-z0-9!$%&*+\\-/<=>?@^_~\\u0100-\\u024F.#:]+$';
const ROW = new RegExp(BOARD_ROW_PATTERN, 'u');

function fail(path: string, reason: string, code = 'INVALID_LEVEL'): never {
  throw new InvalidInputError(reason, { path, code });
}

/** What a JSON value is, in words, for messages (never echoing more than a short quote). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the string ${quoteInput(value)}`;
  if (typeof value === 'object') return 'an object';
  return typeof value === 'number' ? `the number ${String(value)}` : `a ${typeof value}`;
}

function objectAt(json: unknown, path: string, what: string): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    fail(path, `${what} must be an object, got ${kindOf(json)}`);
  return json as Record<string, unknown>;
}

/** Refuses keys outside `known` (a typo would otherwise be ignored silently). */
function onlyKeys(obj: Record<string, unknown>, known: readonly string[], path: string): void {
  for (const key of Object.keys(obj))
    if (!known.includes(key))
      fail(`${path}.${key}`, `unknown key ${quoteInput(key)} (known: ${known.join(', ')})`);
}

function cellFromJson(json: unknown, path: string): Cell {
  if (!Array.isArray(json) || json.length !== 2)
    fail(path, `a cell must be [row, col], got ${kindOf(json)}`, 'INVALID_ANSWER');
  json.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= MAX_SIDE)
      fail(
        `${path}[${i}]`,
        `a ${i === 0 ? 'row' : 'column'} must be an integer in 0..${MAX_SIDE - 1}, got ${kindOf(v)}`,
        'INVALID_ANSWER',
      );
  });
  return [json[0] as number, json[1] as number];
}

/**
 * Reads an answer: a list of moves `[[r1, c1], [r2, c2]]` (0-based). Only the shape is checked here;
 * {@link replay} (or the descriptor's `verify`) checks the moves against a board.
 *
 * @throws InvalidInputError (code `INVALID_ANSWER`) with the JSON path of the first bad value.
 */
export function answerFromJson(json: unknown, path = '$'): Move[] {
  if (!Array.isArray(json))
    fail(path, `an answer must be a list of moves, got ${kindOf(json)}`, 'INVALID_ANSWER');
  return json.map((move: unknown, i): Move => {
    const at = `${path}[${i}]`;
    if (!Array.isArray(move) || move.length !== 2)
      fail(at, `a move must be [[r1, c1], [r2, c2]], got ${kindOf(move)}`, 'INVALID_ANSWER');
    return [cellFromJson(move[0], `${at}[0]`), cellFromJson(move[1], `${at}[1]`)];
  });
}

/** An answer as JSON (plain arrays). */
export function answerToJson(moves: readonly Move[]): MoveJson[] {
  return moves.map(([[r1, c1], [r2, c2]]) => [
    [r1, c1],
    [r2, c2],
  ]);
}

/** Reads board rows (the text format, one string a row) with the path of the bad row. */
function boardFromRows(json: unknown, path: string): Board {
  if (!Array.isArray(json) || json.length === 0)
    fail(path, `board must be a non-empty list of rows, got ${kindOf(json)}`);
  if (json.length > MAX_SIDE) fail(path, `board has ${json.length} rows; at most ${MAX_SIDE}`);
  json.forEach((row: unknown, i) => {
    if (typeof row !== 'string' || row.length === 0 || row.length > MAX_SIDE || !ROW.test(row))
      fail(
        `${path}[${i}]`,
        `a row must be 1..${MAX_SIDE} cells of faces, '.', '#' or ':', got ${kindOf(row)}`,
      );
  });
  try {
    return parseBoard((json as string[]).join('\n'));
  } catch (err) {
    if (!(err instanceof ParseError)) throw err;
    // Rows of unequal length (RAGGED_ROW) and faces in odd numbers (ODD_FACE) are what the rows'
    // own checks above leave to the parser: they keep their codes.
    return fail(`${path}[${err.line - 1}]`, `column ${err.column}: ${err.reason}`, err.code);
  }
}

/**
 * Reads a level: `{ "board": ["AB..", …], "gravity": "down", "ring": true, "order": [moves] }`
 * (`gravity` default `none`, `ring` default true, `order` optional). Beyond the shape, the rows must
 * be of equal length with every face an even number of times, the board at rest under its gravity,
 * and an order must clear it.
 *
 * @throws InvalidInputError with the JSON path (under `path`) of the first problem.
 */
export function levelFromJson(json: unknown, path = '$'): Level {
  const obj = objectAt(json, path, 'a level');
  onlyKeys(obj, ['board', 'gravity', 'ring', 'order'], path);
  const gravity = obj.gravity === undefined ? 'none' : obj.gravity;
  if (typeof gravity !== 'string' || !(GRAVITIES as readonly string[]).includes(gravity))
    fail(
      `${path}.gravity`,
      `gravity must be one of ${GRAVITIES.join(', ')}, got ${kindOf(gravity)}`,
    );
  const ring = obj.ring === undefined ? true : obj.ring;
  if (typeof ring !== 'boolean')
    fail(`${path}.ring`, `ring must be true or false, got ${kindOf(ring)}`);
  const board = boardFromRows(obj.board, `${path}.board`);
  const rule = { gravity: gravity as Gravity, ring };
  if (!isSettledBoard(board, rule.gravity))
    fail(
      `${path}.board`,
      `the board is not at rest under gravity '${rule.gravity}'`,
      'NOT_SETTLED',
    );
  if (obj.order === undefined) return { board, ...rule };
  const order = answerFromJson(obj.order, `${path}.order`);
  const check = replay(board, order, rule);
  if (!check.cleared)
    fail(
      `${path}.order`,
      `the order does not clear the board: ${check.error ?? 'tiles remain at the end'}`,
      'ORDER_DOES_NOT_CLEAR',
    );
  return { board, ...rule, order };
}

/** A level as JSON ({@link levelFromJson} reads it back). */
export function levelToJson(level: Level): LevelJson {
  return {
    board: boardRows(level.board),
    gravity: level.gravity,
    ring: level.ring,
    ...(level.order === undefined ? {} : { order: answerToJson(level.order) }),
  };
}

/**
 * Reads a Board object `{ rows, cols, cells }` (cells row-major: -2 fixed, -1 blocked, 0 empty, a
 * face ≥ 1), as every function of this package takes it.
 *
 * @throws InvalidInputError with the JSON path of the first problem.
 */
export function boardFromJson(json: unknown, path = '$'): Board {
  const obj = objectAt(json, path, 'a board');
  onlyKeys(obj, ['rows', 'cols', 'cells'], path);
  try {
    checkBoardShape(obj as unknown as Board);
  } catch (err) {
    if (!(err instanceof InvalidInputError)) throw err;
    fail(`${path}${(err.path ?? '$').slice(1)}`, err.reason, err.code);
  }
  const { rows, cols, cells } = obj as unknown as Board;
  return { rows, cols, cells: [...cells] };
}

/**
 * Reads a collection file: the JSON collection (`{ "game": "link", "levels": [...] }`), one level's
 * JSON, or a board in the text format (gravity `none`, with the ring). Chosen by content.
 *
 * @throws ParseError (line and column) for JSON or board text that cannot be read;
 *   InvalidInputError (JSON path) for JSON that is not a collection or a level.
 */
export function parseCollection(text: string, source?: string): NamedLevel<Level, Move[]>[] {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trimStart().startsWith('{')) {
    const board = parseBoard(body, source === undefined ? {} : { source });
    return [{ level: { board, gravity: 'none', ring: true } }];
  }
  const json = parseJson(body, source);
  const obj = objectAt(json, '$', 'a collection');
  return 'levels' in obj ? collectionFromJson(obj) : [{ level: levelFromJson(obj) }];
}

/**
 * Reads the JSON collection `{ "game": "link", "levels": [{ "title", "level", "answer" }] }`.
 *
 * @throws InvalidInputError with the JSON path (under `path`) of the first problem.
 */
export function collectionFromJson(json: unknown, path = '$'): NamedLevel<Level, Move[]>[] {
  const obj = objectAt(json, path, 'a collection');
  onlyKeys(obj, ['game', 'levels'], path);
  if (obj.game !== 'link') fail(`${path}.game`, `game must be "link", got ${kindOf(obj.game)}`);
  if (!Array.isArray(obj.levels))
    fail(`${path}.levels`, `levels must be a list, got ${kindOf(obj.levels)}`);
  return obj.levels.map((entry: unknown, i): NamedLevel<Level, Move[]> => {
    const at = `${path}.levels[${i}]`;
    const e = objectAt(entry, at, 'a collection entry');
    onlyKeys(e, ['title', 'level', 'answer'], at);
    if (e.title !== undefined && typeof e.title !== 'string')
      fail(`${at}.title`, `title must be a string, got ${kindOf(e.title)}`);
    const level = levelFromJson(e.level, `${at}.level`);
    return {
      level,
      ...(e.title === undefined ? {} : { title: e.title }),
      ...(e.answer === undefined ? {} : { answer: answerFromJson(e.answer, `${at}.answer`) }),
    };
  });
}

/** Writes levels as the JSON collection file ({@link parseCollection} reads it back). */
export function printCollection(levels: readonly NamedLevel<Level, readonly Move[]>[]): string {
  const json: CollectionJson = {
    game: 'link',
    levels: levels.map(({ level, title, answer }) => ({
      ...(title === undefined ? {} : { title }),
      level: levelToJson(level),
      ...(answer === undefined ? {} : { answer: answerToJson(answer) }),
    })),
  };
  return printJson(json as unknown as JsonValue);
}

/** One code of an engine grid's legend. */
export interface LegendEntry {
  /** The value in `grid`. */
  readonly code: number;
  /** `fixed`, `blocked`, `empty`, or `tile`. */
  readonly kind: 'fixed' | 'blocked' | 'empty' | 'tile';
  /** The character of the text format (`:`, `#`, `.`, a face letter). */
  readonly char: string;
  /** What the code means in play. */
  readonly meaning: string;
}

/**
 * The plain export an engine loads without this package (as an LDtk IntGrid layer): a grid of
 * cell codes, one array a row, and a legend of the codes, with the rule and the clearing order.
 */
export interface EngineGrid {
  readonly format: 'puzzlekit-link-grid';
  readonly version: 1;
  readonly rows: number;
  readonly cols: number;
  readonly gravity: Gravity;
  readonly ring: boolean;
  /** `grid[row][col]`: a code of the legend. */
  readonly grid: readonly (readonly number[])[];
  /** Every code the grid uses: the three floor codes, then one entry per face, ascending. */
  readonly legend: readonly LegendEntry[];
  /** The clearing order, where known (moves `[[r1, c1], [r2, c2]]`, in play order). */
  readonly order?: readonly MoveJson[];
}

const FLOOR_LEGEND: readonly LegendEntry[] = [
  {
    code: FIXED,
    kind: 'fixed',
    char: ':',
    meaning: 'no tile; paths cross it, and under gravity it holds tiles up (no tile falls into it)',
  },
  { code: BLOCKED, kind: 'blocked', char: '#', meaning: 'a wall: no tile, and no path crosses it' },
  { code: EMPTY, kind: 'empty', char: '.', meaning: 'no tile; paths cross it, tiles fall into it' },
];

/**
 * A level as a plain grid of cell codes plus a legend ({@link EngineGrid}), for a game engine that
 * loads JSON through a schema (`schema/engine-grid.schema.json`) or its own types.
 */
export function toEngineGrid(level: Level): EngineGrid {
  const { board } = level;
  const grid: number[][] = [];
  const faces = new Set<number>();
  for (let r = 0; r < board.rows; r++) {
    const row = board.cells.slice(r * board.cols, (r + 1) * board.cols);
    for (const v of row) if (v > 0) faces.add(v);
    grid.push(row);
  }
  const legend: LegendEntry[] = [...FLOOR_LEGEND];
  for (const f of [...faces].sort((a, b) => a - b))
    legend.push({
      code: f,
      kind: 'tile',
      char: faceToChar(f),
      meaning: `a tile of face ${f}: two tiles of one face are removed together when a path of at most two turns joins them`,
    });
  return {
    format: 'puzzlekit-link-grid',
    version: 1,
    rows: board.rows,
    cols: board.cols,
    gravity: level.gravity,
    ring: level.ring,
    grid,
    legend,
    ...(level.order === undefined ? {} : { order: answerToJson(level.order) }),
  };
}
