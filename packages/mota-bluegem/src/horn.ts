import { DisjointSet } from '@puzzlekit/disjoint-set';
import { InvalidInputError } from '@puzzlekit/errors';

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
 * parent, using a binary heap with lazy deletion and union-find. O(n log n), exact.
 * Ties are broken by the smaller group id, so the order is deterministic.
 *
 * @returns The optimal order (node indices), root first.
 * @throws InvalidInputError when the input is not one rooted tree with finite non-negative p and w.
 */
export function hornOrder(tree: OutTree): Int32Array {
  const root = checkOutTree(tree);
  const n = tree.parent.length;
  const gp = Float64Array.from(tree.p);
  const gw = Float64Array.from(tree.w);
  const head = new Int32Array(n);
  const tail = new Int32Array(n);
  const next = new Int32Array(n).fill(-1);
  const version = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    head[i] = i;
    tail[i] = i;
  }
  const ds = new DisjointSet(n);
  // Heap entries carry the key (w, p, head) they were pushed with: a group's sums change when it
  // grows, and a stale entry must keep its old key or the heap order breaks.
  const cap = 2 * n + 1;
  const heapId = new Int32Array(cap);
  const heapVer = new Int32Array(cap);
  const heapW = new Float64Array(cap);
  const heapP = new Float64Array(cap);
  const heapTie = new Int32Array(cap);
  // Entry a ranks above entry b: larger w/p (p = 0 is infinite); ties to the smaller head id.
  const above = (a: number, b: number): boolean => {
    const pa = heapP[a] ?? 0;
    const pb = heapP[b] ?? 0;
    const ia = pa === 0;
    const ib = pb === 0;
    if (ia !== ib) return ia;
    if (!ia) {
      const l = (heapW[a] ?? 0) * pb;
      const r = (heapW[b] ?? 0) * pa;
      if (l !== r) return l > r;
    }
    return (heapTie[a] ?? 0) < (heapTie[b] ?? 0);
  };
  const swap = (a: number, b: number): void => {
    const id = heapId[a] ?? 0;
    const ver = heapVer[a] ?? 0;
    const w = heapW[a] ?? 0;
    const p = heapP[a] ?? 0;
    const tie = heapTie[a] ?? 0;
    heapId[a] = heapId[b] ?? 0;
    heapVer[a] = heapVer[b] ?? 0;
    heapW[a] = heapW[b] ?? 0;
    heapP[a] = heapP[b] ?? 0;
    heapTie[a] = heapTie[b] ?? 0;
    heapId[b] = id;
    heapVer[b] = ver;
    heapW[b] = w;
    heapP[b] = p;
    heapTie[b] = tie;
  };
  let size = 0;
  const push = (id: number): void => {
    let i = size++;
    heapId[i] = id;
    heapVer[i] = version[id] ?? 0;
    heapW[i] = gw[id] ?? 0;
    heapP[i] = gp[id] ?? 0;
    heapTie[i] = head[id] ?? 0;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!above(i, up)) break;
      swap(i, up);
      i = up;
    }
  };
  const pop = (): void => {
    size--;
    swap(0, size);
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let best = i;
      if (l < size && above(l, best)) best = l;
      if (r < size && above(r, best)) best = r;
      if (best === i) break;
      swap(i, best);
      i = best;
    }
  };
  for (let i = 0; i < n; i++) if (i !== root) push(i);
  while (size > 0) {
    const j = heapId[0] ?? 0;
    const ver = heapVer[0] ?? 0;
    pop();
    if (ver !== version[j] || ds.find(j) !== j) continue;
    const h = head[j] ?? 0;
    const i = ds.find(tree.parent[h] ?? 0);
    // Concatenate: sequence(i) then sequence(j).
    next[tail[i] ?? 0] = h;
    const newHead = head[i] ?? 0;
    const newTail = tail[j] ?? 0;
    const w = (gw[i] ?? 0) + (gw[j] ?? 0);
    const p = (gp[i] ?? 0) + (gp[j] ?? 0);
    ds.union(i, j);
    const r = ds.find(i);
    head[r] = newHead;
    tail[r] = newTail;
    gw[r] = w;
    gp[r] = p;
    version[r] = (version[r] ?? 0) + 1;
    if (newHead !== root) push(r);
  }
  const order = new Int32Array(n);
  let k = 0;
  for (let u = head[ds.find(root)] ?? root; u !== -1; u = next[u] ?? -1) order[k++] = u;
  return order;
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
