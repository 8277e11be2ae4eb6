import { InvalidInputError, ParseError, positionAt } from '@puzzlekit/errors';

/** Parses JSON text; a syntax error becomes a {@link ParseError} with line and column. */
export function parseJsonText(text: string, source?: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const found = locateJsonError(text);
    const at = found < 0 ? 0 : found;
    const { line, column } = positionAt(text, at);
    const reason =
      at >= text.length
        ? 'unexpected end of input'
        : `unexpected character ${JSON.stringify(text[at])}`;
    throw new ParseError(`invalid JSON: ${reason}`, {
      line,
      column,
      ...(source === undefined ? {} : { source }),
    });
  }
}

/**
 * The offset of the first JSON syntax error in `text` (a small recursive-descent scan; used only
 * after JSON.parse failed, because Node 20's messages carry no position). -1 when the text is valid.
 */
export function locateJsonError(text: string): number {
  let i = 0;
  const n = text.length;
  class Stop extends Error {
    constructor(readonly at: number) {
      super('json');
    }
  }
  const ws = (): void => {
    while (i < n && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const lit = (word: string): void => {
    for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) throw new Stop(i);
  };
  const string = (): void => {
    i++;
    while (true) {
      if (i >= n) throw new Stop(i);
      const ch = text.charCodeAt(i);
      if (ch === 34) {
        i++;
        return;
      }
      if (ch < 32) throw new Stop(i);
      if (ch === 92) {
        i++;
        const e = text[i];
        if (e === 'u') {
          for (let k = 1; k <= 4; k++)
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) throw new Stop(i + k);
          i += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else throw new Stop(i);
      } else i++;
    }
  };
  const number = (): void => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0].length === 0 || m[0] === '-') throw new Stop(i + (m?.[0].length ?? 0));
    i += m[0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      while (true) {
        ws();
        if (text[i] !== '"') throw new Stop(i);
        string();
        ws();
        if (text[i] !== ':') throw new Stop(i);
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else throw new Stop(i);
      }
    } else if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      while (true) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else throw new Stop(i);
      }
    } else if (ch === '"') string();
    else if (ch === 't') lit('true');
    else if (ch === 'f') lit('false');
    else if (ch === 'n') lit('null');
    else if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) number();
    else throw new Stop(i);
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    value();
    ws();
    return i < n ? i : -1;
  } catch (e) {
    if (e instanceof Stop) return e.at;
    throw e;
  }
}

/** Throws an {@link InvalidInputError} at `path`. */
export function fail(path: string, reason: string, code = 'INVALID_LEVEL'): never {
  throw new InvalidInputError(reason, { path, code });
}

/** Narrows to a plain object or fails. */
export function obj(value: unknown, path: string, code?: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(path, `expected an object, got ${describe(value)}`, code);
  return value as Record<string, unknown>;
}

/** Narrows to an array or fails. */
export function arr(value: unknown, path: string, code?: string): readonly unknown[] {
  if (!Array.isArray(value)) fail(path, `expected an array, got ${describe(value)}`, code);
  return value as unknown[];
}

/** A finite number or fails. */
export function num(value: unknown, path: string, code?: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    fail(path, `expected a finite number, got ${describe(value)}`, code);
  return value;
}

/** An integer in lo..hi or fails. */
export function int(value: unknown, path: string, lo: number, hi: number, code?: string): number {
  const n = num(value, path, code);
  if (!Number.isInteger(n) || n < lo || n > hi)
    fail(path, `expected an integer in ${lo}..${hi}, got ${n}`, code);
  return n;
}

/** A non-empty string or fails. */
export function str(value: unknown, path: string, code?: string): string {
  if (typeof value !== 'string' || value.length === 0)
    fail(path, `expected a non-empty string, got ${describe(value)}`, code);
  return value;
}

/** Rejects keys other than `allowed`. */
export function onlyKeys(
  o: Record<string, unknown>,
  allowed: readonly string[],
  path: string,
  code?: string,
): void {
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key))
      fail(`${path}.${key}`, `unknown field '${key}' (allowed: ${allowed.join(', ')})`, code);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  return value === undefined ? 'nothing' : 'an object';
}
