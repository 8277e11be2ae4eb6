import { ParseError, positionAt } from '@puzzlekit/errors';
import { DIRECTION_LETTERS, type Direction, type Push } from '../model.js';
import { encodeRuns, expandRle } from './rle.js';

const isLurd = (ch: string): boolean => 'lurdLURD'.includes(ch);

/**
 * Parses a LURD answer (`l u r d` walk, `L U R D` push), run-length encoded or not (`3l`, `2(uR)`).
 * Whitespace and line breaks are ignored. Returns the expanded moves as one string of `lurdLURD`.
 * Throws {@link ParseError} with line and column at the first character that is not part of LURD.
 */
export function parseLurd(text: string, options: { source?: string } = {}): string {
  const ex = expandRle(
    text,
    1,
    isLurd,
    options.source,
    (ch) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r',
  );
  const bar = ex.text.indexOf('|');
  if (bar >= 0) {
    throw new ParseError(`unexpected character '|' in a LURD answer`, {
      ...positionAt(text, ex.columns[bar]!),
      source: options.source,
    });
  }
  return ex.text;
}

/** Options of {@link printLurd}. */
export interface PrintLurdOptions {
  /** Run-length encode runs of 3 or more equal moves. Default false. */
  readonly rle?: boolean;
  /** Break the text into lines of at most this many characters (0 = one line, the default). */
  readonly lineWidth?: number;
}

/** Prints moves (a string of `lurdLURD`) as LURD text, optionally run-length encoded and wrapped. */
export function printLurd(moves: string, options: PrintLurdOptions = {}): string {
  const t = options.rle ? encodeRuns(moves) : moves;
  const w = options.lineWidth ?? 0;
  if (w <= 0 || t.length <= w) return t;
  const out: string[] = [];
  let i = 0;
  while (i < t.length) {
    let j = Math.min(i + w, t.length);
    // never split a run count from its letter
    while (j < t.length && j > i + 1 && /[0-9]/.test(t[j - 1]!)) j--;
    out.push(t.slice(i, j));
    i = j;
  }
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
