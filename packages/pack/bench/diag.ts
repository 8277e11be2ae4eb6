import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runPack } from '../src/index.js';
const SUM_GAME = new URL('../src/fixtures/sum-game.ts', import.meta.url).href;
const workers = Number(process.argv[2] ?? 1);
const out = await mkdtemp(path.join(os.tmpdir(), 'pack-diag-'));
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const r = await runPack(
  {
    game: SUM_GAME,
    gameId: 'sum',
    options: { size: 18, maxValue: 1_000_000, unique: true },
    count: 80,
    seed: 'bench',
  },
  {
    out,
    workers,
    memoryMb: 256,
    onEvent: (e) => {
      if (e.event === 'level' && (e.done === 1 || e.done === 80)) console.log(e.done, e.elapsedMs);
    },
  },
);
const wall = performance.now() - t0;
const used = process.cpuUsage(cpu0);
console.log({ workers, wall, cpu: (used.user + used.system) / 1000, jobsMs: r.timings.jobsMs });
await rm(out, { recursive: true, force: true });
