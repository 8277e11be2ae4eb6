import { SOLVED, type Outcome } from '@puzzlekit/graph-search';
import { unpad } from '../engine.js';
import type { PairLister } from '../link/lister.js';
import { loadBoard, type Loaded } from '../link/load.js';
import { pathBetween } from '../link/path.js';
import type { Board, Cell, Move, RuleOptions } from '../model.js';
import { legacyReason, readBounds, type GiveUpReason, type SolveBudget } from './budget.js';
import { Search, type SearchRun } from './search.js';

export type { GiveUpReason } from './budget.js';

/**
 * Options of {@link solveBoard}: the rule, and the shared `Budget` of `@puzzlekit/graph-search` —
 * `maxNodes` (default 200 000 search nodes; deterministic), `maxMs` (wall clock, default none; read
 * at every node, since on big boards one node costs milliseconds), `maxStates` (pending branches on
 * the open line before giving up on memory; default 2^24 = 16 777 216), `onProgress(nodes,
 * elapsedMs)` (at most every 100 ms). The older names `nodeBudget`, `timeLimitMs` and
 * `memoryBytes` still work.
 */
export interface SolveOptions extends RuleOptions, SolveBudget {}

/** What the solver decided (the older words; `outcome` says the same in the shared vocabulary). */
export type SolveStatus = 'solved' | 'unsolvable' | 'unknown';

/** The solver's answer with its proof. */
export interface SolveResult {
  /** `solved`, `impossible` (the search was exhaustive) or `gave-up` naming the bound and its limit. */
  readonly outcome: Outcome;
  /** `solved`: `solution` clears the board; `unsolvable`: the search was exhaustive; `unknown`: a budget ran out. */
  readonly status: SolveStatus;
  /** True, false, or null when undecided. */
  readonly solvable: boolean | null;
  /** A removal sequence that clears the board (cells as they are when each move is played), or null. */
  readonly solution: readonly Move[] | null;
  /** Search nodes used. */
  readonly nodes: number;
  /** @deprecated read `outcome`: why the search stopped undecided (`node budget`, `time limit`, `memory`). */
  readonly reason?: GiveUpReason;
  /** @deprecated read `outcome`: the bound that was hit, in words (`200000 nodes`, `1000 ms`, `4 states`). */
  readonly bound?: string;
}

/**
 * Decides whether the board can be cleared and returns the proof: a removal sequence, or an
 * exhaustive search that found none.
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
  return solveResult(loaded, new Search(loaded, bounds, options.onProgress).run());
}

/**
 * Runs the exact solver on an engine the caller already loaded, from its current grid (which is
 * left as it was): rating and hints search many positions of one board without reloading it.
 */
export function solveLoaded(
  loaded: Loaded,
  options: SolveOptions = {},
  lister?: PairLister,
): SolveResult {
  const search = new Search(loaded, readBounds(options), options.onProgress, lister);
  return solveResult(loaded, search.run());
}

/** The public result of a search run: board cells for the moves, the older fields beside `outcome`. */
function solveResult(loaded: Loaded, run: SearchRun): SolveResult {
  const { outcome, nodes } = run;
  if (outcome.kind === 'solved') {
    // Without gravity the padded positions are fixed; with gravity they were recorded at the time
    // of each move, which is what the player sees.
    const solution: Move[] = run.movesA.map(
      (a, i) => [unpad(loaded.e, a), unpad(loaded.e, run.movesB[i]!)] as Move,
    );
    return { outcome, status: 'solved', solvable: true, solution, nodes };
  }
  if (outcome.kind === 'impossible')
    return { outcome, status: 'unsolvable', solvable: false, solution: null, nodes };
  return {
    outcome,
    status: 'unknown',
    solvable: null,
    solution: null,
    nodes,
    ...legacyReason(outcome),
  };
}

/** A hint: a playable pair after which the board can still be cleared. */
export interface HintResult {
  /** `hint`: `move` keeps the board solvable; `deadlock`: no pair is playable; `unsolvable`: pairs are playable but every line of play fails; `unknown`: the budget ran out; `cleared`: no tiles left. */
  readonly status: 'hint' | 'deadlock' | 'unsolvable' | 'unknown' | 'cleared';
  /** The search's ending in the shared vocabulary (`solved` for a hint or a clear board). */
  readonly outcome: Outcome;
  /** The pair to play. */
  readonly move: Move | null;
  /** Its link path (turning points, ring cells outside the board). */
  readonly path: readonly Cell[] | null;
  /** Search nodes used. */
  readonly nodes: number;
  /** @deprecated read `outcome`: with status `unknown`, which bound was hit. */
  readonly reason?: GiveUpReason;
  /** @deprecated read `outcome`: with status `unknown`, the bound's value in words. */
  readonly bound?: string;
}

/**
 * A pair that keeps the board solvable (not merely a playable pair): the first move of a solution
 * found by {@link solveBoard}, with its path. The board is loaded once: the search leaves the grid
 * as it found it, so the path is read on the same engine, and the start's pair count (deadlock or
 * not) comes from the search's first listing.
 */
export function hintMove(board: Board, options: SolveOptions = {}): HintResult {
  if (!board.cells.some((v) => v > 0))
    return { status: 'cleared', outcome: SOLVED, move: null, path: null, nodes: 0 };
  const bounds = readBounds(options);
  const loaded = loadBoard(board, options);
  const run = new Search(loaded, bounds, options.onProgress).run();
  const { outcome, nodes } = run;
  if (outcome.kind === 'solved') {
    const { e } = loaded;
    const a = run.movesA[0]!;
    const b = run.movesB[0]!;
    const move: Move = [unpad(e, a), unpad(e, b)];
    const path = pathBetween(e, a, b)!.map((i) => unpad(e, i));
    return { status: 'hint', outcome, move, path, nodes };
  }
  if (outcome.kind === 'gave-up')
    return { status: 'unknown', outcome, move: null, path: null, nodes, ...legacyReason(outcome) };
  const stuck = run.startPairs === 0;
  return { status: stuck ? 'deadlock' : 'unsolvable', outcome, move: null, path: null, nodes };
}
