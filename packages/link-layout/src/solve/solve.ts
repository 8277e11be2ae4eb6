import { InvalidInputError } from '@puzzlekit/errors';
import { computeSegments, unpad, type Engine } from '../engine.js';
import { createLister, type PairLister } from '../link/lister.js';
import { loadBoard } from '../link/load.js';
import { pathBetween } from '../link/path.js';
import { removeAndSettle } from '../link/play.js';
import type { Board, Cell, Move, RuleOptions } from '../model.js';

/** Options of {@link solveBoard}. */
export interface SolveOptions extends RuleOptions {
  /** Search nodes before giving up with status `unknown` (default 200 000). Deterministic. */
  readonly nodeBudget?: number;
  /**
   * Wall-clock limit in milliseconds (default none). Unlike the node budget it depends on the
   * machine, so use it for interactive tools, not for reproducible results. It is checked at every
   * node, so it also bounds huge boards where one node costs milliseconds.
   */
  readonly timeLimitMs?: number;
  /**
   * Memory the search may keep, in bytes (default 256 MiB): the open branches of the current line
   * of play and the table of refuted positions. When the table is full it stops growing (the search
   * stays exact, only slower); when the open branches alone would pass the bound the search gives up
   * with reason `memory`. Deterministic.
   */
  readonly memoryBytes?: number;
  /** Called now and then (at most every 100 ms) with the nodes used so far and the node budget. */
  readonly onProgress?: (nodes: number, nodeBudget: number) => void;
}

/** What the solver decided. */
export type SolveStatus = 'solved' | 'unsolvable' | 'unknown';

/** Why a search stopped undecided. */
export type GiveUpReason = 'node budget' | 'time limit' | 'memory';

/** The solver's answer with its proof. */
export interface SolveResult {
  /** `solved`: `solution` clears the board; `unsolvable`: the search was exhaustive; `unknown`: a budget ran out. */
  readonly status: SolveStatus;
  /** True, false, or null when undecided. */
  readonly solvable: boolean | null;
  /** A removal sequence that clears the board (cells as they are when each move is played), or null. */
  readonly solution: readonly Move[] | null;
  /** Search nodes used. */
  readonly nodes: number;
  /** Why the search stopped undecided: `node budget`, `time limit` or `memory`. */
  readonly reason?: GiveUpReason;
  /** The bound that was hit, in words (`200000 nodes`, `1000 ms`, `268435456 bytes`). */
  readonly bound?: string;
}

const DEFAULT_NODE_BUDGET = 200_000;
const DEFAULT_MEMORY = 256 * 1024 * 1024;

class Budget extends Error {
  constructor(
    readonly why: GiveUpReason,
    readonly bound: string,
  ) {
    super(why);
  }
}

function checkSolveOptions(options: SolveOptions): {
  budget: number;
  limit: number | undefined;
  memory: number;
} {
  const budget = options.nodeBudget ?? DEFAULT_NODE_BUDGET;
  if (!Number.isSafeInteger(budget) || budget < 1)
    throw new InvalidInputError(`nodeBudget must be a positive integer, got ${budget}`, {
      path: '$.nodeBudget',
    });
  const limit = options.timeLimitMs;
  if (limit !== undefined && !(limit > 0 && limit <= Number.MAX_SAFE_INTEGER))
    throw new InvalidInputError(`timeLimitMs must be a positive number, got ${limit}`, {
      path: '$.timeLimitMs',
    });
  const memory = options.memoryBytes ?? DEFAULT_MEMORY;
  if (!Number.isSafeInteger(memory) || memory < 1)
    throw new InvalidInputError(`memoryBytes must be a positive integer, got ${memory}`, {
      path: '$.memoryBytes',
    });
  return { budget, limit, memory };
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
  /** Bytes this frame holds (for the memory bound). */
  readonly bytes: number;
}

/**
 * Decides whether the board can be cleared and returns the proof: a removal sequence, or an
 * exhaustive search that found none.
 *
 * The search is a depth-first search over sets of removed tiles (a bigint key: with or without
 * gravity the position after a set of removals does not depend on their order, because falling
 * tiles keep their order), with a memo of dead states. It runs on an explicit stack, so its depth is
 * not bounded by the call stack, and its setup is proportional to the board. Without gravity it
 * also uses the fact that a playable pair stays playable (removals only empty cells), so only the
 * pairing matters:
 *  - forced moves: when a face can be cleared right now — its playable pairs match all its
 *    remaining tiles (exactly for two and four, by a greedy matching for more), or a playable pair
 *    leaves the face's other two tiles linked — its tiles are removed at once without branching.
 *    It cannot hurt: any solution stays a solution when a face's tiles go early, because the
 *    other moves only gain empty cells;
 *  - sleep sets: once a move was tried and failed at a node, sibling branches never play it (it
 *    would stay playable, and playing it later reaches a state the failed branch already covered).
 * With gravity neither holds, and the search branches on every playable pair.
 *
 * @throws InvalidInputError on a malformed board (odd face counts, not at rest under gravity) or
 *   bad budgets.
 */
export function solveBoard(board: Board, options: SolveOptions = {}): SolveResult {
  const { budget, limit, memory } = checkSolveOptions(options);
  const loaded = loadBoard(board, options);
  return new Search(loaded, budget, limit, memory, options.onProgress).run();
}

/** Manhattan distance between padded cells. */
function distance(pw: number, a: number, b: number): number {
  return Math.abs(Math.floor(a / pw) - Math.floor(b / pw)) + Math.abs((a % pw) - (b % pw));
}

/** The state of one solver run; `run` walks the search tree on an explicit stack. */
class Search {
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
  private readonly deadEntryBytes: number;
  /** The moves played on the current line (padded cells), forced ones included. */
  private readonly movesA: number[] = [];
  private readonly movesB: number[] = [];
  /** Tile ids of forced removals, in pairs, for undo. */
  private readonly forcedT: number[] = [];
  /** Gravity undo log: tiles that fell, as (from, to) pairs. */
  private readonly fallLog: number[] = [];
  private readonly logFall = (from: number, to: number): void => {
    this.fallLog.push(from, to);
  };
  /** Forced-move scan scratch: playable pairs grouped by face. */
  private readonly faceFirst: Int32Array;
  private nextPair: Int32Array;
  private nodes = 0;
  private frameBytes = 0;
  private readonly deadline: number;
  private lastReport: number;

  constructor(
    loaded: ReturnType<typeof loadBoard>,
    private readonly budget: number,
    private readonly limit: number | undefined,
    private readonly memory: number,
    private readonly onProgress: SolveOptions['onProgress'],
  ) {
    const { e, faceOf, tiles, maxFace, gravity } = loaded;
    this.e = e;
    this.grid = e.grid;
    this.faceOf = faceOf;
    this.tiles = tiles;
    this.maxFace = maxFace;
    this.gravity = gravity;
    this.still = gravity === 'none';
    this.lister = createLister(e, maxFace);
    this.pos = new Int32Array(tiles);
    for (let i = 0; i < e.size; i++) if (this.grid[i]! > 0) this.pos[this.grid[i]! - 1] = i;
    this.remaining = new Int32Array(maxFace + 1);
    for (let t = 0; t < tiles; t++) this.remaining[faceOf[t]!]!++;
    this.left = tiles;
    this.faceStart = new Int32Array(maxFace + 2);
    for (let t = 0; t < tiles; t++) this.faceStart[faceOf[t]! + 1]!++;
    for (let f = 1; f <= maxFace + 1; f++) this.faceStart[f]! += this.faceStart[f - 1]!;
    this.faceTiles = new Int32Array(tiles);
    const fill = this.faceStart.slice();
    for (let t = 0; t < tiles; t++) this.faceTiles[fill[faceOf[t]!]!++] = t;
    this.faceFirst = new Int32Array(maxFace + 1);
    this.nextPair = new Int32Array(64);
    // A key holds one bit per tile; a Set entry costs about that plus its bookkeeping.
    this.deadEntryBytes = Math.ceil(tiles / 8) + 64;
    this.deadRoom = Math.floor(memory / 2 / this.deadEntryBytes);
    const now = performance.now();
    this.deadline = limit === undefined ? Infinity : now + limit;
    this.lastReport = now;
  }

  run(): SolveResult {
    const stack: Frame[] = [];
    try {
      let solved = false;
      const root = this.enter(0n, []);
      if (root === true) solved = true;
      else if (root !== false) stack.push(root);
      while (!solved && stack.length > 0) {
        const f = stack[stack.length - 1]!;
        if (f.childCode >= 0) this.backFromChild(f);
        const child = this.nextChild(f);
        if (child === null) {
          this.refute(f.key);
          this.undoForced(f.forcedCount);
          this.frameBytes -= f.bytes;
          stack.pop();
        } else if (child === true) solved = true;
        else if (child !== false) stack.push(child);
        // child === false: the child was refuted at once; the next turn undoes it.
      }
      if (!solved)
        return { status: 'unsolvable', solvable: false, solution: null, nodes: this.nodes };
    } catch (err) {
      if (err instanceof Budget)
        return {
          status: 'unknown',
          solvable: null,
          solution: null,
          nodes: this.nodes,
          reason: err.why,
          bound: err.bound,
        };
      throw err;
    }
    // Without gravity the padded positions are fixed; with gravity they were recorded at the time
    // of each move, which is what the player sees.
    const solution: Move[] = this.movesA.map(
      (a, i) => [unpad(this.e, a), unpad(this.e, this.movesB[i]!)] as Move,
    );
    return { status: 'solved', solvable: true, solution, nodes: this.nodes };
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
      }
      grid[a] = ta + 1;
      grid[b] = tb + 1;
      this.remaining[this.faceOf[ta]!]! += 2;
      this.left += 2;
      this.movesA.pop();
      this.movesB.pop();
    }
    f.tried.push(f.childCode);
    f.childCode = -1;
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
    if (this.still) {
      this.grid[a] = 0;
      this.grid[b] = 0;
    } else removeAndSettle(this.e, a, b, this.gravity, this.logFall);
  }

  /** Puts back tiles ta, tb at padded a, b (no gravity: tiles never move). */
  private undoStill(a: number, b: number, ta: number, tb: number): void {
    this.grid[a] = ta + 1;
    this.grid[b] = tb + 1;
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

  private tick(): void {
    this.nodes++;
    if (this.nodes > this.budget) throw new Budget('node budget', `${this.budget} nodes`);
    this.checkTime();
  }

  /** Time limit and progress; also called between rounds of forced moves (one round lists every pair). */
  private checkTime(): void {
    const now = performance.now();
    if (now > this.deadline) throw new Budget('time limit', `${Math.round(this.limit!)} ms`);
    if (this.onProgress && now - this.lastReport >= 100) {
      this.lastReport = now;
      this.onProgress(this.nodes, this.budget);
    }
  }

  /**
   * Enters a node: applies its forced moves, then either decides it (true: the board is clear;
   * false: refuted, forced moves undone) or returns the frame of its branches.
   */
  private enter(key: bigint, sleep: readonly number[]): Frame | boolean {
    this.tick();
    const forcedBase = this.forcedT.length;
    let n: number;
    for (;;) {
      if (this.left === 0) return true;
      computeSegments(this.e);
      n = this.lister.list(this.faceOf);
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
    const bytes = 8 * n + 16 * sleep.length + 256;
    this.frameBytes += bytes;
    if (this.frameBytes > this.memory / 2) throw new Budget('memory', `${this.memory} bytes`);
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
      bytes,
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

/** A hint: a playable pair after which the board can still be cleared. */
export interface HintResult {
  /** `hint`: `move` keeps the board solvable; `deadlock`: no pair is playable; `unsolvable`: pairs are playable but every line of play fails; `unknown`: the budget ran out; `cleared`: no tiles left. */
  readonly status: 'hint' | 'deadlock' | 'unsolvable' | 'unknown' | 'cleared';
  /** The pair to play. */
  readonly move: Move | null;
  /** Its link path (turning points, ring cells outside the board). */
  readonly path: readonly Cell[] | null;
  /** Search nodes used. */
  readonly nodes: number;
  /** With status `unknown`: which bound was hit and its value. */
  readonly reason?: GiveUpReason;
  readonly bound?: string;
}

/**
 * A pair that keeps the board solvable (not merely a playable pair): the first move of a solution
 * found by {@link solveBoard}, with its path.
 */
export function hintMove(board: Board, options: SolveOptions = {}): HintResult {
  if (!board.cells.some((v) => v > 0))
    return { status: 'cleared', move: null, path: null, nodes: 0 };
  const r = solveBoard(board, options);
  const { e, faceOf, maxFace } = loadBoard(board, options);
  if (r.status === 'solved') {
    const move = r.solution![0]!;
    const pa = (move[0][0] + 1) * e.pw + move[0][1] + 1;
    const pb = (move[1][0] + 1) * e.pw + move[1][1] + 1;
    const path = pathBetween(e, pa, pb)!.map((i) => unpad(e, i));
    return { status: 'hint', move, path, nodes: r.nodes };
  }
  if (r.status === 'unknown')
    return {
      status: 'unknown',
      move: null,
      path: null,
      nodes: r.nodes,
      reason: r.reason!,
      bound: r.bound!,
    };
  computeSegments(e);
  const stuck = createLister(e, maxFace).list(faceOf) === 0;
  return { status: stuck ? 'deadlock' : 'unsolvable', move: null, path: null, nodes: r.nodes };
}
