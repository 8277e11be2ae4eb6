import { InvalidInputError } from '@puzzlekit/errors';
import { DX4, DX8, DY4, DY8, type Point } from './direction.js';

/** The cell storage a grid may use: bytes for tile codes, 32-bit integers for labels or counts. */
export type GridCells = Uint8Array | Int32Array;

/**
 * A rectangular grid as plain data: cell (x, y) is `cells[y * width + x]`.
 * Functions in this package never keep a grid; they read it or return a new one.
 */
export interface Grid<C extends GridCells = GridCells> {
  /** Number of columns. */
  readonly width: number;
  /** Number of rows. */
  readonly height: number;
  /** Row-major cells, `width * height` long. */
  readonly cells: C;
}

/** Which neighbours count as adjacent: 4 orthogonal ones, or 8 including diagonals. */
export type Connectivity = 4 | 8;

/** Largest cell count a grid may have (typed-array indices stay 32-bit integers). */
export const MAX_CELLS = 0x7fffffff;

function checkSize(width: number, height: number): void {
  if (!Number.isInteger(width) || width < 0 || !Number.isInteger(height) || height < 0) {
    throw new InvalidInputError(`grid size must be non-negative integers, got ${width}×${height}`, {
      code: 'INVALID_SIZE',
    });
  }
  if (width * height > MAX_CELLS) {
    throw new InvalidInputError(`grid of ${width}×${height} cells is too large`, {
      code: 'INVALID_SIZE',
    });
  }
}

/**
 * Internal: throws unless `value` is stored unchanged by `cells`' array type (0..255 for bytes, a
 * 32-bit integer for `Int32Array`), so no write silently wraps around.
 */
export function checkCellValue(cells: GridCells, value: number): void {
  const ok =
    Number.isInteger(value) &&
    (cells instanceof Uint8Array
      ? value >= 0 && value <= 255
      : value >= -0x80000000 && value <= 0x7fffffff);
  if (!ok) {
    throw new InvalidInputError(
      `value ${value} does not fit a ${cells instanceof Uint8Array ? 'Uint8Array' : 'Int32Array'} cell`,
      { code: 'INVALID_VALUE' },
    );
  }
}

/** A `width × height` grid of bytes, every cell set to `fill` (default 0). */
export function createGrid(width: number, height: number, fill = 0): Grid<Uint8Array> {
  checkSize(width, height);
  const cells = new Uint8Array(width * height);
  checkCellValue(cells, fill);
  if (fill !== 0) cells.fill(fill);
  return { width, height, cells };
}

/** A `width × height` grid of 32-bit integers, every cell set to `fill` (default 0). */
export function createInt32Grid(width: number, height: number, fill = 0): Grid<Int32Array> {
  checkSize(width, height);
  const cells = new Int32Array(width * height);
  checkCellValue(cells, fill);
  if (fill !== 0) cells.fill(fill);
  return { width, height, cells };
}

/**
 * Checks that `grid` is well formed (non-negative integer sizes, `cells.length === width * height`)
 * and returns it, so that data from outside can be validated once.
 *
 * @throws InvalidInputError (code `INVALID_GRID`) otherwise.
 */
export function assertGrid<C extends GridCells>(grid: Grid<C>): Grid<C> {
  checkSize(grid.width, grid.height);
  if (grid.cells.length !== grid.width * grid.height) {
    throw new InvalidInputError(
      `grid has ${grid.cells.length} cells, expected ${grid.width}×${grid.height} = ${grid.width * grid.height}`,
      { path: '$.cells', code: 'INVALID_GRID' },
    );
  }
  return grid;
}

/** A copy of the grid with its own cell array. */
export function cloneGrid<C extends GridCells>(grid: Grid<C>): Grid<C> {
  return { width: grid.width, height: grid.height, cells: grid.cells.slice() as C };
}

/** True when (x, y) lies on the grid. */
export function inBounds(grid: Pick<Grid, 'width' | 'height'>, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < grid.width && y < grid.height;
}

/** Cell index `y * width + x` of (x, y); no bounds check (see {@link inBounds}). */
export function indexOf(grid: Pick<Grid, 'width'>, x: number, y: number): number {
  return y * grid.width + x;
}

/** The point of a cell index. */
export function pointOf(grid: Pick<Grid, 'width'>, index: number): Point {
  return { x: index % grid.width, y: Math.floor(index / grid.width) };
}

/**
 * The value at (x, y), or `outside` (default -1) when (x, y) is off the grid — handy for treating
 * the border as a wall without bounds checks at the call site.
 */
export function cellAt(grid: Grid, x: number, y: number, outside = -1): number {
  return inBounds(grid, x, y) ? grid.cells[y * grid.width + x]! : outside;
}

/**
 * Sets the value at (x, y) in place.
 *
 * @throws InvalidInputError (code `OUT_OF_BOUNDS`) when (x, y) is off the grid, (code
 *   `INVALID_VALUE`) when the value does not fit the cell type.
 */
export function setCell(grid: Grid, x: number, y: number, value: number): void {
  if (!inBounds(grid, x, y)) {
    throw new InvalidInputError(`(${x}, ${y}) is outside the ${grid.width}×${grid.height} grid`, {
      code: 'OUT_OF_BOUNDS',
    });
  }
  checkCellValue(grid.cells, value);
  grid.cells[y * grid.width + x] = value;
}

/**
 * Writes the in-bounds neighbours of cell `index` into `out` (which needs room for 4 or 8 entries)
 * and returns how many there are. Order: clockwise from up (the {@link Direction4} or
 * {@link Direction8} order). Allocation-free, for hot loops.
 */
export function neighboursInto(
  grid: Pick<Grid, 'width' | 'height'>,
  index: number,
  out: Int32Array,
  connectivity: Connectivity = 4,
): number {
  const w = grid.width;
  const x = index % w;
  const y = (index - x) / w;
  const dxs = connectivity === 8 ? DX8 : DX4;
  const dys = connectivity === 8 ? DY8 : DY4;
  let n = 0;
  for (let d = 0; d < dxs.length; d++) {
    const nx = x + dxs[d]!;
    const ny = y + dys[d]!;
    if (nx >= 0 && ny >= 0 && nx < w && ny < grid.height) out[n++] = ny * w + nx;
  }
  return n;
}

/** The in-bounds neighbour indices of cell `index`, clockwise from up. */
export function neighbours(
  grid: Pick<Grid, 'width' | 'height'>,
  index: number,
  connectivity: Connectivity = 4,
): number[] {
  const out = new Int32Array(8);
  const n = neighboursInto(grid, index, out, connectivity);
  return Array.from(out.subarray(0, n));
}
