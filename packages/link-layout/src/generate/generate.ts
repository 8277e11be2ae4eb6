import { InvalidInputError } from '@puzzlekit/errors';
import {
  BudgetMeter,
  gaveUpResult,
  impossibleResult,
  solvedResult,
  type Budget,
  type JobResult,
} from '@puzzlekit/job';
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
import { construct, type Construction, type ConstructionStop } from './construct.js';
import { isSettledBoard } from './settled.js';

/** Options of {@link generateBoard}: the layout, faces, rule and difficulty, and the one budget. */
export interface GenerateOptions extends RuleOptions, Budget {
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
  /** Seed of the random stream (ignored when `rng` is given); default 0. */
  readonly seed?: Seed;
  /** The random stream, if you manage your own. */
  readonly rng?: Rng;
}

/** A generated board and the proof it can be cleared. */
export interface GeneratedBoard {
  /** The board (at rest under the chosen gravity). */
  readonly board: Board;
  /**
   * The clearing order the board was built with: a removal sequence that clears it, cells as they
   * are when each move is played. Pass it on (`order` of solve, hint and rate) so they answer from
   * it where the exact search would give up.
   */
  readonly order: readonly Move[];
  /** Times the construction got stuck and backtracked. */
  readonly backtracks: number;
}

/** The unit of a generator's work: one construction step (a pair removed, or a backtrack). */
export const GENERATE_UNIT = 'steps';

/**
 * The result of a construction: solved with the board, `impossible` when no two tiles of the layout
 * link at all, or `gave-up` on the budget's bound.
 */
function constructionResult(
  built: Construction | ConstructionStop,
  meter: BudgetMeter,
  finish: (built: Construction) => GeneratedBoard,
): JobResult<GeneratedBoard> {
  if ('noPair' in built) return impossibleResult(meter.work);
  if ('bound' in built) return gaveUpResult(meter.gaveUp(built.bound), meter.work);
  return solvedResult(finish(built), meter.work);
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
 * Work is counted in construction steps (`steps`: a pair removed, or a backtrack; default budget
 * 2 000 000): a layout that keeps getting stuck (possible only without the ring or with blocked
 * cells) ends in `gave-up`; a layout where no two tiles link at all is `impossible`.
 *
 * @throws InvalidInputError on bad options or a mask that cannot take `faces × copies` tiles.
 */
export function generateBoard(options: GenerateOptions): JobResult<GeneratedBoard> {
  const { ring, gravity } = ruleOf(options);
  const mask = options.mask ?? rectangleMask(options.rows ?? 8, options.cols ?? 18);
  const copies = options.copies ?? 4;
  checkCopies(copies);
  const tiles = maskTileCount(mask);
  const faces = faceCount(mask, tiles, copies, options.faces);
  checkMaskFits(mask, faces, copies);
  const difficulty = checkDifficulty(options.difficulty);
  const holes = options.holes ?? 'fixed';
  if (holes !== 'fixed' && holes !== 'fall')
    throw new InvalidInputError(`holes must be fixed or fall, got '${String(holes)}'`, {
      path: '$.holes',
    });
  const meter = new BudgetMeter(options, { unit: GENERATE_UNIT, clockEvery: 1 });
  const rng = options.rng ?? Rng.from(options.seed ?? 0);
  const e = createEngine(mask.rows, mask.cols, ring);
  loadMask(e, mask, gravity, holes);
  const start = e.grid.slice();
  const built = construct(e, tiles, rng, difficulty, gravity, meter);
  return constructionResult(built, meter, ({ pairA, pairB, moves, backtracks }) => {
    const pairFaces: number[] = [];
    for (let f = 1; f <= faces; f++) for (let k = 0; k < copies / 2; k++) pairFaces.push(f);
    rng.shuffle(pairFaces);
    const faceOf = new Int32Array(tiles);
    for (let k = 0; k < pairA.length; k++) {
      faceOf[pairA[k]!] = pairFaces[k]!;
      faceOf[pairB[k]!] = pairFaces[k]!;
    }
    const cells: number[] = [];
    for (let r = 0; r < mask.rows; r++)
      for (let c = 0; c < mask.cols; c++) {
        const i = pad(e, r, c);
        const v = start[i]!;
        cells.push(v > 0 ? faceOf[v - 1]! : e.fixed[i] === 1 ? FIXED : v);
      }
    return { board: { rows: mask.rows, cols: mask.cols, cells }, order: moves, backtracks };
  });
}

/** Reads the difficulty knob: a number in [0, 1], default 0.5. */
function checkDifficulty(difficulty = 0.5): number {
  if (!(typeof difficulty === 'number' && difficulty >= 0 && difficulty <= 1))
    throw new InvalidInputError(`difficulty must be in [0, 1], got ${String(difficulty)}`, {
      path: '$.difficulty',
    });
  return difficulty;
}

/** Options of {@link shuffleBoard}: the rule, the random stream, the bias and the one budget. */
export interface ShuffleOptions extends RuleOptions, Budget {
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
 * board and a clearing sequence. The new board differs from the given one whenever at least two
 * faces remain (with one face left there is no other arrangement).
 *
 * Work and outcomes as in {@link generateBoard} (`steps`; `impossible` when no two remaining tiles
 * link, faces ignored).
 *
 * @throws InvalidInputError on a malformed board (odd face counts, not at rest under gravity).
 */
export function shuffleBoard(
  board: Board,
  options: ShuffleOptions = {},
): JobResult<GeneratedBoard> {
  checkBoardShape(board);
  const { ring, gravity } = ruleOf(options);
  if (!isSettledBoard(board, gravity))
    throw new InvalidInputError(`the board is not at rest under gravity '${gravity}'`, {
      path: '$.cells',
      code: 'NOT_SETTLED',
    });
  const difficulty = checkDifficulty(options.difficulty);
  const meter = new BudgetMeter(options, { unit: GENERATE_UNIT, clockEvery: 1 });
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
  if (id === 0) return solvedResult({ board, order: [], backtracks: 0 }, 0);
  const start = e.grid.slice();
  const built = construct(e, id, rng, difficulty, gravity, meter);
  return constructionResult(built, meter, (construction) =>
    dealShuffle(board, construction, counts, start, e, rng),
  );
}

/**
 * Deals the remaining faces to a construction on the occupied cells, never the same board back
 * while two faces remain.
 */
function dealShuffle(
  board: Board,
  built: Construction,
  counts: ReadonlyMap<number, number>,
  start: Int32Array,
  e: Engine,
  rng: Rng,
): GeneratedBoard {
  const id = built.pairA.length * 2;
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
    order: built.moves,
    backtracks: built.backtracks,
  };
}
