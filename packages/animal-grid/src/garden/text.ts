/** Beautiful Garden as text: the garden grid with humidity, plantings as `flower@x,y`. */
import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import { kindIndex, type GardenLevel, type Planted, type Planting } from './model.js';

/** The garden, one row a line (top first): `humidity:flower` per cell, `.` for an empty cell. */
export function formatGardenGrid(level: GardenLevel, cells: readonly (string | null)[]): string {
  const n = level.size;
  const w = Math.max(1, ...cells.map((c) => (c ?? '.').length));
  const lines: string[] = [];
  for (let y = 0; y < n; y++) {
    const row = Array.from(
      { length: n },
      (_, x) =>
        `${String(level.humidity[y * n + x]).padStart(3)}:${(cells[y * n + x] ?? '.').padEnd(w)}`,
    );
    lines.push(row.join(' ').trimEnd());
  }
  return lines.join('\n');
}

/** A planting as `rose@0,1 daisy@2,2` (x from the left, y from the top), or `(nothing)`. */
export function formatPlanting(p: Planting): string {
  return p.length === 0 ? '(nothing)' : p.map((q) => `${q.flower}@${q.x},${q.y}`).join(' ');
}

/**
 * Reads one planted flower, `name@x,y`, for a level: the name must be one of the level's flowers
 * (any name, `__proto__` included) and the cell inside the garden. Errors are `InvalidInputError`s
 * whose path is the spec itself.
 */
export function parsePlanted(spec: string, level: GardenLevel): Planted {
  const fail = (reason: string): never => {
    throw new InvalidInputError(reason, { path: quoteInput(spec, 40) });
  };
  const m = /^([^@\s]+)@(\d{1,3}),(\d{1,3})$/.exec(spec.trim());
  if (!m) return fail('expected flower@x,y (for example rose@0,1)');
  const x = Number(m[2]);
  const y = Number(m[3]);
  if (x >= level.size || y >= level.size)
    fail(`cell ${x},${y} is outside the ${level.size}×${level.size} garden`);
  if (!kindIndex(level.flowerTypes).has(m[1]!)) fail(`unknown flower ${quoteInput(m[1]!, 40)}`);
  return { flower: m[1]!, x, y };
}

/**
 * The flowers a level gives, in words: `1 tulip, 2 rose` (in the order of the level's flower kinds;
 * names are the level's own, so they are not put in the plural), or `no flowers`.
 */
export function seedsText(level: GardenLevel): string {
  const parts = level.flowerTypes
    .filter((f) => Object.hasOwn(level.seeds, f.name) && (level.seeds[f.name] ?? 0) > 0)
    .map((f) => `${level.seeds[f.name]} ${f.name}`);
  return parts.length === 0 ? 'no flowers' : parts.join(', ');
}

/**
 * A level in words for a designer: its size, the flowers to plant and the rounds they grow, then the
 * target garden (humidity:flower per cell, top row first).
 */
export function describeGarden(level: GardenLevel): string {
  const rounds = `${level.rounds} round${level.rounds === 1 ? '' : 's'} of growth`;
  return [
    `${level.size}×${level.size} garden, flowers to plant: ${seedsText(level)}; ${rounds}`,
    'target (humidity:flower per cell):',
    formatGardenGrid(level, level.target),
  ].join('\n');
}
