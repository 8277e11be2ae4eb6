import { BudgetMeter, describeOutcome } from '@puzzlekit/graph-search';
import { InvalidInputError } from '@puzzlekit/errors';
import { GenerationError } from '../model.js';

/** Progress of a long job: a stage name, work done and the total for that stage. */
export type ProgressListener = (stage: string, done: number, total: number) => void;

/** Checks a time limit option: a positive number of milliseconds, or undefined for none. */
export function checkTimeLimit(limit: number | undefined, path = '$.maxMs'): void {
  if (limit !== undefined && !(limit > 0 && limit <= Number.MAX_SAFE_INTEGER))
    throw new InvalidInputError(`${path.slice(2)} must be a positive number, got ${limit}`, {
      path,
    });
}

/** The time limit of a job from its options: `maxMs`, or the older `timeLimitMs` (the smaller of both). */
export function timeLimitOf(options: { readonly maxMs?: number; readonly timeLimitMs?: number }): {
  limit: number | undefined;
  path: string;
} {
  const { maxMs, timeLimitMs } = options;
  if (timeLimitMs === undefined) return { limit: maxMs, path: '$.maxMs' };
  if (maxMs === undefined) return { limit: timeLimitMs, path: '$.timeLimitMs' };
  checkTimeLimit(maxMs);
  return { limit: Math.min(maxMs, timeLimitMs), path: '$.timeLimitMs' };
}

/**
 * A wall-clock deadline shared by the stages of one job (the shared BudgetMeter's clock and time
 * bound), and a progress listener called at most every 100 ms. Stages that must finish (the
 * construction) throw "gave up: time limit … reached" when it passes; stages that can stop early
 * (mixing, playouts) ask `expired()` and report what they did. The clock is read at every call,
 * not every 256 as the meter's `spend` does: one step of these jobs can cost milliseconds.
 */
export class WorkLimits {
  private readonly meter: BudgetMeter;
  private lastReport: number;

  constructor(
    readonly timeLimitMs: number | undefined,
    private readonly onProgress?: ProgressListener,
    private stage = 'working',
    path = '$.maxMs',
  ) {
    checkTimeLimit(timeLimitMs, path);
    this.meter = new BudgetMeter({ maxMs: timeLimitMs ?? Infinity, maxNodes: Infinity });
    this.lastReport = 0;
  }

  /** Names the stage the next progress reports belong to. */
  begin(stage: string): void {
    this.stage = stage;
  }

  /** Milliseconds left (Infinity without a limit, 0 once passed). */
  remainingMs(): number {
    return Math.max(0, this.meter.maxMs - this.meter.elapsedMs());
  }

  /** True once the deadline has passed; reports progress on the way. */
  expired(done = 0, total = 0): boolean {
    const elapsed = this.meter.elapsedMs();
    if (this.onProgress && elapsed - this.lastReport >= 100) {
      this.lastReport = elapsed;
      this.onProgress(this.stage, done, total);
    }
    return elapsed > this.meter.maxMs;
  }

  /** Throws a GenerationError "gave up: time limit of N ms reached" once the deadline has passed. */
  check(done: number, total: number): void {
    if (this.expired(done, total))
      throw new GenerationError(
        `${describeOutcome(this.meter.gaveUp('time'))} while ${this.stage} (${done} of ${total} steps done)`,
      );
  }
}
