import { CellSearch } from '@puzzlekit/grid';
import type { Space } from './space.js';

/** Most patterns kept (each costs a byte per board cell). */
const MAX_PATTERNS = 4_000;

/** A dead pattern: these box cells, with the player anywhere in `region`. */
interface Pattern {
  readonly cells: Int32Array;
  /** 1 on the cells the player could stand on, with only the pattern's boxes on the board. */
  readonly region: Uint8Array;
}

/**
 * Proves boxes dead: 'dead' when the boxes `boxes` alone (every other box removed), the player on
 * `player`, can never all stand on goals; 'alive' when they can; null when it could not tell.
 */
export type SubsetProver = (boxes: readonly number[], player: number) => 'dead' | 'alive' | null;

/**
 * Deadlock patterns learned during a search (Festival learns them too). Given a position known to
 * be dead, {@link learn} drops its boxes one at a time, farthest from a seed box first, keeping a
 * drop whenever the boxes left alone are still proven dead; what is left is kept as a pattern. Any
 * later position that holds those boxes, with the player in the pattern's region, is dead as well: a
 * solution of it, its other boxes deleted, would stay legal (fewer boxes only free the way) and
 * put the pattern's boxes on goals. So one proof prunes every arrangement of the other boxes.
 */
export class LearnedDeadlocks {
  private readonly sp: Space;
  /** Patterns by each of their cells. */
  private readonly byCell = new Map<number, Pattern[]>();
  /** Floor distances from the seed box (walls only). */
  private readonly search: CellSearch;
  private readonly occ: Uint8Array;
  /** Patterns learned. */
  patterns = 0;

  constructor(sp: Space) {
    this.sp = sp;
    this.search = new CellSearch(sp.width, sp.size / sp.width);
    this.occ = new Uint8Array(sp.size);
  }

  /**
   * Learns a pattern from the dead position of boxes `boxes[0 .. k)`, the player on `player`:
   * drops boxes (farthest from `seed` by floor distance first) while `prove` still calls the rest
   * dead. Returns the pattern's box cells (all of them when none could be dropped), or null when
   * the table is full. Uses the Space's flood (not its mark).
   */
  learn(
    boxes: Int32Array,
    k: number,
    player: number,
    seed: number,
    prove: SubsetProver,
  ): Int32Array | null {
    if (this.patterns >= MAX_PATTERNS) return null;
    const { sp, search, occ } = this;
    if (seed >= 0) search.distances(seed, sp.wall, 1);
    const far = (b: number): number => {
      const d = seed >= 0 ? search.distance(b) : -1;
      return d < 0 ? 0x3fffffff : d;
    };
    let kept = Array.from(boxes.subarray(0, k));
    const order = kept.slice().sort((a, b) => far(b) - far(a) || a - b);
    for (const b of order) {
      if (kept.length <= 1) break;
      const trial = kept.filter((x) => x !== b);
      if (prove(trial, player) === 'dead') kept = trial;
    }
    const cells = Int32Array.from(kept).sort();
    for (const c of cells) occ[c] = 1;
    sp.flood(occ, player);
    for (const c of cells) occ[c] = 0;
    const region = new Uint8Array(sp.size);
    for (let i = 0; i < sp.regionSize; i++) region[sp.regionCells[i]!] = 1;
    const pattern = { cells, region };
    for (const c of cells) {
      const list = this.byCell.get(c);
      if (list) list.push(pattern);
      else this.byCell.set(c, [pattern]);
    }
    this.patterns++;
    return cells;
  }

  /**
   * True when a learned pattern holding the box on `cell` matches `occ` (box flags) with the
   * player's region normalised to `norm` (any cell of the player's region serves).
   */
  matchesAt(occ: Uint8Array, norm: number, cell: number): boolean {
    const list = this.byCell.get(cell);
    if (!list) return false;
    for (const p of list) {
      if (!p.region[norm]) continue;
      let all = true;
      for (const c of p.cells) {
        if (!occ[c]) {
          all = false;
          break;
        }
      }
      if (all) return true;
    }
    return false;
  }

  /** True when a learned pattern matches the position of boxes `boxes[0 .. k)` ({@link matchesAt}). */
  matches(occ: Uint8Array, norm: number, boxes: Int32Array, k: number): boolean {
    if (this.patterns === 0) return false;
    for (let i = 0; i < k; i++) if (this.matchesAt(occ, norm, boxes[i]!)) return true;
    return false;
  }
}
