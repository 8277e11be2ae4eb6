import { InvalidInputError, quoteInput } from '@puzzlekit/errors';

/**
 * One option of a game's job (a generator's size, a solver's mode), described as data so that the CLI
 * builds its flags, the pack runner reads a pack's spec and the docs list the options from the same
 * description — as each of Simon Tatham's games describes its parameters once for every front end.
 */
export interface OptionSpec {
  /** The key in option values, camelCase (`maxPushes`); the CLI flag is its kebab-case (`--max-pushes`). */
  readonly name: string;
  /** `integer` and `number` take numbers, `choice` one of {@link choices}, `boolean` a flag. */
  readonly kind: 'integer' | 'number' | 'string' | 'boolean' | 'choice';
  /** One line for `--help` and the docs. */
  readonly description: string;
  /** The value when the option is not given; without one, the option may be absent. */
  readonly default?: string | number | boolean;
  /** Smallest allowed number (integer and number). */
  readonly min?: number;
  /** Largest allowed number (integer and number). */
  readonly max?: number;
  /** The allowed values of a `choice`. */
  readonly choices?: readonly string[];
  /** A one-letter or other short alias on the command line (`n` for `-n`), where the game has one. */
  readonly short?: string;
}

/** Option values after {@link readOptions}: each known option with its typed value. */
export type OptionValues = Readonly<Record<string, string | number | boolean>>;

function fail(path: string, message: string): never {
  throw new InvalidInputError(message, { path, code: 'INVALID_OPTION' });
}

function readOne(spec: OptionSpec, value: unknown, path: string): string | number | boolean {
  const shown = typeof value === 'string' ? quoteInput(value) : String(value);
  switch (spec.kind) {
    case 'integer':
    case 'number': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value.trim())
            : NaN;
      if (!Number.isFinite(n)) fail(path, `${spec.name} must be a number, got ${shown}`);
      if (spec.kind === 'integer' && !Number.isSafeInteger(n))
        fail(path, `${spec.name} must be a whole number, got ${shown}`);
      if (spec.min !== undefined && n < spec.min)
        fail(path, `${spec.name} must be at least ${spec.min}, got ${shown}`);
      if (spec.max !== undefined && n > spec.max)
        fail(path, `${spec.name} must be at most ${spec.max}, got ${shown}`);
      return n;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true') return true;
      if (value === 'false') return false;
      return fail(path, `${spec.name} must be true or false, got ${shown}`);
    case 'string':
      if (typeof value !== 'string') fail(path, `${spec.name} must be a string, got ${shown}`);
      return value;
    case 'choice': {
      const choices = spec.choices ?? [];
      if (typeof value !== 'string' || !choices.includes(value))
        fail(path, `${spec.name} must be one of ${choices.join(', ')}, got ${shown}`);
      return value;
    }
  }
}

/**
 * Reads option values against their specs: numbers from text (the CLI) or JSON, defaults filled in,
 * unknown keys refused. `raw` may hold `undefined` for an option not given.
 *
 * @throws InvalidInputError (code `INVALID_OPTION`, path `<where>.<name>`) for a value of the wrong
 *   kind or out of range, or a key no spec names.
 */
export function readOptions(
  specs: readonly OptionSpec[],
  raw: Readonly<Record<string, unknown>>,
  where = '$',
): OptionValues {
  const out: Record<string, string | number | boolean> = Object.create(null) as Record<
    string,
    string | number | boolean
  >;
  const known = new Set(specs.map((s) => s.name));
  for (const key of Object.keys(raw)) {
    if (!known.has(key) && raw[key] !== undefined)
      fail(`${where}.${key}`, `unknown option ${quoteInput(key)}`);
  }
  for (const spec of specs) {
    const value = Object.prototype.hasOwnProperty.call(raw, spec.name) ? raw[spec.name] : undefined;
    if (value === undefined) {
      if (spec.default !== undefined) out[spec.name] = spec.default;
      continue;
    }
    out[spec.name] = readOne(spec, value, `${where}.${spec.name}`);
  }
  return out;
}

/** The kebab-case flag of an option name: `maxPushes` → `max-pushes`. */
export function flagName(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
