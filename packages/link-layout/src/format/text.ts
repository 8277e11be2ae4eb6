import { InvalidInputError, ParseError, quoteInput, stripBom } from '@puzzlekit/errors';
import { BLOCKED, EMPTY, FIXED, type Board, type Mask } from '../model.js';
import { charToFace, faceToChar } from './faces.js';

/** The largest number of rows and of columns a board or mask may have. */
export const MAX_SIDE = 1000;

/** Options of {@link parseBoard} and {@link parseMask}. */
export interface ParseOptions {
  /** File name shown in error messages (default `input`). */
  readonly source?: string;
  /** Accept faces with an odd count (a board that can never be cleared); default false. */
  readonly allowOdd?: boolean;
}

/**
 * Splits text into lines, dropping blank lines at both ends and a leading byte-order mark; keeps the
 * 1-based line number of each. Stops at the first line past the size limit ({@link MAX_SIDE} rows
 * of at most {@link MAX_SIDE} characters), before reading the rest, so a huge input costs no more
 * than the limit.
 *
 * @throws ParseError at the first line or column past the limit.
 */
function contentLines(
  input: string,
  what: string,
  source: string | undefined,
): { line: number; text: string }[] {
  const text = stripBom(input);
  const out: { line: number; text: string }[] = [];
  let firstContent = -1;
  let lastContent = -1;
  let at = 0;
  for (let line = 1; at <= text.length; line++) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const len = end - at - (end > at && text.charCodeAt(end - 1) === 13 ? 1 : 0);
    if (len > MAX_SIDE) {
      throw new ParseError(
        `line is longer than ${MAX_SIDE} characters, the widest ${what} allowed`,
        { line, column: MAX_SIDE + 1, source, code: 'TOO_LARGE' },
      );
    }
    const row = text.slice(at, at + len);
    const blank = row.trim() === '';
    if (!blank) {
      if (firstContent < 0) firstContent = out.length;
      lastContent = out.length;
    }
    if (firstContent >= 0) {
      if (!blank && out.length - firstContent >= MAX_SIDE) {
        throw new ParseError(`the ${what} has more than ${MAX_SIDE} rows, the limit`, {
          line,
          column: 1,
          source,
          code: 'TOO_LARGE',
        });
      }
      // Blank lines are kept only while the board may continue; trailing ones are cut below.
      if (out.length - firstContent <= MAX_SIDE) out.push({ line, text: row });
    }
    at = end + 1;
  }
  return firstContent < 0 ? [] : out.slice(firstContent, lastContent + 1);
}

/**
 * Parses the board text format: one row per line, one character per cell — a face (`A–Z`, `a–z`,
 * `0–9`, then `!$%&*+-/<=>?@^_~`, then U+0100…), `.` for an empty cell, `#` for a blocked cell,
 * `:` for a fixed cell (empty for paths; tiles never fall into it). At most {@link MAX_SIDE} rows
 * and columns; a leading byte-order mark and CRLF line ends are accepted.
 * Blank lines before and after the board are ignored. Every row must have the same length and every
 * face must appear an even number of times.
 *
 * @throws ParseError with line and column on an unknown character, a ragged row, a blank line inside
 *   the board, an empty input, a face with an odd count or a board past the size limit.
 */
export function parseBoard(text: string, options: ParseOptions = {}): Board {
  const source = options.source;
  const lines = contentLines(text, 'board', source);
  if (lines.length === 0) throw new ParseError('empty board', { line: 1, column: 1, source });
  const cols = lines[0]!.text.length;
  const cells: number[] = [];
  const first = new Map<number, { line: number; column: number; count: number }>();
  for (const { line, text: row } of lines) {
    if (row.length === 0) {
      throw new ParseError('blank line inside the board', { line, column: 1, source });
    }
    if (row.length !== cols) {
      throw new ParseError(
        `row has ${row.length} cells but the first row has ${cols}; every row must be as long`,
        { line, column: Math.min(row.length, cols) + 1, source, code: 'RAGGED_ROW' },
      );
    }
    for (let c = 0; c < row.length; c++) {
      const ch = row[c]!;
      if (ch === '.') cells.push(EMPTY);
      else if (ch === '#') cells.push(BLOCKED);
      else if (ch === ':') cells.push(FIXED);
      else {
        const face = charToFace(ch);
        if (face === 0) {
          throw new ParseError(
            `unknown character ${quoteInput(ch)} (faces are A–Z, a–z, 0–9…, '.' is empty, '#' is blocked, ':' is fixed)`,
            { line, column: c + 1, source },
          );
        }
        cells.push(face);
        const seen = first.get(face);
        if (seen) seen.count++;
        else first.set(face, { line, column: c + 1, count: 1 });
      }
    }
  }
  for (const [face, at] of [...first.entries()].sort((a, b) => a[0] - b[0])) {
    if (!options.allowOdd && at.count % 2 !== 0) {
      throw new ParseError(
        `face '${faceToChar(face)}' appears ${at.count} time${at.count === 1 ? '' : 's'}; every face needs an even count`,
        { line: at.line, column: at.column, source, code: 'ODD_FACE' },
      );
    }
  }
  return { rows: lines.length, cols, cells };
}

/** Writes a board in the text format (rows joined by `\n`, no trailing newline). */
export function printBoard(board: Board): string {
  checkBoardShape(board, false);
  const out: string[] = [];
  for (let r = 0; r < board.rows; r++) {
    let s = '';
    for (let c = 0; c < board.cols; c++) {
      const v = board.cells[r * board.cols + c]!;
      s += v === EMPTY ? '.' : v === BLOCKED ? '#' : v === FIXED ? ':' : faceToChar(v);
    }
    out.push(s);
  }
  return out.join('\n');
}

/** The board as an array of row strings (the JSON form the CLI prints). */
export function boardRows(board: Board): string[] {
  return printBoard(board).split('\n');
}

/**
 * A value from untrusted input in a message: numbers as they are, strings quoted and cut, anything
 * else by its type (an object's own `toString` is never called: it may be missing or hostile).
 */
function shown(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return quoteInput(value);
  return value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value;
}

/**
 * Checks that a board object is well-formed: positive integer sizes, `rows × cols` integer cells,
 * each -2, -1, 0 or a face ≥ 1, and (unless `requireEven` is false) every face an even number of times.
 *
 * @throws InvalidInputError with a JSON path naming the offending value.
 */
export function checkBoardShape(board: Board, requireEven = true): void {
  const { rows, cols, cells } = board;
  if (!Number.isInteger(rows) || rows < 1 || rows > MAX_SIDE)
    throw new InvalidInputError(`rows must be an integer in 1..${MAX_SIDE}, got ${shown(rows)}`, {
      path: '$.rows',
    });
  if (!Number.isInteger(cols) || cols < 1 || cols > MAX_SIDE)
    throw new InvalidInputError(`cols must be an integer in 1..${MAX_SIDE}, got ${shown(cols)}`, {
      path: '$.cols',
    });
  if (!Array.isArray(cells))
    throw new InvalidInputError('cells must be a list of cell values', { path: '$.cells' });
  if (cells.length !== rows * cols)
    throw new InvalidInputError(`cells must hold rows × cols = ${rows * cols} values`, {
      path: '$.cells',
      code: 'CELL_COUNT',
    });
  const counts = new Map<number, number>();
  const values = cells as readonly unknown[];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < FIXED)
      throw new InvalidInputError(`cell value must be -2, -1, 0 or a face ≥ 1, got ${shown(v)}`, {
        path: `$.cells[${i}]`,
      });
    if (v > 0) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  for (const [face, n] of counts) {
    if (requireEven && n % 2 !== 0)
      throw new InvalidInputError(
        `face ${face} appears ${n} times; every face needs an even count`,
        {
          path: '$.cells',
          code: 'ODD_FACE',
        },
      );
  }
}

const MASK_TILE = new Set(['X', 'x', 'O', 'o', '1', '*', '@']);
const MASK_EMPTY = new Set(['.', '0', '-', ' ', '_']);

/**
 * Parses an ASCII mask: `X`, `x`, `O`, `o`, `1`, `*` or `@` marks a cell that takes a tile; `.`,
 * `0`, `-`, `_` or a space an empty cell; `#` a blocked cell; `:` a fixed cell (empty for paths,
 * but tiles never fall into it, so a shaped mask keeps its shape under gravity). At most
 * {@link MAX_SIDE} rows and columns. Short rows are padded with empty cells
 * (editors strip trailing spaces). The number of tile cells must be even.
 *
 * @throws ParseError with line and column on an unknown character or an empty mask; an odd tile count
 *   is reported at the last tile cell.
 */
export function parseMask(text: string, options: ParseOptions = {}): Mask {
  const source = options.source;
  const lines = contentLines(text, 'mask', source);
  if (lines.length === 0) throw new ParseError('empty mask', { line: 1, column: 1, source });
  let cols = 0;
  for (const l of lines) cols = Math.max(cols, l.text.length);
  const cells: (-2 | -1 | 0 | 1)[] = [];
  let tiles = 0;
  let last = { line: 1, column: 1 };
  for (const { line, text: row } of lines) {
    for (let c = 0; c < cols; c++) {
      const ch = row[c] ?? '.';
      if (MASK_TILE.has(ch)) {
        cells.push(1);
        tiles++;
        last = { line, column: c + 1 };
      } else if (MASK_EMPTY.has(ch)) cells.push(0);
      else if (ch === '#') cells.push(-1);
      else if (ch === ':') cells.push(-2);
      else {
        throw new ParseError(
          `unknown mask character ${quoteInput(ch)} (X marks a tile, '.' empty, '#' blocked, ':' fixed)`,
          { line, column: c + 1, source },
        );
      }
    }
  }
  if (tiles === 0)
    throw new ParseError('the mask has no tile cells', { line: 1, column: 1, source });
  if (tiles % 2 !== 0) {
    throw new ParseError(
      `the mask has ${tiles} tile cells; tiles come in pairs, so it must be even`,
      {
        ...last,
        source,
        code: 'ODD_MASK',
      },
    );
  }
  return { rows: lines.length, cols, cells };
}

/** Writes a mask as ASCII: `X` tile, `.` empty, `#` blocked, `:` fixed. */
export function printMask(mask: Mask): string {
  const out: string[] = [];
  for (let r = 0; r < mask.rows; r++) {
    let s = '';
    for (let c = 0; c < mask.cols; c++) {
      const v = mask.cells[r * mask.cols + c];
      s += v === 1 ? 'X' : v === -1 ? '#' : v === -2 ? ':' : '.';
    }
    out.push(s);
  }
  return out.join('\n');
}
