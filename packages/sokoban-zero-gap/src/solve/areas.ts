import type { Space } from './space.js';

/**
 * Counts the connected free areas of a position (floor cells that are neither wall nor box, joined
 * by side steps): the "connectivity" feature of Shoham and Schaeffer's FESS. A position whose boxes
 * cut the floor into many pieces is one the player has walled himself out of: the fast mode ranks it
 * later. O(floor cells) a call, on its own stamps (the Space's flood keeps the player's region).
 */
export class AreaCounter {
  private readonly floor: Int32Array;
  private readonly off: Int32Array;
  private readonly wall: Uint8Array;
  private readonly stamp: Int32Array;
  private readonly stack: Int32Array;
  private epoch = 0;

  constructor(sp: Space) {
    const floor: number[] = [];
    for (let c = 0; c < sp.size; c++) if (!sp.wall[c]) floor.push(c);
    this.floor = Int32Array.from(floor);
    this.off = sp.off;
    this.wall = sp.wall;
    this.stamp = new Int32Array(sp.size);
    this.stack = new Int32Array(sp.size);
  }

  /** The number of connected areas of free floor in `occ` (box flags). */
  count(occ: Uint8Array): number {
    const { floor, off, wall, stamp, stack } = this;
    const e = ++this.epoch;
    let areas = 0;
    for (let i = 0; i < floor.length; i++) {
      const s = floor[i]!;
      if (occ[s] || stamp[s] === e) continue;
      areas++;
      stamp[s] = e;
      let top = 0;
      stack[top++] = s;
      while (top > 0) {
        const c = stack[--top]!;
        for (let d = 0; d < 4; d++) {
          const t = c + off[d]!;
          if (stamp[t] === e || wall[t] || occ[t]) continue;
          stamp[t] = e;
          stack[top++] = t;
        }
      }
    }
    return areas;
  }
}
