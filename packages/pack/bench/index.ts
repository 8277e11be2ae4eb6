// Figures for @puzzlekit/pack: the same CPU-bound pack on 1 and on 2 pool threads, alternated so that
// a change of load hits both alike, each run in a fresh process: from the built `dist` under plain
// `node` (the way a user's program runs the library; when `pnpm build` has made it) and from the
// TypeScript sources under tsx. Each run times the whole process cold (Node's start, imports, the
// pool's start, the pack) and the same pack again on a ready pool (the levels alone). The speed-up of
// each round is printed with the machine's load (on a shared machine other processes take cores too)
// and with a control: the same counting on bare threads, what 2 cores give pure computation then.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { machineLine } from '@puzzlekit/bench-tools';
import ts from 'typescript';
import type { OnePackArgs, OnePackFigures } from './one-pack.js';

const packageDir = new URL('../', import.meta.url);
const cacheDir = new URL('node_modules/.cache/pack-bench/', packageDir);

/**
 * Plain JavaScript of a TypeScript module, written beside the package's dependencies (so its bare
 * imports resolve to their built `dist` under plain node).
 */
function transpile(source: string, name: string): string {
  const url = new URL(name, cacheDir);
  mkdirSync(cacheDir, { recursive: true });
  const { outputText } = ts.transpileModule(readFileSync(new URL(source, packageDir), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  writeFileSync(url, outputText);
  return url.href;
}

const onePack = fileURLToPath(transpile('bench/one-pack.ts', 'one-pack.js'));
const control = fileURLToPath(transpile('bench/control.ts', 'control.js'));
const modes = (process.env.PACK_BENCH_FROM ?? 'dist,sources').split(',').flatMap((mode) => {
  if (mode === 'dist') {
    const library = new URL('dist/index.js', packageDir);
    if (!existsSync(library)) {
      console.log('dist: not built (pnpm build), skipped');
      return [];
    }
    const game = transpile('src/fixtures/sum-game.ts', 'sum-game.js');
    return [{ mode, execArgv: [], library: library.href, game }];
  }
  return [
    {
      mode,
      execArgv: ['--import', 'tsx', '--conditions=@puzzlekit/source'],
      library: new URL('src/index.ts', packageDir).href,
      game: new URL('src/fixtures/sum-game.ts', packageDir).href,
    },
  ];
});

const count = Number(process.env.PACK_BENCH_COUNT ?? 24);
const size = Number(process.env.PACK_BENCH_SIZE ?? 20);
const rounds = Number(process.env.PACK_BENCH_ROUNDS ?? 3);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * The machine's ceiling now: the same counting on 1 thread, then on 2 (bench/control.ts), under plain
 * node on the built game (a bare worker thread cannot load TypeScript); null when nothing is built.
 */
function ceiling(): number | null {
  const dist = modes.find((mode) => mode.mode === 'dist');
  if (dist === undefined) return null;
  const child = spawnSync(process.execPath, [control, dist.game, '8'], {
    cwd: fileURLToPath(packageDir),
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`bench control failed: ${child.stderr}`);
  const { oneMs, twoMs } = JSON.parse(child.stdout.trim()) as { oneMs: number; twoMs: number };
  return oneMs / twoMs;
}

function run(mode: (typeof modes)[number], workers: number): OnePackFigures {
  const args: OnePackArgs = { library: mode.library, game: mode.game, workers, count, size };
  const child = spawnSync(process.execPath, [...mode.execArgv, onePack, JSON.stringify(args)], {
    cwd: fileURLToPath(packageDir),
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`bench pack failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as OnePackFigures;
}

console.log(machineLine());
console.log(
  `pack: ${count} levels of sum (${size} numbers, one answer each: 2 full counts of 2^${size} subsets per level); load ${load()}`,
);
let digest: string | undefined;
for (const mode of modes) {
  const cold: Record<number, number[]> = { 1: [], 2: [] };
  const warm: Record<number, number[]> = { 1: [], 2: [] };
  for (let round = 1; round <= rounds; round++) {
    const figures: Record<number, OnePackFigures> = {};
    for (const workers of [1, 2]) {
      const f = run(mode, workers);
      digest ??= f.digest;
      if (f.digest !== digest) throw new Error('levels.jsonl differs between runs');
      figures[workers] = f;
      cold[workers]!.push(f.coldMs);
      warm[workers]!.push(f.warmMs);
      console.log(
        `${mode.mode} round ${round}, ${workers} worker(s): cold ${seconds(f.coldMs)} (${f.coldCores.toFixed(2)} cores busy), ready pool ${seconds(f.warmMs)} (${f.warmCores.toFixed(2)} cores busy); load ${load()}`,
      );
    }
    const [one, two] = [figures[1]!, figures[2]!];
    const control = ceiling();
    const bare =
      control === null ? '' : `; the same counting on bare threads ${control.toFixed(2)}×`;
    // Two threads that kept under 1.5 cores busy were not given both cores: another process took
    // one, and the round measures that process rather than the pool.
    const shared =
      Math.min(two.coldCores, two.warmCores) < 1.5
        ? `; 2 threads kept only ${Math.min(two.coldCores, two.warmCores).toFixed(2)} cores busy: another process shared the machine`
        : '';
    console.log(
      `${mode.mode} round ${round}: speed-up ${(one.coldMs / two.coldMs).toFixed(2)}× cold, ${(one.warmMs / two.warmMs).toFixed(2)}× on a ready pool${bare}${shared} (load ${load()})`,
    );
  }
  console.log(
    `${mode.mode} medians: cold ${seconds(median(cold[1]!))} / ${seconds(median(cold[2]!))} = ${(median(cold[1]!) / median(cold[2]!)).toFixed(2)}×, ready pool ${seconds(median(warm[1]!))} / ${seconds(median(warm[2]!))} = ${(median(warm[1]!) / median(warm[2]!)).toFixed(2)}× (load ${load()}); levels.jsonl identical in every run`,
  );
}
