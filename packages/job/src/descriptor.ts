import type { Rng } from '@puzzlekit/rng';
import type { Budget } from './budget.js';
import type { OptionSpec, OptionValues } from './options.js';
import type { JobResult } from './result.js';

/** Plain JSON data, as a level or answer is written into a pack or a `--json` answer. */
export type JsonValue =
  null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** One level of a collection file, with its title and answer where the file gives them. */
export interface NamedLevel<L, A = unknown> {
  readonly level: L;
  readonly title?: string;
  readonly answer?: A;
}

/** A game's collection file: XSB for Sokoban, a JSON collection for the others. */
export interface CollectionFormat<L, A = unknown> {
  /** The file name extension, without a dot (`xsb`, `json`). */
  readonly extension: string;
  /**
   * Reads every level of a file.
   * @throws ParseError (line and column) or InvalidInputError (JSON path) for a bad file.
   */
  parse(text: string): readonly NamedLevel<L, A>[];
  /** Writes levels (with their answers, where the format holds them) as one file {@link parse} reads. */
  print(levels: readonly NamedLevel<L, A>[]): string;
}

/** Whether an answer is right for a level; when not, `reason` says where and what in one line. */
export type Verdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** A difficulty: `score` orders levels (higher is harder); `grade` is its word where the game has one. */
export interface Rating {
  readonly score: number;
  readonly grade?: string;
}

/** What a generator makes: a level, and the answer it was built with where it has one. */
export interface Generated<L, A> {
  readonly level: L;
  readonly answer?: A;
}

/** The defaults of a job, so that no front end restates them. */
export interface JobDefaults {
  /** The job's unit of work (`nodes`, `candidates`, `playouts`), as its outcome names it. */
  readonly unit: string;
  /** The budget a front end passes when the user sets none. */
  readonly budget: Budget;
}

/**
 * What one game can do, over the one job vocabulary: the front door through which the CLI's common
 * verbs, the pack runner and the docs reach every game alike (as every game of Simon Tatham's
 * collection fills one `struct game`). A game fills in the jobs it has; functions are pure, take plain
 * data and an `Rng` or a `Budget`, and report through {@link JobResult}.
 *
 * Every member is a method (or holds methods), so a descriptor of a game's own types is assignable to
 * {@link AnyGame} for a registry.
 */
export interface GameDescriptor<L, A, R extends Rating = Rating> {
  /** The game's short name: the CLI group (`sokoban`) and the pack's `game`. */
  readonly id: string;
  /** Its name in words (`Zero-gap Sokoban`). */
  readonly title: string;
  /** The npm package that holds it (`@puzzlekit/sokoban-zero-gap`), for pack manifests. */
  readonly packageName: string;
  /** Its collection file, where levels of the game live in files (a Magic Tower is a folder). */
  readonly format?: CollectionFormat<L, A>;
  /** A level as JSON (a pack record's `level`). */
  levelToJson(level: L): JsonValue;
  /**
   * A level from JSON.
   * @throws InvalidInputError (JSON path under `path`, default `$`) for data that is not a level.
   */
  levelFromJson(json: unknown, path?: string): L;
  /** An answer as JSON (LURD text for Sokoban, a list of moves for the others). */
  answerToJson(answer: A): JsonValue;
  /** An answer from JSON. @throws InvalidInputError for data that is not an answer. */
  answerFromJson(json: unknown, path?: string): A;
  /** A short text picture of a level for a terminal. */
  render(level: L): string;
  /** Generates one level from a stream; the same options and stream give the same level. */
  readonly generate?: JobDefaults & {
    readonly options: readonly OptionSpec[];
    run(options: OptionValues, rng: Rng, budget: Budget): JobResult<Generated<L, A>>;
  };
  /** Solves a level. */
  readonly solve?: JobDefaults & {
    readonly options: readonly OptionSpec[];
    run(level: L, budget: Budget, options: OptionValues): JobResult<A>;
  };
  /** Checks an answer by replaying it under the game's rules. */
  verify?(level: L, answer: A): Verdict;
  /** Rates how hard a level is. */
  readonly rate?: JobDefaults & {
    run(level: L, budget: Budget): JobResult<R>;
  };
}

/** A descriptor of any game, for registries. */
export type AnyGame = GameDescriptor<unknown, unknown, Rating>;

/** Names a game's descriptor with its own types inferred (an identity function). */
export function defineGame<L, A, R extends Rating = Rating>(
  game: GameDescriptor<L, A, R>,
): GameDescriptor<L, A, R> {
  return game;
}
