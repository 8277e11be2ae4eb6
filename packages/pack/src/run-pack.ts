import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { IoError } from '@puzzlekit/errors';
import type { AnyGame } from '@puzzlekit/job';
import { assemblePack, type PackRecord } from './assemble.js';
import { writePackFiles, type PackManifest } from './files.js';
import { JOURNAL_FILE, Journal, taskKey } from './journal.js';
import type { LevelResult } from './level.js';
import { loadGame, packageVersionOf, resolveFromCwd, type ResolveGame } from './load-game.js';
import { PackPool, type PoolOptions } from './pool.js';
import { normalizeSpec, packId, type NormalizedSpec, type PackSpec } from './spec.js';

/** A progress event: one plain JSON object (the CLI's `--json` prints one a line). */
export type PackEvent =
  | {
      readonly event: 'start';
      readonly pack: string;
      readonly game: string;
      readonly count: number;
      readonly workers: number;
      readonly resumedTasks: number;
    }
  | {
      readonly event: 'level';
      readonly index: number;
      readonly done: number;
      readonly count: number;
      /** `solved`, `impossible` or `gave-up` (the level's outcome kind). */
      readonly outcome: PackRecord['outcome']['kind'];
      readonly elapsedMs: number;
      /** Estimated milliseconds left, from the pace so far. */
      readonly etaMs: number;
    }
  | {
      readonly event: 'done';
      readonly pack: string;
      readonly made: number;
      readonly givenUp: number;
      readonly rejected: number;
      readonly budgetStopped: number;
      readonly wallMs: number;
      readonly files: readonly string[];
    };

/** How {@link runPack} runs. */
export interface RunPackOptions extends PoolOptions {
  /** The pack's folder (made when missing). */
  readonly out: string;
  /**
   * Finish the pack whose journal is in `out`, without redoing the level tasks it holds (an error if
   * the journal belongs to another spec). Without it, a journal in `out` is started anew.
   */
  readonly resume?: boolean;
  /** Progress: called with one plain object per event. */
  readonly onEvent?: (event: PackEvent) => void;
  /** Where workers import the game from (default: package names resolved from the current directory). */
  readonly resolveGame?: ResolveGame;
  /** Stops the pack (Ctrl-C): running tasks are abandoned, finished ones stay in the journal. */
  readonly signal?: AbortSignal;
  /**
   * A pool to run on, left open afterwards (its own `workers` and `memoryMb` stand). Without it, a
   * pool is started for this run, its threads importing the game while this thread reads the spec.
   */
  readonly pool?: PackPool;
}

/** What a finished pack run returns: its manifest (also written to `manifest.json`). */
export type PackReport = PackManifest;

/** The spec read against its game, the game itself, and where workers load it from. */
export interface LoadedSpec {
  readonly spec: NormalizedSpec;
  readonly game: AnyGame;
  readonly gameUrl: string;
  readonly packId: string;
  readonly packages: Readonly<Record<string, string>>;
}

/**
 * Loads a spec's game and reads the spec against it (options, budgets, defaults).
 *
 * @throws InvalidInputError for a bad spec, a module without a `game` or a game of another id.
 */
export async function loadSpec(
  spec: PackSpec,
  resolveGame: ResolveGame = resolveFromCwd,
): Promise<LoadedSpec> {
  return loadSpecFrom(spec, resolveGame(spec.game));
}

async function loadSpecFrom(spec: PackSpec, gameUrl: string): Promise<LoadedSpec> {
  const game = await loadGame(gameUrl, spec.gameId);
  const normalized = normalizeSpec(spec, game);
  const packages: Record<string, string> = {};
  for (const url of [gameUrl, import.meta.url]) {
    const pkg = await packageVersionOf(url);
    if (pkg !== null) packages[pkg.name] = pkg.version;
  }
  return { spec: normalized, game, gameUrl, packId: packId(normalized), packages };
}

/**
 * Makes a pack of levels on every core of this machine: level `i` is generated from
 * `Rng.forIndex(seed, i)`, replayed, solved and rated in a pool thread; the pack is assembled in index
 * order with duplicates replaced, and `out` gets `levels.jsonl`, `levels.<ext>` and `manifest.json`.
 * `levels.jsonl` is byte-identical for any number of workers and after any number of resumes. Each
 * finished level task goes to `out/journal.jsonl` first, so `resume` after Ctrl-C or a crash redoes
 * nothing finished.
 *
 * @throws InvalidInputError for a bad spec; IoError when `out` cannot be written; the error of a game
 *   that threw (naming the level); an AbortError when `signal` stops it.
 */
export async function runPack(spec: PackSpec, options: RunPackOptions): Promise<PackReport> {
  const started = performance.now();
  const gameUrl = (options.resolveGame ?? resolveFromCwd)(spec.game);
  // The threads boot and import the game while this thread loads it and reads the spec.
  const pool = options.pool ?? new PackPool(options, gameUrl);
  let journal: Journal | undefined;
  try {
    const loaded = await loadSpecFrom(spec, gameUrl);
    try {
      await mkdir(options.out, { recursive: true });
    } catch (error) {
      throw new IoError(`cannot create ${options.out}: ${(error as Error).message}`, {
        path: options.out,
        cause: error,
      });
    }
    journal = await Journal.open(
      path.join(options.out, JOURNAL_FILE),
      loaded.spec,
      options.resume === true,
    );
    return await packOnPool(loaded, journal, pool, options, started);
  } finally {
    if (options.pool === undefined) await pool.close();
    await journal?.close();
  }
}

async function packOnPool(
  loaded: LoadedSpec,
  journal: Journal,
  pool: PackPool,
  options: RunPackOptions,
  started: number,
): Promise<PackReport> {
  const emit = options.onEvent ?? (() => undefined);
  let resumedTasks = 0;
  emit({
    event: 'start',
    pack: loaded.packId,
    game: loaded.spec.gameId,
    count: loaded.spec.count,
    workers: pool.workers,
    resumedTasks: journal.finished.size,
  });
  const source = async (index: number, from: number): Promise<LevelResult> => {
    const done = journal.finished.get(taskKey(index, from));
    if (done !== undefined) {
      resumedTasks++;
      return done;
    }
    options.signal?.throwIfAborted();
    const result = await pool.runLevel(
      { gameUrl: loaded.gameUrl, spec: loaded.spec, index, from },
      options.signal,
    );
    await journal.append(result);
    return result;
  };
  const assembled = await assemblePack(loaded.spec, source, {
    window: Math.max(64, pool.workers * 8),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    onLevel: ({ index, record, done }) => {
      const elapsedMs = performance.now() - started;
      const etaMs = (elapsedMs / done) * (loaded.spec.count - done);
      emit({
        event: 'level',
        index,
        done,
        count: loaded.spec.count,
        outcome: record.outcome.kind,
        elapsedMs: Math.round(elapsedMs),
        etaMs: Math.round(etaMs),
      });
    },
  });
  const wallMs = performance.now() - started;
  const manifest = await writePackFiles(options.out, loaded.game, loaded.spec, assembled, {
    runner: 'local',
    packId: loaded.packId,
    packages: loaded.packages,
    workers: pool.workers,
    workerMemoryMb: pool.memoryMb,
    resumedTasks,
    wallMs,
  });
  emit({
    event: 'done',
    pack: loaded.packId,
    made: manifest.counts.made,
    givenUp: manifest.counts.givenUp,
    rejected: manifest.counts.rejected,
    budgetStopped: manifest.counts.budgetStopped,
    wallMs: Math.round(wallMs),
    files: manifest.files,
  });
  return manifest;
}
