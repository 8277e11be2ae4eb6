import { CellSearch } from '@puzzlekit/grid';
import { Rng } from '@puzzlekit/rng';
import { BOX, GOAL, WALL, directionOffsets, type Level } from '../model.js';
import { Assignment } from './hungarian.js';

const UNREACHABLE = 0x3fffffff;

/**
 * What every push search over one level needs: floor and goal masks, Zobrist tables, a reusable
 * player flood fill, per-goal push distances and the dead squares they imply.
 */
export class Space {
  readonly width: number;
  readonly size: number;
  readonly off: Int32Array;
  readonly wall: Uint8Array;
  readonly goal: Uint8Array;
  readonly goals: Int32Array;
  readonly startBoxes: Int32Array;
  /** Zobrist keys (two 32-bit halves) per box cell and per normalised player cell. */
  readonly zBoxHi: Uint32Array;
  readonly zBoxLo: Uint32Array;
  readonly zPlayerHi: Uint32Array;
  readonly zPlayerLo: Uint32Array;
  /** 1 where no goal can ever be reached by a box (dead square). */
  readonly dead: Uint8Array;
  /** The player's floods: grid's CellSearch, buffers kept between states. */
  private readonly search: CellSearch;
  /** Scratch queue of the pull searches (dead squares, push distances). */
  private readonly queue: Int32Array;

  constructor(level: Level) {
    const { width, cells } = level;
    const size = cells.length;
    this.width = width;
    this.size = size;
    this.off = directionOffsets(width);
    this.wall = new Uint8Array(size);
    this.goal = new Uint8Array(size);
    // Walls, plus everything the player can never reach even with all boxes gone, count as wall.
    // A level is closed by walls, so the board's outer ring serves as the search's border.
    this.search = new CellSearch(width, size / width);
    this.search.flood(level.player, cells, WALL);
    const goals: number[] = [];
    const boxes: number[] = [];
    for (let c = 0; c < size; c++) {
      if (!this.search.reached(c)) this.wall[c] = 1;
      if (cells[c]! & GOAL) {
        this.goal[c] = 1;
        goals.push(c);
      }
      if (cells[c]! & BOX) boxes.push(c);
    }
    this.goals = Int32Array.from(goals);
    this.startBoxes = Int32Array.from(boxes);
    const rng = Rng.from('sokoban-zobrist');
    const table = (): Uint32Array => {
      const t = new Uint32Array(size);
      for (let i = 0; i < size; i++) t[i] = rng.uint32();
      return t;
    };
    this.zBoxHi = table();
    this.zBoxLo = table();
    this.zPlayerHi = table();
    this.zPlayerLo = table();
    this.mark = new Int32Array(size);
    this.queue = new Int32Array(size);
    this.dead = this.deadSquares();
  }

  /**
   * Dead squares: cells from which no goal can be reached by pushing a lone box, found by one pull
   * search from all goals at once (O(size), however many goals there are).
   */
  private deadSquares(): Uint8Array {
    const live = new Uint8Array(this.size);
    this.pullReach(live);
    const dead = new Uint8Array(this.size);
    for (let c = 0; c < this.size; c++) dead[c] = live[c] ? 0 : 1;
    return dead;
  }

  /**
   * Marks in `live` (all 0 on entry) the cells from which a lone box can be pushed to some goal:
   * one pull search from all goals at once, O(size). `blocked`, when ≥ 0, is one more wall cell.
   */
  pullReach(live: Uint8Array, blocked = -1): void {
    const { size, off, wall, goals } = this;
    const q = this.queue;
    let head = 0;
    let tail = 0;
    for (const g of goals) {
      live[g] = 1;
      q[tail++] = g;
    }
    while (head < tail) {
      const t = q[head++]!;
      for (const o of off) {
        // a push by o from c = t - o needs the player at c - o
        const c = t - o;
        const p = c - o;
        if (c < 0 || p < 0 || c >= size || p >= size || wall[c] || wall[p] || live[c]) continue;
        if (c === blocked || p === blocked) continue;
        live[c] = 1;
        q[tail++] = c;
      }
    }
  }

  /** Entries of the per-goal distance table {@link pushDist} would hold (goals × cells). */
  get distanceEntries(): number {
    return this.goals.length * this.size;
  }

  private distances: Int32Array | undefined;

  /**
   * pushDist[g * size + c]: pushes to bring a lone box from c to goal g (UNREACHABLE if impossible).
   * Built on first use: it takes {@link distanceEntries} × 4 bytes, so callers check that first.
   */
  get pushDist(): Int32Array {
    this.distances ??= this.pushTable(this.goals, true);
    return this.distances;
  }

  /**
   * A lone box's push distances between `cells` and every cell, one breadth-first search per cell
   * of `cells` (O(cells × size)): `table[i * size + c]` is the pushes that bring the box from c to
   * `cells[i]` when `toCells` (searched backward, by pulls), else from `cells[i]` to c
   * (UNREACHABLE if none). The caller pays for its `cells.length × size × 4` bytes.
   */
  pushTable(cells: ArrayLike<number>, toCells: boolean): Int32Array {
    const { size, off, wall } = this;
    const k = cells.length;
    const dist = new Int32Array(k * size).fill(UNREACHABLE);
    const q = this.queue;
    for (let i = 0; i < k; i++) {
      const base = i * size;
      let head = 0;
      let tail = 0;
      q[tail++] = cells[i]!;
      dist[base + cells[i]!] = 0;
      while (head < tail) {
        const x = q[head++]!;
        for (const o of off) {
          // backward, a box pushed by o from c = x - o has the player on c - o; forward, the box
          // goes on to x + o with the player on x - o
          const c = toCells ? x - o : x + o;
          const p = toCells ? c - o : x - o;
          if (c < 0 || p < 0 || c >= size || p >= size || wall[c] || wall[p]) continue;
          if (dist[base + c] !== UNREACHABLE) continue;
          dist[base + c] = dist[base + x]! + 1;
          q[tail++] = c;
        }
      }
    }
    return dist;
  }

  /**
   * Floods the player's region from `player` over cells that are neither wall nor in `occ`; returns the
   * smallest cell reached (the normalised player position). `inRegion(c)` is valid until the next call.
   */
  flood(occ: Uint8Array, player: number): number {
    const n = this.search.floodLayers(player, this.wall, 1, occ);
    const order = this.search.order;
    let min = player;
    for (let i = 1; i < n; i++) if (order[i]! < min) min = order[i]!;
    this.regionSize = n;
    return min;
  }

  /** Cells of the last flood are `regionCells[0 .. regionSize)`. */
  get regionCells(): Int32Array {
    return this.search.order;
  }

  regionSize = 0;

  /** True when `c` was reached by the last {@link flood}. */
  inRegion(c: number): boolean {
    return this.search.reached(c);
  }

  /** True when `c` was in the region saved by the last {@link markRegion}. */
  isMarked(c: number): boolean {
    return this.mark[c] === this.markEpoch;
  }

  /** Saves the last flood's region in a separate mark, so later floods do not disturb it. */
  markRegion(): void {
    const e = ++this.markEpoch;
    const cells = this.search.order;
    for (let i = 0; i < this.regionSize; i++) this.mark[cells[i]!] = e;
  }

  private markEpoch = 0;
  private readonly mark: Int32Array;

  /**
   * Freeze deadlock: true when the box at `t` (just pushed) or a box next to it can never move again
   * (blocked on both axes by walls, dead-square pairs or boxes that are themselves frozen) while not
   * on a goal. Boxes on the current recursion stack count as walls; the search is capped, and a cap
   * hit answers "not frozen" (sound: it only prunes less).
   */
  frozenDeadlock(occ: Uint8Array, t: number): boolean {
    if (this.frozenOffGoal(occ, t)) return true;
    for (let d = 0; d < 4; d++) {
      const c = t + this.off[d]!;
      if (occ[c] && this.frozenOffGoal(occ, c)) return true;
    }
    return false;
  }

  private frozenOffGoal(occ: Uint8Array, c: number): boolean {
    if (this.goal[c]) return false;
    this.fzCalls = 0;
    return this.frozen(occ, c) && this.fzCalls <= 64;
  }

  private fzCalls = 0;
  private fz: Uint8Array | undefined;

  private frozen(occ: Uint8Array, c: number): boolean {
    if (++this.fzCalls > 64) return false;
    const fz = (this.fz ??= new Uint8Array(this.size));
    fz[c] = 1;
    const res = this.blocked(occ, c, 1) && this.blocked(occ, c, this.width);
    fz[c] = 0;
    return res;
  }

  private blocked(occ: Uint8Array, c: number, o: number): boolean {
    const a = c - o;
    const b = c + o;
    const { wall, dead } = this;
    const fz = this.fz!;
    if (wall[a] || wall[b] || fz[a] || fz[b]) return true;
    if (dead[a] && dead[b]) return true;
    if (occ[a] && this.frozen(occ, a)) return true;
    if (occ[b] && this.frozen(occ, b)) return true;
    return false;
  }

  /** True when a box just pushed to `t` forms a 2×2 block of walls and boxes not all on goals. */
  blocked2x2(occ: Uint8Array, t: number): boolean {
    const { width, wall, goal } = this;
    for (let q = 0; q < 4; q++) {
      const a = t - (q & 1) - (q >> 1) * width;
      let full = true;
      let offGoal = false;
      for (let r = 0; r < 4; r++) {
        const c = a + (r & 1) + (r >> 1) * width;
        if (wall[c]) continue;
        if (!occ[c]) {
          full = false;
          break;
        }
        if (!goal[c]) offGoal = true;
      }
      if (full && offGoal) return true;
    }
    return false;
  }

  /** Solver of the assignment bound, made on first use. */
  private bound: Assignment | undefined;

  /**
   * Admissible lower bound: minimum-cost assignment of boxes to goals by lone-box push distance.
   * NaN when the clock's deadline passes first.
   */
  lowerBound(boxes: Int32Array | number[], clock?: { timeUp(): boolean }): number {
    this.bound ??= new Assignment(this.goals.length, this.size, this.pushDist, UNREACHABLE);
    const total = this.bound.solve(boxes, clock);
    return total >= this.bound.big ? UNREACHABLE : total;
  }
}

export { UNREACHABLE };
