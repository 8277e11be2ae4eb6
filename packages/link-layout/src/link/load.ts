import { InvalidInputError } from '@puzzlekit/errors';
import { createEngine, isSettled, pad, setFloor, type Engine } from '../engine.js';
import { checkBoardShape } from '../format/text.js';
import type { Board, Cell, Gravity, RuleOptions } from '../model.js';

/** A board loaded into an engine: tile ids in row-major order, their faces, the largest face. */
export interface Loaded {
  readonly e: Engine;
  readonly faceOf: Int32Array;
  readonly tiles: number;
  readonly maxFace: number;
  readonly gravity: Gravity;
}

const GRAV = new Set(['none', 'down', 'up', 'left', 'right']);

/** Reads and checks the rule options. */
export function ruleOf(options: RuleOptions): { ring: boolean; gravity: Gravity } {
  const gravity = options.gravity ?? 'none';
  if (!GRAV.has(gravity))
    throw new InvalidInputError(`gravity must be none, down, up, left or right, got '${gravity}'`, {
      path: '$.gravity',
    });
  return { ring: options.ring ?? true, gravity };
}

export function loadBoard(
  board: Board,
  options: RuleOptions = {},
  checkSettled = true,
  requireEven = true,
): Loaded {
  checkBoardShape(board, requireEven);
  const { ring, gravity } = ruleOf(options);
  const e = createEngine(board.rows, board.cols, ring);
  const faces: number[] = [];
  let maxFace = 0;
  for (let r = 0; r < board.rows; r++)
    for (let c = 0; c < board.cols; c++) {
      const v = board.cells[r * board.cols + c]!;
      const i = pad(e, r, c);
      if (v > 0) {
        faces.push(v);
        if (v > maxFace) maxFace = v;
        e.grid[i] = faces.length;
      } else setFloor(e, i, v);
    }
  if (checkSettled && !isSettled(e, gravity)) {
    throw new InvalidInputError(
      `the board is not at rest under gravity '${gravity}': some tile would fall before the first move`,
      { path: '$.cells', code: 'NOT_SETTLED' },
    );
  }
  return { e, faceOf: Int32Array.from(faces), tiles: faces.length, maxFace, gravity };
}

/** Checks a cell is on the board; returns its padded index. */
export function cellIndex(e: Engine, cell: Cell, path: string): number {
  const [r, c] = cell;
  if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || c < 0 || r >= e.rows || c >= e.cols)
    throw new InvalidInputError(`cell [${r}, ${c}] is outside the ${e.rows}×${e.cols} board`, {
      path,
    });
  return pad(e, r, c);
}
