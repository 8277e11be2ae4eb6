/**
 * The generators' time limit and the older words for which bound stopped a job. The searches count on
 * the shared `BudgetMeter` of @puzzlekit/graph-search and every result carries its shared `Outcome`;
 * the generators keep this deadline because one candidate or attempt takes up to milliseconds and
 * the clock must be read before each, not every 256 as the meter does.
 */
import { InvalidInputError } from '@puzzlekit/errors';

/** Which bound ended a job early: its node (or attempt) count, or its time limit. */
export type GaveUp = 'nodes' | 'candidates' | 'attempts' | 'time';

/** Options every budgeted job accepts for time. */
export interface TimeBudgetOptions {
  /** Stop after about this many milliseconds of wall time (default: no time limit). */
  readonly maxMs?: number;
  /** Clock in milliseconds (default `performance.now`); injectable for tests. */
  readonly now?: () => number;
}

/** A deadline: `expired()` is true once `maxMs` milliseconds have passed since it was made. */
export interface Deadline {
  expired(): boolean;
  /** Milliseconds since the deadline was made. */
  elapsed(): number;
}

/** Starts the clock of a job. Without `maxMs` the deadline never expires. */
export function startDeadline(options: TimeBudgetOptions): Deadline {
  const now = options.now ?? (() => performance.now());
  const start = now();
  checkMaxMs(options.maxMs);
  const maxMs = options.maxMs ?? Infinity;
  return {
    expired: () => maxMs !== Infinity && now() - start >= maxMs,
    elapsed: () => now() - start,
  };
}

/** Checks a time limit the way every job here always has: absent, or a positive number of ms. */
export function checkMaxMs(maxMs: number | undefined): void {
  if (maxMs !== undefined && !(maxMs > 0))
    throw new InvalidInputError(`maxMs must be a positive number, got ${maxMs}`, { path: 'maxMs' });
}

/** The bound in words, for "gave up: …" messages. */
export function gaveUpText(bound: GaveUp, limit: number): string {
  switch (bound) {
    case 'time':
      return `time limit of ${limit} ms`;
    case 'nodes':
      return `node budget of ${limit}`;
    case 'candidates':
      return `candidate budget of ${limit}`;
    case 'attempts':
      return `attempt budget of ${limit}`;
  }
}
