import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import type { AnyGame } from '@puzzlekit/job';

/**
 * Turns a game's module specifier into the URL a worker imports. The default resolves a package name
 * from the current directory (the pack package itself depends on no game); a CLI passes its own
 * `(name) => import.meta.resolve(name)` so the game resolves as the CLI's own import does.
 */
export type ResolveGame = (specifier: string) => string;

/** File URLs and absolute paths as they are; package names from the current directory. */
export const resolveFromCwd: ResolveGame = (specifier) => {
  if (specifier.startsWith('file:')) return specifier;
  if (path.isAbsolute(specifier)) return pathToFileURL(specifier).href;
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  return pathToFileURL(require.resolve(specifier)).href;
};

const loaded = new Map<string, Promise<AnyGame>>();
let tsxRegistered = false;

/**
 * Imports a module; a TypeScript module (a test's game, a studio's sources) that Node cannot load by
 * itself is loaded again after registering tsx's loader in this thread (tsx must be installed).
 */
async function importModule(url: string): Promise<{ game?: unknown }> {
  try {
    return (await import(url)) as { game?: unknown };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_FILE_EXTENSION' || tsxRegistered) {
      throw error;
    }
    const api = (await import('tsx/esm/api')) as { register: () => unknown };
    api.register();
    tsxRegistered = true;
    // Node keeps the failed load of this URL: load it under a URL of its own.
    return (await import(`${url}${url.includes('?') ? '&' : '?'}tsx`)) as { game?: unknown };
  }
}

function isGame(value: unknown): value is AnyGame {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { levelToJson?: unknown }).levelToJson === 'function'
  );
}

/**
 * Imports the module at `url` and returns its `game` export, once per thread (a pool thread starts
 * this as it boots, so the import overlaps the main thread's work).
 *
 * @throws InvalidInputError (code `INVALID_GAME`) when the module exports no descriptor named `game`.
 */
export function importGame(url: string): Promise<AnyGame> {
  let pending = loaded.get(url);
  if (pending === undefined) {
    pending = importModule(url).then((mod) => {
      if (!isGame(mod.game)) {
        throw new InvalidInputError(`${quoteInput(url)} exports no game descriptor named game`, {
          code: 'INVALID_GAME',
        });
      }
      return mod.game;
    });
    // A failed import is reported by the task that awaits it, not as an unhandled rejection.
    pending.catch(() => undefined);
    loaded.set(url, pending);
  }
  return pending;
}

/**
 * Imports the module at `url` and returns its `game` export (once per thread).
 *
 * @throws InvalidInputError (code `INVALID_GAME`) when the module exports no descriptor named `game`,
 *   or its id is not `gameId`.
 */
export async function loadGame(url: string, gameId: string): Promise<AnyGame> {
  const game = await importGame(url);
  if (game.id !== gameId) {
    throw new InvalidInputError(
      `${quoteInput(url)} exports game ${quoteInput(game.id)}, not ${quoteInput(gameId)}`,
      { code: 'INVALID_GAME' },
    );
  }
  return game;
}

/** The version in the nearest package.json above a module (for manifests), or null. */
export async function packageVersionOf(
  url: string,
): Promise<{ name: string; version: string } | null> {
  if (!url.startsWith('file:')) return null;
  let dir = path.dirname(fileURLToPath(url));
  for (;;) {
    try {
      const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (typeof pkg.name === 'string' && typeof pkg.version === 'string') {
        return { name: pkg.name, version: pkg.version };
      }
    } catch {
      // No package.json here: look one folder up.
    }
    const up = path.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}
