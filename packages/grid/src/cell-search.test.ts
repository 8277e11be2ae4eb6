import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import {
  CellSearch,
  DX4,
  DX8,
  DY4,
  DY8,
  neighbourOffsets,
  padGrid,
  padIndex,
  unpadGrid,
  unpadIndex,
  type Connectivity,
  type Grid,
} from './index.js';

/** Random boards of bit flags 0..3 (bit 0 = wall, bit 1 = box), unpadded. */
const arbBoard = fc
  .tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }))
  .chain(([w, h]) =>
    fc
      .array(fc.integer({ min: 0, max: 3 }), { minLength: w * h, maxLength: w * h })
      .map((v): Grid<Uint8Array> => ({ width: w, height: h, cells: Uint8Array.from(v) })),
  );
const arbConn = fc.constantFrom<Connectivity>(4, 8);
const arbBits = fc.constantFrom(1, 2, 3);

/**
 * Reference distances on the unpadded board, by coordinates (no offsets, no padding): relax every
 * cell against every neighbour until nothing changes. Sources are at 0 even when blocked.
 */
function naiveDistances(
  g: Grid,
  sources: readonly number[],
  bits: number,
  conn: Connectivity,
): number[] {
  const dist = new Array<number>(g.cells.length).fill(-1);
  for (const s of sources) dist[s] = 0;
  const dxs = conn === 8 ? DX8 : DX4;
  const dys = conn === 8 ? DY8 : DY4;
  for (let changed = true; changed;) {
    changed = false;
    for (let y = 0; y < g.height; y++) {
      for (let x = 0; x < g.width; x++) {
        const i = y * g.width + x;
        if ((g.cells[i]! & bits) !== 0 && dist[i] !== 0) continue;
        for (let d = 0; d < dxs.length; d++) {
          const nx = x + dxs[d]!;
          const ny = y + dys[d]!;
          if (nx < 0 || ny < 0 || nx >= g.width || ny >= g.height) continue;
          const j = ny * g.width + nx;
          if (dist[j]! < 0) continue;
          if (dist[i]! < 0 || dist[j]! + 1 < dist[i]!) {
            if (dist[i] === 0) continue;
            dist[i] = dist[j]! + 1;
            changed = true;
          }
        }
      }
    }
  }
  return dist;
}

describe('neighbourOffsets', () => {
  it('steps to the same cell as the direction tables, in the same order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 50 }), arbConn, (w, conn) => {
        const off = neighbourOffsets(w, conn);
        const dxs = conn === 8 ? DX8 : DX4;
        const dys = conn === 8 ? DY8 : DY4;
        const x = 1;
        const y = 1;
        for (let d = 0; d < dxs.length; d++) {
          expect(y * w + x + off[d]!).toBe((y + dys[d]!) * w + x + dxs[d]!);
        }
      }),
    );
    expect([...neighbourOffsets(10)]).toEqual([-10, 1, 10, -1]);
  });

  it('rejects a width that is not a positive integer', () => {
    for (const w of [0, -3, 2.5, NaN]) expect(() => neighbourOffsets(w)).toThrow(InvalidInputError);
  });
});

describe('padGrid / unpadGrid / padIndex / unpadIndex', () => {
  it('surrounds the board with wall, maps every index both ways, and unpads back', () => {
    fc.assert(
      fc.property(arbBoard, fc.integer({ min: 0, max: 3 }), (g, border) => {
        const p = padGrid(g, 9, border);
        expect(p.width).toBe(g.width + 2 * border);
        expect(p.height).toBe(g.height + 2 * border);
        let inner = 0;
        for (let i = 0; i < p.cells.length; i++) {
          const u = unpadIndex(i, g.width, g.height, border);
          if (u < 0) expect(p.cells[i]).toBe(9);
          else {
            inner++;
            expect(p.cells[i]).toBe(g.cells[u]);
            expect(padIndex(u, g.width, border)).toBe(i);
          }
        }
        expect(inner).toBe(g.cells.length);
        expect(unpadGrid(p, border)).toEqual(g);
      }),
    );
  });

  it('keeps the cell type and checks the wall value and the border', () => {
    const g: Grid<Int32Array> = { width: 2, height: 1, cells: Int32Array.of(-5, 7) };
    const p = padGrid(g, -1);
    expect(p.cells).toBeInstanceOf(Int32Array);
    expect([...p.cells]).toEqual([-1, -1, -1, -1, -1, -5, 7, -1, -1, -1, -1, -1]);
    const bytes: Grid<Uint8Array> = { width: 1, height: 1, cells: Uint8Array.of(0) };
    expect(() => padGrid(bytes, 256)).toThrow(InvalidInputError);
    expect(() => padGrid(bytes, 1, -1)).toThrow(InvalidInputError);
    expect(() => unpadGrid(bytes, 1)).toThrow(InvalidInputError);
  });
});

describe('CellSearch', () => {
  it('distances equal naive relaxation, multi-source, 4 and 8 neighbours', () => {
    fc.assert(
      fc.property(
        arbBoard,
        arbConn,
        arbBits,
        fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
        (g, conn, bits, picks) => {
          const sources = picks.map((k) => k % g.cells.length);
          const want = naiveDistances(g, sources, bits, conn);
          const p = padGrid(g, bits);
          const search = new CellSearch(p.width, p.height, conn);
          const padded = sources.map((s) => padIndex(s, g.width));
          const n = search.distances(padded, p.cells, bits);
          expect(n).toBe(want.filter((d) => d >= 0).length);
          for (let i = 0; i < g.cells.length; i++) {
            expect(search.distance(padIndex(i, g.width))).toBe(want[i]);
          }
          // order is breadth-first: distances never decrease along it
          for (let k = 1; k < search.count; k++) {
            expect(search.distance(search.order[k]!)).toBeGreaterThanOrEqual(
              search.distance(search.order[k - 1]!),
            );
          }
        },
      ),
    );
  });

  it('flood reaches exactly the cells with a finite distance, and only once each', () => {
    fc.assert(
      fc.property(arbBoard, arbConn, arbBits, fc.nat(), (g, conn, bits, pick) => {
        const start = pick % g.cells.length;
        const want = naiveDistances(g, [start], bits, conn);
        const p = padGrid(g, bits);
        const search = new CellSearch(p.width, p.height, conn);
        const n = search.flood(padIndex(start, g.width), p.cells, bits);
        const got = [...search.order.subarray(0, n)].map((c) => unpadIndex(c, g.width, g.height));
        const expected = want.flatMap((d, i) => (d >= 0 ? [i] : []));
        expect([...got].sort((a, b) => a - b)).toEqual(expected);
        for (let i = 0; i < g.cells.length; i++) {
          expect(search.reached(padIndex(i, g.width))).toBe(want[i]! >= 0);
        }
        expect(search.distance(padIndex(start, g.width))).toBe(-1); // flood records no distances
      }),
    );
  });

  it('floodLayers equals a flood over the two layers merged', () => {
    fc.assert(
      fc.property(arbBoard, arbConn, arbBits, fc.nat(), fc.nat(), (g, conn, bits, pick, salt) => {
        const p = padGrid(g, bits);
        // pieces on some unblocked inner cells, in a second array
        const moving = new Uint8Array(p.cells.length);
        const merged = Uint8Array.from(p.cells, (v) => (v & bits ? 1 : 0));
        for (let i = 0; i < g.cells.length; i++) {
          const c = padIndex(i, g.width);
          if ((i * 7 + salt) % 5 === 0 && !(p.cells[c]! & bits)) {
            moving[c] = 1;
            merged[c] = 1;
          }
        }
        const start = padIndex(pick % g.cells.length, g.width);
        const a = new CellSearch(p.width, p.height, conn);
        const b = new CellSearch(p.width, p.height, conn);
        const n = a.floodLayers(start, p.cells, bits, moving);
        const m = b.flood(start, merged, 1);
        expect(n).toBe(m);
        expect([...a.order.subarray(0, n)].sort((x, y) => x - y)).toEqual(
          [...b.order.subarray(0, m)].sort((x, y) => x - y),
        );
      }),
    );
    const search = new CellSearch(4, 4);
    expect(() => search.floodLayers(5, new Uint8Array(16), 1, new Uint8Array(3))).toThrow(
      /16|cells/,
    );
  });

  it('pathTo walks real unblocked steps from a source to the cell, as long as the distance', () => {
    fc.assert(
      fc.property(arbBoard, arbConn, fc.nat(), fc.nat(), (g, conn, a, b) => {
        const p = padGrid(g, 1);
        const search = new CellSearch(p.width, p.height, conn);
        const start = padIndex(a % g.cells.length, g.width);
        const goal = padIndex(b % g.cells.length, g.width);
        search.distances(start, p.cells, 1);
        const dirs = search.pathTo(goal);
        const cellsOnPath = search.cellPathTo(goal);
        if (!search.reached(goal)) {
          expect(dirs).toBeNull();
          expect(cellsOnPath).toBeNull();
          return;
        }
        expect(dirs).toHaveLength(search.distance(goal));
        let c = start;
        const walked = [c];
        for (const d of dirs!) {
          c += search.offsets[d]!;
          expect(p.cells[c]! & 1).toBe(0);
          walked.push(c);
        }
        expect(c).toBe(goal);
        expect(cellsOnPath).toEqual(walked);
      }),
    );
  });

  it('stops at the target with the same distance and path length as a full search', () => {
    fc.assert(
      fc.property(arbBoard, fc.nat(), fc.nat(), (g, a, b) => {
        const p = padGrid(g, 1);
        const full = new CellSearch(p.width, p.height);
        const early = new CellSearch(p.width, p.height);
        const start = padIndex(a % g.cells.length, g.width);
        const goal = padIndex(b % g.cells.length, g.width);
        full.distances(start, p.cells, 1);
        const n = early.distances(start, p.cells, 1, goal);
        expect(n).toBeLessThanOrEqual(full.count);
        expect(early.distance(goal)).toBe(full.distance(goal));
        expect(early.pathTo(goal)?.length).toBe(full.pathTo(goal)?.length);
      }),
    );
  });

  it('walk finds a shortest walk to the goal (naive distance), or reports it unreachable', () => {
    fc.assert(
      fc.property(arbBoard, arbConn, fc.nat(), fc.nat(), (g, conn, a, b) => {
        const p = padGrid(g, 1);
        const search = new CellSearch(p.width, p.height, conn);
        const from = a % g.cells.length;
        const to = b % g.cells.length;
        const want = naiveDistances(g, [from], 1, conn)[to]!;
        const start = padIndex(from, g.width);
        const goal = padIndex(to, g.width);
        expect(search.walk(start, p.cells, 1, goal)).toBe(want >= 0);
        expect(search.distance(goal)).toBe(-1); // walk records no distances
        const dirs = search.pathTo(goal);
        if (want < 0) {
          expect(dirs).toBeNull();
          return;
        }
        expect(dirs).toHaveLength(want);
        let c = start;
        for (const d of dirs!) c += search.offsets[d]!;
        expect(c).toBe(goal);
        expect(search.cellPathTo(goal)?.[0]).toBe(start);
      }),
    );
  });

  it('has no path to read after a flood', () => {
    const search = new CellSearch(4, 4);
    search.flood(5, new Uint8Array(16), 1);
    expect(search.pathTo(6)).toBeNull();
    expect(search.cellPathTo(6)).toBeNull();
    expect(search.reached(6)).toBe(true);
  });

  it('reused across many boards, gives the answers of a fresh search every time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 36, maxLength: 36 }), {
          minLength: 2,
          maxLength: 6,
        }),
        (boards) => {
          const reused = new CellSearch(8, 8);
          for (const v of boards) {
            const p = padGrid({ width: 6, height: 6, cells: Uint8Array.from(v) }, 1);
            const fresh = new CellSearch(8, 8);
            expect(reused.distances(9, p.cells, 1)).toBe(fresh.distances(9, p.cells, 1));
            for (let c = 0; c < 64; c++) expect(reused.distance(c)).toBe(fresh.distance(c));
            expect(reused.flood(9, p.cells, 1)).toBe(fresh.flood(9, p.cells, 1));
            expect(reused.walk(9, p.cells, 1, 54)).toBe(fresh.walk(9, p.cells, 1, 54));
            expect(reused.pathTo(54)).toEqual(fresh.pathTo(54));
          }
        },
      ),
    );
  });

  it('keeps working when the generation counter wraps around', () => {
    const p = padGrid({ width: 3, height: 1, cells: Uint8Array.of(0, 0, 1) }, 1);
    const search = new CellSearch(p.width, p.height);
    (search as unknown as { generation: number }).generation = 0x7fffffff - 2;
    for (let k = 0; k < 4; k++) {
      expect(search.flood(6, p.cells, 1)).toBe(2);
      expect(search.reached(7)).toBe(true);
      expect(search.reached(8)).toBe(false);
      expect(search.reached(0)).toBe(false); // the ring is never reached
    }
  });

  it('treats the outer ring as wall even when its cells are open, and starts on blocked cells', () => {
    const open = new Uint8Array(16); // 4×4, nothing blocked
    const search = new CellSearch(4, 4);
    expect(search.flood(5, open, 1)).toBe(4);
    const walls = Uint8Array.from(open, () => 1);
    expect(search.flood(5, walls, 1)).toBe(1);
    expect(search.distances([5, 10], walls, 1)).toBe(2);
  });

  it('reads boards of 32-bit cells too, with any bits as the blocking ones', () => {
    // 3×3 inside: a wall (bit 4) down the middle column except at the bottom
    const g: Grid<Int32Array> = {
      width: 3,
      height: 3,
      cells: Int32Array.of(0, 4, 0, 0, 4 | 1, 0, 0, 1, 0),
    };
    const p = padGrid(g, -1);
    const search = new CellSearch(p.width, p.height, 8);
    expect(search.flood(padIndex(0, 3), p.cells, 4)).toBe(9 - 2); // diagonal steps pass the wall
    const four = new CellSearch(p.width, p.height);
    expect(four.distances(padIndex(0, 3), p.cells, 4)).toBe(7);
    expect(four.distance(padIndex(2, 3))).toBe(6); // around the bottom of the wall
    expect(four.flood(padIndex(0, 3), p.cells, 4 | 1)).toBe(3);
  });

  it('rejects starts on the ring or off the board, and boards of the wrong size', () => {
    const search = new CellSearch(4, 4);
    const cells = new Uint8Array(16);
    for (const bad of [0, 3, 12, 15, 16, -1, 5.5, NaN]) {
      expect(() => search.flood(bad, cells, 1)).toThrow(InvalidInputError);
      expect(() => search.distances([5, bad], cells, 1)).toThrow(InvalidInputError);
      expect(() => search.walk(bad, cells, 1, 5)).toThrow(InvalidInputError);
    }
    expect(() => search.flood(5, new Uint8Array(15), 1)).toThrow(InvalidInputError);
    expect(() => search.flood(5, cells, 0.5)).toThrow(InvalidInputError);
    expect(() => new CellSearch(0, 4)).toThrow(InvalidInputError);
    expect(() => new CellSearch(4, 1.5)).toThrow(InvalidInputError);
    expect(() => new CellSearch(70000, 70000)).toThrow(InvalidInputError);
  });
});
