import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import { dict } from './lookup.js';
import type { HeroStats } from './model.js';

const STATS = ['hp', 'atk', 'def', 'mdef'] as const;

function shown(v: unknown): string {
  return typeof v === 'string' ? quoteInput(v) : typeof v === 'number' ? String(v) : typeof v;
}

/**
 * The one check of a hero given from outside the tower (an option, a level's JSON): `hp`, `atk`, `def`
 * and `mdef` finite numbers (a string such as `"100"` is refused, not converted). Every entry point
 * that takes a hero (floors, solve, plan, the descriptor) calls it, so they accept the same heroes.
 *
 * @throws InvalidInputError (code `INVALID_HERO`) with the JSON path of the bad stat.
 */
export function checkHero(value: unknown, path = '$.hero'): HeroStats {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidInputError(
      `the hero must be an object {hp, atk, def, mdef}, got ${shown(value)}`,
      {
        path,
        code: 'INVALID_HERO',
      },
    );
  const record = value as Readonly<Record<string, unknown>>;
  for (const stat of STATS) {
    const v = record[stat];
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new InvalidInputError(`hero ${stat} must be a finite number, got ${shown(v)}`, {
        path: `${path}.${stat}`,
        code: 'INVALID_HERO',
      });
  }
  return {
    hp: record.hp as number,
    atk: record.atk as number,
    def: record.def as number,
    mdef: record.mdef as number,
  };
}

/**
 * Keys held, checked the same way everywhere: an object of key ids to whole numbers ≥ 0.
 *
 * @throws InvalidInputError (code `INVALID_HERO`) with the JSON path of the bad count.
 */
export function checkKeys(value: unknown, path = '$.keys'): Record<string, number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidInputError(`keys must be an object {keyId: count}, got ${shown(value)}`, {
      path,
      code: 'INVALID_HERO',
    });
  const keys = dict<number>();
  for (const [id, n] of Object.entries(value)) {
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
      throw new InvalidInputError(
        `key count of ${quoteInput(id)} must be a whole number ≥ 0, got ${shown(n)}`,
        {
          path: `${path}[${JSON.stringify(id)}]`,
          code: 'INVALID_HERO',
        },
      );
    keys[id] = n;
  }
  return keys;
}
