import { DisjointSet } from '@puzzlekit/disjoint-set';
import { InvalidInputError } from '@puzzlekit/errors';
import { IdHeap, IndexedHeap } from '@puzzlekit/graph-search';

/**
 * An out-tree scheduling instance (1 | outtree | Σ wⱼCⱼ): node `i` has processing time `p[i]`
 * (a monster group's damage saved per defence point) and weight `w[i]` (the defence its gems give);
 * `parent[i]` must come before `i`; exactly one node has parent −1 (the root, scheduled first).
 */
export interface OutTree {
  readonly parent: ArrayLike<number>;
  readonly p: ArrayLike<number>;
  readonly w: ArrayLike<number>;
}

/** Checks that `parent` describes one rooted tree over `0..n−1`; returns the root. */
export function checkOutTree(tree: OutTree): number {
  const n = tree.parent.length;
  if (n === 0) throw new InvalidInputError('the tree has no nodes', { path: '$.parent' });
  if (tree.p.length !== n || tree.w.length !== n)
    throw new InvalidInputError('parent, p and w must have the same length');
  let root = -1;
  const childCount = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const q = tree.parent[i] ?? -2;
    const p = tree.p[i] ?? Number.NaN;
    const w = tree.w[i] ?? Number.NaN;
    if (!(p >= 0) || !(w >= 0) || !Number.isFinite(p) || !Number.isFinite(w))
      throw new InvalidInputError('p and w must be finite and ≥ 0', { path: `$[${i}]` });
    if (q === -1) {
      if (root !== -1)
        throw new InvalidInputError('more than one root', { path: `$.parent[${i}]` });
      root = i;
    } else if (!Number.isInteger(q) || q < 0 || q >= n || q === i) {
      throw new InvalidInputError(`parent ${q} is not a node`, { path: `$.parent[${i}]` });
    } else childCount[q] = (childCount[q] ?? 0) + 1;
  }
  if (root === -1)
    throw new InvalidInputError('no root (a node with parent −1)', { path: '$.parent' });
  // Every node must reach the root (no cycles): count nodes reachable from the root via children.
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = (start[i] ?? 0) + (childCount[i] ?? 0);
  const fill = start.slice();
  const kids = new Int32Array(Math.max(0, n - 1));
  for (let i = 0; i < n; i++) {
    const q = tree.parent[i] ?? -1;
    if (q >= 0) {
      const at = fill[q] ?? 0;
      kids[at] = i;
      fill[q] = at + 1;
    }
  }
  const stack = [root];
  let seen = 0;
  while (stack.length > 0) {
    const u = stack.pop() ?? 0;
    seen++;
    for (let k = start[u] ?? 0; k < (start[u + 1] ?? 0); k++) stack.push(kids[k] ?? 0);
  }
  if (seen !== n)
    throw new InvalidInputError(
      `the parent links form a cycle (${n - seen} nodes never reach the root)`,
      {
        path: '$.parent',
      },
    );
  return root;
}

/**
 * Horn's algorithm (1972) for 1 | outtree | Σ wⱼCⱼ: repeatedly takes the group with the largest
 * ratio w/p over the whole tree (p = 0 counts as infinite) and appends it to the group holding its
 * parent, using union-find and a heap from graph-search. O(n log n), exact. Ties are broken by the
 * group's first node, so the order is deterministic.
 *
 * Two heaps, one answer. For integers with Σp × Σw ≤ 2^52 the ratio as a double orders the groups
 * exactly: two different ratios w₁/p₁ ≠ w₂/p₂ differ by at least 1/(p₁p₂), so rounding both to the same
 * double would need w₁p₂ + w₂p₁ > 2^53. There graph-search's typed {@link IndexedHeap} is used
 * (priority −w/p, ties by first node, decrease-key in place). Otherwise (larger sums, non-integers)
 * ratios within rounding of each other are compared by cross-multiplying the sums, on graph-search's
 * {@link IdHeap} (ids ordered by a caller-given comparison over the group sums, merged groups replaced in
 * place): it replaced the heap written here at the same CPU (see the README).
 *
 * @returns The optimal order (node indices), root first.
 * @throws InvalidInputError when the input is not one rooted tree with finite non-negative p and w.
 */
export function hornOrder(tree: OutTree): Int32Array {
  return hornOrderWith(tree, heapFor(tree));
}

/**
 * {@link hornOrder} with the heap chosen by the caller (the bench compares them): `cross-products`
 * is exact wherever `ratio` is, and on more inputs.
 */
export function hornOrderWith(tree: OutTree, heap: HornHeap): Int32Array {
  const root = checkOutTree(tree);
  const groups = new HornGroups(tree);
  if (heap === 'ratio') mergeByRatio(groups, root);
  else mergeByCrossProducts(groups, root);
  return groups.orderFrom(root);
}

/** Which heap orders a tree's groups exactly and fastest (see {@link hornOrder}). */
export type HornHeap = 'ratio' | 'cross-products';

/** `ratio` for integers with Σp × Σw ≤ 2^52, where doubles order every two different ratios. */
function heapFor(tree: OutTree): HornHeap {
  let sp = 0;
  let sw = 0;
  for (let i = 0; i < tree.p.length; i++) {
    const p = tree.p[i]!;
    const w = tree.w[i]!;
    if (!Number.isInteger(p) || !Number.isInteger(w)) return 'cross-products';
    sp += p;
    sw += w;
  }
  return sp * sw <= 2 ** 52 ? 'ratio' : 'cross-products';
}

/**
 * The groups of Horn's algorithm: union-find over nodes, the sums of p and w per group, and each
 * group's nodes in order as a linked list (head, tail, next) so that merging appends in O(1).
 */
class HornGroups {
  readonly gp: Float64Array;
  readonly gw: Float64Array;
  readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly next: Int32Array;
  private readonly ds: DisjointSet;

  constructor(private readonly tree: OutTree) {
    const n = tree.parent.length;
    this.gp = Float64Array.from(tree.p);
    this.gw = Float64Array.from(tree.w);
    this.head = new Int32Array(n);
    this.tail = new Int32Array(n);
    this.next = new Int32Array(n).fill(-1);
    for (let i = 0; i < n; i++) {
      this.head[i] = i;
      this.tail[i] = i;
    }
    this.ds = new DisjointSet(n);
  }

  /** The group holding the parent of group `j`'s first node. */
  parentGroup(j: number): number {
    return this.ds.find(this.tree.parent[this.head[j]!]!);
  }

  /** Appends group `j` to group `i` (its parent's); returns the merged group's id. */
  merge(i: number, j: number): number {
    const { gp, gw, head, tail, ds } = this;
    this.next[tail[i]!] = head[j]!;
    const newHead = head[i]!;
    const newTail = tail[j]!;
    const w = gw[i]! + gw[j]!;
    const p = gp[i]! + gp[j]!;
    ds.union(i, j);
    const r = ds.find(i);
    head[r] = newHead;
    tail[r] = newTail;
    gw[r] = w;
    gp[r] = p;
    return r;
  }

  /** The nodes of the root's group in order: the answer once every other group has been merged. */
  orderFrom(root: number): Int32Array {
    const order = new Int32Array(this.tree.parent.length);
    let k = 0;
    for (let u = this.head[this.ds.find(root)]!; u !== -1; u = this.next[u]!) order[k++] = u;
    return order;
  }
}

/**
 * Horn with the typed indexed heap: priority −w/p (−∞ for p = 0: first), ties by the first node; a
 * merged group takes its parent group's place with the new ratio (decrease- or increase-key).
 */
function mergeByRatio(groups: HornGroups, root: number): void {
  const { gp, gw, head } = groups;
  const n = gp.length;
  const priority = (g: number): number =>
    gp[g] === 0 ? Number.NEGATIVE_INFINITY : -gw[g]! / gp[g]!;
  const heap = new IndexedHeap(n);
  for (let i = 0; i < n; i++) if (i !== root) heap.push(i, priority(i), i);
  for (let j = heap.pop(); j !== -1; j = heap.pop()) {
    const i = groups.parentGroup(j);
    const waiting = heap.has(i); // false for the root's group
    const r = groups.merge(i, j);
    if (waiting) {
      if (r !== i) heap.delete(i);
      heap.push(r, priority(r), head[r]);
    }
  }
}

/**
 * Horn with graph-search's {@link IdHeap} over group ids: each group's ratio (+∞ for p = 0) is kept
 * in an array by group id, and `before` compares ratios, exactly by cross-multiplying the group sums
 * when they are within rounding of each other, then the first node for ties. A merged group takes
 * its parent group's slot (`replace`) and is sifted up or down.
 */
function mergeByCrossProducts(groups: HornGroups, root: number): void {
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
  const waiting = new Int32Array(n - 1);
  for (let i = 0, k = 0; i < n; i++) {
    setRatio(i);
    if (i !== root) waiting[k++] = i;
  }
  const heap = new IdHeap(n, before);
  heap.pushAll(waiting);
  for (let j = heap.pop(); j !== -1; j = heap.pop()) {
    const i = groups.parentGroup(j);
    const r = groups.merge(i, j);
    setRatio(r);
    // i is still waiting unless it is the root's group: r takes its slot with the merged sums.
    heap.replace(i, r);
  }
}

/**
 * The blue-gem objective of an order: `Σ p_u·w_v` over all pairs where `u` comes before `v`
 * (defence savings lost because the gems of `v` were not yet taken when `u` was fought).
 */
export function orderObjective(
  order: ArrayLike<number>,
  p: ArrayLike<number>,
  w: ArrayLike<number>,
): number {
  let before = 0;
  let total = 0;
  for (let k = 0; k < order.length; k++) {
    const v = order[k] ?? 0;
    total += before * (w[v] ?? 0);
    before += p[v] ?? 0;
  }
  return total;
}
