// Before/after CPU time of the hot paths issue 14 moved onto the shared core (and of the stages
// that no longer reload the board), on the same inputs, run alternately in rounds (compareCpu).
//
//   git archive <old-commit> packages/link-layout/src | tar -x -C /tmp/before
//   echo '{"type":"module"}' > /tmp/before/packages/link-layout/package.json
//   ln -s "$PWD/node_modules" /tmp/before/packages/link-layout/node_modules
//   LINK_BEFORE=/tmp/before/packages/link-layout/src/index.ts pnpm bench:compare
import { readFileSync } from 'node:fs';
import { compareCpu, fmt, header, table } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import * as after from '../src/index.js';

const beforePath = process.env.LINK_BEFORE;
if (!beforePath) {
  console.log('set LINK_BEFORE to the index.ts of an older copy of src (see the top of this file)');
  process.exit(0);
}
const before = (await import(beforePath)) as typeof after;

header('@puzzlekit/link-layout: before/after');
console.log(`load average at the start: ${readFileSync('/proc/loadavg', 'utf8').trim()}\n`);

const hard = after.generateBoard({ rows: 8, cols: 18, seed: 5, difficulty: 1 });
const down = after.generateBoard({ rows: 8, cols: 18, seed: 5, difficulty: 1, gravity: 'down' });
const small = after.generateBoard({ rows: 6, cols: 12, seed: 2, difficulty: 1 });
const smallDown = after.generateBoard({ rows: 6, cols: 12, seed: 2, gravity: 'down' });
const mask = after.randomMask({ rows: 200, cols: 200, fill: 0.6, rng: Rng.from(1) });

type Lib = typeof after;
const cases: [string, (lib: Lib) => unknown, number][] = [
  ['isMaskConnected, 200×200 random mask (24,000 tiles)', (l) => l.isMaskConnected(mask), 11],
  ['solveBoard 18×8, difficulty 1', (l) => l.solveBoard(hard.board), 7],
  ['solveBoard 18×8, gravity down', (l) => l.solveBoard(down.board, { gravity: 'down' }), 7],
  ['hintMove 18×8, difficulty 1', (l) => l.hintMove(hard.board), 7],
  [
    'rateBoard 12×6 (20 playouts, dead ends)',
    (l) => l.rateBoard(small.board, { playouts: 20, seed: 1 }),
    7,
  ],
  [
    'rateBoard 12×6 gravity down (20 playouts, dead ends)',
    (l) =>
      l.rateBoard(smallDown.board, {
        gravity: 'down',
        playouts: 20,
        seed: 1,
        solution: smallDown.solution,
      }),
    7,
  ],
  [
    'generateBoard 30×16, difficulty 1',
    (l) => l.generateBoard({ rows: 16, cols: 30, seed: 5, difficulty: 1 }),
    7,
  ],
];

const rows: (string | number)[][] = [['job', 'before CPU ms', 'after CPU ms', 'after / before']];
// LINK_CASES=<regular expression> keeps only the jobs whose name matches (the 100×100 solve always runs).
const only = process.env.LINK_CASES === undefined ? null : new RegExp(process.env.LINK_CASES);
for (const [name, run, rounds] of cases) {
  if (only && !only.test(name)) continue;
  const c = compareCpu(
    () => run(before),
    () => run(after),
    rounds,
    60,
  );
  rows.push([
    name,
    fmt(c.referenceUs / 1000, 3),
    fmt(c.candidateUs / 1000, 3),
    `${fmt(c.ratio, 2)}×`,
  ]);
}
table(rows);
// The 100×100 board of 50 copies: one full solve (4 399 nodes) per side, alternately, four times
// (single solves vary by ±15% on the loaded machine).
const big = after.generateBoard({ rows: 100, cols: 100, copies: 50, seed: 1 });
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const nodesPerSecond = (lib: Lib): [number, number] => {
  const t0 = cpuMs();
  const r = lib.solveBoard(big.board, { maxNodes: 1_000_000 });
  return [r.nodes, r.nodes / ((cpuMs() - t0) / 1000)];
};
const bigRows: (string | number)[][] = [
  ['100×100, 50 copies: solve', 'nodes', 'nodes per CPU second'],
];
for (let round = 0; round < 4; round++)
  for (const [name, lib] of [
    ['before', before],
    ['after', after],
  ] as const) {
    const [nodes, rate] = nodesPerSecond(lib);
    bigRows.push([name, nodes, fmt(rate, 0)]);
  }
console.log('');
table(bigRows);
console.log(`\nload average at the end: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
