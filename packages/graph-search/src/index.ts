/**
 * State-space search for puzzles: BFS, bidirectional BFS, Dijkstra, A* and IDA* over a small problem
 * interface (a start, a goal test, `neighbours(state, emit)` and a number or bigint key), binary heaps
 * on typed arrays, and node/time budgets that always end with a result and statistics.
 *
 * @packageDocumentation
 */
export { IndexedHeap, MinHeap } from './heap.js';
export {
  DEFAULT_MAX_EXPANDED,
  type BidirectionalProblem,
  type BudgetLimit,
  type Emit,
  type HeuristicProblem,
  type SearchOptions,
  type SearchProblem,
  type SearchResult,
  type SearchStats,
  type SearchStatus,
  type StateKey,
} from './problem.js';
export { bfs } from './bfs.js';
export { bidirectionalBfs } from './bidirectional.js';
export { astar, dijkstra } from './best-first.js';
export { idaStar } from './ida-star.js';
