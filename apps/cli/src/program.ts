import { Command, CommanderError } from 'commander';
import { isPuzzlekitError } from '@puzzlekit/errors';
import { CommandFailure, Context, UsageError } from './context.js';
import type { Io } from './io.js';
import { games } from './games/index.js';
import { isPlugin, type GameEntry } from './games/types.js';
import { registerCommonVerbs } from './common/verbs.js';
import { registerDemo } from './demo.js';
import { registerPack } from './pack.js';
import { registerSolveAll } from './common/solve-all.js';

/** The version printed by --version (kept in step with package.json by the release process). */
export const VERSION = '0.1.0';

/**
 * Exit codes: 0 done, 1 the work failed or the input file is wrong, 2 the command was called wrongly
 * (a usage mistake).
 */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/**
 * Adds one game's command group: the common verbs from its descriptor, then the verbs only it has.
 */
function registerGame(program: Command, ctx: Context, entry: GameEntry): void {
  if (!isPlugin(entry)) {
    entry.register(program, ctx);
    return;
  }
  const group = program.command(entry.game.id).description(entry.description ?? entry.game.title);
  registerCommonVerbs(group, ctx, entry.game, entry.replaces, entry.collectionFormats);
  registerSolveAll(group, ctx, entry);
  entry.registerOwn?.(group, ctx);
}

function buildProgram(ctx: Context, registry: readonly GameEntry[]): Command {
  const program = new Command('puzzlekit')
    .description('Generate, solve, verify and rate puzzle-game levels.')
    .version(VERSION, '-V, --version')
    .option('--json', 'print only JSON on stdout')
    .option('--debug', 'print stack traces on errors')
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => ctx.io.writeOut(s),
      writeErr: (s) => ctx.io.writeErr(s),
      // Commander prints usage errors itself; we print them as one line in run().
      outputError: () => undefined,
    })
    .exitOverride();
  program.hook('preAction', (_root, action) => {
    const opts = action.optsWithGlobals<{ json?: boolean; debug?: boolean }>();
    ctx.json = Boolean(opts.json);
    ctx.debug = Boolean(opts.debug);
  });
  registerDemo(program, ctx, registry);
  for (const entry of registry) registerGame(program, ctx, entry);
  registerPack(program, ctx, registry);
  // Every subcommand inherits the output settings and exits through run().
  const inherit = (cmd: Command): void => {
    for (const sub of cmd.commands) {
      sub.exitOverride().configureOutput({
        writeOut: (s) => ctx.io.writeOut(s),
        writeErr: (s) => ctx.io.writeErr(s),
        outputError: () => undefined,
      });
      sub.showSuggestionAfterError(true);
      inherit(sub);
    }
  };
  inherit(program);
  return program;
}

/**
 * Commander's usage message as one line: its own "error: " prefix dropped, the "(Did you mean …?)"
 * suggestion kept on the same line, and where to find the usage.
 */
function oneLineUsageError(message: string): string {
  const text = message
    .replace(/^error: /, '')
    .split('\n')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  return `${text} (see 'puzzlekit --help')`;
}

/**
 * Runs the CLI on `argv` (without node and the script path) over a registry of games (every game by
 * default; tests pass their own) and returns the exit code. Never throws: every error becomes one
 * clear line on stderr (with its stack only under --debug).
 */
export async function run(
  argv: readonly string[],
  io: Io,
  registry: readonly GameEntry[] = games,
): Promise<number> {
  const ctx = new Context(io);
  const debug = argv.includes('--debug');
  const program = buildProgram(ctx, registry);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help, --version and `help`: the user asked for it.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version')
        return EXIT.ok;
      // A command group called without its command: commander has printed the group's help on
      // stderr; nothing was done, so it is a usage mistake.
      if (error.code === 'commander.help') return EXIT.usage;
      io.writeErr(`puzzlekit: ${oneLineUsageError(error.message)}\n`);
      return EXIT.usage;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.writeErr(`puzzlekit: ${message}\n`);
    if (debug && error instanceof Error && error.stack) io.writeErr(`${error.stack}\n`);
    if (error instanceof UsageError) return EXIT.usage;
    if (error instanceof CommandFailure || isPuzzlekitError(error)) return EXIT.failure;
    if (!debug) io.writeErr(`(an unexpected error; run again with --debug for the stack trace)\n`);
    return EXIT.failure;
  }
}
