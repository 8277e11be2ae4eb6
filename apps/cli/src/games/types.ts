import type { Command } from 'commander';
import type { AnyGame, NamedLevel } from '@puzzlekit/job';
import type { Context } from '../context.js';

/** One section of `puzzlekit demo`: a title, the human text, and the same result as data for --json. */
export interface DemoSection {
  readonly title: string;
  readonly text: string;
  readonly data: unknown;
}

/**
 * How a game plugs into the CLI: its descriptor (from which the common verbs `generate`, `solve`,
 * `verify` and `rate` are made, once for every game), the verbs only this game has, and its part of
 * the showcase.
 */
export interface GamePlugin {
  /** The game's descriptor, exported by its package as `game`. */
  readonly game: AnyGame;
  /**
   * The module a pack's worker threads import the descriptor from (default: the game's package;
   * a subpath such as `@puzzlekit/animal-grid/garden` for a game that lives in one).
   */
  readonly module?: string;
  /** The group's line in `puzzlekit --help` (default: the game's title). */
  readonly description?: string;
  /**
   * Common verbs the game provides itself under the same name (Magic Tower's `solve` reads a tower
   * folder, not a level file); the descriptor's job still serves the pack runner.
   */
  readonly replaces?: readonly CommonVerb[];
  /**
   * Collection files the game also writes besides its own format (`generate --format slc`): a name
   * and the printer of generated levels with their answers.
   */
  readonly collectionFormats?: Readonly<
    Record<string, (levels: readonly NamedLevel<unknown, unknown>[]) => string>
  >;
  /** Adds the verbs only this game has (for example `sokoban optimize`) to its command group. */
  registerOwn?(group: Command, ctx: Context): void;
  /** Generates, solves and rates something real for `puzzlekit demo`. */
  demo?(ctx: Context): Promise<DemoSection> | DemoSection;
}

/**
 * A game whose package has not moved to the descriptor yet: it registers its whole command group
 * itself. Goes away as each game's descriptor lands.
 */
export interface LegacyGameModule {
  register(program: Command, ctx: Context): void;
  demo(ctx: Context): Promise<DemoSection> | DemoSection;
}

/** The verbs written once for every game. */
export type CommonVerb = 'generate' | 'solve' | 'verify' | 'rate';

/** An entry of the CLI's registry of games. */
export type GameEntry = GamePlugin | LegacyGameModule;

/** True for a game that plugs in through its descriptor. */
export function isPlugin(entry: GameEntry): entry is GamePlugin {
  return 'game' in entry;
}
