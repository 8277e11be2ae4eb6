import { InvalidInputError } from '@puzzlekit/errors';
import {
  BudgetMeter,
  IMPOSSIBLE,
  SOLVED,
  type Budget,
  type GaveUpOutcome,
  type Outcome,
} from '@puzzlekit/job';

/** A state's identity: equal keys mean the same state. Numbers must be safe integers or any number used consistently; bigints for large packed states. */
export type StateKey = number | bigint;

/**
 * Hands one successor to the search: the next state and the cost of the move (default 1; must be a
 * finite number ≥ 0). Breadth-first searches count steps and ignore the cost.
 */
export type Emit<S> = (next: S, cost?: number) => void;

/**
 * A search problem: where to start, when to stop, how to move, and how to recognise a state seen
 * before. `neighbours` calls `emit` once per successor (no arrays to allocate); `key` maps a state to a
 * number or bigint that is equal exactly for equal states.
 */
export interface SearchProblem<S, K extends StateKey = StateKey> {
  /** The initial state. */
  readonly start: S;
  /** True for a goal state. */
  isGoal(state: S): boolean;
  /** Calls `emit(next, cost)` for each successor of `state`, in a fixed order. */
  neighbours(state: S, emit: Emit<S>): void;
  /** The state's identity (number or bigint). */
  key(state: S): K;
  /**
   * Optional: when every key is an integer in `[0, keySpace)` (a cell index, a packed small state),
   * say so and the searches index states with an `Int32Array` of that length instead of a `Map` —
   * several times faster on grids. A key outside the range is an `InvalidInputError`.
   */
  readonly keySpace?: number;
}

/**
 * A problem with a heuristic for A* and IDA*: an estimate of the remaining cost to the nearest goal.
 * It must be admissible (never above the true remaining cost) for the answer to be optimal; returning
 * `Infinity` prunes a state known to be a dead end.
 */
export interface HeuristicProblem<S, K extends StateKey = StateKey> extends SearchProblem<S, K> {
  /** Lower bound on the cost from `state` to a goal (0 at goals), or `Infinity` for a dead end. */
  heuristic(state: S): number;
}

/**
 * A problem for bidirectional BFS: the goal states are listed, and moves can be walked backwards.
 */
export interface BidirectionalProblem<S, K extends StateKey = StateKey> {
  /** The initial state. */
  readonly start: S;
  /** Every goal state (the backward search starts from all of them). */
  readonly goals: readonly S[];
  /** Calls `emit(next)` for each successor of `state`. */
  neighbours(state: S, emit: Emit<S>): void;
  /** Calls `emit(previous)` for each state that has `state` as a successor. */
  reverseNeighbours(state: S, emit: Emit<S>): void;
  /** The state's identity (number or bigint). */
  key(state: S): K;
  /** Optional dense key range, as in {@link SearchProblem.keySpace}. */
  readonly keySpace?: number;
}

/** Work counters of a search beside its work (the states it expanded). */
export interface SearchStats {
  /** Successors generated (every `emit` call, duplicates included). */
  readonly generated: number;
  /**
   * Largest open list seen: queue or heap entries (both sides together for bidirectional BFS); for
   * IDA*, the deepest path held.
   */
  readonly peakFrontier: number;
  /** IDA* only: number of cost-bound iterations started. */
  readonly iterations?: number;
}

/**
 * The result of a search, in the job vocabulary: how it ended, the path when it was solved, and the
 * work spent (states expanded, the unit `nodes`). Deterministic: no timings.
 */
export interface SearchResult<S> {
  /**
   * `solved` (a goal was reached), `impossible` (every reachable state was seen and none is a goal)
   * or `gave-up` naming the bound: `work` (nodes), `time` or `memory` (states stored).
   */
  readonly outcome: Outcome;
  /** States from start to goal inclusive when solved, otherwise `null`. */
  readonly path: readonly S[] | null;
  /**
   * Cost of `path`: the number of moves for (bidirectional) BFS, the sum of move costs for Dijkstra,
   * A* and IDA*. `Infinity` when nothing was found.
   */
  readonly cost: number;
  /** States expanded (their successors generated): the work counted against `maxWork`. */
  readonly work: number;
  /** Other counters. */
  readonly stats: SearchStats;
}

/**
 * Internal: the counters of a search around the job's {@link BudgetMeter} (unit `nodes`: one per
 * state expanded; the clock is read every 256 nodes; `maxStates` bounds the states stored).
 */
export class Meter {
  readonly budget: BudgetMeter;
  generated = 0;
  peakFrontier = 0;
  iterations = 0;

  constructor(budget: Budget) {
    this.budget = new BudgetMeter(budget, { unit: 'nodes' });
  }

  /**
   * Called before each expansion with the number of states stored: spends one node and returns
   * null to go on, or the outcome to give up with (memory, work or time).
   */
  spend(stored: number): GaveUpOutcome | null {
    const budget = this.budget;
    if (budget.storesTooMany(stored)) return budget.gaveUp('memory');
    const bound = budget.spend();
    return bound === null ? null : budget.gaveUp(bound);
  }

  frontier(size: number): void {
    if (size > this.peakFrontier) this.peakFrontier = size;
  }

  /** The result of a search that ended with `outcome`. */
  result<S>(
    outcome: Outcome,
    path: S[] | null,
    cost: number,
    withIterations = false,
  ): SearchResult<S> {
    const stats = withIterations
      ? { generated: this.generated, peakFrontier: this.peakFrontier, iterations: this.iterations }
      : { generated: this.generated, peakFrontier: this.peakFrontier };
    return { outcome, path, cost, work: this.budget.work, stats };
  }

  /** A solved result: `path` from start to goal, of cost `cost`. */
  solved<S>(path: S[], cost: number, withIterations = false): SearchResult<S> {
    return this.result(SOLVED, path, cost, withIterations);
  }

  /** A proven-impossible result. */
  impossible<S>(withIterations = false): SearchResult<S> {
    return this.result<S>(IMPOSSIBLE, null, Infinity, withIterations);
  }

  /** A result that gave up on `outcome`'s bound. */
  gaveUp<S>(outcome: GaveUpOutcome, withIterations = false): SearchResult<S> {
    return this.result<S>(outcome, null, Infinity, withIterations);
  }
}

/** Internal: validates a move cost. */
export function checkCost(cost: number): void {
  if (!(cost >= 0) || cost === Infinity) {
    throw new InvalidInputError(`move cost must be a finite number ≥ 0, got ${cost}`, {
      code: 'INVALID_COST',
    });
  }
}

/** Internal: validates a heuristic value. */
export function checkHeuristic(h: number): void {
  if (!(h >= 0)) {
    throw new InvalidInputError(`heuristic must be ≥ 0 (or Infinity), got ${h}`, {
      code: 'INVALID_HEURISTIC',
    });
  }
}

/**
 * Internal: states discovered so far, numbered in discovery order, with parent links and costs on
 * growable typed arrays, and an index from key to node number (a Map, or an Int32Array when the
 * problem declares a dense `keySpace`).
 */
export class NodeTable<S, K extends StateKey> {
  readonly states: S[] = [];
  private readonly map: Map<K, number> | undefined;
  private readonly dense: Int32Array | undefined;
  parent = new Int32Array(1024);
  g = new Float64Array(1024);

  constructor(keySpace: number | undefined) {
    if (keySpace === undefined) {
      this.map = new Map<K, number>();
    } else {
      if (!Number.isInteger(keySpace) || keySpace < 0 || keySpace > 0x7fffffff) {
        throw new InvalidInputError(`keySpace must be an integer in 0..2^31−1, got ${keySpace}`, {
          path: '$.keySpace',
          code: 'INVALID_KEY_SPACE',
        });
      }
      // Stores node number + 1, so the zero-filled fresh array means "unseen" with no fill pass.
      this.dense = new Int32Array(keySpace);
    }
  }

  get size(): number {
    return this.states.length;
  }

  /** The node number of `key`, or -1 when unseen. */
  lookup(key: K): number {
    const dense = this.dense;
    if (dense === undefined) return this.map!.get(key) ?? -1;
    if (typeof key !== 'number' || !(key >= 0 && key < dense.length) || key % 1 !== 0) {
      throw new InvalidInputError(
        `key ${String(key)} is not an integer in the declared keySpace 0..${dense.length - 1}`,
        { code: 'KEY_OUT_OF_SPACE' },
      );
    }
    return dense[key]! - 1;
  }

  /** Adds a state whose key was just looked up and found unseen. */
  add(state: S, key: K, parent: number, g: number): number {
    const id = this.states.length;
    if (id === this.parent.length) {
      const p = new Int32Array(id * 2);
      p.set(this.parent);
      this.parent = p;
      const gg = new Float64Array(id * 2);
      gg.set(this.g);
      this.g = gg;
    }
    this.states.push(state);
    if (this.dense === undefined) this.map!.set(key, id);
    else this.dense[key as number] = id + 1;
    this.parent[id] = parent;
    this.g[id] = g;
    return id;
  }

  /** States from the root to `id`. */
  pathTo(id: number): S[] {
    const out: S[] = [];
    for (let n = id; n >= 0; n = this.parent[n]!) out.push(this.states[n]!);
    return out.reverse();
  }
}
