import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { InvalidInputError } from '@puzzlekit/errors';
import { Piscina } from 'piscina';
import type { LevelResult } from './level.js';
import type { SolveResult } from './solve-one.js';
import type { LevelTask, SolveTask, ThreadStart } from './worker.js';

/** Old-generation heap of one pool thread, in MB, unless a caller sets another. */
export const DEFAULT_WORKER_MEMORY_MB = 1024;

/** Memory left to the main thread and the system when counting how many threads fit. */
const RESERVED_MB = 512;

/**
 * The default number of pool threads: the cores this process may use, but no more threads than fit
 * in half of the machine's memory at `memoryMb` each (at least one).
 */
export function defaultWorkers(memoryMb: number = DEFAULT_WORKER_MEMORY_MB): number {
  const fitting = Math.floor((os.totalmem() / 2 ** 20 / 2 - RESERVED_MB) / memoryMb);
  return Math.max(1, Math.min(os.availableParallelism(), fitting));
}

/** How a pool is made. */
export interface PoolOptions {
  /** Threads (default {@link defaultWorkers}). */
  readonly workers?: number;
  /** Old-generation heap limit of each thread in MB (default {@link DEFAULT_WORKER_MEMORY_MB}). */
  readonly memoryMb?: number;
}

let sourceBootstrap: string | undefined;

/**
 * The file a pool thread loads. Built, that is `worker.js` beside this file. Run from TypeScript
 * sources (tests, `tsx`), a thread cannot load `worker.ts` by itself: a small bootstrap module,
 * written once per process to a temporary folder, registers tsx's loader in the thread and then imports
 * the TypeScript worker.
 */
function workerFile(): string {
  const here = import.meta.url;
  if (!/\.[mc]?ts$/.test(new URL(here).pathname)) return new URL('./worker.js', here).href;
  if (sourceBootstrap !== undefined) return sourceBootstrap;
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const worker = new URL('./worker.ts', here).href;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'puzzlekit-pack-'));
  const file = path.join(dir, 'worker-bootstrap.mjs');
  writeFileSync(
    file,
    [
      `import { register } from ${JSON.stringify(tsxApi)};`,
      'register();',
      `const worker = await import(${JSON.stringify(worker)});`,
      'export default worker.default;',
      '',
    ].join('\n'),
  );
  sourceBootstrap = pathToFileURL(file).href;
  return sourceBootstrap;
}

function readCount(value: number, name: string, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new InvalidInputError(`${name} must be a whole number ≥ ${min}, got ${String(value)}`, {
      path: `$.${name}`,
      code: 'INVALID_OPTION',
    });
  }
  return value;
}

/**
 * A pool of worker threads that run level and solve tasks, each thread's heap bounded. One pool
 * serves a whole pack (and the queue worker feeds one pool from its jobs).
 */
export class PackPool {
  readonly workers: number;
  readonly memoryMb: number;
  private readonly pool: Piscina;
  private readonly started = new Int32Array(new SharedArrayBuffer(4));

  /**
   * Starts the pool's threads at once. With `gameUrl`, every thread imports that game module as it
   * starts (see {@link PackPool.ready}).
   */
  constructor(options: PoolOptions = {}, gameUrl?: string) {
    this.memoryMb = readCount(options.memoryMb ?? DEFAULT_WORKER_MEMORY_MB, 'memoryMb', 64);
    this.workers = readCount(options.workers ?? defaultWorkers(this.memoryMb), 'workers', 1);
    const fromSource = /\.[mc]?ts$/.test(new URL(import.meta.url).pathname);
    this.pool = new Piscina({
      filename: workerFile(),
      minThreads: this.workers,
      maxThreads: this.workers,
      // Long tasks: a thread that idles between levels is kept, never torn down and rebuilt.
      idleTimeout: 60_000,
      // One task a thread at a time (piscina's default). Two a thread (the next task held already)
      // let an aborted pack's answer for a cancelled task reach piscina after it forgot the task:
      // "Unexpected message from Worker", an uncaught error (seen once in a clean-clone CI run).
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb },
      workerData: {
        started: this.started,
        ...(gameUrl === undefined ? {} : { gameUrl }),
      } satisfies ThreadStart,
      // From sources, siblings resolve to their TypeScript under the workspace's source condition.
      ...(fromSource ? { execArgv: [...process.execArgv, '--conditions=@puzzlekit/source'] } : {}),
    });
  }

  /**
   * Resolves once every thread has started and imported the pool's game (a failed import is
   * reported by the first task that needs the game), so that timing a pack on a ready pool times
   * the levels alone.
   */
  async ready(): Promise<void> {
    let failed: Error | undefined;
    const onError = (error: unknown) => {
      failed = error instanceof Error ? error : new Error(String(error));
    };
    this.pool.on('error', onError);
    try {
      while (Atomics.load(this.started, 0) < this.workers) {
        if (failed !== undefined) throw failed;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      this.pool.off('error', onError);
    }
  }

  /** Makes one level (candidates from `task.from` on). */
  runLevel(task: Omit<LevelTask, 'kind'>, signal?: AbortSignal): Promise<LevelResult> {
    return this.pool.run(
      { kind: 'level', ...task },
      signal === undefined ? {} : { signal },
    ) as Promise<LevelResult>;
  }

  /** Solves one level of a collection. */
  runSolve(task: Omit<SolveTask, 'kind'>, signal?: AbortSignal): Promise<SolveResult> {
    return this.pool.run(
      { kind: 'solve', ...task },
      signal === undefined ? {} : { signal },
    ) as Promise<SolveResult>;
  }

  /** Stops every thread (running tasks are abandoned). */
  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
