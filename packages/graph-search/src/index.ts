/**
 * State-space search for puzzles: BFS, bidirectional BFS, Dijkstra, A* and IDA* over a small problem
 * interface (a start, a goal test, `neighbours(state, emit)` and a number or bigint key), a budgeted
 * depth-first search with a memo over positions played in place, binary heaps on typed arrays (by
 * number priority, or over ids by the caller's comparison) and with a comparator, a bucket queue and
 * an integer-keyed state table. Every search takes the `Budget` of `@puzzlekit/job` (work unit:
 * nodes expanded) and ends with its `Outcome`.
 *
 * @packageDocumentation
 */
export { IndexedHeap, MinHeap } from './heap.js';
export { IdHeap } from './id-heap.js';
export { Heap } from './comparator-heap.js';
export { BucketQueue, MAX_BUCKET_PRIORITY } from './bucket-queue.js';
export { ADDED, FULL, StateTable } from './state-table.js';
export {
  type BidirectionalProblem,
  type Emit,
  type HeuristicProblem,
  type SearchProblem,
  type SearchResult,
  type SearchStats,
  type StateKey,
} from './problem.js';
export { bfs } from './bfs.js';
export { bidirectionalBfs } from './bidirectional.js';
export { astar, dijkstra } from './best-first.js';
export { idaStar } from './ida-star.js';
export {
  depthFirstSearch,
  type DepthFirstResult,
  type MoveSink,
  type ReversibleProblem,
} from './dfs.js';
