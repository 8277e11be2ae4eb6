import { InvalidInputError, ParseError } from '@puzzlekit/errors';
import type { Grid, GridCells } from './grid.js';

/** Character → cell value table for {@link parseGrid}: a record or a map; keys are single characters. */
export type Legend = Readonly<Record<string, number>> | ReadonlyMap<string, number>;

/** Cell value → character table for {@link printGrid}: a string indexed by value, a record or a map. */
export type PrintLegend = string | Readonly<Record<number, string>> | ReadonlyMap<number, string>;

/** Options of {@link parseGrid}. */
export interface ParseGridOptions {
  /** Which character stands for which cell value. Every character of the text must be listed. */
  readonly legend: Legend;
  /**
   * What to do with rows of different lengths: `'reject'` (default) throws a {@link ParseError} at the
   * first row whose length differs from the first row's; `'pad'` makes the grid as wide as the longest
   * row and fills the missing cells with `padChar`'s value.
   */
  readonly ragged?: 'reject' | 'pad';
  /** Character whose legend value fills short rows under `ragged: 'pad'` (default a space). */
  readonly padChar?: string;
  /** Cell array type: `'uint8'` (default, values 0..255) or `'int32'`. */
  readonly cellType?: 'uint8' | 'int32';
  /** File or input name used in error messages. */
  readonly source?: string;
}

function describeChar(ch: string): string {
  const code = ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  return `${JSON.stringify(ch)} (U+${code})`;
}

function legendEntries(legend: Legend): [string, number][] {
  return legend instanceof Map
    ? [...(legend as ReadonlyMap<string, number>).entries()]
    : Object.entries(legend as Readonly<Record<string, number>>);
}

/**
 * Reads a grid drawn in text, one row per line. Lines end with `\n` or `\r\n`; one final line break
 * is ignored. Columns count UTF-16 code units, as {@link ParseError} positions do.
 *
 * @throws ParseError (with 1-based `line` and `column`) for an unknown character (code
 *   `UNKNOWN_CHARACTER`), a ragged row under `ragged: 'reject'` (code `RAGGED_ROW`) or empty input
 *   (code `EMPTY_GRID`).
 * @throws InvalidInputError for a bad legend (a key that is not one character, a value that does not fit
 *   the cell type) or a `padChar` missing from the legend.
 */
export function parseGrid(text: string, options: ParseGridOptions): Grid {
  const { legend, ragged = 'reject', padChar = ' ', cellType = 'uint8', source } = options;
  const max = cellType === 'int32' ? 0x7fffffff : 255;
  const min = cellType === 'int32' ? -0x80000000 : 0;
  const ascii = new Int32Array(128);
  const other = new Map<string, number>();
  for (const [ch, value] of legendEntries(legend)) {
    if (ch.length !== 1) {
      throw new InvalidInputError('legend keys must be single characters', {
        path: `$.legend[${JSON.stringify(ch)}]`,
        code: 'INVALID_LEGEND',
      });
    }
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new InvalidInputError(`value ${value} does not fit a ${cellType} cell`, {
        path: `$.legend[${JSON.stringify(ch)}]`,
        code: 'INVALID_LEGEND',
      });
    }
    const code = ch.charCodeAt(0);
    if (code < 128) ascii[code] = value;
    else other.set(ch, value);
  }
  // Values may be negative for int32, so "absent" is tracked separately from -1 in the ASCII table.
  const known = new Uint8Array(128);
  for (const [ch] of legendEntries(legend)) {
    const code = ch.charCodeAt(0);
    if (code < 128) known[code] = 1;
  }
  const valueOf = (ch: string): number | undefined => {
    const code = ch.charCodeAt(0);
    if (code < 128) return known[code] === 1 ? ascii[code] : undefined;
    return other.get(ch);
  };

  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.endsWith('\r')) lines[i] = l.slice(0, -1);
  }
  const height = lines.length;
  let width = 0;
  for (const l of lines) width = Math.max(width, l.length);
  if (width === 0) {
    throw new ParseError('empty grid: no cells', {
      line: 1,
      column: 1,
      source,
      code: 'EMPTY_GRID',
    });
  }
  let padValue = 0;
  if (ragged === 'pad') {
    const v = valueOf(padChar);
    if (padChar.length !== 1 || v === undefined) {
      throw new InvalidInputError(`pad character ${JSON.stringify(padChar)} is not in the legend`, {
        path: '$.padChar',
        code: 'INVALID_LEGEND',
      });
    }
    padValue = v;
  } else {
    width = lines[0]!.length;
  }
  const cells: GridCells =
    cellType === 'int32' ? new Int32Array(width * height) : new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = lines[y]!;
    if (ragged === 'reject' && row.length !== width) {
      const column = Math.min(row.length, width) + 1;
      const what =
        row.length < width
          ? `row ends after ${row.length} characters, expected ${width} like the first row`
          : `row has ${row.length} characters, expected ${width} like the first row`;
      throw new ParseError(what, { line: y + 1, column, source, code: 'RAGGED_ROW' });
    }
    const base = y * width;
    for (let x = 0; x < row.length; x++) {
      const ch = row[x]!;
      const v = valueOf(ch);
      if (v === undefined) {
        throw new ParseError(`unknown character ${describeChar(ch)}`, {
          line: y + 1,
          column: x + 1,
          source,
          code: 'UNKNOWN_CHARACTER',
        });
      }
      cells[base + x] = v;
    }
    for (let x = row.length; x < width; x++) cells[base + x] = padValue;
  }
  return { width, height, cells };
}

/** Options of {@link printGrid}. */
export interface PrintGridOptions {
  /** Drop trailing spaces of every row (default false). */
  readonly trimEnd?: boolean;
}

/**
 * Draws a grid as text, one row per line joined by `\n` (no final line break), using `legend` to
 * map each value to its character. `printGrid(parseGrid(t, {legend}), invertLegend(legend))`
 * gives back `t` for any rectangular `t` drawn with one character per value.
 *
 * @throws InvalidInputError (code `UNPRINTABLE_VALUE`, path `$.cells[i]`) for a value the legend lacks.
 */
export function printGrid(grid: Grid, legend: PrintLegend, options: PrintGridOptions = {}): string {
  const { width, height, cells } = grid;
  const lookup: (v: number) => string | undefined =
    typeof legend === 'string'
      ? (v) => (v >= 0 && v < legend.length ? legend[v] : undefined)
      : legend instanceof Map
        ? (v) => (legend as ReadonlyMap<number, string>).get(v)
        : (v) => (legend as Readonly<Record<number, string>>)[v];
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const v = cells[i]!;
      const ch = lookup(v);
      if (ch === undefined) {
        throw new InvalidInputError(`no character for value ${v} at (${x}, ${y})`, {
          path: `$.cells[${i}]`,
          code: 'UNPRINTABLE_VALUE',
        });
      }
      row += ch;
    }
    rows.push(options.trimEnd === true ? row.trimEnd() : row);
  }
  return rows.join('\n');
}

/**
 * Turns a parse legend (character → value) into a print legend (value → character). When several
 * characters share a value, the first one listed wins.
 */
export function invertLegend(legend: Legend): Map<number, string> {
  const out = new Map<number, string>();
  for (const [ch, v] of legendEntries(legend)) if (!out.has(v)) out.set(v, ch);
  return out;
}
