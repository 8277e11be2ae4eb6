// The hot-path core shared by the path finder, the pair listing, the generator and the solver:
// a board padded with a one-cell ring (empty when the ring rule is on, blocked otherwise), cell
// values as integers in an Int32Array, and the maximal straight runs of empty cells ("segments").
//
// Cell values in `grid`: -1 blocked, 0 empty (or fixed, marked in `fixed`), t + 1 for tile id t.
// Tile ids index `face`.

import type { Gravity } from './model.js';

/** The padded, typed-array form of a board. */
export interface Engine {
  readonly rows: number;
  readonly cols: number;
  /** Padded width and height (cols + 2, rows + 2). */
  readonly pw: number;
  readonly ph: number;
  readonly size: number;
  readonly grid: Int32Array;
  /** Horizontal / vertical segment id of each empty cell, -1 elsewhere. */
  readonly hseg: Int32Array;
  readonly vseg: Int32Array;
  /** First and last padded index of each segment (indexed by segment id: its first cell). */
  readonly hStart: Int32Array;
  readonly hEnd: Int32Array;
  readonly vStart: Int32Array;
  readonly vEnd: Int32Array;
  /** Scratch marks with a running stamp, for set tests without clearing. */
  readonly markA: Int32Array;
  readonly markB: Int32Array;
  readonly markC: Int32Array;
  readonly markD: Int32Array;
  readonly tileMark: Int32Array;
  readonly tileTurns: Int32Array;
  /**
   * 1 on fixed cells: empty for paths (grid value 0) but never entered by a falling tile, so they
   * hold tiles up under gravity like blocked cells do (the holes of a shaped Onet board).
   */
  readonly fixed: Uint8Array;
  stamp: number;
}

export function createEngine(rows: number, cols: number, ring: boolean): Engine {
  const pw = cols + 2;
  const ph = rows + 2;
  const size = pw * ph;
  const grid = new Int32Array(size);
  if (!ring) {
    for (let c = 0; c < pw; c++) {
      grid[c] = -1;
      grid[(ph - 1) * pw + c] = -1;
    }
    for (let r = 0; r < ph; r++) {
      grid[r * pw] = -1;
      grid[r * pw + pw - 1] = -1;
    }
  }
  return {
    rows,
    cols,
    pw,
    ph,
    size,
    grid,
    hseg: new Int32Array(size),
    vseg: new Int32Array(size),
    hStart: new Int32Array(size),
    hEnd: new Int32Array(size),
    vStart: new Int32Array(size),
    vEnd: new Int32Array(size),
    markA: new Int32Array(size),
    markB: new Int32Array(size),
    markC: new Int32Array(size),
    markD: new Int32Array(size),
    tileMark: new Int32Array(size),
    tileTurns: new Int32Array(size),
    fixed: new Uint8Array(size),
    stamp: 0,
  };
}

/**
 * Writes a non-tile board value into padded cell i: blocked stays -1, a fixed cell is an empty grid
 * cell (paths cross it) marked in `fixed`, anything else empty.
 */
export function setFloor(e: Engine, i: number, value: number): void {
  e.grid[i] = value === -1 ? -1 : 0;
  e.fixed[i] = value === -2 ? 1 : 0;
}

/** Padded index of board cell (row, col). */
export function pad(e: Engine, row: number, col: number): number {
  return (row + 1) * e.pw + col + 1;
}

/** Board row and column of a padded index (the ring gives -1 or rows / cols). */
export function unpad(e: Engine, i: number): [number, number] {
  return [Math.floor(i / e.pw) - 1, (i % e.pw) - 1];
}

/**
 * Recomputes the maximal horizontal and vertical runs of empty cells. O(cells). A run's id is the
 * padded index of its first cell, so recomputing one row or column ({@link segmentRow},
 * {@link segmentColumn}) leaves every other run's id as it was: a search that knows which lines it
 * changed updates only those.
 */
export function computeSegments(e: Engine): void {
  for (let r = 0; r < e.ph; r++) segmentRow(e, r);
  for (let c = 0; c < e.pw; c++) segmentColumn(e, c);
}

/** Recomputes the horizontal runs of padded row `r`. O(row width). */
export function segmentRow(e: Engine, r: number): void {
  const { grid, hseg, hStart, hEnd, pw } = e;
  const base = r * pw;
  let c = 0;
  while (c < pw) {
    if (grid[base + c] !== 0) {
      hseg[base + c] = -1;
      c++;
      continue;
    }
    const id = base + c;
    hStart[id] = id;
    while (c < pw && grid[base + c] === 0) hseg[base + c++] = id;
    hEnd[id] = base + c - 1;
  }
}

/** Recomputes the vertical runs of padded column `c`. O(column height). */
export function segmentColumn(e: Engine, c: number): void {
  const { grid, vseg, vStart, vEnd, pw, ph } = e;
  let r = 0;
  while (r < ph) {
    const i = r * pw + c;
    if (grid[i] !== 0) {
      vseg[i] = -1;
      r++;
      continue;
    }
    vStart[i] = i;
    while (r < ph && grid[r * pw + c] === 0) vseg[r++ * pw + c] = i;
    vEnd[i] = (r - 1) * pw + c;
  }
}

function nextStamp(e: Engine): number {
  if (e.stamp >= 0x7ffffff0) {
    e.stamp = 0;
    e.markA.fill(0);
    e.markB.fill(0);
    e.markC.fill(0);
    e.markD.fill(0);
    e.tileMark.fill(0);
  }
  return ++e.stamp;
}

/**
 * Every tile linkable with the tile at padded index `a` (faces ignored) by a path of at most two
 * turns over empty cells; segments must be current. Writes partner cells to `out` and the fewest
 * turns of each to `turns`; returns how many. Cost O(cells): each segment is swept at most once per
 * role (first ray, middle segment, last segment).
 */
export function partnersOf(e: Engine, a: number, out: Int32Array, turns: Int32Array): number {
  const { grid, hseg, vseg, hStart, hEnd, vStart, vEnd, pw, size, markA, markB, markC, markD } = e;
  const { tileMark, tileTurns } = e;
  const s = nextStamp(e);
  let n = 0;
  const add = (cell: number, t: number): void => {
    if (cell === a) return;
    if (tileMark[cell] === s) {
      if (t < tileTurns[cell]!) {
        tileTurns[cell] = t;
        for (let k = 0; k < n; k++) if (out[k] === cell) turns[k] = t;
      }
      return;
    }
    tileMark[cell] = s;
    tileTurns[cell] = t;
    out[n] = cell;
    turns[n++] = t;
  };
  const hEnds = (h: number, t: number): void => {
    const lo = hStart[h]!;
    const hi = hEnd[h]!;
    if (lo % pw > 0 && grid[lo - 1]! > 0) add(lo - 1, t);
    if (hi % pw < pw - 1 && grid[hi + 1]! > 0) add(hi + 1, t);
  };
  const vEnds = (v: number, t: number): void => {
    const lo = vStart[v]!;
    const hi = vEnd[v]!;
    if (lo - pw >= 0 && grid[lo - pw]! > 0) add(lo - pw, t);
    if (hi + pw < size && grid[hi + pw]! > 0) add(hi + pw, t);
  };
  const col = a % pw;
  // Neighbours: adjacent tiles, and the tile at the far end of each straight ray (0 turns).
  if (col > 0) {
    if (grid[a - 1]! > 0) add(a - 1, 0);
    else if (grid[a - 1] === 0) hEnds(hseg[a - 1]!, 0);
  }
  if (col < pw - 1) {
    if (grid[a + 1]! > 0) add(a + 1, 0);
    else if (grid[a + 1] === 0) hEnds(hseg[a + 1]!, 0);
  }
  if (a - pw >= 0) {
    if (grid[a - pw]! > 0) add(a - pw, 0);
    else if (grid[a - pw] === 0) vEnds(vseg[a - pw]!, 0);
  }
  if (a + pw < size) {
    if (grid[a + pw]! > 0) add(a + pw, 0);
    else if (grid[a + pw] === 0) vEnds(vseg[a + pw]!, 0);
  }
  // Horizontal first ray → vertical middle segment (1 turn at its ends) → horizontal last segment.
  const own: number[] = [];
  if (col > 0 && grid[a - 1] === 0) own.push(hseg[a - 1]!);
  if (col < pw - 1 && grid[a + 1] === 0) own.push(hseg[a + 1]!);
  for (const h of own) markB[h] = s;
  for (const h of own) {
    for (let p = hStart[h]!; p <= hEnd[h]!; p++) {
      const v = vseg[p]!;
      if (markA[v] === s) continue;
      markA[v] = s;
      vEnds(v, 1);
      for (let q = vStart[v]!; q <= vEnd[v]!; q += pw) {
        const h2 = hseg[q]!;
        if (markB[h2] === s) continue;
        markB[h2] = s;
        hEnds(h2, 2);
      }
    }
  }
  // Vertical first ray → horizontal middle → vertical last.
  const ownV: number[] = [];
  if (a - pw >= 0 && grid[a - pw] === 0) ownV.push(vseg[a - pw]!);
  if (a + pw < size && grid[a + pw] === 0) ownV.push(vseg[a + pw]!);
  for (const v of ownV) markD[v] = s;
  for (const v of ownV) {
    for (let p = vStart[v]!; p <= vEnd[v]!; p += pw) {
      const h = hseg[p]!;
      if (markC[h] === s) continue;
      markC[h] = s;
      hEnds(h, 1);
      for (let q = hStart[h]!; q <= hEnd[h]!; q++) {
        const v2 = vseg[q]!;
        if (markD[v2] === s) continue;
        markD[v2] = s;
        vEnds(v2, 2);
      }
    }
  }
  return n;
}

/**
 * Writes into `hv` the vertical segments a path leaving tile `a` horizontally can turn into (plus
 * the vertical runs directly above and below `a`), and into `vh` the symmetric horizontal set.
 * Two tiles link iff they are adjacent or their `hv` sets or their `vh` sets intersect.
 * Writes the two set sizes to `counts[countAt]` and `counts[countAt + 1]`.
 */
export function linkSets(
  e: Engine,
  a: number,
  hv: Int32Array,
  hvAt: number,
  vh: Int32Array,
  vhAt: number,
  counts: Int32Array,
  countAt: number,
): void {
  const { grid, hseg, vseg, hStart, hEnd, vStart, vEnd, pw, size } = e;
  let nh = 0;
  let nv = 0;
  const col = a % pw;
  if (col > 0 && grid[a - 1] === 0) {
    const h = hseg[a - 1]!;
    vh[vhAt + nv++] = h;
    for (let p = hStart[h]!; p <= hEnd[h]!; p++) hv[hvAt + nh++] = vseg[p]!;
  }
  if (col < pw - 1 && grid[a + 1] === 0) {
    const h = hseg[a + 1]!;
    vh[vhAt + nv++] = h;
    for (let p = hStart[h]!; p <= hEnd[h]!; p++) hv[hvAt + nh++] = vseg[p]!;
  }
  if (a - pw >= 0 && grid[a - pw] === 0) {
    const v = vseg[a - pw]!;
    hv[hvAt + nh++] = v;
    for (let p = vStart[v]!; p <= vEnd[v]!; p += pw) vh[vhAt + nv++] = hseg[p]!;
  }
  if (a + pw < size && grid[a + pw] === 0) {
    const v = vseg[a + pw]!;
    hv[hvAt + nh++] = v;
    for (let p = vStart[v]!; p <= vEnd[v]!; p += pw) vh[vhAt + nv++] = hseg[p]!;
  }
  counts[countAt] = nh;
  counts[countAt + 1] = nv;
}

/**
 * Lets tiles fall in one board column (gravity up/down) or row (left/right) containing padded index
 * `at`. Blocked and fixed cells hold tiles up; empty cells do not. The ring never holds tiles.
 * Calls `moved(from, to)` for each tile that moves, if given.
 */
export function settleLine(
  e: Engine,
  gravity: Gravity,
  at: number,
  moved?: (from: number, to: number) => void,
): void {
  if (gravity === 'none') return;
  const { grid, fixed, pw, rows, cols } = e;
  let first: number;
  let step: number;
  let count: number;
  if (gravity === 'down' || gravity === 'up') {
    const c = at % pw;
    count = rows;
    step = gravity === 'down' ? -pw : pw;
    first = gravity === 'down' ? rows * pw + c : pw + c;
  } else {
    const r = Math.floor(at / pw);
    count = cols;
    step = gravity === 'right' ? -1 : 1;
    first = gravity === 'right' ? r * pw + cols : r * pw + 1;
  }
  // Walk from the floor side against the fall; `w` is where the next tile lands.
  let w = first;
  let i = first;
  for (let k = 0; k < count; k++, i += step) {
    const v = grid[i]!;
    if (v === -1 || fixed[i] === 1) w = i + step;
    else if (v > 0) {
      if (w !== i) {
        grid[w] = v;
        grid[i] = 0;
        moved?.(i, w);
      }
      w += step;
    }
  }
}

/** Settles the whole board. */
export function settleAll(e: Engine, gravity: Gravity): void {
  if (gravity === 'none') return;
  if (gravity === 'down' || gravity === 'up')
    for (let c = 0; c < e.cols; c++) settleLine(e, gravity, e.pw + c + 1);
  else for (let r = 0; r < e.rows; r++) settleLine(e, gravity, (r + 1) * e.pw + 1);
}

/** True when no tile would move under `gravity`. */
export function isSettled(e: Engine, gravity: Gravity): boolean {
  if (gravity === 'none') return true;
  const copy = e.grid.slice();
  settleAll(e, gravity);
  let same = true;
  for (let i = 0; i < copy.length; i++) if (copy[i] !== e.grid[i]) same = false;
  e.grid.set(copy);
  return same;
}
