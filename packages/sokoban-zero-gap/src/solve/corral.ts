import { CellSearch } from '@puzzlekit/grid';
import type { Space } from './space.js';

/** {@link CorralPruner.analyse}: no PI-corral, expand every push. */
export const NO_CORRAL = -1;
/** {@link CorralPruner.analyse}: a corral no push can ever open: the state is a deadlock. */
export const CORRAL_DEADLOCK = -2;

/**
 * PI-corral pruning (Damgaard; the "pushes-inside" corral of YASS and Festival). A corral is a part
 * of the board the player cannot reach: here a group of unreachable free areas, merged when a box
 * that the player cannot touch separates them, with the boxes around it (its boundary). When
 *
 * - no boundary box can ever be pushed anywhere but into the corral before some boundary box moves
 *   (I: every other push is blocked by a wall, another boundary box, a dead square, or needs the
 *   player inside the corral), and
 * - every push of a boundary box into the corral is possible now (P: the player reaches its side), and
 * - the corral is not finished (a boundary box off its goal, or an empty goal inside),
 *
 * then some solution (if any) starts with one of those pushes: any solution must push a boundary box
 * at some time, the first such push goes into the corral (I), was already possible now (P), and the
 * pushes before it happen outside and stay legal when it moves first. Only those pushes need to be
 * expanded — the same push count, so this keeps push-optimality too. A PI-corral with no push at
 * all is a corral deadlock. Among several PI-corrals the one with the fewest pushes is chosen.
 *
 * The conditions are checked conservatively (a box outside the boundary may move away later, so it
 * never counts as blocking): the pruning only ever removes pushes that the argument above covers.
 */
export class CorralPruner {
  /** The pushes (box cell × 4 + direction) to expand after {@link analyse} returned ≥ 0. */
  readonly pushes: Int32Array;
  private readonly sp: Space;
  private readonly floor: Int32Array;
  /** Area id per free unreachable cell, valid where `areaStamp` is this call's epoch. */
  private readonly area: Int32Array;
  private readonly areaStamp: Int32Array;
  private readonly boundaryStamp: Int32Array;
  /** The area floods (its own: the Space's search holds the player's region). */
  private readonly search: CellSearch;
  private areaParent = new Int32Array(64);
  private areaGoal = new Uint8Array(64);
  /** Boundary pairs (area root, box) as linked lists per root. */
  private pairHead = new Int32Array(64);
  private pairNext = new Int32Array(256);
  private pairBox = new Int32Array(256);
  private epoch = 0;
  private boundaryEpoch = 0;
  private readonly candidate: Int32Array;
  private readonly boundary: Int32Array;
  /** Boxes in `boundary` after the last piPushes. */
  private boundarySize = 0;

  /**
   * Whether an empty goal inside a corral makes it unfinished: true when every goal needs a box.
   * A search over fewer boxes than goals (a proof that some boxes alone are dead) sets it false:
   * there only a boundary box off its goal makes a corral unfinished.
   */
  emptyGoalsMatter = true;

  constructor(sp: Space) {
    this.sp = sp;
    const floor: number[] = [];
    for (let c = 0; c < sp.size; c++) if (!sp.wall[c]) floor.push(c);
    this.floor = Int32Array.from(floor);
    this.area = new Int32Array(sp.size);
    this.areaStamp = new Int32Array(sp.size);
    this.boundaryStamp = new Int32Array(sp.size);
    this.search = new CellSearch(sp.width, sp.size / sp.width);
    this.pushes = new Int32Array(floor.length * 4);
    this.candidate = new Int32Array(floor.length * 4);
    this.boundary = new Int32Array(floor.length);
  }

  /**
   * An extra deadlock test for unfinished corrals (the fast mode's {@link CorralDeadlocks}): given
   * the corral's boundary boxes and a test for its cells, true when the position is dead. Null: none.
   */
  deadlockTest: ((boxes: Int32Array, n: number, inside: (c: number) => boolean) => boolean) | null =
    null;

  /**
   * When no area alone is a PI-corral with one push, also test areas joined across touchable boxes
   * (sound, but more work a state; the fast mode's choice).
   */
  mergeAcross = false;

  private testedRoot = -1;
  private readonly insideTested = (c: number): boolean => {
    const x = this.areaAt(c);
    return x >= 0 && this.root(x) === this.testedRoot;
  };

  /**
   * Looks for a PI-corral in the state `occ` (box flags) whose player region is the one saved by the
   * last `sp.markRegion()`. Returns {@link NO_CORRAL}, {@link CORRAL_DEADLOCK}, or the number of
   * pushes written to {@link pushes} (the only ones to expand).
   */
  analyse(occ: Uint8Array): number {
    const areas = this.labelAreas(occ);
    if (areas === 0) return NO_CORRAL;
    if (this.deadlockTest && this.listPairs(occ, areas) > 0 && this.areaDeadlock(areas)) {
      return CORRAL_DEADLOCK;
    }
    this.mergeUntouchable(occ);
    if (this.listPairs(occ, areas) === 0) return NO_CORRAL;
    const best = this.bestCorral(occ, areas, null, NO_CORRAL);
    if (best === CORRAL_DEADLOCK || best === 1) return best;
    // Then with the areas that share a boundary box joined too: a box the player touches may stand
    // between two parts of one corral (a pocket behind it that no push can open either).
    if (!this.mergeAcross) return best;
    const before = this.rootsBefore(areas);
    if (!this.mergeAcrossBoxes(occ)) return best;
    this.listPairs(occ, areas);
    return this.bestCorral(occ, areas, before, best);
  }

  /**
   * The PI-corral with the fewest pushes among the merged areas (written to {@link pushes}) if it
   * has fewer than `bestSoFar` (the count already there, or NO_CORRAL), {@link CORRAL_DEADLOCK}, or
   * `bestSoFar`. With `before` (each area's root before the last
   * merge), only merged areas that joined several earlier ones are tested.
   */
  private bestCorral(
    occ: Uint8Array,
    areas: number,
    before: Int32Array | null,
    bestSoFar: number,
  ): number {
    // an empty goal in any part makes the merged area unfinished
    for (let a = 0; a < areas; a++) if (this.areaGoal[a]) this.areaGoal[this.root(a)] = 1;
    let best = bestSoFar;
    for (let a = 0; a < areas; a++) {
      if (this.root(a) !== a) continue;
      if (before && !this.joinedSeveral(a, areas, before)) continue;
      const n = this.piPushes(occ, a);
      if (n === 0) return CORRAL_DEADLOCK;
      if (n !== FINISHED && this.deadlockTest) {
        this.testedRoot = a;
        if (this.deadlockTest(this.boundary, this.boundarySize, this.insideTested))
          return CORRAL_DEADLOCK;
      }
      if (n < 0) continue;
      if (best < 0 || n < best) {
        best = n;
        this.pushes.set(this.candidate.subarray(0, n));
      }
    }
    return best;
  }

  /**
   * {@link deadlockTest} on each unfinished area alone (before any merge), with the boxes next to it:
   * a pocket that two boxes shut for good stays visible even when a merge would join it to more.
   */
  private areaDeadlock(areas: number): boolean {
    for (let a = 0; a < areas; a++) {
      if (!this.loadBoundary(a) || this.boundarySize === 0) continue;
      this.testedRoot = a;
      if (this.deadlockTest!(this.boundary, this.boundarySize, this.insideTested)) return true;
    }
    return false;
  }

  /**
   * Writes area `a`'s boundary boxes (the pairs listed for it) to `boundary`, stamped with a fresh
   * `boundaryEpoch`, and their number to `boundarySize`. True when the area is unfinished: an empty
   * goal inside or a boundary box off its goal.
   */
  private loadBoundary(a: number): boolean {
    const { sp, boundaryStamp, boundary } = this;
    const e = ++this.boundaryEpoch;
    let unfinished = this.emptyGoalsMatter && this.areaGoal[a] === 1; // an empty goal inside
    let size = 0;
    for (let i = this.pairHead[a]!; i >= 0; i = this.pairNext[i]!) {
      const b = this.pairBox[i]!;
      boundaryStamp[b] = e;
      boundary[size++] = b;
      if (!sp.goal[b]) unfinished = true;
    }
    this.boundarySize = size;
    return unfinished;
  }

  /** Each area's current root. */
  private rootsBefore(areas: number): Int32Array {
    const before = new Int32Array(areas);
    for (let a = 0; a < areas; a++) before[a] = this.root(a);
    return before;
  }

  /** True when the areas now under root `r` had more than one root in `before`. */
  private joinedSeveral(r: number, areas: number, before: Int32Array): boolean {
    let first = -1;
    for (let a = 0; a < areas; a++) {
      if (this.root(a) !== r) continue;
      if (first < 0) first = before[a]!;
      else if (before[a] !== first) return true;
    }
    return false;
  }

  /** Labels the connected free cells outside the player's region; returns how many areas. */
  private labelAreas(occ: Uint8Array): number {
    const { sp, floor, area, areaStamp, search } = this;
    const e = ++this.epoch;
    let areas = 0;
    for (const c of floor) {
      if (occ[c] || areaStamp[c] === e || sp.isMarked(c)) continue;
      const id = areas++;
      if (id >= this.areaParent.length) this.growAreas();
      this.areaParent[id] = id;
      this.areaGoal[id] = 0;
      // walls and boxes block; the player's region is walled off by boxes, so it is never entered
      const n = search.floodLayers(c, sp.wall, 1, occ);
      const cells = search.order;
      for (let i = 0; i < n; i++) {
        const x = cells[i]!;
        areaStamp[x] = e;
        area[x] = id;
        if (sp.goal[x]) this.areaGoal[id] = 1;
      }
    }
    return areas;
  }

  private growAreas(): void {
    const n = this.areaParent.length * 2;
    const parent = new Int32Array(n);
    parent.set(this.areaParent);
    this.areaParent = parent;
    const goal = new Uint8Array(n);
    goal.set(this.areaGoal);
    this.areaGoal = goal;
  }

  private root(a: number): number {
    const parent = this.areaParent;
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  }

  /** Area of free unreachable cell `c` in this call, or -1. */
  private areaAt(c: number): number {
    return this.areaStamp[c] === this.epoch ? this.area[c]! : -1;
  }

  /** Merges areas separated only by boxes the player cannot touch. */
  private mergeUntouchable(occ: Uint8Array): void {
    const { sp, floor } = this;
    for (const b of floor) {
      if (!occ[b]) continue;
      let touchable = false;
      for (let d = 0; d < 4; d++) if (sp.isMarked(b + sp.off[d]!)) touchable = true;
      if (!touchable) this.joinAround(b);
    }
  }

  /** Merges the areas around every box (touchable or not); true when any two were joined. */
  private mergeAcrossBoxes(occ: Uint8Array): boolean {
    let joined = false;
    for (const b of this.floor) if (occ[b] && this.joinAround(b)) joined = true;
    return joined;
  }

  /** Joins the areas next to box `b`; true when two different ones were joined. */
  private joinAround(b: number): boolean {
    const { sp } = this;
    let first = -1;
    let joined = false;
    for (let d = 0; d < 4; d++) {
      const a = this.areaAt(b + sp.off[d]!);
      if (a < 0) continue;
      const r = this.root(a);
      if (first < 0) first = r;
      else if (r !== first) {
        this.areaParent[r] = first;
        joined = true;
      }
    }
    return joined;
  }

  /** Lists each merged area's boundary boxes (boxes next to it); returns the number of pairs. */
  private listPairs(occ: Uint8Array, areas: number): number {
    const { sp, floor } = this;
    if (this.pairHead.length < areas) this.pairHead = new Int32Array(areas * 2);
    this.pairHead.fill(-1, 0, areas);
    let pairs = 0;
    for (const b of floor) {
      if (!occ[b]) continue;
      let seen0 = -1;
      let seen1 = -1;
      let seen2 = -1;
      for (let d = 0; d < 4; d++) {
        const a = this.areaAt(b + sp.off[d]!);
        if (a < 0) continue;
        const r = this.root(a);
        if (r === seen0 || r === seen1 || r === seen2) continue;
        if (seen0 < 0) seen0 = r;
        else if (seen1 < 0) seen1 = r;
        else seen2 = r;
        if (pairs >= this.pairBox.length) {
          const box = new Int32Array(pairs * 2);
          box.set(this.pairBox);
          this.pairBox = box;
          const next = new Int32Array(pairs * 2);
          next.set(this.pairNext);
          this.pairNext = next;
        }
        this.pairBox[pairs] = b;
        this.pairNext[pairs] = this.pairHead[r]!;
        this.pairHead[r] = pairs++;
      }
    }
    return pairs;
  }

  /**
   * For merged area `a`: the number of pushes into it written to `candidate` when it is an unfinished
   * PI-corral, FINISHED when it is finished, else -1 (its boxes are in `boundary` either way). A push that spoils the test only because another box stands at its player
   * side or target takes that box into the boundary (up to {@link MAX_EXTRA_BOXES}) and the test
   * starts over: a box that only boundary boxes and walls hold is as good as a wall, which finds
   * corral deadlocks that a box outside the corral keeps shut.
   */
  private piPushes(occ: Uint8Array, a: number): number {
    const { sp, boundaryStamp, boundary } = this;
    if (!this.loadBoundary(a)) return FINISHED;
    const e = this.boundaryEpoch;
    let size = this.boundarySize;
    this.testedRoot = a;
    const inside = this.insideTested;
    const firstSize = size;
    scan: for (;;) {
      let n = 0;
      for (let i = 0; i < size; i++) {
        const b = boundary[i]!;
        for (let d = 0; d < 4; d++) {
          const o = sp.off[d]!;
          const p = b - o;
          const t = b + o;
          // impossible until a boundary box moves: the player's side is a wall, a boundary box or
          // inside; the target a wall, a boundary box or a dead square
          if (sp.wall[p] || boundaryStamp[p] === e || inside(p)) continue;
          if (sp.wall[t] || boundaryStamp[t] === e || sp.dead[t]) continue;
          if (inside(t) && sp.isMarked(p)) {
            this.candidate[n++] = b * 4 + d;
            continue;
          }
          // I fails (a push that keeps the corral shut) or P fails (a push in, not possible yet)
          const blocker = occ[p] ? p : occ[t] && !inside(t) ? t : -1;
          if (blocker < 0 || size - firstSize >= MAX_EXTRA_BOXES) {
            this.boundarySize = size;
            return -1;
          }
          boundaryStamp[blocker] = e;
          boundary[size++] = blocker;
          continue scan;
        }
      }
      this.boundarySize = size;
      return n;
    }
  }
}

/** piPushes: the corral is finished (boxes on goals all round, no empty goal inside). */
const FINISHED = -3;

/** Most boxes outside a corral that its test may take into the boundary. */
const MAX_EXTRA_BOXES = 6;
