import { InvalidInputError } from '@puzzlekit/errors';
import { Rng, type Seed } from '@puzzlekit/rng';
import { createEngine, pad, setFloor, settleAll, type Engine } from '../engine.js';
import { checkBoardShape } from '../format/text.js';
import { MAX_FACES } from '../format/faces.js';
import { ruleOf } from '../link/load.js';
import { checkMaskFits, maskTileCount, rectangleMask } from '../layout/masks.js';
import {
  BLOCKED,
  FIXED,
  type Board,
  type Gravity,
  type Mask,
  type Move,
  type RuleOptions,
} from '../model.js';
import { solveBoard } from '../solve/solve.js';
import { construct } from './construct.js';
import { WorkLimits, timeLimitOf, type ProgressListener } from './limits.js';
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
   * favour adjacent, straight pairs, high settings far-apart, two-turn pairs. Above 0.5 the
   * construction also avoids pairs whose tiles already link on the starting board (weight
   * × `exp(−8 (2d − 1))`, sampling more candidates): those are free moves at the start, and they
   * are what makes constructed boards easy. Measure the result with `rateBoard`.
   */
  readonly difficulty?: number;
  /**
   * With gravity and a mask: what the mask's empty cells under tiles are. `fixed` (the default):
   * they become fixed cells (`:`), which hold tiles up, so the shape stays as drawn, as in
   * commercial Onet games. `fall`: they stay empty, and the mask is settled first (its tiles fall
   * into the holes). Without gravity both are the same board, and the holes stay empty (`.`).
   */
  readonly holes?: 'fixed' | 'fall';
  /**
   * Wall-clock limit in milliseconds for the whole generation (default none). The construction
   * gives up with a GenerationError naming the limit; mixing stops early and keeps what it has.
   */
  readonly maxMs?: number;
  /** @deprecated the older name of `maxMs`. */
  readonly timeLimitMs?: number;
  /** Hears of progress (stage `constructing` or `mixing`, work done, total), at most every 100 ms. */
  readonly onProgress?: ProgressListener;
  /** Seed of the random stream (ignored when `rng` is given); default 0. */
  readonly seed?: Seed;
  /** The random stream, if you manage your own. */
  readonly rng?: Rng;
  /** How often the construction may get stuck and undo moves before giving up (default 10 000). */
  readonly maxBacktracks?: number;
  /**
   * Constrained shuffles mixed in after construction, as a fraction of the tiles (0…1): that many
   * random face swaps between two tiles are tried, in batches, and a batch is kept only when the
   * exact solver still clears the board (the returned solution is then the solver's). Default 0:
   * since the construction itself avoids exposed pairs above difficulty 0.5, mixing is no longer
   * needed to reach random-deal start moves, and it cost seconds per board (tens of seconds on
   * 30×16). With gravity the solver rarely confirms a swap within its budget.
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
  /** Set when mixing stopped at the time limit before trying every swap. */
  readonly stopped?: string;
}

function checkCopies(copies: number): void {
  if (!Number.isInteger(copies) || copies < 2 || copies % 2 !== 0 || copies > 64)
    throw new InvalidInputError(`copies must be an even integer in 2..64, got ${copies}`, {
      path: '$.copies',
    });
}

/**
 * The number of faces of a board: `options.faces`, or tiles / copies. The text format writes at most
 * {@link MAX_FACES} faces, so a big board needs more copies of each.
 *
 * @throws InvalidInputError naming the real limit: the face count, or the tile count not dividing.
 */
function faceCount(mask: Mask, tiles: number, copies: number, given: number | undefined): number {
  if (given !== undefined) {
    if (!Number.isInteger(given) || given < 1 || given > MAX_FACES)
      throw new InvalidInputError(`faces must be an integer in 1..${MAX_FACES}, got ${given}`, {
        path: '$.faces',
        code: 'MASK_MISMATCH',
      });
    return given;
  }
  const faces = tiles / copies;
  if (Number.isInteger(faces) && faces >= 1 && faces <= MAX_FACES) return faces;
  const size = `the ${mask.rows}×${mask.cols} layout has ${tiles} tile cells`;
  if (!Number.isInteger(faces) || faces < 1)
    throw new InvalidInputError(
      `${size}, not a multiple of ${copies} copies; give a mask or copies that fit`,
      { path: '$.faces', code: 'MASK_MISMATCH' },
    );
  // Too many faces: the fewest even copies (≤ 64) that divide the tiles into ≤ MAX_FACES faces.
  let fit = 0;
  for (let c = copies + 2; c <= 64 && fit === 0; c += 2)
    if (tiles % c === 0 && tiles / c <= MAX_FACES) fit = c;
  throw new InvalidInputError(
    `${size}: ${copies} copies would need ${faces} faces, but a board has at most ${MAX_FACES} faces; ` +
      (fit
        ? `use ${fit} copies (${tiles / fit} faces) or a smaller board`
        : `use a smaller board (at most ${MAX_FACES * 64} tiles, with 64 copies)`),
    { path: '$.faces', code: 'TOO_MANY_FACES' },
  );
}

/**
 * Loads the mask into the engine as blank tiles (ids 1..tiles in row-major order). With gravity,
 * `fixed` holes: every empty cell a tile would fall into becomes a fixed cell; `fall`: the mask is
 * settled as play would.
 */
function loadMask(e: Engine, mask: Mask, gravity: Gravity, holes: 'fixed' | 'fall'): void {
  let id = 0;
  for (let r = 0; r < mask.rows; r++)
    for (let c = 0; c < mask.cols; c++) {
      const v = mask.cells[r * mask.cols + c]!;
      if (v === 1) e.grid[pad(e, r, c)] = ++id;
      else setFloor(e, pad(e, r, c), v);
    }
  if (gravity === 'none') return;
  if (holes === 'fall') {
    settleAll(e, gravity);
    return;
  }
  // Walk each line in the direction of the fall: an empty cell with a tile before it (and no
  // blocked or fixed cell between) would take that tile, so it becomes fixed.
  const vertical = gravity === 'down' || gravity === 'up';
  const lines = vertical ? mask.cols : mask.rows;
  const length = vertical ? mask.rows : mask.cols;
  const forward = gravity === 'down' || gravity === 'right';
  for (let line = 0; line < lines; line++) {
    let tileBefore = false;
    for (let k = 0; k < length; k++) {
      const step = forward ? k : length - 1 - k;
      const i = vertical ? pad(e, step, line) : pad(e, line, step);
      const v = e.grid[i]!;
      if (v > 0) tileBefore = true;
      else if (v === BLOCKED || e.fixed[i] === 1) tileBefore = false;
      else if (tileBefore) e.fixed[i] = 1;
    }
  }
}

/**
 * Generates a board that can be cleared, by construction: blank tiles fill the layout, random
 * linkable pairs are removed (with gravity applied as in play, backtracking when stuck), and faces
 * are handed to the removed pairs afterwards, so the removal order played forwards clears the
 * board. Each face gets `copies / 2` of the pairs, in shuffled order. Same options and seed → the
 * same board on every machine.
 *
 * With gravity, the mask's holes under tiles become fixed cells (option `holes`), so the board
 * starts at rest in the shape drawn.
 *
 * @throws InvalidInputError on bad options or a mask that cannot take `faces × copies` tiles;
 *   GenerationError when no clearing order is found within the backtrack budget (only possible
 *   without the ring or with blocked cells) or the time limit passed first.
 */
export function generateBoard(options: GenerateOptions): GeneratedBoard {
  const { ring, gravity } = ruleOf(options);
  const mask = options.mask ?? rectangleMask(options.rows ?? 8, options.cols ?? 18);
  const copies = options.copies ?? 4;
  checkCopies(copies);
  const tiles = maskTileCount(mask);
  const faces = faceCount(mask, tiles, copies, options.faces);
  checkMaskFits(mask, faces, copies);
  const difficulty = options.difficulty ?? 0.5;
  if (!(difficulty >= 0 && difficulty <= 1))
    throw new InvalidInputError(`difficulty must be in [0, 1], got ${difficulty}`, {
      path: '$.difficulty',
    });
  const mix = options.mix ?? 0;
  if (!(mix >= 0 && mix <= 1))
    throw new InvalidInputError(`mix must be in [0, 1], got ${mix}`, { path: '$.mix' });
  const holes = options.holes ?? 'fixed';
  if (holes !== 'fixed' && holes !== 'fall')
    throw new InvalidInputError(`holes must be fixed or fall, got '${String(holes)}'`, {
      path: '$.holes',
    });
  const { limit, path } = timeLimitOf(options);
  const limits = new WorkLimits(limit, options.onProgress, 'constructing', path);
  const rng = options.rng ?? Rng.from(options.seed ?? 0);
  const e = createEngine(mask.rows, mask.cols, ring);
  loadMask(e, mask, gravity, holes);
  const start = e.grid.slice();
  const built = construct(
    e,
    tiles,
    rng,
    difficulty,
    gravity,
    options.maxBacktracks ?? 10000,
    limits,
  );
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
      const i = pad(e, r, c);
      const v = start[i]!;
      cells.push(v > 0 ? faceOf[v - 1]! : e.fixed[i] === 1 ? FIXED : v);
    }
  const board: Board = { rows: mask.rows, cols: mask.cols, cells };
  if (mix > 0) {
    limits.begin('mixing');
    const mixed = mixFaces(board, Math.round(mix * tiles), rng, limits, {
      ring,
      gravity,
      maxNodes: options.mixNodeBudget ?? 400,
    });
    if (mixed.best)
      return {
        board: mixed.best.board,
        solution: mixed.best.solution,
        backtracks: built.backtracks,
        swaps: mixed.best.swaps,
        ...(mixed.stopped ? { stopped: mixed.stopped } : {}),
      };
    if (mixed.stopped)
      return {
        board,
        solution: built.moves,
        backtracks: built.backtracks,
        swaps: 0,
        stopped: mixed.stopped,
      };
  }
  return { board, solution: built.moves, backtracks: built.backtracks, swaps: 0 };
}

/**
 * Tries `target` random face swaps in batches (8 at first, doubling after a success up to 16,
 * halving after a failure), keeping a batch only when the solver clears the result. `best` is null
 * when no swap was kept; `stopped` says the time limit cut the mixing short.
 */
function mixFaces(
  board: Board,
  target: number,
  rng: Rng,
  limits: WorkLimits,
  rule: { ring: boolean; gravity: Gravity; maxNodes: number },
): { best: { board: Board; solution: readonly Move[]; swaps: number } | null; stopped?: string } {
  const cells = board.cells.slice();
  const tilesAt: number[] = [];
  for (let i = 0; i < cells.length; i++) if (cells[i]! > 0) tilesAt.push(i);
  let best: { board: Board; solution: readonly Move[]; swaps: number } | null = null;
  let done = 0;
  let batch = 8;
  let attempts = 0;
  const maxAttempts = 4 * target + 8;
  while (done < target && attempts < maxAttempts) {
    if (limits.expired(attempts, maxAttempts))
      return { best, stopped: `time limit (${limits.timeLimitMs} ms)` };
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
    const remaining = limits.remainingMs();
    const r = solveBoard(
      candidate,
      remaining === Infinity ? rule : { ...rule, maxMs: Math.max(1, remaining) },
    );
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
  return { best };
}

/** Options of {@link shuffleBoard}. */
export interface ShuffleOptions extends RuleOptions {
  /** Seed of the random stream (ignored when `rng` is given); default 0. */
  readonly seed?: Seed;
  /** The random stream. */
  readonly rng?: Rng;
  /** Construction bias as in {@link GenerateOptions.difficulty}; default 0.5. */
  readonly difficulty?: number;
  /** Wall-clock limit in milliseconds (default none): a GenerationError "gave up" past it. */
  readonly maxMs?: number;
  /** @deprecated the older name of `maxMs`. */
  readonly timeLimitMs?: number;
  /** Hears of progress, at most every 100 ms. */
  readonly onProgress?: ProgressListener;
}

/**
 * Shuffles the remaining tiles (the same faces, on the same occupied cells) so that the result can
 * be cleared: the occupied cells are taken as a layout, a clearing order is constructed on them as
 * in {@link generateBoard}, and the remaining faces are dealt to its pairs at random. Returns the new
 * board and a clearing sequence. The new board differs from the given one whenever at least two
 * faces remain (with one face left there is no other arrangement).
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
      if (v > 0) e.grid[pad(e, r, c)] = ++id;
      else setFloor(e, pad(e, r, c), v);
    }
  if (id === 0) return { board, solution: [], backtracks: 0, swaps: 0 };
  const start = e.grid.slice();
  const { limit, path } = timeLimitOf(options);
  const limits = new WorkLimits(limit, options.onProgress, 'constructing', path);
  const built = construct(e, id, rng, options.difficulty ?? 0.5, gravity, 10000, limits);
  const pairFaces: number[] = [];
  for (const [f, n] of [...counts.entries()].sort((x, y) => x[0] - y[0]))
    for (let k = 0; k < n / 2; k++) pairFaces.push(f);
  rng.shuffle(pairFaces);
  const faceOf = new Int32Array(id);
  const deal = (): number[] => {
    for (let k = 0; k < built.pairA.length; k++) {
      faceOf[built.pairA[k]!] = pairFaces[k]!;
      faceOf[built.pairB[k]!] = pairFaces[k]!;
    }
    return board.cells.map((v, i) => {
      const g = start[pad(e, Math.floor(i / board.cols), i % board.cols)]!;
      return v > 0 ? faceOf[g - 1]! : v;
    });
  };
  let cells = deal();
  // A reshuffle that deals the same board back is no reshuffle (it happens when the board came
  // from generateBoard with the same seed: the same construction on the same cells). Any dealing of
  // faces to the constructed pairs clears, so swapping the faces of two pairs that differ keeps the
  // solution and changes the board. With a single face left no other arrangement exists.
  if (cells.every((v, i) => v === board.cells[i])) {
    const k = rng.below(pairFaces.length);
    const others: number[] = [];
    for (let m = 0; m < pairFaces.length; m++) if (pairFaces[m] !== pairFaces[k]) others.push(m);
    if (others.length > 0) {
      const m = others[rng.below(others.length)]!;
      [pairFaces[k], pairFaces[m]] = [pairFaces[m]!, pairFaces[k]!];
      cells = deal();
    }
  }
  return {
    board: { rows: board.rows, cols: board.cols, cells },
    solution: built.moves,
    backtracks: built.backtracks,
    swaps: 0,
  };
}
