// Helpers for this package's tests (not exported from the package).
import { describeOutcome, isSolved, type JobResult } from '@puzzlekit/job';
import { generateBoard, type GenerateOptions, type GeneratedBoard } from './generate/generate.js';

/** The value of a job expected to succeed; a failed expectation names the outcome. */
export function solvedValue<T, P>(result: JobResult<T, P>): T {
  if (!isSolved(result))
    throw new Error(`expected a solved job, got ${describeOutcome(result.outcome)}`);
  return result.value;
}

/** A generated board, for tests whose subject is something else. */
export function built(options: GenerateOptions): GeneratedBoard {
  return solvedValue(generateBoard(options));
}
