/** Beautiful Garden (the paper's section 1.4): model and simulation. */

/** A kind of flower and the humidity range (percent, inclusive) where it spreads. */
export interface FlowerType {
  /** Name used in level files. */
  readonly name: string;
  /** Lowest suitable humidity (percent, inclusive). */
  readonly min: number;
  /** Highest suitable humidity (percent, inclusive). */
  readonly max: number;
}

/** The paper's flowers (Figure 13). */
export const PAPER_FLOWERS: readonly FlowerType[] = [
  { name: 'orchis', min: 100, max: 100 },
  { name: 'cuckoo', min: 70, max: 80 },
  { name: 'morningGlory', min: 70, max: 80 },
  { name: 'lilac', min: 60, max: 70 },
  { name: 'tulip', min: 60, max: 70 },
  { name: 'daisy', min: 50, max: 60 },
  { name: 'rose', min: 50, max: 60 },
  { name: 'sunflower', min: 30, max: 40 },
];

/**
 * A level: an n×n garden (humidity per cell, row-major, index y * size + x, y = 0 the top row), the
 * flower kinds, the flowers the player is given (all must be planted), the number of rounds, and the
 * target design (a flower name or null per cell).
 */
export interface GardenLevel {
  readonly size: number;
  readonly humidity: readonly number[];
  readonly flowerTypes: readonly FlowerType[];
  readonly seeds: Readonly<Record<string, number>>;
  readonly rounds: number;
  readonly target: readonly (string | null)[];
}

/** One planted flower. */
export interface Planted {
  /** Flower name. */
  readonly flower: string;
  /** Column, 0 at the left. */
  readonly x: number;
  /** Row, 0 at the top. */
  readonly y: number;
}

/** A planting: the flowers placed before the first round, sorted by cell index. */
export type Planting = readonly Planted[];

/** Flower name → index in `kinds`, as a Map: names are user data (`__proto__` is a fine name). */
export function kindIndex(kinds: readonly FlowerType[]): Map<string, number> {
  return new Map(kinds.map((f, i) => [f.name, i]));
}

/** How many flowers of `name` the player is given (0 when none; never an inherited property). */
export function seedCount(level: GardenLevel, name: string): number {
  return Object.hasOwn(level.seeds, name) ? (level.seeds[name] ?? 0) : 0;
}

/** Does `flower` spread from / into a cell of this humidity? */
export function suits(flower: FlowerType, humidity: number): boolean {
  return humidity >= flower.min && humidity <= flower.max;
}

/**
 * The orthogonal neighbours of cell `i` of a `size`-wide square garden, in the one direction order of
 * `@puzzlekit/grid` (up, right, down, left), −1 where the garden ends.
 */
export function neighbourCells(i: number, size: number): [number, number, number, number] {
  const x = i % size;
  return [
    i >= size ? i - size : -1,
    x < size - 1 ? i + 1 : -1,
    i + size < size * size ? i + size : -1,
    x > 0 ? i - 1 : -1,
  ];
}

/**
 * Grows a garden one round. Every flower standing on a cell that suits it spreads to each empty
 * orthogonal neighbour that suits it; all spreads of a round happen at once. A cell reached by two
 * different kinds in the same round stays empty that round (it may be reached again later). Flowers
 * never die or change. `cells` holds a kind index per cell, −1 for empty. Returns a new array.
 */
export function growRound(
  size: number,
  humidity: readonly number[],
  kinds: readonly FlowerType[],
  cells: Int8Array,
): Int8Array {
  const next = cells.slice();
  const claim = new Int8Array(size * size).fill(-1);
  for (let i = 0; i < size * size; i++) {
    const f = cells[i]!;
    if (f < 0 || !suits(kinds[f]!, humidity[i]!)) continue;
    for (const j of neighbourCells(i, size)) {
      if (j < 0 || cells[j]! >= 0 || !suits(kinds[f]!, humidity[j]!)) continue;
      const c = claim[j]!;
      claim[j] = c === -1 || c === f ? f : -2;
    }
  }
  for (let j = 0; j < size * size; j++) if (claim[j]! >= 0) next[j] = claim[j]!;
  return next;
}

/**
 * Plants `planting` and grows it `level.rounds` rounds; returns the garden (flower name or null per
 * cell). No check: for plantings built to fit the level (the generator's, the solver's); anything
 * else goes through `simulateGarden`, which checks the planting first.
 */
export function growPlanting(level: GardenLevel, planting: Planting): (string | null)[] {
  const n = level.size;
  let cells: Int8Array = new Int8Array(n * n).fill(-1);
  const kindOf = kindIndex(level.flowerTypes);
  for (const p of planting) cells[p.y * n + p.x] = kindOf.get(p.flower) ?? -1;
  for (let r = 0; r < level.rounds; r++)
    cells = growRound(n, level.humidity, level.flowerTypes, cells);
  return Array.from(cells, (f) => (f < 0 ? null : level.flowerTypes[f]!.name));
}
