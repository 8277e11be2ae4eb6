// Figures for @puzzlekit/pack: the same CPU-bound pack on 1 and on 2 pool threads, alternated so that a
// change of load hits both alike; the ratio of medians is the speed-up, and the machine's load is printed
// beside it (on a shared machine, other processes take cores too).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { machineLine } from '@puzzlekit/bench-tools';
import { runPack, type PackSpec } from '../src/index.js';

const SUM_GAME = new URL('../src/fixtures/sum-game.ts', import.meta.url).href;
// Unique-answer subset-sum levels of 18 numbers: each candidate counts its answers over 262,144
// subsets, and so does the rating: tens of milliseconds of pure CPU per level.
const spec: PackSpec = {
  game: SUM_GAME,
  gameId: 'sum',
  options: { size: 18, maxValue: 1_000_000, unique: true },
  count: Number(process.env.PACK_BENCH_COUNT ?? 80),
  seed: 'bench',
};

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** One pack: wall time, and CPU time of the whole process (every thread) over wall time. */
async function timedPack(workers: number): Promise<{ ms: number; cores: number; bytes: string }> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'pack-bench-'));
  try {
    const start = performance.now();
    const cpu = process.cpuUsage();
    await runPack(spec, { out, workers, memoryMb: 256 });
    const ms = performance.now() - start;
    const used = process.cpuUsage(cpu);
    const cores = (used.user + used.system) / 1000 / ms;
    return { ms, cores, bytes: readFileSync(path.join(out, 'levels.jsonl'), 'utf8') };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

console.log(machineLine());
console.log(`pack: ${spec.count} levels of sum (size 18, unique answer); load before: ${load()}`);
const rounds = Number(process.env.PACK_BENCH_ROUNDS ?? 3);
const times: Record<number, number[]> = { 1: [], 2: [] };
let reference: string | undefined;
for (let round = 0; round < rounds; round++) {
  for (const workers of [1, 2]) {
    const { ms, cores, bytes } = await timedPack(workers);
    reference ??= bytes;
    if (bytes !== reference) throw new Error('levels.jsonl differs between runs');
    times[workers]!.push(ms);
    console.log(
      `round ${round + 1}, ${workers} worker(s): ${(ms / 1000).toFixed(2)} s, ${cores.toFixed(2)} cores busy (load ${load()})`,
    );
  }
}
const one = median(times[1]!);
const two = median(times[2]!);
console.log(
  `median: 1 worker ${(one / 1000).toFixed(2)} s, 2 workers ${(two / 1000).toFixed(2)} s, speed-up ${(one / two).toFixed(2)}× (load after: ${load()}); levels.jsonl identical in every run`,
);
