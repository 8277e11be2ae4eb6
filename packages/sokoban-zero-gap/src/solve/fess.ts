import { MinHeap } from '@puzzlekit/graph-search';
import { AreaCounter } from './areas.js';
import type { PackingOrder } from './packing.js';
import type { Space } from './space.js';

/**
 * The features of a position in Shoham and Schaeffer's Feature Space Search (FESS, CoG 2020), as
 * this solver computes them:
 *
 * - `packed`: boxes on goals that keep the packing order — a filled goal counts unless it blocks a
 *   goal that is still empty ({@link PackingOrder}: filling it first would shut that goal off);
 * - `connectivity`: connected areas of free floor ({@link AreaCounter}); the player is walled out of
 *   all but one;
 * - `rooms`: boxes standing in the passages between rooms (off goals), each one cutting a room off
 *   from the next — the room-connectivity feature;
 * - `outOfPlan`: boxes on goals that the plan fills too early (the ones `packed` leaves out), which
 *   must be pushed out again before the goals behind them can be filled.
 */
export interface Features {
  readonly packed: number;
  readonly connectivity: number;
  readonly rooms: number;
  readonly outOfPlan: number;
}

/** A feature value is kept in one byte of the cell key (values past it share the last cell). */
const FEATURE_CAP = 255;

/**
 * Computes the {@link Features} of positions of one level. Passages are the floor cells of one-wide
 * corridors (walls on both sides along one axis) that are not goals and not dead squares — where a
 * box can stand and cut one room from another; the rooms are what the passages separate.
 */
export class FeatureSpace {
  /** 1 on passage cells (see the class comment). */
  readonly passage: Uint8Array;
  /** Rooms: connected floor without the passages (and their count). */
  readonly room: Int32Array;
  readonly roomCount: number;
  private readonly areas: AreaCounter;
  private readonly packing: PackingOrder;
  private readonly goals: Int32Array;
  private readonly floor: Int32Array;

  constructor(sp: Space, packing: PackingOrder) {
    this.areas = new AreaCounter(sp);
    this.packing = packing;
    this.goals = sp.goals;
    const { size, wall, off, goal } = sp;
    const floor: number[] = [];
    this.passage = new Uint8Array(size);
    for (let c = 0; c < size; c++) {
      if (wall[c]) continue;
      floor.push(c);
      const acrossRow = wall[c + off[1]!] && wall[c + off[3]!];
      const acrossColumn = wall[c + off[0]!] && wall[c + off[2]!];
      if ((acrossRow || acrossColumn) && !goal[c] && !sp.dead[c]) this.passage[c] = 1;
    }
    this.floor = Int32Array.from(floor);
    this.room = new Int32Array(size).fill(-1);
    let rooms = 0;
    const stack: number[] = [];
    for (const s of floor) {
      if (this.passage[s] || this.room[s]! >= 0) continue;
      this.room[s] = rooms;
      stack.push(s);
      while (stack.length > 0) {
        const c = stack.pop()!;
        for (let d = 0; d < 4; d++) {
          const t = c + off[d]!;
          if (wall[t] || this.passage[t] || this.room[t]! >= 0) continue;
          this.room[t] = rooms;
          stack.push(t);
        }
      }
      rooms++;
    }
    this.roomCount = rooms;
  }

  /** The features of the position `occ` (box flags); `areas`: its free areas when known. */
  of(occ: Uint8Array, areas = -1): Features {
    let onGoals = 0;
    for (const g of this.goals) if (occ[g]) onGoals++;
    const outOfPlan = this.packing.blockingFilled(occ);
    let rooms = 0;
    for (const c of this.floor) if (occ[c] && this.passage[c]) rooms++;
    return {
      packed: onGoals - outOfPlan,
      connectivity: areas >= 0 ? areas : this.areas.count(occ),
      rooms,
      outOfPlan,
    };
  }
}

/** The feature-space cell of `f`: one number, equal for equal features (each capped at a byte). */
export function cellKey(f: Features): number {
  const cap = (v: number): number => Math.min(v, FEATURE_CAP);
  return (
    ((cap(f.packed) * 256 + cap(f.connectivity)) * 256 + cap(f.rooms)) * 256 + cap(f.outOfPlan)
  );
}

/**
 * Festival's order of positions: more packed boxes first, then fewer free areas, fewer boxes in
 * passages, fewer boxes out of plan. Negative when `a` is better than `b`.
 */
export function compareFeatures(a: Features, b: Features): number {
  return (
    b.packed - a.packed ||
    a.connectivity - b.connectivity ||
    a.rooms - b.rooms ||
    a.outOfPlan - b.outOfPlan
  );
}

/** The advisors: each proposes at most one child, which then costs no weight. */
const ADVISORS: readonly ((child: Features, parent: Features) => boolean)[] = [
  (c, p) => c.packed > p.packed,
  (c, p) => c.connectivity < p.connectivity,
  (c, p) => c.rooms < p.rooms,
  (c, p) => c.outOfPlan < p.outOfPlan,
];

/**
 * How many units of the secondary priority one unit of weight counts in a cell's order: 5 measured
 * better than 3 and 10 on XSokoban 1, 2, 4 and 5 (the tuning sample), and far better than weight
 * first (2^20), which solved only XSokoban 1 of them at 300,000 nodes.
 */
const WEIGHT_SCALE = 5;

/**
 * The open positions of a FESS search, by feature-space cell. Each cell orders its positions by
 * accumulated weight (the moves on the way from the start: an advisor's move costs 0, any other 1)
 * times {@link WEIGHT_SCALE} plus a secondary priority (the caller's estimate, smaller first).
 * {@link pop} cycles over the cells: one cycle takes from every non-empty cell, in the order the
 * cells were first reached, its first position.
 *
 * The children of one expanded position are collected first ({@link add}) and weighed together
 * ({@link commit}): each advisor picks, among the children that keep at least the parent's packed
 * boxes and improve its own feature, the best by {@link compareFeatures} (then the secondary
 * priority, then the first generated); those children cost 0. A push of the box pushed last costs
 * 0 too: Festival's moves are box moves (a box taken anywhere it can go), this search's are single
 * pushes, and one box move is one move. Every other child costs 1.
 */
export class FessFrontier {
  private readonly cells: MinHeap[] = [];
  private readonly cellIndex = new Map<number, number>();
  private readonly cellFeatures: Features[] = [];
  private weight = new Int32Array(1024);
  private cellOf = new Int32Array(1024);
  /** The next cell of the current cycle to take from, and where the cycle ends. */
  private cursor = 0;
  private cycleEnd = 0;
  private count = 0;
  private readonly pending: {
    node: number;
    secondary: number;
    features: Features;
    sameBox: boolean;
  }[] = [];

  /** Positions open. */
  get size(): number {
    return this.count;
  }

  /** Cells reached so far. */
  get cellCount(): number {
    return this.cells.length;
  }

  /** The accumulated weight of an opened position. */
  weightOf(node: number): number {
    return this.weight[node]!;
  }

  /** Opens the start position. */
  addRoot(node: number, secondary: number, features: Features): void {
    this.open(node, 0, secondary, features);
  }

  /** Collects a child of the position being expanded. */
  add(node: number, secondary: number, features: Features, sameBox: boolean): void {
    this.pending.push({ node, secondary, features, sameBox });
  }

  /** Weighs the children collected since the last commit and opens them; `parent` made them. */
  commit(parent: number): void {
    const base = this.weight[parent]!;
    const parentFeatures = this.cellFeatures[this.cellOf[parent]!]!;
    const free = new Set<number>();
    for (const advises of ADVISORS) {
      let best = -1;
      for (let i = 0; i < this.pending.length; i++) {
        const c = this.pending[i]!;
        if (c.features.packed < parentFeatures.packed || !advises(c.features, parentFeatures))
          continue;
        if (best < 0) {
          best = i;
          continue;
        }
        const b = this.pending[best]!;
        const order = compareFeatures(c.features, b.features) || c.secondary - b.secondary;
        if (order < 0) best = i;
      }
      if (best >= 0) free.add(best);
    }
    for (let i = 0; i < this.pending.length; i++) {
      const c = this.pending[i]!;
      this.open(c.node, base + (free.has(i) || c.sameBox ? 0 : 1), c.secondary, c.features);
    }
    this.pending.length = 0;
  }

  /** The next position to expand (see the class comment); -1 when none is open. */
  pop(): number {
    if (this.count === 0) return -1;
    for (;;) {
      if (this.cursor >= this.cycleEnd) {
        this.cursor = 0;
        this.cycleEnd = this.cells.length;
      }
      const heap = this.cells[this.cursor++]!;
      if (heap.size === 0) continue;
      this.count--;
      return heap.pop();
    }
  }

  private open(node: number, weight: number, secondary: number, features: Features): void {
    const key = cellKey(features);
    let cell = this.cellIndex.get(key);
    if (cell === undefined) {
      cell = this.cells.length;
      this.cellIndex.set(key, cell);
      this.cells.push(new MinHeap(16));
      this.cellFeatures.push(features);
    }
    if (node >= this.weight.length) {
      const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
        const b = new Int32Array(Math.max(node + 1, a.length * 2));
        b.set(a);
        return b;
      };
      this.weight = grow(this.weight);
      this.cellOf = grow(this.cellOf);
    }
    this.weight[node] = weight;
    this.cellOf[node] = cell;
    this.cells[cell]!.push(node, weight * WEIGHT_SCALE + secondary);
    this.count++;
  }
}
