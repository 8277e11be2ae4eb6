// Figures of issue 3: generation speed at the seed's largest sizes, the seed's quality table, and the
// solver's reach. Run with `pnpm --filter @puzzlekit/sokoban-zero-gap bench`.
import { fmt, header, table, timeOnce } from '@puzzlekit/bench-tools';
import {
  generate,
  optimize,
  solve,
  solveLines,
  verify,
  type GenerateOptions,
  type Selection,
} from '../src/index.js';

header('@puzzlekit/sokoban-zero-gap');

// 1. The seed's slow cases.
{
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

// 2. The seed's quality table: 20 b-type puzzles, n=5 (24 boxes), 1,000 scramble steps.
{
  console.log(
    '\nQuality: 20 b-type puzzles, n=5 (24 boxes), 1,000 scramble steps, seeds 0..19 (seed: last 474, farthest 874)',
  );
  console.log(
    'step: move = one slot-to-slot move (two pushes), 1,000 pushes = 500 moves; slide = the seed reading, one',
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
        const l = solveLines(g.level, { maxNodes: 3_000_000 });
        line += l.pushes;
        const r = solve(g.level, { maxNodes: 50_000 });
        if (r.solved) {
          proved++;
          if (r.pushes === l.pushes) same++;
          lower += r.pushes;
        } else lower += r.lowerBound;
        opt += optimize(g.level, g.pushList, { maxNodes: 100_000 }).pushes;
      }
    });
    rows.push([name, line, `${proved}/20`, `${same}/${proved}`, lower, opt, scr, fmt(t.ms, 0)]);
  }
  table(rows);
}

// 3. The solver: speed and reach under standard rules.
{
  console.log(
    '\nSolver (push-optimal A*, standard rules): 1,000 scramble pushes, farthest selection, seed 1, 60 s a level',
  );
  const rows: (string | number)[][] = [
    ['level', 'boxes', 'solved', 'pushes', 'lower bound', 'states', 'states/s', 'ms'],
  ];
  for (const [type, n] of [
    ['b', 5],
    ['b', 6],
    ['b', 7],
    ['e', 3],
    ['e', 4],
    ['w', 3],
    ['w', 4],
    ['g', 3],
  ] as const) {
    const g = generate({ type, size: n, pushes: 1000, seed: 1, select: 'farthest' });
    const t = timeOnce(() => solve(g.level, { maxNodes: 50_000_000, maxMs: 60_000 }));
    rows.push([
      `${type} n=${n}`,
      g.boxes,
      t.result.solved ? 'yes' : `no (${t.result.gaveUp})`,
      t.result.pushes,
      t.result.lowerBound,
      t.result.nodes,
      fmt((t.result.nodes * 1000) / t.ms, 0),
      fmt(t.ms, 0),
    ]);
  }
  table(rows);
}

// 3b. The line-rule solver's reach.
{
  console.log(
    '\nLine-rule solver (solveLines): b and e, 1,000·n² scramble pushes, farthest selection, 60 s a level',
  );
  const rows: (string | number)[][] = [
    ['level', 'boxes', 'solved', 'pushes', 'lower bound', 'states', 'states/s', 'ms'],
  ];
  for (const [type, n] of [
    ['b', 5],
    ['b', 6],
    ['b', 7],
    ['e', 5],
    ['e', 6],
  ] as const) {
    const g = generate({ type, size: n, pushes: 1000 * n * n, seed: 1, select: 'farthest' });
    const t = timeOnce(() => solveLines(g.level, { maxNodes: 20_000_000, maxMs: 60_000 }));
    rows.push([
      `${type} n=${n}`,
      g.boxes,
      t.result.solved ? 'yes' : `no (${t.result.gaveUp})`,
      t.result.pushes,
      t.result.lowerBound,
      t.result.nodes,
      fmt((t.result.nodes * 1000) / t.ms, 0),
      fmt(t.ms, 0),
    ]);
  }
  table(rows);
}

// 4. The optimizer on answers too long to solve exactly.
{
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
    const t = timeOnce(() => optimize(g.level, g.pushList, { maxNodes: 300_000 }));
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
