import { MinHeap } from '@puzzlekit/graph-search';
import { AreaCounter } from './areas.js';
import type { PackingOrder } from './packing.js';
import type { PackingPlan } from './plan.js';
import type { Space } from './space.js';

/**
 * The features of a position in Shoham and Schaeffer's Feature Space Search (FESS, CoG 2020), as
 * this solver computes them:
 *
 * - `packed`: boxes on goals that keep the packing order — a filled goal counts unless it blocks a
 *   goal that is still empty ({@link PackingOrder}: filling it first would shut that goal off); on
 *   levels whose packing plan parks a box ({@link PackingPlan}), the steps of the plan done;
 * - `connectivity`: connected areas of free floor ({@link AreaCounter}); the player is walled out of
 *   all but one;
 * - `rooms`: boxes standing in the passages between rooms (off goals), each one cutting a room off
 *   from the next — the room-connectivity feature;
 * - `outOfPlan`: boxes on goals that the plan fills too early (the ones `packed` leaves out), which
 *   must be pushed out again before the goals behind them can be filled; with a plan, boxes on
 *   cells from which no goal the plan fills later can be reached (its out-of-plan zone).
 */
export interface Features {
  readonly packed: number;
  readonly connectivity: number;
  readonly rooms: number;
  readonly outOfPlan: number;
  /**
   * Hotspots (Festival's): boxes off goals that cut another box off goals from every goal — with
   * the first standing, the second could reach no goal even alone ({@link Hotspots}). Not part of
   * the cell; an advisor and the last tie-break of {@link compareFeatures}. Absent: 0.
   */
  readonly hotspots?: number;
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
  /** The passage cells (see {@link passage}). */
  private readonly passages: Int32Array;

  /** The hotspot table, when the board is small enough for it (else hotspots are not counted). */
  private readonly hot: Hotspots | null;

  /**
   * Festival's packing plan, used when it is complete and parks a box: `packed` is then how far
   * along it a position is. Where the plan parks nothing, the packing order's blocking pairs (a
   * partial order) measured better than the plan's one order of the goals: with the plan on every
   * level of the tuning sample, FESS alone at 300,000 units solved 14 of 20 (lost XSokoban 20, 40
   * and 70), where with it only on the levels it parks a box in, it solves 17 (XSokoban 15 too).
   * On the 57 Microban levels whose plan parks a box, FESS alone needs 175,268 units in all with
   * the plan against 1,310,539 without (fewer on 49 levels, more on 5).
   */
  private readonly plan: PackingPlan | null;

  constructor(sp: Space, packing: PackingOrder, plan: PackingPlan | null = null) {
    this.plan = plan?.complete && plan.parks ? plan : null;
    this.hot = Hotspots.fits(sp) ? new Hotspots(sp) : null;
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
    this.passages = Int32Array.from(floor.filter((c) => this.passage[c]));
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
    let rooms = 0;
    for (const c of this.passages) if (occ[c]) rooms++;
    let packed: number;
    let outOfPlan: number;
    if (this.plan) {
      packed = this.plan.packed(occ);
      outOfPlan = this.plan.outOfPlan(occ, packed);
    } else {
      let onGoals = 0;
      for (const g of this.goals) if (occ[g]) onGoals++;
      outOfPlan = this.packing.blockingFilled(occ);
      packed = onGoals - outOfPlan;
    }
    return {
      packed,
      connectivity: areas >= 0 ? areas : this.areas.count(occ),
      rooms,
      outOfPlan,
      hotspots: this.hot ? this.hot.count(occ) : 0,
    };
  }
}

/** Most floor cells × floor cells the hotspot table may hold (one byte each). */
const MAX_HOTSPOT_TABLE = 4_000_000;
/** Most boxes for which hotspots are counted (a count is O(boxes²) a position). */
const MAX_HOTSPOT_BOXES = 64;

/**
 * Which box places cut which others off every goal: `blocks[y × floor + x]` is 1 when a box
 * standing on floor cell `y` (off goals) leaves a lone box on `x` no goal to reach by pushes, where
 * it could reach one with `y` empty. One pull search from all goals per cell `y`, with `y` as wall.
 */
export class Hotspots {
  private readonly index: Int32Array;
  private readonly floor: Int32Array;
  private readonly blocks: Uint8Array;
  private readonly goal: Uint8Array;
  private readonly cells: Int32Array;

  /** True when the level is small enough for the table and the counts. */
  static fits(sp: Space): boolean {
    let floor = 0;
    for (let c = 0; c < sp.size; c++) if (!sp.wall[c]) floor++;
    return floor * floor <= MAX_HOTSPOT_TABLE && sp.goals.length <= MAX_HOTSPOT_BOXES;
  }

  constructor(sp: Space) {
    const { size, wall, goal, dead } = sp;
    this.goal = goal;
    this.index = new Int32Array(size).fill(-1);
    const floor: number[] = [];
    for (let c = 0; c < size; c++) {
      if (wall[c]) continue;
      this.index[c] = floor.length;
      floor.push(c);
    }
    this.floor = Int32Array.from(floor);
    const n = floor.length;
    this.blocks = new Uint8Array(n * n);
    this.cells = new Int32Array(n);
    const live = new Uint8Array(size);
    for (let yi = 0; yi < n; yi++) {
      const y = floor[yi]!;
      if (goal[y] || dead[y]) continue;
      live.fill(0);
      sp.pullReach(live, y);
      for (let xi = 0; xi < n; xi++) {
        const x = floor[xi]!;
        if (x !== y && !dead[x] && !live[x]) this.blocks[yi * n + xi] = 1;
      }
    }
  }

  /** The number of boxes in `occ` off goals that cut another box off goals from every goal. */
  count(occ: Uint8Array): number {
    const { floor, index, goal, blocks, cells } = this;
    let m = 0;
    for (let i = 0; i < floor.length; i++) {
      const c = floor[i]!;
      if (occ[c] && !goal[c]) cells[m++] = index[c]!;
    }
    const n = floor.length;
    let hot = 0;
    for (let i = 0; i < m; i++) {
      const row = cells[i]! * n;
      for (let j = 0; j < m; j++) {
        if (blocks[row + cells[j]!]) {
          hot++;
          break;
        }
      }
    }
    return hot;
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
  return compareCells(a, b) || (a.hotspots ?? 0) - (b.hotspots ?? 0);
}

/** {@link compareFeatures} on what makes the cell (hotspots left out). */
function compareCells(a: Features, b: Features): number {
  return (
    b.packed - a.packed ||
    a.connectivity - b.connectivity ||
    a.rooms - b.rooms ||
    a.outOfPlan - b.outOfPlan
  );
}

/** A number that orders features as {@link compareFeatures} does (smaller is better). */
function rankOf(f: Features): number {
  return cellKey({ ...f, packed: FEATURE_CAP - Math.min(f.packed, FEATURE_CAP) });
}

/** The advisors: each proposes at most one child, which then costs no weight. */
const ADVISORS: readonly ((child: Features, parent: Features) => boolean)[] = [
  (c, p) => c.packed > p.packed,
  (c, p) => c.connectivity < p.connectivity,
  (c, p) => c.rooms < p.rooms,
  (c, p) => c.outOfPlan < p.outOfPlan,
  (c, p) => (c.hotspots ?? 0) < (p.hotspots ?? 0),
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
 * times {@link WEIGHT_SCALE} (or the constructor's scale) plus a secondary priority (the
 * caller's estimate, smaller first). {@link pop} cycles over the cells: one cycle takes from every
 * non-empty cell, in the order the cells were first reached, its first position; with
 * `bestEveryOther`, every other pop takes from the best non-empty cell instead, and with
 * `pathBest` a position goes to the best cell on its path (see the constructor).
 *
 * The children of one expanded position are collected first ({@link add}) and weighed together
 * ({@link commit}): each advisor picks, among the children that keep at least the parent's packed
 * boxes and improve its own feature, the best by {@link compareFeatures} (then the secondary
 * priority, then the first generated); those children cost 0. A child marked `sameBox` costs 0
 * too: over single pushes, a push of the box pushed last (Festival's moves are box moves, a box
 * taken anywhere it can go, and one box move is one move). Every other child costs 1.
 */
export class FessFrontier {
  private readonly cells: MinHeap[] = [];
  private readonly cellIndex = new Map<number, number>();
  private readonly cellFeatures: Features[] = [];
  private weight = new Int32Array(1024);
  private cellOf = new Int32Array(1024);
  /** Each opened position's hotspots (not part of its cell). */
  private hot = new Int32Array(1024);
  /** Each opened position's own features (an index into `featureList`; its cell may differ). */
  private own = new Int32Array(1024);
  private readonly featureIndex = new Map<number, number>();
  private readonly featureList: Features[] = [];
  /** The next cell of the current cycle to take from, and where the cycle ends. */
  private cursor = 0;
  private cycleEnd = 0;
  private count = 0;
  /** Non-empty cells by {@link rankOf} (stale entries are skipped), and which are in it. */
  private readonly best = new MinHeap(16);
  private inBest = new Uint8Array(16);
  /** Pops so far: every other one goes to the best cell ({@link pop}). */
  private pops = 0;
  /** Take every other position from the best non-empty cell (Festival's engine does). */
  private readonly bestEveryOther: boolean;
  /** Units of the secondary priority one unit of weight counts. */
  private readonly weightScale: number;
  /** Place a position in the cell of the best features on its path (Festival's engine does). */
  private readonly pathBest: boolean;

  /**
   * `bestEveryOther`: every other {@link pop} takes from the best non-empty cell by
   * {@link compareFeatures} instead of the cycle; `pathBest`: a position goes to the cell of the
   * best features on its path from the start (its own or its parent's cell, whichever is better),
   * so a position that gives some progress back for a while stays where the progress was made;
   * `weightScale`: how many units of the secondary priority one unit of weight counts (default
   * {@link WEIGHT_SCALE}). All three are the box-move search's choices.
   */
  constructor(
    options: { bestEveryOther?: boolean; weightScale?: number; pathBest?: boolean } = {},
  ) {
    this.bestEveryOther = options.bestEveryOther ?? false;
    this.weightScale = options.weightScale ?? WEIGHT_SCALE;
    this.pathBest = options.pathBest ?? false;
  }
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

  /** The packed boxes of an opened position (its own features, not its cell's). */
  packedOf(node: number): number {
    return this.featureList[this.own[node]!]!.packed;
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
    const parentFeatures = {
      ...this.featureList[this.own[parent]!]!,
      hotspots: this.hot[parent]!,
    };
    const parentCell = this.cellFeatures[this.cellOf[parent]!]!;
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
      const place =
        this.pathBest && compareCells(c.features, parentCell) >= 0 ? parentCell : c.features;
      this.open(c.node, base + (free.has(i) || c.sameBox ? 0 : 1), c.secondary, c.features, place);
    }
    this.pending.length = 0;
  }

  /** The next position to expand (see the class comment); -1 when none is open. */
  pop(): number {
    if (this.count === 0) return -1;
    if (this.bestEveryOther && (this.pops++ & 1) === 1) {
      while (this.best.size > 0) {
        const cell = this.best.peek();
        const heap = this.cells[cell]!;
        if (heap.size > 0) {
          this.count--;
          return heap.pop();
        }
        this.best.pop();
        this.inBest[cell] = 0;
      }
    }
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

  private open(
    node: number,
    weight: number,
    secondary: number,
    features: Features,
    place = features,
  ): void {
    const key = cellKey(place);
    let cell = this.cellIndex.get(key);
    if (cell === undefined) {
      cell = this.cells.length;
      this.cellIndex.set(key, cell);
      this.cells.push(new MinHeap(16));
      this.cellFeatures.push(place);
      if (cell >= this.inBest.length) {
        const more = new Uint8Array(this.inBest.length * 2);
        more.set(this.inBest);
        this.inBest = more;
      }
    }
    if (!this.inBest[cell]) {
      this.inBest[cell] = 1;
      this.best.push(cell, rankOf(place));
    }
    if (node >= this.weight.length) {
      const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
        const b = new Int32Array(Math.max(node + 1, a.length * 2));
        b.set(a);
        return b;
      };
      this.weight = grow(this.weight);
      this.cellOf = grow(this.cellOf);
      this.hot = grow(this.hot);
      this.own = grow(this.own);
    }
    const ownKey = cellKey(features);
    let id = this.featureIndex.get(ownKey);
    if (id === undefined) {
      id = this.featureList.length;
      this.featureIndex.set(ownKey, id);
      this.featureList.push(features);
    }
    this.own[node] = id;
    this.weight[node] = weight;
    this.hot[node] = features.hotspots ?? 0;
    this.cellOf[node] = cell;
    this.cells[cell]!.push(node, weight * this.weightScale + secondary);
    this.count++;
  }
}
