// Figures for the README: generation time per size and difficulty, the exact solver on random deals,
// and the designer's difficulty table per gravity and difficulty level (30×16).
import { fmt, header, table, timeOnce } from '@puzzlekit/bench-tools';
import { valueOf } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import {
  GRAVITIES,
  generateBoard,
  playMove,
  playablePairs,
  rateBoard,
  solveBoard,
  type Board,
  type Gravity,
  type Move,
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

// 1. Generation time per size, gravity and difficulty.
console.log('### Generation time (solvable by construction)\n');
const genRows: (string | number)[][] = [
  ['board', 'gravity', 'difficulty', 'median ms', 'max ms', 'boards'],
];
for (const [rows, cols, copies, n] of [
  [8, 18, 4, 40],
  [16, 30, 4, 20],
  [40, 60, 8, 5],
] as const) {
  for (const gravity of ['none', 'down', 'left'] as Gravity[]) {
    for (const difficulty of [0.5, 1]) {
      const times: number[] = [];
      for (let seed = 0; seed < n; seed++)
        times.push(
          timeOnce(() => generateBoard({ rows, cols, copies, seed, gravity, difficulty })).ms,
        );
      genRows.push([
        `${cols}×${rows} (${(rows * cols) / copies} faces × ${copies})`,
        gravity,
        difficulty,
        fmt(median(times), 1),
        fmt(Math.max(...times), 1),
        n,
      ]);
    }
  }
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
    const { result, ms } = timeOnce(() => solveBoard(board, { maxMs: 100, maxWork: 10_000_000 }));
    times.push(ms);
    if (result.outcome.kind === 'solved') solved++;
    if (result.outcome.kind === 'impossible') unsolvable++;
    if (result.outcome.kind !== 'gave-up') decidedTimes.push(ms);
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
    const r = solveBoard(deal(rng2, 8, 18, 2), { maxMs: 100 });
    if (r.outcome.kind === 'solved') two++;
  }
  console.log(
    `\nwith 2 copies (72 faces × 2): ${two} of 50 random deals solvable (greedy is exact there)`,
  );
}

// 3. The difficulty table, per gravity and difficulty level.
const TABLE_BOARDS = 8;
console.log(
  `\n### Difficulty table: 30×16, 120 faces × 4, ${TABLE_BOARDS} boards per row, 100 random playouts each\n`,
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
      'random-play progress',
      'gen median ms',
    ],
  ];
  const row = (
    gravity: Gravity,
    label: string | number,
    boards: Board[],
    gen: number[],
    lines: (readonly Move[] | undefined)[],
  ): void => {
    let start = 0;
    let mean = 0;
    let min = 0;
    let clear = 0;
    let progress = 0;
    let measured = 0;
    boards.forEach((board, s) => {
      const r = valueOf(
        rateBoard(board, {
          gravity,
          playouts: 100,
          seed: s,
          deadEnds: false,
          lineNodes: 20_000,
          ...(lines[s] ? { order: lines[s] } : {}),
        }),
      )!;
      start += r.startMoves;
      clear += r.randomClearRate;
      progress += r.randomProgress;
      if (r.movesAlongPlay.length) {
        mean += r.meanMoves;
        min += r.minMoves;
        measured++;
      }
    });
    const N = boards.length;
    rows.push([
      gravity,
      label,
      fmt(start / N, 1),
      measured ? `${fmt(mean / measured, 1)}${measured < N ? ` (${measured} of ${N})` : ''}` : '-',
      measured ? fmt(min / measured, 1) : '-',
      `${fmt((100 * clear) / N, 1)}%`,
      `${fmt((100 * progress) / N, 1)}%`,
      gen.length ? fmt(median(gen), 1) : '-',
    ]);
  };
  for (const gravity of GRAVITIES) {
    for (const d of [0, 0.25, 0.5, 0.75, 1]) {
      const boards: Board[] = [];
      const gen: number[] = [];
      const lines: (readonly Move[])[] = [];
      for (let s = 0; s < TABLE_BOARDS; s++) {
        const { result, ms } = timeOnce(() =>
          valueOf(
            generateBoard({
              rows: 16,
              cols: 30,
              copies: 4,
              seed: 1000 + s,
              difficulty: d,
              gravity,
            }),
          )!,
        );
        boards.push(result.board);
        lines.push(result.order);
        gen.push(ms);
      }
      row(gravity, d, boards, gen, lines);
    }
  }
  const rng = Rng.from('bench table deals');
  const deals: Board[] = [];
  for (let s = 0; s < TABLE_BOARDS; s++) deals.push(deal(rng, 16, 30, 4));
  row('none', 'random deal (not all solvable)', deals, [], []);
  table(rows);
  console.log(
    '\n"mean moves along play" and "min moves" count along the construction\'s line of play (for random deals the solver\'s, over the deals it solved within 20 000 nodes).',
  );
}
