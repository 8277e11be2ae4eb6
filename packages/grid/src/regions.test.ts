import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import {
  cloneGrid,
  connectedComponents,
  distanceMap,
  fillRegion,
  floodFill,
  parseGrid,
  type Connectivity,
  type Grid,
} from './index.js';

const arbGrid = fc
  .tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 }))
  .chain(([w, h]) =>
    fc
      .array(fc.integer({ min: 0, max: 2 }), { minLength: w * h, maxLength: w * h })
      .map((v): Grid<Uint8Array> => ({ width: w, height: h, cells: Uint8Array.from(v) })),
  );
const arbConn = fc.constantFrom<Connectivity>(4, 8);

function adjacent(g: Grid, a: number, b: number, conn: Connectivity): boolean {
  const dx = Math.abs((a % g.width) - (b % g.width));
  const dy = Math.abs(Math.floor(a / g.width) - Math.floor(b / g.width));
  return conn === 4 ? dx + dy === 1 : Math.max(dx, dy) === 1;
}

/** Reference: Bellman-Ford style relaxation over all cell pairs until nothing changes. */
function naiveDistances(g: Grid, source: number, pass: (v: number) => boolean, conn: Connectivity) {
  const n = g.width * g.height;
  const d = new Array<number>(n).fill(Infinity);
  d[source] = 0;
  for (let changed = true; changed;) {
    changed = false;
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++)
        if (adjacent(g, a, b, conn) && pass(g.cells[b]!) && d[a]! + 1 < d[b]!) {
          d[b] = d[a]! + 1;
          changed = true;
        }
  }
  return d.map((x) => (x === Infinity ? -1 : x));
}

describe('distanceMap and floodFill', () => {
  it('match naive relaxation on random grids (property)', () => {
    fc.assert(
      fc.property(arbGrid, fc.nat(), arbConn, (g, r, conn) => {
        const s = r % (g.width * g.height);
        const pass = (v: number) => v !== 1;
        const expected = naiveDistances(g, s, pass, conn);
        expect(Array.from(distanceMap(g, s, pass, conn))).toEqual(expected);
        const mask = Uint8Array.from(g.cells, (v) => (pass(v) ? 1 : 0));
        expect(Array.from(distanceMap(g, [s], mask, conn))).toEqual(expected);
        const filled = Array.from(floodFill(g, s, pass, conn)).sort((a, b) => a - b);
        const reached = expected.flatMap((d, i) => (d >= 0 ? [i] : []));
        expect(filled).toEqual(reached);
      }),
    );
  });

  it('take the nearest of several sources; sources count even when blocked', () => {
    const g = parseGrid('#....\n.##..\n.....', { legend: { '#': 1, '.': 0 } });
    const d = distanceMap(g, [0, 4], (v) => v === 0);
    expect(Array.from(d)).toEqual([0, 1, 2, 1, 0, 1, -1, -1, 2, 1, 2, 3, 4, 3, 2]);
  });

  it('rejects sources off the grid and masks of the wrong length', () => {
    const g = parseGrid('..\n..', { legend: { '.': 0 } });
    expect(() => distanceMap(g, 4, () => true)).toThrow(InvalidInputError);
    expect(() => floodFill(g, -1, () => true)).toThrow(/not a cell/);
    expect(() => distanceMap(g, 0, new Uint8Array(3))).toThrow(/mask has 3 entries/);
  });
});

describe('connectedComponents', () => {
  it('agrees with naive relabelling (property)', () => {
    fc.assert(
      fc.property(arbGrid, arbConn, fc.boolean(), (g, conn, useMask) => {
        const n = g.width * g.height;
        const joins = (a: number, b: number) =>
          useMask ? g.cells[a] !== 1 && g.cells[b] !== 1 : g.cells[a] === g.cells[b];
        const label = Array.from({ length: n }, (_, i) => i);
        for (let a = 0; a < n; a++)
          for (let b = 0; b < n; b++)
            if (adjacent(g, a, b, conn) && joins(a, b) && label[a] !== label[b]) {
              const old = label[b]!;
              for (let i = 0; i < n; i++) if (label[i] === old) label[i] = label[a]!;
            }
        const c = useMask
          ? connectedComponents(g, (v) => v !== 1, conn)
          : connectedComponents(g, undefined, conn);
        for (let a = 0; a < n; a++) {
          const included = !useMask || g.cells[a] !== 1;
          expect(c.labels[a]! >= 0).toBe(included);
          for (let b = 0; b < n; b++)
            if (included && (!useMask || g.cells[b] !== 1))
              expect(c.labels[a] === c.labels[b]).toBe(label[a] === label[b]);
        }
        const counted = new Int32Array(c.count);
        for (const l of c.labels) if (l >= 0) counted[l]!++;
        expect(counted).toEqual(c.sizes);
        expect(c.count).toBe(new Set(Array.from(c.labels).filter((l) => l >= 0)).size);
      }),
    );
  });

  it('labels a hand-checked board in row-major order', () => {
    const g = parseGrid('aab\nbab\nbba', { legend: { a: 0, b: 1 } });
    const c = connectedComponents(g);
    expect(Array.from(c.labels)).toEqual([0, 0, 1, 2, 0, 1, 2, 2, 3]);
    expect(Array.from(c.sizes)).toEqual([3, 2, 3, 1]);
    const c8 = connectedComponents(g, undefined, 8);
    expect(c8.count).toBe(2);
  });
});

describe('fillRegion', () => {
  it('repaints exactly the same-valued region flood fill finds (property)', () => {
    fc.assert(
      fc.property(arbGrid, fc.nat(), arbConn, (g, r, conn) => {
        const s = r % (g.width * g.height);
        const old = g.cells[s]!;
        const region = new Set(floodFill(g, s, (v) => v === old, conn));
        const copy = cloneGrid(g);
        const changed = fillRegion(copy, s, 9, conn);
        expect(changed).toBe(region.size);
        for (let i = 0; i < g.cells.length; i++)
          expect(copy.cells[i]).toBe(region.has(i) ? 9 : g.cells[i]);
        expect(fillRegion(copy, s, 9, conn)).toBe(0);
      }),
    );
  });

  it('refuses values that would wrap around in the cell type', () => {
    const g = parseGrid('..\n..', { legend: { '.': 44 } });
    expect(() => fillRegion(g, 0, 300)).toThrow(/value 300 does not fit a Uint8Array cell/);
    expect(() => fillRegion(g, 0, -1)).toThrow(InvalidInputError);
    expect(Array.from(g.cells)).toEqual([44, 44, 44, 44]);
  });
});
