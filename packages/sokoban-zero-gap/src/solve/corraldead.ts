import type { Space } from './space.js';

/** Most positions one sub-search may store before it answers "not proven". */
const MAX_SUB_STATES = 512;
/** Largest corral boundary (boxes) worth a sub-search. */
const MAX_SUB_BOXES = 10;
/** Verdicts kept before the cache is emptied (bounded memory: about 100 bytes an entry). */
const MAX_CACHED = 200_000;

/**
 * Corral deadlocks by search (as YASS and Festival do): the boxes around a PI-corral are taken
 * alone — every other box removed — and a small breadth-first push search asks whether they can
 * ever either all stand on goals or let the player into the corral. If no position of that
 * sub-search does, the whole position is dead: any solution, with the other boxes deleted, stays
 * legal (fewer boxes only free the way) and ends with these boxes on goals. The search is capped;
 * a cap hit answers "not proven" (sound: it only prunes less). Verdicts are cached by the boxes and
 * the player's region, so one pattern — a pocket some boxes shut for good — is proven once and then
 * recognised under every arrangement of the other boxes.
 */
export class CorralDeadlocks {
  private readonly sp: Space;
  private readonly occ: Uint8Array;
  private readonly cache = new Map<string, boolean>();
  /** Sub-searches run, and how many proved a deadlock (for tests and figures). */
  searches = 0;
  proofs = 0;

  constructor(sp: Space) {
    this.sp = sp;
    this.occ = new Uint8Array(sp.size);
  }

  /**
   * True when boxes `boxes[0 .. n)` alone, the player at `player`, can never all reach goals nor
   * let the player onto a cell where `inCorral` holds. Uses the Space's flood (not its mark).
   */
  isDead(boxes: Int32Array, n: number, player: number, inCorral: (c: number) => boolean): boolean {
    if (n === 0 || n > MAX_SUB_BOXES) return false;
    const { sp, occ } = this;
    const start = Array.from(boxes.subarray(0, n)).sort((a, b) => a - b);
    for (const b of start) occ[b] = 1;
    const norm = sp.flood(occ, player);
    for (const b of start) occ[b] = 0;
    const key = `${start.join(',')}|${norm}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    this.searches++;
    const dead = this.search(start, player, inCorral);
    if (dead) this.proofs++;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(key, dead);
    return dead;
  }

  /** The breadth-first sub-search: true when it is exhausted without success. */
  private search(start: number[], player: number, inCorral: (c: number) => boolean): boolean {
    const { sp, occ } = this;
    const { off, wall, dead, goal } = sp;
    if (start.every((b) => goal[b])) return false;
    const seen = new Set<string>();
    const queue: { boxes: number[]; player: number }[] = [{ boxes: start, player }];
    for (let head = 0; head < queue.length; head++) {
      const s = queue[head]!;
      for (const b of s.boxes) occ[b] = 1;
      const norm = sp.flood(occ, s.player);
      let open = false;
      const cells = sp.regionCells;
      for (let i = 0; i < sp.regionSize && !open; i++) if (inCorral(cells[i]!)) open = true;
      const stateKey = `${s.boxes.join(',')}|${norm}`;
      const fresh = !seen.has(stateKey);
      seen.add(stateKey);
      let result = open ? 1 : 0;
      if (fresh && !open) {
        // remember the region: children's floods overwrite it
        const region = new Set<number>();
        for (let i = 0; i < sp.regionSize; i++) region.add(cells[i]!);
        for (let i = 0; i < s.boxes.length && result === 0; i++) {
          const b = s.boxes[i]!;
          for (let d = 0; d < 4; d++) {
            const o = off[d]!;
            const t = b + o;
            if (wall[t] || occ[t] || dead[t] || !region.has(b - o)) continue;
            occ[b] = 0;
            occ[t] = 1;
            const deadChild = sp.blocked2x2(occ, t) || sp.frozenDeadlock(occ, t);
            let solved = true;
            if (!deadChild) for (const x of s.boxes) if (!goal[x === b ? t : x]) solved = false;
            occ[t] = 0;
            occ[b] = 1;
            if (deadChild) continue;
            if (solved) {
              result = 1;
              break;
            }
            const next = s.boxes.map((x) => (x === b ? t : x)).sort((x, y) => x - y);
            queue.push({ boxes: next, player: b });
          }
        }
      }
      for (const b of s.boxes) occ[b] = 0;
      if (result === 1) return false;
      if (queue.length > MAX_SUB_STATES) return false;
    }
    return true;
  }
}
