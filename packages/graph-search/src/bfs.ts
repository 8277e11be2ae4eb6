import type { Budget } from '@puzzlekit/job';
import {
  Meter,
  NodeTable,
  type SearchProblem,
  type SearchResult,
  type StateKey,
} from './problem.js';

/**
 * Breadth-first search: the path with the fewest moves (move costs are ignored; `cost` is the move
 * count). Goals are recognised when generated, so the last layer is not expanded. Ends with
 * `impossible` when every reachable state was seen, `gave-up` when a bound of `budget` ran out (work
 * unit: nodes, the states expanded).
 */
export function bfs<S, K extends StateKey>(
  problem: SearchProblem<S, K>,
  budget: Budget = {},
): SearchResult<S> {
  const meter = new Meter(budget);
  const table = new NodeTable<S, K>(problem.keySpace);
  const start = problem.start;
  const startKey = problem.key(start);
  table.lookup(startKey); // validates the key
  table.add(start, startKey, -1, 0);
  if (problem.isGoal(start)) return meter.solved([start], 0);
  let head = 0;
  let current = 0;
  let found = -1;
  const emit = (next: S): void => {
    meter.generated++;
    if (found >= 0) return;
    const k = problem.key(next);
    if (table.lookup(k) >= 0) return;
    const id = table.add(next, k, current, table.g[current]! + 1);
    if (problem.isGoal(next)) found = id;
  };
  while (head < table.size) {
    const gaveUp = meter.spend(table.size);
    if (gaveUp !== null) return meter.gaveUp(gaveUp);
    current = head++;
    problem.neighbours(table.states[current]!, emit);
    meter.frontier(table.size - head);
    if (found >= 0) return meter.solved(table.pathTo(found), table.g[found]!);
  }
  return meter.impossible();
}
