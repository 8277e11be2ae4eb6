import { BudgetMeter, IMPOSSIBLE, SOLVED, type Budget, type Outcome } from './budget.js';
import type { StateKey } from './problem.js';

/**
 * A puzzle searched in place: one mutable position that moves are played on and taken back, the
 * way fast solvers work (no copy of the position per node). Moves are integers the problem encodes
 * itself (a tile pair, a screw and a tray, …).
 */
export interface ReversibleProblem<K extends StateKey = StateKey> {
  /** True when the current position is a goal. */
  isGoal(): boolean;
  /** The current position's identity (equal exactly for equal positions), for the memo. */
  key(): K;
  /** Calls `emit(move)` for each move playable now, in the order they should be tried. */
  moves(emit: (move: number) => void): void;
  /** Plays `move` on the current position. */
  play(move: number): void;
  /** Takes back `move`, the last move played. */
  undo(move: number): void;
}

/** What {@link depthFirstSearch} found. */
export interface DepthFirstResult {
  /** `solved`, `impossible` (every position reachable was tried) or `gave-up` with the bound. */
  readonly outcome: Outcome;
  /** The moves from the start to a goal when solved, otherwise `null`. */
  readonly moves: number[] | null;
  /** Positions expanded (the nodes counted against `maxNodes`). */
  readonly nodes: number;
  /** Positions in the memo at the end (the states counted against `maxStates`). */
  readonly memo: number;
  /** Longest line of moves held. */
  readonly maxDepth: number;
  /** Wall time, milliseconds. */
  readonly ms: number;
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
  const meter = new BudgetMeter(budget);
  const memo = new Set<K>();
  // All frames' move lists live in one stack: frame d tries moves[cursor[d] .. end[d]).
  let moves = new Int32Array(256);
  let top = 0;
  const cursor: number[] = [];
  const end: number[] = [];
  const line: number[] = [];
  let maxDepth = 0;
  const emit = (move: number): void => {
    if (top === moves.length) {
      const grown = new Int32Array(top * 2);
      grown.set(moves);
      moves = grown;
    }
    moves[top++] = move;
  };
  const takeBack = (): void => {
    while (line.length > 0) problem.undo(line.pop()!);
  };
  const finish = (outcome: Outcome, solution: number[] | null): DepthFirstResult => {
    takeBack();
    return {
      outcome,
      moves: solution,
      nodes: meter.nodes,
      memo: memo.size,
      maxDepth,
      ms: meter.elapsedMs(),
    };
  };

  /** Enters the current position: 'goal', 'seen' (memo hit), a bound, or 'open' (frame pushed). */
  const enter = (): 'goal' | 'seen' | 'open' | Outcome => {
    if (problem.isGoal()) return 'goal';
    const key = problem.key();
    if (memo.has(key)) return 'seen';
    if (meter.storesTooMany(memo.size + 1)) return meter.gaveUp('memory');
    const bound = meter.spend();
    if (bound !== null) return meter.gaveUp(bound);
    memo.add(key);
    cursor.push(top);
    problem.moves(emit);
    end.push(top);
    if (cursor.length > maxDepth) maxDepth = cursor.length;
    return 'open';
  };

  try {
    const first = enter();
    if (first === 'goal') return finish(SOLVED, []);
    if (typeof first === 'object') return finish(first, null);
    while (cursor.length > 0) {
      const d = cursor.length - 1;
      const at = cursor[d]!;
      if (at === end[d]) {
        // every move of this position failed: drop its frame and step back
        // (frames are contiguous: frame d's moves start where frame d − 1's end)
        cursor.pop();
        end.pop();
        top = d > 0 ? end[d - 1]! : 0;
        if (line.length > 0) problem.undo(line.pop()!);
        continue;
      }
      const move = moves[at]!;
      cursor[d] = at + 1;
      problem.play(move);
      line.push(move);
      const entered = enter();
      if (entered === 'goal') return finish(SOLVED, line.slice());
      if (typeof entered === 'object') return finish(entered, null);
      if (entered === 'seen') problem.undo(line.pop()!);
    }
    return finish(IMPOSSIBLE, null);
  } catch (e) {
    // put the position back before the problem's own error goes up
    takeBack();
    throw e;
  }
}
