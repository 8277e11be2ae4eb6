import type { Command } from 'commander';
import { InvalidInputError, parseJson } from '@puzzlekit/errors';
import {
  describeOutcome,
  SOLVED,
  type AnyGame,
  type JobDefaults,
  type JobResult,
  type Outcome,
} from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import {
  choiceOption,
  CommandFailure,
  type Context,
  intOption,
  seedOption,
  UsageError,
} from '../context.js';
import { CommandBudget } from './budget.js';
import { levelName, pickLevels, type FileLevel, type PickedLevels } from './collection.js';
import {
  addBudgetFlags,
  addSpecFlags,
  budgetFlags,
  levelFlag,
  outFlag,
  readSpecFlags,
} from './flags.js';

/** Most levels one `generate` makes; a bigger pack is `puzzlekit pack generate`'s job. */
const MAX_COUNT = 100_000;

/** The outcome of a whole command: solved when every level is, else the first level's that is not. */
export function overallOutcome(outcomes: readonly Outcome[]): Outcome {
  return outcomes.find((o) => o.kind !== 'solved') ?? SOLVED;
}

/** An answer as one line of text: the game's own text form (LURD) when it is a string, else JSON. */
export function answerText(game: AnyGame, answer: unknown): string {
  const json = game.answerToJson(answer);
  return typeof json === 'string' ? json : JSON.stringify(json);
}

/** How much work a result took, in words: `1,234 nodes`. */
function workText(work: number, unit: string): string {
  return `${work.toLocaleString('en-US')} ${unit}`;
}

/**
 * Runs one job per level in order, with a progress bar on a terminal (levels, or the work of a single
 * level) and JSON progress events under --json. Levels the command's deadline left unstarted give up
 * on time without running.
 */
async function runLevels<T>(
  ctx: Context,
  verb: string,
  job: JobDefaults,
  budget: CommandBudget,
  count: number,
  run: (i: number, onProgress: (work: number, ms: number) => void) => JobResult<T>,
): Promise<JobResult<T>[]> {
  const maxWork = job.budget.maxWork;
  const single = count === 1 && maxWork !== undefined && Number.isFinite(maxWork);
  const bar = ctx.progress(single ? job.unit : 'levels', single ? maxWork : count);
  const results: JobResult<T>[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const onProgress = (work: number, elapsedMs: number): void => {
        if (single) bar.update(work);
        ctx.event({ event: 'progress', verb, level: i + 1, work, unit: job.unit, elapsedMs });
      };
      const result: JobResult<T> = budget.timeUp()
        ? { outcome: budget.timeOutcome(), work: 0 }
        : optionChecked(() => run(i, onProgress));
      results.push(result);
      ctx.event({ event: 'level', verb, level: i + 1, of: count, outcome: result.outcome });
      if (!single) bar.update(i + 1);
      // Let a terminal redraw and Ctrl-C through between levels.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    bar.stop();
  }
  return results;
}

/**
 * Runs a job, turning a package's `INVALID_OPTION` error (options each in range but not together,
 * such as a size too large for a level type) into the usage mistake it is (exit code 2).
 */
function optionChecked<T>(job: () => T): T {
  try {
    return job();
  } catch (error) {
    if (error instanceof InvalidInputError && error.code === 'INVALID_OPTION')
      throw new UsageError(error.message);
    throw error;
  }
}

/** Throws the command's failure (exit code 1) when some level was not done, after the output. */
function failUnlessAll(done: number, total: number, what: string): void {
  if (done < total)
    throw new CommandFailure(
      total === 1 ? `the level was not ${what}` : `${total - done} of ${total} levels not ${what}`,
    );
}

/** A summary line after several levels: `2 of 3 levels solved`. */
function summary(done: number, total: number, what: string): string {
  return total === 1 ? '' : `\n${done} of ${total} levels ${what}`;
}

function registerGenerate(group: Command, ctx: Context, game: AnyGame): void {
  const generate = game.generate;
  if (generate === undefined) return;
  const formats = game.format === undefined ? ['json', 'text'] : ['collection', 'json', 'text'];
  const command = group
    .command('generate')
    .description(`generate ${game.title} levels with their answers`);
  addSpecFlags(command, generate.options);
  command
    .option('--count <n>', `how many levels (1..${MAX_COUNT.toLocaleString('en-US')})`, '1')
    .option('--seed <seed>', 'seed: a whole number or any text; level i uses stream (seed, i)', '1')
    .option(
      '--format <kind>',
      `what to write: ${formats.join(' | ')} (default ${formats[0]}; json with --json)`,
    )
    .option('--out <file>', 'write the output to this file instead of stdout');
  addBudgetFlags(command, generate.unit, generate.budget.maxWork);
  command.action(async (o: Record<string, string | undefined>) => {
    const options = readSpecFlags(generate.options, o);
    const count = intOption('--count', o.count!, 1, MAX_COUNT);
    const seed = seedOption(o.seed!);
    const out = outFlag(o.out);
    const format =
      o.format === undefined
        ? ctx.json
          ? 'json'
          : formats[0]!
        : choiceOption('--format', o.format, formats);
    if (ctx.json && format !== 'json')
      throw new UsageError(`--json prints JSON; it cannot be combined with --format ${format}`);
    const budget = new CommandBudget(generate, budgetFlags(o));
    const results = await runLevels(ctx, 'generate', generate, budget, count, (i, onProgress) =>
      generate.run(options, Rng.forIndex(seed, i), budget.forLevel(onProgress)),
    );
    const made = results.flatMap((r, index) => ('value' in r ? [{ index, ...r.value }] : []));
    const outcome = overallOutcome(results.map((r) => r.outcome));
    let text: string;
    if (format === 'json') {
      const levels = results.map((r, index) => ({
        index,
        outcome: r.outcome,
        work: r.work,
        ...('value' in r
          ? {
              level: game.levelToJson(r.value.level),
              ...(r.value.answer === undefined
                ? {}
                : { answer: game.answerToJson(r.value.answer) }),
            }
          : {}),
      }));
      text = JSON.stringify({ game: game.id, seed, count, options, outcome, levels }, null, 2);
    } else if (format === 'collection') {
      text = game.format!.print(made.map(({ level, answer }) => ({ level, answer })));
    } else {
      text = results
        .map((r, index) => {
          const head = `level ${index + 1} of ${count} (seed ${JSON.stringify(seed)}, stream ${index}): ${describeOutcome(r.outcome)} after ${workText(r.work, generate.unit)}`;
          if (!('value' in r)) return head;
          const answer =
            r.value.answer === undefined ? '' : `\nanswer: ${answerText(game, r.value.answer)}`;
          return `${head}\n${game.render(r.value.level).replace(/\n*$/, '')}${answer}`;
        })
        .join('\n\n');
    }
    await ctx.emit(text, out, `${made.length} level(s)`);
    for (const [index, r] of results.entries())
      if (!('value' in r))
        ctx.info(`level ${index + 1} of ${count}: ${describeOutcome(r.outcome)}`);
    failUnlessAll(made.length, count, 'generated');
  });
}

/** `--level`, `--out` and the budget flags every file verb takes. */
function fileVerb(
  group: Command,
  name: string,
  description: string,
  job: JobDefaults | undefined,
): Command {
  const command = group
    .command(`${name} <file>`)
    .description(description)
    .option('--level <n>', 'work on this level of the file only (1-based; default: every level)')
    .option('--out <file>', 'write the output to this file instead of stdout');
  if (job !== undefined) addBudgetFlags(command, job.unit, job.budget.maxWork);
  return command;
}

function registerSolve(group: Command, ctx: Context, game: AnyGame): void {
  const solve = game.solve;
  if (solve === undefined) return;
  const command = fileVerb(
    group,
    'solve',
    `solve every level of a ${game.title} file (or the one --level picks)`,
    solve,
  );
  addSpecFlags(command, solve.options);
  command.action(async (file: string, o: Record<string, string | undefined>) => {
    const options = readSpecFlags(solve.options, o);
    const out = outFlag(o.out);
    const picked = await pickLevels(ctx, game, file, levelFlag(o.level));
    const budget = new CommandBudget(solve, budgetFlags(o));
    const results = await runLevels(ctx, 'solve', solve, budget, picked.levels.length, (i, p) =>
      solve.run(picked.levels[i]!.level, budget.forLevel(p), options),
    );
    const solved = results.filter((r) => 'value' in r).length;
    const rows = results.map((r, i) => ({
      level: picked.levels[i]!.index,
      ...titleOf(picked.levels[i]!),
      outcome: r.outcome,
      work: r.work,
      ...('value' in r ? { answer: game.answerToJson(r.value) } : {}),
    }));
    const text = ctx.json
      ? JSON.stringify(fileAnswer(game, picked, rows, results), null, 2)
      : results
          .map((r, i) => {
            const head = `${levelName(picked.levels[i]!, picked.total)}: ${describeOutcome(r.outcome)} after ${workText(r.work, solve.unit)}`;
            return 'value' in r ? `${head}\n${answerText(game, r.value)}` : head;
          })
          .join('\n') + summary(solved, results.length, 'solved');
    await ctx.emit(text, out, `${solved} answer(s)`);
    failUnlessAll(solved, results.length, 'solved');
  });
}

/** A level's title for a JSON row, where the file gives one. */
function titleOf(level: FileLevel): { title?: string } {
  return level.title === undefined ? {} : { title: level.title };
}

/** The JSON answer of a verb over a file: the game, the file, the levels it read, each level's row. */
function fileAnswer(
  game: AnyGame,
  picked: PickedLevels,
  rows: readonly unknown[],
  results: readonly { readonly outcome: Outcome }[],
): Record<string, unknown> {
  return {
    game: game.id,
    file: picked.path,
    levelsInFile: picked.total,
    outcome: overallOutcome(results.map((r) => r.outcome)),
    levels: rows,
  };
}

/**
 * Reads an answer file for `verify --answer`: JSON when it is JSON, else the game's answer text as a
 * string (a LURD line for Sokoban).
 */
async function readAnswer(ctx: Context, game: AnyGame, path: string): Promise<unknown> {
  const text = (await ctx.readText(path)).trim();
  let json: unknown = text;
  if (/^[[{"]/.test(text)) json = parseJson(text, path);
  return game.answerFromJson(json, '$');
}

function registerVerify(group: Command, ctx: Context, game: AnyGame): void {
  const verify = game.verify?.bind(game);
  if (verify === undefined) return;
  group
    .command('verify <file>')
    .description(
      `replay the answers of a ${game.title} file (every level, or the one --level picks) under the game's rules`,
    )
    .option('--level <n>', 'check this level of the file only (1-based; default: every level)')
    .option(
      '--answer <file>',
      "check this answer instead of the file's own (JSON, or the game's answer text); needs --level when the file holds several levels",
    )
    .option('--out <file>', 'write the output to this file instead of stdout')
    .action(async (file: string, o: Record<string, string | undefined>) => {
      const out = outFlag(o.out);
      const picked = await pickLevels(ctx, game, file, levelFlag(o.level));
      if (o.answer !== undefined && picked.levels.length > 1)
        throw new UsageError(
          `${file} holds ${picked.total} levels: say which one --answer is for with --level`,
        );
      const given = o.answer === undefined ? undefined : await readAnswer(ctx, game, o.answer);
      const rows = picked.levels.map((level) => {
        const answer = given ?? level.answer;
        const verdict =
          answer === undefined
            ? {
                ok: false as const,
                reason: 'no answer to check (the file gives none; see --answer)',
              }
            : verify(level.level, answer);
        // A replay either solves the level or shows where the answer goes wrong: the answer, not the
        // level, is proven wrong, hence `impossible` for "this answer cannot solve it".
        const outcome: Outcome = verdict.ok ? SOLVED : { kind: 'impossible' };
        return {
          level: level.index,
          ...titleOf(level),
          outcome,
          ok: verdict.ok,
          ...(verdict.ok ? {} : { reason: verdict.reason }),
        };
      });
      const ok = rows.filter((r) => r.ok).length;
      const text = ctx.json
        ? JSON.stringify(fileAnswer(game, picked, rows, rows), null, 2)
        : rows
            .map(
              (r, i) =>
                `${levelName(picked.levels[i]!, picked.total)}: ${r.ok ? 'the answer solves it' : `wrong: ${r.reason}`}`,
            )
            .join('\n') + summary(ok, rows.length, 'solved by their answers');
      await ctx.emit(text, out, `${rows.length} verdict(s)`);
      failUnlessAll(ok, rows.length, 'solved by the answer');
    });
}

function registerRate(group: Command, ctx: Context, game: AnyGame): void {
  const rate = game.rate;
  if (rate === undefined) return;
  const command = fileVerb(
    group,
    'rate',
    `rate how hard every level of a ${game.title} file is (or the one --level picks)`,
    rate,
  );
  command.action(async (file: string, o: Record<string, string | undefined>) => {
    const out = outFlag(o.out);
    const picked = await pickLevels(ctx, game, file, levelFlag(o.level));
    const budget = new CommandBudget(rate, budgetFlags(o));
    const results = await runLevels(ctx, 'rate', rate, budget, picked.levels.length, (i, p) =>
      rate.run(picked.levels[i]!.level, budget.forLevel(p)),
    );
    const rated = results.filter((r) => 'value' in r).length;
    const rows = results.map((r, i) => ({
      level: picked.levels[i]!.index,
      ...titleOf(picked.levels[i]!),
      outcome: r.outcome,
      work: r.work,
      ...('value' in r ? { rating: r.value } : {}),
    }));
    const text = ctx.json
      ? JSON.stringify(fileAnswer(game, picked, rows, results), null, 2)
      : results
          .map((r, i) => {
            const name = levelName(picked.levels[i]!, picked.total);
            if (!('value' in r)) return `${name}: ${describeOutcome(r.outcome)}`;
            const grade = r.value.grade === undefined ? '' : ` (${r.value.grade})`;
            return `${name}: score ${r.value.score}${grade}, higher is harder`;
          })
          .join('\n') + summary(rated, results.length, 'rated');
    await ctx.emit(text, out, `${rated} rating(s)`);
    failUnlessAll(rated, results.length, 'rated');
  });
}

/**
 * Adds a game's common verbs — `generate`, `solve`, `verify`, `rate`, each where the game has the job
 * — to its command group, written once for every game over its descriptor.
 */
export function registerCommonVerbs(group: Command, ctx: Context, game: AnyGame): void {
  registerGenerate(group, ctx, game);
  registerSolve(group, ctx, game);
  registerVerify(group, ctx, game);
  registerRate(group, ctx, game);
}
