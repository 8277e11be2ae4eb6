import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ParseError } from '@puzzlekit/errors';
import { MAX_FACES, charToFace, faceToChar } from './faces.js';
import {
  boardRows,
  checkBoardShape,
  parseBoard,
  parseMask,
  printBoard,
  printMask,
} from './text.js';
import type { Board } from '../model.js';

function parseErr(fn: () => unknown): ParseError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return e as ParseError;
  }
  throw new Error('expected a ParseError');
}

describe('faces', () => {
  it('maps A–Z, a–z, 0–9 and more, both ways', () => {
    expect(faceToChar(1)).toBe('A');
    expect(faceToChar(26)).toBe('Z');
    expect(faceToChar(27)).toBe('a');
    expect(faceToChar(53)).toBe('0');
    expect(faceToChar(62)).toBe('9');
    for (let f = 1; f <= MAX_FACES; f++) {
      const ch = faceToChar(f);
      expect(ch).not.toBe('.');
      expect(ch).not.toBe('#');
      expect(charToFace(ch)).toBe(f);
    }
    expect(charToFace('.')).toBe(0);
    expect(charToFace('#')).toBe(0);
    expect(() => faceToChar(0)).toThrow(/face must be/);
    expect(() => faceToChar(MAX_FACES + 1)).toThrow(/face must be/);
  });
});

describe('board text format', () => {
  it('reads a hand-written board', () => {
    const b = parseBoard('\nAB.\r\n#BA\n\n');
    expect(b).toEqual({ rows: 2, cols: 3, cells: [1, 2, 0, -1, 2, 1] });
    expect(printBoard(b)).toBe('AB.\n#BA');
    expect(boardRows(b)).toEqual(['AB.', '#BA']);
  });

  it('reports line and column of bad input', () => {
    const e1 = parseErr(() => parseBoard('AA\nA,\n', { source: 'x.txt' }));
    expect([e1.line, e1.column, e1.source]).toEqual([2, 2, 'x.txt']);
    expect(e1.message).toMatch(/^x\.txt:2:2: unknown character ','/);
    const e2 = parseErr(() => parseBoard('AAB\nB\n'));
    expect([e2.line, e2.column, e2.code]).toEqual([2, 2, 'RAGGED_ROW']);
    const e3 = parseErr(() => parseBoard('\n\nAB\nAC'));
    expect([e3.line, e3.column, e3.code]).toEqual([3, 2, 'ODD_FACE']);
    const e4 = parseErr(() => parseBoard('AA\n\nBB'));
    expect([e4.line, e4.column]).toEqual([2, 1]);
    expect(parseErr(() => parseBoard('  \n')).reason).toBe('empty board');
    expect(parseBoard('AB', { allowOdd: true }).cells).toEqual([1, 2]);
  });

  it('round-trips any board (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: -1, max: MAX_FACES }), { minLength: 64, maxLength: 64 }),
        (rows, cols, raw) => {
          const cells = raw.slice(0, rows * cols);
          const board: Board = { rows, cols, cells };
          const text = printBoard(board);
          expect(parseBoard(text, { allowOdd: true })).toEqual(board);
        },
      ),
    );
  });

  it('checks board objects with a JSON path', () => {
    expect(() => checkBoardShape({ rows: 1, cols: 2, cells: [1] })).toThrow(/\$\.cells/);
    expect(() => checkBoardShape({ rows: 1, cols: 2, cells: [1, -3] })).toThrow(/\$\.cells\[1\]/);
    expect(() => checkBoardShape({ rows: 0, cols: 2, cells: [] })).toThrow(/\$\.rows/);
    expect(() => checkBoardShape({ rows: 1, cols: 2, cells: [1, 2] })).toThrow(/even count/);
  });
});

describe('ASCII masks', () => {
  it('reads tiles, empty and blocked cells, padding short rows', () => {
    const m = parseMask('XX.\n#\n1o');
    expect(m).toEqual({ rows: 3, cols: 3, cells: [1, 1, 0, -1, 0, 0, 1, 1, 0] });
    expect(printMask({ rows: 2, cols: 2, cells: [1, 1, 0, -1] })).toBe('XX\n.#');
  });

  it('rejects unknown characters and odd tile counts with a position', () => {
    const e = parseErr(() => parseMask('XX\nX?X'));
    expect([e.line, e.column]).toEqual([2, 2]);
    const odd = parseErr(() => parseMask('XX\n.X'));
    expect([odd.line, odd.column, odd.code]).toEqual([2, 2, 'ODD_MASK']);
    expect(parseErr(() => parseMask('..\n..')).reason).toMatch(/no tile cells/);
  });

  it('round-trips (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.constantFrom<-1 | 0 | 1>(-1, 0, 1), { minLength: 36, maxLength: 36 }),
        (rows, cols, raw) => {
          const cells = raw.slice(0, rows * cols);
          const tiles = cells.filter((v) => v === 1).length;
          fc.pre(tiles > 0 && tiles % 2 === 0);
          const mask = { rows, cols, cells };
          expect(parseMask(printMask(mask))).toEqual(mask);
        },
      ),
    );
  });
});
