/**
 * The animal-grid model: the 3×3 stepped board, the pieces, the conditions and the puzzle as plain
 * readonly data. Cell (x, y) has index `y * 3 + x`; the origin is the paper's lower-right corner.
 */

/** The nine kinds of animal, in the order the package uses for type indices. */
export const ANIMALS = [
  'elephant',
  'monkey',
  'tiger',
  'pig',
  'cat',
  'turtle',
  'hippo',
  'lion',
  'panda',
] as const;

/** One kind of animal. */
export type Animal = (typeof ANIMALS)[number];

/** How many pieces of each animal the box holds (one each, two hippos, three lions, five pandas). */
export const PIECE_LIMITS: Readonly<Record<Animal, number>> = {
  elephant: 1,
  monkey: 1,
  tiger: 1,
  pig: 1,
  cat: 1,
  turtle: 1,
  hippo: 2,
  lion: 3,
  panda: 5,
};

/** Fruits of the rows y = 0, 1, 2. */
export const ROW_FRUITS = ['orange', 'lemon', 'apple'] as const;
/** Fruits of the columns x = 0, 1, 2. */
export const COLUMN_FRUITS = ['pineapple', 'banana', 'strawberry'] as const;
/** A row fruit. */
export type RowFruit = (typeof ROW_FRUITS)[number];
/** A column fruit. */
export type ColumnFruit = (typeof COLUMN_FRUITS)[number];
/** Any fruit. */
export type Fruit = RowFruit | ColumnFruit;

/** Every copy of `animal` stands on a cell of height `height` (1–3). */
export interface HeightConstraint {
  readonly type: 'height';
  readonly animal: Animal;
  readonly height: 1 | 2 | 3;
}

/**
 * Every copy of `animal` stands in one of the rows (or columns) named by `fruits` (`in: true`), or in
 * none of them (`in: false`).
 */
export interface LineConstraint {
  readonly type: 'row' | 'column';
  readonly animal: Animal;
  readonly fruits: readonly Fruit[];
  readonly in: boolean;
}

/**
 * Every copy of the first animal is orthogonally next to some copy of the second, and every copy of
 * the second next to some copy of the first.
 */
export interface AdjacentConstraint {
  readonly type: 'adjacent';
  readonly animals: readonly [Animal, Animal];
}

/**
 * `higher`: min h(animal) > max h(than); `lower`: max h(animal) < min h(than); `same`: every copy of
 * both at one height.
 */
export interface RelativeHeightConstraint {
  readonly type: 'relativeHeight';
  readonly animal: Animal;
  readonly relation: 'higher' | 'lower' | 'same';
  readonly than: Animal;
}

/** Absolute conditions (the paper's types ① and ②). */
export type AbsoluteConstraint = HeightConstraint | LineConstraint;
/** Relative conditions (the paper's types ③ and ④). */
export type RelativeConstraint = AdjacentConstraint | RelativeHeightConstraint;
/** Any condition. */
export type Constraint = AbsoluteConstraint | RelativeConstraint;

/** A puzzle: how many copies of each animal (nine in all) and the conditions. */
export interface Puzzle {
  /** Copies per animal (absent or 0: not used); nine in all. */
  readonly animals: Readonly<Partial<Record<Animal, number>>>;
  /** The conditions, in the order given. */
  readonly constraints: readonly Constraint[];
}

/** One animal on one cell. */
export interface Placement {
  /** The animal. */
  readonly animal: Animal;
  /** Column 0–2 (pineapple, banana, strawberry). */
  readonly x: number;
  /** Row 0–2 (orange, lemon, apple). */
  readonly y: number;
}

/**
 * A full arrangement: nine placements, listed top row (y = 2) first, then x = 0, 1, 2 — the order
 * the paper prints its answers in.
 */
export type Solution = readonly Placement[];

/** Height of cell (x, y): min(x, y) + 1. */
export function cellHeight(x: number, y: number): number {
  return Math.min(x, y) + 1;
}

/** True for a relative condition (adjacent or relative height). */
export function isRelative(c: Constraint): c is RelativeConstraint {
  return c.type === 'adjacent' || c.type === 'relativeHeight';
}

/** The animals a condition talks about (one for absolute conditions, two for relative ones). */
export function constraintAnimals(c: Constraint): readonly Animal[] {
  switch (c.type) {
    case 'adjacent':
      return c.animals;
    case 'relativeHeight':
      return [c.animal, c.than];
    default:
      return [c.animal];
  }
}
