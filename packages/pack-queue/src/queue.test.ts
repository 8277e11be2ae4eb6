import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runPack, type PackSpec } from '@puzzlekit/pack';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisForTests } from './fixtures/redis.js';
import {
  PackNotFinishedError,
  collectPack,
  levelJobId,
  packStatus,
  runWorker,
  submitPack,
  type QueueWorker,
} from './index.js';

// The test game of @puzzlekit/pack (subset sum), loaded by workers as any game is: by module URL.
const SUM_GAME = new URL('../../pack/src/fixtures/sum-game.ts', import.meta.url).href;
const WORKER_PROCESS = new URL('./fixtures/worker-process.ts', import.meta.url).pathname;

let redis: RedisForTests;
const folders: string[] = [];
let queues = 0;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pack-queue-test-'));
  folders.push(dir);
  return dir;
}

/** A queue of its own for each test. */
function where() {
  return { connection: { path: redis.socket }, queueName: `test-${process.pid}-${queues++}` };
}

function spec(overrides: Partial<PackSpec> = {}): PackSpec {
  return {
    game: SUM_GAME,
    gameId: 'sum',
    options: { size: 6 },
    count: 6,
    seed: 'queue',
    ...overrides,
  };
}

const files = ['levels.jsonl', 'levels.json'];

/** The bytes of a pack's deterministic files. */
async function packBytes(dir: string): Promise<string[]> {
  return Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
}

async function localPack(s: PackSpec): Promise<string[]> {
  const out = await tempDir();
  await runPack(s, { out, workers: 2, memoryMb: 256 });
  return packBytes(out);
}

async function withWorker<T>(
  options: Parameters<typeof runWorker>[0],
  use: (w: QueueWorker) => Promise<T>,
) {
  const worker = runWorker(options);
  try {
    return await use(worker);
  } finally {
    await worker.close();
  }
}

describe('pack queue on a real redis-server', () => {
  it('submitting a spec twice gives one pack id and one set of jobs', async () => {
    const q = where();
    const first = await submitPack(spec({ count: 5 }), q);
    const again = await submitPack(spec({ count: 5 }), q);
    expect(again).toBe(first);
    const queue = new Queue(q.queueName, { connection: q.connection });
    try {
      const counts = await queue.getJobCounts(
        'waiting',
        'active',
        'completed',
        'failed',
        'delayed',
      );
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(5);
      expect((await queue.getJob(levelJobId(first, 4)))?.data.index).toBe(4);
    } finally {
      await queue.close();
    }
    const status = await packStatus(first, q);
    expect(status.levels).toEqual({ completed: 0, failed: 0, active: 0, waiting: 5, delayed: 0 });
    expect(status.done).toBe(false);
    await expect(collectPack(first, await tempDir(), q)).rejects.toThrow(PackNotFinishedError);
  });

  it('collects the same files as a local pack, byte for byte, duplicates replaced through the queue', async () => {
    // Two numbers from 1..2: duplicates are certain, so collect adds replacement jobs.
    const tight = spec({ options: { size: 2, maxValue: 2 }, count: 8, maxCandidates: 5 });
    const q = where();
    const pack = await submitPack(tight, q);
    const out = await tempDir();
    const manifest = await withWorker({ ...q, workers: 2, memoryMb: 256 }, () =>
      collectPack(pack, out, { ...q, wait: true, pollMs: 100 }),
    );
    expect(manifest.counts.duplicates).toBeGreaterThan(0);
    expect(manifest.timings.runner).toBe('queue');
    expect(await packBytes(out)).toEqual(await localPack(tight));
    const status = await packStatus(pack, q);
    expect(status.done).toBe(true);
    expect(status.levels.completed).toBe(8);
  });

  it('retries a job that fails once, and the pack is unchanged', async () => {
    const marker = path.join(await tempDir(), 'failed-once');
    const failing = spec({ options: { size: 6, failOnce: marker } });
    const q = where();
    const pack = await submitPack(failing, { ...q, backoffMs: 100 });
    const out = await tempDir();
    const failures: string[] = [];
    await withWorker(
      {
        ...q,
        workers: 2,
        memoryMb: 256,
        onEvent: (e) => e.event === 'failed' && failures.push(e.reason ?? ''),
      },
      () => collectPack(pack, out, { ...q, wait: true, pollMs: 100 }),
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/failing once on purpose/);
    const queue = new Queue(q.queueName, { connection: q.connection });
    try {
      const attempts = await Promise.all(
        [...Array(6).keys()].map(
          async (i) => (await queue.getJob(levelJobId(pack, i)))!.attemptsMade,
        ),
      );
      expect(attempts.filter((n) => n === 2)).toHaveLength(1);
      expect(attempts.filter((n) => n === 1)).toHaveLength(5);
    } finally {
      await queue.close();
    }
    // The marker now exists, so the local pack of the same spec never fails: the same bytes.
    expect(await packBytes(out)).toEqual(await localPack(failing));
  });

  it('a worker killed in the middle of a job leaves it to another worker', async () => {
    const slow = spec({ options: { size: 6, sleepMs: 1500 }, count: 3 });
    const q = where();
    const pack = await submitPack(slow, q);
    const child = spawn(
      process.execPath,
      [
        '--conditions=@puzzlekit/source',
        '--import',
        import.meta.resolve('tsx'),
        WORKER_PROCESS,
        redis.socket,
        q.queueName,
      ],
      { cwd: path.resolve(import.meta.dirname, '..'), stdio: 'inherit' },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const queue = new Queue(q.queueName, { connection: q.connection });
    let killedJob: string | undefined;
    try {
      for (let tries = 0; killedJob === undefined; tries++) {
        if (tries > 1200) throw new Error('the worker process never took a job');
        for (let i = 0; i < 3; i++) {
          if ((await queue.getJobState(levelJobId(pack, i))) === 'active')
            killedJob = levelJobId(pack, i);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      child.kill('SIGKILL');
      await exited;
      expect(await queue.getJobState(killedJob)).toBe('active');
      const out = await tempDir();
      await withWorker(
        { ...q, workers: 2, memoryMb: 256, lockDuration: 3000, stalledInterval: 1000 },
        () => collectPack(pack, out, { ...q, wait: true, pollMs: 100 }),
      );
      expect(await queue.getJobState(killedJob)).toBe('completed');
      expect(await packBytes(out)).toEqual(await localPack(slow));
    } finally {
      child.kill('SIGKILL');
      await queue.close();
    }
  });
});
