import { InvalidInputError } from '@puzzlekit/errors';
import { DX4, DX8, DY4, DY8 } from './direction.js';
import { checkCellValue, type Connectivity, type Grid } from './grid.js';

/**
 * Which cells may be entered: a predicate over a cell's value and index, or a mask with one byte
 * per cell (non-zero = passable). A mask is the fast form; a predicate is turned into one mask
 * up front (one call per cell).
 */
export type Passable = ((value: number, index: number) => boolean) | Uint8Array;

/** Turns a {@link Passable} into a mask with one byte per cell (1 passable, 0 blocked). */
export function passableMask(grid: Grid, passable: Passable): Uint8Array {
  const n = grid.width * grid.height;
  if (passable instanceof Uint8Array) {
    if (passable.length !== n) {
      throw new InvalidInputError(`mask has ${passable.length} entries, grid has ${n} cells`, {
        code: 'INVALID_MASK',
      });
    }
    return passable;
  }
  const mask = new Uint8Array(n);
  const cells = grid.cells;
  for (let i = 0; i < n; i++) mask[i] = passable(cells[i]!, i) ? 1 : 0;
  return mask;
}

function checkIndex(grid: Grid, index: number, what: string): void {
  if (!Number.isInteger(index) || index < 0 || index >= grid.width * grid.height) {
    throw new InvalidInputError(
      `${what} ${index} is not a cell of the ${grid.width}×${grid.height} grid`,
      { code: 'OUT_OF_BOUNDS' },
    );
  }
}

/**
 * Breadth-first walk over passable cells from `sources`: the cells reached, in visiting order, plus
 * their distances. `dist` must be filled with -1 and is written in place. Sources get distance 0
 * whatever their passability (the walker already stands there).
 */
function bfs(
  width: number,
  height: number,
  mask: Uint8Array,
  sources: readonly number[],
  connectivity: Connectivity,
  dist: Int32Array,
  queue: Int32Array,
): number {
  const dxs = connectivity === 8 ? DX8 : DX4;
  const dys = connectivity === 8 ? DY8 : DY4;
  const dirs = dxs.length;
  let tail = 0;
  for (const s of sources) {
    if (dist[s] === -1) {
      dist[s] = 0;
      queue[tail++] = s;
    }
  }
  let head = 0;
  while (head < tail) {
    const c = queue[head++]!;
    const x = c % width;
    const y = (c - x) / width;
    const nd = dist[c]! + 1;
    for (let d = 0; d < dirs; d++) {
      const nx = x + dxs[d]!;
      const ny = y + dys[d]!;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const ni = ny * width + nx;
      if (dist[ni] !== -1 || mask[ni] === 0) continue;
      dist[ni] = nd;
      queue[tail++] = ni;
    }
  }
  return tail;
}

function toSources(grid: Grid, sources: number | readonly number[]): readonly number[] {
  const list = typeof sources === 'number' ? [sources] : sources;
  for (const s of list) checkIndex(grid, s, 'source cell');
  return list;
}

/**
 * BFS distance map: the fewest steps from the nearest source to every cell through passable cells,
 * -1 where unreachable. Sources (cell indices) are at distance 0 even if they are not passable.
 * Iterative, O(cells), typed arrays only.
 *
 * @throws InvalidInputError (code `OUT_OF_BOUNDS`) for a source that is not a cell.
 */
export function distanceMap(
  grid: Grid,
  sources: number | readonly number[],
  passable: Passable,
  connectivity: Connectivity = 4,
): Int32Array {
  const list = toSources(grid, sources);
  const mask = passableMask(grid, passable);
  const n = grid.width * grid.height;
  const dist = new Int32Array(n).fill(-1);
  bfs(grid.width, grid.height, mask, list, connectivity, dist, new Int32Array(n));
  return dist;
}

/**
 * The cells reachable from `start` through passable cells (including `start` itself, even when it
 * is not passable), as cell indices in breadth-first order.
 *
 * @throws InvalidInputError (code `OUT_OF_BOUNDS`) when `start` is not a cell.
 */
export function floodFill(
  grid: Grid,
  start: number,
  passable: Passable,
  connectivity: Connectivity = 4,
): Int32Array {
  const list = toSources(grid, start);
  const mask = passableMask(grid, passable);
  const n = grid.width * grid.height;
  const dist = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const count = bfs(grid.width, grid.height, mask, list, connectivity, dist, queue);
  return queue.slice(0, count);
}

/**
 * Paint-bucket fill in place: every cell connected to `start` through cells of `start`'s value
 * gets `value`. Returns how many cells changed (0 when the region already has that value).
 *
 * @throws InvalidInputError (code `OUT_OF_BOUNDS`) when `start` is not a cell, (code `INVALID_VALUE`)
 *   when `value` does not fit the cell type (a wrapped write could never finish the fill).
 */
export function fillRegion(
  grid: Grid,
  start: number,
  value: number,
  connectivity: Connectivity = 4,
): number {
  checkIndex(grid, start, 'start cell');
  const cells = grid.cells;
  checkCellValue(cells, value);
  const old = cells[start]!;
  if (old === value) return 0;
  const { width, height } = grid;
  const dxs = connectivity === 8 ? DX8 : DX4;
  const dys = connectivity === 8 ? DY8 : DY4;
  // Writing the new value marks a cell as visited; the region cannot contain `value` cells.
  const stack = new Int32Array(width * height);
  let top = 0;
  stack[top++] = start;
  cells[start] = value;
  let count = 1;
  while (top > 0) {
    const c = stack[--top]!;
    const x = c % width;
    const y = (c - x) / width;
    for (let d = 0; d < dxs.length; d++) {
      const nx = x + dxs[d]!;
      const ny = y + dys[d]!;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const ni = ny * width + nx;
      if (cells[ni] !== old) continue;
      cells[ni] = value;
      stack[top++] = ni;
      count++;
    }
  }
  return count;
}

/** Result of {@link connectedComponents}. */
export interface Components {
  /** Component label of each cell, 0..count−1, or -1 for cells that take no part. */
  readonly labels: Int32Array;
  /** Number of components. */
  readonly count: number;
  /** Cell count of each component, indexed by label. */
  readonly sizes: Int32Array;
}

/**
 * Labels connected regions. Without `passable`, a component is a maximal set of connected cells
 * holding the same value (every cell is labelled). With `passable`, only passable cells are
 * labelled and any two adjacent passable cells join, whatever their values.
 * Labels are numbered in row-major order of each component's first cell, so they are deterministic.
 */
export function connectedComponents(
  grid: Grid,
  passable?: Passable,
  connectivity: Connectivity = 4,
): Components {
  const { width, height, cells } = grid;
  const n = width * height;
  const mask = passable === undefined ? undefined : passableMask(grid, passable);
  const labels = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const sizes: number[] = [];
  const dxs = connectivity === 8 ? DX8 : DX4;
  const dys = connectivity === 8 ? DY8 : DY4;
  let count = 0;
  for (let s = 0; s < n; s++) {
    if (labels[s] !== -1 || (mask !== undefined && mask[s] === 0)) continue;
    const label = count++;
    const value = cells[s]!;
    let size = 1;
    let top = 0;
    labels[s] = label;
    stack[top++] = s;
    while (top > 0) {
      const c = stack[--top]!;
      const x = c % width;
      const y = (c - x) / width;
      for (let d = 0; d < dxs.length; d++) {
        const nx = x + dxs[d]!;
        const ny = y + dys[d]!;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const ni = ny * width + nx;
        if (labels[ni] !== -1) continue;
        if (mask === undefined ? cells[ni] !== value : mask[ni] === 0) continue;
        labels[ni] = label;
        stack[top++] = ni;
        size++;
      }
    }
    sizes.push(size);
  }
  return { labels, count, sizes: Int32Array.from(sizes) };
}
