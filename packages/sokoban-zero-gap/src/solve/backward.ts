import { BucketQueue } from '@puzzlekit/graph-search';
import type { BudgetMeter } from '@puzzlekit/job';
import type { Direction, Push } from '../model.js';
import { DualCache } from './duals.js';
import { Assignment } from './hungarian.js';
import { StateStore, mix } from './store.js';
import { UNREACHABLE, type Space } from './space.js';
import type { PushSearchOutcome } from './astar.js';
import type { ResumableRun } from './run.js';

/** Limits of {@link backwardRun}. */
export interface BackwardLimits {
  readonly meter: BudgetMeter;
  readonly memoryBytes: number;
}

/**
 * Greedy best-first search **backward**, by pulls: from the solved position (the boxes on the
 * goals, the player in any of its free areas) towards the start (the boxes on their start cells,
 * the player's start cell in the player's region). A pull takes a box one cell towards the player,
 * who steps back one cell; read in reverse, the pulls are the pushes of an answer. Goal rooms that
 * are hard to fill forward (the order matters) are easy to empty backward. The priority is the
 * minimum-cost matching of the boxes to the start cells by pull distance (the push distance from the
 * start cell to the box); the newest first among equals. Pruned: boxes on cells from which no start
 * cell can be reached by pulls, and positions without a matching. Every stored position costs one
 * unit of work.
 */
export function* backwardRun(
  sp: Space,
  player: number,
  limits: BackwardLimits,
  pauseEvery: number,
): ResumableRun<PushSearchOutcome> {
  const { size, off, wall, goals, zBoxHi, zBoxLo, zPlayerHi, zPlayerLo } = sp;
  const starts = Int32Array.from(sp.startBoxes).sort();
  const k = starts.length;
  // pulls from a cell to a start cell: the pushes from the start cell to it
  const dist = sp.pushTable(starts, false);
  // cells from which some start cell can be reached by pulls
  const live = new Uint8Array(size);
  for (let i = 0; i < k; i++)
    for (let c = 0; c < size; c++) if (dist[i * size + c]! < UNREACHABLE) live[c] = 1;
  // the pull distances are this run's own table: they come out of its memory
  const stateBytes = limits.memoryBytes - dist.length * 4;
  if (stateBytes <= 0) return { pushes: null, nodes: 0, stop: 'memory', states: 0 };
  const store = new StateStore(wall, stateBytes, limits.meter.maxStates);
  const occ = new Uint8Array(size);
  const bits = new Int32Array(store.words);
  const cur = new Int32Array(Math.max(k, 1));
  const parentA = new Assignment(k, size, dist, UNREACHABLE);
  const childA = new Assignment(k, size, dist, UNREACHABLE);
  const big = parentA.big;
  // a popped position takes its matching from a cache of recent ones or replays the last few pulls
  // from a cached ancestor (a pull is stored as a push is: box cell × 4 + the way it moves), so a
  // fresh O(k³) solve is rare: without it the solves took 84 % of the run's CPU
  const cache = new DualCache(k);
  const maxReplay = Math.max(2, k >> 2);
  const rowOf = new Int32Array(size);
  const open = new BucketQueue(1024);
  const opposite = new Int32Array(4);
  for (let d = 0; d < 4; d++) for (let e = 0; e < 4; e++) if (off[e] === -off[d]!) opposite[d] = e;
  const { meter } = limits;
  const start = meter.work;

  // the roots: the solved position with the player in each of its free areas
  for (const g of goals) occ[g] = 1;
  const h0 = parentA.solve(goals);
  if (h0 >= big) return { pushes: null, nodes: 0, stop: 'unsolvable', states: 0 };
  let hi0 = 0;
  let lo0 = 0;
  for (const g of goals) {
    hi0 ^= zBoxHi[g]!;
    lo0 ^= zBoxLo[g]!;
  }
  store.encode(goals, k, bits);
  const seenArea = new Uint8Array(size);
  for (let c = 0; c < size; c++) {
    if (wall[c] || occ[c] || seenArea[c]) continue;
    const norm = sp.flood(occ, c);
    const cells = sp.regionCells;
    for (let i = 0; i < sp.regionSize; i++) seenArea[cells[i]!] = 1;
    if (h0 === 0 && sp.inRegion(player)) return { pushes: [], nodes: 0, states: 0 };
    const n = store.add(
      bits,
      norm,
      mix(hi0 ^ zPlayerHi[norm]!, lo0 ^ zPlayerLo[norm]!),
      -1,
      -1,
      hi0,
      lo0,
    );
    if (n < 0) return { pushes: null, nodes: 0, stop: 'memory', states: store.count };
    cache.save(n, parentA);
    open.push(n, h0);
  }
  for (const g of goals) occ[g] = 0;

  let pauseAt = start + pauseEvery;
  for (;;) {
    if (meter.work >= pauseAt) pauseAt = meter.work + ((yield) ?? pauseEvery);
    const node = open.pop();
    const nodes = meter.work - start;
    if (node < 0) return { pushes: null, nodes, stop: 'unsolvable', states: store.count };
    store.decode(node, cur);
    for (let i = 0; i < k; i++) occ[cur[i]!] = 1;
    cache.restore(node, parentA, cur, store.parent, store.pushOf, off, maxReplay);
    sp.flood(occ, store.player[node]!);
    sp.markRegion();
    const hiN = store.boxHi[node]!;
    const loN = store.boxLo[node]!;
    // the boxes in cell order (as a fresh solve of `cur` would have its rows), each with its row
    for (let row = 1; row <= k; row++) rowOf[parentA.rows[row]!] = row;
    for (let i = 0; i < k; i++) {
      const b = cur[i]!;
      const row = rowOf[b]!;
      for (let d = 0; d < 4; d++) {
        const p = b + off[d]!;
        const q = p + off[d]!;
        if (!sp.isMarked(p) || wall[q] || occ[q] || !live[p]) continue;
        occ[b] = 0;
        occ[p] = 1;
        const norm = sp.flood(occ, q);
        const hiB = hiN ^ zBoxHi[b]! ^ zBoxHi[p]!;
        const loB = loN ^ zBoxLo[b]! ^ zBoxLo[p]!;
        const key = mix(hiB ^ zPlayerHi[norm]!, loB ^ zPlayerLo[norm]!);
        store.copyBits(node, bits);
        store.toggle(bits, b);
        store.toggle(bits, p);
        let found = -1;
        let failed: 'memory' | null = null;
        if (store.find(bits, norm, key) < 0) {
          childA.copyFrom(parentA);
          const h = childA.move(row - 1, p);
          if (h < big) {
            const bound = meter.spend();
            if (bound !== null)
              return { pushes: null, nodes: meter.work - start, stop: bound, states: store.count };
            const n = store.add(bits, norm, key, node, b * 4 + d, hiB, loB);
            if (n < 0) failed = 'memory';
            else if (h === 0 && sp.inRegion(player)) found = n;
            else {
              cache.save(n, childA);
              open.push(n, h);
            }
          }
        }
        occ[p] = 0;
        occ[b] = 1;
        if (failed)
          return { pushes: null, nodes: meter.work - start, stop: failed, states: store.count };
        if (found >= 0)
          return { pushes: forward(found), nodes: meter.work - start, states: store.count };
      }
    }
    for (let i = 0; i < k; i++) occ[cur[i]!] = 0;
  }

  /** The pulls from a root to `n`, as the pushes of an answer (last pull first, reversed). */
  function forward(n: number): Push[] {
    const out: Push[] = [];
    for (let x = n; store.parent[x]! >= 0; x = store.parent[x]!) {
      const v = store.pushOf[x]!;
      const d = v & 3;
      out.push({ box: (v >> 2) + off[d]!, direction: opposite[d]! as Direction });
    }
    return out;
  }
}
