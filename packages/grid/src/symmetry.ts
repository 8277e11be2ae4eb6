import { InvalidInputError } from '@puzzlekit/errors';
import type { Point } from './direction.js';
import type { Grid, GridCells } from './grid.js';

/**
 * The eight symmetries of a rectangle (the dihedral group D4). Rotations turn clockwise as seen on
 * screen (y down); `mirrorX` flips left↔right, `mirrorY` flips top↔bottom, `transpose` swaps x and y
 * (flip along the main diagonal), `antiTranspose` flips along the other diagonal.
 */
export type Symmetry =
  | 'identity'
  | 'rotate90'
  | 'rotate180'
  | 'rotate270'
  | 'mirrorX'
  | 'mirrorY'
  | 'transpose'
  | 'antiTranspose';

/** All eight symmetries, identity first. */
export const SYMMETRIES: readonly Symmetry[] = [
  'identity',
  'rotate90',
  'rotate180',
  'rotate270',
  'mirrorX',
  'mirrorY',
  'transpose',
  'antiTranspose',
];

/** The symmetry that undoes `s` (rotate90 ↔ rotate270; every other one undoes itself). */
export function inverseSymmetry(s: Symmetry): Symmetry {
  return s === 'rotate90' ? 'rotate270' : s === 'rotate270' ? 'rotate90' : s;
}

/** True for the symmetries that swap width and height. */
export function swapsAxes(s: Symmetry): boolean {
  return s === 'rotate90' || s === 'rotate270' || s === 'transpose' || s === 'antiTranspose';
}

/**
 * Where the cell at `p` of a `width × height` grid lands after applying `s` to the grid.
 * Plain arithmetic: `p` need not be on the grid.
 */
export function transformPoint(s: Symmetry, p: Point, width: number, height: number): Point {
  const { x, y } = p;
  switch (s) {
    case 'identity':
      return { x, y };
    case 'rotate90':
      return { x: height - 1 - y, y: x };
    case 'rotate180':
      return { x: width - 1 - x, y: height - 1 - y };
    case 'rotate270':
      return { x: y, y: width - 1 - x };
    case 'mirrorX':
      return { x: width - 1 - x, y };
    case 'mirrorY':
      return { x, y: height - 1 - y };
    case 'transpose':
      return { x: y, y: x };
    case 'antiTranspose':
      return { x: height - 1 - y, y: width - 1 - x };
    default:
      throw new InvalidInputError(`unknown symmetry '${String(s)}'`, { code: 'INVALID_SYMMETRY' });
  }
}

/** A new grid: `grid` with symmetry `s` applied (same cell array type; the input is untouched). */
export function transformGrid<C extends GridCells>(grid: Grid<C>, s: Symmetry): Grid<C> {
  const { width: w, height: h, cells } = grid;
  const swap = swapsAxes(s);
  const nw = swap ? h : w;
  const nh = swap ? w : h;
  const out = new (cells.constructor as new (n: number) => C)(cells.length);
  // The map is affine, so new index = base + x·sx + y·sy.
  const at = (x: number, y: number): number => {
    const q = transformPoint(s, { x, y }, w, h);
    return q.y * nw + q.x;
  };
  const base = at(0, 0);
  const sx = at(1, 0) - base;
  const sy = at(0, 1) - base;
  let i = 0;
  for (let y = 0; y < h; y++) {
    let j = base + y * sy;
    for (let x = 0; x < w; x++, i++, j += sx) out[j] = cells[i]!;
  }
  return { width: nw, height: nh, cells: out };
}

/** The grid turned a quarter turn clockwise (a `w × h` grid becomes `h × w`). */
export function rotate90<C extends GridCells>(grid: Grid<C>): Grid<C> {
  return transformGrid(grid, 'rotate90');
}

/** The grid turned half a turn. */
export function rotate180<C extends GridCells>(grid: Grid<C>): Grid<C> {
  return transformGrid(grid, 'rotate180');
}

/** The grid turned a quarter turn anticlockwise (three quarter turns clockwise). */
export function rotate270<C extends GridCells>(grid: Grid<C>): Grid<C> {
  return transformGrid(grid, 'rotate270');
}

/** The grid mirrored left↔right. */
export function mirrorX<C extends GridCells>(grid: Grid<C>): Grid<C> {
  return transformGrid(grid, 'mirrorX');
}

/** The grid mirrored top↔bottom. */
export function mirrorY<C extends GridCells>(grid: Grid<C>): Grid<C> {
  return transformGrid(grid, 'mirrorY');
}

/** The grid flipped along its main diagonal (x and y swapped). */
export function transpose<C extends GridCells>(grid: Grid<C>): Grid<C> {
  return transformGrid(grid, 'transpose');
}

/** True when two grids have the same size and the same cell values (array types may differ). */
export function gridsEqual(a: Grid, b: Grid): boolean {
  if (a.width !== b.width || a.height !== b.height || a.cells.length !== b.cells.length)
    return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}
