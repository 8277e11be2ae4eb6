import type { Budget, GaveUpOutcome } from '@puzzlekit/job';
import {
  Meter,
  checkCost,
  checkHeuristic,
  type HeuristicProblem,
  type SearchResult,
  type StateKey,
} from './problem.js';

interface Frame<S> {
  readonly state: S;
  readonly key: StateKey;
  readonly g: number;
  readonly next: S[];
  readonly costs: number[];
  i: number;
}

/**
 * Iterative-deepening A* (Korf 1985): depth-first searches bounded by f = g + h, the bound rising to
 * the smallest f that exceeded it. Memory grows with the path length only, not with the states seen;
 * states on the current path are not re-entered (no cycles), but there is no transposition table, so
 * graphs with many paths to one state are re-searched (each re-expansion counts against `maxWork`). With an
 * admissible heuristic the answer is a cheapest path. Iterative, so deep paths cannot overflow the
 * call stack. `stats.peakFrontier` is the deepest path held, `stats.iterations` the bounds tried.
 *
 * @throws InvalidInputError (code `INVALID_COST` / `INVALID_HEURISTIC`) for a bad cost or heuristic.
 */
export function idaStar<S, K extends StateKey>(
  problem: HeuristicProblem<S, K>,
  budget: Budget = {},
): SearchResult<S> {
  const meter = new Meter(budget);
  const h = (s: S): number => {
    const v = problem.heuristic(s);
    checkHeuristic(v);
    return v;
  };
  const start = problem.start;
  let bound = h(start);
  const onPath = new Set<StateKey>();
  let next: S[] = [];
  let costs: number[] = [];
  const emit = (s: S, cost = 1): void => {
    checkCost(cost);
    meter.generated++;
    next.push(s);
    costs.push(cost);
  };
  while (bound !== Infinity) {
    meter.iterations++;
    let nextBound = Infinity;
    const stack: Frame<S>[] = [];
    onPath.clear();
    // Enter a node: a goal within the bound, a node cut by the bound, or one expanded (spending a
    // node of the budget; the outcome to give up with when the budget forbids it).
    const enter = (
      state: S,
      key: StateKey,
      g: number,
    ): 'goal' | 'pushed' | 'cut' | GaveUpOutcome => {
      const f = g + h(state);
      if (f > bound) {
        if (f < nextBound) nextBound = f;
        return 'cut';
      }
      if (problem.isGoal(state)) {
        stack.push({ state, key, g, next: [], costs: [], i: 0 });
        return 'goal';
      }
      const gaveUp = meter.spend(stack.length);
      if (gaveUp !== null) return gaveUp;
      next = [];
      costs = [];
      problem.neighbours(state, emit);
      stack.push({ state, key, g, next, costs, i: 0 });
      onPath.add(key);
      meter.frontier(stack.length);
      return 'pushed';
    };
    const first = enter(start, problem.key(start), 0);
    if (first === 'goal') return meter.solved([start], 0, true);
    if (typeof first === 'object') return meter.gaveUp(first, true);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.i >= top.next.length) {
        stack.pop();
        onPath.delete(top.key);
        continue;
      }
      const child = top.next[top.i]!;
      const cost = top.costs[top.i]!;
      top.i++;
      const key = problem.key(child);
      if (onPath.has(key)) continue;
      const entered = enter(child, key, top.g + cost);
      if (entered === 'goal') {
        const goal = stack[stack.length - 1]!;
        return meter.solved(
          stack.map((f) => f.state),
          goal.g,
          true,
        );
      }
      if (typeof entered === 'object') return meter.gaveUp(entered, true);
    }
    bound = nextBound;
  }
  return meter.impossible(true);
}
