import { gaveUp, type JsonValue, type Outcome } from '@puzzlekit/job';
import type {
  AcceptedLevel,
  BudgetStop,
  JobReports,
  JobTimings,
  LevelResult,
  RejectedCandidate,
} from './level.js';
import type { NormalizedSpec } from './spec.js';

/**
 * One line of `levels.jsonl`: everything about a level that the spec decides, nothing that varies
 * between runs (no timings, no host). A level for which every candidate was rejected has no `level`,
 * and its `outcome` says the pack gave up on it.
 */
export interface PackRecord {
  readonly index: number;
  readonly candidate?: number;
  readonly level?: JsonValue;
  readonly answer?: JsonValue;
  readonly rating?: { readonly score: number; readonly grade?: string };
  readonly outcome: Outcome;
  readonly jobs?: JobReports;
  /** Why the last candidate of a level given up was rejected. */
  readonly reason?: string;
}

/** A pack put together in index order, duplicates replaced, ready to be written. */
export interface AssembledPack {
  /** The records in pack order (the spec's `sort`). */
  readonly records: readonly PackRecord[];
  readonly rejected: readonly RejectedCandidate[];
  readonly budgetStopped: readonly BudgetStop[];
  /** Milliseconds spent in each job, summed over every task (including replacement tasks). */
  readonly timings: JobTimings;
  /** Level tasks that were used (first tasks and replacements). */
  readonly tasks: number;
}

/** Where level tasks come from: a local pool, a journal, or a job queue. */
export type LevelSource = (index: number, from: number) => Promise<LevelResult>;

/** Progress while a pack is assembled: one level committed in index order. */
export interface LevelCommitted {
  readonly index: number;
  readonly record: PackRecord;
  readonly done: number;
}

/** How {@link assemblePack} runs. */
export interface AssembleOptions {
  /** Tasks asked for ahead of the level being committed (default 64). */
  readonly window?: number;
  /** Called as each level is committed, in index order. */
  readonly onLevel?: (event: LevelCommitted) => void;
  /** Stops assembling between two levels (with the signal's reason). */
  readonly signal?: AbortSignal;
}

/** The record of an accepted level, its keys in one fixed order. */
function recordOf(index: number, accepted: AcceptedLevel): PackRecord {
  return {
    index,
    candidate: accepted.candidate,
    level: accepted.level,
    ...(accepted.answer === undefined ? {} : { answer: accepted.answer }),
    ...(accepted.rating === undefined ? {} : { rating: accepted.rating }),
    outcome: accepted.outcome,
    jobs: accepted.jobs,
  };
}

function byDifficulty(a: PackRecord, b: PackRecord): number {
  const rank = (r: PackRecord) => (r.level === undefined ? 2 : r.rating === undefined ? 1 : 0);
  return (
    rank(a) - rank(b) ||
    (a.rating !== undefined && b.rating !== undefined ? a.rating.score - b.rating.score : 0) ||
    a.index - b.index
  );
}

/**
 * Puts a pack together from level tasks, in index order: level `i` takes the first accepted
 * candidate of task (i, 0); when its level's JSON bytes equal those of an earlier level, it asks for
 * task (i, k + 1) from the next candidate, and so on up to `spec.maxCandidates`. The result depends
 * only on the tasks' results, which depend only on the spec: the same for any number of workers, any
 * order of completion, any machines.
 */
export async function assemblePack(
  spec: NormalizedSpec,
  source: LevelSource,
  options: AssembleOptions = {},
): Promise<AssembledPack> {
  const window = options.window ?? 64;
  const firstTasks = new Map<number, Promise<LevelResult>>();
  const end = spec.first + spec.count;
  let asked = spec.first;
  const askAhead = (upTo: number) => {
    for (; asked < Math.min(upTo, end); asked++) {
      const task = source(asked, 0);
      // Failures surface when the level is committed; until then they must not count as unhandled.
      task.catch(() => undefined);
      firstTasks.set(asked, task);
    }
  };

  const seen = new Map<string, number>();
  const records: PackRecord[] = [];
  const rejected: RejectedCandidate[] = [];
  const budgetStopped: BudgetStop[] = [];
  const timings: JobTimings = { generate: 0, verify: 0, solve: 0, rate: 0 };
  let tasks = 0;
  const take = (result: LevelResult) => {
    tasks++;
    rejected.push(...result.rejected);
    budgetStopped.push(...result.budgetStopped);
    for (const job of ['generate', 'verify', 'solve', 'rate'] as const) {
      timings[job] += result.timings[job];
    }
  };

  for (let index = spec.first; index < end; index++) {
    options.signal?.throwIfAborted();
    askAhead(index + window);
    const first = firstTasks.get(index)!;
    firstTasks.delete(index);
    let result = await first;
    take(result);
    let record: PackRecord | undefined;
    while (record === undefined) {
      const accepted = result.accepted;
      if (accepted === undefined) {
        const last = result.rejected.at(-1);
        record = {
          index,
          outcome: gaveUp('work', spec.maxCandidates, 'candidates'),
          ...(last === undefined ? {} : { reason: last.reason }),
        };
        break;
      }
      const bytes = JSON.stringify(accepted.level);
      const earlier = seen.get(bytes);
      if (earlier === undefined) {
        seen.set(bytes, index);
        record = recordOf(index, accepted);
        break;
      }
      rejected.push({
        index,
        candidate: accepted.candidate,
        reason: `duplicate of level ${earlier}`,
        jobs: accepted.jobs,
      });
      const next = accepted.candidate + 1;
      if (next >= spec.maxCandidates) {
        record = {
          index,
          outcome: gaveUp('work', spec.maxCandidates, 'candidates'),
          reason: `duplicate of level ${earlier}`,
        };
        break;
      }
      result = await source(index, next);
      take(result);
    }
    records.push(record);
    options.onLevel?.({ index, record, done: index - spec.first + 1 });
  }

  const ordered = spec.sort === 'difficulty' ? [...records].sort(byDifficulty) : records;
  return { records: ordered, rejected, budgetStopped, timings, tasks };
}
