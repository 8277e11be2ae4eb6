import type { Assignment } from './hungarian.js';

/**
 * A ring of recent search nodes' assignment states (duals, matching, row cells), so expanding a node
 * needs no full O(k³) Hungarian solve: either its own state is still here, or a near ancestor's is
 * and the pushes since are replayed as O(k²) single-row moves ({@link restore}). About 24 bytes a
 * box an entry: at most ~25 MB however many boxes, outside the state budget.
 */
export class DualCache {
  private readonly k: number;
  /** Columns of the assignments kept (goals; k unless there are more goals than boxes). */
  private readonly m: number;
  private readonly ring: number;
  private readonly owner: Int32Array;
  private readonly u: Float64Array;
  private readonly v: Float64Array;
  private readonly p: Int32Array;
  private readonly rows: Int32Array;
  private readonly trail: number[] = [];

  constructor(k: number, columns = k) {
    this.k = Math.max(k, 1);
    this.m = Math.max(columns, this.k);
    let ring = 1024;
    while (ring > 16 && ring * (this.k + 1) > 1 << 20) ring >>= 1;
    while (ring * 2 * (this.k + 1) <= 1 << 17) ring *= 2;
    this.ring = ring;
    const n = ring * (this.k + 1);
    const nColumns = ring * (this.m + 1);
    this.owner = new Int32Array(ring).fill(-1);
    this.u = new Float64Array(n);
    this.v = new Float64Array(nColumns);
    this.p = new Int32Array(nColumns);
    this.rows = new Int32Array(n);
  }

  /** True when node `n`'s assignment is cached. */
  has(n: number): boolean {
    return this.owner[n & (this.ring - 1)] === n;
  }

  save(n: number, a: Assignment): void {
    const slot = n & (this.ring - 1);
    this.owner[slot] = n;
    const o = slot * (this.k + 1);
    const oc = slot * (this.m + 1);
    this.u.set(a.u, o);
    this.v.set(a.v, oc);
    this.p.set(a.p, oc);
    this.rows.set(a.rows, o);
  }

  load(n: number, a: Assignment): boolean {
    if (!this.has(n)) return false;
    const slot = n & (this.ring - 1);
    const o = slot * (this.k + 1);
    const end = o + this.k + 1;
    const oc = slot * (this.m + 1);
    const endColumns = oc + this.m + 1;
    a.u.set(this.u.subarray(o, end));
    a.v.set(this.v.subarray(oc, endColumns));
    a.p.set(this.p.subarray(oc, endColumns));
    a.rows.set(this.rows.subarray(o, end));
    return true;
  }

  /**
   * Puts node `node`'s assignment into `a` (and caches it): from the cache, else by replaying the
   * pushes from the nearest cached ancestor within `maxReplay` pushes, else by a fresh solve of
   * `boxes`. `parent` and `pushOf` (box cell × 4 + direction) describe the search tree; `off` are
   * the direction offsets.
   */
  restore(
    node: number,
    a: Assignment,
    boxes: ArrayLike<number>,
    parent: ArrayLike<number>,
    pushOf: ArrayLike<number>,
    off: ArrayLike<number>,
    maxReplay: number,
  ): void {
    if (this.load(node, a)) return;
    let anc = parent[node]!;
    let depth = 1;
    while (anc >= 0 && depth <= maxReplay && !this.has(anc)) {
      anc = parent[anc]!;
      depth++;
    }
    if (anc >= 0 && depth <= maxReplay && this.load(anc, a)) {
      const trail = this.trail;
      trail.length = 0;
      for (let x = node; x !== anc; x = parent[x]!) trail.push(pushOf[x]!);
      for (let i = trail.length - 1; i >= 0; i--) {
        const push = trail[i]!;
        const from = push >> 2;
        let row = 1;
        while (a.rows[row] !== from) row++;
        a.move(row - 1, from + off[push & 3]!);
      }
    } else a.solve(boxes);
    this.save(node, a);
  }
}
