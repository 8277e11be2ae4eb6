// The solver's bounds in the one job vocabulary of @puzzlekit/job: a Budget in (maxWork counts
// search nodes), an Outcome out.
import { BudgetMeter, type Budget } from '@puzzlekit/job';

/** Default node budget of the link solver (lower than the shared default: one node lists every pair). */
export const DEFAULT_SOLVE_NODES = 200_000;
/**
 * Bytes the memo of refuted positions may take: it stops growing there, and the search stays exact
 * (only slower). Pending branches are bounded by the budget's `maxStates`.
 */
const MEMO_BYTES = 128 * 1024 * 1024;

/** The bounds of one run, read and checked once. */
export interface SolveBounds {
  /**
   * Counts nodes against `maxWork` and reads the clock at every node (on big boards one node costs
   * milliseconds: a check every 256 nodes would overrun a time limit by a quarter of a second).
   */
  readonly meter: BudgetMeter;
  /** Bytes the memo of refuted positions may take. */
  readonly memoBytes: number;
}

/**
 * Reads and checks a budget for the solver (default {@link DEFAULT_SOLVE_NODES} nodes).
 *
 * @throws InvalidInputError (code `INVALID_BUDGET`, path `$.<bound>`) for a bound that is not a
 *   number ≥ 0.
 */
export function readBounds(budget: Budget): SolveBounds {
  return {
    meter: new BudgetMeter(
      { ...budget, maxWork: budget.maxWork ?? DEFAULT_SOLVE_NODES },
      { unit: 'nodes', clockEvery: 1 },
    ),
    memoBytes: MEMO_BYTES,
  };
}
