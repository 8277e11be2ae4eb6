import { InvalidInputError } from '@puzzlekit/errors';

/**
 * Union-find over the integers 0..n−1 on `Int32Array`s, with path halving (a one-pass form of path
 * compression) and union by size: near-constant amortised time per operation.
 */
export class DisjointSet {
  /** parent[x] === x for a root. */
  private readonly parent: Int32Array;
  /** size[r] is the component size while r is a root. */
  private readonly sizes: Int32Array;
  private components: number;

  constructor(n: number) {
    if (!Number.isInteger(n) || n < 0) {
      throw new InvalidInputError(`element count must be a non-negative integer, got ${n}`, {
        code: 'INVALID_SIZE',
      });
    }
    this.parent = new Int32Array(n);
    this.sizes = new Int32Array(n);
    this.components = n;
    this.reset();
  }

  /** Number of elements. */
  get length(): number {
    return this.parent.length;
  }

  /** Number of disjoint components. */
  get count(): number {
    return this.components;
  }

  /** Puts every element back in a component of its own. */
  reset(): void {
    for (let i = 0; i < this.parent.length; i++) {
      this.parent[i] = i;
      this.sizes[i] = 1;
    }
    this.components = this.parent.length;
  }

  private check(x: number): void {
    if (!(x >= 0 && x < this.parent.length) || !Number.isInteger(x)) {
      throw new InvalidInputError(`element ${x} is outside 0..${this.parent.length - 1}`, {
        code: 'OUT_OF_RANGE',
      });
    }
  }

  /** The representative of x's component. */
  find(x: number): number {
    this.check(x);
    const parent = this.parent;
    let node = x;
    let up = parent[node]!;
    while (up !== node) {
      const grand = parent[up]!;
      parent[node] = grand; // path halving
      node = grand;
      up = parent[node]!;
    }
    return node;
  }

  /** Merges the components of a and b; returns false when they were already one. */
  union(a: number, b: number): boolean {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return false;
    if (this.sizes[ra]! < this.sizes[rb]!) {
      const t = ra;
      ra = rb;
      rb = t;
    }
    this.parent[rb] = ra;
    this.sizes[ra]! += this.sizes[rb]!;
    this.components--;
    return true;
  }

  /** True when a and b are in one component. */
  same(a: number, b: number): boolean {
    return this.find(a) === this.find(b);
  }

  /** Size of x's component. */
  sizeOf(x: number): number {
    return this.sizes[this.find(x)]!;
  }

  /** The components, each sorted ascending, ordered by their smallest element. */
  groups(): number[][] {
    const byRoot = new Map<number, number[]>();
    const out: number[][] = [];
    for (let i = 0; i < this.parent.length; i++) {
      const r = this.find(i);
      let g = byRoot.get(r);
      if (!g) {
        g = [];
        byRoot.set(r, g);
        out.push(g);
      }
      g.push(i);
    }
    return out;
  }
}
