import { InvalidInputError } from '@puzzlekit/errors';
import {
  DEFAULT_MAX_WORK,
  DEFAULT_MAX_STATES,
  IMPOSSIBLE,
  PROGRESS_EVERY,
  SOLVED,
  budgetValue,
  gaveUp,
  type Budget,
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

/**
 * Limits that make every search end: the shared {@link Budget} (`maxWork`, `maxMs`, `maxStates`,
 * `now`, `onProgress`) plus the older names `maxExpanded` (= `maxWork`) and `timeLimitMs`
 * (= `maxMs`), still accepted — when both names are given the smaller bound holds. Node counts are
 * deterministic; the time limit is not (it depends on the machine), so prefer node limits where
 * results must be reproducible.
 */
export interface SearchOptions extends Budget {
  /** Stop after expanding this many states (default {@link DEFAULT_MAX_EXPANDED}; `Infinity` lifts it). */
  readonly maxExpanded?: number;
  /** Stop once this many successors were generated (checked after each expansion; default none). */
  readonly maxGenerated?: number;
  /** Stop after about this many milliseconds of wall time (checked every 256 expansions; default none). */
  readonly timeLimitMs?: number;
}

/** Default node budget: searches stop after two million expansions unless told otherwise. */
export const DEFAULT_MAX_EXPANDED = DEFAULT_MAX_WORK;

/** How a search ended: a goal was found, the reachable space ran out, or a budget ran out. */
export type SearchStatus = 'found' | 'exhausted' | 'budget';

/** Which budget ended a search (`memory`: the stored states reached `maxStates`). */
export type BudgetLimit = 'expanded' | 'generated' | 'time' | 'memory';

/** Work counters of a search. */
export interface SearchStats {
  /** States whose successors were generated. */
  readonly expanded: number;
  /** Successors generated (every `emit` call, duplicates included). */
  readonly generated: number;
  /**
   * Largest open list seen: queue or heap entries (both sides together for bidirectional BFS); for
   * IDA*, the deepest path held.
   */
  readonly peakFrontier: number;
  /** Wall time in milliseconds. */
  readonly ms: number;
  /** IDA* only: number of cost-bound iterations started. */
  readonly iterations?: number;
}

/** The outcome of a search. */
export interface SearchResult<S> {
  /** `'found'`, `'exhausted'` (no goal is reachable) or `'budget'` (gave up). */
  readonly status: SearchStatus;
  /** States from start to goal inclusive when found, otherwise `null`. */
  readonly path: readonly S[] | null;
  /**
   * Cost of `path`: the number of moves for (bidirectional) BFS, the sum of move costs for Dijkstra,
   * A* and IDA*. `Infinity` when nothing was found.
   */
  readonly cost: number;
  /** The budget that ended the search when `status` is `'budget'`, otherwise `null`. */
  readonly limit: BudgetLimit | null;
  /**
   * The same ending in the shared vocabulary of every puzzlekit solver: `solved` (= `found`),
   * `impossible` (= `exhausted`) or `gave-up` with the bound (`nodes`, `time`, `memory`) and its value.
   */
  readonly outcome: Outcome;
  /** Work counters. */
  readonly stats: SearchStats;
}

/** Internal: counters plus the budget checks shared by every search. */
export class Meter {
  expanded = 0;
  generated = 0;
  peakFrontier = 0;
  iterations = 0;
  readonly maxExpanded: number;
  readonly maxGenerated: number;
  readonly maxStates: number;
  readonly maxMs: number;
  readonly deadline: number;
  readonly now: () => number;
  readonly t0: number;
  private readonly onProgress: ((nodes: number, elapsedMs: number) => void) | undefined;

  constructor(options: SearchOptions) {
    this.maxExpanded = Math.min(
      budgetValue(options.maxExpanded, 'maxExpanded', DEFAULT_MAX_EXPANDED),
      budgetValue(options.maxWork, 'maxWork', Infinity),
    );
    this.maxGenerated = budgetValue(options.maxGenerated, 'maxGenerated', Infinity);
    this.maxStates = budgetValue(options.maxStates, 'maxStates', DEFAULT_MAX_STATES);
    this.maxMs = Math.min(
      budgetValue(options.timeLimitMs, 'timeLimitMs', Infinity),
      budgetValue(options.maxMs, 'maxMs', Infinity),
    );
    this.now = options.now ?? (() => performance.now());
    this.onProgress = options.onProgress;
    this.t0 = this.now();
    this.deadline = this.t0 + this.maxMs;
  }

  /**
   * Called before each expansion with the number of states stored: the budget that is used up, or
   * null to go on.
   */
  check(stored = 0): BudgetLimit | null {
    if (this.expanded >= this.maxExpanded) return 'expanded';
    if (this.generated >= this.maxGenerated) return 'generated';
    if (stored > this.maxStates) return 'memory';
    if ((this.expanded & 255) === 0) {
      if (
        this.onProgress !== undefined &&
        this.expanded > 0 &&
        (this.expanded & (PROGRESS_EVERY - 1)) === 0
      ) {
        this.onProgress(this.expanded, this.now() - this.t0);
      }
      if (this.deadline !== Infinity && this.now() >= this.deadline) return 'time';
    }
    return null;
  }

  /** The shared-vocabulary outcome of a search that stopped on `limit`. */
  gaveUp(limit: BudgetLimit): Outcome {
    switch (limit) {
      case 'expanded':
        return gaveUp('work', this.maxExpanded, 'nodes');
      case 'generated':
        return gaveUp('work', this.maxGenerated, 'successors');
      case 'time':
        return gaveUp('time', this.maxMs, 'ms');
      case 'memory':
        return gaveUp('memory', this.maxStates, 'states');
    }
  }

  frontier(size: number): void {
    if (size > this.peakFrontier) this.peakFrontier = size;
  }

  stats(withIterations = false): SearchStats {
    const base = {
      expanded: this.expanded,
      generated: this.generated,
      peakFrontier: this.peakFrontier,
      ms: this.now() - this.t0,
    };
    return withIterations ? { ...base, iterations: this.iterations } : base;
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

/** Internal: builds a result. */
export function result<S>(
  status: SearchStatus,
  path: S[] | null,
  cost: number,
  limit: BudgetLimit | null,
  meter: Meter,
  withIterations = false,
): SearchResult<S> {
  const outcome =
    status === 'found' ? SOLVED : status === 'exhausted' ? IMPOSSIBLE : meter.gaveUp(limit!);
  return { status, path, cost, limit, outcome, stats: meter.stats(withIterations) };
}
