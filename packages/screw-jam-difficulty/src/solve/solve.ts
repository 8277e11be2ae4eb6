import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import { depthFirstSearch, type MoveSink, type ReversibleProblem } from '@puzzlekit/graph-search';
import {
  budgetValue,
  gaveUpResult,
  impossibleResult,
  solvedResult,
  type Budget,
  type JobResult,
} from '@puzzlekit/job';
import type { Level, LevelSolution } from '../model.js';
import { compileLevel } from '../board.js';
import { SEED_PARAMS } from '../rate/dct.js';
import { Game, LOST, PLAYING, WON, type Spawner } from '../simulate/engine.js';
import type { CompiledLevel } from '../board.js';
import { moveScore } from '../simulate/bots.js';

/** What {@link solveLevel} is asked: the box order and the box positions (the budget comes apart). */
export interface SolveOptions {
  /** Box colours in spawn order (each colour once per box); default: the level's recorded solution's. */
  readonly boxes?: readonly string[];
  /** Box positions, 2 (default) or 1. */
  readonly boxSlots?: 1 | 2;
}

/**
 * The solver's answer: `solved` with a winning play (the box order used and the taps), `impossible`
 * (no tap order wins with these boxes) or `gave-up` naming the bound; `work` counts positions
 * expanded (unit `nodes`).
 */
export type SolveResult = JobResult<LevelSolution>;

/** The solver's work unit: positions expanded. */
export const SOLVE_UNIT = 'nodes';
/** Default work budget of {@link solveLevel}: positions expanded. */
export const SOLVE_MAX_WORK = 200_000;
/** Memory the solver's remembered positions may take by default, in bytes (estimated). */
const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

/** The box order as colour ids, checked against the level's colours and box counts. */
function boxOrder(lv: CompiledLevel, order: readonly string[]): number[] {
  const C = lv.colors.length;
  const seq = order.map((name, i) => {
    const c = lv.colors.indexOf(name);
    if (c < 0)
      throw new InvalidInputError(`colour ${quoteInput(name)} is not in the level`, {
        path: `$.boxes[${i}]`,
        code: 'INVALID_OPTIONS',
      });
    return c;
  });
  const perColor = new Int32Array(C);
  for (const c of seq) perColor[c]!++;
  for (let c = 0; c < C; c++) {
    if (perColor[c]! * 3 !== lv.colorTotal[c]!)
      throw new InvalidInputError(
        `the box order has ${perColor[c]} box(es) of ${quoteInput(lv.colors[c]!)} but the level needs ${lv.colorTotal[c]! / 3}`,
        { path: '$.boxes', code: 'INVALID_OPTIONS' },
      );
  }
  return seq;
}

/**
 * Why `order` is not a box order of the level (a colour it lacks, or a colour with the wrong number
 * of boxes), in one line; null when it is one.
 */
export function checkBoxOrder(lv: CompiledLevel, order: readonly string[]): string | null {
  try {
    boxOrder(lv, order);
    return null;
  } catch (e) {
    if (e instanceof InvalidInputError) return e.message;
    throw e;
  }
}

/** Rough bytes of one remembered position: its bigint key (the removed screws) in the memo's set. */
function bytesPerState(lv: CompiledLevel): number {
  return 64 + Math.ceil((lv.nScrews + 36) / 8);
}

/**
 * The budget of one search: {@link SOLVE_MAX_WORK} nodes unless the caller says otherwise, and as
 * many remembered positions as fit in about 512 MB at an estimated size of each.
 */
function solveBudget(budget: Budget, lv: CompiledLevel): Budget {
  const maxStates = budgetValue(
    budget.maxStates,
    'maxStates',
    Math.max(1, Math.floor(DEFAULT_MAX_BYTES / bytesPerState(lv))),
  );
  return { ...budget, maxWork: budgetValue(budget.maxWork, 'maxWork', SOLVE_MAX_WORK), maxStates };
}

/**
 * Exact depth-first search for a winning tap order when boxes spawn in a given order, on the shared
 * {@link depthFirstSearch}: taps are tried in the greedy bot's order of preference, and every
 * position entered is remembered (keyed by the removed screws, which with a fixed box order
 * determine the boxes and the tray), so a position reached again by another order of taps is not
 * searched twice. Complete within its budget: `impossible` only after every tap order was tried,
 * `gave-up` naming the bound (work in nodes, time or memory) otherwise; the same budget in nodes
 * gives the same answer on any machine. The search keeps
 * its own stacks, so a level of thousands of screws cannot overflow the call stack.
 */
export function solveLevel(
  level: Level,
  budget: Budget = {},
  options: SolveOptions = {},
): SolveResult {
  const lv = compileLevel(level);
  const order = options.boxes ?? level.solution?.boxes;
  if (!order)
    throw new InvalidInputError(
      'solveLevel needs the box order (options.boxes) or a level with a recorded solution',
      { path: '$.boxes', code: 'INVALID_OPTIONS' },
    );
  const slots = options.boxSlots ?? 2;
  if (slots !== 1 && slots !== 2)
    throw new InvalidInputError(`boxSlots must be 1 or 2, got ${String(slots)}`, {
      path: '$.boxSlots',
      code: 'INVALID_OPTIONS',
    });
  const problem = new TapProblem(lv, boxOrder(lv, order), slots);
  const r = depthFirstSearch(problem, solveBudget(budget, lv));
  if (r.outcome.kind === 'solved')
    return solvedResult({ boxes: order.slice(), taps: r.moves! }, r.work);
  if (r.outcome.kind === 'impossible') return impossibleResult(r.work);
  return gaveUpResult(r.outcome, r.work);
}

/** The memo key shared by every lost position: none has a move, so one entry stands for them all. */
const LOST_KEY = -1n;

/**
 * One game played in place for {@link depthFirstSearch}: a move is a screw tapped. Taking a tap back
 * cannot be done on the engine's state, so each depth keeps its own copy (made once, reused) and
 * `undo` only steps back a depth.
 */
class TapProblem implements ReversibleProblem<bigint> {
  private depth = 0;
  /** Per depth: the game and its removed-screw mask. */
  private readonly games: Game[];
  private readonly masks: bigint[] = [0n];
  private readonly spawner: Spawner;
  private readonly legal: Int32Array;
  private readonly scores: Float64Array;

  constructor(
    private readonly lv: CompiledLevel,
    seq: readonly number[],
    private readonly slots: 1 | 2,
  ) {
    const total = seq.length;
    // Stateless: the next box is the one after those already spawned.
    this.spawner = (g) => seq[total - g.boxesToCome]!;
    const root = new Game(lv, slots, SEED_PARAMS, false);
    root.refill(this.spawner);
    this.games = [root];
    this.legal = new Int32Array(lv.nScrews);
    this.scores = new Float64Array(lv.nScrews);
  }

  isGoal(): boolean {
    return this.games[this.depth]!.status === WON;
  }

  /**
   * The removed screws (the mask), plus the boxes and the tray load. With a fixed box order, which
   * boxes are open and how full, and the tray, follow from the removed screws alone (boxes take
   * screws in order; the order of taps only decides whether the tray overflows, and lost positions
   * share {@link LOST_KEY}); the extra fields are a cheap guard.
   */
  key(): bigint {
    const g = this.games[this.depth]!;
    if (g.status === LOST) return LOST_KEY;
    const small =
      (((g.boxColor[0]! + 1) * 4 + g.boxFill[0]!) * 1024 +
        (g.boxColor[1]! + 1) * 4 +
        g.boxFill[1]!) *
        64 +
      g.trayTotal;
    return (this.masks[this.depth]! << 36n) | BigInt(small);
  }

  /** The legal taps, best score first (ties: lower screw first, as legal() lists them and the sort is stable). */
  moves(out: MoveSink): void {
    const g = this.games[this.depth]!;
    if (g.status !== PLAYING) return;
    const { legal, scores } = this;
    const n = g.legal(legal);
    for (let i = 0; i < n; i++) scores[i] = moveScore(g, legal[i]!);
    // n log n: a flat board can offer thousands of moves.
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
    for (const i of order) out.push(legal[i]!);
  }

  play(s: number): void {
    const d = this.depth;
    const h = (this.games[d + 1] ??= new Game(this.lv, this.slots, SEED_PARAMS, false));
    h.copyFrom(this.games[d]!);
    h.tap(s, this.spawner);
    this.masks[d + 1] = this.masks[d]! | (1n << BigInt(s));
    this.depth = d + 1;
  }

  undo(): void {
    this.depth--;
  }
}
