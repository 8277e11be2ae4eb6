import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import type { Level } from '../model.js';
import { compileLevel } from '../board.js';
import { SEED_PARAMS } from '../rate/dct.js';
import { Game, LOST, WON, type Spawner } from '../simulate/engine.js';
import { moveScore } from '../simulate/bots.js';

/** Options of {@link solveLevel}. */
export interface SolveOptions {
  /** Box colours in spawn order (each colour once per box); default: the level's recorded solution's. */
  readonly boxes?: readonly string[];
  /** Box positions, 2 (default) or 1. */
  readonly boxSlots?: 1 | 2;
  /** Search states before giving up (default 200,000). */
  readonly nodeBudget?: number;
}

/** The solver's answer. */
export interface SolveResult {
  /** `won`: `taps` wins; `unwinnable`: no tap order wins with these boxes; `gave-up`: budget spent. */
  readonly status: 'won' | 'unwinnable' | 'gave-up';
  /** A winning tap order (global screw indices), or null. */
  readonly taps: readonly number[] | null;
  /** States expanded. */
  readonly nodes: number;
  /** The box order used. */
  readonly boxes: readonly string[];
}

/**
 * Exact depth-first search for a winning tap order when boxes spawn in a given order: tries taps in
 * the greedy bot's order of preference and remembers states already proved lost (keyed by a bigint:
 * the removed screws, which with a fixed box order determine the boxes and the tray). Complete within its node budget: it says
 * `unwinnable` only after exhausting every tap order, and `gave-up` when the budget ran out.
 */
export function solveLevel(level: Level, options: SolveOptions = {}): SolveResult {
  const lv = compileLevel(level);
  const order = options.boxes ?? level.solution?.boxes;
  if (!order)
    throw new InvalidInputError(
      'solveLevel needs the box order (options.boxes) or a level with a recorded solution',
      {
        code: 'INVALID_OPTIONS',
      },
    );
  const slots = options.boxSlots ?? 2;
  const budget = options.nodeBudget ?? 200_000;
  if (!Number.isInteger(budget) || budget < 1)
    throw new InvalidInputError(`nodeBudget must be a whole number ≥ 1, got ${budget}`, {
      code: 'INVALID_OPTIONS',
    });
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
  const total = seq.length;
  // Stateless: the next box is the one after those already spawned.
  const spawner: Spawner = (g) => {
    let left = 0;
    for (let c = 0; c < C; c++) left += g.boxesLeft[c]!;
    return seq[total - left]!;
  };
  const S = lv.nScrews;
  // The key: screws removed (a bigint mask kept incrementally), plus the boxes and the tray load.
  // With a fixed box order, which boxes are open and how full, and the tray, follow from the removed
  // screws alone (boxes take screws in order; the order of taps only decides whether the tray
  // overflows, and lost states are never stored); the extra fields are a cheap guard.
  const bit: bigint[] = [];
  for (let s = 0; s < S; s++) bit.push(1n << BigInt(s));
  const small = (g: Game): number =>
    (((g.boxColor[0]! + 1) * 4 + g.boxFill[0]!) * 1024 + (g.boxColor[1]! + 1) * 4 + g.boxFill[1]!) *
      64 +
    g.trayTotal;
  const root = new Game(lv, slots, SEED_PARAMS, false);
  root.refill(spawner);
  const dead = new Set<bigint>();
  const path: number[] = [];
  let nodes = 0;
  let gaveUp = false;
  const scratch: Game[] = [];
  const moveBufs: Int32Array[] = [];
  const scoreBufs: Float64Array[] = [];
  const dfs = (g: Game, mask: bigint, depth: number): boolean => {
    if (g.status === WON) return true;
    if (nodes >= budget) {
      gaveUp = true;
      return false;
    }
    nodes++;
    const k = (mask << 36n) | BigInt(small(g));
    if (dead.has(k)) return false;
    const moves = (moveBufs[depth] ??= new Int32Array(S));
    const scores = (scoreBufs[depth] ??= new Float64Array(S));
    const n = g.legal(moves);
    for (let i = 0; i < n; i++) scores[i] = moveScore(g, moves[i]!);
    // Insertion sort by score, best first (n is small); ties keep the lower screw index first.
    for (let i = 1; i < n; i++) {
      const m = moves[i]!;
      const sc = scores[i]!;
      let j = i - 1;
      while (j >= 0 && scores[j]! < sc) {
        moves[j + 1] = moves[j]!;
        scores[j + 1] = scores[j]!;
        j--;
      }
      moves[j + 1] = m;
      scores[j + 1] = sc;
    }
    for (let i = 0; i < n; i++) {
      const s = moves[i]!;
      const h = (scratch[depth] ??= new Game(lv, slots, SEED_PARAMS, false));
      h.copyFrom(g);
      h.tap(s, spawner);
      if (h.status === LOST) continue;
      path.push(s);
      if (dfs(h, mask | bit[s]!, depth + 1)) return true;
      path.pop();
      if (gaveUp) return false;
    }
    dead.add(k);
    return false;
  };
  const won = dfs(root, 0n, 0);
  return {
    status: won ? 'won' : gaveUp ? 'gave-up' : 'unwinnable',
    taps: won ? path.slice() : null,
    nodes,
    boxes: order.slice(),
  };
}
