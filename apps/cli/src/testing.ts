import { readFile } from 'node:fs/promises';
import { run } from './program.js';
import type { Io } from './io.js';
import type { GameEntry } from './games/types.js';

/** What one CLI run printed and returned; used by the CLI's tests. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the CLI in-process with a fake I/O: `files` is an in-memory file system (paths as given on the
 * command line) that reads look in first, falling back to the real disk (so fixtures can be read);
 * files the command writes go only to the in-memory map and appear in it afterwards. `registry`
 * replaces the games (tests of the common verbs pass a game of their own).
 */
export async function runCli(
  argv: readonly string[],
  files: Record<string, string> = {},
  registry?: readonly GameEntry[],
): Promise<CliResult & { files: Record<string, string> }> {
  let stdout = '';
  let stderr = '';
  const fs = { ...files };
  const io: Io = {
    writeOut: (t) => void (stdout += t),
    writeErr: (t) => void (stderr += t),
    stderrIsTTY: false,
    readText: (path) => {
      const text = fs[path];
      return text === undefined ? readFile(path, 'utf8') : Promise.resolve(text);
    },
    writeText: (path, text) => {
      fs[path] = text;
      return Promise.resolve();
    },
  };
  const code = await run(argv, io, registry);
  return { code, stdout, stderr, files: fs };
}
