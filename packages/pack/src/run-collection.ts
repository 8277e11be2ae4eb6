import { readOptions } from '@puzzlekit/job';
import type { JobBudget } from './spec.js';
import { loadGame, resolveFromCwd, type ResolveGame } from './load-game.js';
import { PackPool, type PoolOptions } from './pool.js';
import type { SolveResult } from './solve-one.js';

/** What `solve-all` runs: a game (by module, as a pack names it) and the levels of a collection. */
export interface CollectionSpec {
  /** The module that exports the game's descriptor as `game` (`@puzzlekit/sokoban-zero-gap`). */
  readonly game: string;
  /** The descriptor's id (`sokoban`). */
  readonly gameId: string;
  /** The collection's levels as the game's level JSON (`game.levelToJson` of what `format.parse` read). */
  readonly levels: readonly unknown[];
  /** The solver's budget for each level (default: the game's). */
  readonly budget?: JobBudget;
  /** The solver's options for every level, by their `OptionSpec` names (default: the game's defaults). */
  readonly options?: Readonly<Record<string, unknown>>;
}

/** How {@link runCollection} runs. */
export interface RunCollectionOptions extends PoolOptions {
  /** Called once per finished level, in index order, with a plain object. */
  readonly onEvent?: (event: CollectionEvent) => void;
  readonly resolveGame?: ResolveGame;
  readonly signal?: AbortSignal;
}

/** Progress of a collection: one level finished (reported in index order). */
export interface CollectionEvent {
  readonly event: 'level';
  readonly index: number;
  readonly done: number;
  readonly count: number;
  readonly outcome: SolveResult['outcome']['kind'];
  readonly work: number;
  readonly ms: number;
}

/** The summary of a collection run. */
export interface CollectionSummary {
  readonly levels: number;
  readonly solved: number;
  readonly impossible: number;
  readonly gaveUp: number;
  /** Solved levels whose answer failed its replay (a solver bug: should be 0). */
  readonly failedReplay: number;
  /** Work units over every level (in `unit`). */
  readonly work: number;
  readonly unit: string;
  readonly workers: number;
  readonly wallMs: number;
}

/** Every level's result (index order) and the summary. */
export interface CollectionReport {
  readonly results: readonly SolveResult[];
  readonly summary: CollectionSummary;
}

/**
 * Solves every level of a collection on a pool of threads, each with the same per-level budget, and
 * replays every answer. Results come back in index order whatever the number of workers.
 *
 * @throws InvalidInputError for a module without a `game`, a game of another id or without a solver,
 *   or a level its `levelFromJson` refuses (naming `$.levels[i]`).
 */
export async function runCollection(
  spec: CollectionSpec,
  options: RunCollectionOptions = {},
): Promise<CollectionReport> {
  const started = performance.now();
  const gameUrl = (options.resolveGame ?? resolveFromCwd)(spec.game);
  const game = await loadGame(gameUrl, spec.gameId);
  if (game.solve === undefined) throw new Error(`game ${game.id} has no solver`);
  const unit = game.solve.unit;
  // Read every level here first, so that a bad one is reported before any work starts.
  spec.levels.forEach((level, index) => game.levelFromJson(level, `$.levels[${index}]`));
  readOptions(game.solve.options, spec.options ?? {}, '$.options');
  const pool = new PackPool(options);
  try {
    const pending = spec.levels.map((level, index) => {
      const task = pool.runSolve(
        {
          gameUrl,
          gameId: spec.gameId,
          index,
          level,
          budget: spec.budget ?? {},
          ...(spec.options === undefined ? {} : { options: spec.options }),
        },
        options.signal,
      );
      task.catch(() => undefined);
      return task;
    });
    const results: SolveResult[] = [];
    for (const [index, task] of pending.entries()) {
      const result = await task;
      results.push(result);
      options.onEvent?.({
        event: 'level',
        index,
        done: index + 1,
        count: spec.levels.length,
        outcome: result.outcome.kind,
        work: result.work,
        ms: Math.round(result.ms),
      });
    }
    const count = (kind: string) => results.filter((r) => r.outcome.kind === kind).length;
    return {
      results,
      summary: {
        levels: results.length,
        solved: count('solved'),
        impossible: count('impossible'),
        gaveUp: count('gave-up'),
        failedReplay: results.filter((r) => r.verified === false).length,
        work: results.reduce((sum, r) => sum + r.work, 0),
        unit,
        workers: pool.workers,
        wallMs: Math.round(performance.now() - started),
      },
    };
  } finally {
    await pool.close();
  }
}
