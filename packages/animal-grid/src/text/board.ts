/**
 * The board as text: a 3×3 grid with the row fruits down the left and the column fruits along the
 * top, and a reader for the same text (or for JSON placements) so a designer can hand in an answer or
 * a partly filled board.
 */
import { InvalidInputError, ParseError, quoteInput } from '@puzzlekit/errors';
import { ANIMALS, COLUMN_FRUITS, ROW_FRUITS, type Animal, type Placement } from '../model.js';
import {
  expectArray,
  expectChoice,
  expectInt,
  expectObject,
  onlyKeys,
  parseJsonText,
} from '../format/json.js';

/** What an empty cell looks like on a printed board. */
export const EMPTY_CELL = '.';

/**
 * Prints placements (a full solution or a partly filled board) as a grid: a header of column fruits,
 * then the apple, lemon and orange rows (y = 2, 1, 0), each led by its fruit, cells x = 0, 1, 2 left
 * to right; `.` marks an empty cell. {@link parseBoard} reads it back.
 */
export function formatBoard(placements: readonly Placement[]): string {
  const cells: string[] = new Array<string>(9).fill(EMPTY_CELL);
  for (const p of placements) cells[p.y * 3 + p.x] = p.animal;
  const width = Math.max(...cells.map((c) => c.length), ...COLUMN_FRUITS.map((f) => f.length));
  const label = Math.max(...ROW_FRUITS.map((f) => f.length));
  const line = (head: string, row: readonly string[]): string =>
    [head.padEnd(label), ...row.map((c) => c.padEnd(width))].join(' ').trimEnd();
  const rows = [line('', COLUMN_FRUITS)];
  for (let y = 2; y >= 0; y--) rows.push(line(ROW_FRUITS[y]!, cells.slice(y * 3, y * 3 + 3)));
  return rows.join('\n');
}

/**
 * Reads one placed piece written `animal@row/column` with the cell named by its fruits
 * (`lion@apple/banana`), or `animal@x,y`. Errors are `InvalidInputError`s quoting the spec.
 */
export function parsePlacement(spec: string): Placement {
  const fail = (reason: string): never => {
    throw new InvalidInputError(
      `${reason}; write animal@row/column, for example lion@apple/banana (rows ${ROW_FRUITS.join(', ')}; columns ${COLUMN_FRUITS.join(', ')})`,
      { path: quoteInput(spec, 40) },
    );
  };
  const m = /^([a-z]+)@(?:([a-z]+)\/([a-z]+)|(\d),(\d))$/.exec(spec.trim());
  if (!m) return fail('not a placement');
  if (!(ANIMALS as readonly string[]).includes(m[1]!)) fail(`unknown animal ${quoteInput(m[1]!)}`);
  const x = m[4] !== undefined ? Number(m[4]) : (COLUMN_FRUITS as readonly string[]).indexOf(m[3]!);
  const y = m[5] !== undefined ? Number(m[5]) : (ROW_FRUITS as readonly string[]).indexOf(m[2]!);
  if (x < 0 || x > 2 || y < 0 || y > 2) fail('no such cell');
  return { animal: m[1] as Animal, x, y };
}

/** Longest board text read (a board is a few hundred characters; more is not a board). */
const MAX_BOARD_CHARS = 100_000;

/**
 * Reads a board: either JSON (an array of `{"animal","x","y"}`, as `solve --json` prints solutions)
 * or the grid {@link formatBoard} prints — three rows, top (apple) row first, three cells each
 * separated by spaces, `.` for an empty cell; the fruit labels are optional. Syntax problems are
 * `ParseError`s with line and column. Pieces are not checked against a puzzle here.
 */
export function parseBoard(text: string, source?: string): Placement[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const where = source === undefined ? {} : { source };
  if (body.length > MAX_BOARD_CHARS)
    throw new ParseError(`a board is at most ${MAX_BOARD_CHARS} characters, got ${body.length}`, {
      line: 1,
      column: 1,
      ...where,
    });
  const first = body.trimStart()[0];
  if (first === '[' || first === '{') return placementsFromJson(parseJsonText(text, source));
  return placementsFromGrid(body, where);
}

function placementsFromJson(value: unknown): Placement[] {
  const list = expectArray(value, '$');
  if (list.length > 9) expectInt(list.length, '$.length', 0, 9);
  return list.map((raw, i) => {
    const path = `$[${i}]`;
    const o = expectObject(raw, path);
    onlyKeys(o, path, ['animal', 'x', 'y']);
    return {
      animal: expectChoice(o.animal, `${path}.animal`, ANIMALS, 'animal'),
      x: expectInt(o.x, `${path}.x`, 0, 2),
      y: expectInt(o.y, `${path}.y`, 0, 2),
    };
  });
}

function placementsFromGrid(body: string, where: { source?: string }): Placement[] {
  const fail = (reason: string, line: number, column: number): never => {
    throw new ParseError(reason, { line, column, ...where });
  };
  const out: Placement[] = [];
  let rowsRead = 0;
  const rowsSeen = new Set<number>();
  const lines = body.split('\n');
  lines.forEach((raw, k) => {
    const line = raw.replace(/\r$/, '');
    const tokens = [...line.matchAll(/\S+/g)].map((m) => ({ word: m[0], column: m.index + 1 }));
    if (tokens.length === 0) return;
    if (tokens.every((t) => (COLUMN_FRUITS as readonly string[]).includes(t.word))) return;
    if (rowsRead === 3) fail('a board has three rows; this is a fourth', k + 1, tokens[0]!.column);
    let y = 2 - rowsRead;
    if ((ROW_FRUITS as readonly string[]).includes(tokens[0]!.word)) {
      y = (ROW_FRUITS as readonly string[]).indexOf(tokens.shift()!.word);
    }
    if (rowsSeen.has(y)) fail(`the ${ROW_FRUITS[y]!} row is given twice`, k + 1, 1);
    rowsSeen.add(y);
    if (tokens.length !== 3)
      fail(
        `expected three cells (animal names or '${EMPTY_CELL}'), got ${tokens.length}`,
        k + 1,
        tokens[3]?.column ?? line.length + 1,
      );
    tokens.forEach((t, x) => {
      if (t.word === EMPTY_CELL) return;
      if (!(ANIMALS as readonly string[]).includes(t.word))
        fail(
          `unknown animal ${quoteInput(t.word, 40)} (expected one of ${ANIMALS.join(', ')} or '${EMPTY_CELL}')`,
          k + 1,
          t.column,
        );
      out.push({ animal: t.word as Animal, x, y });
    });
    rowsRead++;
  });
  if (rowsRead !== 3) fail(`a board has three rows, got ${rowsRead}`, lines.length, 1);
  return out;
}
