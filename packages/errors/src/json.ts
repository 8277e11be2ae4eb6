import { ParseError, positionAt } from './index.js';
import { quoteInput } from './quote.js';

/** Where and why a JSON text is malformed. */
export interface JsonProblem {
  /** Offset (UTF-16 code units) of the first character that cannot be read. */
  readonly offset: number;
  /** What is wrong there, in words. */
  readonly reason: string;
}

/**
 * Finds the first syntax error of a JSON text: a small recursive-descent scanner (iterative depth is
 * capped) used after `JSON.parse` failed, because Node 20's messages often carry no position.
 * Returns `null` for valid JSON.
 */
export function locateJsonError(text: string): JsonProblem | null {
  let i = 0;
  const n = text.length;
  class Stop extends Error {
    constructor(
      readonly offset: number,
      readonly reason: string,
    ) {
      super(reason);
    }
  }
  const fail = (reason: string, at = i): never => {
    throw new Stop(at, reason);
  };
  const ws = (): void => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r'))
      i++;
  };
  // The offending character is quoted escaped: a NUL or a terminal escape never reaches the screen.
  const describe = (): string => (i >= n ? 'end of input' : quoteInput(text[i] ?? ''));
  const str = (): void => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 32) fail('control character inside a string');
      if (c === 92) {
        const e = text[i + 1] ?? '';
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape');
          i += 6;
        } else if (e !== '' && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(`bad escape '\\${e}'`);
      } else i++;
    }
    fail('unterminated string');
  };
  const num = (): void => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m === null || m[0] === '' || m[0] === '-') fail(`unexpected ${describe()}`);
    else i += m[0].length;
  };
  const value = (depth: number): void => {
    if (depth > 4000) fail('nested too deeply');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail(`expected a property name in double quotes, found ${describe()}`);
        str();
        ws();
        if (text[i] !== ':') fail(`expected ':' after a property name, found ${describe()}`);
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail(`expected ',' or '}' in an object, found ${describe()}`);
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail(`expected ',' or ']' in an array, found ${describe()}`);
      }
    } else if (c === '"') str();
    else if (c === 't' || c === 'f' || c === 'n') {
      const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null';
      if (text.startsWith(word, i)) i += word.length;
      else fail(`unexpected ${describe()}`);
    } else num();
  };
  try {
    value(0);
    ws();
    if (i < n) fail(`unexpected ${describe()} after the JSON value`);
    return null;
  } catch (error) {
    if (error instanceof Stop) return { offset: error.offset, reason: error.reason };
    throw error;
  }
}

/**
 * How deeply arrays and objects may nest in untrusted JSON by default. No puzzlekit format needs more
 * than a handful of levels; the cap keeps every recursive walk over parsed input far from the stack's
 * limit.
 */
export const MAX_JSON_DEPTH = 256;

/** Options of {@link parseJson}. */
export interface ParseJsonOptions {
  /** Deepest nesting of arrays and objects accepted (default {@link MAX_JSON_DEPTH}). */
  readonly maxDepth?: number;
}

/**
 * Offset of the first `[` or `{` that opens a level deeper than `maxDepth`, or -1. A linear scan that
 * skips strings; it runs before `JSON.parse`, so nothing deeper is ever built.
 */
function tooDeepAt(text: string, maxDepth: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Skip a string: its brackets are text. An unterminated string is JSON.parse's to report.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > maxDepth) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return -1;
}

/**
 * `JSON.parse` for untrusted text: a leading byte-order mark is allowed, nesting deeper than
 * `options.maxDepth` is refused before parsing, and a syntax error becomes a {@link ParseError} with the
 * line, column and reason of the first bad character.
 *
 * @param text - The JSON text.
 * @param source - File or input name for the error message.
 * @param options - Limits.
 */
export function parseJson(text: string, source?: string, options: ParseJsonOptions = {}): unknown {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = bom ? text.slice(1) : text;
  const where = source === undefined ? {} : { source };
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const deep = tooDeepAt(body, maxDepth);
  if (deep >= 0) {
    const { line, column } = positionAt(text, deep + bom);
    throw new ParseError(`JSON nested deeper than ${maxDepth} levels`, {
      line,
      column,
      code: 'TOO_DEEP',
      ...where,
    });
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    const problem = locateJsonError(body) ?? { offset: body.length, reason: 'not valid JSON' };
    const { line, column } = positionAt(text, problem.offset + bom);
    throw new ParseError(`invalid JSON: ${problem.reason}`, { line, column, ...where });
  }
}
