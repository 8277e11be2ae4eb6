// Figures of issue 6: generation speed, the exact solver on random deals, and the difficulty table.
import { fmt, header, measure, table, timeOnce } from '@puzzlekit/bench-tools';
import { Rng } from '@puzzlekit/rng';
import {
  generateBoard,
  playMove,
  playablePairs,
  rateBoard,
  solveBoard,
  type Board,
  type Gravity,
} from '../src/index.js';

function deal(rng: Rng, rows: number, cols: number, copies: number): Board {
  const faces = (rows * cols) / copies;
  const cells: number[] = [];
  for (let f = 1; f <= faces; f++) for (let k = 0; k < copies; k++) cells.push(f);
  rng.shuffle(cells);
  return { rows, cols, cells };
}

/** KShisen-style greedy check: always play the first playable pair; true when it clears the board. */
function greedyClears(board: Board): boolean {
  let b = board;
  for (;;) {
    if (!b.cells.some((v) => v > 0)) return true;
    const moves = playablePairs(b);
    if (moves.length === 0) return false;
    b = playMove(b, moves[0]!);
  }
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1] ?? 0;
}

header('@puzzlekit/link-layout');

// 1. Generation, solvable by construction.
console.log('### Generation (solvable by construction, default difficulty 0.5 = no mixing)\n');
const genRows: (string | number)[][] = [['board', 'gravity', 'median ms', 'boards/s']];
for (const [rows, cols] of [
  [8, 18],
  [16, 30],
] as const) {
  for (const gravity of ['none', 'down'] as Gravity[]) {
    let seed = 0;
    const m = measure(() => generateBoard({ rows, cols, copies: 4, seed: seed++, gravity }), 1500);
    genRows.push([
      `${cols}×${rows} (${(rows * cols) / 4} faces × 4)`,
      gravity,
      fmt(m.medianMs, 3),
      fmt(m.perSecond, 0),
    ]);
  }
}
{
  let seed = 0;
  const m = measure(() => generateBoard({ rows: 8, cols: 18, seed: seed++, difficulty: 1 }), 3000);
  genRows.push([
    '18×8 (36 × 4), difficulty 1 (with checked mixing)',
    'none',
    fmt(m.medianMs, 1),
    fmt(m.perSecond, 1),
  ]);
}
table(genRows);

// 2. The exact solver on random deals.
console.log('\n### Exact solver on random 18×8 deals (36 faces × 4), 100 ms limit each\n');
{
  const rng = Rng.from('bench deals');
  const N = 100;
  let solved = 0;
  let unsolvable = 0;
  let greedyWins = 0;
  const times: number[] = [];
  const decidedTimes: number[] = [];
  for (let i = 0; i < N; i++) {
    const board = deal(rng, 8, 18, 4);
    const { result, ms } = timeOnce(() =>
      solveBoard(board, { timeLimitMs: 100, nodeBudget: 10_000_000 }),
    );
    times.push(ms);
    if (result.status === 'solved') solved++;
    if (result.status === 'unsolvable') unsolvable++;
    if (result.status !== 'unknown') decidedTimes.push(ms);
    if (greedyClears(board)) greedyWins++;
  }
  table([
    [
      'deals',
      'decided ≤ 100 ms',
      'solvable',
      'proven unsolvable',
      'undecided',
      'median ms',
      'median ms (decided)',
      'greedy check clears',
    ],
    [
      N,
      `${fmt((100 * (solved + unsolvable)) / N, 0)}%`,
      solved,
      unsolvable,
      N - solved - unsolvable,
      fmt(median(times), 2),
      fmt(median(decidedTimes), 2),
      greedyWins,
    ],
  ]);
  let two = 0;
  const rng2 = Rng.from('bench deals ×2');
  for (let i = 0; i < 50; i++) {
    const r = solveBoard(deal(rng2, 8, 18, 2), { timeLimitMs: 100 });
    if (r.status === 'solved') two++;
  }
  console.log(
    `\nwith 2 copies (72 faces × 2): ${two} of 50 random deals solvable (greedy is exact there)`,
  );
}

// 3. The difficulty table.
console.log(
  '\n### Difficulty table: 18×8, 36 faces × 4, 12 boards per row, 200 random playouts each\n',
);
{
  const rows: (string | number)[][] = [
    [
      'gravity',
      'difficulty',
      'start moves',
      'mean moves along play',
      'min moves',
      'random-play clear rate',
      'gen median ms',
    ],
  ];
  for (const gravity of ['none', 'down'] as Gravity[]) {
    for (const d of gravity === 'none' ? [0, 0.25, 0.5, 0.75, 1] : [0, 0.5, 1]) {
      const N = 12;
      let start = 0;
      let mean = 0;
      let min = 0;
      let clear = 0;
      const gen: number[] = [];
      for (let s = 0; s < N; s++) {
        const { result: g, ms } = timeOnce(() =>
          generateBoard({ rows: 8, cols: 18, copies: 4, seed: 1000 + s, difficulty: d, gravity }),
        );
        gen.push(ms);
        const r = rateBoard(g.board, { gravity, playouts: 200, seed: s, deadEnds: false });
        start += r.startMoves;
        mean += r.meanMoves;
        min += r.minMoves;
        clear += r.randomClearRate;
      }
      rows.push([
        gravity,
        d,
        fmt(start / N, 1),
        fmt(mean / N, 1),
        fmt(min / N, 1),
        `${fmt((100 * clear) / N, 1)}%`,
        fmt(median(gen), 2),
      ]);
    }
  }
  const rng = Rng.from('bench table deals');
  let start = 0;
  let clear = 0;
  let mean = 0;
  let min = 0;
  for (let s = 0; s < 12; s++) {
    const r = rateBoard(deal(rng, 8, 18, 4), {
      playouts: 200,
      seed: s,
      deadEnds: false,
      nodeBudget: 20_000,
    });
    start += r.startMoves;
    clear += r.randomClearRate;
    mean += r.meanMoves;
    min += r.minMoves;
  }
  rows.push([
    'none',
    'random deal',
    fmt(start / 12, 1),
    fmt(mean / 12, 1),
    fmt(min / 12, 1),
    `${fmt((100 * clear) / 12, 1)}%`,
    '-',
  ]);
  table(rows);
}
