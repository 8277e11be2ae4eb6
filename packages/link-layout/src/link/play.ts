import { settleLine, unpad, type Engine } from '../engine.js';
import {
  BLOCKED,
  EMPTY,
  FIXED,
  IllegalMoveError,
  type Board,
  type Cell,
  type Move,
  type RuleOptions,
} from '../model.js';
import { cellIndex, loadBoard } from './load.js';
import { pathBetween } from './path.js';

/** Board form of an engine's grid with the given faces. */
export function engineToBoard(e: Engine, faceOf: Int32Array): Board {
  const cells: number[] = [];
  for (let r = 0; r < e.rows; r++)
    for (let c = 0; c < e.cols; c++) {
      const i = (r + 1) * e.pw + c + 1;
      const v = e.grid[i]!;
      cells.push(v > 0 ? faceOf[v - 1]! : v === -1 ? BLOCKED : e.fixed[i] === 1 ? FIXED : EMPTY);
    }
  return { rows: e.rows, cols: e.cols, cells };
}

/**
 * Removes tiles at padded a and b, then lets tiles fall (the lines of both removed tiles); `moved`
 * hears of every tile that falls (an undo log).
 */
export function removeAndSettle(
  e: Engine,
  a: number,
  b: number,
  gravity: RuleOptions['gravity'],
  moved?: (from: number, to: number) => void,
): void {
  e.grid[a] = 0;
  e.grid[b] = 0;
  if (gravity && gravity !== 'none') {
    settleLine(e, gravity, a, moved);
    const sameLine =
      gravity === 'down' || gravity === 'up'
        ? a % e.pw === b % e.pw
        : Math.floor(a / e.pw) === Math.floor(b / e.pw);
    if (!sameLine) settleLine(e, gravity, b, moved);
  }
}

/** The result of replaying a solution. */
export interface ReplayResult {
  /** True when every move was legal. */
  readonly ok: boolean;
  /** True when the board is empty of tiles at the end. */
  readonly cleared: boolean;
  /** The board after the legal prefix of the moves. */
  readonly board: Board;
  /** The link path of each legal move (turning points). */
  readonly paths: readonly (readonly Cell[])[];
  /** Why replay stopped, when `ok` is false. */
  readonly error?: string;
  /** Index of the first illegal move, when `ok` is false. */
  readonly failedAt?: number;
}

/**
 * Replays `moves` from `board` under the rules (equal faces, a path of at most two turns, gravity
 * after each removal) and reports where it breaks, the paths used and whether the board ends empty.
 * An independent check of any solution, generated or solved.
 */
export function replay(
  board: Board,
  moves: readonly Move[],
  options: RuleOptions = {},
): ReplayResult {
  const { e, faceOf, gravity } = loadBoard(board, options, true, false);
  const paths: Cell[][] = [];
  const fail = (i: number, why: string): ReplayResult => ({
    ok: false,
    cleared: false,
    board: engineToBoard(e, faceOf),
    paths,
    error: `move ${i + 1}: ${why}`,
    failedAt: i,
  });
  for (let i = 0; i < moves.length; i++) {
    const [p, q] = moves[i]!;
    let a: number;
    let b: number;
    try {
      a = cellIndex(e, p, `$[${i}][0]`);
      b = cellIndex(e, q, `$[${i}][1]`);
    } catch (err) {
      return fail(i, (err as Error).message);
    }
    const va = e.grid[a]!;
    const vb = e.grid[b]!;
    if (va <= 0) return fail(i, `no tile at [${p[0]}, ${p[1]}]`);
    if (vb <= 0) return fail(i, `no tile at [${q[0]}, ${q[1]}]`);
    if (a === b) return fail(i, 'both cells are the same');
    if (faceOf[va - 1] !== faceOf[vb - 1]) return fail(i, 'the two tiles differ');
    const path = pathBetween(e, a, b);
    if (!path) return fail(i, 'no path of at most two turns joins the tiles');
    paths.push(path.map((k) => unpad(e, k)));
    removeAndSettle(e, a, b, gravity);
  }
  const after = engineToBoard(e, faceOf);
  return { ok: true, cleared: !after.cells.some((v) => v > 0), board: after, paths };
}

/**
 * Plays one move: removes the two tiles and applies gravity.
 *
 * @throws IllegalMoveError when the move breaks the rules.
 */
export function playMove(board: Board, move: Move, options: RuleOptions = {}): Board {
  const r = replay(board, [move], options);
  if (!r.ok) throw new IllegalMoveError(r.error ?? 'illegal move');
  return r.board;
}
