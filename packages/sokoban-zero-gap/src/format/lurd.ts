import { ParseError, stripBom } from '@puzzlekit/errors';
import { DIRECTION_LETTERS, type Direction, type Push } from '../model.js';
import { encodeRuns, expandRle } from './rle.js';

const isLurd = (ch: string): boolean => 'lurdLURD'.includes(ch);
const isSpace = (ch: string): boolean => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';

/** A run-length answer may always expand to this many moves… */
export const MIN_LURD_LIMIT = 1_000_000;
/** …and beyond that to this many moves per character of its text (real encodings stay far below). */
export const LURD_MOVES_PER_CHAR = 64;
/** Longest answer read at all (a JavaScript string cannot be much longer). */
export const MAX_LURD_MOVES = 500_000_000;

/** Options of {@link parseLurd}. */
export interface ParseLurdOptions {
  /** File name shown in error messages. */
  readonly source?: string;
  /**
   * Most moves the answer may expand to. Default: the larger of {@link MIN_LURD_LIMIT} and
   * {@link LURD_MOVES_PER_CHAR} per character of the text, at most {@link MAX_LURD_MOVES}.
   */
  readonly maxMoves?: number;
}

/** The default expansion limit of {@link parseLurd} for a text of `length` characters. */
export function lurdLimit(length: number): number {
  return Math.min(MAX_LURD_MOVES, Math.max(MIN_LURD_LIMIT, LURD_MOVES_PER_CHAR * length));
}

/**
 * Parses a LURD answer (`l u r d` walk, `L U R D` push), run-length encoded or not (`3l`, `2(uR)`).
 * Whitespace and line breaks are ignored. Returns the expanded moves as one string of `lurdLURD`.
 * Throws {@link ParseError} with line and column at the first character that is not part of LURD,
 * and before allocating anything when the encoding would expand past `maxMoves`.
 */
export function parseLurd(input: string, options: ParseLurdOptions = {}): string {
  const text = stripBom(input);
  const maxMoves = options.maxMoves ?? lurdLimit(text.length);
  // Plain answers (the usual form of huge ones) need no expansion: check them in one pass.
  if (/^[lurdLURD\s]*$/.test(text)) {
    const moves = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
    if (moves.length > maxMoves) {
      throw new ParseError(
        `the answer has ${moves.length.toLocaleString('en-US')} moves, more than the limit of ${maxMoves.toLocaleString('en-US')}`,
        { line: 1, column: 1, source: options.source },
      );
    }
    return moves;
  }
  return expandRle(text, 1, isLurd, options.source, isSpace, {
    maxLength: maxMoves,
    unit: 'moves',
    rowBreaks: false,
    columns: false,
  }).text;
}

/** Options of {@link printLurd}. */
export interface PrintLurdOptions {
  /** Run-length encode runs of 3 or more equal moves. Default false. */
  readonly rle?: boolean;
  /** Break the text into lines of at most this many characters (0 = one line, the default). */
  readonly lineWidth?: number;
}

/**
 * Prints moves (a string of `lurdLURD`) as LURD text, optionally run-length encoded and wrapped.
 * Wrapping never separates a run count from its move: a run (`100l`) is one unit, and a unit wider
 * than `lineWidth` gets a line of its own.
 */
export function printLurd(moves: string, options: PrintLurdOptions = {}): string {
  const t = options.rle ? encodeRuns(moves) : moves;
  const w = options.lineWidth ?? 0;
  if (w <= 0 || t.length <= w) return t;
  const out: string[] = [];
  let lineStart = 0;
  let i = 0;
  while (i < t.length) {
    let unitEnd = i;
    while (unitEnd < t.length && t.charCodeAt(unitEnd) >= 48 && t.charCodeAt(unitEnd) <= 57) {
      unitEnd++;
    }
    unitEnd++; // the move itself
    if (unitEnd - lineStart > w && i > lineStart) {
      out.push(t.slice(lineStart, i));
      lineStart = i;
    }
    i = unitEnd;
  }
  out.push(t.slice(lineStart));
  return out.join('\n');
}

/**
 * Prints a push list, one push a line: `x y D` with 0-based column `x`, row `y` of the box before the
 * push and `D` one of `L U R D`.
 */
export function printPushList(pushes: readonly Push[] | Int32Array, width: number): string {
  const out: string[] = [];
  const n = pushes.length;
  for (let i = 0; i < n; i++) {
    let box: number;
    let dir: number;
    if (pushes instanceof Int32Array) {
      const v = pushes[i]!;
      box = v >> 2;
      dir = v & 3;
    } else {
      box = pushes[i]!.box;
      dir = pushes[i]!.direction;
    }
    out.push(`${box % width} ${Math.floor(box / width)} ${DIRECTION_LETTERS[dir]!.toUpperCase()}`);
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

/** Parses a push list printed by {@link printPushList}; errors carry line and column. */
export function parsePushList(
  text: string,
  width: number,
  height: number,
  options: { source?: string } = {},
): Push[] {
  const out: Push[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trimStart().startsWith(';')) continue;
    const m = /^\s*(\d+)\s+(\d+)\s+([LURDlurd])\s*$/.exec(line);
    if (!m) {
      throw new ParseError(`expected 'x y D' (D one of L U R D)`, {
        line: i + 1,
        column: line.length - line.trimStart().length + 1,
        source: options.source,
      });
    }
    const x = Number(m[1]);
    const y = Number(m[2]);
    if (x >= width || y >= height) {
      throw new ParseError(`cell ${x} ${y} is outside the ${width}×${height} board`, {
        line: i + 1,
        column: line.indexOf(m[1]!) + 1,
        source: options.source,
      });
    }
    out.push({
      box: y * width + x,
      direction: DIRECTION_LETTERS.indexOf(m[3]!.toLowerCase()) as Direction,
    });
  }
  return out;
}
