import { CellSearch } from '@puzzlekit/grid';
import { InvalidInputError } from '@puzzlekit/errors';
import { BudgetMeter, gaveUp, type Budget } from '@puzzlekit/job';
import {
  BOX,
  GOAL,
  WALL,
  directionOffsets,
  type Direction,
  type Level,
  type Push,
} from '../model.js';
import { memoryBytesOf } from './memory.js';
import { CutTree } from './cuttree.js';
import { solvedWith, unsolvedResult, type SolveResult } from './result.js';
import { runToEnd, type ResumableRun } from './run.js';
import { mix } from './store.js';

/** A cell's part of a state's hash (the XOR over its boxes' cells): the state store's mix. */
const cellHash = (cell: number): number => mix(0, cell);

/**
 * Push-optimal A* under the **line rule** of b and e levels (the rule their generator scrambles by):
 * a box sits between two pillars (or a pillar and the outer wall) at a cell with x+y odd, moves only
 * along its line (odd x: up/down; odd y: left/right), two pushes at a time from slot to slot, and every
 * state keeps all free squares connected. Boxes on one line cannot pass each other, so matching them
 * in order to the goals on their line gives an admissible bound, which makes this search fast.
 * Every line-rule answer is legal under standard rules, so its length is an upper bound on the
 * standard push optimum ({@link solve}); `optimal` here means optimal under the line rule.
 * Work unit: `nodes` (states expanded). Its stored states take at most `maxMemory` MB (default
 * `DEFAULT_SOLVE_MEMORY_MB`, 512); past that it gives up on `memory`.
 *
 * @throws InvalidInputError (code `NOT_LINE_LEVEL`) when a box or goal is not on a lattice slot,
 *   (code `INVALID_OPTION`) for a bad `maxMemory`.
 */
export function solveLines(
  level: Level,
  budget: Budget = {},
  options: { readonly maxMemory?: number } = {},
): SolveResult {
  const memoryBytes = memoryBytesOf(options.maxMemory);
  return solveLinesMetered(level, new BudgetMeter(budget, { unit: 'nodes' }), 1, memoryBytes);
}

/**
 * {@link solveLines} counting on a meter of the caller's (a share of a portfolio's budget). With
 * `weight` > 1 the search is weighted A* (pushes + weight × bound first): it reaches an answer far
 * sooner on large levels, which is then not claimed optimal (at most `weight` times the optimum).
 * `memoryBytes`: what its stored states may take (about; default unbounded but for the budget's
 * `maxStates`): past it the search gives up on `memory`.
 */
export function solveLinesMetered(
  level: Level,
  meter: BudgetMeter,
  weight = 1,
  memoryBytes = Infinity,
): SolveResult {
  return runToEnd(linesRun(level, meter, weight, Infinity, memoryBytes));
}

/**
 * {@link solveLinesMetered} as a {@link ResumableRun}, so that the fast mode interleaves it with its
 * other searches by work.
 *
 * @throws InvalidInputError (code `NOT_LINE_LEVEL`) at the first step, when a box or goal is not
 *   on a lattice slot.
 */
export function* linesRun(
  level: Level,
  meter: BudgetMeter,
  weight: number,
  pauseEvery: number,
  memoryBytes = Infinity,
): ResumableRun<SolveResult> {
  const { width, height, cells } = level;
  const size = cells.length;
  const off = directionOffsets(width);
  const boxes0: number[] = [];
  const goals: number[] = [];
  const slot = new Uint8Array(size);
  for (let c = 0; c < size; c++) {
    const x = c % width;
    const y = (c - x) / width;
    if (
      !(cells[c]! & WALL) &&
      (x + y) % 2 === 1 &&
      x > 0 &&
      y > 0 &&
      x < width - 1 &&
      y < height - 1
    )
      slot[c] = 1;
    if (cells[c]! & BOX) boxes0.push(c);
    if (cells[c]! & GOAL) goals.push(c);
  }
  const fail = (lowerBound: number, stop: 'work' | 'time' | 'memory' | 'unsolvable'): SolveResult =>
    unsolvedResult(
      stop === 'unsolvable' ? 'impossible' : meter.gaveUp(stop),
      meter.work,
      lowerBound,
    );
  for (const c of [...boxes0, ...goals]) {
    if (!slot[c])
      throw new InvalidInputError(`cell ${c} is not a slot of a b/e lattice`, {
        code: 'NOT_LINE_LEVEL',
      });
  }
  // Line of a slot: odd x → column x (vertical), else row y (horizontal). Position along it.
  const lineOf = (c: number): number => {
    const x = c % width;
    return x % 2 === 1 ? x : width + (c - x) / width;
  };
  const posOf = (c: number): number => {
    const x = c % width;
    return x % 2 === 1 ? (c - x) / width : x;
  };
  // Boxes keep their line and their order on it (a box moves along its line only, and two boxes on
  // one line cannot pass), so a box is known by its line and its rank there for good: the state is
  // one slot per box in that order, equal sets give equal arrays, and each box keeps the goal of the
  // same rank on its line, which makes the in-order bound a sum that changes by one term a push.
  const order = boxes0
    .map((c) => ({ c, line: lineOf(c), pos: posOf(c) }))
    .sort((a, b) => a.line - b.line || a.pos - b.pos);
  const goalsByLine = new Map<number, number[]>();
  for (const g of goals) {
    const l = lineOf(g);
    const list = goalsByLine.get(l);
    if (list) list.push(posOf(g));
    else goalsByLine.set(l, [posOf(g)]);
  }
  for (const list of goalsByLine.values()) list.sort((a, b) => a - b);
  const boxCount = order.length;
  const goalOf = new Int32Array(boxCount);
  let h0 = 0;
  for (let i = 0; i < boxCount;) {
    const line = order[i]!.line;
    let j = i;
    while (j < boxCount && order[j]!.line === line) j++;
    const gs = goalsByLine.get(line);
    if (!gs || gs.length !== j - i) return fail(-1, 'unsolvable');
    for (let k = i; k < j; k++) {
      goalOf[k] = gs[k - i]!;
      h0 += Math.abs(order[k]!.pos - goalOf[k]!);
    }
    i = j;
  }
  if (goalsByLine.size !== new Set(order.map((b) => b.line)).size) return fail(-1, 'unsolvable');
  // The line rule's invariant: all free squares reachable from one of them. `occ` holds the walls
  // and the boxes of the state at hand; grid's CellSearch floods it with buffers kept between calls
  // (a line level is closed by walls, so its outer ring is the search's border).
  const occ = new Uint8Array(size);
  for (let c = 0; c < size; c++) occ[c] = cells[c]! & WALL;
  let freeTotal = 0;
  for (let c = 0; c < size; c++) if (!(cells[c]! & (WALL | BOX))) freeTotal++;
  const search = new CellSearch(width, height);
  const connected = (from: number): boolean => search.flood(from, occ, WALL | BOX) === freeTotal;
  // Every line-rule state keeps that invariant, the solved one too: when the goals leave a pocket
  // (an s level's goal does) no line-rule answer exists, so say so at once rather than spend the
  // budget (the optimizer asks on every stretch of an answer).
  if (h0 > 0) {
    for (const g of goals) occ[g] = occ[g]! | BOX;
    // a crossing (never a slot, so never a goal) off the board's outer ring
    const from = occ.findIndex((v, c) => {
      const x = c % width;
      const y = (c - x) / width;
      return v === 0 && !slot[c] && x > 0 && y > 0 && x < width - 1 && y < height - 1;
    });
    const pocketFree = from < 0 || connected(from);
    for (const g of goals) occ[g] = occ[g]! & WALL;
    if (!pocketFree) return fail(h0, 'unsolvable');
  }
  const slotCells = Int32Array.from(slot.keys()).filter((c) => slot[c] === 1);
  const store = new LineStates(
    boxCount,
    slotCells,
    Math.floor(memoryBytes / lineStateBytes(boxCount, slotCells.length)),
  );
  const startSlots = Int32Array.from(order, (b) => b.c);
  let startHash = 0;
  for (const c of startSlots) startHash ^= cellHash(c);
  store.find(startSlots, startHash);
  const start = store.add(startSlots, startHash, 0, h0, -1, -1, -1);
  if (start < 0) return unsolvedResult(gaveUp('memory', store.limit, 'states'), meter.work, h0);
  store.remember(start);
  // After a push the free squares are the old ones less the box's new slot plus its old one, which
  // touches the cell it crossed: with the old ones connected, the new ones are iff the old cell
  // touches every part the new slot cuts off ({@link FreeCuts}); the start, not known to be connected, is flooded.
  const cuts = new FreeCuts(size, off);
  const boxAt = new Int32Array(size).fill(-1);
  const current = new Int32Array(boxCount);
  const buckets: number[][] = [];
  const bucketAt = (f: number): number[] => (buckets[f] ??= []);
  bucketAt(weight * h0).push(start);
  // a weighted child can land below the bucket at hand: the scan then goes back to it
  let lowest = Infinity;
  let pauseAt = meter.work + pauseEvery;
  for (let f = weight * h0; ; f++) {
    if (lowest < f) {
      f = lowest;
      lowest = Infinity;
    }
    // checked after the step back: children below every bucket above f are still to expand
    if (f >= buckets.length) break;
    const bucket = buckets[f];
    while (bucket && bucket.length > 0 && !(lowest < f)) {
      const id = bucket.pop()!;
      const hNode = store.h[id]!;
      if (store.g[id]! + weight * hNode !== f) continue; // stale
      if (hNode === 0) {
        const pushes: Push[] = [];
        for (let x = id; store.parent[x]! >= 0; x = store.parent[x]!) {
          const crossed = store.crossed[x]!;
          const dir = store.dir[x]! as Direction;
          pushes.push(
            { box: crossed, direction: dir },
            { box: crossed - off[dir]!, direction: dir },
          );
        }
        pushes.reverse();
        return solvedWith(level, pushes, meter.work, h0, weight === 1);
      }
      if (meter.work >= pauseAt) pauseAt = meter.work + ((yield) ?? pauseEvery);
      const bound = meter.spend();
      if (bound !== null) return fail(h0, bound);
      if (meter.storesTooMany(store.count)) return fail(h0, 'memory');
      store.read(id, current);
      for (let b = 0; b < boxCount; b++) {
        occ[current[b]!] = BOX;
        boxAt[current[b]!] = b;
      }
      // the start's free squares may not all meet (no other state is stored unless they do)
      const root = occ.indexOf(0);
      const whole = id === start && !connected(root);
      if (!whole) cuts.analyse(occ, root);
      const gNext = store.g[id]! + 2;
      // the boxes in board order, as the children always came
      for (let r = 0; r < size; r++) {
        const b = boxAt[r]!;
        if (b < 0) continue;
        const vertical = (r % width) % 2 === 1;
        for (let d = vertical ? 0 : 1; d < 4; d += 2) {
          const o = off[d]!;
          const j = r + o;
          const r2 = j + o;
          if (occ[j] || occ[r - o]) continue;
          if (r2 < 0 || r2 >= size || !slot[r2] || occ[r2]) continue;
          occ[r] = 0;
          occ[r2] = BOX;
          if (whole ? connected(r) : cuts.stillConnected(occ, r2, r)) {
            current[b] = r2;
            const hash = store.hash[id]! ^ cellHash(r) ^ cellHash(r2);
            const old = store.find(current, hash);
            if (old < 0 || store.g[old]! > gNext) {
              const hv = hNode - Math.abs(posOf(r) - goalOf[b]!) + Math.abs(posOf(r2) - goalOf[b]!);
              const nid = store.add(current, hash, gNext, hv, id, j, d);
              if (nid < 0)
                return unsolvedResult(gaveUp('memory', store.limit, 'states'), meter.work, h0);
              store.remember(nid);
              const fv = gNext + weight * hv;
              bucketAt(fv).push(nid);
              if (weight > 1 && fv < f) lowest = Math.min(lowest, fv);
            }
            current[b] = r;
          }
          occ[r2] = 0;
          occ[r] = BOX;
        }
      }
      for (const c of current) {
        occ[c] = 0;
        boxAt[c] = -1;
      }
    }
  }
  return fail(h0, 'unsolvable');
}

/**
 * Bytes one stored state of the line-rule search may take at the peak: its slots (a byte each on
 * levels of up to 256 slots, 2 up to 65,536) and fields (21 bytes), half again while the arrays double (the old
 * ones live until copied), its hash-table slots (4 bytes, a quarter to a half full: 16 at most)
 * and its bucket entry (8 bytes, in arrays that grow by half: 12).
 */
function lineStateBytes(boxes: number, slots: number): number {
  return Math.ceil(1.5 * (boxes * (slots <= 0x100 ? 1 : slots <= 0x10000 ? 2 : 4) + 21)) + 16 + 12;
}

/**
 * The states of the line-rule search in typed arrays: each state's slots (box by box, in line and
 * rank order) in one pool, its pushes so far, bound, parent and the push that made it, and an
 * open-addressed hash table from slots to the state last stored for them.
 */
class LineStates {
  count = 0;
  private capacity = 1024;
  /** Each state's slots as slot numbers (one byte each on levels of up to 256 slots). */
  private pool: Uint8Array | Uint16Array | Int32Array;
  /** A cell's slot number. */
  private readonly slotOf: Int32Array;
  g = new Int32Array(this.capacity);
  h = new Int32Array(this.capacity);
  parent = new Int32Array(this.capacity);
  /** The cell the box crossed (its middle push) and the direction. */
  crossed = new Int32Array(this.capacity);
  dir = new Uint8Array(this.capacity);
  hash = new Int32Array(this.capacity);
  private table = new Int32Array(2048).fill(-1);
  /** The table slot the last {@link find} stopped at: the state's, or the empty one for it. */
  private slot = -1;

  /** `slotCells`: the cell of each slot number; `limit`: the most states it may hold. */
  constructor(
    private readonly boxes: number,
    private readonly slotCells: Int32Array,
    readonly limit: number,
  ) {
    this.pool = this.newPool();
    let cells = 0;
    for (const c of slotCells) cells = Math.max(cells, c + 1);
    this.slotOf = new Int32Array(cells);
    slotCells.forEach((c, i) => (this.slotOf[c] = i));
  }

  private newPool(): Uint8Array | Uint16Array | Int32Array {
    const n = this.capacity * this.boxes;
    const slots = this.slotCells.length;
    return slots <= 0x100
      ? new Uint8Array(n)
      : slots <= 0x10000
        ? new Uint16Array(n)
        : new Int32Array(n);
  }

  /** Copies the slots (cells) of state `id` into `into`. */
  read(id: number, into: Int32Array): void {
    const at = id * this.boxes;
    for (let b = 0; b < this.boxes; b++) into[b] = this.slotCells[this.pool[at + b]!]!;
  }

  /** The state last stored with these slots (`hash`: theirs), or -1. */
  find(slots: Int32Array, hash: number): number {
    const mask = this.table.length - 1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const id = this.table[i]!;
      if (id < 0 || (this.hash[id] === hash && this.same(id, slots))) {
        this.slot = i;
        return id;
      }
    }
  }

  /** Stores a state; its id, or -1 past the limit. Its table entry is made by {@link remember}. */
  add(
    slots: Int32Array,
    hash: number,
    g: number,
    h: number,
    parent: number,
    crossed: number,
    dir: number,
  ): number {
    if (this.count >= this.limit) return -1;
    if (this.count === this.capacity) this.grow();
    const id = this.count++;
    const at = id * this.boxes;
    for (let b = 0; b < this.boxes; b++) this.pool[at + b] = this.slotOf[slots[b]!]!;
    this.g[id] = g;
    this.h[id] = h;
    this.parent[id] = parent;
    this.crossed[id] = crossed;
    this.dir[id] = dir;
    this.hash[id] = hash;
    return id;
  }

  /** Makes `id` the state of the slots last looked up by {@link find}. */
  remember(id: number): void {
    const fresh = this.table[this.slot]! < 0;
    this.table[this.slot] = id;
    if (fresh && this.count * 2 > this.table.length) this.rehash();
  }

  private same(id: number, slots: Int32Array): boolean {
    const at = id * this.boxes;
    for (let b = 0; b < this.boxes; b++)
      if (this.pool[at + b] !== this.slotOf[slots[b]!]) return false;
    return true;
  }

  private grow(): void {
    // never past the limit (add grows only below it): the pool is most of the memory
    this.capacity = Math.min(this.capacity * 2, this.limit);
    const pool = this.newPool();
    pool.set(this.pool);
    this.pool = pool;
    const more = <T extends Int32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(this.capacity);
      b.set(a);
      return b;
    };
    this.g = more(this.g);
    this.h = more(this.h);
    this.parent = more(this.parent);
    this.crossed = more(this.crossed);
    this.dir = more(this.dir);
    this.hash = more(this.hash);
  }

  private rehash(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2).fill(-1);
    const mask = this.table.length - 1;
    for (const id of old) {
      if (id < 0) continue;
      let i = this.hash[id]! & mask;
      while (this.table[i]! >= 0) i = (i + 1) & mask;
      this.table[i] = id;
    }
  }
}

/**
 * The cut cells of one state's free squares (Tarjan's depth-first search: discovery order, low
 * links, subtree ends), so that each push asks in constant time whether the free squares still
 * meet afterwards: the push takes one free cell and frees the box's old cell. When the taken cell
 * is not a cut cell the rest stays connected, and the freed cell touches it. When it is, the
 * squares left fall apart into its separated subtrees (and, unless it is the root, the part above
 * it), and they meet again iff the freed cell touches every one of them.
 */
class FreeCuts {
  private readonly tree: CutTree;
  private readonly covered = new Uint8Array(5);
  private readonly cutOff = new Uint8Array(4);

  constructor(
    private readonly size: number,
    private readonly off: ArrayLike<number>,
  ) {
    this.tree = new CutTree(size, off);
  }

  /** Analyses the free cells of `occ` (0 = free) reached from `root`, a free cell. */
  analyse(occ: Uint8Array, root: number): void {
    this.tree.clear();
    this.tree.grow(root, occ, occ);
  }

  /**
   * True when the free cells analysed, less `taken` (one of them) and with `freed` (a cell next to
   * one of them), still meet; `occ` is the occupancy after the push (`taken` filled, `freed` empty).
   */
  stillConnected(occ: Uint8Array, taken: number, freed: number): boolean {
    const { size, off, covered, cutOff } = this;
    const { disc, low, end, parent } = this.tree;
    // covered[d]: the subtree of the child of `taken` in direction d, when cut off (else 1);
    // covered[4]: the part above `taken` (none at the root)
    let parts = 0;
    for (let d = 0; d < 4; d++) {
      const c = taken + off[d]!;
      cutOff[d] =
        c >= 0 && c < size && disc[c]! > 0 && parent[c] === taken && low[c]! >= disc[taken]!
          ? 1
          : 0;
      covered[d] = 1 - cutOff[d]!;
      parts += cutOff[d]!;
    }
    if (parts === 0) return true;
    covered[4] = parent[taken]! >= 0 ? 0 : 1;
    for (let e = 0; e < 4; e++) {
      const u = freed + off[e]!;
      if (u < 0 || u >= size || occ[u] || disc[u] === 0) continue;
      let part = 4;
      for (let d = 0; d < 4; d++) {
        const c = taken + off[d]!;
        if (cutOff[d] && disc[c]! <= disc[u]! && disc[u]! <= end[c]!) part = d;
      }
      covered[part] = 1;
    }
    return (covered[0]! & covered[1]! & covered[2]! & covered[3]! & covered[4]) === 1;
  }
}
