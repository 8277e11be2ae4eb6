// Hostile input for the two text parsers: any string ends in a board / mask or a ParseError with a
// line and column inside the input, never another error, and huge inputs stop at the size limit.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError, ParseError } from '@puzzlekit/errors';
import { MAX_SIDE, checkBoardShape, parseBoard, parseMask, printBoard, printMask } from './text.js';

/** Characters that matter to the parsers, mixed with arbitrary ones. */
const interesting = fc.constantFrom(
  'A',
  'B',
  'a',
  'X',
  'x',
  '.',
  '#',
  ':',
  ' ',
  '\n',
  '\r\n',
  '\r',
  '\u0000',
  '\uFEFF',
  '\u0100',
  '\uD83D',
  '__proto__',
  'constructor',
  'toString',
);
const hostileText = fc
  .array(fc.oneof(interesting, fc.string({ maxLength: 3 })), { maxLength: 60 })
  .map((parts) => parts.join(''));

/** Runs `parse`; returns the error when it is a ParseError (and fails on any other throw). */
function outcome(parse: () => unknown, text: string): ParseError | null {
  try {
    parse();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ParseError);
    const e = error as ParseError;
    const lines = text.split('\n').length;
    expect(e.line).toBeGreaterThanOrEqual(1);
    expect(e.line).toBeLessThanOrEqual(Math.max(1, lines));
    expect(e.column).toBeGreaterThanOrEqual(1);
    expect(e.message.length).toBeLessThan(400);
    return e;
  }
}

describe('parsers under hostile input (fast-check)', () => {
  it('any text is a board or a ParseError with a position inside the input', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        if (outcome(() => parseBoard(text), text) === null) {
          // Whatever parses prints back to something that parses to the same board.
          const b = parseBoard(text);
          expect(parseBoard(printBoard(b))).toEqual(b);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('any text is a mask or a ParseError with a position inside the input', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        if (outcome(() => parseMask(text), text) === null) {
          const m = parseMask(text);
          expect(parseMask(printMask(m))).toEqual(m);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a byte-order mark and CRLF line ends are accepted', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (bom, crlf) => {
        const eol = crlf ? '\r\n' : '\n';
        const text = `${bom ? '\uFEFF' : ''}AB:${eol}#BA${eol}`;
        expect(parseBoard(text)).toEqual({ rows: 2, cols: 3, cells: [1, 2, -2, -1, 2, 1] });
      }),
    );
  });

  it('huge row and column counts stop at the limit, named with its line and column', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MAX_SIDE + 1, max: 200_000 }),
        fc.constantFrom('X', 'AA'),
        (rows, row) => {
          const text = `${row}\n`.repeat(rows);
          const parse = row === 'X' ? () => parseMask(text) : () => parseBoard(text);
          const e = outcome(parse, text)!;
          expect([e.line, e.column, e.code]).toEqual([MAX_SIDE + 1, 1, 'TOO_LARGE']);
          expect(e.message).toMatch(new RegExp(`more than ${MAX_SIDE} rows`));
        },
      ),
      { numRuns: 5 },
    );
    fc.assert(
      fc.property(fc.integer({ min: MAX_SIDE + 1, max: 2_000_000 }), (cols) => {
        const text = `AA\n${'A'.repeat(cols)}\n`;
        const e = outcome(() => parseBoard(text), text)!;
        expect([e.line, e.column, e.code]).toEqual([2, MAX_SIDE + 1, 'TOO_LARGE']);
      }),
      { numRuns: 5 },
    );
  });

  it('the 130,001-line mask of issue 12 is a one-line ParseError', () => {
    const text = 'X\n'.repeat(130_001);
    const e = outcome(() => parseMask(text, { source: 'm.txt' }), text)!;
    expect(e.message).toBe('m.txt:1001:1: the mask has more than 1000 rows, the limit');
  });

  it('blank lines after the board never count against the limit', () => {
    const text = `AA\n${'\n'.repeat(5000)}`;
    expect(parseBoard(text)).toEqual({ rows: 1, cols: 2, cells: [1, 1] });
  });
});

describe('hostile Board objects', () => {
  it('values whose toString is missing or not a function are named by type, never called', () => {
    // Found by the schema fuzz test: `${rows}` on { toString: 0 } threw a TypeError.
    const hostile = [{ toString: 0 }, Object.create(null) as object, [1, 2], null, 'x'.repeat(500)];
    for (const value of hostile) {
      for (const board of [
        { rows: value, cols: 2, cells: [1, 1] },
        { rows: 1, cols: value, cells: [1, 1] },
        { rows: 1, cols: 2, cells: [1, value] },
      ]) {
        expect(() => checkBoardShape(board as never)).toThrow(InvalidInputError);
        try {
          checkBoardShape(board as never);
        } catch (e) {
          expect((e as Error).message.length).toBeLessThan(200);
        }
      }
    }
  });
});
