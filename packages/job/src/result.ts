import type { GaveUpOutcome, ImpossibleOutcome, SolvedOutcome } from './budget.js';
import { IMPOSSIBLE, SOLVED } from './budget.js';

/**
 * The one result shape of every long job in every game: how it ended, the value when it was solved,
 * and the work it spent (deterministic: no timings, which belong to whoever ran the job).
 *
 * - `solved`: `value` holds the answer;
 * - `impossible`: the job proved there is no answer;
 * - `gave-up`: a bound ran out first; `partial` may hold the best the job had (a level generated but
 *   not proven, a shorter but unfinished answer), never claimed as an answer.
 */
export type JobResult<T, P = never> =
  | { readonly outcome: SolvedOutcome; readonly value: T; readonly work: number }
  | { readonly outcome: ImpossibleOutcome; readonly work: number }
  | { readonly outcome: GaveUpOutcome; readonly work: number; readonly partial?: P };

/** A solved result. */
export function solvedResult<T>(value: T, work: number): JobResult<T, never> {
  return { outcome: SOLVED, value, work };
}

/** A proven-impossible result. */
export function impossibleResult(work: number): JobResult<never, never> {
  return { outcome: IMPOSSIBLE, work };
}

/** A result that gave up on a bound, with the best partial value when there is one. */
export function gaveUpResult<P = never>(
  outcome: GaveUpOutcome,
  work: number,
  partial?: P,
): JobResult<never, P> {
  return partial === undefined ? { outcome, work } : { outcome, work, partial };
}

/** True for a solved result (narrows it to one with a `value`). */
export function isSolved<T, P>(
  result: JobResult<T, P>,
): result is Extract<JobResult<T, P>, { readonly value: T }> {
  return result.outcome.kind === 'solved';
}

/** The value of a solved result, else undefined. */
export function valueOf<T, P>(result: JobResult<T, P>): T | undefined {
  return 'value' in result ? result.value : undefined;
}
