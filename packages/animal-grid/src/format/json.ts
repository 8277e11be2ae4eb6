/** Shared JSON reading helpers (syntax errors with line and column, JSON paths in errors). Internal. */
import { InvalidInputError, ParseError, parseJson, quoteInput } from '@puzzlekit/errors';

/**
 * `parseJson` from `@puzzlekit/errors`: a ParseError with line and column on a syntax error, a leading
 * byte-order mark allowed, and nesting deeper than 256 levels refused before anything is built. Its
 * reason can quote the offending character raw (a NUL, an escape); that one is escaped here.
 */
export function parseJsonText(text: string, source?: string): unknown {
  try {
    return parseJson(text, source);
  } catch (error) {
    if (!(error instanceof ParseError) || !hasControl(error.reason)) throw error;
    throw new ParseError(quoteInput(error.reason, 200).slice(1, -1).replace(/\\'/g, "'"), {
      line: error.line,
      column: error.column,
      code: error.code,
      ...(error.source === undefined ? {} : { source: error.source }),
    });
  }
}

function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20) return true;
  return false;
}

/** Throws an InvalidInputError at `path`. */
export function invalid(path: string, reason: string): never {
  throw new InvalidInputError(reason, { path });
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A value in a few words for an error message. Never walks into arrays or objects (so any nesting
 * depth is safe) and quotes strings cut and escaped (so a NUL or a 1 MB name is not echoed raw).
 */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return quoteInput(v, 40);
  if (typeof v === 'object') return 'an object';
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : typeof v;
}

/** `path` extended by an object key: `.key` for plain names, `["…"]` (cut, escaped) otherwise. */
export function keyPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]{0,39}$/.test(key) ? `${path}.${key}` : `${path}[${quoteInput(key, 40)}]`;
}

/** The own value of `key`, never one inherited from `Object.prototype` (`constructor`, `toString`). */
export function own(o: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined;
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
      invalid(
        keyPath(path, k),
        `unexpected key ${quoteInput(k, 40)} (allowed: ${keys.join(', ')})`,
      );
  }
}

/**
 * Runs a validator written for a document root (`$…` paths) on a value found at `path`, so its errors
 * name the value's place in the enclosing document (`$.puzzles[3].puzzle.animals`).
 */
export function underPath<T>(path: string, validate: () => T): T {
  try {
    return validate();
  } catch (e) {
    if (!(e instanceof InvalidInputError) || e.path === undefined || path === '$') throw e;
    throw new InvalidInputError(e.reason, {
      path: e.path.startsWith('$') ? path + e.path.slice(1) : path,
      code: e.code,
    });
  }
}

/** One item of a collection file: its object, its JSON path, and its name (default: its number). */
export interface CollectionItem {
  readonly item: Record<string, unknown>;
  readonly path: string;
  readonly name: string;
}

/**
 * Reads the list of a collection file, `{"<key>": [ {…}, … ]}`: at most `max` items, each an object
 * with only `itemKeys` and an optional `name` of at most 200 characters.
 */
export function collectionItems(
  value: unknown,
  key: string,
  max: number,
  itemKeys: readonly string[],
): CollectionItem[] {
  const root = expectObject(value, '$');
  onlyKeys(root, '$', [key]);
  const list = expectArray(own(root, key), `$.${key}`);
  if (list.length > max) invalid(`$.${key}`, `at most ${max} items, got ${list.length}`);
  return list.map((raw, i) => {
    const path = `$.${key}[${i}]`;
    const item = expectObject(raw, path);
    onlyKeys(item, path, ['name', ...itemKeys]);
    // Only an absent name takes the default: null is a wrong name, as the JSON Schema says.
    const given = own(item, 'name');
    const name = given === undefined ? String(i + 1) : given;
    if (typeof name !== 'string' || codePoints(name) > 200)
      invalid(`${path}.name`, 'expected a name of at most 200 characters');
    return { item, path, name };
  });
}

/** Characters of a string as JSON Schema's `maxLength` counts them: code points, not UTF-16 units. */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
