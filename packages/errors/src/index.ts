/**
 * The error base every puzzlekit package builds on. One class, so callers can write
 * `if (isPuzzlekitError(e))` whatever package threw, and a stable machine-readable `code`
 * so programs never have to match on message text.
 *
 * @packageDocumentation
 */

const BRAND = Symbol.for('puzzlekit.error');

/** Options shared by every puzzlekit error. */
export interface PuzzlekitErrorOptions {
  /** The lower-level error that caused this one, if any. */
  readonly cause?: unknown;
}

/**
 * Base class of every error a puzzlekit package throws on purpose.
 * `code` is stable across versions (for example `PARSE_ERROR`, `INVALID_LEVEL`, `BUDGET`).
 */
export class PuzzlekitError extends Error {
  /** Stable, machine-readable error code. */
  readonly code: string;

  constructor(code: string, message: string, options: PuzzlekitErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.name = new.target.name;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/**
 * True for any error thrown by a puzzlekit package, even when two copies of this package are
 * installed (the check uses a global symbol brand, not `instanceof`).
 */
export function isPuzzlekitError(value: unknown): value is PuzzlekitError {
  return typeof value === 'object' && value !== null && BRAND in value;
}

/** Where in a text input something is: 1-based line and column. */
export interface TextPosition {
  /** 1-based line number. */
  readonly line: number;
  /** 1-based column number (in UTF-16 code units, as editors count for BMP text). */
  readonly column: number;
}

/** Options of {@link ParseError}. */
export interface ParseErrorOptions extends PuzzlekitErrorOptions {
  /** 1-based line of the problem. */
  readonly line: number;
  /** 1-based column of the problem. */
  readonly column: number;
  /** Name of the file or input, shown before the position. */
  readonly source?: string;
  /** Error code; defaults to `PARSE_ERROR`. */
  readonly code?: string;
}

/**
 * A text input could not be read. The message reads `source:line:column: what`, and the position is
 * also available as fields for editors and tests.
 */
export class ParseError extends PuzzlekitError {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  /** File or input name, if known. */
  readonly source: string | undefined;
  /** The message without the position prefix. */
  readonly reason: string;

  constructor(reason: string, options: ParseErrorOptions) {
    const where = `${options.source ?? 'input'}:${options.line}:${options.column}`;
    super(options.code ?? 'PARSE_ERROR', `${where}: ${reason}`, options);
    this.line = options.line;
    this.column = options.column;
    this.source = options.source;
    this.reason = reason;
  }
}

/** Options of {@link InvalidInputError}. */
export interface InvalidInputErrorOptions extends PuzzlekitErrorOptions {
  /** Where in structured input the problem is, as a JSON path such as `$.constraints[2].animal`. */
  readonly path?: string;
  /** Error code; defaults to `INVALID_INPUT`. */
  readonly code?: string;
}

/**
 * Structured input (JSON, options, a game state) is well-formed but not acceptable: a value out of
 * range, a contradiction, an unknown name. `path` says where.
 */
export class InvalidInputError extends PuzzlekitError {
  /** JSON path of the offending value, if the input is structured. */
  readonly path: string | undefined;
  /** The message without the path prefix. */
  readonly reason: string;

  constructor(reason: string, options: InvalidInputErrorOptions = {}) {
    super(
      options.code ?? 'INVALID_INPUT',
      options.path === undefined ? reason : `${options.path}: ${reason}`,
      options,
    );
    this.path = options.path;
    this.reason = reason;
  }
}

/**
 * Converts a character offset in `text` to a 1-based line and column (lines end at `\n`;
 * a `\r` before it belongs to the line ending).
 */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(Math.max(offset, 0), text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * A generator could not produce what was asked within its rules and attempts (for example no scramble
 * reached the minimum distance, or every attempt got stuck). One class for every game's generator.
 */
export class GenerationError extends PuzzlekitError {
  constructor(message: string, options: PuzzlekitErrorOptions = {}) {
    super('GENERATION_FAILED', message, options);
  }
}

/** Options of {@link IoError}. */
export interface IoErrorOptions extends PuzzlekitErrorOptions {
  /** The file or folder involved. */
  readonly path?: string;
}

/**
 * Reading or writing a file failed (missing folder, a folder where a file was expected, disk full,
 * no permission). The message names the path and the system's reason; `code` is `IO_ERROR`.
 */
export class IoError extends PuzzlekitError {
  /** The file or folder involved, if known. */
  readonly path: string | undefined;

  constructor(message: string, options: IoErrorOptions = {}) {
    super('IO_ERROR', message, options);
    this.path = options.path;
  }
}

export {
  MAX_JSON_DEPTH,
  locateJsonError,
  parseJson,
  type JsonProblem,
  type ParseJsonOptions,
} from './json.js';

export { MAX_QUOTED_CHARS, quoteInput, stripBom } from './quote.js';
