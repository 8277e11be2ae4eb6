// Horn's algorithm (1 | outtree | Σ wⱼCⱼ, as mota-bluegem's horn.ts runs it for the blue-gem order) on
// 200,000 nodes, two ways that differ only in the heap: a copy of horn.ts's hand-written binary heap
// (group ids in slots with their keys beside them, ties by cross-multiplying the sums) and the core
// IdHeap with the same comparison on the caller's arrays. Both must give the same order.
import { IdHeap } from '../src/index.js';

/** An out-tree: `parent[i]` comes before `i` (node 0 is the root); processing times and weights. */
export interface HornTree {
  readonly parent: Int32Array;
  readonly p: Float64Array;
  readonly w: Float64Array;
}

/** A random out-tree of `n` nodes, non-integer p and w (so horn.ts takes its cross-product heap). */
export function randomTree(n: number, seed: number): HornTree {
  let s = seed >>> 0;
  const next = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const parent = new Int32Array(n);
  const p = new Float64Array(n);
  const w = new Float64Array(n);
  parent[0] = -1;
  for (let i = 0; i < n; i++) {
    if (i > 0) parent[i] = Math.floor(next() * i);
    // a few zero times (infinite ratio) and many near-equal ratios, as in real towers
    p[i] = next() < 0.05 ? 0 : 1 + Math.floor(next() * 40) / 4;
    w[i] = 1 + Math.floor(next() * 40) / 4;
  }
  return { parent, p, w };
}

/** Horn's groups: union-find (by size, path halving) with per-group sums and node lists. */
class Groups {
  readonly gp: Float64Array;
  readonly gw: Float64Array;
  readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly next: Int32Array;
  private readonly up: Int32Array;
  private readonly size: Int32Array;

  constructor(private readonly tree: HornTree) {
    const n = tree.parent.length;
    this.gp = Float64Array.from(tree.p);
    this.gw = Float64Array.from(tree.w);
    this.head = Int32Array.from({ length: n }, (_, i) => i);
    this.tail = Int32Array.from({ length: n }, (_, i) => i);
    this.next = new Int32Array(n).fill(-1);
    this.up = Int32Array.from({ length: n }, (_, i) => i);
    this.size = new Int32Array(n).fill(1);
  }

  find(x: number): number {
    const up = this.up;
    while (up[x] !== x) {
      up[x] = up[up[x]!]!;
      x = up[x]!;
    }
    return x;
  }

  parentGroup(j: number): number {
    return this.find(this.tree.parent[this.head[j]!]!);
  }

  merge(i: number, j: number): number {
    const { gp, gw, head, tail, up, size } = this;
    this.next[tail[i]!] = head[j]!;
    const newHead = head[i]!;
    const newTail = tail[j]!;
    const w = gw[i]! + gw[j]!;
    const p = gp[i]! + gp[j]!;
    const r = size[i]! >= size[j]! ? i : j;
    up[i === r ? j : i] = r;
    size[r] = size[i]! + size[j]!;
    head[r] = newHead;
    tail[r] = newTail;
    gw[r] = w;
    gp[r] = p;
    return r;
  }

  order(root: number): Int32Array {
    const order = new Int32Array(this.tree.parent.length);
    let k = 0;
    for (let u = this.head[this.find(root)]!; u !== -1; u = this.next[u]!) order[k++] = u;
    return order;
  }
}

/** horn.ts's `mergeByCrossProducts`, copied: its own heap, keys in slot order. */
export function hornHandHeap(tree: HornTree): Int32Array {
  const groups = new Groups(tree);
  const root = 0;
  const { gp, gw } = groups;
  const n = gp.length;
  const heap = new Int32Array(n);
  const key = new Float64Array(n);
  const tie = new Int32Array(n);
  const pos = new Int32Array(n).fill(-1);
  let size = 0;
  const ratioOf = (g: number): number =>
    gp[g]! === 0 ? Number.POSITIVE_INFINITY : gw[g]! / gp[g]!;
  const above = (a: number, ka: number, ta: number, b: number, kb: number, tb: number): boolean => {
    if (ka === Number.POSITIVE_INFINITY || kb === Number.POSITIVE_INFINITY) {
      return ka !== kb ? ka > kb : ta < tb;
    }
    if (Math.abs(ka - kb) > 1e-9 * Math.max(ka, kb)) return ka > kb;
    const l = gw[a]! * gp[b]!;
    const r = gw[b]! * gp[a]!;
    return l !== r ? l > r : ta < tb;
  };
  const place = (i: number, g: number, k: number, t: number): void => {
    heap[i] = g;
    key[i] = k;
    tie[i] = t;
    pos[g] = i;
  };
  const siftUp = (start: number): void => {
    const g = heap[start]!;
    const k = key[start]!;
    const t = tie[start]!;
    let i = start;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!above(g, k, t, heap[up]!, key[up]!, tie[up]!)) break;
      place(i, heap[up]!, key[up]!, tie[up]!);
      i = up;
    }
    place(i, g, k, t);
  };
  const siftDown = (start: number): void => {
    const g = heap[start]!;
    const k = key[start]!;
    const t = tie[start]!;
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= size) break;
      const r = l + 1;
      let at = l;
      if (r < size && above(heap[r]!, key[r]!, tie[r]!, heap[l]!, key[l]!, tie[l]!)) at = r;
      if (!above(heap[at]!, key[at]!, tie[at]!, g, k, t)) break;
      place(i, heap[at]!, key[at]!, tie[at]!);
      i = at;
    }
    place(i, g, k, t);
  };
  for (let i = 0; i < n; i++) {
    if (i === root) continue;
    place(size++, i, ratioOf(i), i);
  }
  for (let i = (size >> 1) - 1; i >= 0; i--) siftDown(i);
  while (size > 0) {
    const j = heap[0]!;
    pos[j] = -1;
    size--;
    if (size > 0) {
      place(0, heap[size]!, key[size]!, tie[size]!);
      siftDown(0);
    }
    const i = groups.parentGroup(j);
    const r = groups.merge(i, j);
    const slot = pos[i]!;
    if (slot >= 0) {
      if (r !== i) pos[i] = -1;
      place(slot, r, ratioOf(r), groups.head[r]!);
      siftUp(slot);
      siftDown(pos[r]!);
    }
  }
  return groups.order(root);
}

/**
 * The same with the core IdHeap: the caller keeps each group's ratio (+∞ for p = 0) and first node
 * in arrays by group id, and `before` is horn.ts's comparison read from them.
 */
export function hornIdHeap(tree: HornTree): Int32Array {
  const groups = new Groups(tree);
  const root = 0;
  const { gp, gw, head } = groups;
  const n = gp.length;
  const ratio = new Float64Array(n);
  const setRatio = (g: number): void => {
    ratio[g] = gp[g]! === 0 ? Number.POSITIVE_INFINITY : gw[g]! / gp[g]!;
  };
  const before = (a: number, b: number): boolean => {
    const ka = ratio[a]!;
    const kb = ratio[b]!;
    if (ka === Number.POSITIVE_INFINITY || kb === Number.POSITIVE_INFINITY) {
      return ka !== kb ? ka > kb : head[a]! < head[b]!;
    }
    if (Math.abs(ka - kb) > 1e-9 * Math.max(ka, kb)) return ka > kb;
    const l = gw[a]! * gp[b]!;
    const r = gw[b]! * gp[a]!;
    return l !== r ? l > r : head[a]! < head[b]!;
  };
  const heap = new IdHeap(n, before);
  const waiting = new Int32Array(n - 1);
  for (let i = 0, k = 0; i < n; i++) {
    setRatio(i);
    if (i !== root) waiting[k++] = i;
  }
  heap.pushAll(waiting);
  for (let j = heap.pop(); j !== -1; j = heap.pop()) {
    const i = groups.parentGroup(j);
    const r = groups.merge(i, j);
    setRatio(r);
    // i still waiting (not the root's group): the merged group takes its slot
    heap.replace(i, r);
  }
  return groups.order(root);
}

/**
 * CPU time of one run of each, alternating for `rounds` rounds (one run of Horn on 200,000 nodes takes
 * tens of milliseconds, too long for compareCpu's batches of 16): medians and the median ratio
 * IdHeap / hand-written heap.
 */
export function compareHornHeaps(
  tree: HornTree,
  rounds: number,
): { handMs: number; idHeapMs: number; ratio: number } {
  const cpuMs = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const time = (fn: (t: HornTree) => Int32Array): number => {
    const t0 = cpuMs();
    fn(tree);
    return cpuMs() - t0;
  };
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const a = hornHandHeap(tree);
  const b = hornIdHeap(tree);
  if (a.length !== b.length || a.some((v, i) => v !== b[i])) {
    throw new Error('Horn with IdHeap gave another order than the hand-written heap');
  }
  const hand: number[] = [];
  const core: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // alternate which goes first, so neither always runs on a warmer cache
    const first = r % 2 === 0;
    const h1 = first ? time(hornHandHeap) : 0;
    const c = time(hornIdHeap);
    const h = first ? h1 : time(hornHandHeap);
    hand.push(h);
    core.push(c);
    ratios.push(c / h);
  }
  return { handMs: median(hand), idHeapMs: median(core), ratio: median(ratios) };
}
