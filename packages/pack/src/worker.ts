// The task function a pool thread runs (piscina calls the default export). It loads the game module
// by URL once per thread and runs one level task or one solve task; everything it returns is plain
// data that survives structured clone and JSON.
import { workerData } from 'node:worker_threads';
import { isPuzzlekitError } from '@puzzlekit/errors';
import type { Budget } from '@puzzlekit/job';
import { importGame, loadGame } from './load-game.js';
import { makeLevel, type LevelResult } from './level.js';
import { solveOne, type SolveResult } from './solve-one.js';
import type { NormalizedSpec } from './spec.js';

/** Make level `index` of a pack, trying candidates from `from` on. */
export interface LevelTask {
  readonly kind: 'level';
  readonly gameUrl: string;
  readonly spec: NormalizedSpec;
  readonly index: number;
  readonly from: number;
}

/** Solve level `index` of a collection (given as the game's level JSON) and replay the answer. */
export interface SolveTask {
  readonly kind: 'solve';
  readonly gameUrl: string;
  readonly gameId: string;
  readonly index: number;
  readonly level: unknown;
  readonly budget: Budget;
  /** The solver's options (its `OptionSpec` names), read by the game's own `readOptions`. */
  readonly options?: Readonly<Record<string, unknown>>;
}

export type PoolTask = LevelTask | SolveTask;

/** What a {@link PackPool} hands each of its threads as it starts. */
export interface ThreadStart {
  /** Element 0 counts the threads that have started (and imported `gameUrl`, when given). */
  readonly started: Int32Array;
  /** A game module every thread imports as it starts, before its first task. */
  readonly gameUrl?: string;
}

// Piscina counts a thread ready once this module (with its top-level await) has loaded: importing the
// game here makes a thread's first level as fast as its others, and overlaps the import with the main
// thread reading the spec. A failed import is not reported here: the first task that needs the game
// rethrows it, naming its level.
const start = workerData as ThreadStart | null | undefined;
if (start?.started instanceof Int32Array) {
  if (start.gameUrl !== undefined) await importGame(start.gameUrl).catch(() => undefined);
  Atomics.add(start.started, 0, 1);
}

/** Runs one task; an error thrown by a game crosses back as a plain Error with its code. */
export default async function runTask(task: PoolTask): Promise<LevelResult | SolveResult> {
  try {
    if (task.kind === 'level') {
      const game = await loadGame(task.gameUrl, task.spec.gameId);
      return makeLevel(game, task.spec, task.index, task.from);
    }
    const game = await loadGame(task.gameUrl, task.gameId);
    return solveOne(game, task.index, task.level, task.budget, task.options);
  } catch (error) {
    const where = task.kind === 'level' ? `level ${task.index}` : `collection level ${task.index}`;
    const message = error instanceof Error ? error.message : String(error);
    const code = isPuzzlekitError(error) ? ` [${error.code}]` : '';
    throw new Error(`${where}: ${message}${code}`, { cause: error });
  }
}
