import { InvalidInputError } from '@puzzlekit/errors';
import {
  IMPOSSIBLE,
  SOLVED,
  gaveUpResult,
  impossibleResult,
  solvedResult,
  type Budget,
  type JobResult,
} from '@puzzlekit/job';
import { computeSegments, pad, unpad } from '../engine.js';
import { createLister, type PairLister } from '../link/lister.js';
import { loadBoard, type Loaded } from '../link/load.js';
import { pathBetween } from '../link/path.js';
import { replay } from '../link/play.js';
import type { Board, Cell, Move, RuleOptions } from '../model.js';
import { readBounds } from './budget.js';
import { Search, type SearchRun } from './search.js';

/**
 * Options of {@link solveBoard} and {@link hintMove}: the rule, a known clearing order where there is
 * one, and the one `Budget` of `@puzzlekit/job` — `maxWork` counts search nodes (default 200 000;
 * deterministic), `maxMs` / `deadline` stop early (the clock is read at every node: on big boards
 * one node costs milliseconds), `maxStates` bounds the pending branches on the open line (default
 * 2^24), `onProgress(nodes, elapsedMs)`.
 */
export interface SolveOptions extends RuleOptions, Budget {
  /**
   * A clearing order known for this board — the one `generateBoard` returns with every board it
   * makes (`order` in a level's JSON). It is a proof already, so when it clears the position it is
   * the answer, without a search: on the generator's own boards, solving and hints answer at once
   * and the same on every machine, where the exact search gives up on big boards with gravity.
   * A position part-way through play is resumed from it (see {@link resumeOrder}); when the order
   * does not fit the position, the search runs as without one.
   */
  readonly order?: readonly Move[];
}

/**
 * Where an answer came from: the exact `search`, or a known clearing `order` (option `order`).
 */
export type AnswerSource = 'search' | 'order';

/**
 * The solver's answer: the one job result (`value` is a removal sequence that clears the board,
 * cells as they are when each move is played; `impossible` is an exhaustive search, a proof;
 * `gave-up` names the bound), `work` in search nodes, and where the answer came from.
 */
export type SolveResult = JobResult<readonly Move[]> & { readonly source: AnswerSource };

/**
 * A clearing order for `board` taken from `order`, a clearing order of the board it started as, or
 * null when none fits:
 *  - `order` itself, when it clears `board`;
 *  - a position reached by playing the first k moves of `order`: the rest of it (the tiles left
 *    tell k; with gravity this is the only way on, since falls move the later moves' cells);
 *  - without gravity, a position reached by playing any of the order's pairs in any order: the
 *    order's moves whose two cells still hold tiles (removals only free cells, so each of them still
 *    links when its turn comes).
 * Each candidate is checked by replaying it, so the answer is always a proof.
 *
 * @throws InvalidInputError when `order` is not a list.
 */
export function resumeOrder(
  board: Board,
  order: readonly Move[],
  rule: RuleOptions = {},
): readonly Move[] | null {
  // Callers in plain JavaScript may hand over anything.
  const given: unknown = order;
  if (!Array.isArray(given))
    throw new InvalidInputError('order must be a list of moves', { path: '$.order' });
  const clears = (moves: readonly Move[]): boolean => replay(board, moves, rule).cleared;
  if (clears(order)) return order;
  const tiles = board.cells.filter((v) => v > 0).length;
  const played = order.length - tiles / 2;
  if (played > 0 && played < order.length) {
    const rest = order.slice(played);
    if (clears(rest)) return rest;
  }
  if ((rule.gravity ?? 'none') === 'none') {
    const at = (cell: Cell): number =>
      cell[0] >= 0 && cell[0] < board.rows && cell[1] >= 0 && cell[1] < board.cols
        ? board.cells[cell[0] * board.cols + cell[1]]!
        : 0;
    const left = order.filter(([p, q]) => at(p) > 0 && at(q) > 0);
    if (left.length * 2 === tiles && clears(left)) return left;
  }
  return null;
}

/**
 * Decides whether the board can be cleared and returns the proof: a removal sequence, or an
 * exhaustive search that found none. With a known clearing `order` that fits the position
 * ({@link resumeOrder}), that order is the answer (`source: 'order'`, no search, `work` 0).
 *
 * The search is a depth-first search over sets of removed tiles (a bigint key: with or without
 * gravity the position after a set of removals does not depend on their order, because falling
 * tiles keep their order), with a memo of dead states. It runs on an explicit stack, so its depth is
 * not bounded by the call stack, and its setup is proportional to the board. Without gravity it
 * also uses the fact that a playable pair stays playable (removals only empty cells), so only the
 * pairing matters:
 *  - forced moves: when a face can be cleared right now — its playable pairs match all its
 *    remaining tiles (exactly for two and four, by a greedy matching for more), or a playable pair
 *    leaves the face's other two tiles linked — its tiles are removed at once without branching.
 *    It cannot hurt: any solution stays a solution when a face's tiles go early, because the
 *    other moves only gain empty cells;
 *  - sleep sets: once a move was tried and failed at a node, sibling branches never play it (it
 *    would stay playable, and playing it later reaches a state the failed branch already covered).
 * With gravity neither holds, and the search branches on every playable pair.
 *
 * @throws InvalidInputError on a malformed board (odd face counts, not at rest under gravity) or
 *   bad budgets.
 */
export function solveBoard(board: Board, options: SolveOptions = {}): SolveResult {
  const bounds = readBounds(options);
  const loaded = loadBoard(board, options);
  const known = options.order === undefined ? null : resumeOrder(board, options.order, options);
  if (known !== null) return { ...solvedResult(known, 0), source: 'order' };
  return solveResult(loaded, new Search(loaded, bounds).run());
}

/**
 * Runs the exact solver on an engine the caller already loaded, from its current grid (which is
 * left as it was): rating and hints search many positions of one board without reloading it.
 */
export function solveLoaded(loaded: Loaded, budget: Budget, lister?: PairLister): SolveResult {
  return solveResult(loaded, new Search(loaded, readBounds(budget), lister).run());
}

/** The public result of a search run, with board cells for the moves. */
function solveResult(loaded: Loaded, run: SearchRun): SolveResult {
  const { outcome, nodes } = run;
  if (outcome.kind === 'solved') {
    // Without gravity the padded positions are fixed; with gravity they were recorded at the time
    // of each move, which is what the player sees.
    const solution: Move[] = run.movesA.map(
      (a, i) => [unpad(loaded.e, a), unpad(loaded.e, run.movesB[i]!)] as Move,
    );
    return { ...solvedResult(solution, nodes), source: 'search' };
  }
  if (outcome.kind === 'impossible') return { ...impossibleResult(nodes), source: 'search' };
  return { ...gaveUpResult(outcome, nodes), source: 'search' };
}

/** A pair to play that keeps the board solvable, with its link path. */
export interface Hint {
  /** The pair to play. */
  readonly move: Move;
  /** Its link path (turning points; ring cells lie outside the board). */
  readonly path: readonly Cell[];
  /** Where it came from: the first move of the search's solution, or of the known order. */
  readonly source: AnswerSource;
}

/**
 * A hint in the one job vocabulary: `solved` with the {@link Hint}; `impossible` when no line of play
 * clears the board — `playablePairs` tells a deadlock (0: nothing is playable) from a board whose
 * every playable pair loses; `gave-up` naming the bound. `work` is in search nodes.
 */
export type HintResult = JobResult<Hint> & {
  /** Playable pairs of the position (0: a deadlock). */
  readonly playablePairs: number;
};

/**
 * A pair that keeps the board solvable (not merely a playable pair): the first move of a known
 * clearing `order` when it fits the position ({@link resumeOrder}), else of a solution found by the
 * exact search,
 * with its path. The board is loaded once: the search leaves the grid as it found it, so the path
 * is read on the same engine, and the start's pair count comes from the search's first listing.
 *
 * @throws InvalidInputError on a malformed board, bad budgets, or a board with no tiles left (there
 *   is nothing to hint).
 */
export function hintMove(board: Board, options: SolveOptions = {}): HintResult {
  const bounds = readBounds(options);
  const loaded = loadBoard(board, options);
  if (loaded.tiles === 0)
    throw new InvalidInputError('the board has no tiles left: there is nothing to hint', {
      path: '$.cells',
      code: 'CLEARED',
    });
  const { e } = loaded;
  // One listing of the start (the search's first listing is the same, but a search stopped before
  // it, or not run, would not have it); the search then reuses the lister.
  const lister = createLister(e, loaded.maxFace);
  computeSegments(e);
  const startPairs = lister.list(loaded.faceOf);
  const known = options.order === undefined ? null : resumeOrder(board, options.order, options);
  if (known !== null) {
    const [p, q] = known[0]!;
    const path = pathBetween(e, pad(e, p[0], p[1]), pad(e, q[0], q[1]))!.map((i) => unpad(e, i));
    return {
      outcome: SOLVED,
      value: { move: [p, q], path, source: 'order' },
      work: 0,
      playablePairs: startPairs,
    };
  }
  const run = new Search(loaded, bounds, lister).run();
  const { outcome, nodes } = run;
  if (outcome.kind === 'solved') {
    const a = run.movesA[0]!;
    const b = run.movesB[0]!;
    const move: Move = [unpad(e, a), unpad(e, b)];
    const path = pathBetween(e, a, b)!.map((i) => unpad(e, i));
    return {
      outcome,
      value: { move, path, source: 'search' },
      work: nodes,
      playablePairs: startPairs,
    };
  }
  if (outcome.kind === 'gave-up')
    return { ...gaveUpResult(outcome, nodes), playablePairs: startPairs };
  return { outcome: IMPOSSIBLE, work: nodes, playablePairs: startPairs };
}
