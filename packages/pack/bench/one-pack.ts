// One bench pack in a process of its own (bench/index.ts starts it, transpiled to plain JavaScript):
// from the built `dist` under plain `node`, the way a user's program runs the library, or from the
// TypeScript sources under tsx. It prints one JSON line: the whole process from its start (Node
// booting, the library and the game loading, the pool starting, the pack), the pack alone on a ready
// pool, the cores busy in each, and a digest of levels.jsonl to check that every run made the same
// pack.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type * as Library from '../src/index.js';

/** The bench's command line, as bench/index.ts passes it. */
export interface OnePackArgs {
  /** URL of the library's entry: dist/index.js or src/index.ts. */
  readonly library: string;
  /** URL of the game module. */
  readonly game: string;
  readonly workers: number;
  readonly count: number;
  readonly size: number;
}

/** What one bench pack measured. */
export interface OnePackFigures {
  /** Milliseconds from this process's start to the pack's files written, pool started cold. */
  readonly coldMs: number;
  /** Cores busy over that time (CPU time of every thread of the process over wall time). */
  readonly coldCores: number;
  /** Milliseconds of a second run of the same pack on the pool once ready (its threads warm). */
  readonly warmMs: number;
  readonly warmCores: number;
  /** sha256 of levels.jsonl (the same in every run). */
  readonly digest: string;
}

const args = JSON.parse(process.argv[2] ?? '{}') as OnePackArgs;
const { runPack, PackPool } = (await import(args.library)) as typeof Library;
const spec = {
  game: args.game,
  gameId: 'sum',
  options: { size: args.size, maxValue: 1_000_000, unique: true },
  count: args.count,
  seed: 'bench',
};
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const out = await mkdtemp(path.join(os.tmpdir(), 'pack-bench-'));
try {
  // Cold: what a user's program pays, from Node's start (performance.now() counts from it).
  await runPack(spec, { out: path.join(out, 'cold'), workers: args.workers, memoryMb: 256 });
  const coldMs = performance.now();
  const coldCpu = cpuMs();
  // Warm: the same pack on a pool started beforehand, its threads ready with the game imported.
  const pool = new PackPool({ workers: args.workers, memoryMb: 256 }, args.game);
  try {
    await pool.ready();
    const start = performance.now();
    const startCpu = cpuMs();
    await runPack(spec, { out: path.join(out, 'warm'), pool });
    const warmMs = performance.now() - start;
    const warmCpu = cpuMs() - startCpu;
    const bytes = readFileSync(path.join(out, 'cold', 'levels.jsonl'));
    if (!bytes.equals(readFileSync(path.join(out, 'warm', 'levels.jsonl')))) {
      throw new Error('levels.jsonl differs between the cold and the warm run');
    }
    const figures: OnePackFigures = {
      coldMs,
      coldCores: coldCpu / coldMs,
      warmMs,
      warmCores: warmCpu / warmMs,
      digest: createHash('sha256').update(bytes).digest('hex'),
    };
    console.log(JSON.stringify(figures));
  } finally {
    await pool.close();
  }
} finally {
  await rm(out, { recursive: true, force: true });
}
