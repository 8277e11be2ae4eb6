import { InvalidInputError } from '@puzzlekit/errors';

/*
 * One vocabulary for every long job in puzzlekit: a Budget says how much work a search may do
 * (nodes, wall time, stored states), an Outcome says how it ended — solved, proven impossible, or
 * gave up, naming the bound it hit — and a BudgetMeter does the counting in the hot loop.
 */

/**
 * How much a search may do. Every field is optional; `Infinity` lifts a bound. Node and state counts
 * are deterministic; wall time is not (it depends on the machine and its load), so pipelines whose
 * output must be reproducible should bound nodes, not time.
 */
export interface Budget {
  /** Nodes (expansions: positions whose moves were generated) before giving up; default {@link DEFAULT_MAX_NODES}. */
  readonly maxNodes?: number;
  /** Wall-clock milliseconds before giving up (checked every 256 nodes); default none. */
  readonly maxMs?: number;
  /** States held in memory (tables, memos) before giving up; default {@link DEFAULT_MAX_STATES}. */
  readonly maxStates?: number;
  /** Clock in milliseconds (default `performance.now`); injectable for tests. */
  readonly now?: () => number;
  /** Called about every {@link PROGRESS_EVERY} nodes with the nodes so far and the elapsed ms. */
  readonly onProgress?: (nodes: number, elapsedMs: number) => void;
}

/** Default node budget: two million expansions. */
export const DEFAULT_MAX_NODES = 2_000_000;
/** Default memory budget: 2^24 stored states (a few hundred MB at most for typed-array tables). */
export const DEFAULT_MAX_STATES = 1 << 24;
/** Nodes between two progress reports. */
export const PROGRESS_EVERY = 1 << 14;

/** The bound that ended a search that gave up. */
export type Bound = 'nodes' | 'time' | 'memory';

/**
 * How a search ended:
 * - `solved` — it found what it was asked for;
 * - `impossible` — it explored everything and proved there is no answer;
 * - `gave-up` — a {@link Budget} bound ran out first (`bound`, whose value was `limit`): nothing is
 *   proven either way.
 */
export type Outcome =
  | { readonly kind: 'solved' }
  | { readonly kind: 'impossible' }
  | { readonly kind: 'gave-up'; readonly bound: Bound; readonly limit: number };

/** The `solved` outcome. */
export const SOLVED: Outcome = Object.freeze({ kind: 'solved' });
/** The `impossible` outcome. */
export const IMPOSSIBLE: Outcome = Object.freeze({ kind: 'impossible' });

/**
 * The outcome in words: `solved`, `proven impossible`, or `gave up: node budget of 2,000,000 reached`
 * (`time limit of 500 ms`, `memory budget of 16,777,216 states`).
 */
export function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'solved':
      return 'solved';
    case 'impossible':
      return 'proven impossible';
    case 'gave-up': {
      const n = outcome.limit.toLocaleString('en-US');
      const what =
        outcome.bound === 'nodes'
          ? `node budget of ${n}`
          : outcome.bound === 'time'
            ? `time limit of ${n} ms`
            : `memory budget of ${n} states`;
      return `gave up: ${what} reached`;
    }
  }
}

/**
 * Reads one bound of a budget: `fallback` when absent, else a number ≥ 0 (`Infinity` allowed).
 *
 * @throws InvalidInputError (code `INVALID_BUDGET`, path `$.<name>`) otherwise.
 */
export function budgetValue(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    const shown =
      typeof value === 'number' || typeof value === 'bigint'
        ? String(value)
        : typeof value === 'string'
          ? JSON.stringify(value)
          : typeof value;
    throw new InvalidInputError(`${name} must be a number ≥ 0, got ${shown}`, {
      path: `$.${name}`,
      code: 'INVALID_BUDGET',
    });
  }
  return value;
}

/**
 * Counts the work of one search against a {@link Budget}. In the hot loop call {@link spend} once
 * per node before expanding it (a counter compare; the clock is read every 256 nodes) and
 * {@link storesTooMany} when a table grows; when either reports a bound, return
 * {@link gaveUp}`(bound)`.
 */
export class BudgetMeter {
  /** Nodes spent so far. */
  nodes = 0;
  readonly maxNodes: number;
  readonly maxMs: number;
  readonly maxStates: number;
  private readonly now: () => number;
  private readonly startedAt: number;
  private readonly deadline: number;
  private readonly onProgress: ((nodes: number, elapsedMs: number) => void) | undefined;

  /** @throws InvalidInputError (code `INVALID_BUDGET`) for a bound that is not a number ≥ 0. */
  constructor(budget: Budget = {}) {
    this.maxNodes = budgetValue(budget.maxNodes, 'maxNodes', DEFAULT_MAX_NODES);
    this.maxMs = budgetValue(budget.maxMs, 'maxMs', Infinity);
    this.maxStates = budgetValue(budget.maxStates, 'maxStates', DEFAULT_MAX_STATES);
    this.now = budget.now ?? (() => performance.now());
    this.onProgress = budget.onProgress;
    this.startedAt = this.now();
    this.deadline = this.startedAt + this.maxMs;
  }

  /**
   * Takes one node from the budget: returns null to go on, or the bound that forbids it (the node
   * budget is used up, or the time limit passed).
   */
  spend(): Bound | null {
    if (this.nodes >= this.maxNodes) return 'nodes';
    const n = ++this.nodes;
    return (n & 255) === 0 ? this.slowChecks(n) : null;
  }

  /** Every 256 nodes: the clock and the progress callback (kept out of {@link spend} so it inlines). */
  private slowChecks(n: number): Bound | null {
    if (this.onProgress !== undefined && (n & (PROGRESS_EVERY - 1)) === 0) {
      this.onProgress(n, this.now() - this.startedAt);
    }
    if (this.deadline !== Infinity && this.now() >= this.deadline) return 'time';
    return null;
  }

  /** True when holding `states` states would break the memory budget. */
  storesTooMany(states: number): boolean {
    return states > this.maxStates;
  }

  /** Milliseconds since the meter was made. */
  elapsedMs(): number {
    return this.now() - this.startedAt;
  }

  /** The `gave-up` outcome for `bound`, with that bound's limit. */
  gaveUp(bound: Bound): Outcome {
    const limit =
      bound === 'nodes' ? this.maxNodes : bound === 'time' ? this.maxMs : this.maxStates;
    return { kind: 'gave-up', bound, limit };
  }
}
