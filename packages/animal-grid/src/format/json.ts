/** Shared JSON reading helpers (syntax errors with line and column). Internal. */
import { InvalidInputError, parseJson } from '@puzzlekit/errors';

/** JSON.parse with a ParseError carrying line and column on a syntax error (shared parser). */
export const parseJsonText: (text: string, source?: string) => unknown = parseJson;

/** Throws an InvalidInputError at `path`. */
export function invalid(path: string, reason: string): never {
  throw new InvalidInputError(reason, { path });
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `"${v.length > 40 ? v.slice(0, 40) + '…' : v}"`;
  if (typeof v === 'object') return 'an object';
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : typeof v;
}

export function expectObject(v: unknown, path: string): Record<string, unknown> {
  if (!isObject(v)) invalid(path, `expected an object, got ${describe(v)}`);
  return v;
}

export function expectArray(v: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(v)) invalid(path, `expected an array, got ${describe(v)}`);
  return v as readonly unknown[];
}

export function expectInt(v: unknown, path: string, lo: number, hi: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) {
    invalid(path, `expected an integer from ${lo} to ${hi}, got ${describe(v)}`);
  }
  return v;
}

export function expectNumber(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v))
    invalid(path, `expected a number, got ${describe(v)}`);
  return v;
}

export function expectChoice<T extends string>(
  v: unknown,
  path: string,
  choices: readonly T[],
  what: string,
): T {
  if (typeof v !== 'string' || !(choices as readonly string[]).includes(v)) {
    invalid(path, `unknown ${what} ${describe(v)} (expected one of ${choices.join(', ')})`);
  }
  return v as T;
}

export function onlyKeys(o: Record<string, unknown>, path: string, keys: readonly string[]): void {
  for (const k of Object.keys(o)) {
    if (!keys.includes(k))
      invalid(`${path}.${k}`, `unexpected key "${k}" (allowed: ${keys.join(', ')})`);
  }
}
