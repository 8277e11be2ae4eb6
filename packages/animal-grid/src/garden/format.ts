/** Garden level JSON: parse with JSON-path errors, print. */
import { PAPER_FLOWERS, type FlowerType, type GardenLevel } from './model.js';
import {
  describe,
  expectArray,
  expectInt,
  expectNumber,
  expectObject,
  invalid,
  keyPath,
  onlyKeys,
  own,
  parseJsonText,
  codePoints,
} from '../format/json.js';
import { quoteInput } from '@puzzlekit/errors';

/** Longest flower name accepted: names are printed on the board. */
export const MAX_FLOWER_NAME = 40;

/**
 * Parses a garden level:
 * `{"size":3,"humidity":[[55,55,75],…],"rounds":1,"flowers":{"rose":1},"target":[["rose","rose",null],…],
 * "flowerTypes":[{"name":"rose","min":50,"max":60}]}` — rows top first; `flowerTypes` is optional and
 * defaults to the paper's eight flowers. Syntax errors carry line and column, invalid values a JSON path.
 */
export function parseGarden(text: string, source?: string): GardenLevel {
  return validateGarden(parseJsonText(text, source));
}

/** Validates an already-parsed garden level (see {@link parseGarden}). */
export function validateGarden(value: unknown): GardenLevel {
  const o = expectObject(value, '$');
  onlyKeys(o, '$', ['size', 'humidity', 'rounds', 'flowers', 'target', 'flowerTypes']);
  const size = expectInt(o.size, '$.size', 1, 16);
  const rounds = expectInt(o.rounds, '$.rounds', 0, 100);
  const flowerTypes = o.flowerTypes === undefined ? PAPER_FLOWERS : readFlowerTypes(o.flowerTypes);
  // Names are user data ("__proto__", "constructor" are fine names): look them up in a Map only.
  const kindOf = new Map(flowerTypes.map((f, i) => [f.name, i]));
  const names = (): string =>
    flowerTypes
      .slice(0, 12)
      .map((f) => f.name)
      .join(', ') + (flowerTypes.length > 12 ? ', …' : '');
  const grid = <T>(v: unknown, path: string, cell: (x: unknown, p: string) => T): T[] => {
    const rows = expectArray(v, path);
    if (rows.length !== size) invalid(path, `expected ${size} rows, got ${rows.length}`);
    const out: T[] = [];
    rows.forEach((r, y) => {
      const row = expectArray(r, `${path}[${y}]`);
      if (row.length !== size)
        invalid(`${path}[${y}]`, `expected ${size} cells, got ${row.length}`);
      row.forEach((c, x) => out.push(cell(c, `${path}[${y}][${x}]`)));
    });
    return out;
  };
  const humidity = grid(o.humidity, '$.humidity', (c, p) => expectNumber(c, p));
  const target = grid(o.target, '$.target', (c, p) => {
    if (c === null) return null;
    if (typeof c !== 'string' || !kindOf.has(c))
      invalid(p, `unknown flower ${describe(c)} (expected null or one of ${names()})`);
    return c;
  });
  const fo = expectObject(o.flowers, '$.flowers');
  const seeds = Object.create(null) as Record<string, number>;
  let total = 0;
  for (const k of Object.keys(fo)) {
    const path = keyPath('$.flowers', k);
    if (!kindOf.has(k)) invalid(path, `unknown flower ${quoteInput(k, 40)}`);
    seeds[k] = expectInt(own(fo, k), path, 0, size * size);
    total += seeds[k];
  }
  if (total > size * size)
    invalid('$.flowers', `${total} flowers do not fit in ${size * size} cells`);
  return { size, humidity, flowerTypes, seeds, rounds, target };
}

/** Reads `flowerTypes`: 1 to 100 kinds, distinct non-empty names of at most 40 characters. */
function readFlowerTypes(value: unknown): FlowerType[] {
  const list = expectArray(value, '$.flowerTypes');
  if (list.length === 0 || list.length > 100)
    invalid('$.flowerTypes', 'expected 1 to 100 flower types');
  const seen = new Set<string>();
  return list.map((raw, i) => {
    const p = `$.flowerTypes[${i}]`;
    const f = expectObject(raw, p);
    onlyKeys(f, p, ['name', 'min', 'max']);
    const name = own(f, 'name');
    if (typeof name !== 'string' || name === '' || codePoints(name) > MAX_FLOWER_NAME)
      invalid(
        `${p}.name`,
        `expected a name of 1 to ${MAX_FLOWER_NAME} characters, got ${describe(name)}`,
      );
    if (name.includes('@') || /\s/.test(name))
      invalid(
        `${p}.name`,
        `a flower name has no spaces and no '@' (it is written name@x,y), got ${describe(name)}`,
      );
    const min = expectNumber(own(f, 'min'), `${p}.min`);
    const max = expectNumber(own(f, 'max'), `${p}.max`);
    if (min > max) invalid(`${p}.max`, `max ${max} is below min ${min}`);
    if (seen.has(name)) invalid(`${p}.name`, `flower ${quoteInput(name, 40)} defined twice`);
    seen.add(name);
    return { name, min, max };
  });
}

/** Prints a garden level as JSON (the format {@link parseGarden} reads; flower types always included), one row a line. */
export function formatGarden(level: GardenLevel): string {
  const n = level.size;
  const rows = <T>(a: readonly T[]): string =>
    Array.from({ length: n }, (_, y) => '    ' + JSON.stringify(a.slice(y * n, y * n + n))).join(
      ',\n',
    );
  const types = level.flowerTypes.map((f) => '    ' + JSON.stringify(f)).join(',\n');
  return [
    '{',
    `  "size": ${n},`,
    `  "rounds": ${level.rounds},`,
    `  "flowers": ${JSON.stringify(level.seeds)},`,
    `  "humidity": [\n${rows(level.humidity)}\n  ],`,
    `  "target": [\n${rows(level.target)}\n  ],`,
    `  "flowerTypes": [\n${types}\n  ]`,
    '}',
    '',
  ].join('\n');
}
