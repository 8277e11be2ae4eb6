/**
 * Tarjan's depth-first search over free grid cells, for questions about cut cells (cells whose
 * filling splits the free cells they stand among): each cell's discovery time, low link, parent and
 * the last discovery time in its subtree, so a subtree is one interval of discovery times. Iterative
 * (no recursion), on buffers kept between searches. A child `c` of `v` is cut off by filling `v`
 * exactly when `low[c] ≥ disc[v]`.
 */
export class CutTree {
  /** Discovery time (1-based; 0: not reached since the last {@link clear}), per cell. */
  readonly disc: Int32Array;
  readonly low: Int32Array;
  /** The last discovery time in each cell's subtree. */
  readonly end: Int32Array;
  /** The cell each was discovered from (-1 for a search's root). */
  readonly parent: Int32Array;
  /** The cells by discovery time (index 0 unused). */
  readonly cellAt: Int32Array;
  /** The last discovery time given out. */
  time = 0;
  private readonly next: Uint8Array;
  private readonly stack: Int32Array;

  constructor(
    private readonly size: number,
    private readonly off: ArrayLike<number>,
  ) {
    this.disc = new Int32Array(size);
    this.low = new Int32Array(size);
    this.end = new Int32Array(size);
    this.parent = new Int32Array(size);
    this.cellAt = new Int32Array(size + 1);
    this.next = new Uint8Array(size);
    this.stack = new Int32Array(size);
  }

  /** Forgets every search: all cells undiscovered, times from 1 again. */
  clear(): void {
    this.disc.fill(0);
    this.time = 0;
  }

  /**
   * Searches from `root` (free, undiscovered) over the cells inside the board that are 0 in both
   * `blockedA` and `blockedB` (walls and boxes, say) and not yet discovered.
   */
  grow(root: number, blockedA: Uint8Array, blockedB: Uint8Array): void {
    const { size, off, disc, low, end, parent, cellAt, next, stack } = this;
    let time = this.time;
    disc[root] = low[root] = ++time;
    cellAt[time] = root;
    parent[root] = -1;
    next[root] = 0;
    let top = 0;
    stack[0] = root;
    while (top >= 0) {
      const v = stack[top]!;
      if (next[v]! < 4) {
        const t = v + off[next[v]!++]!;
        if (t < 0 || t >= size || blockedA[t] || blockedB[t]) continue;
        if (disc[t] === 0) {
          parent[t] = v;
          disc[t] = low[t] = ++time;
          cellAt[time] = t;
          next[t] = 0;
          stack[++top] = t;
        } else if (t !== parent[v] && disc[t]! < low[v]!) low[v] = disc[t]!;
        continue;
      }
      top--;
      end[v] = time;
      const p = parent[v]!;
      if (p >= 0 && low[v]! < low[p]!) low[p] = low[v]!;
    }
    this.time = time;
  }
}
