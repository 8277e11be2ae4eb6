import type { Command } from 'commander';
import { describeOutcome, readOptions, type AnyGame } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import {
  PAPER_TABLE,
  checkAnswer,
  compareRatings,
  describeConditions,
  fitDifficulty,
  formatBoard,
  game,
  hint,
  paperDifficulty,
  parseBoard,
  parseLevelRows,
  parsePlacement,
  type LevelRow,
  type Placement,
  type Puzzle,
} from '@puzzlekit/animal-grid';
import {
  formatGardenGrid,
  game as gardenGame,
  parsePlanted,
  simulateGarden,
  type GardenLevel,
} from '@puzzlekit/animal-grid/garden';
import { isPuzzlekitError } from '@puzzlekit/errors';
import {
  CommandFailure,
  intOption,
  numberOption,
  seedOption,
  UsageError,
  type Context,
} from '../context.js';
import { CommandBudget } from '../common/budget.js';
import { levelName, pickLevels, type PickedLevels } from '../common/collection.js';
import { budgetFlags, levelFlag, outFlag } from '../common/flags.js';
import { runLevels } from '../common/levels.js';
import type { DemoSection, GamePlugin } from './types.js';

const animalGrid = game as unknown as AnyGame;
const garden = gardenGame as unknown as AnyGame;

const d4 = (n: number): string => (Number.isFinite(n) ? n.toFixed(4) : String(n));

/** The one level a command on a single puzzle works on: `--level N`, or the file's only one. */
async function onePuzzle(
  ctx: Context,
  g: AnyGame,
  file: string,
  level: string | undefined,
): Promise<{ picked: PickedLevels; level: unknown }> {
  const picked = await pickLevels(ctx, g, file, levelFlag(level));
  if (picked.levels.length > 1)
    throw new UsageError(`${file} holds ${picked.total} levels: say which one with --level`);
  return { picked, level: picked.levels[0]!.level };
}

/** `--place animal@row/column`: a bad spec is a usage mistake (exit 2). */
function parsePlace(spec: string): Placement {
  try {
    return parsePlacement(spec);
  } catch (error) {
    if (isPuzzlekitError(error)) throw new UsageError(`--place ${error.message}`);
    throw error;
  }
}

function conditionsText(puzzle: Puzzle): string {
  const lines = describeConditions(puzzle);
  return lines.length === 0
    ? 'conditions: none'
    : ['conditions:', ...lines.map((l) => `  ${l}`)].join('\n');
}

/** `animal-grid hint`: the next deduction from a partly filled board. */
function registerHint(group: Command, ctx: Context): void {
  group
    .command('hint <file>')
    .description('the next deduction from a partly filled board: which animal goes where, and why')
    .option('--level <n>', 'which puzzle of the file (1-based; needed when it holds several)')
    .option(
      '--board <file>',
      "the board so far: three rows of animal names or '.', top (apple) row first, or JSON placements",
    )
    .option(
      '--place <animal@row/column...>',
      'pieces already placed, such as lion@apple/banana',
      [],
    )
    .option('--out <file>', 'write the output to this file instead of stdout')
    .action(
      async (
        file: string,
        o: { level?: string; board?: string; place: string[]; out?: string },
      ) => {
        const out = outFlag(o.out);
        const { level } = await onePuzzle(ctx, animalGrid, file, o.level);
        const puzzle = level as Puzzle;
        const board = [
          ...(o.board === undefined ? [] : parseBoard(await ctx.readText(o.board), o.board)),
          ...o.place.map(parsePlace),
        ];
        const h = hint(puzzle, board);
        const text = ctx.json
          ? JSON.stringify(h, null, 2)
          : [
              formatBoard(board),
              '',
              h.status === 'next'
                ? `hint: ${h.text}`
                : h.status === 'mistake'
                  ? `mistake: ${h.text}`
                  : h.text,
              ...(h.status === 'next' ? ['why:', ...h.steps.map((s) => `  - ${s.detail}`)] : []),
            ].join('\n');
        await ctx.emit(text, out, 'the hint');
      },
    );
}

/** `animal-grid check`: a designer's answer against every condition, and whether it is the only one. */
function registerCheck(group: Command, ctx: Context): void {
  group
    .command('check <file> <answer>')
    .description(
      "check a designer's answer (three rows of animal names, apple row first, or JSON placements): every condition, the pieces, and whether it is the only solution",
    )
    .option('--level <n>', 'which puzzle of the file (1-based; needed when it holds several)')
    .option('--out <file>', 'write the output to this file instead of stdout')
    .action(async (file: string, answerFile: string, o: { level?: string; out?: string }) => {
      const out = outFlag(o.out);
      const { level } = await onePuzzle(ctx, animalGrid, file, o.level);
      const puzzle = level as Puzzle;
      const answer = parseBoard(await ctx.readText(answerFile), answerFile);
      const r = checkAnswer(puzzle, answer);
      const verdict = r.valid
        ? r.unique
          ? 'the answer keeps every condition, and it is the only solution'
          : 'the answer keeps every condition, but the puzzle has another solution:'
        : r.pieces !== null
          ? `not an answer: ${r.pieces}`
          : `not an answer: it breaks ${r.broken.length} condition(s)`;
      const text = ctx.json
        ? JSON.stringify(r, null, 2)
        : [
            conditionsText(puzzle),
            '',
            formatBoard(answer),
            '',
            verdict,
            ...r.broken.map((b) => `  ${b.index + 1}. ${b.text}`),
            ...(r.another ? [formatBoard(r.another)] : []),
          ].join('\n');
      await ctx.emit(text, out, 'the verdict');
      if (!r.valid) throw new CommandFailure('the answer is not a solution of the puzzle');
    });
}

/** `animal-grid fit` and `compare`: the paper's difficulty model, refitted and compared. */
function registerModel(group: Command, ctx: Context): void {
  group
    .command('fit [rows]')
    .description(
      "least-squares refit of the paper's difficulty formula (a1, a2, a3, b1, b2) on levels' measured counts (default: the paper's training levels 1–23)",
    )
    .option('--b1 <b>', 'keep b1 fixed (with --b2): linear least squares for a1..a3')
    .option('--b2 <b>', 'keep b2 fixed (with --b1)')
    .action(async (file: string | undefined, o: { b1?: string; b2?: string }) => {
      let rows: readonly LevelRow[] = PAPER_TABLE.filter((r) => r.level <= 23);
      if (file !== undefined) rows = parseLevelRows(await ctx.readText(file), file);
      if ((o.b1 === undefined) !== (o.b2 === undefined))
        throw new UsageError('give both --b1 and --b2, or neither');
      const f = fitDifficulty(
        rows,
        o.b1 === undefined
          ? {}
          : { fixedExponents: { b1: numberOption('--b1', o.b1), b2: numberOption('--b2', o.b2!) } },
      );
      const k = f.coefficients;
      ctx.output(f, () =>
        [
          `method: ${f.method} on ${rows.length} level(s)`,
          `a1 ${d4(k.a1)}  a2 ${d4(k.a2)}  a3 ${d4(k.a3)}  b1 ${d4(k.b1)}  b2 ${d4(k.b2)}`,
          `fit error: sum of squares ${d4(f.sse)}, root mean square ${d4(f.rmse)}`,
          ...rows.map(
            (r) =>
              `  level ${String(r.level).padStart(3)}  difficulty ${d4(paperDifficulty(r, k)).padStart(9)}`,
          ),
        ].join('\n'),
      );
    });

  const generate = game.generate!;
  group
    .command('compare')
    .description(
      "do the paper's difficulty and the deduction rating order generated puzzles alike? (rank correlations)",
    )
    .option(
      '--seed <seed>',
      'seed: puzzle i comes from the stream (seed, i), as generate makes it',
      '1',
    )
    .option('--count <n>', 'puzzles', '100')
    .option('--max-work <n>', `work budget of each puzzle, in ${generate.unit}`)
    .option('--max-ms <ms>', 'stop the whole command after this many milliseconds')
    .action(async (o: Record<string, string | undefined>) => {
      const seed = seedOption(o.seed!);
      const n = intOption('--count', o.count!, 2, 100_000);
      const budget = new CommandBudget(generate, budgetFlags(o));
      const options = readOptions(generate.options, {});
      const results = await runLevels(ctx, 'compare', generate, budget, n, (i, p) =>
        generate.run(options, Rng.forIndex(seed, i), budget.forLevel(p)),
      );
      const puzzles: Puzzle[] = [];
      for (const [i, r] of results.entries()) {
        if (!('value' in r))
          throw new CommandFailure(
            `puzzle ${i + 1} of ${n}: ${describeOutcome(r.outcome)}; lower --count or raise the budget`,
          );
        puzzles.push(r.value.level);
      }
      const c = compareRatings(puzzles);
      ctx.output(c, () =>
        [
          `${n} generated puzzles: how alike the paper's difficulty D and the deduction rating order them (1 = the same order, 0 = unrelated)`,
          `Spearman's rank correlation: D vs the summed step cost ${d4(c.spearmanTotal)}, D vs the hardest step ${d4(c.spearmanHardest)}`,
          `Kendall's tau-b: D vs the summed step cost ${d4(c.kendallTotal)}, D vs the hardest step ${d4(c.kendallHardest)}`,
        ].join('\n'),
      );
    });
}

/** `garden simulate`: plant flowers and grow them for the level's rounds. */
function registerGardenSimulate(group: Command, ctx: Context): void {
  group
    .command('simulate <file>')
    .description("plant flowers and grow them for the level's rounds; say whether the target grows")
    .option('--level <n>', 'which level of the file (1-based; needed when it holds several)')
    .option('--plant <flower@x,y...>', 'flowers to plant (repeat or list several)', [])
    .option('--out <file>', 'write the output to this file instead of stdout')
    .action(async (file: string, o: { level?: string; plant: string[]; out?: string }) => {
      const out = outFlag(o.out);
      const { picked, level: raw } = await onePuzzle(ctx, garden, file, o.level);
      const level = raw as GardenLevel;
      const planting = o.plant.map((s) => {
        try {
          return parsePlanted(s, level);
        } catch (error) {
          if (isPuzzlekitError(error)) throw new UsageError(`--plant ${error.message}`);
          throw error;
        }
      });
      // The package checks the planting against the level (seeds it gives, one flower a cell).
      const grown = simulateGarden(level, planting);
      const matches = grown.every((g, i) => g === level.target[i]);
      const text = ctx.json
        ? JSON.stringify({ garden: grown, matchesTarget: matches }, null, 2)
        : [
            levelName(picked.levels[0]!, picked.total),
            formatGardenGrid(level, grown),
            matches
              ? 'the planting grows into the target'
              : 'the planting does not grow into the target',
          ].join('\n');
      await ctx.emit(text, out, 'the garden');
      if (!matches) throw new CommandFailure('the planting does not grow into the target');
    });
}

/** A puzzle generated, solved and rated through the descriptor. */
function demo(): DemoSection {
  const generate = game.generate!;
  const made = generate.run(readOptions(generate.options, {}), Rng.forIndex(3, 0), generate.budget);
  if (!('value' in made)) throw new Error(`animal-grid generate: ${describeOutcome(made.outcome)}`);
  const puzzle = made.value.level;
  const rating = game.rate!.run(puzzle, game.rate!.budget);
  const verdict = game.verify!(puzzle, made.value.answer!);
  const text = [
    conditionsText(puzzle),
    '',
    'the only answer:',
    formatBoard(made.value.answer!),
    `it ${verdict.ok ? 'keeps every condition' : `FAILS: ${verdict.reason}`}`,
    'value' in rating
      ? `difficulty: ${rating.value.grade ?? 'no grade'}, score ${Math.round(rating.value.score * 100) / 100} (the paper's D; higher is harder)`
      : `difficulty: ${describeOutcome(rating.outcome)}`,
  ].join('\n');
  return {
    title: 'animal-grid: generate, check, rate',
    text,
    data: {
      puzzle: game.levelToJson(puzzle),
      rating: 'value' in rating ? rating.value : null,
    },
  };
}

/** `puzzlekit animal-grid …`: the common verbs, and hint, check, fit and compare. */
export const animalGridPlugin: GamePlugin = {
  game: animalGrid,
  description:
    "the 3×3 animal puzzle: generate, solve, verify, rate (the paper's difficulty and the reasoning it needs), hint, check, fit, compare",
  registerOwn(group, ctx) {
    registerHint(group, ctx);
    registerCheck(group, ctx);
    registerModel(group, ctx);
  },
  demo,
};

/** `puzzlekit garden …`: Beautiful Garden levels — the common verbs, and simulate. */
export const gardenPlugin: GamePlugin = {
  game: garden,
  module: '@puzzlekit/animal-grid/garden',
  description: 'Beautiful Garden levels: generate, solve, verify, rate, simulate a planting',
  registerOwn(group, ctx) {
    registerGardenSimulate(group, ctx);
  },
};
