import { CutTree } from './cuttree.js';
import type { Space } from './space.js';

/**
 * Where one box may stand while the others keep still: the free areas and the player's region for
 * every place of that box, from one analysis of the free floor without it. A box move (the
 * box-move FESS's unit) visits many places of one box; a flood and an area count at each cost
 * O(floor) a place, where this costs O(floor) once per box and O(1) a place.
 *
 * {@link analyse} takes the free floor (neither wall nor box, the moving box lifted) and finds its
 * connected areas and, by one depth-first search per area (Tarjan's), each cell's subtree, low link
 * and the smallest cell of its subtree. A box put on a free cell `y` splits y's area into the
 * subtrees of the children that cannot reach above `y` (each a piece of its own) and the rest (the
 * part above `y` with the other children's subtrees). The smallest cell of the rest comes from
 * prefix and suffix minima over the area's cells in discovery order: the subtree of `y` is one
 * interval of that order.
 *
 * The answers equal {@link Space.flood}'s smallest cell and {@link AreaCounter}'s count on the same
 * position (a property test checks both on random positions).
 */
export class BoxPlaces {
  private readonly wall: Uint8Array;
  private readonly off: Int32Array;
  private readonly floor: Int32Array;
  private readonly tree: CutTree;
  /** The smallest cell of each cell's subtree. */
  private readonly subtreeMin: Int32Array;
  /** By discovery time: the first and last time of its area, and the prefix and suffix minima. */
  private readonly areaFirst: Int32Array;
  private readonly areaLast: Int32Array;
  private readonly prefixMin: Int32Array;
  private readonly suffixMin: Int32Array;
  /** Free areas of the floor analysed (the moving box lifted). */
  private areas = 0;
  /** The place set by {@link place}, the smallest cell of its rest, and its pieces. */
  private y = -1;
  private restMin = 0;
  private pieces = 0;

  constructor(sp: Space) {
    const { size } = sp;
    this.wall = sp.wall;
    this.off = sp.off;
    const floor: number[] = [];
    for (let c = 0; c < size; c++) if (!sp.wall[c]) floor.push(c);
    this.floor = Int32Array.from(floor);
    this.tree = new CutTree(size, sp.off);
    this.subtreeMin = new Int32Array(size);
    const times = size + 1;
    this.areaFirst = new Int32Array(times);
    this.areaLast = new Int32Array(times);
    this.prefixMin = new Int32Array(times);
    this.suffixMin = new Int32Array(times);
  }

  /** Analyses the free floor of `occ` (box flags, the moving box lifted). */
  analyse(occ: Uint8Array): void {
    const { wall, floor, tree, subtreeMin, areaFirst, areaLast, prefixMin, suffixMin } = this;
    const { disc, parent, cellAt } = tree;
    tree.clear();
    let areas = 0;
    for (let i = 0; i < floor.length; i++) {
      const root = floor[i]!;
      if (occ[root] || disc[root] !== 0) continue;
      areas++;
      const first = tree.time + 1;
      tree.grow(root, wall, occ);
      const last = tree.time;
      // children come after their parents in discovery order: fold the minima back up
      for (let t = first; t <= last; t++) subtreeMin[cellAt[t]!] = cellAt[t]!;
      for (let t = last; t > first; t--) {
        const v = cellAt[t]!;
        const p = parent[v]!;
        if (subtreeMin[v]! < subtreeMin[p]!) subtreeMin[p] = subtreeMin[v]!;
      }
      prefixMin[first] = cellAt[first]!;
      for (let t = first + 1; t <= last; t++)
        prefixMin[t] = Math.min(prefixMin[t - 1]!, cellAt[t]!);
      suffixMin[last] = cellAt[last]!;
      for (let t = last - 1; t >= first; t--)
        suffixMin[t] = Math.min(suffixMin[t + 1]!, cellAt[t]!);
      for (let t = first; t <= last; t++) {
        areaFirst[t] = first;
        areaLast[t] = last;
      }
    }
    this.areas = areas;
    this.y = -1;
  }

  /**
   * Puts the box on free cell `y` (free in the floor analysed) for the queries that follow, and
   * returns the number of free areas then ({@link AreaCounter.count} of the position).
   */
  place(y: number): number {
    const { off, subtreeMin, areaFirst, areaLast, prefixMin, suffixMin } = this;
    const { disc, low, end, parent } = this.tree;
    this.y = y;
    const dy = disc[y]!;
    let rest = 0x7fffffff;
    const first = areaFirst[dy]!;
    const last = areaLast[dy]!;
    if (dy > first) rest = prefixMin[dy - 1]!;
    if (end[y]! < last) rest = Math.min(rest, suffixMin[end[y]! + 1]!);
    let separated = 0;
    for (let d = 0; d < 4; d++) {
      const c = y + off[d]!;
      if (disc[c] === 0 || parent[c] !== y) continue;
      if (low[c]! >= dy) separated++;
      else rest = Math.min(rest, subtreeMin[c]!);
    }
    this.restMin = rest;
    const pieces = separated + (parent[y]! >= 0 ? 1 : 0);
    this.pieces = pieces;
    return this.areas - 1 + pieces;
  }

  /**
   * The piece of the area of the placed box that free cell `z` (next to it) is in: the child of
   * the placed cell whose subtree holds `z` when that subtree is cut off, else -1 (the rest).
   */
  private pieceOf(z: number): number {
    const { off } = this;
    const { disc, low, end, parent } = this.tree;
    const y = this.y;
    const dy = disc[y]!;
    const dz = disc[z]!;
    if (dz <= dy || dz > end[y]!) return -1;
    for (let d = 0; d < 4; d++) {
      const c = y + off[d]!;
      if (disc[c] === 0 || parent[c] !== y) continue;
      if (disc[c]! <= dz && dz <= end[c]!) return low[c]! >= dy ? c : -1;
    }
    return -1;
  }

  /** The smallest cell of the player's region, the player on free cell `x` next to the box. */
  regionMin(x: number): number {
    const piece = this.pieceOf(x);
    return piece >= 0 ? this.subtreeMin[piece]! : this.restMin;
  }

  /** True when free cells `a` and `b`, both next to the placed box, are in one region. */
  together(a: number, b: number): boolean {
    return this.pieces <= 1 || this.pieceOf(a) === this.pieceOf(b);
  }
}
