/** Garden level JSON: parse with JSON-path errors, print. */
import { PAPER_FLOWERS, type FlowerType, type GardenLevel } from './model.js';
import {
  expectArray,
  expectInt,
  expectNumber,
  expectObject,
  invalid,
  onlyKeys,
  parseJsonText,
} from '../format/json.js';

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
  let flowerTypes: readonly FlowerType[] = PAPER_FLOWERS;
  if (o.flowerTypes !== undefined) {
    const list = expectArray(o.flowerTypes, '$.flowerTypes');
    if (list.length === 0 || list.length > 100)
      invalid('$.flowerTypes', 'expected 1 to 100 flower types');
    flowerTypes = list.map((raw, i) => {
      const p = `$.flowerTypes[${i}]`;
      const f = expectObject(raw, p);
      onlyKeys(f, p, ['name', 'min', 'max']);
      if (typeof f.name !== 'string' || f.name === '')
        invalid(`${p}.name`, 'expected a non-empty name');
      const min = expectNumber(f.min, `${p}.min`);
      const max = expectNumber(f.max, `${p}.max`);
      if (min > max) invalid(`${p}.max`, `max ${max} is below min ${min}`);
      if (list.slice(0, i).some((g) => (g as { name?: unknown }).name === f.name))
        invalid(`${p}.name`, `flower "${f.name}" defined twice`);
      return { name: f.name, min, max };
    });
  }
  const names = flowerTypes.map((f) => f.name);
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
    if (typeof c !== 'string' || !names.includes(c))
      invalid(
        p,
        `unknown flower ${JSON.stringify(c)} (expected null or one of ${names.join(', ')})`,
      );
    return c;
  });
  const fo = expectObject(o.flowers, '$.flowers');
  const seeds: Record<string, number> = {};
  let total = 0;
  for (const k of Object.keys(fo)) {
    if (!names.includes(k)) invalid(`$.flowers.${k}`, `unknown flower "${k}"`);
    seeds[k] = expectInt(fo[k], `$.flowers.${k}`, 0, size * size);
    total += seeds[k];
  }
  if (total > size * size)
    invalid('$.flowers', `${total} flowers do not fit in ${size * size} cells`);
  return { size, humidity, flowerTypes, seeds, rounds, target };
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
