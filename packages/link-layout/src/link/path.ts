import { unpad, type Engine } from '../engine.js';
import type { Board, Cell, Move, RuleOptions } from '../model.js';
import { createLister } from './lister.js';
import { computeSegments } from '../engine.js';
import { cellIndex, loadBoard } from './load.js';

/** Empty cells strictly between padded a and b, which share a row or column. */
function clear(e: Engine, a: number, b: number): boolean {
  const { pw, grid } = e;
  const step = Math.floor(a / pw) === Math.floor(b / pw) ? 1 : pw;
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  for (let i = lo + step; i < hi; i += step) if (grid[i] !== 0) return false;
  return true;
}

function aligned(e: Engine, a: number, b: number): boolean {
  return Math.floor(a / e.pw) === Math.floor(b / e.pw) || a % e.pw === b % e.pw;
}

function length(e: Engine, pts: number[]): number {
  let s = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    s += Math.abs(Math.floor(a / e.pw) - Math.floor(b / e.pw)) + Math.abs((a % e.pw) - (b % e.pw));
  }
  return s;
}

/**
 * The shortest path of fewest turns (≤ 2) between padded cells a and b over empty cells, as its
 * turning points including both ends; null when there is none. Faces are not checked here.
 */
export function pathBetween(e: Engine, a: number, b: number): number[] | null {
  if (a === b) return null;
  if (aligned(e, a, b) && clear(e, a, b)) return [a, b];
  const { pw, grid } = e;
  const ra = Math.floor(a / pw);
  const ca = a % pw;
  const rb = Math.floor(b / pw);
  const cb = b % pw;
  let best: number[] | null = null;
  let bestLen = Infinity;
  const consider = (pts: number[]): void => {
    const len = length(e, pts);
    if (len < bestLen) {
      best = pts;
      bestLen = len;
    }
  };
  for (const k of [ra * pw + cb, rb * pw + ca]) {
    if (grid[k] === 0 && clear(e, a, k) && clear(e, k, b)) consider([a, k, b]);
  }
  if (best) return best;
  // Two turns: walk each straight ray from a over empty cells; from each p turn towards b's line.
  const dirs = [1, -1, pw, -pw];
  for (const d of dirs) {
    for (let p = a + d; p >= 0 && p < e.size && grid[p] === 0; p += d) {
      if ((d === 1 || d === -1) && Math.floor(p / pw) !== ra) break;
      // Second corner q: on b's row if we move horizontally now (then go vertical), else b's column.
      const q = d === 1 || d === -1 ? rb * pw + (p % pw) : Math.floor(p / pw) * pw + cb;
      if (q === p || grid[q] !== 0) continue;
      if (clear(e, p, q) && clear(e, q, b)) consider([a, p, q, b]);
    }
  }
  return best;
}

/** Converts padded turning points to board cells (the ring appears as row −1 / rows, col −1 / cols). */
function toCells(e: Engine, pts: number[]): Cell[] {
  return pts.map((i) => unpad(e, i));
}

/**
 * A link path between the tiles at `from` and `to`: its turning points (both ends included, at most
 * two corners), over empty cells and the outer ring when the ring is on. Returns null when the tiles
 * differ, a cell is not a tile, or no path of at most two turns exists. Among paths with the fewest
 * turns, a shortest one is returned.
 *
 * @throws InvalidInputError when a cell is off the board or the board is malformed.
 */
export function findPath(
  board: Board,
  from: Cell,
  to: Cell,
  options: RuleOptions = {},
): Cell[] | null {
  const { e, faceOf } = loadBoard(board, { ring: options.ring ?? true }, false, false);
  const a = cellIndex(e, from, '$.from');
  const b = cellIndex(e, to, '$.to');
  const va = e.grid[a]!;
  const vb = e.grid[b]!;
  if (va <= 0 || vb <= 0 || a === b || faceOf[va - 1] !== faceOf[vb - 1]) return null;
  const pts = pathBetween(e, a, b);
  return pts ? toCells(e, pts) : null;
}

/** True when the two tiles are equal and linked by a path of at most two turns. */
export function canLink(board: Board, from: Cell, to: Cell, options: RuleOptions = {}): boolean {
  return findPath(board, from, to, options) !== null;
}

/**
 * Every playable pair on the board: equal tiles linked by a path of at most two turns. Fast: each
 * tile's straight rays and the perpendicular runs they cross are scanned once (O(tiles × (rows +
 * cols))), and two tiles link exactly when those run sets meet — no path search per pair. Pairs are
 * listed with the first cell before the second in row-major order, sorted.
 */
export function playablePairs(board: Board, options: RuleOptions = {}): Move[] {
  const { e, faceOf, maxFace } = loadBoard(board, { ring: options.ring ?? true }, false, false);
  computeSegments(e);
  const lister = createLister(e, maxFace);
  const n = lister.list(faceOf);
  const out: Move[] = [];
  for (let k = 0; k < n; k++) {
    const x = lister.a[k]!;
    const y = lister.b[k]!;
    const [p, q] = x < y ? [x, y] : [y, x];
    out.push([unpad(e, p), unpad(e, q)]);
  }
  out.sort(
    (m, n2) => m[0][0] - n2[0][0] || m[0][1] - n2[0][1] || m[1][0] - n2[1][0] || m[1][1] - n2[1][1],
  );
  return out;
}

/** True when tiles remain but no pair is playable (the player is stuck; a shuffle is needed). */
export function isDeadlocked(board: Board, options: RuleOptions = {}): boolean {
  return board.cells.some((v) => v > 0) && playablePairs(board, options).length === 0;
}
