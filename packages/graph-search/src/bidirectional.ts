import type { Budget } from '@puzzlekit/job';
import {
  Meter,
  NodeTable,
  type BidirectionalProblem,
  type SearchResult,
  type StateKey,
} from './problem.js';

/**
 * Bidirectional breadth-first search: a forward BFS from `start` and a backward BFS (over
 * `reverseNeighbours`) from every goal, expanding whole layers of whichever side has the smaller
 * frontier, until they meet. Returns a path with the fewest moves (the first meeting is already
 * shortest, because layers are expanded whole); `cost` is its move count. Explores roughly the square
 * root of what one-sided BFS does on graphs that branch evenly.
 */
export function bidirectionalBfs<S, K extends StateKey>(
  problem: BidirectionalProblem<S, K>,
  budget: Budget = {},
): SearchResult<S> {
  const meter = new Meter(budget);
  const fwd = new NodeTable<S, K>(problem.keySpace);
  const bwd = new NodeTable<S, K>(problem.keySpace);
  const start = problem.start;
  const startKey = problem.key(start);
  fwd.lookup(startKey); // validates the key
  fwd.add(start, startKey, -1, 0);
  for (const goal of problem.goals) {
    const k = problem.key(goal);
    if (bwd.lookup(k) < 0) bwd.add(goal, k, -1, 0);
  }
  if (bwd.lookup(startKey) >= 0) return meter.solved([start], 0);
  if (bwd.size === 0) return meter.impossible();

  // Each table is in BFS order, so a side's current layer is the range [layerStart, size).
  let fwdLayer = 0;
  let bwdLayer = 0;
  let meetFwd = -1;
  let meetBwd = -1;
  let current = 0;
  let side: NodeTable<S, K> = fwd;
  let other: NodeTable<S, K> = bwd;
  const emit = (next: S): void => {
    meter.generated++;
    if (meetFwd >= 0) return;
    const k = problem.key(next);
    if (side.lookup(k) >= 0) return;
    const id = side.add(next, k, current, side.g[current]! + 1);
    const there = other.lookup(k);
    if (there >= 0) {
      meetFwd = side === fwd ? id : there;
      meetBwd = side === fwd ? there : id;
    }
  };

  while (true) {
    const fwdSize = fwd.size - fwdLayer;
    const bwdSize = bwd.size - bwdLayer;
    if (fwdSize === 0 || bwdSize === 0) return meter.impossible();
    const forward = fwdSize <= bwdSize;
    side = forward ? fwd : bwd;
    other = forward ? bwd : fwd;
    const from = forward ? fwdLayer : bwdLayer;
    const to = side.size;
    for (let id = from; id < to; id++) {
      const gaveUp = meter.spend(fwd.size + bwd.size);
      if (gaveUp !== null) return meter.gaveUp(gaveUp);
      current = id;
      if (forward) problem.neighbours(side.states[id]!, emit);
      else problem.reverseNeighbours(side.states[id]!, emit);
      meter.frontier(fwd.size - fwdLayer + bwd.size - bwdLayer);
      if (meetFwd >= 0) {
        const path = fwd.pathTo(meetFwd);
        for (let n = bwd.parent[meetBwd]!; n >= 0; n = bwd.parent[n]!) path.push(bwd.states[n]!);
        return meter.solved(path, path.length - 1);
      }
    }
    if (forward) fwdLayer = to;
    else bwdLayer = to;
  }
}
