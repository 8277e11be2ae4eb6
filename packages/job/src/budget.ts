import { InvalidInputError } from '@puzzlekit/errors';

/*
 * One vocabulary for every long job in puzzlekit. A Budget says how much work a job may do (work
 * units: nodes of a search, candidates of a generator, playouts of a simulation), how long it may run
 * and how many states it may hold; an Outcome says how it ended — solved, proven impossible, or gave
 * up, naming the bound it hit — and a BudgetMeter does the counting in the hot loop.
 *
 * Work units decide results; a time limit only stops a job early. A job that completes within its time
 * limit does exactly the work it would have done without one, so its result has the same bytes on any
 * machine under any load; a job the clock stopped says so (`bound: 'time'`).
 */

/**
 * How much a job may do. Every field is optional; `Infinity` lifts a bound; every bound is a number
 * ≥ 0, and 0 allows no work at all (the job gives up at once on that bound).
 */
export interface Budget {
  /**
   * Work units before giving up: nodes (positions expanded) for a search, candidates for a generator,
   * playouts for a simulation — the job's documentation names its unit, and so does its outcome.
   * Default {@link DEFAULT_MAX_WORK}. Deterministic: the same budget gives the same result everywhere.
   */
  readonly maxWork?: number;
  /**
   * Wall-clock milliseconds before stopping early (default none). Not deterministic: a job the clock
   * stops reports `gave-up` with `bound: 'time'`; it never changes the result of a job that completes.
   */
  readonly maxMs?: number;
  /**
   * An absolute deadline on the clock of {@link now}: the job stops at the sooner of this and
   * `maxMs` after it started. One deadline passed down to every sub-job replaces splitting a time
   * limit by hand.
   */
  readonly deadline?: number;
  /** States held in memory (tables, memos) before giving up; default {@link DEFAULT_MAX_STATES}. */
  readonly maxStates?: number;
  /** Clock in milliseconds (default `performance.now`); injectable for tests. */
  readonly now?: () => number;
  /** Called about every {@link PROGRESS_EVERY} work units with the work so far and the elapsed ms. */
  readonly onProgress?: (work: number, elapsedMs: number) => void;
}

/** Default work budget: two million units. */
export const DEFAULT_MAX_WORK = 2_000_000;
/** Default memory budget: 2^24 stored states (a few hundred MB at most for typed-array tables). */
export const DEFAULT_MAX_STATES = 1 << 24;
/** Work units between two progress reports (for jobs that read the clock every unit, every unit). */
export const PROGRESS_EVERY = 1 << 14;

/** The bound that ended a job that gave up. */
export type Bound = 'work' | 'time' | 'memory';

/** What a job counts as one unit of work, named in its outcome: `nodes`, `candidates`, `playouts`… */
export type WorkUnit = string;

/** The `solved` outcome: the job found what it was asked for. */
export interface SolvedOutcome {
  readonly kind: 'solved';
}
/** The `impossible` outcome: the job explored everything and proved there is no answer. */
export interface ImpossibleOutcome {
  readonly kind: 'impossible';
}
/**
 * The `gave-up` outcome: `bound` ran out first, its value was `limit` (in `unit`: the job's work
 * unit for `work`, `ms` for `time`, `states` for `memory`). Nothing is proven either way.
 */
export interface GaveUpOutcome {
  readonly kind: 'gave-up';
  readonly bound: Bound;
  readonly limit: number;
  readonly unit: string;
}

/** How a job ended: solved, proven impossible, or gave up naming the bound it hit. */
export type Outcome = SolvedOutcome | ImpossibleOutcome | GaveUpOutcome;

/** The `solved` outcome. */
export const SOLVED: SolvedOutcome = Object.freeze({ kind: 'solved' });
/** The `impossible` outcome. */
export const IMPOSSIBLE: ImpossibleOutcome = Object.freeze({ kind: 'impossible' });

/** The `gave-up` outcome for one bound. */
export function gaveUp(bound: Bound, limit: number, unit: string): GaveUpOutcome {
  return { kind: 'gave-up', bound, limit, unit };
}

/**
 * The outcome in words: `solved`, `proven impossible`, or `gave up: work budget of 2,000,000 nodes
 * reached` (`time limit of 500 ms reached`, `memory budget of 16,777,216 states reached`).
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
        outcome.bound === 'work'
          ? `work budget of ${n} ${outcome.unit}`
          : outcome.bound === 'time'
            ? `time limit of ${n} ms`
            : `memory budget of ${n} ${outcome.unit}`;
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

/** How a {@link BudgetMeter} counts. */
export interface MeterOptions {
  /** What one unit of work is, for the outcome and messages (default `nodes`). */
  readonly unit?: WorkUnit;
  /**
   * Read the clock every this many units (a power of two; default 256). Jobs whose units take
   * milliseconds each (a generator's candidates) pass 1.
   */
  readonly clockEvery?: number;
}

/**
 * Counts the work of one job against a {@link Budget}. In the hot loop call {@link spend} once per
 * unit before doing it (a counter compare; the clock is read every `clockEvery` units) and
 * {@link storesTooMany} when a table grows; when either reports a bound, return
 * {@link gaveUp}`(bound)`.
 */
export class BudgetMeter {
  /** Work units spent so far (by this job, and by sub-jobs whose work was {@link charge}d). */
  work = 0;
  readonly maxWork: number;
  readonly maxMs: number;
  readonly maxStates: number;
  /** The absolute time on {@link now} at which the job stops (Infinity: never). */
  readonly deadline: number;
  readonly unit: WorkUnit;
  readonly now: () => number;
  private readonly startedAt: number;
  private readonly clockMask: number;
  private readonly progressMask: number;
  private readonly onProgress: ((work: number, elapsedMs: number) => void) | undefined;

  /** @throws InvalidInputError (code `INVALID_BUDGET`) for a bound that is not a number ≥ 0. */
  constructor(budget: Budget = {}, options: MeterOptions = {}) {
    this.maxWork = budgetValue(budget.maxWork, 'maxWork', DEFAULT_MAX_WORK);
    this.maxMs = budgetValue(budget.maxMs, 'maxMs', Infinity);
    this.maxStates = budgetValue(budget.maxStates, 'maxStates', DEFAULT_MAX_STATES);
    const deadline = budget.deadline === undefined ? Infinity : budget.deadline;
    if (typeof deadline !== 'number' || Number.isNaN(deadline)) {
      throw new InvalidInputError(`deadline must be a number, got ${typeof deadline}`, {
        path: '$.deadline',
        code: 'INVALID_BUDGET',
      });
    }
    this.unit = options.unit ?? 'nodes';
    const clockEvery = options.clockEvery ?? 256;
    if (!Number.isInteger(clockEvery) || clockEvery < 1 || (clockEvery & (clockEvery - 1)) !== 0) {
      throw new InvalidInputError(`clockEvery must be a power of two, got ${clockEvery}`, {
        path: '$.clockEvery',
        code: 'INVALID_BUDGET',
      });
    }
    this.clockMask = clockEvery - 1;
    this.progressMask = Math.max(PROGRESS_EVERY, clockEvery) - 1;
    this.now = budget.now ?? (() => performance.now());
    this.onProgress = budget.onProgress;
    this.startedAt = this.now();
    this.deadline = Math.min(this.startedAt + this.maxMs, deadline);
  }

  /**
   * Takes one unit from the budget: returns null to go on, or the bound that forbids it (the work
   * budget is used up, or the time limit passed).
   */
  spend(): Bound | null {
    if (this.work >= this.maxWork) return 'work';
    const n = ++this.work;
    return (n & this.clockMask) === 0 ? this.slowChecks(n) : null;
  }

  /** Every `clockEvery` units: the clock and the progress callback (kept out of {@link spend}). */
  private slowChecks(n: number): Bound | null {
    if (this.onProgress !== undefined && (n & this.progressMask) === 0) {
      this.onProgress(n, this.now() - this.startedAt);
    }
    return this.deadline !== Infinity && this.now() >= this.deadline ? 'time' : null;
  }

  /** True when the deadline has passed (reads the clock now; for checks between units). */
  timeUp(): boolean {
    return this.deadline !== Infinity && this.now() >= this.deadline;
  }

  /** True when holding `states` states would break the memory budget. */
  storesTooMany(states: number): boolean {
    return states > this.maxStates;
  }

  /** Work units left (Infinity when unbounded). */
  remaining(): number {
    return Math.max(0, this.maxWork - this.work);
  }

  /**
   * The budget of a sub-job: at most `maxWork` units (default: all that is left), the same deadline,
   * memory bound, clock and progress callback. Add what the sub-job spent with {@link charge}. A
   * portfolio gives each stage a share of the work this way, so the shares are the same on any
   * machine; only the one deadline is wall-clock.
   */
  share(maxWork: number = this.remaining()): Budget {
    const base = this.work;
    const onProgress = this.onProgress;
    return {
      maxWork: Math.min(maxWork, this.remaining()),
      maxStates: this.maxStates,
      deadline: this.deadline,
      now: this.now,
      ...(onProgress === undefined
        ? {}
        : { onProgress: (work: number, ms: number) => onProgress(base + work, ms) }),
    };
  }

  /** Adds the work a sub-job spent to this job's count. */
  charge(work: number): void {
    this.work += work;
  }

  /** Milliseconds since the meter was made. */
  elapsedMs(): number {
    return this.now() - this.startedAt;
  }

  /** The `gave-up` outcome for `bound`, with that bound's limit and unit. */
  gaveUp(bound: Bound): GaveUpOutcome {
    return bound === 'work'
      ? gaveUp('work', this.maxWork, this.unit)
      : bound === 'time'
        ? gaveUp('time', Math.min(this.maxMs, Math.round(this.deadline - this.startedAt)), 'ms')
        : gaveUp('memory', this.maxStates, 'states');
  }
}
