/** Internal: a result that carries `outcome` and `work`, turned into the descriptor's `JobResult`. */
import {
  gaveUpResult,
  impossibleResult,
  solvedResult,
  type JobResult,
  type Outcome,
} from '@puzzlekit/job';

/**
 * The `JobResult` of a job that reports `outcome` and `work`: `value()` (called only when solved)
 * gives the answer; otherwise the outcome and work pass through.
 */
export function asJobResult<T>(
  r: { readonly outcome: Outcome; readonly work: number },
  value: () => T,
): JobResult<T> {
  switch (r.outcome.kind) {
    case 'solved':
      return solvedResult(value(), r.work);
    case 'impossible':
      return impossibleResult(r.work);
    case 'gave-up':
      return gaveUpResult(r.outcome, r.work);
  }
}
