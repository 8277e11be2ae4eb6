import { PuzzlekitError } from '@puzzlekit/errors';

/** A cell value: a wall no tile and no path may enter (`#` in the text format). */
export const BLOCKED = -1;
/** A cell value: an empty cell a path may cross (`.` in the text format). */
export const EMPTY = 0;
/**
 * A cell value: a fixed cell (`:` in the text format). Paths cross it like an empty cell, but no
 * tile ever falls into it: under gravity it holds tiles up like a blocked cell. Commercial Onet
 * games use such cells for the holes of shaped boards, so the shape survives gravity.
 */
export const FIXED = -2;

/**
 * A Lianliankan / Onet / Shisen-Sho board: `rows × cols` cells in row-major order
 * (`cells[row * cols + col]`). A cell is {@link FIXED} (-2), {@link BLOCKED} (-1), {@link EMPTY} (0)
 * or a tile whose face is a positive integer (1 is `A` in the text format).
 */
export interface Board {
  /** Number of rows. */
  readonly rows: number;
  /** Number of columns. */
  readonly cols: number;
  /** Row-major cell values: -2 fixed, -1 blocked, 0 empty, ≥ 1 a tile's face. */
  readonly cells: readonly number[];
}

/**
 * A layout mask: which cells take a tile. `cells[row * cols + col]` is 1 (a tile goes here),
 * 0 (an empty cell paths may cross), -1 (a blocked cell) or -2 (a fixed cell: empty for paths, but
 * tiles never fall into it).
 */
export interface Mask {
  /** Number of rows. */
  readonly rows: number;
  /** Number of columns. */
  readonly cols: number;
  /** Row-major values: 1 tile, 0 empty, -1 blocked, -2 fixed. */
  readonly cells: readonly (-2 | -1 | 0 | 1)[];
}

/** A cell position `[row, col]`, 0-based. Path points on the outer ring use row −1 or `rows`, col −1 or `cols`. */
export type Cell = readonly [row: number, col: number];

/** One play: the two tiles removed together, `[[r1, c1], [r2, c2]]`. */
export type Move = readonly [Cell, Cell];

/**
 * Where tiles fall after a pair is removed (as many Onet levels do). `none`: tiles stay put;
 * `down`: each tile falls towards the bottom row until it meets a tile, a blocked cell or the edge;
 * `up`, `left`, `right` likewise. Empty (`.`) cells do not hold tiles up; blocked (`#`) and fixed
 * (`:`) cells do.
 */
export type Gravity = 'none' | 'down' | 'up' | 'left' | 'right';

/** Every gravity variant, in a fixed order. */
export const GRAVITIES: readonly Gravity[] = ['none', 'down', 'up', 'left', 'right'];

/** The rule variant a board is played under. */
export interface RuleOptions {
  /**
   * Whether a path may run through the one-cell ring of empty cells around the board (default true,
   * as in the classic games).
   */
  readonly ring?: boolean;
  /** Gravity after each removal (default `none`). */
  readonly gravity?: Gravity;
}

/** A move or solution that breaks the rules (tiles differ, no path of at most two turns, empty cell…). */
export class IllegalMoveError extends PuzzlekitError {
  /** Index of the offending move in the solution, when replaying one. */
  readonly index: number | undefined;

  constructor(message: string, index?: number) {
    super('ILLEGAL_MOVE', index === undefined ? message : `move ${index + 1}: ${message}`);
    this.index = index;
  }
}
