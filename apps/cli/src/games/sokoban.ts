import type { Command } from 'commander';
import {
  describeOutcome,
  readOptions,
  SOLVED,
  type AnyGame,
  type JobResult,
  type NamedLevel,
} from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import {
  DEFAULT_OPTIMIZE_BUDGET,
  DEFAULT_STATS_BUDGET,
  collectionOf,
  countBoxes,
  describeLowerBound,
  game,
  levelStats,
  optimize,
  printLevel,
  printSlc,
  printSok,
  solve,
  solveLines,
  verifyAnswer,
  type Level,
  type LevelStats,
  type OptimizeResult,
} from '@puzzlekit/sokoban-zero-gap';
import { UsageError, type Context } from '../context.js';
import { CommandBudget } from '../common/budget.js';
import { levelName, pickLevels } from '../common/collection.js';
import { budgetFlags, levelFlag, outFlag } from '../common/flags.js';
import { fileAnswer, fileVerb, readAnswer, runLevels, summary, titleOf } from '../common/levels.js';
import type { DemoSection, GamePlugin } from './types.js';

const sokoban = game as unknown as AnyGame;

/** `sokoban optimize`: shortens each level's answer (its Solution line, or the one --answer gives). */
function registerOptimize(group: Command, ctx: Context): void {
  const job = { unit: 'nodes', budget: DEFAULT_OPTIMIZE_BUDGET };
  fileVerb(
    group,
    'optimize',
    "shorten answers: cut loops, re-solve line stretches, splice in shortcuts found by bounded search (every level's Solution line, or --answer for the --level picked)",
    job,
  )
    .option('--answer <file>', "the answer to shorten (LURD) instead of the level's Solution line")
    .action(async (file: string, o: Record<string, string | undefined>) => {
      const out = outFlag(o.out);
      const picked = await pickLevels(ctx, sokoban, file, levelFlag(o.level));
      if (o.answer !== undefined && picked.levels.length > 1)
        throw new UsageError(
          `${file} holds ${picked.total} levels: say which one --answer is for with --level`,
        );
      const given =
        o.answer === undefined ? undefined : ((await readAnswer(ctx, sokoban, o.answer)) as string);
      for (const level of picked.levels)
        if ((given ?? level.answer) === undefined)
          throw new UsageError(
            `${levelName(level, picked.total)} has no Solution line: give the answer with --answer`,
          );
      const budget = new CommandBudget(job, budgetFlags(o));
      const results = await runLevels(
        ctx,
        'optimize',
        job,
        budget,
        picked.levels.length,
        (i, onProgress): JobResult<OptimizeResult> => {
          const level = picked.levels[i]!;
          const r = optimize(
            level.level as Level,
            given ?? (level.answer as string),
            budget.forLevel(onProgress),
          );
          // The shortened answer is right even when the budget stopped the searches early: it is the
          // value, and the optimizer's own outcome says whether every state was searched.
          return { outcome: SOLVED, value: r, work: r.work };
        },
      );
      const rows = results.map((r, i) => {
        const v = 'value' in r ? r.value : undefined;
        return {
          level: picked.levels[i]!.index,
          ...titleOf(picked.levels[i]!),
          outcome: v?.outcome ?? r.outcome,
          ...(v === undefined
            ? {}
            : {
                originalPushes: v.originalPushes,
                originalMoves: v.originalMoves,
                pushes: v.pushes,
                moves: v.moves,
                removedByLoops: v.removedByLoops,
                removedByLineSolves: v.removedByLineSolves,
                removedByShortcuts: v.removedByShortcuts,
                work: v.work,
                answer: v.solution,
              }),
        };
      });
      const text = ctx.json
        ? JSON.stringify(fileAnswer(sokoban, picked, rows, rows), null, 2)
        : results
            .map((r, i) => {
              const name = levelName(picked.levels[i]!, picked.total);
              if (!('value' in r)) return `${name}: ${describeOutcome(r.outcome)}`;
              const v = r.value;
              const searched =
                v.outcome.kind === 'solved'
                  ? ''
                  : ` — the searches stopped early (${describeOutcome(v.outcome)}); the rest was only loop-cut`;
              return `${name}: pushes ${v.originalPushes} → ${v.pushes}, moves ${v.originalMoves} → ${v.moves} (loops −${v.removedByLoops}, line re-solves −${v.removedByLineSolves}, shortcuts −${v.removedByShortcuts})${searched}\n${v.solution}`;
            })
            .join('\n') + summary(results.length, results.length, 'shortened');
      await ctx.emit(text, out, `${results.length} answer(s)`);
    });
}

/** One level's figures in words. */
function statsLine(s: LevelStats): string {
  return `${s.width}×${s.height}, ${s.boxes} boxes (${s.boxesOnGoals} on goals), ${s.floor} floor squares, ${s.deadSquares} dead squares (no box can reach a goal from them), push lower bound ${describeLowerBound(s.lowerBound)}`;
}

/** `sokoban stats`: size, boxes, floor, dead squares and push lower bound of every level. */
function registerStats(group: Command, ctx: Context): void {
  group
    .command('stats <file>')
    .description(
      'size, boxes, floor, dead squares and push lower bound of every level of a file (or the one --level picks)',
    )
    .option('--level <n>', 'this level of the file only (1-based; default: every level)')
    .option('--out <file>', 'write the output to this file instead of stdout')
    .action(async (file: string, o: Record<string, string | undefined>) => {
      const out = outFlag(o.out);
      const picked = await pickLevels(ctx, sokoban, file, levelFlag(o.level));
      // Each level's bound gets its own default time (the package's): stats never run long.
      const rows = picked.levels.map((level) => ({
        level: level.index,
        ...titleOf(level),
        ...levelStats(level.level as Level, DEFAULT_STATS_BUDGET),
      }));
      const text = ctx.json
        ? JSON.stringify(
            { game: sokoban.id, file, levelsInFile: picked.total, levels: rows },
            null,
            2,
          )
        : rows
            .map((row, i) => `${levelName(picked.levels[i]!, picked.total)}: ${statsLine(row)}`)
            .join('\n');
      await ctx.emit(text, out, `${rows.length} level(s)`);
    });
}

/** Generates a level through the descriptor, as `sokoban generate --seed 6` does. */
function demo(): DemoSection {
  const generate = game.generate!;
  const options = readOptions(generate.options, {
    type: 'b',
    size: 4,
    pushes: 1000,
    select: 'farthest',
  });
  const made = generate.run(options, Rng.forIndex(6, 0), generate.budget);
  if (!('value' in made)) throw new Error(`generate: ${describeOutcome(made.outcome)}`);
  const level = made.value.level;
  const answer = made.value.answer!;
  const checked = verifyAnswer(level, answer);
  const lines = solveLines(level);
  const best = solve(level, { maxWork: 100_000 });
  const shorter = optimize(level, answer, { maxWork: 20_000 });
  const pushesOf = (lurd: string): number => lurd.replace(/[a-z]/g, '').length;
  const text = [
    printLevel(level).trimEnd(),
    '',
    `type b, size 4 (sokoban generate --seed 6 --size 4 --pushes 1000 --select farthest): ${countBoxes(level).boxes} boxes on ${level.width}×${level.height}; the generator's answer has ${pushesOf(answer)} pushes / ${answer.length} moves and replays ${checked.ok ? 'to the solved position' : `WRONG: ${checked.reason}`}`,
    `the optimizer shortens it to ${shorter.pushes} pushes / ${shorter.moves} moves`,
    'value' in lines
      ? `best answer when boxes may only slide along their own line: ${lines.value.pushes} pushes / ${lines.value.moves} moves`
      : `line-rule solver: ${describeOutcome(lines.outcome)}`,
    'value' in best
      ? `fewest pushes under standard Sokoban rules (proven by A*): ${best.value.pushes} pushes / ${best.value.moves} moves, after ${best.work.toLocaleString('en-US')} positions`
      : `standard-rule solver: ${describeOutcome(best.outcome)} (at least ${best.lowerBound} pushes)`,
  ].join('\n');
  return {
    title: 'sokoban-zero-gap: generate, verify, optimize, solve',
    text,
    data: {
      level: game.levelToJson(level),
      answer: { pushes: pushesOf(answer), moves: answer.length, verified: checked.ok },
      optimized: { pushes: shorter.pushes, moves: shorter.moves },
      lineRule: 'value' in lines ? { pushes: lines.value.pushes, moves: lines.value.moves } : null,
      optimal:
        'value' in best
          ? { pushes: best.value.pushes, moves: best.value.moves, work: best.work }
          : null,
    },
  };
}

/** `puzzlekit sokoban …`: the common verbs, and `optimize` and `stats`. */
export const sokobanPlugin: GamePlugin = {
  game: sokoban,
  description: 'zero-gap Sokoban levels: generate, solve, verify, rate, optimize, stats',
  // `collection` is XSB; SLC and SOK are the files YASC, JSoko and the level sites exchange
  collectionFormats: {
    slc: (levels) => printSlc(collectionOf(levels as readonly NamedLevel<Level, string>[])),
    sok: (levels) => printSok(collectionOf(levels as readonly NamedLevel<Level, string>[])),
  },
  registerOwn(group, ctx) {
    registerOptimize(group, ctx);
    registerStats(group, ctx);
  },
  demo,
};
