import { createHash } from 'node:crypto';
import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import { budgetValue, readOptions, type AnyGame, type OptionValues } from '@puzzlekit/job';
import type { Seed } from '@puzzlekit/rng';

/** The bounds of one job of a level: work units decide; `maxMs` only stops a job early, and says so. */
export interface JobBudget {
  readonly maxWork?: number;
  readonly maxMs?: number;
}

/** The budget of each job of one level; a job without one runs on the game's default budget. */
export interface LevelBudgets {
  readonly generate?: JobBudget;
  readonly solve?: JobBudget;
  readonly rate?: JobBudget;
}

/** How the finished pack is ordered: by index, or by rating (easiest first, unrated last). */
export type PackSort = 'index' | 'difficulty';

/** Default number of candidates tried for one level before the level is given up. */
export const DEFAULT_MAX_CANDIDATES = 8;

/** What a pack is: everything its bytes depend on, and nothing else. */
export interface PackSpec {
  /**
   * The module that exports the game's descriptor as `game`: a package name
   * (`@puzzlekit/link-layout`), a file URL or an absolute path.
   */
  readonly game: string;
  /** The descriptor's `id` (`link`): checked against the module's `game.id`. */
  readonly gameId: string;
  /** The generator's option values (read with `readOptions` against `game.generate.options`). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Number of levels. */
  readonly count: number;
  /**
   * The index of the first level (default 0): a shard of a larger pack is the pack of `count` levels
   * from `first` on, the same levels as those indices of the whole pack (duplicates are checked
   * within the shard only).
   */
  readonly first?: number;
  /** The pack's seed: level `i` is made from `Rng.forIndex(seed, i)`. */
  readonly seed: Seed;
  /** Budgets of each level's jobs (default: the game's). */
  readonly budget?: LevelBudgets;
  /** Order of the finished pack (default `index`). */
  readonly sort?: PackSort;
  /** Candidates tried per level before giving it up (default {@link DEFAULT_MAX_CANDIDATES}). */
  readonly maxCandidates?: number;
}

/** A spec with every default filled in and the options read: what the manifest and journal hold. */
export interface NormalizedSpec {
  readonly game: string;
  readonly gameId: string;
  readonly options: OptionValues;
  readonly count: number;
  readonly first: number;
  readonly seed: Seed;
  readonly budget: LevelBudgets;
  readonly sort: PackSort;
  readonly maxCandidates: number;
}

function fail(path: string, message: string): never {
  throw new InvalidInputError(message, { path, code: 'INVALID_PACK_SPEC' });
}

function readWholeNumber(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    fail(path, `must be a whole number from ${min} to ${max}, got ${shown(value)}`);
  }
  return value;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return quoteInput(value);
  // String() of an object without a prototype throws; a spec read from JSON may hold any object.
  if (typeof value === 'object' && value !== null)
    return Array.isArray(value) ? 'a list' : 'an object';
  return String(value);
}

function readJobBudget(raw: unknown, path: string): JobBudget | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'object' || raw === null) fail(path, 'must be an object');
  const known = new Set(['maxWork', 'maxMs']);
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) fail(`${path}.${key}`, `unknown budget field ${quoteInput(key)}`);
  }
  const { maxWork, maxMs } = raw as Record<string, unknown>;
  const out: { maxWork?: number; maxMs?: number } = {};
  // JSON has no Infinity: a pack spec lifts a bound by leaving it out.
  if (maxWork !== undefined) out.maxWork = finite(budgetValue(maxWork, 'maxWork', 0), path);
  if (maxMs !== undefined) out.maxMs = finite(budgetValue(maxMs, 'maxMs', 0), path);
  return out;
}

function finite(value: number, path: string): number {
  if (!Number.isFinite(value))
    fail(path, 'a bound in a pack spec is a finite number (leave it out to use the default)');
  return value;
}

/**
 * Reads a pack spec against its game: options read and defaults filled, budgets checked, so that two
 * specs that make the same pack are written the same way.
 *
 * @throws InvalidInputError (code `INVALID_PACK_SPEC` or `INVALID_OPTION`, with a JSON path) for a
 *   bad field, or a game without a generator or with another id.
 */
export function normalizeSpec(spec: PackSpec, game: AnyGame): NormalizedSpec {
  if (typeof spec !== 'object' || spec === null) fail('$', 'a pack spec must be an object');
  if (typeof spec.game !== 'string' || spec.game === '') fail('$.game', 'must name a module');
  if (spec.gameId !== game.id) {
    fail('$.gameId', `${spec.game} exports game ${quoteInput(game.id)}, not ${shown(spec.gameId)}`);
  }
  if (game.generate === undefined) fail('$.gameId', `game ${quoteInput(game.id)} has no generator`);
  const options = readOptions(game.generate.options, spec.options ?? {}, '$.options');
  const count = readWholeNumber(spec.count, '$.count', 1, 10_000_000);
  const first = spec.first === undefined ? 0 : readWholeNumber(spec.first, '$.first', 0, 2 ** 52);
  if (!(typeof spec.seed === 'string' || Number.isSafeInteger(spec.seed))) {
    fail('$.seed', `must be a safe integer or a string, got ${shown(spec.seed)}`);
  }
  const sort = spec.sort ?? 'index';
  if (sort !== 'index' && sort !== 'difficulty') {
    fail('$.sort', `must be index or difficulty, got ${shown(sort)}`);
  }
  const maxCandidates =
    spec.maxCandidates === undefined
      ? DEFAULT_MAX_CANDIDATES
      : readWholeNumber(spec.maxCandidates, '$.maxCandidates', 1, 1000);
  const rawBudget: unknown = spec.budget ?? {};
  if (typeof rawBudget !== 'object' || rawBudget === null) fail('$.budget', 'must be an object');
  for (const key of Object.keys(rawBudget)) {
    if (key !== 'generate' && key !== 'solve' && key !== 'rate') {
      fail(`$.budget.${key}`, `unknown job ${quoteInput(key)} (generate, solve or rate)`);
    }
  }
  const budget: { generate?: JobBudget; solve?: JobBudget; rate?: JobBudget } = {};
  for (const job of ['generate', 'solve', 'rate'] as const) {
    const read = readJobBudget((rawBudget as Record<string, unknown>)[job], `$.budget.${job}`);
    if (read !== undefined) budget[job] = read;
  }
  // Keys in one fixed order, so that the spec's JSON (the pack id, the manifest) is canonical.
  const sortedOptions: Record<string, string | number | boolean> = {};
  for (const key of Object.keys(options).sort()) sortedOptions[key] = options[key]!;
  return {
    game: spec.game,
    gameId: spec.gameId,
    options: sortedOptions,
    count,
    first,
    seed: spec.seed,
    budget,
    sort,
    maxCandidates,
  };
}

/**
 * A pack's id: a hash of its normalized spec, so the same spec submitted twice names the same pack
 * (and the same jobs) on any machine.
 */
export function packId(spec: NormalizedSpec): string {
  return createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 16);
}
