// The machine's own ceiling, beside the pack: the same CPU work as a bench level (counting the
// subsets of 20 numbers that reach a target), with no pool, no messages and no files — `units`
// counts on 1 thread, then the same counts split over 2 threads. Its speed-up is what 2 cores give
// pure computation at this moment on this machine; the pack's cannot be expected to beat it.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type * as SumGame from '../src/fixtures/sum-game.js';

/** What each thread is given: the game module's URL and its share of the levels. */
interface Share {
  readonly game: string;
  readonly units: number;
  readonly offset: number;
}

/** Counts of `units` levels of 20 numbers (the same levels on every run). */
async function work({ game, units, offset }: Share): Promise<number> {
  const { countSolutions } = (await import(game)) as typeof SumGame;
  let found = 0;
  for (let u = 0; u < units; u++) {
    const numbers = Array.from(
      { length: 20 },
      (_, i) => ((i + 1) * 7919 * (u + offset + 1)) % 1_000_000,
    );
    found += countSolutions({ numbers, target: numbers[3]! + numbers[11]! + numbers[17]! });
  }
  return found;
}

async function onThreads(game: string, threads: number, units: number): Promise<number> {
  const start = performance.now();
  await Promise.all(
    Array.from({ length: threads }, (_, t) => {
      const worker = new Worker(new URL(import.meta.url), {
        workerData: { game, units: units / threads, offset: (t * units) / threads } satisfies Share,
      });
      return new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    }),
  );
  return performance.now() - start;
}

if (isMainThread) {
  const game = process.argv[2]!;
  const units = Number(process.argv[3] ?? 8);
  const one = await onThreads(game, 1, units);
  const two = await onThreads(game, 2, units);
  console.log(JSON.stringify({ oneMs: one, twoMs: two }));
} else {
  parentPort!.postMessage(await work(workerData as Share));
}
