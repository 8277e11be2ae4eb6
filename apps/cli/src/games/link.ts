import type { Command } from 'commander';
import {
  GRAVITIES,
  boardRows,
  faceToChar,
  generateBoard,
  hintMove,
  parseBoard,
  parseMask,
  printBoard,
  rateBoard,
  shuffleBoard,
  solveBoard,
  type Board,
  type Cell,
  type DifficultyReport,
  type Gravity,
  type Move,
} from '@puzzlekit/link-layout';
import { CommandFailure, choiceOption, intOption, numberOption, type Context } from '../context.js';
import type { GameModule } from './types.js';

interface RuleFlags {
  gravity: string;
  ring: boolean;
}

function rule(opts: RuleFlags): { gravity: Gravity; ring: boolean } {
  return { gravity: choiceOption('--gravity', opts.gravity, GRAVITIES), ring: opts.ring };
}

function seedOption(value: string): number | string {
  return /^-?\d+$/.test(value.trim()) ? intOption('--seed', value) : value;
}

function fmtCell([r, c]: Cell): string {
  return `(${r},${c})`;
}

function fmtMove(board: Board | null, [a, b]: Move): string {
  const face = board ? board.cells[a[0] * board.cols + a[1]] : undefined;
  const tag = face !== undefined && face > 0 ? `${faceToChar(face)} ` : '';
  return `${tag}${fmtCell(a)}-${fmtCell(b)}`;
}

function fmtSolution(moves: readonly Move[]): string {
  const parts = moves.map((m) => fmtMove(null, m));
  const lines: string[] = [];
  for (let i = 0; i < parts.length; i += 6) lines.push(`  ${parts.slice(i, i + 6).join('  ')}`);
  return lines.join('\n');
}

function fmtRating(r: DifficultyReport): string {
  const dead =
    r.deadEndChoices === null
      ? 'not measured'
      : `${r.deadEndChoices} of ${r.choices} choices along the line of play` +
        (r.undecidedChoices ? ` (${r.undecidedChoices} undecided)` : '');
  return [
    `tiles ${r.tiles}, solvable: ${r.solvable === null ? 'undecided' : r.solvable ? 'yes' : 'no'}`,
    `playable pairs at the start: ${r.startMoves}; along play: min ${r.minMoves} (until ¾ cleared), mean ${r.meanMoves.toFixed(1)}`,
    `random play clears ${(100 * r.randomClearRate).toFixed(1)}% of ${r.playouts} playouts (mean progress ${(100 * r.randomProgress).toFixed(1)}%)`,
    `dead-end choices: ${dead}` +
      (r.randomWalkDeadEnds === null
        ? ''
        : `; ${r.randomWalkDeadEnds} of ${r.randomWalkChoices} along random walks`),
  ].join('\n');
}

async function readBoard(ctx: Context, path: string): Promise<Board> {
  return parseBoard(await ctx.readText(path), { source: path });
}

function addRuleOptions(cmd: Command): Command {
  return cmd
    .option('--gravity <dir>', `tiles fall after each removal: ${GRAVITIES.join('|')}`, 'none')
    .option('--no-ring', 'paths may not run through the ring outside the board');
}

function register(program: Command, ctx: Context): void {
  const link = program
    .command('link')
    .description('Lianliankan / Onet boards: generate solvable boards, solve, hint, rate, shuffle');

  addRuleOptions(
    link
      .command('generate')
      .description('generate a board that is solvable by construction')
      .option('--rows <n>', 'rows', '8')
      .option('--cols <n>', 'columns', '18')
      .option('--faces <n>', 'distinct faces (default: tiles / copies)')
      .option('--copies <n>', 'copies of each face (even)', '4')
      .option('--seed <seed>', 'random seed (integer or text)', '0')
      .option('--difficulty <d>', '0 (easy) … 1 (hard); above 0.5 mixes in checked shuffles', '0.5')
      .option(
        '--mask <file>',
        'ASCII mask: X takes a tile, . empty, # blocked (overrides rows/cols)',
      )
      .option('--rate', 'also measure the difficulty of the result')
      .option('--out <file>', 'also write the board text to this file'),
  ).action(
    async (opts: {
      rows: string;
      cols: string;
      faces?: string;
      copies: string;
      seed: string;
      difficulty: string;
      mask?: string;
      rate?: boolean;
      out?: string;
      gravity: string;
      ring: boolean;
    }) => {
      const r = rule(opts);
      const mask = opts.mask
        ? parseMask(await ctx.readText(opts.mask), { source: opts.mask })
        : undefined;
      const g = generateBoard({
        ...r,
        rows: intOption('--rows', opts.rows, 1, 1000),
        cols: intOption('--cols', opts.cols, 1, 1000),
        mask,
        faces: opts.faces === undefined ? undefined : intOption('--faces', opts.faces, 1, 100000),
        copies: intOption('--copies', opts.copies, 2, 64),
        seed: seedOption(opts.seed),
        difficulty: numberOption('--difficulty', opts.difficulty),
      });
      const rating = opts.rate ? rateBoard(g.board, { ...r, playouts: 200, seed: 1 }) : undefined;
      if (opts.out) await ctx.writeText(opts.out, `${printBoard(g.board)}\n`);
      const data: Record<string, unknown> = { board: boardRows(g.board), solution: g.solution };
      if (rating) data.difficulty = rating;
      ctx.output(data, () =>
        [
          printBoard(g.board),
          '',
          `solution (${g.solution.length} moves, rows and columns from 0):`,
          fmtSolution(g.solution),
          ...(rating ? ['', fmtRating(rating)] : []),
        ].join('\n'),
      );
    },
  );

  addRuleOptions(
    link
      .command('solve <board-file>')
      .description('decide whether a board can be cleared; print the removal sequence')
      .option('--budget <nodes>', 'search nodes before giving up', '200000')
      .option('--time-limit <ms>', 'wall-clock limit in milliseconds'),
  ).action(
    async (
      file: string,
      opts: { budget: string; timeLimit?: string; gravity: string; ring: boolean },
    ) => {
      const board = await readBoard(ctx, file);
      const r = solveBoard(board, {
        ...rule(opts),
        nodeBudget: intOption('--budget', opts.budget, 1),
        timeLimitMs:
          opts.timeLimit === undefined ? undefined : numberOption('--time-limit', opts.timeLimit),
      });
      ctx.output(
        { solvable: r.solvable, solution: r.solution, status: r.status, nodes: r.nodes },
        () =>
          r.status === 'solved'
            ? `solvable: ${r.solution!.length} moves (${r.nodes} nodes)\n${fmtSolution(r.solution!)}`
            : r.status === 'unsolvable'
              ? `not solvable: the search was exhaustive (${r.nodes} nodes)`
              : `undecided: the ${r.reason} ran out after ${r.nodes} nodes`,
      );
      if (r.status === 'unsolvable') throw new CommandFailure('the board cannot be cleared');
      if (r.status === 'unknown') throw new CommandFailure(`undecided (${r.reason})`);
    },
  );

  addRuleOptions(
    link
      .command('hint <board-file>')
      .description('a pair to play that keeps the board solvable')
      .option('--budget <nodes>', 'search nodes before giving up', '200000'),
  ).action(async (file: string, opts: { budget: string; gravity: string; ring: boolean }) => {
    const board = await readBoard(ctx, file);
    const h = hintMove(board, { ...rule(opts), nodeBudget: intOption('--budget', opts.budget, 1) });
    ctx.output(h, () => {
      switch (h.status) {
        case 'hint':
          return `play ${fmtMove(board, h.move!)} via ${h.path!.map(fmtCell).join(' ')}`;
        case 'cleared':
          return 'the board is already clear';
        case 'deadlock':
          return 'deadlock: no pair is playable (shuffle the board)';
        case 'unsolvable':
          return 'every playable pair leads to a dead end (shuffle the board)';
        default:
          return `undecided: the search budget ran out after ${h.nodes} nodes`;
      }
    });
    if (h.status !== 'hint' && h.status !== 'cleared')
      throw new CommandFailure(`no safe pair (${h.status})`);
  });

  addRuleOptions(
    link
      .command('rate <board-file>')
      .description('measure difficulty: playable pairs, random-play clear rate, dead-end choices')
      .option('--playouts <n>', 'random playouts', '200')
      .option('--seed <seed>', 'seed of the playouts', '0'),
  ).action(
    async (
      file: string,
      opts: { playouts: string; seed: string; gravity: string; ring: boolean },
    ) => {
      const board = await readBoard(ctx, file);
      const r = rateBoard(board, {
        ...rule(opts),
        playouts: intOption('--playouts', opts.playouts, 0, 1_000_000),
        seed: seedOption(opts.seed),
      });
      ctx.output(r, () => fmtRating(r));
    },
  );

  addRuleOptions(
    link
      .command('shuffle <board-file>')
      .description('shuffle the remaining tiles into a board that can still be cleared')
      .option('--seed <seed>', 'random seed', '0'),
  ).action(async (file: string, opts: { seed: string; gravity: string; ring: boolean }) => {
    const board = await readBoard(ctx, file);
    const s = shuffleBoard(board, { ...rule(opts), seed: seedOption(opts.seed) });
    ctx.output({ board: boardRows(s.board), solution: s.solution }, () =>
      [
        printBoard(s.board),
        '',
        `solution (${s.solution.length} moves):`,
        fmtSolution(s.solution),
      ].join('\n'),
    );
  });
}

function demo(): {
  title: string;
  text: string;
  data: unknown;
} {
  const options = {
    rows: 6,
    cols: 12,
    copies: 4,
    seed: 'puzzlekit demo',
    difficulty: 0.8,
  } as const;
  const g = generateBoard(options);
  const solved = solveBoard(g.board);
  const rating = rateBoard(g.board, { playouts: 200, seed: 1, deadEndBudget: 2000 });
  const hint = hintMove(g.board);
  const down = generateBoard({ ...options, gravity: 'down', difficulty: 0.5 });
  const downSolved = solveBoard(down.board, { gravity: 'down' });
  const text = [
    `A 6×12 board of 18 faces × 4, solvable by construction (difficulty 0.8: construction biased to far, two-turn pairs, then ${g.swaps} face swaps kept only while the exact solver still clears it):`,
    printBoard(g.board),
    '',
    `exact solver: ${solved.status} in ${solved.nodes} nodes; hint: ${hint.move ? fmtMove(g.board, hint.move) : hint.status}`,
    fmtRating(rating),
    '',
    'The same seed with gravity down (tiles fall after each removal), solved under gravity:',
    printBoard(down.board),
    `exact solver: ${downSolved.status} in ${downSolved.nodes} nodes, ${downSolved.solution?.length ?? 0} moves`,
  ].join('\n');
  return {
    title: 'link-layout (Lianliankan / Onet)',
    text,
    data: {
      board: boardRows(g.board),
      solution: g.solution,
      solver: { status: solved.status, nodes: solved.nodes },
      hint: hint.move,
      difficulty: rating,
      gravityDown: { board: boardRows(down.board), status: downSolved.status },
    },
  };
}

/** `puzzlekit link …`: generate, solve, hint, rate and shuffle Lianliankan boards. */
export const link: GameModule = { register, demo };
