import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DisjointSet,
  gridGraph,
  kruskal,
  randomSpanningTreeKruskal,
  uniformSpanningTree,
  type EdgeListGraph,
  type RandomSource,
  type SpanningTree,
} from './index.js';

/** A small seeded source for tests (the real one is @puzzlekit/rng, which this package must not import). */
function lcg(seed: number): RandomSource {
  let s = seed >>> 0 || 1;
  return {
    int(lo, hi) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return lo + Math.floor((s / 2 ** 32) * (hi - lo + 1));
    },
  };
}

/** Reference: components by naive relabelling (O(n) per union). */
function naiveComponents(n: number, pairs: readonly (readonly [number, number])[]): number[] {
  const label = Array.from({ length: n }, (_, i) => i);
  for (const [a, b] of pairs) {
    const [la, lb] = [label[a]!, label[b]!];
    if (la !== lb) for (let i = 0; i < n; i++) if (label[i] === lb) label[i] = la;
  }
  return label;
}

describe('DisjointSet', () => {
  it('matches naive relabelling on random operation sequences (property)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 40 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 80 }),
            ),
          ),
        ([n, pairs]) => {
          const set = new DisjointSet(n);
          for (const [a, b] of pairs) set.union(a, b);
          const label = naiveComponents(n, pairs);
          for (let i = 0; i < n; i++)
            for (let j = 0; j < n; j++) expect(set.same(i, j)).toBe(label[i] === label[j]);
          expect(set.count).toBe(new Set(label).size);
          for (let i = 0; i < n; i++)
            expect(set.sizeOf(i)).toBe(label.filter((l) => l === label[i]).length);
          const groups = set.groups();
          expect(groups.flat().sort((a, b) => a - b)).toEqual(
            Array.from({ length: n }, (_, i) => i),
          );
        },
      ),
    );
  });

  it('union reports whether it merged, and reset undoes everything', () => {
    const set = new DisjointSet(4);
    expect(set.union(0, 1)).toBe(true);
    expect(set.union(1, 0)).toBe(false);
    expect(set.count).toBe(3);
    set.reset();
    expect(set.count).toBe(4);
    expect(set.same(0, 1)).toBe(false);
    expect(set.length).toBe(4);
  });

  it('throws a clear error for elements out of range', () => {
    const set = new DisjointSet(3);
    expect(() => set.find(3)).toThrow(/outside 0..2/);
    expect(() => set.union(-1, 0)).toThrow(/outside/);
    expect(() => new DisjointSet(-1)).toThrow(/non-negative/);
  });

  it('handles a long chain without recursion', () => {
    const n = 200_000;
    const set = new DisjointSet(n);
    for (let i = 1; i < n; i++) set.union(i - 1, i);
    expect(set.count).toBe(1);
    expect(set.sizeOf(n - 1)).toBe(n);
  });
});

describe('kruskal', () => {
  it('finds the hand-checked minimum spanning tree', () => {
    // Square 0-1-2-3 with diagonal 0-2: weights chosen so the MST is 0-1, 1-2, 2-3 (total 6).
    const edges = [
      { u: 0, v: 1, weight: 1 },
      { u: 1, v: 2, weight: 2 },
      { u: 2, v: 3, weight: 3 },
      { u: 3, v: 0, weight: 4 },
      { u: 0, v: 2, weight: 5 },
    ];
    const mst = kruskal(4, edges);
    expect(mst.totalWeight).toBe(6);
    expect(mst.edgeIndices).toEqual([0, 1, 2]);
    expect(mst.components).toBe(1);
  });

  it('equals the brute-force minimum over all spanning trees on small random graphs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(4), fc.nat(4), fc.integer({ min: 1, max: 9 })), {
          minLength: 1,
          maxLength: 9,
        }),
        (raw) => {
          const edges = raw.map(([u, v, weight]) => ({ u, v, weight }));
          const n = 5;
          const mst = kruskal(n, edges);
          // Brute force: every subset of edges that forms a spanning forest with the fewest components.
          let best = Infinity;
          let bestComponents = Infinity;
          for (let mask = 0; mask < 1 << edges.length; mask++) {
            const set = new DisjointSet(n);
            let ok = true;
            let w = 0;
            edges.forEach((e, i) => {
              if (mask & (1 << i)) {
                if (!set.union(e.u, e.v)) ok = false;
                w += e.weight;
              }
            });
            if (!ok) continue;
            if (set.count < bestComponents || (set.count === bestComponents && w < best)) {
              bestComponents = set.count;
              best = w;
            }
          }
          expect(mst.components).toBe(bestComponents);
          expect(mst.totalWeight).toBe(best);
        },
      ),
    );
  });
});

function isSpanningTree(graph: EdgeListGraph, tree: SpanningTree): boolean {
  const set = new DisjointSet(graph.vertexCount);
  for (let i = 0; i < tree.edgeU.length; i++)
    if (!set.union(tree.edgeU[i]!, tree.edgeV[i]!)) return false;
  return set.count === 1 && tree.edgeU.length === graph.vertexCount - 1;
}

describe('grid spanning trees', () => {
  it('gridGraph has the right edges and honours a mask', () => {
    const g = gridGraph(3, 2);
    expect(g.edgeU.length).toBe(2 * 2 + 3 * 1);
    expect(Array.from(g.edgeU.slice(0, 2))).toEqual([0, 1]);
    const masked = gridGraph(3, 2, [1, 1, 0, 1, 1, 1]);
    expect(masked.edgeU.length).toBe(5);
    expect(() => gridGraph(0, 3)).toThrow();
    expect(() => gridGraph(2, 2, [1])).toThrow(/mask/);
  });

  it('both builders give spanning trees of random grids (property), deterministic per seed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer(),
        (w, h, seed) => {
          const g = gridGraph(w, h);
          const a = randomSpanningTreeKruskal(g, lcg(seed));
          const b = uniformSpanningTree(g, lcg(seed));
          expect(isSpanningTree(g, a)).toBe(true);
          expect(isSpanningTree(g, b)).toBe(true);
          expect(uniformSpanningTree(g, lcg(seed)).edgeIndices).toEqual(b.edgeIndices);
        },
      ),
    );
  });

  it("Wilson's algorithm is uniform: each of the 4 spanning trees of a 2×2 grid about 1/4 of the time", () => {
    const g = gridGraph(2, 2);
    const rng = lcg(12345);
    const counts = new Map<string, number>();
    for (let i = 0; i < 8000; i++) {
      const key = Array.from(uniformSpanningTree(g, rng).edgeIndices).join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(4);
    for (const c of counts.values()) expect(Math.abs(c - 2000)).toBeLessThan(200);
  });

  it('on a 2×3 grid (15 spanning trees) Wilson is uniform where Kruskal is not required to be', () => {
    const g = gridGraph(3, 2);
    const rng = lcg(99);
    const counts = new Map<string, number>();
    const runs = 15_000;
    for (let i = 0; i < runs; i++) {
      const key = Array.from(uniformSpanningTree(g, rng).edgeIndices).join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(15);
    for (const c of counts.values()) expect(Math.abs(c - runs / 15)).toBeLessThan(180);
  });

  it('masked grids give one tree per component', () => {
    // Two islands: left column and right column, separated by a blocked middle column.
    const g = gridGraph(3, 3, [1, 0, 1, 1, 0, 1, 1, 0, 1]);
    const t = uniformSpanningTree(g, lcg(1));
    expect(t.edgeU.length).toBe(4);
    const k = randomSpanningTreeKruskal(g, lcg(1));
    expect(k.edgeU.length).toBe(4);
  });
});
