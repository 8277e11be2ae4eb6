// Before/after CPU time of the hot paths (first written for issue 14's move onto the shared core),
// on the same inputs, run alternately in rounds (compareCpu). The older copy must have the same API
// (since issue 25: results in the one job vocabulary), so compare against a git ref from then on:
//
//   git archive <ref> packages/link-layout/src | tar -x -C /tmp/before
//   echo '{"type":"module"}' > /tmp/before/packages/link-layout/package.json
//   ln -s "$PWD/node_modules" /tmp/before/packages/link-layout/node_modules
//   LINK_BEFORE=/tmp/before/packages/link-layout/src/index.ts pnpm bench:compare
import { readFileSync } from 'node:fs';
import { compareCpu, fmt, header, table } from '@puzzlekit/bench-tools';
import { valueOf } from '@puzzlekit/job';
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

/** A generated board (the bench's inputs all generate within the default budget). */
const built = (options: after.GenerateOptions): after.GeneratedBoard =>
  valueOf(after.generateBoard(options))!;
const hard = built({ rows: 8, cols: 18, seed: 5, difficulty: 1 });
const down = built({ rows: 8, cols: 18, seed: 5, difficulty: 1, gravity: 'down' });
const small = built({ rows: 6, cols: 12, seed: 2, difficulty: 1 });
const smallDown = built({ rows: 6, cols: 12, seed: 2, gravity: 'down' });
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
        order: smallDown.order,
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
const big = built({ rows: 100, cols: 100, copies: 50, seed: 1 });
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const nodesPerSecond = (lib: Lib): [number, number] => {
  const t0 = cpuMs();
  const r = lib.solveBoard(big.board, { maxWork: 1_000_000 });
  return [r.work, r.work / ((cpuMs() - t0) / 1000)];
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
