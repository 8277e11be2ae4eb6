import type { Budget } from '@puzzlekit/job';
import { IndexedHeap } from './heap.js';
import {
  Meter,
  NodeTable,
  checkCost,
  checkHeuristic,
  type HeuristicProblem,
  type SearchProblem,
  type SearchResult,
  type StateKey,
} from './problem.js';

function bestFirst<S, K extends StateKey>(
  problem: SearchProblem<S, K>,
  heuristic: ((state: S) => number) | undefined,
  budget: Budget,
): SearchResult<S> {
  const meter = new Meter(budget);
  const table = new NodeTable<S, K>(problem.keySpace);
  const heap = new IndexedHeap(1024);
  let h = new Float64Array(1024);
  const hOf = (state: S): number => {
    if (heuristic === undefined) return 0;
    const v = heuristic(state);
    checkHeuristic(v);
    return v;
  };
  const remember = (id: number, value: number): void => {
    if (id >= h.length) {
      const bigger = new Float64Array(h.length * 2);
      bigger.set(h);
      h = bigger;
    }
    h[id] = value;
  };

  const start = problem.start;
  const h0 = hOf(start);
  const startKey = problem.key(start);
  table.lookup(startKey); // validates the key
  remember(table.add(start, startKey, -1, 0), h0);
  if (h0 !== Infinity) heap.push(0, h0);
  let current = 0;
  const emit = (next: S, cost = 1): void => {
    checkCost(cost);
    meter.generated++;
    const g = table.g[current]! + cost;
    const k = problem.key(next);
    const known = table.lookup(k);
    if (known < 0) {
      const hv = hOf(next);
      const id = table.add(next, k, current, g);
      remember(id, hv);
      if (hv !== Infinity) heap.push(id, g + hv, -g);
    } else if (g < table.g[known]!) {
      // A shorter way to a known state: update it, and reopen it if it was already expanded
      // (needed when the heuristic is admissible but not consistent).
      table.g[known] = g;
      table.parent[known] = current;
      const hv = h[known]!;
      if (hv !== Infinity) heap.push(known, g + hv, -g);
    }
  };
  while (heap.size > 0) {
    current = heap.pop();
    const state = table.states[current]!;
    // a goal leaving the heap ends the search before any work is spent on it
    if (problem.isGoal(state)) return meter.solved(table.pathTo(current), table.g[current]!);
    const gaveUp = meter.spend(table.size);
    if (gaveUp !== null) return meter.gaveUp(gaveUp);
    problem.neighbours(state, emit);
    meter.frontier(heap.size);
  }
  return meter.impossible();
}

/**
 * Dijkstra's algorithm: the cheapest path when move costs are ≥ 0. Uses a decrease-key binary heap on
 * typed arrays; a goal is recognised when it leaves the heap, so its cost is final.
 *
 * @throws InvalidInputError (code `INVALID_COST`) when a move cost is negative, NaN or infinite.
 */
export function dijkstra<S, K extends StateKey>(
  problem: SearchProblem<S, K>,
  budget: Budget = {},
): SearchResult<S> {
  return bestFirst(problem, undefined, budget);
}

/**
 * A*: Dijkstra guided by `problem.heuristic`. Among states of equal f = g + h the deeper one (larger g)
 * is expanded first, which on open grids walks straight to the goal instead of filling the diamond. With an admissible heuristic the answer is a cheapest
 * path; states reached again more cheaply are reopened, so a heuristic that is admissible but not
 * consistent is still exact (only slower). `Infinity` from the heuristic prunes a state.
 *
 * @throws InvalidInputError (code `INVALID_COST` / `INVALID_HEURISTIC`) for a bad cost or a negative
 *   or NaN heuristic.
 */
export function astar<S, K extends StateKey>(
  problem: HeuristicProblem<S, K>,
  budget: Budget = {},
): SearchResult<S> {
  return bestFirst(problem, (s) => problem.heuristic(s), budget);
}
