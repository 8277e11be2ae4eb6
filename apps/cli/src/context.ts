import { SingleBar } from 'cli-progress';
import { IoError, PuzzlekitError, stripBom } from '@puzzlekit/errors';
import { parseSeed, type Seed } from '@puzzlekit/rng';
import type { Io } from './io.js';

/** A mistake in how the command was called (exit code 2), as opposed to a failure doing the work (1). */
export class UsageError extends PuzzlekitError {
  constructor(message: string) {
    super('USAGE', message);
  }
}

/** A command ran correctly but the answer is "no" (not solved, not valid): exit code 1, no stack. */
export class CommandFailure extends PuzzlekitError {
  constructor(message: string) {
    super('FAILED', message);
  }
}

/** Output this long (in characters) is announced before it is written. */
const LARGE_OUTPUT_CHARS = 10_000_000;

/** A progress reporter; a no-op unless stderr is a terminal and --json is off. */
export interface Progress {
  update(done: number, total?: number): void;
  stop(): void;
}

/**
 * Everything a command needs besides its own arguments: the global switches and the I/O helpers that
 * keep stdout clean (only the result goes there; with --json only JSON goes there).
 */
export class Context {
  json = false;
  debug = false;

  constructor(readonly io: Io) {}

  /** Prints the result: `data` as JSON with --json, otherwise the text `human()` makes. */
  output(data: unknown, human: () => string): void {
    if (this.json) this.io.writeOut(`${JSON.stringify(data, null, 2)}\n`);
    else {
      const text = human();
      this.io.writeOut(text.endsWith('\n') ? text : `${text}\n`);
    }
  }

  /** A line of human-facing information on stderr (never pollutes stdout). */
  info(text: string): void {
    if (!this.json || this.io.stderrIsTTY) this.io.writeErr(`${text}\n`);
  }

  /**
   * Reads a text file (a leading UTF-8 byte-order mark is dropped). Any failure, a missing file
   * included, is an {@link IoError} naming the path: exit code 1, the work could not be done.
   */
  async readText(path: string): Promise<string> {
    try {
      return stripBom(await this.io.readText(path));
    } catch (error) {
      throw new IoError(`cannot read ${path}: ${systemReason(error)}`, { path, cause: error });
    }
  }

  /**
   * Writes a text file; a missing folder, a folder in the way, a full disk or no permission is an
   * {@link IoError} naming the path (exit code 1), never an unexpected error.
   */
  async writeText(path: string, text: string): Promise<void> {
    try {
      await this.io.writeText(path, text);
    } catch (error) {
      throw new IoError(`cannot write ${path}: ${systemReason(error)}`, { path, cause: error });
    }
  }

  /**
   * One machine-readable event (progress, a level done) as a line of JSON on stderr, under --json
   * only: scripts follow a long command this way while stdout keeps the one answer.
   */
  event(data: Readonly<Record<string, unknown>>): void {
    if (this.json) this.io.writeErr(`${JSON.stringify(data)}\n`);
  }

  /**
   * Writes a command's whole output: to `out` instead of stdout when given (a note on stderr says
   * where), else to stdout.
   */
  async emit(text: string, out: string | undefined, what: string): Promise<void> {
    const body = text.endsWith('\n') || text === '' ? text : `${text}\n`;
    if (out === undefined) {
      this.io.writeOut(body);
      return;
    }
    // A big file takes seconds to write: say so first, so a finished bar is not followed by silence.
    if (body.length >= LARGE_OUTPUT_CHARS)
      this.info(`writing ${(body.length / 1e6).toFixed(0)} MB to ${out} …`);
    await this.writeText(out, body);
    this.info(`wrote ${what} to ${out}`);
  }

  /** A progress bar on stderr when it is a terminal and --json is off; otherwise calls do nothing. */
  progress(label: string, total: number): Progress {
    if (!this.io.stderrIsTTY || this.json)
      return { update: () => undefined, stop: () => undefined };
    const bar = new SingleBar({
      format: `${label} [{bar}] {percentage}% {value}/{total} {eta_formatted}`,
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: true,
    });
    bar.start(total, 0);
    return {
      update: (done, newTotal) => {
        if (newTotal !== undefined) bar.setTotal(newTotal);
        bar.update(done);
      },
      stop: () => bar.stop(),
    };
  }
}

/** Parses a whole-number option, with a usage error naming the option when it is not one. */
export function intOption(
  name: string,
  value: string,
  min = Number.MIN_SAFE_INTEGER,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${name} must be a whole number in ${min}..${max}, got '${value}'`);
  }
  return n;
}

/** Parses a number option (decimals allowed). */
export function numberOption(name: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n))
    throw new UsageError(`${name} must be a number, got '${value}'`);
  return n;
}

/** Parses a choice among fixed words. */
export function choiceOption<T extends string>(
  name: string,
  value: string,
  choices: readonly T[],
): T {
  if (!(choices as readonly string[]).includes(value)) {
    throw new UsageError(`${name} must be one of ${choices.join(', ')}, got '${value}'`);
  }
  return value as T;
}

/**
 * Reads `--seed`: every command reads it through {@link parseSeed}, so `--seed 1` is the same stream
 * (the number 1) in every game, and any other text is a text seed.
 */
export function seedOption(value: string): Seed {
  return parseSeed(value);
}

/**
 * Reads `--max-ms`, the wall-clock budget every long-running command takes: a whole number of
 * milliseconds from 1 to 24 hours.
 */
export function maxMsOption(value: string): number {
  return intOption('--max-ms', value, 1, 86_400_000);
}

/** The system's short reason for a failed file operation ("no such file or directory", ...). */
function systemReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const reasons: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EISDIR: 'it is a directory',
    ENOTDIR: 'a part of the path is not a directory',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    ENOSPC: 'no space left on the device',
    EROFS: 'read-only file system',
  };
  if (typeof code === 'string' && Object.hasOwn(reasons, code)) return reasons[code]!;
  return error instanceof Error ? error.message : String(error);
}
