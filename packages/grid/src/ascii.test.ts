import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError, ParseError } from '@puzzlekit/errors';
import { invertLegend, parseGrid, printGrid } from './index.js';

const legend = { '#': 1, ' ': 0, '.': 2, $: 3, '@': 4 };
const chars = ['#', ' ', '.', '$', '@'];

/** Rectangular text drawn with the legend's characters. */
const arbText = fc
  .tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }))
  .chain(([w, h]) =>
    fc
      .array(fc.array(fc.constantFrom(...chars), { minLength: w, maxLength: w }), {
        minLength: h,
        maxLength: h,
      })
      .map((rows) => rows.map((r) => r.join('')).join('\n')),
  );

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

describe('parseGrid', () => {
  it('reads a hand-checked board', () => {
    const g = parseGrid('####\n#@$#\n#. #\n####\n', { legend });
    expect(g.width).toBe(4);
    expect(g.height).toBe(4);
    expect(Array.from(g.cells.subarray(4, 12))).toEqual([1, 4, 3, 1, 1, 2, 0, 1]);
    expect(g.cells).toBeInstanceOf(Uint8Array);
  });

  it('accepts CRLF, maps and int32 cells', () => {
    const g = parseGrid('ab\r\nba\r\n', {
      legend: new Map([
        ['a', -7],
        ['b', 100000],
      ]),
      cellType: 'int32',
    });
    expect(g.cells).toEqual(Int32Array.of(-7, 100000, 100000, -7));
  });

  it('print ∘ parse is the identity on rectangular text (property)', () => {
    fc.assert(
      fc.property(arbText, (text) => {
        const g = parseGrid(text, { legend });
        expect(printGrid(g, invertLegend(legend))).toBe(text);
        expect(parseGrid(`${text}\n`, { legend }).cells).toEqual(g.cells);
      }),
    );
  });

  it('parse ∘ print is the identity on grids (property)', () => {
    fc.assert(
      fc.property(arbText, (text) => {
        const g = parseGrid(text, { legend });
        const again = parseGrid(printGrid(g, ' #.$@'), { legend });
        expect(again).toEqual(g);
      }),
    );
  });

  it('names line and column of an unknown character (property)', () => {
    fc.assert(
      fc.property(arbText, fc.nat(), fc.constantFrom('x', '7', '\t', 'é'), (text, r, bad) => {
        const pos = r % text.length;
        if (text[pos] === '\n') return;
        const broken = text.slice(0, pos) + bad + text.slice(pos + 1);
        const before = text.slice(0, pos).split('\n');
        const e = catchError(() => parseGrid(broken, { legend, source: 'level.txt' }));
        expect(e).toBeInstanceOf(ParseError);
        expect(e).toMatchObject({
          line: before.length,
          column: before[before.length - 1]!.length + 1,
          source: 'level.txt',
          code: 'UNKNOWN_CHARACTER',
        });
        expect((e as ParseError).message).toMatch(/^level\.txt:\d+:\d+: unknown character/);
      }),
    );
  });

  it('rejects ragged rows by default, pointing at the row', () => {
    const short = catchError(() => parseGrid('###\n#\n###', { legend }));
    expect(short).toMatchObject({ line: 2, column: 2, code: 'RAGGED_ROW' });
    expect((short as Error).message).toBe(
      'input:2:2: row ends after 1 characters, expected 3 like the first row',
    );
    const long = catchError(() => parseGrid('##\n###', { legend }));
    expect(long).toMatchObject({ line: 2, column: 3, code: 'RAGGED_ROW' });
  });

  it('pads ragged rows when asked, with the pad character of choice', () => {
    const g = parseGrid('#\n###\n\n##', { legend, ragged: 'pad' });
    expect(g.width).toBe(3);
    expect(printGrid(g, invertLegend(legend))).toBe('#  \n###\n   \n## ');
    expect(printGrid(g, invertLegend(legend), { trimEnd: true })).toBe('#\n###\n\n##');
    const dots = parseGrid('#\n##', { legend, ragged: 'pad', padChar: '.' });
    expect(Array.from(dots.cells)).toEqual([1, 2, 1, 1]);
    expect(() => parseGrid('#\n##', { legend, ragged: 'pad', padChar: 'z' })).toThrow(
      InvalidInputError,
    );
  });

  it('rejects empty input and bad legends', () => {
    expect(catchError(() => parseGrid('', { legend }))).toMatchObject({
      code: 'EMPTY_GRID',
      line: 1,
      column: 1,
    });
    expect(() => parseGrid('\n', { legend })).toThrow(ParseError);
    expect(() => parseGrid('ab', { legend: { ab: 1 } })).toThrow(/single characters/);
    expect(() => parseGrid('a', { legend: { a: 256 } })).toThrow(/does not fit a uint8 cell/);
    expect(() => parseGrid('a', { legend: { a: 1.5 } })).toThrow(InvalidInputError);
  });
});

describe('printGrid', () => {
  it('uses string, record or map legends and reports values it cannot draw', () => {
    const g = parseGrid('#@\n $', { legend });
    expect(printGrid(g, ' #.$@')).toBe('#@\n $');
    expect(printGrid(g, { 0: '-', 1: 'X', 3: 'B', 4: 'P' })).toBe('XP\n-B');
    const e = catchError(() => printGrid(g, ' #'));
    expect(e).toBeInstanceOf(InvalidInputError);
    expect(e).toMatchObject({ path: '$.cells[1]', code: 'UNPRINTABLE_VALUE' });
  });

  it('invertLegend keeps the first character of a shared value', () => {
    expect(invertLegend({ ' ': 0, '-': 0, '#': 1 })).toEqual(
      new Map([
        [0, ' '],
        [1, '#'],
      ]),
    );
  });
});
