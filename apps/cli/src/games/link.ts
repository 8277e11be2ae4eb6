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
  type GeneratedBoard,
  type Gravity,
  MAX_FACES,
  type Move,
  type SolveResult,
} from '@puzzlekit/link-layout';
import { isPuzzlekitError } from '@puzzlekit/errors';
import { describeOutcome, type Outcome } from '@puzzlekit/graph-search';
import {
  CommandFailure,
  UsageError,
  choiceOption,
  intOption,
  maxMsOption,
  numberOption,
  seedOption,
  type Context,
  type Progress,
} from '../context.js';
import type { LegacyGameModule } from './types.js';

interface RuleFlags {
  gravity: string;
  ring: boolean;
}

function rule(opts: RuleFlags): { gravity: Gravity; ring: boolean } {
  return { gravity: choiceOption('--gravity', opts.gravity, GRAVITIES), ring: opts.ring };
}

/** The wall-clock budget of every link command unless --max-ms says otherwise. */
const DEFAULT_MAX_MS = 15_000;

function maxMs(value: string | undefined): number {
  return value === undefined ? DEFAULT_MAX_MS : maxMsOption(value);
}

/** `--difficulty`: a number in 0..1 (a usage error otherwise, exit 2). */
function difficultyOption(value: string): number {
  const d = numberOption('--difficulty', value);
  if (d < 0 || d > 1) throw new UsageError(`--difficulty must be in 0..1, got '${value}'`);
  return d;
}

/**
 * A progress listener for the library's staged reports: one bar per stage on a TTY, nothing with
 * --json or off a TTY. `done()` removes the last bar.
 */
function stageProgress(ctx: Context): {
  listen: (stage: string, done: number, total: number) => void;
  done: () => void;
} {
  let bar: Progress | null = null;
  let current = '';
  return {
    listen: (stage, done, total) => {
      if (ctx.json) return;
      if (stage !== current) {
        bar?.stop();
        bar = ctx.progress(stage, Math.max(1, total));
        current = stage;
      }
      bar?.update(done, Math.max(1, total));
    },
    done: () => bar?.stop(),
  };
}

/**
 * Progress of a search on a TTY: the elapsed part of the time budget (the bound that usually ends a
 * long search), so the bar's estimate is the time left before it gives up.
 */
function searchProgress(ctx: Context, budgetMs: number): { update: () => void; stop: () => void } {
  if (ctx.json) return { update: () => undefined, stop: () => undefined };
  const bar = ctx.progress('searching (ms of the time budget)', budgetMs);
  const started = performance.now();
  return {
    update: () => bar.update(Math.min(budgetMs, Math.round(performance.now() - started))),
    stop: () => bar.stop(),
  };
}

/** The answer line of an undecided search: "gave up: node budget of 10 reached after 10 nodes". */
function gaveUp(r: { outcome: Outcome; nodes: number }): string {
  return `${describeOutcome(r.outcome)} after ${r.nodes} nodes`;
}

function solveFailure(r: SolveResult): CommandFailure {
  return new CommandFailure(
    r.status === 'unsolvable' ? 'the board cannot be cleared' : `undecided, ${gaveUp(r)}`,
  );
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
    `playable pairs at the start: ${r.startMoves}; along play: ` +
      (r.movesAlongPlay.length
        ? `min ${r.minMoves} (until ¾ cleared), mean ${r.meanMoves.toFixed(1)}`
        : 'not measured (no line of play found)'),
    r.playouts
      ? `random play clears ${(100 * r.randomClearRate).toFixed(1)}% of ${r.playouts} playouts (mean progress ${(100 * r.randomProgress).toFixed(1)}%)`
      : 'random play: no playout ran',
    `dead-end choices: ${dead}` +
      (r.randomWalkDeadEnds === null
        ? ''
        : `; ${r.randomWalkDeadEnds} of ${r.randomWalkChoices} along random walks`),
    ...(r.stopped ? [`stopped early: ${r.stopped}; the figures above cover the work done`] : []),
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
      .option('--rows <n>', 'rows (1..1000)', '8')
      .option('--cols <n>', 'columns (1..1000)', '18')
      .option('--faces <n>', `distinct faces, at most ${MAX_FACES} (default: tiles / copies)`)
      .option('--copies <n>', 'copies of each face (even, 2..64)', '4')
      .option('--seed <seed>', 'random seed (integer or text)', '0')
      .option(
        '--difficulty <d>',
        '0 (easy) … 1 (hard); above 0.5 the construction avoids pairs that are free at the start',
        '0.5',
      )
      .option(
        '--mask <file>',
        'ASCII mask: X takes a tile, . empty, # blocked, : fixed (overrides rows/cols)',
      )
      .option(
        '--holes <kind>',
        'with gravity, the mask holes under tiles: fixed (keep the shape) or fall',
        'fixed',
      )
      .option('--rate', 'also measure the difficulty of the result')
      .option('--out <file>', 'also write the board text to this file')
      .option('--max-ms <ms>', `time budget in milliseconds (default ${DEFAULT_MAX_MS})`),
  ).action(
    async (opts: {
      rows: string;
      cols: string;
      faces?: string;
      copies: string;
      seed: string;
      difficulty: string;
      mask?: string;
      holes: string;
      rate?: boolean;
      out?: string;
      maxMs?: string;
      gravity: string;
      ring: boolean;
    }) => {
      const r = rule(opts);
      const copies = intOption('--copies', opts.copies, 2, 64);
      if (copies % 2 !== 0) throw new UsageError(`--copies must be even, got '${opts.copies}'`);
      const options = {
        ...r,
        rows: intOption('--rows', opts.rows, 1, 1000),
        cols: intOption('--cols', opts.cols, 1, 1000),
        faces:
          opts.faces === undefined ? undefined : intOption('--faces', opts.faces, 1, MAX_FACES),
        copies,
        seed: seedOption(opts.seed),
        difficulty: difficultyOption(opts.difficulty),
        holes: choiceOption('--holes', opts.holes, ['fixed', 'fall'] as const),
      };
      const budget = maxMs(opts.maxMs);
      const mask = opts.mask
        ? parseMask(await ctx.readText(opts.mask), { source: opts.mask })
        : undefined;
      const progress = stageProgress(ctx);
      const started = performance.now();
      let g: GeneratedBoard;
      try {
        g = generateBoard({
          ...options,
          mask,
          maxMs: budget,
          onProgress: progress.listen,
        });
      } catch (error) {
        progress.done();
        // Without a mask, a size, copies or faces that do not fit is how the command was called.
        if (!mask && isPuzzlekitError(error) && error.code !== 'GENERATION_FAILED')
          throw new UsageError(error.message);
        throw error;
      }
      const left = Math.max(1, budget - (performance.now() - started));
      const rating = opts.rate
        ? rateBoard(g.board, {
            ...r,
            // The construction's order is the line of play: no solver run needed to prove it.
            solution: g.solution,
            playouts: 200,
            seed: 1,
            maxMs: left,
            onProgress: progress.listen,
          })
        : undefined;
      progress.done();
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
      .option('--max-ms <ms>', `time budget in milliseconds (default ${DEFAULT_MAX_MS})`)
      .option('--time-limit <ms>', 'the same as --max-ms (older name)'),
  ).action(
    async (
      file: string,
      opts: { budget: string; maxMs?: string; timeLimit?: string; gravity: string; ring: boolean },
    ) => {
      const options = searchOptions(opts);
      const board = await readBoard(ctx, file);
      const bar = searchProgress(ctx, options.maxMs);
      const r = solveBoard(board, { ...options, onProgress: bar.update });
      bar.stop();
      ctx.output(
        {
          solvable: r.solvable,
          solution: r.solution,
          status: r.status,
          outcome: r.outcome,
          nodes: r.nodes,
          ...(r.reason ? { reason: r.reason, bound: r.bound } : {}),
        },
        () =>
          r.status === 'solved'
            ? `solvable: ${r.solution!.length} moves (${r.nodes} nodes)\n${fmtSolution(r.solution!)}`
            : r.status === 'unsolvable'
              ? `not solvable: the search was exhaustive (${r.nodes} nodes)`
              : `undecided: ${gaveUp(r)}`,
      );
      if (r.status !== 'solved') throw solveFailure(r);
    },
  );

  addRuleOptions(
    link
      .command('hint <board-file>')
      .description(
        'a pair to play that keeps the board solvable; on a stuck board, the reshuffle the game would deal',
      )
      .option('--budget <nodes>', 'search nodes before giving up', '200000')
      .option('--max-ms <ms>', `time budget in milliseconds (default ${DEFAULT_MAX_MS})`)
      .option('--seed <seed>', 'random seed of the reshuffle', '0')
      .option('--no-reshuffle', 'on a stuck board, only say so (exit 1)'),
  ).action(
    async (
      file: string,
      opts: {
        budget: string;
        maxMs?: string;
        seed: string;
        reshuffle: boolean;
        gravity: string;
        ring: boolean;
      },
    ) => {
      const options = searchOptions(opts);
      const seed = seedOption(opts.seed);
      const board = await readBoard(ctx, file);
      const bar = searchProgress(ctx, options.maxMs);
      const started = performance.now();
      const h = hintMove(board, { ...options, onProgress: bar.update });
      bar.stop();
      const stuck = h.status === 'deadlock' || h.status === 'unsolvable';
      const reshuffle =
        stuck && opts.reshuffle
          ? shuffleBoard(board, {
              ...rule(opts),
              seed,
              maxMs: Math.max(1, options.maxMs - (performance.now() - started)),
            })
          : null;
      const data: Record<string, unknown> = { ...h };
      if (reshuffle)
        data.reshuffle = { board: boardRows(reshuffle.board), solution: reshuffle.solution };
      ctx.output(data, () => {
        switch (h.status) {
          case 'hint':
            return `play ${fmtMove(board, h.move!)} via ${h.path!.map(fmtCell).join(' ')}`;
          case 'cleared':
            return 'the board is already clear';
          case 'deadlock':
          case 'unsolvable': {
            const why =
              h.status === 'deadlock'
                ? 'deadlock: no pair is playable'
                : 'every playable pair leads to a dead end';
            if (!reshuffle) return `${why} (shuffle the board)`;
            return [
              `${why}; the game reshuffles the remaining tiles (same faces, same cells) into a deal that can be cleared:`,
              printBoard(reshuffle.board),
              '',
              `a clearing order (${reshuffle.solution.length} moves):`,
              fmtSolution(reshuffle.solution),
            ].join('\n');
          }
          default:
            return `undecided: ${gaveUp(h)}`;
        }
      });
      if (h.status === 'unknown') throw new CommandFailure(`no safe pair: ${gaveUp(h)}`);
      if (stuck && !reshuffle) throw new CommandFailure(`no safe pair (${h.status})`);
    },
  );

  addRuleOptions(
    link
      .command('rate <board-file>')
      .description('measure difficulty: playable pairs, random-play clear rate, dead-end choices')
      .option('--playouts <n>', 'random playouts', '200')
      .option('--seed <seed>', 'seed of the playouts', '0')
      .option('--max-ms <ms>', `time budget in milliseconds (default ${DEFAULT_MAX_MS})`),
  ).action(
    async (
      file: string,
      opts: { playouts: string; seed: string; maxMs?: string; gravity: string; ring: boolean },
    ) => {
      const options = {
        ...rule(opts),
        playouts: intOption('--playouts', opts.playouts, 0, 1_000_000),
        seed: seedOption(opts.seed),
        maxMs: maxMs(opts.maxMs),
      };
      const board = await readBoard(ctx, file);
      const progress = stageProgress(ctx);
      const r = rateBoard(board, { ...options, onProgress: progress.listen });
      progress.done();
      ctx.output(r, () => fmtRating(r));
    },
  );

  addRuleOptions(
    link
      .command('shuffle <board-file>')
      .description('shuffle the remaining tiles into a board that can still be cleared')
      .option('--seed <seed>', 'random seed', '0')
      .option('--max-ms <ms>', `time budget in milliseconds (default ${DEFAULT_MAX_MS})`),
  ).action(
    async (
      file: string,
      opts: { seed: string; maxMs?: string; gravity: string; ring: boolean },
    ) => {
      const options = {
        ...rule(opts),
        seed: seedOption(opts.seed),
        maxMs: maxMs(opts.maxMs),
      };
      const board = await readBoard(ctx, file);
      const progress = stageProgress(ctx);
      const s = shuffleBoard(board, { ...options, onProgress: progress.listen });
      progress.done();
      ctx.output({ board: boardRows(s.board), solution: s.solution }, () =>
        [
          printBoard(s.board),
          '',
          `solution (${s.solution.length} moves):`,
          fmtSolution(s.solution),
        ].join('\n'),
      );
    },
  );
}

/** Rule, node budget and time budget of solve and hint (usage errors before any file is read). */
function searchOptions(opts: {
  budget: string;
  maxMs?: string;
  timeLimit?: string;
  gravity: string;
  ring: boolean;
}): { gravity: Gravity; ring: boolean; maxNodes: number; maxMs: number } {
  if (opts.maxMs !== undefined && opts.timeLimit !== undefined)
    throw new UsageError('give --max-ms or --time-limit, not both');
  return {
    ...rule(opts),
    maxNodes: intOption('--budget', opts.budget, 1),
    maxMs:
      opts.timeLimit !== undefined
        ? intOption('--time-limit', opts.timeLimit, 1, 86_400_000)
        : maxMs(opts.maxMs),
  };
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
    'A 6×12 board of 18 faces × 4, solvable by construction (difficulty 0.8: the construction favours far, two-turn pairs and avoids pairs that would be free at the start):',
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
export const link: LegacyGameModule = { register, demo };
