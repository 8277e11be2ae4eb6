import type { Command } from 'commander';
import {
  describeOutcome,
  SOLVED,
  type AnyGame,
  type NamedLevel,
  type Outcome,
} from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import { choiceOption, type Context, intOption, seedOption, UsageError } from '../context.js';
import type { CommonVerb } from '../games/types.js';
import { CommandBudget } from './budget.js';
import { levelName, pickLevels } from './collection.js';
import {
  answerText,
  failUnlessAll,
  fileAnswer,
  fileVerb,
  readAnswer,
  runLevels,
  summary,
  titleOf,
  workText,
  overallOutcome,
} from './levels.js';
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

/** A game's other collection writers, by the `--format` name that picks them. */
type CollectionFormats = Readonly<
  Record<string, (levels: readonly NamedLevel<unknown, unknown>[]) => string>
>;

function registerGenerate(
  group: Command,
  ctx: Context,
  game: AnyGame,
  others: CollectionFormats = {},
): void {
  const generate = game.generate;
  if (generate === undefined) return;
  const formats = [
    ...(game.format === undefined ? [] : ['collection']),
    ...Object.keys(others),
    'json',
    'text',
  ];
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
    } else if (format !== 'text') {
      text = others[format]!(made.map(({ level, answer }) => ({ level, answer })));
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
            const grade = r.value.grade === undefined ? '' : `${r.value.grade}, `;
            return `${name}: ${grade}score ${Math.round(r.value.score * 100) / 100} (higher is harder)`;
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
export function registerCommonVerbs(
  group: Command,
  ctx: Context,
  game: AnyGame,
  replaced: readonly CommonVerb[] = [],
  collectionFormats: CollectionFormats = {},
): void {
  const verbs: Record<
    CommonVerb,
    (group: Command, ctx: Context, game: AnyGame, others?: CollectionFormats) => void
  > = {
    generate: registerGenerate,
    solve: registerSolve,
    verify: registerVerify,
    rate: registerRate,
  };
  for (const [name, register] of Object.entries(verbs) as [CommonVerb, typeof registerGenerate][])
    if (!replaced.includes(name)) register(group, ctx, game, collectionFormats);
}
