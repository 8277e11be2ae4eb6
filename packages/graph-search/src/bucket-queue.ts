import { InvalidInputError } from '@puzzlekit/errors';

/** Largest priority a {@link BucketQueue} accepts (one bucket head per priority is allocated). */
export const MAX_BUCKET_PRIORITY = (1 << 26) - 1;

/**
 * A priority queue of 32-bit integer ids for small non-negative integer priorities — the open list
 * of an A* with integer costs (f = g + h), Dial's algorithm, a layered BFS. Push and pop are O(1)
 * plus the scan over empty buckets, which is cheap when priorities are monotone (never pushed below
 * the last popped one) and dense: the usual case, where it beats a binary heap. Pushing below the
 * last pop is allowed and still correct.
 *
 * Among equal priorities the last pushed comes out first (LIFO): in A* with ties on f this prefers
 * the most recently generated, deeper nodes. Entries live in typed-array linked lists; memory is
 * reused after a pop, and grows on demand.
 */
export class BucketQueue {
  /** First entry of each bucket, -1 when empty. */
  private head: Int32Array;
  /** Per entry: its id and the next entry of the same bucket (or of the free list). */
  private ids: Int32Array;
  private next: Int32Array;
  private free = -1;
  private used = 0;
  private count = 0;
  /** No entry has a priority below `low`; none above `high`. */
  private low = 0;
  private high = -1;

  /** @param capacity entries to make room for up front (grows as needed). */
  constructor(capacity = 64) {
    const n = Math.max(1, Math.floor(capacity));
    this.ids = new Int32Array(n);
    this.next = new Int32Array(n);
    this.head = new Int32Array(64).fill(-1);
  }

  /** Number of entries. */
  get size(): number {
    return this.count;
  }

  /**
   * Adds `id` with integer `priority` in 0..{@link MAX_BUCKET_PRIORITY}.
   *
   * @throws InvalidInputError (code `INVALID_PRIORITY`) for any other priority.
   */
  push(id: number, priority: number): void {
    if (!(priority >= 0 && priority <= MAX_BUCKET_PRIORITY && priority % 1 === 0)) {
      throw new InvalidInputError(
        `bucket priority must be an integer in 0..${MAX_BUCKET_PRIORITY}, got ${priority}`,
        { code: 'INVALID_PRIORITY' },
      );
    }
    if (priority >= this.head.length) this.growHead(priority);
    let e = this.free;
    if (e >= 0) this.free = this.next[e]!;
    else {
      if (this.used === this.ids.length) this.growEntries();
      e = this.used++;
    }
    this.ids[e] = id;
    this.next[e] = this.head[priority]!;
    this.head[priority] = e;
    this.count++;
    if (priority < this.low || this.count === 1) this.low = priority;
    if (priority > this.high) this.high = priority;
  }

  /** The smallest priority present; `Infinity` when empty. */
  peekPriority(): number {
    if (this.count === 0) return Infinity;
    const head = this.head;
    while (head[this.low] === -1) this.low++;
    return this.low;
  }

  /** Removes and returns an id of the smallest priority (the last pushed among equals); -1 when empty. */
  pop(): number {
    if (this.count === 0) return -1;
    const head = this.head;
    let p = this.low;
    while (head[p] === -1) p++;
    this.low = p;
    const e = head[p]!;
    head[p] = this.next[e]!;
    this.next[e] = this.free;
    this.free = e;
    if (--this.count === 0) this.high = -1;
    return this.ids[e]!;
  }

  /** Removes every entry (keeps the memory); O(range of priorities used). */
  clear(): void {
    if (this.high >= 0) this.head.fill(-1, 0, this.high + 1);
    this.free = -1;
    this.used = 0;
    this.count = 0;
    this.low = 0;
    this.high = -1;
  }

  private growHead(priority: number): void {
    let n = this.head.length * 2;
    while (n <= priority) n *= 2;
    const head = new Int32Array(Math.min(n, MAX_BUCKET_PRIORITY + 1)).fill(-1);
    head.set(this.head);
    this.head = head;
  }

  private growEntries(): void {
    const n = this.ids.length * 2;
    const ids = new Int32Array(n);
    ids.set(this.ids);
    this.ids = ids;
    const next = new Int32Array(n);
    next.set(this.next);
    this.next = next;
  }
}
