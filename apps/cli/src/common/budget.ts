import { gaveUp, type Budget, type GaveUpOutcome, type JobDefaults } from '@puzzlekit/job';
import type { BudgetFlags } from './flags.js';

/**
 * The budgets of one command: the job's own default budget (from the package, never restated here)
 * with `--max-work` in place of its work bound, and one deadline for the whole command when
 * `--max-ms` is given, passed down to every level's job as it is.
 */
export class CommandBudget {
  /** The absolute deadline on `performance.now()`, or undefined without `--max-ms`. */
  readonly deadline: number | undefined;

  constructor(
    private readonly job: JobDefaults,
    private readonly flags: BudgetFlags,
    now: number = performance.now(),
  ) {
    this.deadline = flags.maxMs === undefined ? undefined : now + flags.maxMs;
  }

  /** Each level's work budget: `--max-work`, else the job's default (undefined: the core default). */
  get maxWork(): number | undefined {
    return this.flags.maxWork ?? this.job.budget.maxWork;
  }

  /** True once the command's deadline has passed: the levels left are not started. */
  timeUp(): boolean {
    return this.deadline !== undefined && performance.now() >= this.deadline;
  }

  /** The `gave-up` outcome of a level the command's deadline left unstarted. */
  timeOutcome(): GaveUpOutcome {
    return gaveUp('time', this.flags.maxMs ?? 0, 'ms');
  }

  /** The budget of one level's job, reporting its progress to `onProgress`. */
  forLevel(onProgress?: (work: number, elapsedMs: number) => void): Budget {
    const { maxMs: defaultMaxMs, ...rest } = this.job.budget;
    return {
      ...rest,
      // The user's time limit replaces the package's default one; without it the default holds.
      ...(this.deadline === undefined
        ? defaultMaxMs === undefined
          ? {}
          : { maxMs: defaultMaxMs }
        : { deadline: this.deadline }),
      ...(this.flags.maxWork === undefined ? {} : { maxWork: this.flags.maxWork }),
      ...(onProgress === undefined ? {} : { onProgress }),
    };
  }
}
