import type { Command } from 'commander';
import type { Context } from '../context.js';

/** One section of `puzzlekit demo`: a title, the human text, and the same result as data for --json. */
export interface DemoSection {
  readonly title: string;
  readonly text: string;
  readonly data: unknown;
}

/** How a game plugs into the CLI: its subcommands and its part of the showcase. */
export interface GameModule {
  /** Adds the game's command group (for example `puzzlekit sokoban …`) to the program. */
  register(program: Command, ctx: Context): void;
  /** Generates, solves and rates something real for `puzzlekit demo`. */
  demo(ctx: Context): Promise<DemoSection> | DemoSection;
}
