/**
 * A planting checked against its level before anything grows: every flower one of the level's kinds,
 * every cell inside the garden and planted once, and exactly the flowers the level gives — so a
 * simulation never reports a match for a planting the player could not make.
 */
import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import {
  codePoints,
  describe,
  expectArray,
  expectInt,
  expectObject,
  onlyKeys,
  own,
} from '../format/json.js';
import { MAX_FLOWER_NAME } from './format.js';
import {
  growPlanting,
  kindIndex,
  seedCount,
  type GardenLevel,
  type Planted,
  type Planting,
} from './model.js';

/** Error code of every planting that does not fit its level. */
export const INVALID_PLANTING = 'INVALID_PLANTING';

function refuse(path: string, reason: string): never {
  throw new InvalidInputError(reason, { path, code: INVALID_PLANTING });
}

/**
 * Checks a planting against a level: known flowers, cells inside the garden, no cell planted twice,
 * and for every kind exactly as many flowers as the level gives (`level.seeds`; all must be planted).
 * `path` names the planting in error messages (`$` for a JSON array, whose items are `$[i]`).
 *
 * @throws InvalidInputError (code `INVALID_PLANTING`) naming the first problem: the item's path for a
 *   flower or cell, `path` itself for wrong counts ("3 daisy planted where the level gives 1").
 */
export function checkPlanting(level: GardenLevel, planting: Planting, path = '$'): void {
  const kinds = kindIndex(level.flowerTypes);
  const n = level.size;
  const taken = new Map<number, number>();
  const planted = new Map<string, number>();
  planting.forEach((p, i) => {
    const at = `${path}[${i}]`;
    if (!kinds.has(p.flower))
      refuse(at, `flower ${i + 1}: unknown flower ${quoteInput(p.flower, 40)}`);
    if (
      !Number.isInteger(p.x) ||
      !Number.isInteger(p.y) ||
      p.x < 0 ||
      p.y < 0 ||
      p.x >= n ||
      p.y >= n
    )
      refuse(at, `flower ${i + 1}: cell ${p.x},${p.y} is outside the ${n}×${n} garden`);
    const cell = p.y * n + p.x;
    const before = taken.get(cell);
    if (before !== undefined)
      refuse(at, `cell ${p.x},${p.y} is planted twice (flowers ${before + 1} and ${i + 1})`);
    taken.set(cell, i);
    planted.set(p.flower, (planted.get(p.flower) ?? 0) + 1);
  });
  const wrong: string[] = [];
  for (const f of level.flowerTypes) {
    const have = planted.get(f.name) ?? 0;
    const given = seedCount(level, f.name);
    if (have !== given)
      wrong.push(`${have} ${quoteInput(f.name, 40)} planted where the level gives ${given}`);
  }
  if (wrong.length > 0)
    refuse(
      path,
      `the planting does not use the level's flowers: ${wrong.slice(0, 4).join(', ')}${wrong.length > 4 ? ', …' : ''}`,
    );
}

/** Largest garden side (the level format's limit), so the widest a planting's cells can be. */
const MAX_SIDE = 16;

/**
 * Reads the shape of a planting from JSON, `[{"flower","x","y"}, …]`, without its level: flower names
 * of 1 to 40 characters, cells 0–15, at most 256 flowers. Whether it fits a level is
 * {@link checkPlanting}'s question.
 *
 * @throws InvalidInputError with the JSON path under `path` (default `$`).
 */
export function readPlanting(value: unknown, path = '$'): Planting {
  const items = expectArray(value, path);
  if (items.length > MAX_SIDE * MAX_SIDE)
    refuse(
      path,
      `${items.length} flowers do not fit in the largest garden (${MAX_SIDE * MAX_SIDE} cells)`,
    );
  return items.map((raw, i): Planted => {
    const at = `${path}[${i}]`;
    const o = expectObject(raw, at);
    onlyKeys(o, at, ['flower', 'x', 'y']);
    const flower = own(o, 'flower');
    if (typeof flower !== 'string' || flower === '' || codePoints(flower) > MAX_FLOWER_NAME)
      refuse(
        `${at}.flower`,
        `expected a flower name of 1 to ${MAX_FLOWER_NAME} characters, got ${describe(flower)}`,
      );
    return {
      flower,
      x: expectInt(own(o, 'x'), `${at}.x`, 0, MAX_SIDE - 1),
      y: expectInt(own(o, 'y'), `${at}.y`, 0, MAX_SIDE - 1),
    };
  });
}

/**
 * Reads a planting from JSON ({@link readPlanting}) and checks it against `level` ({@link checkPlanting}).
 *
 * @throws InvalidInputError with the JSON path under `path` (default `$`).
 */
export function plantingFromJson(level: GardenLevel, value: unknown, path = '$'): Planting {
  const planting = readPlanting(value, path);
  checkPlanting(level, planting, path);
  return planting;
}

/**
 * Plants `planting` and grows it `level.rounds` rounds; returns the garden (flower name or null per
 * cell). The planting is checked first ({@link checkPlanting}): exactly the flowers the level gives,
 * each cell planted once.
 *
 * @throws InvalidInputError (code `INVALID_PLANTING`) for a planting that does not fit the level.
 */
export function simulateGarden(level: GardenLevel, planting: Planting): (string | null)[] {
  checkPlanting(level, planting);
  return growPlanting(level, planting);
}
