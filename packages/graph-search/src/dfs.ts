import { BudgetMeter, IMPOSSIBLE, SOLVED, type Budget, type Outcome } from '@puzzlekit/job';
import type { StateKey } from './problem.js';

/**
 * A puzzle searched in place: one mutable position that moves are played on and taken back, the
 * way fast solvers work (no copy of the position per node). Moves are 32-bit integers the problem encodes
 * itself (a tile pair, a screw and a tray, …).
 */
export interface ReversibleProblem<K extends StateKey = StateKey> {
  /** True when the current position is a goal. */
  isGoal(): boolean;
  /** The current position's identity (equal exactly for equal positions), for the memo. */
  key(): K;
  /** Pushes each move playable now onto `out` (`out.push(move)`), in the order they should be tried. */
  moves(out: MoveSink): void;
  /** Plays `move` on the current position. */
  play(move: number): void;
  /** Takes back `move`, the last move played. */
  undo(move: number): void;
}

/** Where {@link ReversibleProblem.moves} puts the moves: anything with `push(move)`. */
export interface MoveSink {
  push(move: number): void;
}

/**
 * All open positions' move lists on one typed-array stack (a class, not a closure over mutable
 * variables, so that `push` inlines into the problem's move loop).
 */
class MoveStack implements MoveSink {
  buf = new Int32Array(256);
  top = 0;

  push(move: number): void {
    if (this.top === this.buf.length) {
      const grown = new Int32Array(this.top * 2);
      grown.set(this.buf);
      this.buf = grown;
    }
    this.buf[this.top++] = move;
  }
}

/** What {@link depthFirstSearch} found (deterministic: no timings). */
export interface DepthFirstResult {
  /** `solved`, `impossible` (every position reachable was tried) or `gave-up` with the bound. */
  readonly outcome: Outcome;
  /** The moves from the start to a goal when solved, otherwise `null`. */
  readonly moves: number[] | null;
  /** Positions expanded: the work (unit `nodes`) counted against `maxWork`. */
  readonly work: number;
  /** Positions in the memo at the end (the states counted against `maxStates`). */
  readonly memo: number;
  /** Longest line of moves held. */
  readonly maxDepth: number;
}

/**
 * Depth-first search for a goal, with a memo of every position already entered, so each position
 * is expanded at most once (a position that failed once fails again; one on the current line would
 * only loop). Positions reached again by another order of moves are skipped: on puzzles whose moves
 * commute this is what turns an exponential tree into the set of positions. Iterative, on explicit
 * stacks: no recursion, so no call-stack limit however long the line of moves.
 *
 * The budget bounds nodes (positions expanded), time, and the memo's size (`maxStates`); when one
 * runs out the outcome is `gave-up` naming it. `impossible` is a proof: every position reachable
 * from the start was expanded and none is a goal. The problem is back at its start position when
 * the search returns, whatever the outcome.
 *
 * @throws InvalidInputError (code `INVALID_BUDGET`) for a bad budget; errors thrown by the problem
 *   propagate (after the moves played so far are taken back).
 */
export function depthFirstSearch<K extends StateKey>(
  problem: ReversibleProblem<K>,
  budget: Budget = {},
): DepthFirstResult {
  const meter = new BudgetMeter(budget, { unit: 'nodes' });
  const memo = new Memo<K>();
  // All frames' move lists live in one stack: frame d tries moves.buf[cursor[d] .. end[d]).
  const moves = new MoveStack();
  const cursor: number[] = [];
  const end: number[] = [];
  const line: number[] = [];
  let maxDepth = 0;
  const takeBack = (): void => {
    while (line.length > 0) problem.undo(line.pop()!);
  };
  const finish = (outcome: Outcome, solution: number[] | null): DepthFirstResult => {
    takeBack();
    return {
      outcome,
      moves: solution,
      work: meter.work,
      memo: memo.size,
      maxDepth,
    };
  };

  try {
    // Enter the current position (the start, then after every move played): a goal ends the
    // search; a position in the memo is taken back; a new one is counted, memoised and expanded.
    for (;;) {
      if (problem.isGoal()) return finish(SOLVED, line.slice());
      const added = memo.add(problem.key(), meter.maxStates);
      if (added === FULL) return finish(meter.gaveUp('memory'), null);
      if (added === SEEN) problem.undo(line.pop()!);
      else {
        const bound = meter.spend();
        if (bound !== null) return finish(meter.gaveUp(bound), null);
        cursor.push(moves.top);
        problem.moves(moves);
        end.push(moves.top);
        if (cursor.length > maxDepth) maxDepth = cursor.length;
      }
      // play the next untried move of the deepest open position, dropping positions with none left
      let d = cursor.length - 1;
      while (d >= 0 && cursor[d] === end[d]) {
        // frames are contiguous: frame d's moves start where frame d − 1's end
        cursor.pop();
        end.pop();
        d--;
        moves.top = d >= 0 ? end[d]! : 0;
        if (line.length > 0) problem.undo(line.pop()!);
      }
      if (d < 0) return finish(IMPOSSIBLE, null);
      const move = moves.buf[cursor[d]!]!;
      cursor[d]!++;
      problem.play(move);
      line.push(move);
    }
  } catch (e) {
    // put the position back before the problem's own error goes up
    takeBack();
    throw e;
  }
}

const SEEN = 0;
const ADDED_NOW = 1;
const FULL = -1;

/** The positions already entered. */
class Memo<K extends StateKey> {
  private readonly seen = new Set<K>();

  get size(): number {
    return this.seen.size;
  }

  /** Adds `key`: {@link ADDED_NOW}, {@link SEEN} when present, {@link FULL} when it may not grow. */
  add(key: K, maxStates: number): number {
    const seen = this.seen;
    if (seen.has(key)) return SEEN;
    if (seen.size >= maxStates) return FULL;
    seen.add(key);
    return ADDED_NOW;
  }
}
