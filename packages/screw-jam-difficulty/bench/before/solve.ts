import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import type { Level } from '../../src/model.js';
import { compileLevel } from '../../src/board.js';
import { SEED_PARAMS } from '../../src/rate/dct.js';
import { Game, LOST, WON, type Spawner } from '../../src/simulate/engine.js';
import type { CompiledLevel } from '../../src/board.js';
import { moveScore } from '../../src/simulate/bots.js';

/** Options of {@link solveLevel}. */
export interface SolveOptions {
  /** Box colours in spawn order (each colour once per box); default: the level's recorded solution's. */
  readonly boxes?: readonly string[];
  /** Box positions, 2 (default) or 1. */
  readonly boxSlots?: 1 | 2;
  /** Search states before giving up (default 200,000). */
  readonly nodeBudget?: number;
  /** Wall-clock budget in ms (default none). */
  readonly maxMs?: number;
  /** Memory budget in bytes for the states kept (proved-lost states and the search path; default 512 MB, estimated). */
  readonly maxBytes?: number;
  /** The clock for `maxMs`, in ms (default `performance.now`); tests pass a fake one. */
  readonly now?: () => number;
  /** Called with the states searched so far, about every 4,096 states. */
  readonly onProgress?: (nodes: number) => void;
}

/** The bound that stopped a search: states, time or memory. */
export type SolveBound = 'nodes' | 'time' | 'memory';

/** The solver's answer. */
export interface SolveResult {
  /** `won`: `taps` wins; `unwinnable`: no tap order wins with these boxes; `gave-up`: a budget ran out. */
  readonly status: 'won' | 'unwinnable' | 'gave-up';
  /** Which budget ran out (`gave-up` only), else null. */
  readonly gaveUp: SolveBound | null;
  /** A winning tap order (global screw indices), or null. */
  readonly taps: readonly number[] | null;
  /** States expanded. */
  readonly nodes: number;
  /** The box order used. */
  readonly boxes: readonly string[];
}

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

/** Rough bytes of one engine state of a level (typed arrays plus object overhead). */
function gameBytes(lv: CompiledLevel): number {
  const C = lv.colors.length;
  return 400 + 5 * lv.nScrews + 4 * lv.nBars + 4 * (6 * C + lv.nRanks * (C + 1));
}

function checkSolveOptions(o: SolveOptions): void {
  const bad = (why: string): never => {
    throw new InvalidInputError(why, { code: 'INVALID_OPTIONS' });
  };
  const budget = o.nodeBudget ?? 200_000;
  if (!Number.isInteger(budget) || budget < 1)
    bad(`nodeBudget must be a whole number ≥ 1, got ${budget}`);
  if (o.maxMs !== undefined && !(o.maxMs > 0))
    bad(`maxMs must be a positive number, got ${o.maxMs}`);
  if (o.maxBytes !== undefined && !(o.maxBytes > 0))
    bad(`maxBytes must be a positive number, got ${o.maxBytes}`);
}

/**
 * Exact depth-first search for a winning tap order when boxes spawn in a given order: tries taps in
 * the greedy bot's order of preference and remembers states already proved lost (keyed by a bigint:
 * the removed screws, which with a fixed box order determine the boxes and the tray). Complete within
 * its budgets: it says `unwinnable` only after exhausting every tap order, and `gave-up` (naming the
 * bound: states, time or memory) when a budget ran out. The search keeps its own stack, so a level of
 * thousands of screws cannot overflow the call stack.
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
  const seq = boxOrder(lv, order);
  const slots = options.boxSlots ?? 2;
  const search = new TapSearch(lv, seq, slots, options);
  const { won, gaveUp } = search.run();
  return {
    status: won ? 'won' : gaveUp ? 'gave-up' : 'unwinnable',
    gaveUp,
    taps: won ? search.path.slice() : null,
    nodes: search.nodes,
    boxes: order.slice(),
  };
}

/** The depth-first search of {@link solveLevel}, on an explicit stack of states (one per depth). */
class TapSearch {
  readonly path: number[] = [];
  nodes = 0;
  private readonly budget: number;
  private readonly maxBytes: number;
  private readonly expired: (() => boolean) | undefined;
  private readonly spawner: Spawner;
  /** Proved-lost states. */
  private readonly dead = new Set<bigint>();
  private readonly bytesPerKey: number;
  private readonly bytesPerDepth: number;
  // Per depth: the state, its removed-screw mask and key, its moves best first, the next to try.
  private readonly games: Game[] = [];
  private readonly masks: bigint[] = [];
  private readonly keys: bigint[] = [];
  private readonly moves: Int32Array[] = [];
  private readonly scores: Float64Array[] = [];
  private readonly count: number[] = [];
  private readonly next: number[] = [];

  constructor(
    private readonly lv: CompiledLevel,
    seq: readonly number[],
    private readonly slots: 1 | 2,
    private readonly options: SolveOptions,
  ) {
    this.budget = options.nodeBudget ?? 200_000;
    this.maxBytes = options.maxBytes ?? 512 * 1024 * 1024;
    const now = options.now ?? (() => performance.now());
    const deadline = options.maxMs === undefined ? Infinity : now() + options.maxMs;
    this.expired = options.maxMs === undefined ? undefined : () => now() > deadline;
    const total = seq.length;
    // Stateless: the next box is the one after those already spawned.
    this.spawner = (g) => seq[total - g.boxesToCome]!;
    this.bytesPerKey = 64 + Math.ceil((lv.nScrews + 36) / 8);
    this.bytesPerDepth = gameBytes(lv) + 12 * lv.nScrews + this.bytesPerKey * 2;
  }

  /**
   * The key of a state: screws removed (the mask), plus the boxes and the tray load. With a fixed box
   * order, which boxes are open and how full, and the tray, follow from the removed screws alone
   * (boxes take screws in order; the order of taps only decides whether the tray overflows, and lost
   * states are never stored); the extra fields are a cheap guard.
   */
  private key(g: Game, mask: bigint): bigint {
    const small =
      (((g.boxColor[0]! + 1) * 4 + g.boxFill[0]!) * 1024 +
        (g.boxColor[1]! + 1) * 4 +
        g.boxFill[1]!) *
        64 +
      g.trayTotal;
    return (mask << 36n) | BigInt(small);
  }

  private bytesUsed(depth: number): number {
    return this.dead.size * this.bytesPerKey + (depth + 1) * this.bytesPerDepth;
  }

  /** Counts the state at `depth`; false when it is already proved lost. Fills its moves, best first. */
  private expand(depth: number): boolean {
    this.nodes++;
    if ((this.nodes & 4095) === 0) this.options.onProgress?.(this.nodes);
    const g = this.games[depth]!;
    const k = this.key(g, this.masks[depth]!);
    if (this.dead.has(k)) return false;
    this.keys[depth] = k;
    const S = this.lv.nScrews;
    const moves = (this.moves[depth] ??= new Int32Array(S));
    const scores = (this.scores[depth] ??= new Float64Array(S));
    const n = g.legal(moves);
    for (let i = 0; i < n; i++) scores[i] = moveScore(g, moves[i]!);
    // Best score first; ties keep the lower screw index first (legal() lists screws in index order
    // and the sort is stable). n log n: a flat board can offer thousands of moves.
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
    const sorted = order.map((i) => moves[i]!);
    for (let i = 0; i < n; i++) moves[i] = sorted[i]!;
    this.count[depth] = n;
    this.next[depth] = 0;
    return true;
  }

  /** The bound that has run out before expanding another state, or null. */
  private spent(depth: number): SolveBound | null {
    if (this.nodes >= this.budget) return 'nodes';
    if ((this.nodes & 255) === 0 && this.expired?.() === true) return 'time';
    if (this.bytesUsed(depth) > this.maxBytes) return 'memory';
    return null;
  }

  run(): { won: boolean; gaveUp: SolveBound | null } {
    const root = new Game(this.lv, this.slots, SEED_PARAMS, false);
    root.refill(this.spawner);
    if (root.status === WON) return { won: true, gaveUp: null };
    this.games[0] = root;
    this.masks[0] = 0n;
    const first = this.spent(0);
    if (first) return { won: false, gaveUp: first };
    this.expand(0);
    let depth = 0;
    while (depth >= 0) {
      if (this.next[depth]! >= this.count[depth]!) {
        // Every tap from here loses: remember the state, go back up.
        this.dead.add(this.keys[depth]!);
        depth--;
        this.path.pop();
        continue;
      }
      const s = this.moves[depth]![this.next[depth]!++]!;
      const h = (this.games[depth + 1] ??= new Game(this.lv, this.slots, SEED_PARAMS, false));
      h.copyFrom(this.games[depth]!);
      h.tap(s, this.spawner);
      if (h.status === LOST) continue;
      if (h.status === WON) {
        this.path.push(s);
        return { won: true, gaveUp: null };
      }
      const bound = this.spent(depth + 1);
      if (bound) return { won: false, gaveUp: bound };
      this.masks[depth + 1] = this.masks[depth]! | (1n << BigInt(s));
      if (!this.expand(depth + 1)) continue;
      this.path.push(s);
      depth++;
    }
    return { won: false, gaveUp: null };
  }
}
