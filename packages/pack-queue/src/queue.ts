import { InvalidInputError, PuzzlekitError, quoteInput } from '@puzzlekit/errors';
import {
  PackPool,
  assemblePack,
  loadSpec,
  packId,
  resolveFromCwd,
  writePackFiles,
  type LevelResult,
  type NormalizedSpec,
  type PackManifest,
  type PackSpec,
  type PoolOptions,
  type ResolveGame,
} from '@puzzlekit/pack';
import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';

/** The queue all packs share unless told otherwise. */
export const DEFAULT_QUEUE_NAME = 'puzzlekit-pack';

/** Where the queue lives: Redis connection options (`{ host, port }`, `{ path }` for a unix socket). */
export interface QueueConnection {
  readonly connection: RedisOptions;
  /** The queue's name (default {@link DEFAULT_QUEUE_NAME}). */
  readonly queueName?: string;
}

/** One level task as a job: the pack, its spec, the level and its first candidate. */
export interface LevelJobData {
  readonly pack: string;
  readonly spec: NormalizedSpec;
  readonly index: number;
  readonly from: number;
}

/** What a submitter stores beside the jobs, so `status` and `collect` need only the pack id. */
interface PackRecordInQueue {
  readonly spec: NormalizedSpec;
  readonly submittedAt: string;
}

/** The id of the job of level `index`, candidates from `from` on: `<pack>.<index>` for the first. */
export function levelJobId(pack: string, index: number, from = 0): string {
  return from === 0 ? `${pack}.${index}` : `${pack}.${index}.${from}`;
}

function queueOf(options: QueueConnection): Queue<LevelJobData, LevelResult> {
  return new Queue<LevelJobData, LevelResult>(options.queueName ?? DEFAULT_QUEUE_NAME, {
    connection: options.connection,
  });
}

function packKey(queue: Queue, pack: string): string {
  return `${queue.opts.prefix ?? 'bull'}:${queue.name}:puzzlekit-pack:${pack}`;
}

/** Runs `use` with a plain Redis client of its own (for the pack's spec beside its jobs). */
async function withRedis<T>(
  connection: RedisOptions,
  use: (client: Redis) => Promise<T>,
): Promise<T> {
  const client = new Redis({ ...connection, lazyConnect: true, maxRetriesPerRequest: 3 });
  try {
    await client.connect();
    return await use(client);
  } finally {
    client.disconnect();
  }
}

/** How level jobs are retried. */
export interface RetryOptions {
  /** Attempts per job before it fails for good (default 5). */
  readonly attempts?: number;
  /** First retry delay in ms, doubled at each retry (default 2000). */
  readonly backoffMs?: number;
}

function jobOptions(jobId: string, retry: RetryOptions): JobsOptions {
  return {
    jobId,
    attempts: retry.attempts ?? 5,
    backoff: { type: 'exponential', delay: retry.backoffMs ?? 2000 },
    // The results are the pack: kept until the pack is collected and the queue is cleaned.
    removeOnComplete: false,
    removeOnFail: false,
  };
}

/** How {@link submitPack} runs. */
export interface SubmitOptions extends QueueConnection, RetryOptions {
  /** Where the game module is loaded from to read the spec (default: from the current directory). */
  readonly resolveGame?: ResolveGame;
}

/**
 * Puts a pack on the queue: one job per level, id `<pack id>.<index>`. The pack id is a hash of the
 * normalized spec, so submitting the same spec again adds nothing.
 *
 * @returns the pack id.
 * @throws InvalidInputError for a bad spec (read against the game, as `runPack` reads it).
 */
export async function submitPack(spec: PackSpec, options: SubmitOptions): Promise<string> {
  const loaded = await loadSpec(spec, options.resolveGame);
  const queue = queueOf(options);
  try {
    const record: PackRecordInQueue = { spec: loaded.spec, submittedAt: new Date().toISOString() };
    await withRedis(options.connection, (client) =>
      client.set(packKey(queue, loaded.packId), JSON.stringify(record), 'NX'),
    );
    const batch = 1000;
    const { first, count } = loaded.spec;
    for (let start = first; start < first + count; start += batch) {
      const jobs = [];
      for (let index = start; index < Math.min(start + batch, first + count); index++) {
        const id = levelJobId(loaded.packId, index);
        jobs.push({
          name: 'level',
          data: { pack: loaded.packId, spec: loaded.spec, index, from: 0 },
          opts: jobOptions(id, options),
        });
      }
      await queue.addBulk(jobs);
    }
    return loaded.packId;
  } finally {
    await queue.close();
  }
}

async function readPack(
  queue: Queue,
  pack: string,
  connection: RedisOptions,
): Promise<NormalizedSpec> {
  const text = await withRedis(connection, (client) => client.get(packKey(queue, pack)));
  if (text === null) {
    throw new InvalidInputError(`no pack ${quoteInput(pack)} on queue ${queue.name}`, {
      code: 'PACK_NOT_FOUND',
    });
  }
  return (JSON.parse(text) as PackRecordInQueue).spec;
}

/** A running queue worker: stop it with {@link QueueWorker.close}. */
export interface QueueWorker {
  /** Pool threads (the BullMQ worker takes this many jobs at once). */
  readonly workers: number;
  /** Stops taking jobs, lets running ones finish, and stops the pool. */
  close(): Promise<void>;
}

/** How {@link runWorker} runs. */
export interface WorkerOptions extends QueueConnection, PoolOptions {
  /** Where this machine loads a pack's game module from (default: from the current directory). */
  readonly resolveGame?: ResolveGame;
  /**
   * Ms a job stays locked to this worker without a renewal (default 30 000; renewed every half):
   * after a worker dies, its jobs go back to the queue once their lock expires.
   */
  readonly lockDuration?: number;
  /** Ms between checks for jobs whose worker died (default 30 000). */
  readonly stalledInterval?: number;
  /** Called with one plain object per finished or failed job. */
  readonly onEvent?: (event: WorkerEvent) => void;
}

/** A job this worker finished or failed. */
export interface WorkerEvent {
  readonly event: 'completed' | 'failed';
  readonly job: string;
  readonly attempt: number;
  readonly reason?: string;
}

/**
 * Takes level jobs from the queue and runs them on this machine's pool: one BullMQ worker with as many
 * jobs at once as the pool has threads. A job that throws is retried with backoff (by BullMQ); a job
 * whose worker dies is taken again by another worker when its lock expires. Every level task depends
 * only on its spec, index and candidate, so a retried job gives the same bytes.
 */
export function runWorker(options: WorkerOptions): QueueWorker {
  const pool = new PackPool(options);
  const resolveGame = options.resolveGame ?? resolveFromCwd;
  const emit = options.onEvent ?? (() => undefined);
  const checked = new Set<string>();
  const worker = new Worker<LevelJobData, LevelResult>(
    options.queueName ?? DEFAULT_QUEUE_NAME,
    async (job: Job<LevelJobData, LevelResult>) => {
      const { pack, spec, index, from } = job.data;
      if (!checked.has(pack)) {
        if (packId(spec) !== pack)
          throw new Error(`job ${job.id}: its spec is not that of pack ${pack}`);
        checked.add(pack);
      }
      return pool.runLevel({ gameUrl: resolveGame(spec.game), spec, index, from });
    },
    {
      connection: options.connection,
      concurrency: pool.workers,
      ...(options.lockDuration === undefined ? {} : { lockDuration: options.lockDuration }),
      ...(options.stalledInterval === undefined
        ? {}
        : { stalledInterval: options.stalledInterval }),
    },
  );
  worker.on('completed', (job) => {
    emit({ event: 'completed', job: String(job.id), attempt: job.attemptsMade });
  });
  worker.on('failed', (job, error) => {
    emit({
      event: 'failed',
      job: String(job?.id),
      attempt: job?.attemptsMade ?? 0,
      reason: error.message,
    });
  });
  // A lost connection is retried by the client; errors are reported, never thrown out of the process.
  worker.on('error', () => undefined);
  return {
    workers: pool.workers,
    async close() {
      await worker.close();
      await pool.close();
    },
  };
}

/** Where a pack stands on the queue. */
export interface PackStatus {
  readonly pack: string;
  readonly spec: NormalizedSpec;
  /** First jobs of levels, by state. */
  readonly levels: {
    readonly completed: number;
    readonly failed: number;
    readonly active: number;
    readonly waiting: number;
    readonly delayed: number;
  };
  /** True when every level's first job has completed (collect may still ask for replacements). */
  readonly done: boolean;
}

/** The state of every level job of a pack. */
export async function packStatus(pack: string, options: QueueConnection): Promise<PackStatus> {
  const queue = queueOf(options);
  try {
    const spec = await readPack(queue, pack, options.connection);
    const levels = { completed: 0, failed: 0, active: 0, waiting: 0, delayed: 0 };
    const chunk = 500;
    const end = spec.first + spec.count;
    for (let start = spec.first; start < end; start += chunk) {
      const ids = Array.from({ length: Math.min(chunk, end - start) }, (_, k) =>
        levelJobId(pack, start + k),
      );
      const states = await Promise.all(ids.map((id) => queue.getJobState(id)));
      for (const state of states) {
        if (
          state === 'completed' ||
          state === 'failed' ||
          state === 'active' ||
          state === 'delayed'
        ) {
          levels[state]++;
        } else {
          levels.waiting++;
        }
      }
    }
    return { pack, spec, levels, done: levels.completed === spec.count };
  } finally {
    await queue.close();
  }
}

/** How {@link collectPack} runs. */
export interface CollectOptions extends QueueConnection, RetryOptions {
  /** Wait for jobs still running (else a pack not finished is an error naming how far it is). */
  readonly wait?: boolean;
  /** Ms between two looks at a job not finished yet (default 500). */
  readonly pollMs?: number;
  readonly resolveGame?: ResolveGame;
}

/** A pack whose jobs are not all finished, collected without `wait`. */
export class PackNotFinishedError extends PuzzlekitError {
  constructor(message: string) {
    super('PACK_NOT_FINISHED', message);
  }
}

/**
 * Writes a queued pack's files into `out`: the same `levels.jsonl` and collection file as a local
 * `runPack` of the same spec, byte for byte, and a manifest whose timings are the queue's. A level
 * whose candidate duplicates an earlier level gets a replacement job (`<pack>.<index>.<candidate>`),
 * added here: with `wait`, collect waits for it.
 *
 * @throws PackNotFinishedError without `wait` while jobs are unfinished; Error for a job that failed
 *   all its attempts (with its reason); InvalidInputError for an unknown pack.
 */
export async function collectPack(
  pack: string,
  out: string,
  options: CollectOptions,
): Promise<PackManifest> {
  const started = performance.now();
  const queue = queueOf(options);
  try {
    const stored = await readPack(queue, pack, options.connection);
    const loaded = await loadSpec(stored, options.resolveGame);
    if (loaded.packId !== pack)
      throw new Error(`pack ${pack}: its stored spec reads as pack ${loaded.packId}`);
    const pollMs = options.pollMs ?? 500;
    const result = async (index: number, from: number): Promise<LevelResult> => {
      const id = levelJobId(pack, index, from);
      if ((await queue.getJob(id)) === undefined) {
        if (from === 0) throw new Error(`pack ${pack}: job ${id} is missing from the queue`);
        // A replacement candidate after a duplicate: the same id from any collector, so added once.
        await queue.add('level', { pack, spec: loaded.spec, index, from }, jobOptions(id, options));
      }
      for (;;) {
        const state = await queue.getJobState(id);
        if (state === 'completed') {
          const done = await queue.getJob(id);
          return done!.returnvalue;
        }
        if (state === 'failed') {
          const failed = await queue.getJob(id);
          throw new Error(
            `job ${id} failed after ${failed?.attemptsMade ?? 0} attempts: ${failed?.failedReason ?? 'unknown'}`,
          );
        }
        if (options.wait !== true) {
          throw new PackNotFinishedError(
            `pack ${pack} is not finished (job ${id} is ${state}): see its status, or collect with wait`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    };
    const assembled = await assemblePack(loaded.spec, result);
    return await writePackFiles(out, loaded.game, loaded.spec, assembled, {
      runner: 'queue',
      packId: pack,
      packages: loaded.packages,
      wallMs: performance.now() - started,
    });
  } finally {
    await queue.close();
  }
}
