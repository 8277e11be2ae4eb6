import { InvalidInputError } from '@puzzlekit/errors';

/** A cell position: column `x` (0 at the left) and row `y` (0 at the top). */
export interface Point {
  /** Column, growing to the right. */
  readonly x: number;
  /** Row, growing downwards. */
  readonly y: number;
}

/** Makes a {@link Point}. */
export function point(x: number, y: number): Point {
  return { x, y };
}

/** True when two points name the same cell. */
export function pointsEqual(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}

/** Component-wise sum of two points. */
export function addPoints(a: Point, b: Point): Point {
  return { x: a.x + b.x, y: a.y + b.y };
}

/** Manhattan (taxicab) distance: the 4-neighbour step count on an empty board. */
export function manhattan(a: Point, b: Point): number {
  return Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
}

/** Chebyshev distance: the 8-neighbour step count on an empty board. */
export function chebyshev(a: Point, b: Point): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/**
 * One of the four orthogonal directions, numbered clockwise from up: 0 up, 1 right, 2 down, 3 left.
 * Numbers (not strings) so that direction tables are typed arrays and turning is arithmetic.
 */
export type Direction4 = 0 | 1 | 2 | 3;

/**
 * One of the eight compass directions, numbered clockwise from up: 0 N, 1 NE, 2 E, 3 SE, 4 S,
 * 5 SW, 6 W, 7 NW. The even ones are the orthogonal directions (`2 * d4`).
 */
export type Direction8 = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Named {@link Direction4} values. */
export const Dir4 = { Up: 0, Right: 1, Down: 2, Left: 3 } as const;

/** Named {@link Direction8} values. */
export const Dir8 = { N: 0, NE: 1, E: 2, SE: 3, S: 4, SW: 5, W: 6, NW: 7 } as const;

/** The four directions in numeric order (up, right, down, left). */
export const DIRECTIONS4: readonly Direction4[] = [0, 1, 2, 3];

/** The eight directions in numeric order (N, NE, E, SE, S, SW, W, NW). */
export const DIRECTIONS8: readonly Direction8[] = [0, 1, 2, 3, 4, 5, 6, 7];

/** x step of each {@link Direction4}, indexed by direction. */
export const DX4: Readonly<Int8Array> = Int8Array.of(0, 1, 0, -1);
/** y step of each {@link Direction4}, indexed by direction (y grows downwards). */
export const DY4: Readonly<Int8Array> = Int8Array.of(-1, 0, 1, 0);
/** x step of each {@link Direction8}, indexed by direction. */
export const DX8: Readonly<Int8Array> = Int8Array.of(0, 1, 1, 1, 0, -1, -1, -1);
/** y step of each {@link Direction8}, indexed by direction (y grows downwards). */
export const DY8: Readonly<Int8Array> = Int8Array.of(-1, -1, 0, 1, 1, 1, 0, -1);

/** The Sokoban/LURD letters of the four directions, indexed by {@link Direction4}: `"URDL"`. */
export const DIRECTION_LETTERS = 'URDL';

/** The direction pointing the other way. */
export function opposite4(d: Direction4): Direction4 {
  return ((d + 2) & 3) as Direction4;
}

/** The direction a quarter turn clockwise (right) of `d`. */
export function turnRight4(d: Direction4): Direction4 {
  return ((d + 1) & 3) as Direction4;
}

/** The direction a quarter turn anticlockwise (left) of `d`. */
export function turnLeft4(d: Direction4): Direction4 {
  return ((d + 3) & 3) as Direction4;
}

/** The compass direction pointing the other way. */
export function opposite8(d: Direction8): Direction8 {
  return ((d + 4) & 7) as Direction8;
}

/** The compass direction an eighth turn (45°) clockwise of `d`. */
export function turnRight8(d: Direction8): Direction8 {
  return ((d + 1) & 7) as Direction8;
}

/** The compass direction an eighth turn (45°) anticlockwise of `d`. */
export function turnLeft8(d: Direction8): Direction8 {
  return ((d + 7) & 7) as Direction8;
}

/** The point one step from `p` in direction `d`. */
export function step4(p: Point, d: Direction4): Point {
  return { x: p.x + DX4[d]!, y: p.y + DY4[d]! };
}

/** The point one step from `p` in compass direction `d`. */
export function step8(p: Point, d: Direction8): Point {
  return { x: p.x + DX8[d]!, y: p.y + DY8[d]! };
}

/** The letter (`U`, `R`, `D` or `L`) of a direction. */
export function directionLetter(d: Direction4): string {
  return DIRECTION_LETTERS[d]!;
}

/**
 * The direction of a LURD letter; lower and upper case both count (`u`/`U` is up).
 *
 * @throws InvalidInputError (code `INVALID_DIRECTION`) for any other character.
 */
export function directionFromLetter(letter: string): Direction4 {
  const i = DIRECTION_LETTERS.indexOf(letter.length === 1 ? letter.toUpperCase() : '?');
  if (i < 0) {
    throw new InvalidInputError(`'${letter}' is not a direction letter (U, R, D, L)`, {
      code: 'INVALID_DIRECTION',
    });
  }
  return i as Direction4;
}

/**
 * The orthogonal direction from `a` to the adjacent cell `b`, or `undefined` when `b` is not one
 * orthogonal step from `a`.
 */
export function directionBetween(a: Point, b: Point): Direction4 | undefined {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  for (let d = 0; d < 4; d++) if (DX4[d] === dx && DY4[d] === dy) return d as Direction4;
  return undefined;
}
