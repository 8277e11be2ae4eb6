import type { Direction, Push } from '../model.js';
import { CORRAL_DEADLOCK, CorralPruner, NO_CORRAL } from './corral.js';
import { DualCache } from './duals.js';
import { Assignment } from './hungarian.js';
import { GoalMacro } from './macro.js';
import { PackingOrder } from './packing.js';
import { UNREACHABLE, type Space } from './space.js';
import type { SolveBound } from './solve.js';

/** Limits of {@link greedySearch}. */
export interface GreedyLimits {
  readonly maxNodes: number;
  /** A `performance.now()` time. */
  readonly deadline: number;
  /** Bytes the stored states may take. */
  readonly memoryBytes: number;
  readonly onProgress?: ((nodes: number) => void) | undefined;
  /** Goal-room macros ({@link GoalMacro}) on. */
  readonly macros: boolean;
}

/** What {@link greedySearch} found: an answer, or what stopped it. */
export interface GreedyOutcome {
  readonly pushes: Push[] | null;
  readonly nodes: number;
  readonly stop?: SolveBound | 'unsolvable';
}

/**
 * The stored states of a push search, compactly: each box set as a bit set over the floor cells
 * (⌈floor/32⌉ words, far fewer than one word a box on most levels), the normalised player cell, the
 * parent and the push that made it, and a 32-bit hash; the transposition table is open addressing
 * on that hash, confirmed against the stored bit set and player.
 */
class StateStore {
  readonly words: number;
  readonly maxStates: number;
  private readonly bitOf: Int32Array;
  count = 0;
  private cap: number;
  bits: Int32Array;
  player: Int32Array;
  parent: Int32Array;
  pushOf: Int32Array;
  /** The box set's Zobrist key halves (the player's part is added per state). */
  boxHi: Int32Array;
  boxLo: Int32Array;
  private hash: Int32Array;
  private table: Int32Array;
  private mask: number;

  constructor(bitOf: Int32Array, floorCells: number, memoryBytes: number) {
    this.bitOf = bitOf;
    this.words = Math.max(1, Math.ceil(floorCells / 32));
    // per state: the words and six Int32 fields, twice while growing, plus ~12 bytes of table
    this.maxStates = Math.max(1, Math.floor(memoryBytes / (2 * (4 * this.words + 24) + 12)));
    this.cap = Math.min(1 << 12, this.maxStates);
    this.bits = new Int32Array(this.cap * this.words);
    this.player = new Int32Array(this.cap);
    this.parent = new Int32Array(this.cap);
    this.pushOf = new Int32Array(this.cap);
    this.hash = new Int32Array(this.cap);
    this.boxHi = new Int32Array(this.cap);
    this.boxLo = new Int32Array(this.cap);
    this.mask = (1 << 13) - 1;
    this.table = new Int32Array(this.mask + 1);
  }

  /** Writes the bit set of `boxes` into `out`. */
  encode(boxes: ArrayLike<number>, k: number, out: Int32Array): void {
    out.fill(0);
    for (let i = 0; i < k; i++) {
      const bit = this.bitOf[boxes[i]!]!;
      out[bit >> 5] = out[bit >> 5]! | (1 << (bit & 31));
    }
  }

  /** The stored state equal to (`bits`, `player`) with hash `h`, or -1. */
  find(bits: Int32Array, player: number, h: number): number {
    const { words, table, mask } = this;
    for (let s = h & mask; table[s] !== 0; s = (s + 1) & mask) {
      const n = table[s]! - 1;
      if (this.hash[n] !== h || this.player[n] !== player) continue;
      const base = n * words;
      let same = true;
      for (let w = 0; w < words; w++) {
        if (this.bits[base + w] !== bits[w]) {
          same = false;
          break;
        }
      }
      if (same) return n;
    }
    return -1;
  }

  /** Stores a new state; returns its index, or -1 when the memory budget is reached. */
  add(
    bits: Int32Array,
    player: number,
    h: number,
    parent: number,
    push: number,
    boxHi: number,
    boxLo: number,
  ): number {
    if (this.count >= this.maxStates) return -1;
    if (this.count >= this.cap) this.grow();
    const n = this.count++;
    this.bits.set(bits.subarray(0, this.words), n * this.words);
    this.player[n] = player;
    this.parent[n] = parent;
    this.pushOf[n] = push;
    this.hash[n] = h;
    this.boxHi[n] = boxHi;
    this.boxLo[n] = boxLo;
    if (this.count * 2 > this.mask) this.rehash();
    else this.insert(n);
    return n;
  }

  private insert(n: number): void {
    const { table, mask } = this;
    let s = this.hash[n]! & mask;
    while (table[s] !== 0) s = (s + 1) & mask;
    table[s] = n + 1;
  }

  private rehash(): void {
    this.mask = this.mask * 2 + 1;
    this.table = new Int32Array(this.mask + 1);
    for (let n = 0; n < this.count; n++) this.insert(n);
  }

  private grow(): void {
    this.cap = Math.min(this.cap * 2, this.maxStates);
    const more = (a: Int32Array, per: number): Int32Array => {
      const b = new Int32Array(this.cap * per);
      b.set(a);
      return b;
    };
    this.bits = more(this.bits, this.words);
    this.player = more(this.player, 1);
    this.parent = more(this.parent, 1);
    this.pushOf = more(this.pushOf, 1);
    this.hash = more(this.hash, 1);
    this.boxHi = more(this.boxHi, 1);
    this.boxLo = more(this.boxLo, 1);
  }

  /** The pushes from the root to node `n`. */
  path(n: number): Push[] {
    const out: Push[] = [];
    for (let x = n; this.parent[x]! >= 0; x = this.parent[x]!) {
      const v = this.pushOf[x]!;
      out.push({ box: v >> 2, direction: (v & 3) as Direction });
    }
    return out.reverse();
  }
}

/** Mixes a 64-bit Zobrist key into the 32-bit hash the store keeps. */
function mix(hi: number, lo: number): number {
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  return h & 0x7fffffff;
}

/** How many pushes one (filled blocking goal, empty blocked goal) pair counts in the priority. */
const PACKING_WEIGHT = 2;
/**
 * How many pushes a push within a goal room counts in the priority when macros are on: such pushes
 * stay possible (some levels need them) but come after the macro moves.
 */
const ROOM_PUSH_PENALTY = 30;

/**
 * Greedy best-first search over pushes (satisficing, no optimality claim): always expands a state
 * with the smallest priority — the lower bound (minimum-cost box–goal matching by lone-box push
 * distance, kept incrementally) plus a packing-order penalty ({@link PackingOrder}) — newest first
 * among equals, and generates the last pushed box's pushes last so that they come out first: the
 * search keeps working on one box while that helps, as a person does. The matching also proves
 * bipartite deadlocks (no box–goal matching left). Pruned: dead squares, 2×2 blocks, freeze
 * deadlocks, and everything but the pushes of a PI-corral ({@link CorralPruner}), whose empty push
 * list is a corral deadlock. A box entering a goal room goes on to its goal in one macro move
 * ({@link GoalMacro}), and boxes inside a room are not pushed within it.
 */
export function greedySearch(sp: Space, player: number, limits: GreedyLimits): GreedyOutcome {
  const k = sp.startBoxes.length;
  const { size, off, dead, wall, zBoxHi, zBoxLo, zPlayerHi, zPlayerLo } = sp;
  const bitOf = new Int32Array(size).fill(-1);
  const floorOf: number[] = [];
  for (let c = 0; c < size; c++) {
    if (wall[c]) continue;
    bitOf[c] = floorOf.length;
    floorOf.push(c);
  }
  const store = new StateStore(bitOf, floorOf.length, limits.memoryBytes);
  const words = store.words;
  const occ = new Uint8Array(size);
  const corrals = new CorralPruner(sp);
  const packing = new PackingOrder(sp);
  const macro = new GoalMacro(sp, packing.fillRank);
  const useMacros = limits.macros && macro.active;
  const parentA = new Assignment(k, size, sp.pushDist, UNREACHABLE);
  const childA = new Assignment(k, size, sp.pushDist, UNREACHABLE);
  const cache = new DualCache(k);
  const big = parentA.big;
  const maxReplay = Math.max(2, k >> 2);
  const cur = new Int32Array(Math.max(k, 1));
  const bits = new Int32Array(words);
  // The open list: one LIFO stack of node indices per priority.
  const open: number[][] = [];
  let low = 0;

  const start = Int32Array.from(sp.startBoxes).sort();
  for (const c of start) occ[c] = 1;
  const player0 = sp.flood(occ, player);
  for (const c of start) occ[c] = 0;
  const h0 = k === 0 ? 0 : parentA.solve(start, limits.deadline);
  if (Number.isNaN(h0)) return { pushes: null, nodes: 0, stop: 'time' };
  if (h0 >= big) return { pushes: null, nodes: 0, stop: 'unsolvable' };
  if (h0 === 0) return { pushes: [], nodes: 0 };
  store.encode(start, k, bits);
  let hi0 = 0;
  let lo0 = 0;
  for (const c of start) {
    hi0 ^= zBoxHi[c]!;
    lo0 ^= zBoxLo[c]!;
  }
  const key0 = mix(hi0 ^ zPlayerHi[player0]!, lo0 ^ zPlayerLo[player0]!);
  store.add(bits, player0, key0, -1, -1, hi0, lo0);
  cache.save(0, parentA);
  (open[h0] ??= []).push(0);
  low = h0;

  let nodes = 0;
  for (;;) {
    while (low < open.length && (open[low]?.length ?? 0) === 0) low++;
    if (low >= open.length) return { pushes: null, nodes, stop: 'unsolvable' };
    const node = open[low]!.pop()!;
    nodes++;
    if (nodes > limits.maxNodes) return { pushes: null, nodes: nodes - 1, stop: 'nodes' };
    if ((nodes & 15) === 0 && performance.now() > limits.deadline) {
      return { pushes: null, nodes, stop: 'time' };
    }
    if (limits.onProgress && nodes % 10000 === 0) limits.onProgress(nodes);
    decode(node);
    cache.restore(node, parentA, cur, store.parent, store.pushOf, off, maxReplay);
    for (let i = 0; i < k; i++) occ[cur[i]!] = 1;
    sp.flood(occ, store.player[node]!);
    sp.markRegion();
    const corral = corrals.analyse(occ);
    if (corral !== CORRAL_DEADLOCK) {
      const found = expandAll(node, corral);
      if (found !== PRUNED) {
        if (found === OUT_OF_MEMORY) return { pushes: null, nodes, stop: 'memory' };
        return { pushes: store.path(found), nodes };
      }
    }
    for (let i = 0; i < k; i++) occ[cur[i]!] = 0;
  }

  /** The node's boxes, sorted, from its bit set into `cur`. */
  function decode(node: number): void {
    const base = node * words;
    let n = 0;
    for (let w = 0; w < words; w++) {
      let word = store.bits[base + w]!;
      while (word !== 0) {
        const lowest = word & -word;
        cur[n++] = floorOf[w * 32 + 31 - Math.clz32(lowest)]!;
        word ^= lowest;
      }
    }
  }

  /**
   * Generates the node's children (only the PI-corral's pushes when `corral` ≥ 0), the last pushed
   * box last. Returns a solved node, OUT_OF_MEMORY, or PRUNED when the search goes on.
   */
  function expandAll(node: number, corral: number): number {
    const penalty = packing.penalty(occ);
    const lastPush = store.pushOf[node]!;
    const lastBox = lastPush >= 0 ? (lastPush >> 2) + off[lastPush & 3]! : -1;
    for (let pass = 0; pass < 2; pass++) {
      for (let row = 1; row <= k; row++) {
        const b = parentA.rows[row]!;
        if ((b === lastBox) !== (pass === 1)) continue;
        for (let d = 0; d < 4; d++) {
          const o = off[d]!;
          const t = b + o;
          if (wall[t] || occ[t] || dead[t] || !sp.isMarked(b - o)) continue;
          if (corral >= 0 && !corrals.pushes.subarray(0, corral).includes(b * 4 + d)) continue;
          const inRoom = macro.area[b]! >= 0 && macro.area[b] === macro.area[t];
          const childPenalty =
            penalty + packing.moveDelta(occ, b, t) + (useMacros && inRoom ? ROOM_PUSH_PENALTY : 0);
          occ[b] = 0;
          occ[t] = 1;
          const child = expand(b, d, t, row, node, childPenalty);
          occ[t] = 0;
          occ[b] = 1;
          if (child !== PRUNED) return child;
        }
      }
    }
    return PRUNED;
  }

  /**
   * Makes and opens the child of pushing box `b` in direction `d` to `t` (`occ` already updated);
   * a box entering a goal room goes on by macro. Returns PRUNED (also when the child is merely
   * stored), a solved node, or OUT_OF_MEMORY.
   */
  function expand(b: number, d: number, t: number, row: number, node: number, penalty: number): number {
    if (sp.blocked2x2(occ, t) || sp.frozenDeadlock(occ, t)) return PRUNED;
    bits.set(store.bits.subarray(node * words, node * words + words));
    let hiB = store.boxHi[node]!;
    let loB = store.boxLo[node]!;
    childA.copyFrom(parentA);
    let parentNode = node;
    let bound = 0;
    let from = b;
    let to = t;
    let push = b * 4 + d;
    let lastGood = true;
    let steps = useMacros && macro.area[t]! >= 0 && macro.area[b] !== macro.area[t] ? -1 : 0;
    for (let step = 0; ; step++) {
      // one push from → to; occ is already updated
      toggle(from);
      toggle(to);
      hiB ^= zBoxHi[from]! ^ zBoxHi[to]!;
      loB ^= zBoxLo[from]! ^ zBoxLo[to]!;
      const norm = sp.flood(occ, from);
      const key = mix(hiB ^ zPlayerHi[norm]!, loB ^ zPlayerLo[norm]!);
      if (step === 0 && store.find(bits, norm, key) >= 0) return PRUNED;
      const moved = childA.move(row - 1, to);
      if (moved >= big) {
        // no box–goal matching: a bipartite deadlock (on a macro route: stop before it)
        if (step > 0) childA.copyFrom(parentA), (lastGood = false);
        break;
      }
      bound = moved;
      const n = store.add(bits, norm, key, parentNode, push, hiB, loB);
      if (n < 0) return OUT_OF_MEMORY;
      if (bound === 0) return n;
      parentNode = n;
      if (steps === -1) steps = macro.route(occ, t, b);
      if (step >= steps || step >= macro.pushes.length) break;
      // the next push of the macro route
      push = macro.pushes[step]!;
      from = push >> 2;
      to = from + off[push & 3]!;
      penalty += packing.moveDelta(occ, from, to);
      occ[from] = 0;
      occ[to] = 1;
    }
    // put occ back to the one-push child the caller expects
    if (to !== t) {
      occ[to] = 0;
      occ[t] = 1;
    }
    if (parentNode === node) return PRUNED;
    if (lastGood) cache.save(parentNode, childA);
    const priority = bound + PACKING_WEIGHT * penalty;
    (open[priority] ??= []).push(parentNode);
    if (priority < low) low = priority;
    return PRUNED;
  }

  function toggle(c: number): void {
    const bit = bitOf[c]!;
    bits[bit >> 5] = bits[bit >> 5]! ^ (1 << (bit & 31));
  }
}

const PRUNED = -1;
const OUT_OF_MEMORY = -3;
