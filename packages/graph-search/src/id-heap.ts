import { InvalidInputError } from '@puzzlekit/errors';
import { positionsFor } from './heap.js';

/**
 * A binary heap of integer ids ordered by the caller: `before(a, b)` is true when id `a` must come
 * out before id `b`. The caller keeps each id's keys in its own arrays (sums, ratios, tie-breaks) and
 * the comparison reads them, so any order works — ratios compared exactly by cross-multiplication,
 * several keys — with no record per entry. Each id is in the heap at most once; its slot is tracked
 * (`Int32Array`s for slots and positions, nothing allocated per operation), so an id can be deleted,
 * re-sifted after its keys changed ({@link update}), or replaced in place by another id
 * ({@link replace}: what Horn's algorithm does when two groups merge).
 *
 * `before` must be a strict order: irreflexive and transitive, with ties broken (by id, say) when a
 * deterministic pop order matters. For plain numeric priorities {@link IndexedHeap} is simpler.
 */
export class IdHeap {
  private slots: Int32Array;
  private pos: Int32Array;
  private count = 0;

  /**
   * @param capacity initial id range `0..capacity−1` (grows for larger ids).
   * @param before true when id `a` must come out before id `b`.
   */
  constructor(
    capacity: number,
    private readonly before: (a: number, b: number) => boolean,
  ) {
    const n = Math.max(1, Math.floor(capacity));
    this.slots = new Int32Array(n);
    this.pos = new Int32Array(n).fill(-1);
  }

  /** Number of ids in the heap. */
  get size(): number {
    return this.count;
  }

  /** True when `id` is in the heap. */
  has(id: number): boolean {
    return id >= 0 && id < this.pos.length && this.pos[id]! >= 0;
  }

  /** The first id, without removing it; -1 when empty. */
  peek(): number {
    return this.count === 0 ? -1 : this.slots[0]!;
  }

  /** Removes every id (keeps the memory). */
  clear(): void {
    for (let i = 0; i < this.count; i++) this.pos[this.slots[i]!] = -1;
    this.count = 0;
  }

  /** Adds `id`; an id already present is re-sifted instead (as {@link update}). */
  push(id: number): void {
    this.room(id);
    const at = this.pos[id]!;
    if (at >= 0) this.sift(at, id);
    else this.up(this.count++, id);
  }

  /**
   * Adds every id of `ids` (none may be present yet) in O(n) by Floyd's bottom-up construction,
   * instead of O(n log n) pushes.
   */
  pushAll(ids: ArrayLike<number>): void {
    const first = this.count;
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!;
      if (this.has(id)) {
        // take back what this call added, so a refused call changes nothing
        while (this.count > first) this.pos[this.slots[--this.count]!] = -1;
        throw new InvalidInputError(`heap id ${id} is already in the heap`, { code: 'INVALID_ID' });
      }
      this.room(id);
      this.slots[this.count] = id;
      this.pos[id] = this.count++;
    }
    for (let i = (this.count >> 1) - 1; i >= 0; i--) this.down(i, this.slots[i]!);
  }

  /** Removes and returns the first id; -1 when empty. */
  pop(): number {
    if (this.count === 0) return -1;
    const slots = this.slots;
    const top = slots[0]!;
    this.pos[top] = -1;
    const n = --this.count;
    if (n > 0) this.down(0, slots[n]!);
    return top;
  }

  /** Re-sifts `id` after the caller changed its keys (up or down); false when it is not in the heap. */
  update(id: number): boolean {
    if (!this.has(id)) return false;
    this.sift(this.pos[id]!, id);
    return true;
  }

  /** Removes `id` if present; returns whether it was. */
  delete(id: number): boolean {
    if (!this.has(id)) return false;
    const at = this.pos[id]!;
    this.pos[id] = -1;
    const n = --this.count;
    if (at < n) this.sift(at, this.slots[n]!);
    return true;
  }

  /**
   * Puts `by` in the slot of `id` (which leaves the heap) and sifts it: one sift where delete and
   * push would take two. `by` may equal `id` (then it is {@link update}); it must not be in the
   * heap otherwise. Returns false (and changes nothing) when `id` is not in the heap.
   */
  replace(id: number, by: number): boolean {
    if (!this.has(id)) return false;
    const at = this.pos[id]!;
    if (by !== id) {
      this.room(by);
      if (this.pos[by]! >= 0) {
        throw new InvalidInputError(`heap id ${by} is already in the heap`, { code: 'INVALID_ID' });
      }
      this.pos[id] = -1;
    }
    this.sift(at, by);
    return true;
  }

  /** Moves the id placed at slot `at` up or down to where it belongs. */
  private sift(at: number, id: number): void {
    if (at > 0 && this.before(id, this.slots[(at - 1) >> 1]!)) this.up(at, id);
    else this.down(at, id);
  }

  private up(i: number, id: number): void {
    const slots = this.slots;
    const pos = this.pos;
    const before = this.before;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = slots[p]!;
      if (!before(id, parent)) break;
      slots[i] = parent;
      pos[parent] = i;
      i = p;
    }
    slots[i] = id;
    pos[id] = i;
  }

  private down(i: number, id: number): void {
    const slots = this.slots;
    const pos = this.pos;
    const before = this.before;
    const n = this.count;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      let child = slots[c]!;
      if (c + 1 < n) {
        const right = slots[c + 1]!;
        if (before(right, child)) {
          c++;
          child = right;
        }
      }
      if (!before(child, id)) break;
      slots[i] = child;
      pos[child] = i;
      i = c;
    }
    slots[i] = id;
    pos[id] = i;
  }

  /** Checks `id` and makes room for it (ids and slots). */
  private room(id: number): void {
    this.pos = positionsFor(id, this.pos);
    if (this.count === this.slots.length) {
      const slots = new Int32Array(this.count * 2);
      slots.set(this.slots);
      this.slots = slots;
    }
  }
}
