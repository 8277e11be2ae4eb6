/**
 * A link-cut tree over vertices 0..n-1 (Sleator–Tarjan, splay-based, with path reversal): link, cut
 * and connectivity in amortised O(log n). Used to keep the box configuration a spanning tree.
 *
 * The same splay code as `PathTree` (path-tree.ts) less its subtree sizes, on purpose: the scramble asks this
 * tree a question per candidate move, and one class keeping sizes for both measured 1.3–1.5× the CPU
 * time of the b/e scrambles (b and e n=48, 1,000,000 pushes, 5 alternating runs).
 */
export class LinkCutTree {
  private readonly left: Int32Array;
  private readonly right: Int32Array;
  private readonly parent: Int32Array;
  private readonly flip: Uint8Array;

  constructor(n: number) {
    this.left = new Int32Array(n).fill(-1);
    this.right = new Int32Array(n).fill(-1);
    this.parent = new Int32Array(n).fill(-1);
    this.flip = new Uint8Array(n);
    this.stack = new Int32Array(n + 1);
  }

  private readonly stack: Int32Array;

  private isRoot(x: number): boolean {
    const p = this.parent[x]!;
    return p < 0 || (this.left[p] !== x && this.right[p] !== x);
  }

  private push(x: number): void {
    if (this.flip[x]) {
      const l = this.left[x]!;
      const r = this.right[x]!;
      this.left[x] = r;
      this.right[x] = l;
      if (l >= 0) this.flip[l]! ^= 1;
      if (r >= 0) this.flip[r]! ^= 1;
      this.flip[x] = 0;
    }
  }

  private rotate(x: number): void {
    const p = this.parent[x]!;
    const g = this.parent[p]!;
    const { left, right, parent } = this;
    if (!this.isRoot(p)) {
      if (left[g] === p) left[g] = x;
      else right[g] = x;
    }
    parent[x] = g;
    if (left[p] === x) {
      const b = right[x]!;
      left[p] = b;
      if (b >= 0) parent[b] = p;
      right[x] = p;
    } else {
      const b = left[x]!;
      right[p] = b;
      if (b >= 0) parent[b] = p;
      left[x] = p;
    }
    parent[p] = x;
  }

  private splay(x: number): void {
    const st = this.stack;
    let top = 0;
    let y = x;
    st[top++] = y;
    while (!this.isRoot(y)) {
      y = this.parent[y]!;
      st[top++] = y;
    }
    for (let i = top - 1; i >= 0; i--) this.push(st[i]!);
    while (!this.isRoot(x)) {
      const p = this.parent[x]!;
      if (!this.isRoot(p)) {
        const g = this.parent[p]!;
        const zigzig = (this.left[g] === p) === (this.left[p] === x);
        this.rotate(zigzig ? p : x);
      }
      this.rotate(x);
    }
  }

  private access(x: number): void {
    let last = -1;
    for (let y = x; y >= 0; y = this.parent[y]!) {
      this.splay(y);
      this.right[y] = last;
      last = y;
    }
    this.splay(x);
  }

  private makeRoot(x: number): void {
    this.access(x);
    this.flip[x]! ^= 1;
  }

  private findRoot(x: number): number {
    this.access(x);
    let r = x;
    this.push(r);
    while (this.left[r]! >= 0) {
      r = this.left[r]!;
      this.push(r);
    }
    this.splay(r);
    return r;
  }

  /** True when u and v are in the same tree. */
  connected(u: number, v: number): boolean {
    return u === v || this.findRoot(u) === this.findRoot(v);
  }

  /**
   * True when the tree path between u and v (which must be connected) passes through both a and b;
   * for a tree edge a–b that means the path uses that edge.
   */
  pathHas(u: number, v: number, a: number, b: number): boolean {
    this.makeRoot(u);
    this.access(v);
    // The u–v path is now the splay tree of the root; other splay trees hang by path-parent links.
    this.splay(a);
    if (this.parent[a]! >= 0) return false;
    this.splay(b);
    return this.parent[b]! < 0;
  }

  /** Joins the trees of u and v by the edge u–v (they must be in different trees). */
  link(u: number, v: number): void {
    this.makeRoot(u);
    this.parent[u] = v;
  }

  /** Removes the edge u–v (it must exist). */
  cut(u: number, v: number): void {
    this.makeRoot(u);
    this.access(v);
    // now u is v's left child with no right child
    const l = this.left[v]!;
    if (l >= 0) {
      this.parent[l] = -1;
      this.left[v] = -1;
    }
  }
}
