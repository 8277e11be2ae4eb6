import { InvalidInputError } from '@puzzlekit/errors';
import { Rng, type Seed } from '@puzzlekit/rng';
import { createEngine, pad, settleAll } from '../engine.js';
import { checkBoardShape } from '../format/text.js';
import { MAX_FACES } from '../format/faces.js';
import { ruleOf } from '../link/load.js';
import { checkMaskFits, maskTileCount, rectangleMask } from '../layout/masks.js';
import {
  BLOCKED,
  type Board,
  type Gravity,
  type Mask,
  type Move,
  type RuleOptions,
} from '../model.js';
import { solveBoard } from '../solve/solve.js';
import { construct } from './construct.js';
import { isSettledBoard } from './settled.js';

/** Options of {@link generateBoard}. */
export interface GenerateOptions extends RuleOptions {
  /** Rows of a full rectangle (ignored when `mask` is given). */
  readonly rows?: number;
  /** Columns of a full rectangle (ignored when `mask` is given). */
  readonly cols?: number;
  /** The layout: which cells take tiles. Default: a full `rows × cols` rectangle. */
  readonly mask?: Mask;
  /** Copies of each face, an even number ≥ 2 (default 4, as in Shisen-Sho). */
  readonly copies?: number;
  /** Number of distinct faces; default tiles / copies. faces × copies must equal the tile cells. */
  readonly faces?: number;
  /**
   * 0 (easiest) … 1 (hardest), default 0.5. During construction the pair to remove is drawn with
   * weight `exp(4 (2d − 1) · score)`, score = ½·turns/2 + ½·distance/(rows + cols): low settings
   * favour adjacent, straight pairs, high settings far-apart, two-turn pairs. Measure the result
   * with `rateBoard`.
   */
  readonly difficulty?: number;
  /** Seed of the random stream (ignored when `rng` is given); default 0. */
  readonly seed?: Seed;
  /** The random stream, if you manage your own. */
  readonly rng?: Rng;
  /** How often the construction may get stuck and undo moves before giving up (default 10 000). */
  readonly maxBacktracks?: number;
  /**
   * Constrained shuffles mixed in after construction, as a fraction of the tiles (0…1): that many
   * random face swaps between two tiles are tried, in batches, and a batch is kept only when the
   * exact solver still clears the board (the returned solution is then the solver's). Boards
   * built purely by construction are much easier than random deals; mixing moves them towards
   * random deals while keeping them solvable. Default `max(0, 2·difficulty − 1)`, so difficulty
   * above 0.5 mixes. Costs solver calls: milliseconds to tens of milliseconds per board.
   */
  readonly mix?: number;
  /** Node budget of each solver check while mixing (default 400). */
  readonly mixNodeBudget?: number;
}

/** A generated board and the proof it can be cleared. */
export interface GeneratedBoard {
  /** The board (at rest under the chosen gravity). */
  readonly board: Board;
  /** A removal sequence that clears it, cells as they are when each move is played. */
  readonly solution: readonly Move[];
  /** Times the construction got stuck and backtracked. */
  readonly backtracks: number;
  /** Face swaps kept by the constrained mixing (0 when it was off). */
  readonly swaps: number;
}

function checkCopies(copies: number): void {
  if (!Number.isInteger(copies) || copies < 2 || copies % 2 !== 0 || copies > 64)
    throw new InvalidInputError(`copies must be an even integer in 2..64, got ${copies}`, {
      path: '$.copies',
    });
}

/**
 * Generates a board that can be cleared, by construction: blank tiles fill the layout, random
 * linkable pairs are removed (with gravity applied as in play, backtracking when stuck), and faces
 * are handed to the removed pairs afterwards, so the removal order played forwards clears the
 * board. Each face gets `copies / 2` of the pairs, in shuffled order. Same options and seed → the
 * same board on every machine.
 *
 * With gravity, the mask is first settled (its tile cells fall like tiles would), so the board
 * starts at rest.
 *
 * @throws InvalidInputError on bad options or a mask that cannot take `faces × copies` tiles;
 *   GenerationError when no clearing order is found within the backtrack budget (only possible
 *   without the ring or with blocked cells).
 */
export function generateBoard(options: GenerateOptions): GeneratedBoard {
  const { ring, gravity } = ruleOf(options);
  const mask = options.mask ?? rectangleMask(options.rows ?? 8, options.cols ?? 18);
  const copies = options.copies ?? 4;
  checkCopies(copies);
  const tiles = maskTileCount(mask);
  const faces = options.faces ?? tiles / copies;
  if (!Number.isInteger(faces) || faces < 1 || faces > MAX_FACES)
    throw new InvalidInputError(
      options.faces === undefined
        ? `the mask has ${tiles} tile cells, not a multiple of ${copies} copies; give a mask or copies that fit`
        : `faces must be an integer in 1..${MAX_FACES}, got ${faces}`,
      { path: '$.faces', code: 'MASK_MISMATCH' },
    );
  checkMaskFits(mask, faces, copies);
  const difficulty = options.difficulty ?? 0.5;
  if (!(difficulty >= 0 && difficulty <= 1))
    throw new InvalidInputError(`difficulty must be in [0, 1], got ${difficulty}`, {
      path: '$.difficulty',
    });
  const rng = options.rng ?? Rng.from(options.seed ?? 0);
  const e = createEngine(mask.rows, mask.cols, ring);
  let id = 0;
  for (let r = 0; r < mask.rows; r++)
    for (let c = 0; c < mask.cols; c++) {
      const v = mask.cells[r * mask.cols + c];
      e.grid[pad(e, r, c)] = v === 1 ? ++id : v === -1 ? BLOCKED : 0;
    }
  settleAll(e, gravity);
  const start = e.grid.slice();
  const built = construct(e, tiles, rng, difficulty, gravity, options.maxBacktracks ?? 10000);
  const pairFaces: number[] = [];
  for (let f = 1; f <= faces; f++) for (let k = 0; k < copies / 2; k++) pairFaces.push(f);
  rng.shuffle(pairFaces);
  const faceOf = new Int32Array(tiles);
  for (let k = 0; k < built.pairA.length; k++) {
    faceOf[built.pairA[k]!] = pairFaces[k]!;
    faceOf[built.pairB[k]!] = pairFaces[k]!;
  }
  const cells: number[] = [];
  for (let r = 0; r < mask.rows; r++)
    for (let c = 0; c < mask.cols; c++) {
      const v = start[pad(e, r, c)]!;
      cells.push(v > 0 ? faceOf[v - 1]! : v);
    }
  const mix = options.mix ?? Math.max(0, 2 * difficulty - 1);
  if (!(mix >= 0 && mix <= 1))
    throw new InvalidInputError(`mix must be in [0, 1], got ${mix}`, { path: '$.mix' });
  const board: Board = { rows: mask.rows, cols: mask.cols, cells };
  if (mix > 0) {
    const mixed = mixFaces(board, Math.round(mix * tiles), rng, {
      ring,
      gravity,
      nodeBudget: options.mixNodeBudget ?? 400,
    });
    if (mixed)
      return {
        board: mixed.board,
        solution: mixed.solution,
        backtracks: built.backtracks,
        swaps: mixed.swaps,
      };
  }
  return { board, solution: built.moves, backtracks: built.backtracks, swaps: 0 };
}

/**
 * Tries `target` random face swaps in batches (8 at first, doubling after a success up to 16, halving after a failure), keeping a batch only
 * when the solver clears the result. Returns null when no swap was kept.
 */
function mixFaces(
  board: Board,
  target: number,
  rng: Rng,
  rule: { ring: boolean; gravity: Gravity; nodeBudget: number },
): { board: Board; solution: readonly Move[]; swaps: number } | null {
  const cells = board.cells.slice();
  const tilesAt: number[] = [];
  for (let i = 0; i < cells.length; i++) if (cells[i]! > 0) tilesAt.push(i);
  let best: { board: Board; solution: readonly Move[]; swaps: number } | null = null;
  let done = 0;
  let batch = 8;
  let attempts = 0;
  while (done < target && attempts < 4 * target + 8) {
    attempts++;
    const size = Math.min(batch, target - done);
    const undo: [number, number][] = [];
    for (let k = 0; k < size; k++) {
      const i = tilesAt[rng.below(tilesAt.length)]!;
      const j = tilesAt[rng.below(tilesAt.length)]!;
      if (cells[i] === cells[j]) continue;
      const t = cells[i]!;
      cells[i] = cells[j]!;
      cells[j] = t;
      undo.push([i, j]);
    }
    const candidate: Board = { rows: board.rows, cols: board.cols, cells: cells.slice() };
    const r = solveBoard(candidate, rule);
    if (r.status === 'solved') {
      done += size;
      best = { board: candidate, solution: r.solution!, swaps: done };
      batch = Math.min(16, batch * 2);
    } else {
      for (let k = undo.length - 1; k >= 0; k--) {
        const [i, j] = undo[k]!;
        const t = cells[i]!;
        cells[i] = cells[j]!;
        cells[j] = t;
      }
      batch = Math.max(1, batch >> 1);
    }
  }
  return best;
}

/** Options of {@link shuffleBoard}. */
export interface ShuffleOptions extends RuleOptions {
  /** Seed of the random stream (ignored when `rng` is given); default 0. */
  readonly seed?: Seed;
  /** The random stream. */
  readonly rng?: Rng;
  /** Construction bias as in {@link GenerateOptions.difficulty}; default 0.5. */
  readonly difficulty?: number;
}

/**
 * Shuffles the remaining tiles (the same faces, on the same occupied cells) so that the result can
 * be cleared: the occupied cells are taken as a layout, a clearing order is constructed on them as
 * in {@link generateBoard}, and the remaining faces are dealt to its pairs at random. Returns the new
 * board and a clearing sequence.
 *
 * @throws InvalidInputError on a malformed board (odd face counts, not at rest under gravity);
 *   GenerationError when the occupied cells admit no clearing order at all.
 */
export function shuffleBoard(board: Board, options: ShuffleOptions = {}): GeneratedBoard {
  checkBoardShape(board);
  const { ring, gravity } = ruleOf(options);
  if (!isSettledBoard(board, gravity))
    throw new InvalidInputError(`the board is not at rest under gravity '${gravity}'`, {
      path: '$.cells',
      code: 'NOT_SETTLED',
    });
  const rng = options.rng ?? Rng.from(options.seed ?? 0);
  const e = createEngine(board.rows, board.cols, ring);
  const counts = new Map<number, number>();
  let id = 0;
  for (let r = 0; r < board.rows; r++)
    for (let c = 0; c < board.cols; c++) {
      const v = board.cells[r * board.cols + c]!;
      if (v > 0) counts.set(v, (counts.get(v) ?? 0) + 1);
      e.grid[pad(e, r, c)] = v > 0 ? ++id : v;
    }
  if (id === 0) return { board, solution: [], backtracks: 0, swaps: 0 };
  const start = e.grid.slice();
  const built = construct(e, id, rng, options.difficulty ?? 0.5, gravity, 10000);
  const pairFaces: number[] = [];
  for (const [f, n] of [...counts.entries()].sort((x, y) => x[0] - y[0]))
    for (let k = 0; k < n / 2; k++) pairFaces.push(f);
  rng.shuffle(pairFaces);
  const faceOf = new Int32Array(id);
  for (let k = 0; k < built.pairA.length; k++) {
    faceOf[built.pairA[k]!] = pairFaces[k]!;
    faceOf[built.pairB[k]!] = pairFaces[k]!;
  }
  const cells = board.cells.map((v, i) => {
    const g = start[pad(e, Math.floor(i / board.cols), i % board.cols)]!;
    return v > 0 ? faceOf[g - 1]! : v;
  });
  return {
    board: { rows: board.rows, cols: board.cols, cells },
    solution: built.moves,
    backtracks: built.backtracks,
    swaps: 0,
  };
}
