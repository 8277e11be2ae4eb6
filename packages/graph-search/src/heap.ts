import { InvalidInputError } from '@puzzlekit/errors';

function checkPriority(priority: number): void {
  if (Number.isNaN(priority)) {
    throw new InvalidInputError('heap priority is NaN', { code: 'INVALID_PRIORITY' });
  }
}

/**
 * Internal: checks a heap id (a non-negative 32-bit integer) and returns `pos` (id → slot, -1 when
 * absent) grown to hold it (doubled, the new part -1).
 *
 * @throws InvalidInputError (code `INVALID_ID`) for any other id.
 */
export function positionsFor(id: number, pos: Int32Array): Int32Array {
  if ((id | 0) !== id || id < 0) {
    throw new InvalidInputError(`heap id ${id} is not a non-negative 32-bit integer`, {
      code: 'INVALID_ID',
    });
  }
  if (id < pos.length) return pos;
  let n = pos.length * 2;
  while (n <= id) n *= 2;
  const grown = new Int32Array(n).fill(-1);
  grown.set(pos);
  return grown;
}

/**
 * A binary min-heap of integer ids with `Float64Array` priorities and `Int32Array` ids, allowing
 * duplicates — the "lazy deletion" heap: push a better copy instead of updating, and skip stale
 * entries when they come out. Grows as needed. Among equal priorities the pop order is not FIFO but is
 * fully determined by the sequence of operations.
 */
export class MinHeap {
  private prios: Float64Array;
  private ids: Int32Array;
  private count = 0;

  /** @param capacity initial room (grows automatically). */
  constructor(capacity = 16) {
    const n = Math.max(1, Math.floor(capacity));
    this.prios = new Float64Array(n);
    this.ids = new Int32Array(n);
  }

  /** Number of entries. */
  get size(): number {
    return this.count;
  }

  /** Removes every entry (keeps the memory). */
  clear(): void {
    this.count = 0;
  }

  /** Adds `id` (a 32-bit integer) with `priority`. */
  push(id: number, priority: number): void {
    checkPriority(priority);
    if (this.count === this.ids.length) {
      const prios = new Float64Array(this.count * 2);
      prios.set(this.prios);
      this.prios = prios;
      const ids = new Int32Array(this.count * 2);
      ids.set(this.ids);
      this.ids = ids;
    }
    const prios = this.prios;
    const ids = this.ids;
    let i = this.count++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (prios[p]! <= priority) break;
      prios[i] = prios[p]!;
      ids[i] = ids[p]!;
      i = p;
    }
    prios[i] = priority;
    ids[i] = id;
  }

  /** The id with the smallest priority, without removing it; -1 when empty. */
  peek(): number {
    return this.count === 0 ? -1 : this.ids[0]!;
  }

  /** The smallest priority; `Infinity` when empty. */
  peekPriority(): number {
    return this.count === 0 ? Infinity : this.prios[0]!;
  }

  /** Removes and returns the id with the smallest priority; -1 when empty. */
  pop(): number {
    if (this.count === 0) return -1;
    const prios = this.prios;
    const ids = this.ids;
    const top = ids[0]!;
    const n = --this.count;
    if (n > 0) {
      const lastP = prios[n]!;
      const lastId = ids[n]!;
      let i = 0;
      while (true) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && prios[c + 1]! < prios[c]!) c++;
        if (prios[c]! >= lastP) break;
        prios[i] = prios[c]!;
        ids[i] = ids[c]!;
        i = c;
      }
      prios[i] = lastP;
      ids[i] = lastId;
    }
    return top;
  }
}

/**
 * A binary min-heap over ids 0..n−1 with decrease-key: each id is in the heap at most once, and
 * `push` on an id already present moves it to the new priority (up or down). Positions live in an
 * `Int32Array` indexed by id, so ids should be dense (node numbers, cell indices). Grows as needed.
 */
export class IndexedHeap {
  private prios: Float64Array;
  private ties: Float64Array;
  private ids: Int32Array;
  private pos: Int32Array;
  private count = 0;

  /** @param capacity initial id range and heap room (grows automatically). */
  constructor(capacity = 16) {
    const n = Math.max(1, Math.floor(capacity));
    this.prios = new Float64Array(n);
    this.ties = new Float64Array(n);
    this.ids = new Int32Array(n);
    this.pos = new Int32Array(n).fill(-1);
  }

  /** Number of ids in the heap. */
  get size(): number {
    return this.count;
  }

  /** Removes every id. */
  clear(): void {
    for (let i = 0; i < this.count; i++) this.pos[this.ids[i]!] = -1;
    this.count = 0;
  }

  /** True when `id` is in the heap. */
  has(id: number): boolean {
    return id >= 0 && id < this.pos.length && this.pos[id]! >= 0;
  }

  /** The priority of `id`, or `undefined` when it is not in the heap. */
  priorityOf(id: number): number | undefined {
    return this.has(id) ? this.prios[this.pos[id]!] : undefined;
  }

  private ensureId(id: number): void {
    this.pos = positionsFor(id, this.pos);
    if (this.count === this.ids.length) {
      const m = this.count * 2;
      const prios = new Float64Array(m);
      prios.set(this.prios);
      this.prios = prios;
      const ties = new Float64Array(m);
      ties.set(this.ties);
      this.ties = ties;
      const ids = new Int32Array(m);
      ids.set(this.ids);
      this.ids = ids;
    }
  }

  /**
   * Adds `id` with `priority`, or moves it to `priority` if it is already in the heap. Equal priorities
   * are ordered by `tie` (smaller first; default 0) — A* passes `-g` to prefer deeper states.
   */
  push(id: number, priority: number, tie = 0): void {
    checkPriority(priority);
    checkPriority(tie);
    this.ensureId(id);
    const at = this.pos[id]!;
    if (at < 0) {
      this.up(this.count++, id, priority, tie);
    } else if (
      priority < this.prios[at]! ||
      (priority === this.prios[at]! && tie < this.ties[at]!)
    ) {
      this.up(at, id, priority, tie);
    } else {
      this.down(at, id, priority, tie);
    }
  }

  /** The id with the smallest priority, without removing it; -1 when empty. */
  peek(): number {
    return this.count === 0 ? -1 : this.ids[0]!;
  }

  /** The smallest priority; `Infinity` when empty. */
  peekPriority(): number {
    return this.count === 0 ? Infinity : this.prios[0]!;
  }

  /** Removes and returns the id with the smallest priority; -1 when empty. */
  pop(): number {
    if (this.count === 0) return -1;
    const top = this.ids[0]!;
    this.pos[top] = -1;
    const n = --this.count;
    if (n > 0) this.down(0, this.ids[n]!, this.prios[n]!, this.ties[n]!);
    return top;
  }

  /** Removes `id` if present; returns whether it was. */
  delete(id: number): boolean {
    if (!this.has(id)) return false;
    const at = this.pos[id]!;
    this.pos[id] = -1;
    const n = --this.count;
    if (at < n) {
      const lastId = this.ids[n]!;
      const lastP = this.prios[n]!;
      const lastT = this.ties[n]!;
      const p = (at - 1) >> 1;
      if (at > 0 && (lastP < this.prios[p]! || (lastP === this.prios[p]! && lastT < this.ties[p]!)))
        this.up(at, lastId, lastP, lastT);
      else this.down(at, lastId, lastP, lastT);
    }
    return true;
  }

  private up(i: number, id: number, priority: number, tie: number): void {
    const prios = this.prios;
    const ties = this.ties;
    const ids = this.ids;
    const pos = this.pos;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pp = prios[p]!;
      if (pp < priority || (pp === priority && ties[p]! <= tie)) break;
      prios[i] = pp;
      ties[i] = ties[p]!;
      ids[i] = ids[p]!;
      pos[ids[i]!] = i;
      i = p;
    }
    prios[i] = priority;
    ties[i] = tie;
    ids[i] = id;
    pos[id] = i;
  }

  private down(i: number, id: number, priority: number, tie: number): void {
    const prios = this.prios;
    const ties = this.ties;
    const ids = this.ids;
    const pos = this.pos;
    const n = this.count;
    while (true) {
      let c = 2 * i + 1;
      if (c >= n) break;
      const r = c + 1;
      if (r < n && (prios[r]! < prios[c]! || (prios[r] === prios[c] && ties[r]! < ties[c]!))) c = r;
      const pc = prios[c]!;
      if (pc > priority || (pc === priority && ties[c]! >= tie)) break;
      prios[i] = pc;
      ties[i] = ties[c]!;
      ids[i] = ids[c]!;
      pos[ids[i]!] = i;
      i = c;
    }
    prios[i] = priority;
    ties[i] = tie;
    ids[i] = id;
    pos[id] = i;
  }
}
