import { BucketQueue } from '@puzzlekit/graph-search';
import type { Bound, BudgetMeter } from '@puzzlekit/job';
import type { Push } from '../model.js';
import { CORRAL_DEADLOCK, CorralPruner } from './corral.js';
import { DualCache } from './duals.js';
import { Assignment } from './hungarian.js';
import { runToEnd, type ResumableRun } from './run.js';
import { UNREACHABLE, type Space } from './space.js';
import { StateStore, mix } from './store.js';

/** Limits and switches of {@link exactSearch} and {@link greedySearch}. */
export interface PushSearchLimits {
  /** Counts expanded states (the unit `nodes`) against the work share and the one deadline. */
  readonly meter: BudgetMeter;
  /** Bytes the stored states may take. */
  readonly memoryBytes: number;
}

/** What a push search found: an answer, or what stopped it. */
export interface PushSearchOutcome {
  readonly pushes: Push[] | null;
  readonly nodes: number;
  readonly stop?: Bound | 'unsolvable';
  /** States stored when it stopped. */
  readonly states: number;
}

/**
 * Push-optimal A* over push states (f = pushes made + lower bound). The lower bound is the
 * minimum-cost box–goal matching by lone-box push distance (admissible; {@link Assignment}, updated
 * by one augmenting path per push). Pruned: dead squares, 2×2 blocks, freeze deadlocks (when
 * `freeze`), bipartite deadlocks (no matching) and, by PI-corral pruning, every push but those of
 * one PI-corral ({@link CorralPruner}) — which keeps a push-optimal answer (it only reorders pushes).
 * A child that is solved ends the search: its f equals the smallest f open, so it is optimal.
 */
export function exactSearch(
  sp: Space,
  player: number,
  limits: ExactLimits,
): PushSearchOutcome & { readonly lowerBound: number } {
  return runToEnd(exactRun(sp, player, limits, Infinity));
}

/** Limits and switches of {@link exactSearch} and {@link exactRun}. */
export type ExactLimits = PushSearchLimits & {
  readonly freeze: boolean;
  /** The boxes to start from (default: the level's); fewer than the goals is allowed. */
  readonly boxes?: ArrayLike<number>;
};

/**
 * {@link exactSearch} as a {@link ResumableRun}, so that the fast mode interleaves it with its other
 * searches by work. The bound of the start (the answer's lower bound) is the outcome's `lowerBound`
 * and, as soon as it is known, `onLowerBound`'s argument.
 */
export function* exactRun(
  sp: Space,
  player: number,
  limits: ExactLimits & { readonly onLowerBound?: (bound: number) => void },
  pauseEvery: number,
): ResumableRun<PushSearchOutcome & { readonly lowerBound: number }> {
  const boxes = limits.boxes ?? sp.startBoxes;
  const k = boxes.length;
  const { size, off, dead, wall, zBoxHi, zBoxLo, zPlayerHi, zPlayerLo } = sp;
  const store = new StateStore(wall, limits.memoryBytes, limits.meter.maxStates);
  const occ = new Uint8Array(size);
  // fewer boxes than goals (a proof sub-search): the boxes need not fill every goal
  const goalCount = sp.goals.length;
  const corrals = new CorralPruner(sp);
  corrals.emptyGoalsMatter = k === goalCount;
  const parentA = new Assignment(k, size, sp.pushDist, UNREACHABLE, goalCount);
  const childA = new Assignment(k, size, sp.pushDist, UNREACHABLE, goalCount);
  const cache = new DualCache(k, goalCount);
  const big = parentA.big;
  const maxReplay = Math.max(2, k >> 2);
  const cur = new Int32Array(Math.max(k, 1));
  const bits = new Int32Array(store.words);
  // The open list: node indices by f, the newest (deepest) first among equals. The core BucketQueue
  // measured 0.99× the CPU time of the hand-written per-f arrays it replaced (compareCpu, Microban
  // 93/111/123/139 at 5,000 states each), in less memory (typed arrays).
  const open = new BucketQueue(1024);
  const pushOpen = (node: number, f: number): void => open.push(node, f);

  // The start.
  const h0 = addRoot(sp, boxes, player, store, parentA, cache, occ, bits, limits.meter);
  if (Number.isNaN(h0)) return { pushes: null, nodes: 0, stop: 'time', lowerBound: 0, states: 0 };
  if (h0 >= big) return { pushes: null, nodes: 0, stop: 'unsolvable', lowerBound: -1, states: 0 };
  if (h0 === 0) return { pushes: [], nodes: 0, lowerBound: 0, states: 0 };
  limits.onLowerBound?.(h0);
  store.h[0] = h0;
  pushOpen(0, h0);

  const { meter } = limits;
  const start = meter.work;
  let nodes = 0;
  let pauseAt = start + pauseEvery;
  const stopped = (
    stop: Bound | 'unsolvable',
  ): PushSearchOutcome & {
    lowerBound: number;
  } => ({ pushes: null, nodes, stop, lowerBound: h0, states: store.count });
  for (;;) {
    if (meter.work >= pauseAt) pauseAt = meter.work + ((yield) ?? pauseEvery);
    const minF = open.peekPriority();
    if (minF === Infinity) return stopped('unsolvable');
    const node = open.pop();
    if (store.g[node]! + store.h[node]! !== minF) continue; // stale: reopened with a smaller g
    const bound = meter.spend();
    nodes = meter.work - start;
    if (bound !== null) return stopped(bound);
    const found = expand(node);
    if (found === OUT_OF_MEMORY) return stopped('memory');
    if (found >= 0)
      return { pushes: store.path(found), nodes, lowerBound: h0, states: store.count };
  }

  /** Generates the children of `node`; returns a solved child, OUT_OF_MEMORY or NONE. */
  function expand(node: number): number {
    store.decode(node, cur);
    cache.restore(node, parentA, cur, store.parent, store.pushOf, off, maxReplay);
    for (let i = 0; i < k; i++) occ[cur[i]!] = 1;
    sp.flood(occ, store.player[node]!);
    sp.markRegion();
    const corral = corrals.analyse(occ);
    let result = NONE;
    if (corral !== CORRAL_DEADLOCK) {
      const allowed = corral >= 0 ? corrals.pushes.subarray(0, corral) : null;
      // the matching's rows are the boxes in its own order
      for (let row = 1; row <= k && result === NONE; row++) {
        const b = parentA.rows[row]!;
        for (let d = 0; d < 4 && result === NONE; d++) {
          const o = off[d]!;
          const t = b + o;
          if (wall[t] || occ[t] || dead[t] || !sp.isMarked(b - o)) continue;
          if (allowed && !allowed.includes(b * 4 + d)) continue;
          occ[b] = 0;
          occ[t] = 1;
          result = child(node, row, b, d, t);
          occ[t] = 0;
          occ[b] = 1;
        }
      }
    }
    for (let i = 0; i < k; i++) occ[cur[i]!] = 0;
    return result;
  }

  /**
   * The child of pushing box `b` (matching row `row`) in direction `d` to `t`, `occ` updated: a
   * deadlock is dropped, a known state reopened when reached in fewer pushes, a new one stored and
   * opened. Returns the child when it is solved, OUT_OF_MEMORY, or NONE.
   */
  function child(node: number, row: number, b: number, d: number, t: number): number {
    if (sp.blocked2x2(occ, t) || (limits.freeze && sp.frozenDeadlock(occ, t))) return NONE;
    const norm = sp.flood(occ, b);
    const hiB = store.boxHi[node]! ^ zBoxHi[b]! ^ zBoxHi[t]!;
    const loB = store.boxLo[node]! ^ zBoxLo[b]! ^ zBoxLo[t]!;
    const key = mix(hiB ^ zPlayerHi[norm]!, loB ^ zPlayerLo[norm]!);
    store.copyBits(node, bits);
    store.toggle(bits, b);
    store.toggle(bits, t);
    const g = store.g[node]! + 1;
    const old = store.find(bits, norm, key);
    if (old >= 0) {
      if (g < store.g[old]!) {
        store.g[old] = g;
        store.parent[old] = node;
        store.pushOf[old] = b * 4 + d;
        pushOpen(old, g + store.h[old]!);
      }
      return NONE;
    }
    childA.copyFrom(parentA);
    const h = childA.move(row - 1, t);
    if (h >= big) return NONE; // no box–goal matching left: a bipartite deadlock
    const n = store.add(bits, norm, key, node, b * 4 + d, hiB, loB);
    if (n < 0) return OUT_OF_MEMORY;
    store.h[n] = h;
    if (h === 0) return n;
    cache.save(n, childA);
    pushOpen(n, g + h);
    return NONE;
  }
}

const NONE = -1;
const OUT_OF_MEMORY = -2;

/**
 * The start of a push search (exact or greedy) from `boxes`: their bound, and when it is neither
 * 0 (solved), unreachable (unsolvable) nor NaN (the meter's deadline passed while solving it), the start
 * stored as node 0 with its duals cached. Returns that bound.
 */
export function addRoot(
  sp: Space,
  boxes: ArrayLike<number>,
  player: number,
  store: StateStore,
  parentA: Assignment,
  cache: DualCache,
  occ: Uint8Array,
  bits: Int32Array,
  meter: BudgetMeter,
): number {
  const k = boxes.length;
  const { zBoxHi, zBoxLo, zPlayerHi, zPlayerLo } = sp;
  const start = Int32Array.from(boxes).sort();
  for (const c of start) occ[c] = 1;
  const player0 = sp.flood(occ, player);
  for (const c of start) occ[c] = 0;
  const h0 = k === 0 ? 0 : parentA.solve(start, meter);
  if (Number.isNaN(h0) || h0 >= parentA.big || h0 === 0) return h0;
  store.encode(start, k, bits);
  let hi0 = 0;
  let lo0 = 0;
  for (const c of start) {
    hi0 ^= zBoxHi[c]!;
    lo0 ^= zBoxLo[c]!;
  }
  store.add(
    bits,
    player0,
    mix(hi0 ^ zPlayerHi[player0]!, lo0 ^ zPlayerLo[player0]!),
    -1,
    -1,
    hi0,
    lo0,
  );
  cache.save(0, parentA);
  return h0;
}
