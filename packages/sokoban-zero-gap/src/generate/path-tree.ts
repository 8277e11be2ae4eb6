/**
 * A link-cut forest (Sleator–Tarjan, splay-based) that also answers path lengths and lists the
 * vertices of a path in order, in amortised O(log n) plus the path's length. The b/e walk-out keeps
 * the free squares' graph in it: between two scramble moves that graph is a tree (or a tree and one
 * more edge), so the player's walk is the tree path, found without a breadth-first search.
 */
export class PathTree {
  private readonly left: Int32Array;
  private readonly right: Int32Array;
  private readonly parent: Int32Array;
  private readonly flip: Uint8Array;
  private readonly size: Int32Array;
  private readonly stack: Int32Array;

  constructor(n: number) {
    this.left = new Int32Array(n).fill(-1);
    this.right = new Int32Array(n).fill(-1);
    this.parent = new Int32Array(n).fill(-1);
    this.flip = new Uint8Array(n);
    this.size = new Int32Array(n).fill(1);
    this.stack = new Int32Array(n + 1);
  }

  private isRoot(x: number): boolean {
    const p = this.parent[x]!;
    return p < 0 || (this.left[p] !== x && this.right[p] !== x);
  }

  private update(x: number): void {
    const l = this.left[x]!;
    const r = this.right[x]!;
    this.size[x] = 1 + (l >= 0 ? this.size[l]! : 0) + (r >= 0 ? this.size[r]! : 0);
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
    this.update(p);
    this.update(x);
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
      this.update(y);
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

  /** Joins the trees of u and v by the edge u–v (they must be in different trees). */
  link(u: number, v: number): void {
    this.makeRoot(u);
    this.parent[u] = v;
  }

  /** Removes the edge u–v (it must exist). */
  cut(u: number, v: number): void {
    this.makeRoot(u);
    this.access(v);
    const l = this.left[v]!;
    if (l >= 0) {
      this.parent[l] = -1;
      this.left[v] = -1;
      this.update(v);
    }
  }

  /** Makes `u` the root of its tree, so that {@link depth} measures from it. */
  root(u: number): void {
    this.makeRoot(u);
  }

  /** Edges from the root (see {@link root}) to `v`, which must be in its tree. */
  depth(v: number): number {
    this.access(v);
    return this.size[v]! - 1;
  }

  /** Edges on the path u–v (they must be connected). */
  distance(u: number, v: number): number {
    if (u === v) return 0;
    this.makeRoot(u);
    this.access(v);
    return this.size[v]! - 1;
  }

  /** Writes the vertices of the path u–v, u first, into `out`; returns how many. */
  path(u: number, v: number, out: Int32Array): number {
    this.makeRoot(u);
    this.access(v);
    // in-order walk of v's splay tree, which holds exactly the path from the root u to v
    const st = this.stack;
    let top = 0;
    let n = 0;
    let x = v;
    for (;;) {
      while (x >= 0) {
        this.push(x);
        st[top++] = x;
        x = this.left[x]!;
      }
      if (top === 0) break;
      x = st[--top]!;
      out[n++] = x;
      x = this.right[x]!;
    }
    return n;
  }
}
