import type { Command } from 'commander';
import { runCollection, type CollectionReport } from '@puzzlekit/pack';
import { describeOutcome } from '@puzzlekit/job';
import { CommandFailure, intOption, UsageError, type Context } from '../context.js';
import type { GamePlugin } from '../games/types.js';
import { moduleOf, resolveGame } from '../pack.js';
import { pickLevels } from './collection.js';
import { addSpecFlags, budgetFlags, outFlag, readSpecFlags } from './flags.js';
import { failUnlessAll, overallOutcome, summary } from './levels.js';

/** A column of a summary table, padded. */
function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/**
 * `<game> solve-all FILE`: every level of a collection through the pack runner's pool of threads,
 * each with the same budget, every answer replayed, then a summary table.
 */
export function registerSolveAll(group: Command, ctx: Context, plugin: GamePlugin): void {
  const solve = plugin.game.solve;
  if (solve === undefined) return;
  const work = solve.budget.maxWork;
  const command = group
    .command('solve-all <file>')
    .description(
      `solve every level of a ${plugin.game.title} file on every core (a pool of threads), each answer replayed; a summary table`,
    )
    .option('--workers <n>', 'pool threads (default: the cores the memory allows)')
    .option(
      '--max-work <n>',
      `work budget of each level, in ${solve.unit} (default ${work === undefined ? 'the package’s' : work.toLocaleString('en-US')})`,
    )
    .option('--max-ms <ms>', 'time limit of each level (a safety net; a level it stops says so)')
    .option('--out <file>', 'write the output to this file instead of stdout');
  // the solver's own options, as `<game> solve` takes them (Sokoban's --mode, say)
  addSpecFlags(command, solve.options);
  command.action(async (file: string, o: Record<string, string | undefined>) => {
    const out = outFlag(o.out);
    const options = readSpecFlags(solve.options, o);
    const { maxWork, maxMs } = budgetFlags(o);
    if (maxWork === Infinity || maxMs === Infinity)
      throw new UsageError('--max-work and --max-ms take a finite number here');
    const { levels } = await pickLevels(ctx, plugin.game, file, undefined);
    const bar = ctx.progress('levels', levels.length);
    let report: CollectionReport;
    try {
      report = await runCollection(
        {
          game: moduleOf(plugin),
          gameId: plugin.game.id,
          levels: levels.map((l) => plugin.game.levelToJson(l.level)),
          budget: {
            ...(maxWork === undefined ? {} : { maxWork }),
            ...(maxMs === undefined ? {} : { maxMs }),
          },
          options,
        },
        {
          resolveGame,
          ...(o.workers === undefined
            ? {}
            : { workers: intOption('--workers', o.workers, 1, 1024) }),
          onEvent: (event) => {
            ctx.event({ ...event });
            bar.update(event.done);
          },
        },
      );
    } finally {
      bar.stop();
    }
    const s = report.summary;
    const rows = report.results.map((r, i) => ({
      level: i + 1,
      ...(levels[i]!.title === undefined ? {} : { title: levels[i]!.title }),
      outcome: r.outcome,
      work: r.work,
      ...(r.verified === undefined ? {} : { verified: r.verified }),
      ...(r.reason === undefined ? {} : { reason: r.reason }),
      ...(r.answer === undefined ? {} : { answer: r.answer }),
    }));
    const outcome = overallOutcome(report.results.map((r) => r.outcome));
    const text = ctx.json
      ? JSON.stringify(
          { game: plugin.game.id, file, options, outcome, summary: s, levels: rows },
          null,
          2,
        )
      : [
          `${pad('level', 7)}${pad('outcome', 44)}${solve.unit}`,
          ...report.results.map(
            (r, i) =>
              `${pad(String(i + 1), 7)}${pad(describeOutcome(r.outcome) + (r.verified === false ? ' (ANSWER FAILS ITS REPLAY)' : ''), 44)}${r.work.toLocaleString('en-US')}`,
          ),
        ].join('\n') +
        summary(s.solved, s.levels, 'solved') +
        `\n${s.impossible} proven impossible, ${s.gaveUp} given up; ${s.work.toLocaleString('en-US')} ${s.unit} on ${s.workers} thread(s)`;
    await ctx.emit(text, out, `${s.levels} result(s)`);
    if (s.failedReplay > 0)
      throw new CommandFailure(`${s.failedReplay} answer(s) failed their replay`);
    failUnlessAll(s.solved, s.levels, 'solved');
  });
}
