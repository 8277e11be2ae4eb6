import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import {
  assertGrid,
  cellAt,
  cloneGrid,
  createGrid,
  createInt32Grid,
  inBounds,
  indexOf,
  neighbours,
  neighboursInto,
  pointOf,
  setCell,
} from './index.js';

describe('grid basics', () => {
  it('creates, reads and writes cells at y*width+x', () => {
    const g = createGrid(3, 2, 7);
    expect(g.cells).toEqual(Uint8Array.of(7, 7, 7, 7, 7, 7));
    setCell(g, 2, 1, 9);
    expect(g.cells[5]).toBe(9);
    expect(cellAt(g, 2, 1)).toBe(9);
    expect(cellAt(g, 3, 1)).toBe(-1);
    expect(cellAt(g, -1, 0, 42)).toBe(42);
    expect(indexOf(g, 2, 1)).toBe(5);
    expect(pointOf(g, 5)).toEqual({ x: 2, y: 1 });
    expect(inBounds(g, 0, 0)).toBe(true);
    expect(inBounds(g, 0, 2)).toBe(false);
    const c = cloneGrid(g);
    c.cells[0] = 1;
    expect(g.cells[0]).toBe(7);
    expect(createInt32Grid(2, 2, -5).cells).toEqual(Int32Array.of(-5, -5, -5, -5));
  });

  it('rejects bad sizes, bad cells and writes off the grid', () => {
    expect(() => createGrid(-1, 2)).toThrow(InvalidInputError);
    expect(() => createGrid(1.5, 2)).toThrow(/non-negative integers/);
    expect(() => createGrid(100000, 100000)).toThrow(/too large/);
    expect(() => setCell(createGrid(2, 2), 2, 0, 1)).toThrow(/outside the 2×2 grid/);
    expect(() => setCell(createGrid(2, 2), 0, 0, 256)).toThrow(/does not fit a Uint8Array cell/);
    expect(() => createInt32Grid(1, 1, 2 ** 31)).toThrow(/does not fit an? Int32Array cell/);
    expect(() => createGrid(1, 1, 0.5)).toThrow(InvalidInputError);
    expect(() => assertGrid({ width: 2, height: 2, cells: new Uint8Array(3) })).toThrow(
      /3 cells, expected 2×2 = 4/,
    );
  });

  it('neighbours are exactly the in-bounds cells at king/rook distance 1 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(),
        fc.constantFrom(4 as const, 8 as const),
        (w, h, r, conn) => {
          const g = createGrid(w, h);
          const i = r % (w * h);
          const { x, y } = pointOf(g, i);
          const expected: number[] = [];
          for (let yy = 0; yy < h; yy++)
            for (let xx = 0; xx < w; xx++) {
              const dx = Math.abs(xx - x);
              const dy = Math.abs(yy - y);
              const adjacent = conn === 4 ? dx + dy === 1 : Math.max(dx, dy) === 1;
              if (adjacent) expected.push(yy * w + xx);
            }
          const got = neighbours(g, i, conn);
          expect([...got].sort((a, b) => a - b)).toEqual(expected);
          const out = new Int32Array(8);
          expect(neighboursInto(g, i, out, conn)).toBe(expected.length);
        },
      ),
    );
  });

  it('lists neighbours clockwise from up', () => {
    const g = createGrid(3, 3);
    expect(neighbours(g, 4)).toEqual([1, 5, 7, 3]);
    expect(neighbours(g, 4, 8)).toEqual([1, 2, 5, 8, 7, 6, 3, 0]);
    expect(neighbours(g, 0)).toEqual([1, 3]);
  });
});
