import { DisjointSet } from '@puzzlekit/disjoint-set';
import { Rng } from '@puzzlekit/rng';
import { describe, expect, it } from 'vitest';
import { BOX, WALL } from '../model.js';
import { LinkCutTree } from './link-cut.js';
import { Regions } from './regions.js';

describe('LinkCutTree', () => {
  it('agrees with recomputed connectivity under random links and cuts', () => {
    const rng = Rng.from(5);
    const n = 30;
    const lct = new LinkCutTree(n);
    const edges: [number, number][] = [];
    for (let step = 0; step < 3000; step++) {
      if (edges.length > 0 && rng.bool(0.4)) {
        const k = rng.below(edges.length);
        const [u, v] = edges[k]!;
        edges.splice(k, 1);
        lct.cut(u, v);
      } else {
        const u = rng.below(n);
        const v = rng.below(n);
        if (!lct.connected(u, v)) {
          lct.link(u, v);
          edges.push([u, v]);
        }
      }
      const ds = new DisjointSet(n);
      for (const [u, v] of edges) ds.union(u, v);
      // pathHas agrees with "cutting the edge separates u and v"
      if (edges.length > 0) {
        const [a, b] = edges[rng.below(edges.length)]!;
        const u = rng.below(n);
        const v = rng.below(n);
        if (u !== v && ds.same(u, v) && ds.same(u, a)) {
          const rest = new DisjointSet(n);
          for (const [x, y] of edges) if (!(x === a && y === b)) rest.union(x, y);
          expect(lct.pathHas(u, v, a, b)).toBe(!rest.same(u, v));
        }
      }
      for (let q = 0; q < 5; q++) {
        const a = rng.below(n);
        const b = rng.below(n);
        expect(lct.connected(a, b)).toBe(ds.same(a, b));
      }
    }
  });
});

describe('Regions', () => {
  it('matches a fresh flood fill after random box moves', () => {
    const rng = Rng.from(8);
    const width = 12;
    const height = 10;
    const cells = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const c = y * width + x;
        if (x === 0 || y === 0 || x === width - 1 || y === height - 1 || rng.bool(0.15))
          cells[c] = WALL;
        else if (rng.bool(0.3)) cells[c] = BOX;
      }
    }
    const regions = new Regions(cells, width);
    const check = (): void => {
      // same partition as a flood fill: same label ⇔ connected
      const ds = new DisjointSet(cells.length);
      for (let c = 0; c < cells.length; c++) {
        if (cells[c]! & (WALL | BOX)) continue;
        for (const t of [c + 1, c + width])
          if (t < cells.length && !(cells[t]! & (WALL | BOX))) ds.union(c, t);
      }
      const open: number[] = [];
      for (let c = 0; c < cells.length; c++) if (!(cells[c]! & (WALL | BOX))) open.push(c);
      for (let k = 0; k < 40; k++) {
        const a = open[rng.below(open.length)]!;
        const b = open[rng.below(open.length)]!;
        expect(regions.comp[a] === regions.comp[b]).toBe(ds.same(a, b));
      }
      for (const c of open) expect(regions.sizeOf(regions.comp[c]!)).toBe(ds.sizeOf(c));
    };
    check();
    const off = [-1, 1, -width, width];
    for (let step = 0; step < 400; step++) {
      const c = rng.below(cells.length);
      if (!(cells[c]! & BOX)) continue;
      const t = c + off[rng.below(4)]!;
      if (cells[t]! & (WALL | BOX)) continue;
      cells[t] = BOX;
      regions.occupy(t);
      cells[c] = 0;
      regions.free(c);
      check();
    }
  });
});
