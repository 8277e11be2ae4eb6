import { floodFill } from '@puzzlekit/grid';
import { ParseError, stripBom } from '@puzzlekit/errors';
import { BOX, GOAL, MAX_BOARD_SIDE, WALL, type Collection, type Level } from '../model.js';
import { encodeRuns, expandRle } from './rle.js';

/** Options of {@link parseXsb} and {@link parseLevel}. */
export interface ParseXsbOptions {
  /** File name shown in error messages. */
  readonly source?: string;
}

const BOARD_CHARS = new Set(['#', '@', '+', '$', '*', '.', ' ', '-', '_', 'p', 'P', 'b', 'B']);
const isBoardItem = (ch: string): boolean => BOARD_CHARS.has(ch);
/** A SOK solution section's heading: `Solution`, `Solution (moves)`, `Solution 2:`… */
const SOLUTION_HEADING = /^solution\b[^:]*:?$/i;
/** A line of a solution section: LURD moves with run lengths. */
const LURD_LINE = /^\s*[lurdLURD0-9()]+\s*$/;
const KEY_VALUE = /^([A-Za-z][A-Za-z0-9_-]*(?: [A-Za-z0-9_-]+)?)\s*:(.*)$/;

/** One text line may hold a whole board in run-length form: its rows and the `|` between them. */
const LINE_LIMIT = {
  maxLength: MAX_BOARD_SIDE * (MAX_BOARD_SIDE + 1),
  unit: `board characters (a board is at most ${MAX_BOARD_SIDE}×${MAX_BOARD_SIDE} cells)`,
};

/** Refuses a row wider, or a board taller, than {@link MAX_BOARD_SIDE}. */
function checkRowSize(
  width: number,
  rowCount: number,
  at: { line: number; column: number; source: string | undefined },
): void {
  if (width > MAX_BOARD_SIDE) {
    throw new ParseError(
      `a board row of ${width.toLocaleString('en-US')} cells; the limit is ${MAX_BOARD_SIDE}`,
      at,
    );
  }
  if (rowCount > MAX_BOARD_SIDE) {
    throw new ParseError(
      `a board of more than ${MAX_BOARD_SIDE} rows; the limit is ${MAX_BOARD_SIDE}`,
      at,
    );
  }
}

function isBoardLine(line: string): boolean {
  const t = line.trimEnd();
  if (t.length === 0 || !t.includes('#')) return false;
  const first = t.trimStart()[0]!;
  if (!/[#@+$*.\-_0-9(pPbB]/.test(first)) return false;
  if (KEY_VALUE.test(t.trimStart()) && !/^[#@+$*.\-_ 0-9()|pPbB]*$/.test(t)) return false;
  return true;
}

interface RawRow {
  readonly text: string;
  readonly columns: Int32Array;
  readonly line: number;
}

function buildLevel(rows: RawRow[], source: string | undefined): Level {
  // Trailing floor is padding: drop it so the width is that of the real board.
  const padded = rows.map((r) => {
    let end = r.text.length;
    while (end > 0 && ' -_'.includes(r.text[end - 1]!)) end--;
    return { ...r, text: r.text.slice(0, end) };
  });
  // Empty rows above and below the board are padding too (inside the board they are kept).
  let first = 0;
  let last = padded.length;
  while (first < last && padded[first]!.text === '') first++;
  while (last > first && padded[last - 1]!.text === '') last--;
  const trimmed = padded.slice(first, last);
  if (trimmed.length === 0) {
    throw new ParseError('the board is empty', { line: rows[0]!.line, column: 1, source });
  }
  const height = trimmed.length;
  const width = Math.max(1, ...trimmed.map((r) => r.text.length));
  const cells = new Uint8Array(width * height);
  let player = -1;
  let boxes = 0;
  let goals = 0;
  const at = (y: number, x: number): { line: number; column: number; source?: string } => {
    const r = trimmed[y]!;
    const col =
      x < r.columns.length
        ? r.columns[x]! + 1
        : (r.columns[r.columns.length - 1] ?? -1) + 2 + (x - r.columns.length);
    return { line: r.line, column: col, source };
  };
  for (let y = 0; y < height; y++) {
    const t = trimmed[y]!.text;
    for (let x = 0; x < t.length; x++) {
      const ch = t[x]!;
      const i = y * width + x;
      let v: number;
      switch (ch) {
        case '#':
          v = WALL;
          break;
        case '@':
        case 'p':
          v = 0;
          break;
        case '+':
        case 'P':
          v = GOAL;
          break;
        case '$':
        case 'b':
          v = BOX;
          break;
        case '*':
        case 'B':
          v = BOX | GOAL;
          break;
        case '.':
          v = GOAL;
          break;
        default:
          v = 0;
      }
      if (ch === '@' || ch === '+' || ch === 'p' || ch === 'P') {
        if (player >= 0) throw new ParseError('a second player', at(y, x));
        player = i;
      }
      if (v & BOX) boxes++;
      if (v & GOAL) goals++;
      cells[i] = v;
    }
  }
  if (player < 0) throw new ParseError('the board has no player (@ or +)', at(0, 0));
  if (boxes !== goals) {
    throw new ParseError(`the board has ${boxes} boxes but ${goals} goals`, at(0, 0));
  }
  // The player's region must be closed by walls: the flood (breadth-first, so the nearest way out
  // is the one reported) may not reach the board's edge.
  const region = floodFill({ width, height, cells }, player, (v) => (v & WALL) === 0);
  for (const c of region) {
    const x = c % width;
    const y = (c - x) / width;
    if (x === 0 || y === 0 || x === width - 1 || y === height - 1) {
      throw new ParseError(
        'the board is not closed by walls: the player can walk off it here',
        at(y, x),
      );
    }
  }
  return { width, height, cells, player };
}

/**
 * Parses an XSB/SOK text with any number of levels: boards in the standard characters (`#@+$*.` and
 * floor as space, `-` or `_`), run-length encoded or not, with `Title:`/`Author:`/other `Key: value`
 * lines after each board, `;` comment lines before it and `Comment:` … `Comment-End:` blocks.
 * Lines before the first board that are separated from it by a blank line form the collection header.
 * Throws {@link ParseError} (line and column) on an unknown board character, a missing or second
 * player, box and goal counts that differ, or a board not closed by walls.
 */
export function parseXsb(text: string, options: ParseXsbOptions = {}): Collection {
  const { source } = options;
  const lines = stripBom(text).split(/\r?\n/);
  const levels: Level[] = [];
  const header = { comments: [] as string[], properties: [] as [string, string][] };
  let title: string | undefined;
  let author: string | undefined;
  let pending: string[] = []; // comments waiting for the next board
  let pendingSawBlank = false;
  let current: {
    level: Level;
    title?: string;
    author?: string;
    comments: string[];
    properties: [string, string][];
  } | null = null;
  let afterBoard = false; // key-value lines directly after a board belong to it
  const flush = (): void => {
    if (!current) return;
    const l: Level = {
      ...current.level,
      ...(current.title !== undefined ? { title: current.title } : {}),
      ...(current.author !== undefined ? { author: current.author } : {}),
      ...(current.comments.length > 0 ? { comments: current.comments } : {}),
      ...(current.properties.length > 0 ? { properties: current.properties } : {}),
    };
    levels.push(l);
    current = null;
  };
  let i = 0;
  while (i < lines.length) {
    const raw = lines[i]!;
    const trimmed = raw.trim();
    if (isBoardLine(raw)) {
      flush();
      const rows: RawRow[] = [];
      while (i < lines.length && isBoardLine(lines[i]!)) {
        const line = lines[i]!.replace(/\s+$/, '');
        const ex = expandRle(line, i + 1, isBoardItem, source, undefined, LINE_LIMIT);
        // `|` splits one text line into several rows.
        let start = 0;
        for (let k = 0; k <= ex.text.length; k++) {
          if (k === ex.text.length || ex.text[k] === '|') {
            checkRowSize(k - start, rows.length + 1, {
              line: i + 1,
              column: (ex.columns[start] ?? line.length) + 1,
              source,
            });
            rows.push({
              text: ex.text.slice(start, k),
              columns: ex.columns.slice(start, k),
              line: i + 1,
            });
            start = k + 1;
          }
        }
        i++;
      }
      const level = buildLevel(rows, source);
      if (
        levels.length === 0 &&
        pendingSawBlank === false &&
        pending.length > 0 &&
        header.comments.length === 0
      ) {
        // comments directly above the first board belong to it
      }
      current = { level, comments: pending, properties: [] };
      pending = [];
      pendingSawBlank = false;
      afterBoard = true;
      continue;
    }
    i++;
    if (trimmed === '') {
      afterBoard = false;
      if (levels.length === 0 && !current && pending.length > 0) pendingSawBlank = true;
      continue;
    }
    // A SOK solution section (YASC, JSoko): a `Solution` heading line (`Solution`, `Solution
    // (moves)`, `Solution 2`, `Solution:` with nothing after it) and the LURD lines under it.
    if (current && SOLUTION_HEADING.test(trimmed)) {
      const moves: string[] = [];
      while (i < lines.length && LURD_LINE.test(lines[i]!)) moves.push(lines[i++]!.trim());
      if (moves.length > 0) {
        current.properties.push(['Solution', moves.join('')]);
        continue;
      }
    }
    const kv = trimmed.startsWith(';') ? null : KEY_VALUE.exec(trimmed);
    if (kv) {
      const key = kv[1]!;
      const value = kv[2]!.trim();
      if (/^comment$/i.test(key)) {
        const block: string[] = value === '' ? [] : [value];
        if (value === '') {
          while (i < lines.length && !/^comment[-_ ]?end\s*:?/i.test(lines[i]!.trim())) {
            block.push(lines[i]!.trimEnd());
            i++;
          }
          if (i < lines.length) i++;
        }
        const target =
          current && afterBoard
            ? current.comments
            : current || levels.length > 0
              ? pending
              : header.comments;
        if (!current && levels.length === 0) header.comments.push(...pending.splice(0), ...block);
        else target.push(...block);
        continue;
      }
      if (current && afterBoard) {
        if (/^title$/i.test(key)) current.title = value;
        else if (/^author$/i.test(key)) current.author = value;
        else current.properties.push([key, value]);
        continue;
      }
      if (!current && levels.length === 0) {
        if (/^title$/i.test(key)) title = value;
        else if (/^author$/i.test(key)) author = value;
        else header.properties.push([key, value]);
        continue;
      }
      pending.push(trimmed);
      continue;
    }
    afterBoard = false;
    const comment = trimmed.startsWith(';') ? trimmed.slice(1).trim() : trimmed;
    if (levels.length === 0 && !current && pendingSawBlank) {
      header.comments.push(...pending);
      pending = [];
      pendingSawBlank = false;
    }
    pending.push(comment);
  }
  flush();
  if (pending.length > 0) header.comments.push(...pending);
  return {
    ...(title !== undefined ? { title } : {}),
    ...(author !== undefined ? { author } : {}),
    comments: header.comments,
    properties: header.properties,
    levels,
  };
}

/**
 * Parses a text holding exactly one level (see {@link parseXsb}); throws {@link ParseError} if it
 * holds none or several.
 */
export function parseLevel(text: string, options: ParseXsbOptions = {}): Level {
  const c = parseXsb(text, options);
  if (c.levels.length !== 1) {
    throw new ParseError(
      c.levels.length === 0
        ? 'no level found in the text'
        : `expected one level, found ${c.levels.length}`,
      { line: 1, column: 1, source: options.source },
    );
  }
  return c.levels[0]!;
}

/** Options of {@link printBoard}, {@link printLevel} and {@link printXsb}. */
export interface PrintXsbOptions {
  /** Character for floor inside the walls: `'-'` (default, safe in e-mail and forums), `' '` or `'_'`. */
  readonly floor?: '-' | ' ' | '_';
  /** Run-length encode the rows, joined by `|` into one line. Default false. */
  readonly rle?: boolean;
}

/**
 * Prints a level's board as XSB rows joined by `\n` (no trailing newline). Floor outside the walls
 * is printed as spaces and trailing outside floor is dropped; floor inside uses `options.floor`.
 */
export function printBoard(level: Level, options: PrintXsbOptions = {}): string {
  const { width, height, cells, player } = level;
  const floor = options.floor ?? '-';
  // Outside = floor reachable from the border without crossing a wall, box or goal.
  const outside = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) {
        const c = y * width + x;
        if (cells[c] === 0 && c !== player && !outside[c]) {
          outside[c] = 1;
          stack.push(c);
        }
      }
    }
  }
  while (stack.length > 0) {
    const c = stack.pop()!;
    const x = c % width;
    const ns = [x > 0 ? c - 1 : -1, x < width - 1 ? c + 1 : -1, c - width, c + width];
    for (const n of ns) {
      if (n >= 0 && n < cells.length && cells[n] === 0 && n !== player && !outside[n]) {
        outside[n] = 1;
        stack.push(n);
      }
    }
  }
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) {
      const c = y * width + x;
      const v = cells[c]!;
      if (c === player) row += v & GOAL ? '+' : '@';
      else if (v & WALL) row += '#';
      else if (v & BOX) row += v & GOAL ? '*' : '$';
      else if (v & GOAL) row += '.';
      else row += outside[c] ? ' ' : floor;
    }
    rows.push(row.replace(/ +$/, ''));
  }
  if (options.rle) return rows.map((r) => encodeRuns(r)).join('|');
  // An empty row inside the board would print as a blank line, which ends a board: write it as a
  // `|` row break at the end of the line before, which the parser reads back as an empty row.
  const lines: string[] = [];
  for (const row of rows) {
    if (row === '' && lines.length > 0) lines[lines.length - 1] += '|';
    else lines.push(row);
  }
  return lines.join('\n');
}

/** Prints one level: comments as `;` lines, the board, then `Title:`, `Author:` and other properties. */
export function printLevel(level: Level, options: PrintXsbOptions = {}): string {
  const out: string[] = [];
  for (const c of level.comments ?? []) out.push(`; ${c}`.trimEnd());
  out.push(printBoard(level, options));
  if (level.title !== undefined) out.push(`Title: ${level.title}`);
  if (level.author !== undefined) out.push(`Author: ${level.author}`);
  for (const [k, v] of level.properties ?? []) out.push(`${k}: ${v}`);
  return `${out.join('\n')}\n`;
}

/** Prints a collection: header lines, a blank line, then each level followed by a blank line. */
export function printXsb(collection: Collection, options: PrintXsbOptions = {}): string {
  const head: string[] = [];
  if (collection.title !== undefined) head.push(`Title: ${collection.title}`);
  if (collection.author !== undefined) head.push(`Author: ${collection.author}`);
  for (const [k, v] of collection.properties) head.push(`${k}: ${v}`);
  // A Comment block keeps header comments apart from the first level's own `;` comments.
  if (collection.comments.length > 0) head.push('Comment:', ...collection.comments, 'Comment-End:');
  const parts = head.length > 0 ? [`${head.join('\n')}\n`] : [];
  for (const l of collection.levels) parts.push(printLevel(l, options));
  return parts.join('\n');
}
