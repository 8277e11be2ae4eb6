import type { Space } from './space.js';

/** Most single-box pull searches the packing analysis may run (it is setup work, O(goals²)). */
const MAX_PULL_SEARCHES = 4_000;
/**
 * Most cells its player floods may visit in all (about a tenth of a second): past that — on large
 * levels with many goals — the analysis gives up and the search runs without a packing order.
 */
const MAX_PULL_WORK = 20_000_000;

/**
 * Packing order of the goals, found by a retrograde (pull) analysis of the solved position: with a
 * box on every goal, the boxes the player can pull off their goal area (to a non-goal cell, the other
 * boxes standing) are the ones filled last; remove them and repeat. Then, for a goal `g'` pulled out
 * in some round and a goal `g` pulled out in an earlier one, `g` **blocks** `g'` when a box on `g`
 * would keep `g'`'s box from coming out: forward, filling `g` before `g'` shuts `g'` off — typically
 * the goals at a goal room's entrance against those deeper inside.
 *
 * The search uses the number of (filled blocking goal, empty blocked goal) pairs as a penalty: a
 * guide for the fast mode, never a pruning (a blocking box may still be moved away again).
 */
export class PackingOrder {
  /** Per goal index: the goal cells it blocks (CSR: `blocks[start[i] .. start[i+1])`). */
  private readonly blockStart: Int32Array;
  private readonly blockList: Int32Array;
  /** Per goal index: the goal cells blocking it. */
  private readonly byStart: Int32Array;
  private readonly byList: Int32Array;
  private readonly goalIndex: Int32Array;
  /** The goal cells, by goal index. */
  private readonly goalCells: Int32Array;
  /** Number of blocking pairs found (0: the order says nothing). */
  readonly pairs: number;
  /**
   * Per cell: for a goal, its extraction round + 1 (higher = filled earlier; the last round's goals
   * come first), 0 elsewhere or when the analysis gave up.
   */
  readonly fillRank: Int32Array;

  constructor(sp: Space) {
    const goals = sp.goals;
    this.goalCells = goals;
    this.goalIndex = new Int32Array(sp.size).fill(-1);
    goals.forEach((g, i) => (this.goalIndex[g] = i));
    const round = extractionRounds(sp);
    this.fillRank = new Int32Array(sp.size);
    if (round) goals.forEach((g, i) => (this.fillRank[g] = round[i]! + 1));
    const pairs = round ? blockingPairs(sp, round) : [];
    this.pairs = pairs.length / 2;
    const k = goals.length;
    const count = new Int32Array(k + 1);
    const countBy = new Int32Array(k + 1);
    for (let i = 0; i < pairs.length; i += 2) {
      count[pairs[i]! + 1]!++;
      countBy[pairs[i + 1]! + 1]!++;
    }
    for (let i = 0; i < k; i++) {
      count[i + 1]! += count[i]!;
      countBy[i + 1]! += countBy[i]!;
    }
    this.blockStart = count.slice();
    this.byStart = countBy.slice();
    this.blockList = new Int32Array(this.pairs);
    this.byList = new Int32Array(this.pairs);
    for (let i = 0; i < pairs.length; i += 2) {
      const g = pairs[i]!;
      const h = pairs[i + 1]!;
      this.blockList[count[g]!++] = goals[h]!;
      this.byList[countBy[h]!++] = goals[g]!;
    }
  }

  /** The number of (filled blocking goal, empty blocked goal) pairs in `occ`. */
  penalty(occ: Uint8Array): number {
    return this.countBlocking(occ, false);
  }

  /** The number of filled goals in `occ` that block some empty goal (filled out of order). */
  blockingFilled(occ: Uint8Array): number {
    return this.countBlocking(occ, true);
  }

  /**
   * Walks every filled goal's blocked goals: counts each empty one (`penalty`), or only whether there
   * is one (`blockingFilled`, one per filled goal).
   */
  private countBlocking(occ: Uint8Array, oncePerGoal: boolean): number {
    if (this.pairs === 0) return 0;
    let total = 0;
    const { goalCells, blockStart, blockList } = this;
    for (let g = 0; g < goalCells.length; g++) {
      if (!occ[goalCells[g]!]) continue;
      for (let j = blockStart[g]!; j < blockStart[g + 1]!; j++) {
        if (occ[blockList[j]!]) continue;
        total++;
        if (oncePerGoal) break;
      }
    }
    return total;
  }

  /**
   * How the penalty changes when the box on `b` moves to the empty `t` (`occ` before the move; it is
   * restored before returning).
   */
  moveDelta(occ: Uint8Array, b: number, t: number): number {
    if (this.pairs === 0 || (this.goalIndex[b]! < 0 && this.goalIndex[t]! < 0)) return 0;
    const before = this.pairsAt(occ, b, -1) + this.pairsAt(occ, t, b);
    occ[b] = 0;
    occ[t] = 1;
    const after = this.pairsAt(occ, b, -1) + this.pairsAt(occ, t, b);
    occ[t] = 0;
    occ[b] = 1;
    return after - before;
  }

  /** The live pairs with goal cell `c` in them, the partner `except` left out. */
  private pairsAt(occ: Uint8Array, c: number, except: number): number {
    const g = this.goalIndex[c]!;
    if (g < 0) return 0;
    let n = 0;
    if (occ[c]) {
      for (let j = this.blockStart[g]!; j < this.blockStart[g + 1]!; j++) {
        const x = this.blockList[j]!;
        if (!occ[x] && x !== except) n++;
      }
    } else {
      for (let j = this.byStart[g]!; j < this.byStart[g + 1]!; j++) {
        const x = this.byList[j]!;
        if (occ[x] && x !== except) n++;
      }
    }
    return n;
  }
}

/** The extraction round of each goal's box (0 = first out = filled last), or null. */
function extractionRounds(sp: Space): Int32Array | null {
  const goals = sp.goals;
  const k = goals.length;
  const puller = new Puller(sp);
  const round = new Int32Array(k).fill(-1);
  const occ = new Uint8Array(sp.size);
  for (const g of goals) occ[g] = 1;
  // rounds of extraction: round[i] = when goal i's box comes out (0 = first out = filled last)
  let left = k;
  for (let r = 0; left > 0; r++) {
    const out: number[] = [];
    for (let i = 0; i < k; i++) {
      if (round[i]! < 0 && puller.canExtract(occ, goals[i]!)) out.push(i);
    }
    if (out.length === 0 || puller.exhausted) return null;
    for (const i of out) {
      round[i] = r;
      occ[goals[i]!] = 0;
      left--;
    }
  }
  return round;
}

/** The blocking pairs (g, g') as goal indices, flattened. */
function blockingPairs(sp: Space, round: Int32Array): number[] {
  const goals = sp.goals;
  const k = goals.length;
  const puller = new Puller(sp);
  const occ = new Uint8Array(sp.size);
  const pairs: number[] = [];
  for (let h = 0; h < k; h++) {
    // the position when h came out: the goals of its round and later rounds are filled
    occ.fill(0);
    for (let i = 0; i < k; i++) if (round[i]! >= round[h]!) occ[goals[i]!] = 1;
    for (let g = 0; g < k; g++) {
      if (round[g]! >= round[h]!) continue;
      occ[goals[g]!] = 1;
      if (!puller.canExtract(occ, goals[h]!)) pairs.push(g, h);
      occ[goals[g]!] = 0;
      if (puller.exhausted) return [];
    }
  }
  return pairs;
}

/** Single-box pull searches: can this box be pulled to a non-goal cell, the others standing? */
class Puller {
  private readonly sp: Space;
  private readonly seen: Int32Array;
  private readonly region: Int32Array;
  private readonly queueBox: Int32Array;
  private readonly queuePlayer: Int32Array;
  private epoch = 0;
  private searches = 0;

  constructor(sp: Space) {
    this.sp = sp;
    this.seen = new Int32Array(sp.size * 4);
    this.region = new Int32Array(sp.size);
    this.queueBox = new Int32Array(sp.size * 4);
    this.queuePlayer = new Int32Array(sp.size * 4);
  }

  /** Cells visited by the floods so far. */
  work = 0;

  get exhausted(): boolean {
    return this.searches > MAX_PULL_SEARCHES || this.work > MAX_PULL_WORK;
  }

  /**
   * True when the box on goal `g` (in `occ`, with the other boxes) can be pulled to a non-goal cell
   * by a player starting in the largest free area next to it. States: box cell × side the player
   * stands on (the player's region is flooded per state).
   */
  canExtract(occ: Uint8Array, g: number): boolean {
    const { sp, seen, queueBox, queuePlayer } = this;
    if (++this.searches > MAX_PULL_SEARCHES || this.work > MAX_PULL_WORK) return false;
    const e = ++this.epoch;
    let head = 0;
    let tail = 0;
    this.floodMainArea(occ);
    for (let d = 0; d < 4; d++) {
      const p = g + sp.off[d]!;
      if (!occ[p] && !sp.wall[p] && sp.inRegion(p) && seen[g * 4 + d] !== e) {
        seen[g * 4 + d] = e;
        queueBox[tail] = g;
        queuePlayer[tail++] = p;
      }
    }
    occ[g] = 0;
    let found = false;
    while (head < tail && !found) {
      const b = queueBox[head]!;
      const p = queuePlayer[head++]!;
      occ[b] = 1;
      sp.flood(occ, p);
      this.work += sp.regionSize;
      if (this.work > MAX_PULL_WORK) {
        occ[b] = 0;
        break;
      }
      for (let d = 0; d < 4 && !found; d++) {
        // pull towards d: the player stands at b + o and steps on to b + 2o; the box follows to b + o
        const o = sp.off[d]!;
        const to = b + o;
        const step = to + o;
        if (!sp.inRegion(to) || sp.wall[step] || occ[step]) continue;
        if (!sp.goal[to]) found = true;
        // the player now stands on the d side of the box at `to`
        if (seen[to * 4 + d] === e) continue;
        seen[to * 4 + d] = e;
        queueBox[tail] = to;
        queuePlayer[tail++] = step;
      }
      occ[b] = 0;
    }
    occ[g] = 1;
    return found;
  }

  /**
   * Floods the largest free area (where the player of the solved position stands: outside the
   * filled goal areas), so that `sp.inRegion` tells it.
   */
  private floodMainArea(occ: Uint8Array): void {
    const { sp, region } = this;
    const e = ++this.epoch;
    let best = -1;
    let bestSize = 0;
    for (let c = 0; c < sp.size; c++) {
      if (occ[c] || sp.wall[c] || region[c] === e) continue;
      sp.flood(occ, c);
      this.work += sp.regionSize;
      for (let i = 0; i < sp.regionSize; i++) region[sp.regionCells[i]!] = e;
      if (sp.regionSize > bestSize) {
        bestSize = sp.regionSize;
        best = c;
      }
    }
    if (best >= 0) sp.flood(occ, best);
  }
}
