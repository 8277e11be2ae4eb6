import type { Command } from 'commander';
import { describeOutcome, readOptions, type AnyGame, type JobResult } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import {
  faceToChar,
  game,
  hintMove,
  printBoard,
  shuffleBoard,
  type Board,
  type Cell,
  type GeneratedBoard,
  type Hint,
  type Level,
  type Move,
} from '@puzzlekit/link-layout';
import { seedOption, type Context } from '../context.js';
import { CommandBudget } from '../common/budget.js';
import { levelName, pickLevels } from '../common/collection.js';
import { budgetFlags, levelFlag, outFlag } from '../common/flags.js';
import {
  failUnlessAll,
  fileAnswer,
  fileVerb,
  runLevels,
  summary,
  titleOf,
} from '../common/levels.js';
import type { DemoSection, GamePlugin } from './types.js';

const link = game as unknown as AnyGame;

/** A cell as a player reads it: row and column from 1. */
function cellText([r, c]: Cell): string {
  return `row ${r + 1}, column ${c + 1}`;
}

/** A pair in words: its face and both cells. */
function moveText(board: Board, [p, q]: Move): string {
  return `${faceToChar(board.cells[p[0] * board.cols + p[1]]!)} at ${cellText(p)} with ${cellText(q)}`;
}

/** `link hint`: a pair that keeps each board clearable, with its path. */
function registerHint(group: Command, ctx: Context): void {
  const job = game.solve!;
  fileVerb(
    group,
    'hint',
    'a pair to play that keeps the board clearable (not merely a playable pair), for every level of a file or the one --level picks',
    job,
  ).action(async (file: string, o: Record<string, string | undefined>) => {
    const out = outFlag(o.out);
    const picked = await pickLevels(ctx, link, file, levelFlag(o.level));
    const budget = new CommandBudget(job, budgetFlags(o));
    const levels = picked.levels.map((l) => l.level as Level);
    const results = await runLevels(ctx, 'hint', job, budget, levels.length, (i, onProgress) => {
      const { board, gravity, ring, order } = levels[i]!;
      return hintMove(board, {
        gravity,
        ring,
        ...(order === undefined ? {} : { order }),
        ...budget.forLevel(onProgress),
      });
    });
    const hinted = results.filter((r) => 'value' in r).length;
    const rows = results.map((r, i) => ({
      level: picked.levels[i]!.index,
      ...titleOf(picked.levels[i]!),
      outcome: r.outcome,
      work: r.work,
      ...('playablePairs' in r ? { playablePairs: r.playablePairs } : {}),
      ...('value' in r ? { move: r.value.move, path: r.value.path, source: r.value.source } : {}),
    }));
    const text = ctx.json
      ? JSON.stringify(fileAnswer(link, picked, rows, results), null, 2)
      : results
          .map((r, i) => {
            const name = levelName(picked.levels[i]!, picked.total);
            const pairs = 'playablePairs' in r ? r.playablePairs : undefined;
            return `${name}: ${hintText(levels[i]!.board, r, pairs)}`;
          })
          .join('\n') + summary(hinted, results.length, 'hinted');
    await ctx.emit(text, out, `${hinted} hint(s)`);
    failUnlessAll(hinted, results.length, 'hinted');
  });
}

/** A hint's result in words; a board that cannot be cleared says what to do. */
function hintText(board: Board, r: JobResult<Hint>, playablePairs: number | undefined): string {
  if ('value' in r) return `play ${moveText(board, r.value.move)}`;
  if (r.outcome.kind === 'impossible')
    return playablePairs === 0
      ? 'no pair is playable: shuffle (puzzlekit link shuffle)'
      : `${playablePairs ?? 'some'} pairs are playable, but every line of play gets stuck: shuffle`;
  return describeOutcome(r.outcome);
}

/** `link shuffle`: deals each board's remaining tiles again so that they can be cleared. */
function registerShuffle(group: Command, ctx: Context): void {
  const job = game.generate!;
  fileVerb(
    group,
    'shuffle',
    'deal the remaining tiles of each board again so that they can be cleared (the file back, shuffled, with a clearing order)',
    job,
  )
    .option('--seed <seed>', 'seed: level i of the file is shuffled with the stream (seed, i)', '1')
    .action(async (file: string, o: Record<string, string | undefined>) => {
      const out = outFlag(o.out);
      const seed = seedOption(o.seed!);
      const picked = await pickLevels(ctx, link, file, levelFlag(o.level));
      const budget = new CommandBudget(job, budgetFlags(o));
      const levels = picked.levels.map((l) => l.level as Level);
      const results = await runLevels(
        ctx,
        'shuffle',
        job,
        budget,
        levels.length,
        (i, onProgress): JobResult<GeneratedBoard> => {
          const { board, gravity, ring } = levels[i]!;
          return shuffleBoard(board, {
            gravity,
            ring,
            rng: Rng.forIndex(seed, picked.levels[i]!.index - 1),
            ...budget.forLevel(onProgress),
          });
        },
      );
      const shuffled = results.flatMap((r, i) => {
        if (!('value' in r)) return [];
        const { gravity, ring } = levels[i]!;
        const level: Level = { board: r.value.board, gravity, ring, order: r.value.order };
        return [{ level, answer: r.value.order, ...titleOf(picked.levels[i]!) }];
      });
      const text = ctx.json
        ? JSON.stringify(
            fileAnswer(
              link,
              picked,
              results.map((r, i) => ({
                level: picked.levels[i]!.index,
                outcome: r.outcome,
                work: r.work,
                ...('value' in r
                  ? {
                      board: game.levelToJson({ ...levels[i]!, board: r.value.board }),
                      answer: game.answerToJson(r.value.order),
                    }
                  : {}),
              })),
              results,
            ),
            null,
            2,
          )
        : game.format!.print(shuffled);
      await ctx.emit(text, out, `${shuffled.length} board(s)`);
      for (const [i, r] of results.entries())
        if (!('value' in r))
          ctx.info(`${levelName(picked.levels[i]!, picked.total)}: ${describeOutcome(r.outcome)}`);
      failUnlessAll(shuffled.length, results.length, 'shuffled');
    });
}

/** A board generated, solved, hinted and rated through the descriptor, as the CLI does it. */
function demo(): DemoSection {
  const generate = game.generate!;
  const options = readOptions(generate.options, { rows: 6, cols: 12, difficulty: 0.8 });
  const made = generate.run(options, Rng.forIndex('puzzlekit demo', 0), generate.budget);
  if (!('value' in made)) throw new Error(`link generate: ${describeOutcome(made.outcome)}`);
  const level = made.value.level;
  const solved = game.solve!.run({ ...level, order: undefined }, game.solve!.budget, {});
  const rating = game.rate!.run(level, game.rate!.budget);
  const hint = hintMove(level.board, { gravity: level.gravity, ring: level.ring });
  const verdict = game.verify!(level, made.value.answer!);
  const text = [
    'A 6×12 board, 18 faces × 4 tiles, solvable by construction (the generator set to difficulty 0.8 of 1, so its construction favours far pairs that need two turns and avoids pairs that are free at the start):',
    printBoard(level.board),
    '',
    `the generator's clearing order (${made.value.answer!.length} pairs) ${verdict.ok ? 'clears the board' : `FAILS: ${verdict.reason}`}`,
    `the solver, without that order: ${describeOutcome(solved.outcome)} after ${solved.work.toLocaleString('en-US')} positions`,
    `a hint: ${hintText(level.board, hint, hint.playablePairs)}`,
    'value' in rating
      ? `measured difficulty: score ${rating.value.score} of 100 (higher is harder): random play clears the board in ${(rating.value.randomClearRate * 100).toFixed(0)} % of ${rating.value.playouts} tries and removes ${(rating.value.randomProgress * 100).toFixed(0)} % of the tiles on average; ${rating.value.startMoves} pairs are playable at the start${rating.value.randomClearRate >= 0.95 ? ' (the setting shapes how the board is built; on a board this open, without gravity, random play still wins)' : ''}`
      : `difficulty: ${describeOutcome(rating.outcome)}`,
  ].join('\n');
  return {
    title: 'link-layout (Lianliankan / Onet)',
    text,
    data: {
      level: game.levelToJson(level),
      solver: { outcome: solved.outcome, work: solved.work },
      hint: 'value' in hint ? hint.value.move : null,
      rating: 'value' in rating ? rating.value : null,
    },
  };
}

/** `puzzlekit link …`: the common verbs, and `hint` and `shuffle`. */
export const linkPlugin: GamePlugin = {
  game: link,
  description:
    'Lianliankan (Onet, Shisen-Sho) boards: generate, solve, verify, rate, hint, shuffle',
  registerOwn(group, ctx) {
    registerHint(group, ctx);
    registerShuffle(group, ctx);
  },
  demo,
};
