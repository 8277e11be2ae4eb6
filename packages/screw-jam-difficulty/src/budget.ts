/*
 * The time bound of the playout jobs (simulate, the difficulty controller). They poll it after every
 * tap rather than every 256 nodes as the shared BudgetMeter does: one deep-lookahead tap can take
 * long, and a run stopped by time must end on a whole playout.
 */

/**
 * A check that says true once `maxMs` milliseconds of `now` have passed, or undefined without a
 * time limit (then nothing reads the clock).
 */
export function expiryCheck(
  maxMs: number | undefined,
  now: () => number = () => performance.now(),
): (() => boolean) | undefined {
  if (maxMs === undefined) return undefined;
  const deadline = now() + maxMs;
  return () => now() > deadline;
}
