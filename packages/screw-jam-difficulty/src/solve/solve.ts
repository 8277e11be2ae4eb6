import { InvalidInputError } from '@puzzlekit/errors';
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
 * the greedy bot's order of preference and remembers states already proved lost (keyed by the exact
 * state: screws on the board, boxes and tray, as a bigint). Complete within its node budget: it says
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
      throw new InvalidInputError(`colour '${name}' is not in the level`, {
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
        `the box order has ${perColor[c]} box(es) of '${lv.colors[c]}' but the level needs ${lv.colorTotal[c]! / 3}`,
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
  const key = (g: Game): bigint => {
    let k = 0n;
    for (let s = 0; s < S; s++) k = (k << 1n) | BigInt(g.present[s]!);
    for (let slot = 0; slot < 2; slot++)
      k = (k << 8n) | BigInt((g.boxColor[slot]! + 1) * 4 + g.boxFill[slot]!);
    for (let c = 0; c < C; c++) k = (k << 12n) | BigInt(g.tray[c]!);
    return k;
  };
  const root = new Game(lv, slots, SEED_PARAMS, false);
  root.refill(spawner);
  const dead = new Set<bigint>();
  const path: number[] = [];
  let nodes = 0;
  let gaveUp = false;
  const dfs = (g: Game): boolean => {
    if (g.status === WON) return true;
    if (nodes >= budget) {
      gaveUp = true;
      return false;
    }
    nodes++;
    const k = key(g);
    if (dead.has(k)) return false;
    const moves = new Int32Array(S);
    const n = g.legal(moves);
    const list = Array.from(moves.subarray(0, n));
    const score = new Map(list.map((s) => [s, moveScore(g, s)]));
    list.sort((a, b) => score.get(b)! - score.get(a)! || a - b);
    for (const s of list) {
      const h = g.clone();
      h.tap(s, spawner);
      if (h.status === LOST) continue;
      path.push(s);
      if (dfs(h)) return true;
      path.pop();
      if (gaveUp) return false;
    }
    dead.add(k);
    return false;
  };
  const won = dfs(root);
  return {
    status: won ? 'won' : gaveUp ? 'gave-up' : 'unwinnable',
    taps: won ? path.slice() : null,
    nodes,
    boxes: order.slice(),
  };
}
