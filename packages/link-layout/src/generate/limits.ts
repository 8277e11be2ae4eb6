import { InvalidInputError } from '@puzzlekit/errors';
import { GenerationError } from '../model.js';

/** Progress of a long job: a stage name, work done and the total for that stage. */
export type ProgressListener = (stage: string, done: number, total: number) => void;

/** Checks a `timeLimitMs` option: a positive number of milliseconds, or undefined for none. */
export function checkTimeLimit(limit: number | undefined, path = '$.timeLimitMs'): void {
  if (limit !== undefined && !(limit > 0 && limit <= Number.MAX_SAFE_INTEGER))
    throw new InvalidInputError(`timeLimitMs must be a positive number, got ${limit}`, { path });
}

/**
 * A wall-clock deadline shared by the stages of one job, and a progress listener called at most
 * every 100 ms. Stages that must finish (the construction) throw "gave up: time limit" when it
 * passes; stages that can stop early (mixing, playouts) ask `expired()` and report what they did.
 */
export class WorkLimits {
  readonly deadline: number;
  private lastReport: number;

  constructor(
    readonly timeLimitMs: number | undefined,
    private readonly onProgress?: ProgressListener,
    private stage = 'working',
  ) {
    checkTimeLimit(timeLimitMs);
    const now = performance.now();
    this.deadline = timeLimitMs === undefined ? Infinity : now + timeLimitMs;
    this.lastReport = now;
  }

  /** Names the stage the next progress reports belong to. */
  begin(stage: string): void {
    this.stage = stage;
  }

  /** Milliseconds left (Infinity without a limit, 0 once passed). */
  remainingMs(): number {
    return Math.max(0, this.deadline - performance.now());
  }

  /** True once the deadline has passed; reports progress on the way. */
  expired(done = 0, total = 0): boolean {
    const now = performance.now();
    if (this.onProgress && now - this.lastReport >= 100) {
      this.lastReport = now;
      this.onProgress(this.stage, done, total);
    }
    return now > this.deadline;
  }

  /** Throws a GenerationError "gave up: time limit" once the deadline has passed. */
  check(done: number, total: number): void {
    if (this.expired(done, total))
      throw new GenerationError(
        `gave up: time limit (${Math.round(this.timeLimitMs!)} ms) reached while ${this.stage} (${done} of ${total} steps done)`,
      );
  }
}
