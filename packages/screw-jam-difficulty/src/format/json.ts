import { InvalidInputError, parseJson, quoteInput } from '@puzzlekit/errors';

/** Parses JSON text; a syntax error becomes a {@link ParseError} with line and column (shared parser). */
export const parseJsonText: (text: string, source?: string) => unknown = parseJson;

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
      fail(
        keyPath(path, key),
        `unknown field ${quoteInput(key)} (allowed: ${allowed.join(', ')})`,
        code,
      );
  }
}

/** The JSON path of `key` under `path`: `$.a` for a plain name, else `$["…"]` (cut and escaped). */
export function keyPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]{0,59}$/.test(key)
    ? `${path}.${key}`
    : `${path}[${JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}…` : key)}]`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${quoteInput(value, 20)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  return value === undefined ? 'nothing' : 'an object';
}
