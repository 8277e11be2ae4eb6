import { createEngine, isSettled, pad, setFloor } from '../engine.js';
import type { Board, Gravity } from '../model.js';

/** True when no tile of `board` would fall under `gravity`. */
export function isSettledBoard(board: Board, gravity: Gravity): boolean {
  if (gravity === 'none') return true;
  const e = createEngine(board.rows, board.cols, true);
  for (let r = 0; r < board.rows; r++)
    for (let c = 0; c < board.cols; c++) {
      const v = board.cells[r * board.cols + c]!;
      if (v > 0) e.grid[pad(e, r, c)] = v;
      else setFloor(e, pad(e, r, c), v);
    }
  return isSettled(e, gravity);
}
