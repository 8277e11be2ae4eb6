// Figures for @puzzlekit/disjoint-set: union-find throughput and random spanning trees of a 100×100 grid.
import { header, measure, table, fmt } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import {
  DisjointSet,
  gridGraph,
  kruskal,
  randomSpanningTreeKruskal,
  uniformSpanningTree,
} from '../src/index.js';

header('@puzzlekit/disjoint-set');

const N = 1_000_000;
const rng = Rng.from('bench');
const pairs = new Int32Array(2 * N);
for (let i = 0; i < pairs.length; i++) pairs[i] = rng.below(N);
const set = new DisjointSet(N);
const uf = measure(() => {
  set.reset();
  for (let i = 0; i < N; i++) set.union(pairs[2 * i]!, pairs[2 * i + 1]!);
  let roots = 0;
  for (let i = 0; i < N; i++) if (set.find(i) === i) roots++;
  return roots;
}, 1500);
const opsPerSecond = (uf.perSecond * 2 * N) / 1; // N unions + N finds per call

const grid = gridGraph(100, 100);
const kr = measure(() => randomSpanningTreeKruskal(grid, rng), 1000);
const wi = measure(() => uniformSpanningTree(grid, rng), 1000);
const weighted = Array.from({ length: grid.edgeU.length }, (_, i) => ({
  u: grid.edgeU[i]!,
  v: grid.edgeV[i]!,
  weight: rng.float(),
}));
const mst = measure(() => kruskal(grid.vertexCount, weighted), 1000);
const big = gridGraph(1000, 1000);
const bigKr = measure(() => randomSpanningTreeKruskal(big, rng), 1000);
const bigWi = measure(() => uniformSpanningTree(big, rng), 1000);

table([
  ['operation', 'figure'],
  ['union-find, 1e6 random unions + 1e6 finds', `${fmt(opsPerSecond / 1e6)} M ops/s`],
  ['random spanning tree 100×100, random-weight Kruskal', `${fmt(kr.medianMs, 3)} ms`],
  ['uniform spanning tree 100×100, Wilson', `${fmt(wi.medianMs, 3)} ms`],
  ['Kruskal MST 100×100 with float weights (object edges)', `${fmt(mst.medianMs, 3)} ms`],
  ['random spanning tree 1000×1000, Kruskal', `${fmt(bigKr.medianMs, 1)} ms`],
  ['uniform spanning tree 1000×1000, Wilson', `${fmt(bigWi.medianMs, 1)} ms`],
]);
