import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import {
  depthFirstSearch,
  type Bound,
  type Budget,
  type MoveSink,
  type Outcome,
  type ReversibleProblem,
} from '@puzzlekit/graph-search';
import type { Level } from '../model.js';
import { compileLevel } from '../board.js';
import { SEED_PARAMS } from '../rate/dct.js';
import { Game, LOST, PLAYING, WON, type Spawner } from '../simulate/engine.js';
import type { CompiledLevel } from '../board.js';
import { moveScore } from '../simulate/bots.js';

/**
 * Options of {@link solveLevel}: the shared {@link Budget} (`maxNodes` positions expanded, default
 * 200,000; `maxMs`; `maxStates` positions remembered, default as many as fit in about 512 MB), the
 * box order, and the older names `nodeBudget` (= `maxNodes`) and `maxBytes` (turned into states).
 */
export interface SolveOptions extends Budget {
  /** Box colours in spawn order (each colour once per box); default: the level's recorded solution's. */
  readonly boxes?: readonly string[];
  /** Box positions, 2 (default) or 1. */
  readonly boxSlots?: 1 | 2;
  /** @deprecated use `maxNodes`; given both, the smaller holds. */
  readonly nodeBudget?: number;
  /**
   * @deprecated use `maxStates`. A memory budget in bytes, turned into states at the estimated bytes
   * of one remembered position; given both, the smaller holds.
   */
  readonly maxBytes?: number;
}

/** The bound that stopped a search: nodes, time or memory. */
export type SolveBound = Bound;

/** The solver's answer. */
export interface SolveResult {
  /** `solved` (`taps` wins), `impossible` (no tap order wins with these boxes) or `gave-up` with the bound. */
  readonly outcome: Outcome;
  /** The outcome in the older words: `won`, `unwinnable` or `gave-up`. */
  readonly status: 'won' | 'unwinnable' | 'gave-up';
  /** Which budget ran out (`gave-up` only), else null. */
  readonly gaveUp: SolveBound | null;
  /** A winning tap order (global screw indices), or null. */
  readonly taps: readonly number[] | null;
  /** Positions expanded (the nodes counted against `maxNodes`). */
  readonly nodes: number;
  /** The box order used. */
  readonly boxes: readonly string[];
}

/** Default node budget of {@link solveLevel}. */
export const SOLVE_MAX_NODES = 200_000;
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

/** Rough bytes of one remembered position: its bigint key (the removed screws) in the memo's set. */
function bytesPerState(lv: CompiledLevel): number {
  return 64 + Math.ceil((lv.nScrews + 36) / 8);
}

function checkSolveOptions(o: SolveOptions): void {
  const bad = (why: string): never => {
    throw new InvalidInputError(why, { code: 'INVALID_OPTIONS' });
  };
  if (o.nodeBudget !== undefined && !(Number.isInteger(o.nodeBudget) && o.nodeBudget >= 1))
    bad(`nodeBudget must be a whole number ≥ 1, got ${o.nodeBudget}`);
  if (o.maxNodes !== undefined && !(o.maxNodes >= 1))
    bad(`maxNodes must be a number ≥ 1, got ${o.maxNodes}`);
  if (o.maxMs !== undefined && !(o.maxMs > 0))
    bad(`maxMs must be a positive number, got ${o.maxMs}`);
  if (o.maxBytes !== undefined && !(o.maxBytes > 0))
    bad(`maxBytes must be a positive number, got ${o.maxBytes}`);
}

/** The shared budget of one search: the older names folded in (given both, the smaller bound). */
function solveBudget(o: SolveOptions, lv: CompiledLevel): Budget {
  const maxNodes = Math.min(
    o.maxNodes ?? (o.nodeBudget === undefined ? SOLVE_MAX_NODES : Infinity),
    o.nodeBudget ?? Infinity,
  );
  const statesInBytes = (bytes: number): number =>
    Math.max(1, Math.floor(bytes / bytesPerState(lv)));
  const maxStates =
    o.maxStates === undefined
      ? statesInBytes(o.maxBytes ?? DEFAULT_MAX_BYTES)
      : Math.min(o.maxStates, o.maxBytes === undefined ? Infinity : statesInBytes(o.maxBytes));
  return {
    maxNodes,
    maxStates,
    ...(o.maxMs === undefined ? {} : { maxMs: o.maxMs }),
    ...(o.now === undefined ? {} : { now: o.now }),
    ...(o.onProgress === undefined ? {} : { onProgress: o.onProgress }),
  };
}

/**
 * Exact depth-first search for a winning tap order when boxes spawn in a given order, on the shared
 * {@link depthFirstSearch}: taps are tried in the greedy bot's order of preference, and every
 * position entered is remembered (keyed by the removed screws, which with a fixed box order
 * determine the boxes and the tray), so a position reached again by another order of taps is not
 * searched twice. Complete within its budget: `impossible` (status `unwinnable`) only after every
 * tap order was tried, `gave-up` naming the bound (nodes, time or memory) otherwise. The search keeps
 * its own stacks, so a level of thousands of screws cannot overflow the call stack.
 */
export function solveLevel(level: Level, options: SolveOptions = {}): SolveResult {
  checkSolveOptions(options);
  const lv = compileLevel(level);
  const order = options.boxes ?? level.solution?.boxes;
  if (!order)
    throw new InvalidInputError(
      'solveLevel needs the box order (options.boxes) or a level with a recorded solution',
      { code: 'INVALID_OPTIONS' },
    );
  const problem = new TapProblem(lv, boxOrder(lv, order), options.boxSlots ?? 2);
  const r = depthFirstSearch(problem, solveBudget(options, lv));
  const { outcome } = r;
  return {
    outcome,
    status:
      outcome.kind === 'solved' ? 'won' : outcome.kind === 'impossible' ? 'unwinnable' : 'gave-up',
    gaveUp: outcome.kind === 'gave-up' ? outcome.bound : null,
    taps: r.moves,
    nodes: r.nodes,
    boxes: order.slice(),
  };
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
