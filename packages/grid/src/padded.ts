import { InvalidInputError } from '@puzzlekit/errors';
import { DX4, DX8, DY4, DY8 } from './direction.js';
import { checkCellValue, type Connectivity, type Grid, type GridCells } from './grid.js';

/*
 * Padded boards: a grid with a ring of wall cells around it, so that a hot loop can step from any
 * inner cell by adding a constant offset (`index + offsets[d]`) without bounds checks — the ring
 * stops every walk before it can leave the array or wrap onto the next row.
 */

/**
 * The index step of each direction on a board `width` cells wide, in the package's one direction
 * order: indexed by {@link Direction4} (0 up, 1 right, 2 down, 3 left → `[-width, 1, width, -1]`), or
 * by {@link Direction8} for `connectivity` 8 (N, NE, E, SE, S, SW, W, NW). Meant for padded boards
 * (see {@link padGrid}): on an unpadded board, a step off an edge wraps or leaves the array.
 *
 * @throws InvalidInputError (code `INVALID_SIZE`) unless `width` is a positive integer.
 */
export function neighbourOffsets(width: number, connectivity: Connectivity = 4): Int32Array {
  if (!Number.isInteger(width) || width < 1 || width > 0x7fffffff) {
    throw new InvalidInputError(`board width must be a positive integer, got ${width}`, {
      code: 'INVALID_SIZE',
    });
  }
  const dxs = connectivity === 8 ? DX8 : DX4;
  const dys = connectivity === 8 ? DY8 : DY4;
  const out = new Int32Array(dxs.length);
  for (let d = 0; d < dxs.length; d++) out[d] = dys[d]! * width + dxs[d]!;
  return out;
}

function checkBorder(border: number): void {
  if (!Number.isInteger(border) || border < 0 || border > 0xffff) {
    throw new InvalidInputError(`border must be an integer in 0..65535, got ${border}`, {
      code: 'INVALID_BORDER',
    });
  }
}

/**
 * A copy of `grid` with `border` (default 1) extra cells of value `wall` on every side: cell (x, y) of
 * `grid` is cell (x + border, y + border) of the result. See {@link padIndex} / {@link unpadIndex}
 * for mapping indices, {@link unpadGrid} for the way back.
 *
 * @throws InvalidInputError (code `INVALID_VALUE`) when `wall` does not fit the cell type, (code
 *   `INVALID_BORDER`) for a bad border, (code `INVALID_SIZE`) when the padded grid is too large.
 */
export function padGrid<C extends GridCells>(grid: Grid<C>, wall: number, border = 1): Grid<C> {
  checkBorder(border);
  checkCellValue(grid.cells, wall);
  const { width, height, cells } = grid;
  const pw = width + 2 * border;
  const ph = height + 2 * border;
  if (pw * ph > 0x7fffffff) {
    throw new InvalidInputError(`padded grid of ${pw}×${ph} cells is too large`, {
      code: 'INVALID_SIZE',
    });
  }
  const out = (
    cells instanceof Uint8Array ? new Uint8Array(pw * ph) : new Int32Array(pw * ph)
  ) as C;
  if (wall !== 0) out.fill(wall);
  for (let y = 0; y < height; y++) {
    out.set(cells.subarray(y * width, (y + 1) * width), (y + border) * pw + border);
  }
  return { width: pw, height: ph, cells: out };
}

/**
 * The inner part of a padded grid: `border` (default 1) cells cut from every side.
 *
 * @throws InvalidInputError (code `INVALID_BORDER`) when the grid is too small for the border.
 */
export function unpadGrid<C extends GridCells>(padded: Grid<C>, border = 1): Grid<C> {
  checkBorder(border);
  const width = padded.width - 2 * border;
  const height = padded.height - 2 * border;
  if (width < 0 || height < 0) {
    throw new InvalidInputError(
      `a ${padded.width}×${padded.height} grid has no inside within a border of ${border}`,
      { code: 'INVALID_BORDER' },
    );
  }
  const src = padded.cells;
  const out = (
    src instanceof Uint8Array ? new Uint8Array(width * height) : new Int32Array(width * height)
  ) as C;
  for (let y = 0; y < height; y++) {
    const from = (y + border) * padded.width + border;
    out.set(src.subarray(from, from + width), y * width);
  }
  return { width, height, cells: out };
}

/**
 * The padded index of cell `index` of an unpadded board `width` cells wide (no range check: pass
 * indices of the unpadded board).
 */
export function padIndex(index: number, width: number, border = 1): number {
  const x = index % width;
  const y = (index - x) / width;
  return (y + border) * (width + 2 * border) + x + border;
}

/**
 * The unpadded index of padded cell `padded` (the inverse of {@link padIndex}), or -1 when it lies in
 * the border or off the board. `width` and `height` are the unpadded size.
 */
export function unpadIndex(padded: number, width: number, height: number, border = 1): number {
  const pw = width + 2 * border;
  const px = padded % pw;
  const py = (padded - px) / pw;
  const x = px - border;
  const y = py - border;
  if (x < 0 || x >= width || y < 0 || y >= height) return -1;
  return y * width + x;
}
