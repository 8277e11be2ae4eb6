import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SYMMETRIES,
  gridsEqual,
  inverseSymmetry,
  mirrorX,
  mirrorY,
  parseGrid,
  printGrid,
  rotate180,
  rotate270,
  rotate90,
  transformGrid,
  transformPoint,
  transpose,
  type Grid,
} from './index.js';

const arbGrid = fc
  .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.boolean())
  .chain(([w, h, wide]) =>
    fc
      .array(fc.integer({ min: -1000, max: 1000 }), { minLength: w * h, maxLength: w * h })
      .map((v): Grid => ({
        width: w,
        height: h,
        cells: wide ? Int32Array.from(v) : Uint8Array.from(v, (x) => x & 255),
      })),
  );
const arbSym = fc.constantFrom(...SYMMETRIES);

const legend = { a: 0, b: 1, c: 2, d: 3, e: 4, f: 5 };
const draw = (g: Grid) => printGrid(g, 'abcdef');
const read = (t: string) => parseGrid(t, { legend });

describe('symmetries', () => {
  it('match hand-drawn examples', () => {
    const g = read('abc\ndef');
    expect(draw(rotate90(g))).toBe('da\neb\nfc');
    expect(draw(rotate180(g))).toBe('fed\ncba');
    expect(draw(rotate270(g))).toBe('cf\nbe\nad');
    expect(draw(mirrorX(g))).toBe('cba\nfed');
    expect(draw(mirrorY(g))).toBe('def\nabc');
    expect(draw(transpose(g))).toBe('ad\nbe\ncf');
    expect(draw(transformGrid(g, 'antiTranspose'))).toBe('fc\neb\nda');
  });

  it('rotating four times, mirroring twice or undoing gives the grid back (property)', () => {
    fc.assert(
      fc.property(arbGrid, arbSym, (g, s) => {
        expect(gridsEqual(rotate90(rotate90(rotate90(rotate90(g)))), g)).toBe(true);
        expect(gridsEqual(mirrorX(mirrorX(g)), g)).toBe(true);
        expect(gridsEqual(mirrorY(mirrorY(g)), g)).toBe(true);
        expect(gridsEqual(rotate90(rotate270(g)), g)).toBe(true);
        expect(gridsEqual(transformGrid(transformGrid(g, s), inverseSymmetry(s)), g)).toBe(true);
        expect(transformGrid(g, s).cells.constructor).toBe(g.cells.constructor);
      }),
    );
  });

  it('compose as the dihedral group says (property)', () => {
    fc.assert(
      fc.property(arbGrid, (g) => {
        expect(gridsEqual(rotate180(g), rotate90(rotate90(g)))).toBe(true);
        expect(gridsEqual(rotate180(g), mirrorX(mirrorY(g)))).toBe(true);
        expect(gridsEqual(rotate270(g), rotate90(rotate180(g)))).toBe(true);
        expect(gridsEqual(transpose(g), mirrorX(rotate90(g)))).toBe(true);
        expect(gridsEqual(transformGrid(g, 'antiTranspose'), rotate180(transpose(g)))).toBe(true);
      }),
    );
  });

  it('transformPoint says where every cell lands (property)', () => {
    fc.assert(
      fc.property(arbGrid, arbSym, (g, s) => {
        const t = transformGrid(g, s);
        for (let y = 0; y < g.height; y++)
          for (let x = 0; x < g.width; x++) {
            const q = transformPoint(s, { x, y }, g.width, g.height);
            expect(q.x >= 0 && q.y >= 0 && q.x < t.width && q.y < t.height).toBe(true);
            expect(t.cells[q.y * t.width + q.x]).toBe(g.cells[y * g.width + x]);
          }
      }),
    );
  });

  it('gives eight distinct grids for an asymmetric board', () => {
    const g = read('abc\ndef\nabb');
    expect(new Set(SYMMETRIES.map((s) => draw(transformGrid(g, s)))).size).toBe(8);
  });
});
