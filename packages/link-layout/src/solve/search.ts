// The exact solver's search: a depth-first search over sets of removed tiles on an explicit stack,
// with a memo of refuted positions, forced moves and sleep sets (see solveBoard for the reasoning).
// It runs on an engine the caller loaded, so rating and hints reuse one engine for many searches.
import { IMPOSSIBLE, SOLVED, type Bound, type Outcome } from '@puzzlekit/job';
import { computeSegments, segmentColumn, segmentRow, type Engine } from '../engine.js';
import { createLister, type PairLister } from '../link/lister.js';
import type { Loaded } from '../link/load.js';
import { pathBetween } from '../link/path.js';
import { removeAndSettle } from '../link/play.js';
import type { RuleOptions } from '../model.js';
import type { SolveBounds } from './budget.js';

/** Thrown inside the search when a bound is spent; `run` turns it into a gave-up outcome. */
class GaveUp extends Error {
  constructor(readonly bound: Bound) {
    super(bound);
  }
}

/** What one search run found: the outcome, the line of play when solved (padded cells), nodes spent. */
export interface SearchRun {
  readonly outcome: Outcome;
  /** Padded cells of each move of the solution, in play order (empty unless solved). */
  readonly movesA: readonly number[];
  readonly movesB: readonly number[];
  readonly nodes: number;
  /** Playable pairs of the start position (0: a deadlock), from the first listing. */
  readonly startPairs: number;
}

/** One open node of the depth-first search: its branches and the child being explored. */
interface Frame {
  /** The removed-tile set after this node's forced moves (the memo key). */
  readonly key: bigint;
  /** Forced removals this node made (tile ids pushed on the forced log). */
  readonly forcedCount: number;
  /** Moves asleep at this node (pair codes), and moves already refuted here. */
  readonly sleep: readonly number[];
  readonly asleep: Set<number>;
  readonly tried: number[];
  /** Branches (padded cells), best first, and the next one to try. */
  readonly ca: Int32Array;
  readonly cb: Int32Array;
  next: number;
  /** The child being explored: its tiles, pair code and where its gravity log starts. */
  childA: number;
  childB: number;
  childTa: number;
  childTb: number;
  childCode: number;
  childLog: number;
}

/** Manhattan distance between padded cells. */
function distance(pw: number, a: number, b: number): number {
  return Math.abs(Math.floor(a / pw) - Math.floor(b / pw)) + Math.abs((a % pw) - (b % pw));
}

/**
 * The state of one solver run; `run` walks the search tree on an explicit stack. The search starts
 * from the engine's current grid (tiles already gone count as removed) and puts the grid back as it
 * found it when it returns, whatever the outcome.
 */
export class Search {
  private readonly e: Engine;
  private readonly grid: Int32Array;
  private readonly faceOf: Int32Array;
  private readonly tiles: number;
  private readonly maxFace: number;
  private readonly still: boolean;
  private readonly gravity: RuleOptions['gravity'];
  private readonly lister: PairLister;
  /** Padded cell of each tile (fixed without gravity, the only case where it is read). */
  private readonly pos: Int32Array;
  /** Tiles of each face still on the board, and the tile ids of each face. */
  private readonly remaining: Int32Array;
  private readonly faceStart: Int32Array;
  private readonly faceTiles: Int32Array;
  private left: number;
  /** Refuted positions, and how many more the memory bound lets the table take. */
  private readonly dead = new Set<bigint>();
  private deadRoom: number;
  /** The moves played on the current line (padded cells), forced ones included. */
  private readonly movesA: number[] = [];
  private readonly movesB: number[] = [];
  /** Tile ids of forced removals, in pairs, for undo. */
  private readonly forcedT: number[] = [];
  /** Gravity undo log: tiles that fell, as (from, to) pairs. */
  private readonly fallLog: number[] = [];
  private readonly logFall = (from: number, to: number): void => {
    this.fallLog.push(from, to);
    this.touch(from);
    this.touch(to);
  };
  /**
   * Rows and columns whose cells changed since the runs of empty cells were last computed: a node
   * recomputes only those (a move changes two rows and two columns, plus the cells gravity moved),
   * not the whole board — on 100×100 the full recomputation was a sixth of each node's time.
   */
  private readonly rowDirty: Uint8Array;
  private readonly colDirty: Uint8Array;
  private readonly dirtyRows: number[] = [];
  private readonly dirtyCols: number[] = [];
  private segmentsFresh = false;
  /** Forced-move scan scratch: playable pairs grouped by face. */
  private readonly faceFirst: Int32Array;
  private nextPair: Int32Array;
  /** Pending branches on the open line (the states the memory bound counts). */
  private pending = 0;
  private startPairs = -1;

  constructor(
    loaded: Loaded,
    private readonly bounds: SolveBounds,
    lister?: PairLister,
  ) {
    const { e, faceOf, tiles, maxFace, gravity } = loaded;
    this.e = e;
    this.grid = e.grid;
    this.faceOf = faceOf;
    this.tiles = tiles;
    this.maxFace = maxFace;
    this.gravity = gravity;
    this.still = gravity === 'none';
    this.lister = lister ?? createLister(e, maxFace);
    // Tiles present now (a caller may hand over a position part-way through play).
    this.pos = new Int32Array(tiles);
    this.remaining = new Int32Array(maxFace + 1);
    this.left = 0;
    for (let i = 0; i < e.size; i++) {
      const v = this.grid[i]!;
      if (v <= 0) continue;
      this.pos[v - 1] = i;
      this.remaining[faceOf[v - 1]!]!++;
      this.left++;
    }
    this.faceStart = new Int32Array(maxFace + 2);
    for (let t = 0; t < tiles; t++) this.faceStart[faceOf[t]! + 1]!++;
    for (let f = 1; f <= maxFace + 1; f++) this.faceStart[f]! += this.faceStart[f - 1]!;
    this.faceTiles = new Int32Array(tiles);
    const fill = this.faceStart.slice();
    for (let t = 0; t < tiles; t++) this.faceTiles[fill[faceOf[t]!]!++] = t;
    this.faceFirst = new Int32Array(maxFace + 1);
    this.nextPair = new Int32Array(64);
    this.rowDirty = new Uint8Array(e.ph);
    this.colDirty = new Uint8Array(e.pw);
    // A key holds one bit per tile; a Set entry costs about that plus its bookkeeping.
    this.deadRoom = Math.floor(bounds.memoBytes / (Math.ceil(tiles / 8) + 64));
  }

  private get nodes(): number {
    return this.bounds.meter.work;
  }

  /** Searches from the current grid; the grid is as it was when this returns. */
  run(): SearchRun {
    const start = this.grid.slice();
    try {
      const outcome = this.walk();
      return {
        outcome,
        movesA: this.movesA.slice(),
        movesB: this.movesB.slice(),
        nodes: this.nodes,
        startPairs: this.startPairs,
      };
    } catch (err) {
      if (!(err instanceof GaveUp)) throw err;
      const outcome = this.bounds.meter.gaveUp(err.bound);
      return { outcome, movesA: [], movesB: [], nodes: this.nodes, startPairs: this.startPairs };
    } finally {
      this.grid.set(start);
    }
  }

  /** The depth-first walk over frames; throws GaveUp when a bound is spent. */
  private walk(): Outcome {
    const stack: Frame[] = [];
    const root = this.enter(0n, []);
    if (root === true) return SOLVED;
    if (root !== false) stack.push(root);
    while (stack.length > 0) {
      const f = stack[stack.length - 1]!;
      if (f.childCode >= 0) this.backFromChild(f);
      const child = this.nextChild(f);
      if (child === null) {
        this.refute(f.key);
        this.undoForced(f.forcedCount);
        this.pending -= f.ca.length;
        stack.pop();
      } else if (child === true) return SOLVED;
      else if (child !== false) stack.push(child);
      // child === false: the child was refuted at once; the next turn undoes it.
    }
    return IMPOSSIBLE;
  }

  /** Plays the next branch of `f` that is not asleep; null when none is left. */
  private nextChild(f: Frame): Frame | boolean | null {
    const grid = this.grid;
    while (f.next < f.ca.length) {
      const k = f.next++;
      const a = f.ca[k]!;
      const b = f.cb[k]!;
      const ta = grid[a]! - 1;
      const tb = grid[b]! - 1;
      const code = ta < tb ? ta * this.tiles + tb : tb * this.tiles + ta;
      if (this.still && f.asleep.has(code)) continue;
      const childSleep: number[] = [];
      if (this.still) {
        for (const z of f.sleep) if (!this.touches(z, ta, tb)) childSleep.push(z);
        for (const z of f.tried) if (!this.touches(z, ta, tb)) childSleep.push(z);
      }
      f.childA = a;
      f.childB = b;
      f.childTa = ta;
      f.childTb = tb;
      f.childCode = code;
      f.childLog = this.fallLog.length;
      this.take(a, b);
      return this.enter(f.key ^ (1n << BigInt(ta)) ^ (1n << BigInt(tb)), childSleep);
    }
    return null;
  }

  /** Undoes the child move of `f` after its subtree failed and puts it to sleep for the siblings. */
  private backFromChild(f: Frame): void {
    const { childA: a, childB: b, childTa: ta, childTb: tb } = f;
    if (this.still) this.undoStill(a, b, ta, tb);
    else {
      const grid = this.grid;
      const log = this.fallLog;
      while (log.length > f.childLog) {
        const to = log.pop()!;
        const from = log.pop()!;
        grid[from] = grid[to]!;
        grid[to] = 0;
        this.touch(from);
        this.touch(to);
      }
      // With the fallen tiles back where they were, the pair's cells are free again.
      this.undoStill(a, b, ta, tb);
    }
    f.tried.push(f.childCode);
    f.childCode = -1;
  }

  /** Notes that padded cell i changed: its row's and column's runs need recomputing. */
  private touch(i: number): void {
    const pw = this.e.pw;
    const r = Math.floor(i / pw);
    const c = i - r * pw;
    if (this.rowDirty[r] === 0) {
      this.rowDirty[r] = 1;
      this.dirtyRows.push(r);
    }
    if (this.colDirty[c] === 0) {
      this.colDirty[c] = 1;
      this.dirtyCols.push(c);
    }
  }

  /** Brings the runs of empty cells up to date: all of them once, then the changed lines only. */
  private refreshSegments(): void {
    const { e, dirtyRows, dirtyCols, rowDirty, colDirty } = this;
    if (!this.segmentsFresh) {
      computeSegments(e);
      this.segmentsFresh = true;
    } else {
      for (const r of dirtyRows) segmentRow(e, r);
      for (const c of dirtyCols) segmentColumn(e, c);
    }
    for (const r of dirtyRows) rowDirty[r] = 0;
    for (const c of dirtyCols) colDirty[c] = 0;
    dirtyRows.length = 0;
    dirtyCols.length = 0;
  }

  private touches(z: number, ta: number, tb: number): boolean {
    const x = Math.floor(z / this.tiles);
    const y = z % this.tiles;
    return x === ta || x === tb || y === ta || y === tb;
  }

  /** Removes the tiles at padded a, b (with gravity, logs every tile that falls). */
  private take(a: number, b: number): void {
    const fa = this.faceOf[this.grid[a]! - 1]!;
    this.movesA.push(a);
    this.movesB.push(b);
    this.remaining[fa]! -= 2;
    this.left -= 2;
    this.touch(a);
    this.touch(b);
    if (this.still) {
      this.grid[a] = 0;
      this.grid[b] = 0;
    } else removeAndSettle(this.e, a, b, this.gravity, this.logFall);
  }

  /** Puts back tiles ta, tb at padded a, b (with gravity, once the tiles that fell are back). */
  private undoStill(a: number, b: number, ta: number, tb: number): void {
    this.grid[a] = ta + 1;
    this.grid[b] = tb + 1;
    this.touch(a);
    this.touch(b);
    this.remaining[this.faceOf[ta]!]! += 2;
    this.left += 2;
    this.movesA.pop();
    this.movesB.pop();
  }

  private undoForced(count: number): void {
    for (let k = 0; k < count; k += 2) {
      const tb = this.forcedT.pop()!;
      const ta = this.forcedT.pop()!;
      this.undoStill(this.pos[ta]!, this.pos[tb]!, ta, tb);
    }
  }

  private refute(key: bigint): void {
    if (this.deadRoom > 0 && !this.dead.has(key)) {
      this.dead.add(key);
      this.deadRoom--;
    }
  }

  /** One node against the budget (the meter reads the clock at every node, and reports progress). */
  private tick(): void {
    const bound = this.bounds.meter.spend();
    if (bound !== null) throw new GaveUp(bound);
  }

  /** The time limit between rounds of forced moves (one round lists every pair). */
  private checkTime(): void {
    if (this.bounds.meter.timeUp()) throw new GaveUp('time');
  }

  /**
   * Enters a node: applies its forced moves, then either decides it (true: the board is clear;
   * false: refuted, forced moves undone) or returns the frame of its branches.
   */
  private enter(key: bigint, sleep: readonly number[]): Frame | boolean {
    // A position refuted before is dropped before it costs a node or a listing of every pair (as
    // the core depthFirstSearch does with its memo): with gravity, where many orders of removals
    // reach one position, this more than halved the solver's time on 18×8 boards.
    if (this.left > 0 && this.dead.has(key)) return false;
    this.tick();
    const forcedBase = this.forcedT.length;
    let n: number;
    for (;;) {
      if (this.left === 0) return true;
      this.refreshSegments();
      n = this.lister.list(this.faceOf);
      if (this.startPairs < 0) this.startPairs = n;
      if (!this.still || n === 0) break;
      const forced = this.forcedMoves(n);
      if (forced.length === 0) break;
      key = this.applyForced(key, forced);
      this.checkTime();
    }
    const forcedCount = this.forcedT.length - forcedBase;
    if (this.left === 0) return true;
    if (n === 0 || this.dead.has(key)) {
      if (n === 0) this.refute(key);
      this.undoForced(forcedCount);
      return false;
    }
    const { ca, cb } = this.branches(n);
    this.pending += n;
    if (this.bounds.meter.storesTooMany(this.pending)) throw new GaveUp('memory');
    return {
      key,
      forcedCount,
      sleep,
      asleep: new Set(sleep),
      tried: [],
      ca,
      cb,
      next: 0,
      childA: -1,
      childB: -1,
      childTa: -1,
      childTb: -1,
      childCode: -1,
      childLog: 0,
    };
  }

  /** Removes forced pairs (padded cells, in pairs) that are still on the board; returns the new key. */
  private applyForced(key: bigint, forced: number[]): bigint {
    const grid = this.grid;
    for (let k = 0; k < forced.length; k += 2) {
      const a = forced[k]!;
      const b = forced[k + 1]!;
      if (grid[a]! > 0 && grid[b]! > 0 && this.movesA.length < this.tiles) {
        const ta = grid[a]! - 1;
        const tb = grid[b]! - 1;
        key ^= (1n << BigInt(ta)) ^ (1n << BigInt(tb));
        this.forcedT.push(ta, tb);
        this.take(a, b);
      }
    }
    return key;
  }

  /**
   * The playable pairs, closest first (Manhattan distance between the two tiles), then in listing
   * order. Deterministic. (Measured on random 18×8 deals against listing order, random order and
   * "leave the face's other two tiles close": nearest-first decided the most within a budget.)
   */
  private branches(n: number): { ca: Int32Array; cb: Int32Array } {
    const { a, b } = this.lister;
    const pw = this.e.pw;
    const order = new Float64Array(n);
    for (let k = 0; k < n; k++) order[k] = distance(pw, a[k]!, b[k]!) * n + k;
    order.sort();
    const ca = new Int32Array(n);
    const cb = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const k = order[i]! % n;
      ca[i] = a[k]!;
      cb[i] = b[k]!;
    }
    return { ca, cb };
  }

  /**
   * Forced removals of the current position (no gravity), as padded cells in pairs: for each face,
   * playable pairs that clear all its remaining tiles, or a pair after which its other two link.
   */
  private forcedMoves(n: number): number[] {
    const { grid, faceOf, lister: pairs, faceFirst, remaining } = this;
    if (this.nextPair.length < n)
      this.nextPair = new Int32Array(Math.max(n, 2 * this.nextPair.length));
    const nextPair = this.nextPair;
    const forced: number[] = [];
    faceFirst.fill(-1);
    for (let k = n - 1; k >= 0; k--) {
      const f = faceOf[grid[pairs.a[k]!]! - 1]!;
      nextPair[k] = faceFirst[f]!;
      faceFirst[f] = k;
    }
    for (let f = 1; f <= this.maxFace; f++) {
      const first = faceFirst[f]!;
      if (first < 0) continue;
      const cnt = remaining[f]!;
      if (cnt === 2) forced.push(pairs.a[first]!, pairs.b[first]!);
      else if (cnt === 4) this.forcedFour(f, first, forced);
      else if (cnt > 4) this.forcedMany(cnt, first, forced);
    }
    return forced;
  }

  /** Four tiles left: two disjoint playable pairs, or a pair after which the other two link. */
  private forcedFour(f: number, first: number, forced: number[]): void {
    const { grid, lister: pairs, nextPair } = this;
    const list: number[] = [];
    for (let k = first; k >= 0; k = nextPair[k]!) list.push(k);
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const a1 = pairs.a[list[i]!]!;
        const b1 = pairs.b[list[i]!]!;
        const a2 = pairs.a[list[j]!]!;
        const b2 = pairs.b[list[j]!]!;
        if (a1 !== a2 && a1 !== b2 && b1 !== a2 && b1 !== b2) {
          forced.push(a1, b1, a2, b2);
          return;
        }
      }
    for (const k of list) {
      const a1 = pairs.a[k]!;
      const b1 = pairs.b[k]!;
      let c = -1;
      let d = -1;
      for (let m = this.faceStart[f]!; m < this.faceStart[f + 1]!; m++) {
        const t = this.faceTiles[m]!;
        const p = this.pos[t]!;
        if (p === a1 || p === b1 || grid[p] !== t + 1) continue;
        if (c < 0) c = p;
        else d = p;
      }
      const ta = grid[a1]!;
      const tb = grid[b1]!;
      grid[a1] = 0;
      grid[b1] = 0;
      const links = pathBetween(this.e, c, d) !== null;
      grid[a1] = ta;
      grid[b1] = tb;
      if (links) {
        forced.push(a1, b1, c, d);
        return;
      }
    }
  }

  /** Many copies: a greedy matching that happens to cover every remaining tile is enough. */
  private forcedMany(cnt: number, first: number, forced: number[]): void {
    const { lister: pairs, nextPair } = this;
    const used = new Set<number>();
    const found: number[] = [];
    for (let k = first; k >= 0; k = nextPair[k]!) {
      const a1 = pairs.a[k]!;
      const b1 = pairs.b[k]!;
      if (used.has(a1) || used.has(b1)) continue;
      used.add(a1);
      used.add(b1);
      found.push(a1, b1);
      if (used.size === cnt) break;
    }
    if (used.size === cnt) forced.push(...found);
  }
}
