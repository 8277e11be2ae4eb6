import { neighbourOffsets } from '@puzzlekit/grid';

/** Cell flag: a wall. */
export const WALL = 1;
/** Cell flag: a goal square. */
export const GOAL = 2;
/** Cell flag: a box. */
export const BOX = 4;

/**
 * Largest board side, in cells, that the parsers accept and the generators build (1,024: a b/e level
 * of size 510, w/g 340, s 509). It bounds what a level file can make the solver and the printer
 * allocate; real levels are far smaller (the source article's largest is 99×99).
 */
export const MAX_BOARD_SIDE = 1024;

/**
 * A direction index: 0 up, 1 right, 2 down, 3 left — the order of every puzzlekit package
 * (`@puzzlekit/grid`'s `Direction4`). Opposite directions differ by 2; up/down are the even ones.
 */
export type Direction = 0 | 1 | 2 | 3;

/** The LURD walk letters by {@link Direction} index (`urdl`: up, right, down, left). */
export const DIRECTION_LETTERS = 'urdl';

/**
 * One Sokoban level: a rectangular board in row-major order (`cell = y * width + x`).
 * Each entry of `cells` is a bit set of {@link WALL}, {@link GOAL} and {@link BOX}; 0 is floor.
 */
export interface Level {
  /** Board width in cells (longest row; shorter rows are padded with floor). */
  readonly width: number;
  /** Board height in rows. */
  readonly height: number;
  /** Row-major cell flags, `width * height` entries. */
  readonly cells: Uint8Array;
  /** The player's cell index. */
  readonly player: number;
  /** `Title:` line, if any. */
  readonly title?: string;
  /** `Author:` line, if any. */
  readonly author?: string;
  /** Comment lines (from `;` lines, free text and `Comment:` blocks), without the `;`. */
  readonly comments?: readonly string[];
  /** Other `Key: value` lines, in file order. */
  readonly properties?: readonly (readonly [key: string, value: string])[];
}

/** A file of levels (SOK 0.17 style): header lines, then the levels. */
export interface Collection {
  /** `Title:` of the collection header, if any. */
  readonly title?: string;
  /** `Author:` of the collection header, if any. */
  readonly author?: string;
  /** Header comments. */
  readonly comments: readonly string[];
  /** Other header `Key: value` lines. */
  readonly properties: readonly (readonly [key: string, value: string])[];
  /** The levels, in file order. */
  readonly levels: readonly Level[];
}

/** One push: the box's cell before the push and the direction it moves. */
export interface Push {
  /** Cell index (`y * width + x`) of the box before the push. */
  readonly box: number;
  /** Direction of the push. */
  readonly direction: Direction;
}

/** Cell offsets of the four directions on a board `width` wide, by {@link Direction} (grid's). */
export function directionOffsets(width: number): Int32Array {
  return neighbourOffsets(width);
}

/** Counts boxes and goals of a level. */
export function countBoxes(level: Level): { boxes: number; goals: number; boxesOnGoals: number } {
  let boxes = 0;
  let goals = 0;
  let on = 0;
  for (const c of level.cells) {
    if (c & BOX) boxes++;
    if (c & GOAL) goals++;
    if ((c & (BOX | GOAL)) === (BOX | GOAL)) on++;
  }
  return { boxes, goals, boxesOnGoals: on };
}
