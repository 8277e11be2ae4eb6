import type { Space } from './space.js';

/** Most (box cell, player side) states one goal-macro route search may visit. */
const MAX_ROUTE_STATES = 4_096;

/**
 * Goal-room macros: goals that touch each other form a goal area (a goal room, typically); when a
 * box enters one from outside, it is pushed on at once — one macro move — to the area's empty goal
 * that the packing order fills first ({@link PackingOrder.fillRank}), when a single-box push search
 * (the other boxes standing) finds a way. The search then never tries the box's other places in
 * the room, which multiply with every arrangement outside: the room stays in packing order.
 */
export class GoalMacro {
  /** The pushes of the last {@link route} (box cell × 4 + direction), in order. */
  readonly pushes: Int32Array;
  /** Goal-area id per cell, -1 off goals; areas of one goal are left out (-1). */
  readonly area: Int32Array;
  private readonly sp: Space;
  private readonly fillRank: Int32Array;
  private readonly areaGoals: Int32Array[];
  private readonly seen: Int32Array;
  private readonly from: Int32Array;
  private readonly queue: Int32Array;
  private epoch = 0;

  constructor(sp: Space, fillRank: Int32Array) {
    this.sp = sp;
    this.fillRank = fillRank;
    this.area = new Int32Array(sp.size).fill(-1);
    this.areaGoals = [];
    for (const g of sp.goals) {
      if (this.area[g] !== -1) continue;
      const cells = [g];
      this.area[g] = this.areaGoals.length;
      for (let i = 0; i < cells.length; i++) {
        for (let d = 0; d < 4; d++) {
          const t = cells[i]! + sp.off[d]!;
          if (sp.goal[t] && this.area[t] === -1) {
            this.area[t] = this.areaGoals.length;
            cells.push(t);
          }
        }
      }
      if (cells.length === 1)
        this.area[g] = -2; // a lone goal: no room, no macro
      else {
        // fill-first goals first
        cells.sort((a, b) => fillRank[b]! - fillRank[a]!);
        this.areaGoals.push(Int32Array.from(cells));
      }
    }
    for (let c = 0; c < sp.size; c++) if (this.area[c] === -2) this.area[c] = -1;
    this.seen = new Int32Array(sp.size * 4);
    this.from = new Int32Array(sp.size * 4);
    this.queue = new Int32Array(sp.size * 4);
    this.pushes = new Int32Array(MAX_ROUTE_STATES);
  }

  /** True when some goal area has a packing order to follow. */
  get active(): boolean {
    return this.areaGoals.length > 0;
  }

  /**
   * The box now at `t` (in `occ`) was just pushed there from `player` into a goal area. Writes to
   * {@link pushes} the pushes that bring it on to the area's first empty goal in packing order and
   * returns how many, or 0 when that goal is `t` itself or out of reach.
   */
  route(occ: Uint8Array, t: number, player: number): number {
    const a = this.area[t]!;
    if (a < 0) return 0;
    let target = -1;
    for (const g of this.areaGoals[a]!) {
      if (!occ[g]) {
        target = g;
        break;
      }
    }
    if (target < 0 || this.fillRank[target]! <= this.fillRank[t]!) return 0;
    return this.search(occ, t, player, target);
  }

  /** Breadth-first single-box push search from `t` to `target`; the route's length, or 0. */
  private search(occ: Uint8Array, t: number, player: number, target: number): number {
    const { sp, seen, from, queue } = this;
    const e = ++this.epoch;
    occ[t] = 0;
    let head = 0;
    let tail = 0;
    let side = -1;
    for (let d = 0; d < 4; d++) if (t + sp.off[d]! === player) side = d;
    seen[t * 4 + side] = e;
    from[t * 4 + side] = -1;
    queue[tail++] = t * 4 + side;
    let found = -1;
    while (head < tail && found < 0 && tail < MAX_ROUTE_STATES) {
      const state = queue[head++]!;
      const box = state >> 2;
      occ[box] = 1;
      sp.flood(occ, box + sp.off[state & 3]!);
      for (let d = 0; d < 4; d++) {
        const o = sp.off[d]!;
        const to = box + o;
        if (!sp.inRegion(box - o) || sp.wall[to] || occ[to] || sp.dead[to]) continue;
        // after the push the player stands where the box was: on the side opposite to d
        const next = to * 4 + ((d + 2) & 3);
        if (seen[next] === e) continue;
        seen[next] = e;
        from[next] = state * 4 + d;
        queue[tail++] = next;
        if (to === target) {
          found = next;
          break;
        }
      }
      occ[box] = 0;
    }
    occ[t] = 1;
    if (found < 0) return 0;
    let n = 0;
    for (let s = found; from[s]! >= 0; s = from[s]! >> 2) n++;
    let i = n;
    for (let s = found; from[s]! >= 0; s = from[s]! >> 2) {
      const prev = from[s]!;
      this.pushes[--i] = ((prev >> 2) >> 2) * 4 + (prev & 3);
    }
    return n;
  }
}
