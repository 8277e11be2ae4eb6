// Figures: generation speed at the source article's largest sizes, its quality table, the solvers'
// reach and the optimizer. Run with `pnpm --filter @puzzlekit/sokoban-zero-gap bench`; name sections
// to run only those: `pnpm … bench solver generation` (sections: generation, quality, solver,
// lines, optimizer); the solver section also takes rows and modes: `bench solver xsokoban fast`.
import { readFileSync } from 'node:fs';
import { fmt, header, table, timeOnce } from '@puzzlekit/bench-tools';
import { BudgetMeter, describeOutcome } from '@puzzlekit/job';
import { BOX, GOAL, WALL } from '../src/model.js';
import { exactSearch } from '../src/solve/astar.js';
import { greedyRun } from '../src/solve/greedy.js';
import { runToEnd } from '../src/solve/run.js';
import { Space } from '../src/solve/space.js';
import { generated as generate } from '../src/testing/generated.js';
import {
  optimize,
  parseXsb,
  pushesToLurd,
  solve,
  solveLines,
  verify,
  type GenerateOptions,
  type Level,
  type Selection,
} from '../src/index.js';

/** Nodes a level in the solver section: the work that decides the answer (see the README). */
const SOLVER_WORK = 1_500_000;
/** CPU time a level in the solver section, in ms: it only stops a level early (then unsolved). */
const SOLVER_CPU_MS = 30_000;

header('@puzzlekit/sokoban-zero-gap');
const wanted = process.argv.slice(2);
const section = (name: string): boolean => wanted.length === 0 || wanted.includes(name);
/** A `name=N` argument's number, or `fallback` when it is not given. */
const numberArg = (name: string, fallback: number): number => {
  const arg = wanted.find((w) => w.startsWith(`${name}=`));
  return arg ? Number(arg.slice(name.length + 1)) : fallback;
};
/** The levels of a collection in the repository's `fixtures/sokoban`. */
const fixture = (name: string): readonly Level[] =>
  parseXsb(readFileSync(new URL(`../../../fixtures/sokoban/${name}`, import.meta.url), 'utf8'))
    .levels;
console.log(
  `load average at start: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);

// 1. The source article's slow cases.
if (section('generation')) {
  const rows: (string | number)[][] = [['case', 'boxes', 'pushes', 'answer', 'ms']];
  const big = timeOnce(() =>
    generate({ type: 'b', size: 48, pushes: 1_000_000, seed: 1, answer: 'pushes' }),
  );
  rows.push([
    'b n=48, 1,000,000 pushes',
    big.result.boxes,
    big.result.pushes,
    'push list',
    fmt(big.ms, 0),
  ]);
  const e = timeOnce(() =>
    generate({ type: 'e', size: 48, pushes: 1_000_000, seed: 1, answer: 'pushes' }),
  );
  rows.push([
    'e n=48, 1,000,000 pushes',
    e.result.boxes,
    e.result.pushes,
    'push list',
    fmt(e.ms, 0),
  ]);
  const s = timeOnce(() => generate({ type: 's', size: 15, pushes: 10_000, seed: 1 }));
  rows.push([
    's n=15, 10,000 pushes',
    s.result.boxes,
    s.result.pushes,
    `LURD ${fmt(s.result.moves)} moves`,
    fmt(s.ms, 0),
  ]);
  const v = verify(s.result.level, s.result.solution!);
  rows.push(['  (its LURD replays to solved)', '', '', String(v.solved), '']);
  // b n=48 with its LURD answer: the tree-path walk-out against the search a walk it replaced
  const withLurd = timeOnce(() => generate({ type: 'b', size: 48, pushes: 1_000_000, seed: 1 }));
  rows.push([
    'b n=48, 1,000,000 pushes',
    withLurd.result.boxes,
    withLurd.result.pushes,
    `LURD ${fmt(withLurd.result.moves)} moves (tree paths)`,
    fmt(withLurd.ms, 0),
  ]);
  const searched = timeOnce(() => pushesToLurd(big.result.level, big.result.pushList));
  rows.push([
    '  same, walked out by search',
    '',
    '',
    `LURD ${fmt(searched.result.length)} moves (search a walk), + push list`,
    fmt(searched.ms + big.ms, 0),
  ]);
  rows.push([
    '  (same text both ways)',
    '',
    '',
    String(searched.result === withLurd.result.solution),
    '',
  ]);
  for (const [type, n, k] of [
    ['b', 15, 100_000],
    ['w', 10, 10_000],
    ['g', 10, 10_000],
    ['w', 32, 100_000],
  ] as const) {
    const r = timeOnce(() => generate({ type, size: n, pushes: k, seed: 1, answer: 'pushes' }));
    rows.push([
      `${type} n=${n}, ${fmt(k)} pushes`,
      r.result.boxes,
      r.result.pushes,
      'push list',
      fmt(r.ms, 0),
    ]);
  }
  table(rows);
}

// 2. The source article's quality table: 20 b-type puzzles, n=5 (24 boxes), 1,000 scramble steps.
if (section('quality')) {
  console.log(
    '\nQuality: 20 b-type puzzles, n=5 (24 boxes), 1,000 scramble steps, seeds 0..19 (seed: last 474, farthest 874)',
  );
  console.log(
    'step: move = one slot-to-slot move (two pushes), 1,000 pushes = 500 moves; slide = the source article reading, one',
  );
  console.log(
    'step runs a box on while it can, 1,000 steps. line opt = push optimum under the b line rule (solveLines,',
  );
  console.log(
    'exact, a legal standard answer, so an upper bound on the standard optimum). std proved = standard-rule A*',
  );
  console.log(
    '(50,000 states a level) finished; std bound = proved optimum or A* lower bound. optimizer = optimize() on',
  );
  console.log('the recorded scramble answer (its total).\n');
  const rows: (string | number)[][] = [
    [
      'tree / step / selection',
      'line opt',
      'std proved',
      'std = line',
      'std bound',
      'optimizer',
      'scramble pushes',
      'ms',
    ],
  ];
  const runs: [string, GenerateOptions['tree'], GenerateOptions['step'], Selection, number][] = [
    ['kruskal / move / last', 'kruskal', 'move', 'last', 0],
    ['kruskal / move / farthest', 'kruskal', 'move', 'farthest', 0],
    ['kruskal / slide / last', 'kruskal', 'slide', 'last', 0],
    ['kruskal / slide / farthest', 'kruskal', 'slide', 'farthest', 0],
    ['growth / slide / last', 'growth', 'slide', 'last', 0],
    ['growth / slide / farthest', 'growth', 'slide', 'farthest', 0],
    ['kruskal / slide / farthest, min 45', 'kruskal', 'slide', 'farthest', 45],
  ];
  for (const [name, tree, step, select, minDistance] of runs) {
    let line = 0;
    let proved = 0;
    let same = 0;
    let lower = 0;
    let opt = 0;
    let scr = 0;
    const t = timeOnce(() => {
      for (let seed = 0; seed < 20; seed++) {
        const g = generate({
          type: 'b',
          size: 5,
          pushes: 1000,
          seed,
          select,
          minDistance,
          tree,
          step,
        });
        scr += g.pushes;
        const l = solveLines(g.level, { maxWork: 3_000_000 });
        line += 'value' in l ? l.value.pushes : 0;
        const r = solve(g.level, { maxWork: 50_000 });
        if ('value' in r) {
          proved++;
          if ('value' in l && r.value.pushes === l.value.pushes) same++;
          lower += r.value.pushes;
        } else lower += r.lowerBound;
        opt += optimize(g.level, g.pushList, { maxWork: 100_000 }).pushes;
      }
    });
    rows.push([name, line, `${proved}/20`, `${same}/${proved}`, lower, opt, scr, fmt(t.ms, 0)]);
  }
  table(rows);
}

// 3. The standard-rule solver, both modes, 30 CPU-s a level on one core (run it pinned: `taskset -c 1
// pnpm … bench solver`): the job Budget with `now` on this process's CPU clock and `maxMs: 30_000`, and
// a work budget (SOLVER_WORK nodes) that decides the answer; a level the CPU clock stops first is
// counted unsolved and named. Every answer is replayed by `verify`. Rows: microban, xsokoban (the
// 20-level tuning sample), xsokoban-held-out (the other 70 of XSokoban's 90, never tuned on),
// zero-gap (n = 3..5), zero-gap-large (n = 6, 8, 10); modes: fast, optimal; `work=N` sets the node
// budget, `ms=N` the CPU limit.
if (section('solver')) {
  const zeroGap = (sizes: readonly number[]) => (): Level[] => {
    const out: Level[] = [];
    for (const type of ['b', 'e', 'w', 'g'] as const)
      for (const n of sizes)
        for (const seed of [1, 2, 3])
          out.push(generate({ type, size: n, pushes: 1000, seed, select: 'farthest' }).level);
    return out;
  };
  const sample = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90]);
  const work = numberArg('work', SOLVER_WORK);
  // `part=i/n`: only every n-th level from the i-th (0-based), to run a row in parallel processes
  const partArg = wanted.find((w) => w.startsWith('part='));
  const [partIndex, parts] = partArg ? partArg.slice(5).split('/').map(Number) : [0, 1];
  // `skip=N`: leave out the first N levels of the (part of the) row, to split it further
  const skip = numberArg('skip', 0);
  const cpuLimit = numberArg('ms', SOLVER_CPU_MS);
  const suites = [
    { key: 'microban', name: 'Microban (155)', levels: () => fixture('microban_155.xsb') },
    {
      key: 'xsokoban',
      name: 'XSokoban 1-10, 15, 20, …, 90 (tuning sample, 20)',
      levels: () => fixture('xsokoban_20.xsb'),
    },
    {
      key: 'xsokoban-held-out',
      name: 'XSokoban, the other 70 (held out)',
      levels: () => fixture('xsokoban_90.xsb').filter((_, i) => !sample.has(i + 1)),
    },
    {
      key: 'zero-gap',
      name: 'zero-gap b/e/w/g n=3..5, seeds 1-3, farthest, 1,000 pushes (36)',
      levels: zeroGap([3, 4, 5]),
    },
    {
      key: 'zero-gap-large',
      name: 'zero-gap b/e/w/g n=6, 8, 10, seeds 1-3, farthest, 1,000 pushes (36)',
      levels: zeroGap([6, 8, 10]),
    },
  ];
  const rowsWanted = suites.map((s) => s.key).filter((r) => wanted.includes(r));
  const modesWanted = (['optimal', 'fast'] as const).filter((m) => wanted.includes(m));
  console.log(
    `\nSolver (standard rules), ${fmt(work)} nodes and ${fmt(cpuLimit)} CPU-ms a level, one level after another; CPU time per`,
  );
  console.log(
    'level; states/s = expanded states over CPU time; peak memory = the largest resident set of this process so far.',
  );
  const cpuNow = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const rows: (string | number)[][] = [
    [
      'levels',
      'mode',
      'solved',
      'median CPU ms',
      'worst CPU ms',
      'states/s',
      'peak memory MB',
      'load at end',
    ],
  ];
  for (const suite of suites) {
    if (rowsWanted.length > 0 ? !rowsWanted.includes(suite.key) : suite.key.includes('-')) continue;
    const levels = suite
      .levels()
      .filter((_, i) => i % parts! === partIndex)
      .slice(skip);
    for (const mode of modesWanted.length > 0 ? modesWanted : (['optimal', 'fast'] as const)) {
      let solved = 0;
      let states = 0;
      let cpuTotal = 0;
      const cpu: number[] = [];
      const clockStopped: number[] = [];
      for (const [i, level] of levels.entries()) {
        const before = cpuNow();
        const r = solve(level, { maxWork: work, maxMs: cpuLimit, now: cpuNow }, { mode });
        const ms = cpuNow() - before;
        cpu.push(ms);
        cpuTotal += ms;
        states += r.work;
        const replayed = 'value' in r && verify(level, r.value.solution).solved;
        if (replayed) solved++;
        if (r.outcome.kind === 'gave-up' && r.outcome.bound === 'time') clockStopped.push(i + 1);
        if (process.env.BENCH_VERBOSE)
          console.log(
            suite.key,
            mode,
            level.title ?? i + 1,
            r.outcome.kind,
            replayed ? r.value.pushes : '-',
            r.work,
            Math.round(ms),
          );
      }
      if (clockStopped.length > 0)
        console.log(`${suite.name} ${mode}: stopped by the clock: ${clockStopped.join(', ')}`);
      cpu.sort((a, b) => a - b);
      rows.push([
        suite.name,
        mode,
        `${solved}/${levels.length}`,
        fmt(cpu[cpu.length >> 1]!, 0),
        fmt(cpu[cpu.length - 1]!, 0),
        fmt((states * 1000) / cpuTotal, 0),
        fmt(process.resourceUsage().maxRSS / 1024, 0),
        readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      ]);
    }
  }
  table(rows);
}

// 3a. Where FESS stalls: the FESS run alone (box moves, as in the fast mode) on the XSokoban tuning
// sample, `work=N` units a level (default 300,000); for each level it does not solve, the first
// position that reached its highest packed count is handed to the push-optimal search with
// `proof=N` nodes (default 100,000): "dead" means that search proved no answer exists from there —
// the run spent the rest of its work below a position it could not know was lost. Only the tuning
// sample: `levels=a,b,…` picks levels of XSokoban's 90 by number.
if (wanted.includes('fess-trace')) {
  const all = fixture('xsokoban_90.xsb');
  const levelsArg = wanted.find((w) => w.startsWith('levels='));
  const numbers = levelsArg
    ? levelsArg.slice(7).split(',').map(Number)
    : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90];
  const work = numberArg('work', 300_000);
  const proof = numberArg('proof', 100_000);
  console.log(
    `\nFESS trace: the FESS run alone, ${fmt(work)} units a level; its best-packed position checked by the exact search (${fmt(proof)} nodes)`,
  );
  const rows: (string | number)[][] = [
    ['level', 'boxes', 'FESS', 'best packed', 'at work', 'best position', 'proof nodes'],
  ];
  type BestPacked = { cells: Uint8Array; player: number; packed: number; work: number };
  for (const n of numbers) {
    const level = all[n - 1]!;
    const sp = new Space(level);
    let best: BestPacked | null = null;
    const meter = new BudgetMeter({ maxWork: work }, { unit: 'nodes' });
    const run = greedyRun(
      sp,
      level.player,
      {
        meter,
        memoryBytes: 256 * 2 ** 20,
        macros: false,
        areas: true,
        fess: true,
        boxMoves: true,
        onBestPacked: (occ, player, packed, at) => {
          // the level's walls and goals with the position's boxes
          const cells = level.cells.map((cell, c) => (cell & (WALL | GOAL)) | (occ[c] ? BOX : 0));
          best = { cells, player, packed, work: at };
        },
      },
      Infinity,
    );
    const found = runToEnd(run);
    const row: (string | number)[] = [n, sp.startBoxes.length];
    // set inside the callback, which the compiler does not follow
    const reached = best as BestPacked | null;
    row.push(found.pushes ? `solved, ${fmt(meter.work)} units` : `stopped: ${found.stop ?? ''}`);
    row.push(
      reached ? `${reached.packed}/${sp.goals.length}` : '-',
      reached ? fmt(reached.work) : '-',
    );
    if (found.pushes || !reached) {
      rows.push([...row, '', '']);
      continue;
    }
    const at = {
      width: level.width,
      height: level.height,
      cells: reached.cells,
      player: reached.player,
    };
    const subMeter = new BudgetMeter({ maxWork: proof }, { unit: 'nodes' });
    const r = exactSearch(new Space(at), reached.player, {
      meter: subMeter,
      memoryBytes: 256 * 2 ** 20,
      freeze: true,
    });
    const verdict = r.pushes ? 'solvable' : r.stop === 'unsolvable' ? 'dead' : 'not proved';
    rows.push([...row, verdict, fmt(subMeter.work)]);
  }
  table(rows);
}

// 3b. The line-rule solver's reach.
if (section('lines')) {
  console.log(
    '\nLine-rule solver (solveLines): b and e, 1,000·n² scramble pushes, farthest selection, 60 s a level, default memory',
  );
  const rows: (string | number)[][] = [
    ['level', 'boxes', 'solved', 'pushes', 'lower bound', 'states', 'states/s', 'ms', 'peak MB'],
  ];
  for (const [type, n] of [
    ['b', 5],
    ['b', 6],
    ['b', 7],
    ['e', 5],
    ['e', 6],
  ] as const) {
    const g = generate({ type, size: n, pushes: 1000 * n * n, seed: 1, select: 'farthest' });
    const t = timeOnce(() => solveLines(g.level, { maxWork: 20_000_000, maxMs: 60_000 }));
    const r = t.result;
    rows.push([
      `${type} n=${n}`,
      g.boxes,
      'value' in r ? 'yes' : `no (${describeOutcome(r.outcome)})`,
      'value' in r ? r.value.pushes : '–',
      r.lowerBound,
      r.work,
      fmt((r.work * 1000) / t.ms, 0),
      fmt(t.ms, 0),
      fmt(process.resourceUsage().maxRSS / 1024, 0),
    ]);
  }
  table(rows);
  console.log(
    'peak MB: the largest resident set of this process so far (512 MB for the states by default).',
  );
}

// 4. The optimizer on answers too long to solve exactly.
if (section('optimizer')) {
  console.log('\nOptimizer on generated answers (last selection)');
  const rows: (string | number)[][] = [
    [
      'level',
      'answer pushes/moves',
      'optimized pushes/moves',
      'by loops',
      'by line re-solves',
      'by shortcuts',
      'ms',
    ],
  ];
  for (const [type, n, k] of [
    ['b', 10, 10_000],
    ['e', 10, 10_000],
    ['s', 8, 2_000],
  ] as const) {
    const g = generate({ type, size: n, pushes: k, seed: 2 });
    const t = timeOnce(() => optimize(g.level, g.pushList, { maxWork: 300_000 }));
    rows.push([
      `${type} n=${n}, ${fmt(k)} pushes`,
      `${g.pushes}/${g.moves}`,
      `${t.result.pushes}/${t.result.moves}`,
      t.result.removedByLoops,
      t.result.removedByLineSolves,
      t.result.removedByShortcuts,
      fmt(t.ms, 0),
    ]);
  }
  table(rows);
}

console.log(
  `load average at end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
