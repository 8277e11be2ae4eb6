/**
 * Union-find on typed arrays, Kruskal's minimum spanning tree, and random spanning trees of grid
 * graphs (random-weight Kruskal, and Wilson's algorithm for a uniformly random tree).
 *
 * @packageDocumentation
 */
export { DisjointSet } from './disjoint-set.js';
export {
  gridGraph,
  kruskal,
  randomSpanningTreeKruskal,
  uniformSpanningTree,
  type EdgeListGraph,
  type GridGraph,
  type MinimumSpanningForest,
  type RandomSource,
  type SpanningTree,
  type WeightedEdge,
} from './spanning-tree.js';
