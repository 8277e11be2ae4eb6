import type { GaveUpOutcome, JobResult } from '@puzzlekit/job';
import { IMPOSSIBLE, SOLVED } from '@puzzlekit/job';
import type { Level, Push } from '../model.js';
import { pushesToLurd } from '../play.js';

/** An answer of {@link solve} or {@link solveLines}. */
export interface Solution {
  /** The answer in LURD (walks between pushes are shortest). */
  readonly solution: string;
  /** Pushes of the answer. */
  readonly pushes: number;
  /** Moves of the answer. */
  readonly moves: number;
  /** The answer's pushes. */
  readonly pushList: readonly Push[];
  /**
   * True when the answer has the fewest pushes possible (the optimal mode; for {@link solveLines},
   * under the line rule); false for a fast-mode answer, shortened by {@link optimize} but not proven.
   */
  readonly optimal: boolean;
}

/**
 * What {@link solve} and {@link solveLines} return: the one job result (`outcome`, `value` when
 * solved, `work` in nodes — states expanded — and, when the clock stopped the shortening of a
 * fast-mode answer, that answer unshortened as `partial`), plus the start's lower bound.
 */
export type SolveResult = JobResult<Solution, Solution> & {
  /**
   * The start's lower bound in pushes (the minimum-cost box–goal assignment by lone-box push
   * distance; for {@link solveLines}, the in-order line bound); -1 when proven unsolvable at once.
   */
  readonly lowerBound: number;
};

/** A solved result: `pushes` walked out with shortest walks. */
export function solvedWith(
  level: Level,
  pushes: readonly Push[],
  work: number,
  lowerBound: number,
  optimal: boolean,
): SolveResult {
  const solution = pushesToLurd(level, pushes);
  return {
    outcome: SOLVED,
    value: { solution, pushes: pushes.length, moves: solution.length, pushList: pushes, optimal },
    work,
    lowerBound,
  };
}

/** A result without an answer: proven impossible, or gave up on a bound. */
export function unsolvedResult(
  outcome: GaveUpOutcome | 'impossible',
  work: number,
  lowerBound: number,
): SolveResult {
  return outcome === 'impossible'
    ? { outcome: IMPOSSIBLE, work, lowerBound }
    : { outcome, work, lowerBound };
}
