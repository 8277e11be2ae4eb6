import type { Command } from 'commander';
import { InvalidInputError, parseJson } from '@puzzlekit/errors';
import {
  SOLVED,
  type AnyGame,
  type GaveUpOutcome,
  type JobDefaults,
  type JobResult,
  type Outcome,
} from '@puzzlekit/job';
import { CommandFailure, type Context, UsageError } from '../context.js';
import type { CommandBudget } from './budget.js';
import type { FileLevel, PickedLevels } from './collection.js';
import { addBudgetFlags } from './flags.js';

/*
 * The parts every verb over levels shares — the common verbs and a game's own (sokoban optimize,
 * link hint): running one job per level with progress, naming levels, the JSON answer of a file, and
 * the exit code when some level was not done.
 */

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
export function workText(work: number, unit: string): string {
  return `${work.toLocaleString('en-US')} ${unit}`;
}

/** A level the command's deadline left unstarted: it gave up on time without running. */
export interface NotStarted {
  readonly outcome: GaveUpOutcome;
  readonly work: number;
}

/**
 * Runs one job per level in order, with a progress bar on a terminal (levels, or the work of a single
 * level) and JSON progress events under --json. Levels the command's deadline left unstarted give up
 * on time without running.
 */
export async function runLevels<R extends JobResult<unknown, unknown>>(
  ctx: Context,
  verb: string,
  job: JobDefaults,
  budget: CommandBudget,
  count: number,
  run: (i: number, onProgress: (work: number, ms: number) => void) => R,
): Promise<(R | NotStarted)[]> {
  const maxWork = budget.maxWork;
  const single = count === 1 && maxWork !== undefined && Number.isFinite(maxWork);
  const bar = ctx.progress(single ? job.unit : 'levels', single ? maxWork : count);
  const results: (R | NotStarted)[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const onProgress = (work: number, elapsedMs: number): void => {
        if (single) bar.update(work);
        ctx.event({ event: 'progress', verb, level: i + 1, work, unit: job.unit, elapsedMs });
      };
      const result: R | NotStarted = budget.timeUp()
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
export function optionChecked<T>(job: () => T): T {
  try {
    return job();
  } catch (error) {
    if (error instanceof InvalidInputError && error.code === 'INVALID_OPTION')
      throw new UsageError(error.message);
    throw error;
  }
}

/** Throws the command's failure (exit code 1) when some level was not done, after the output. */
export function failUnlessAll(done: number, total: number, what: string): void {
  if (done < total)
    throw new CommandFailure(
      total === 1 ? `the level was not ${what}` : `${total - done} of ${total} levels not ${what}`,
    );
}

/** A summary line after several levels: `2 of 3 levels solved`. */
export function summary(done: number, total: number, what: string): string {
  return total === 1 ? '' : `\n${done} of ${total} levels ${what}`;
}

/** `--level`, `--out` and the budget flags every file verb takes. */
export function fileVerb(
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

/** A level's title for a JSON row, where the file gives one. */
export function titleOf(level: FileLevel): { title?: string } {
  return level.title === undefined ? {} : { title: level.title };
}

/** The JSON answer of a verb over a file: the game, the file, the levels it read, each level's row. */
export function fileAnswer(
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
export async function readAnswer(ctx: Context, game: AnyGame, path: string): Promise<unknown> {
  const text = (await ctx.readText(path)).trim();
  let json: unknown = text;
  if (/^[[{"]/.test(text)) json = parseJson(text, path);
  return game.answerFromJson(json, '$');
}
