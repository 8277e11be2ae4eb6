import {
  Meter,
  NodeTable,
  result,
  type SearchOptions,
  type SearchProblem,
  type SearchResult,
  type StateKey,
} from './problem.js';

/**
 * Breadth-first search: the path with the fewest moves (move costs are ignored; `cost` is the move
 * count). Goals are recognised when generated, so the last layer is not expanded. Ends with
 * `'exhausted'` when every reachable state was seen, `'budget'` when a limit of `options` ran out.
 */
export function bfs<S, K extends StateKey>(
  problem: SearchProblem<S, K>,
  options: SearchOptions = {},
): SearchResult<S> {
  const meter = new Meter(options);
  const table = new NodeTable<S, K>(problem.keySpace);
  const start = problem.start;
  const startKey = problem.key(start);
  table.lookup(startKey); // validates the key
  table.add(start, startKey, -1, 0);
  if (problem.isGoal(start)) return result('found', [start], 0, null, meter);
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
    const limit = meter.check(table.size);
    if (limit !== null) return result('budget', null, Infinity, limit, meter);
    current = head++;
    meter.expanded++;
    problem.neighbours(table.states[current]!, emit);
    meter.frontier(table.size - head);
    if (found >= 0) return result('found', table.pathTo(found), table.g[found]!, null, meter);
  }
  return result('exhausted', null, Infinity, null, meter);
}
