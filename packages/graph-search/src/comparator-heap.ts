/**
 * A binary heap of any values ordered by a comparator: `compare(a, b) < 0` means `a` comes out
 * before `b` (a min-heap for `(a, b) => a - b`). For records that a numeric priority cannot order —
 * ratios compared by cross-multiplication, several tie-break keys. With lazy deletion (push a fresh
 * copy, skip stale ones when popped) it also serves where decrease-key would be used. Among entries
 * the comparator calls equal, the pop order is not FIFO but is fully determined by the operations.
 * For integer ids with number priorities, {@link MinHeap} on typed arrays is faster.
 */
export class Heap<T> {
  private readonly items: T[] = [];

  /** @param compare negative when the first argument must come out first. */
  constructor(private readonly compare: (a: T, b: T) => number) {}

  /** Number of entries. */
  get size(): number {
    return this.items.length;
  }

  /** Removes every entry. */
  clear(): void {
    this.items.length = 0;
  }

  /** Adds `item`. */
  push(item: T): void {
    const items = this.items;
    const compare = this.compare;
    let i = items.length;
    items.push(item);
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = items[p]!;
      if (compare(item, parent) >= 0) break;
      items[i] = parent;
      i = p;
    }
    items[i] = item;
  }

  /** The first entry, without removing it; `undefined` when empty. */
  peek(): T | undefined {
    return this.items[0];
  }

  /** Removes and returns the first entry; `undefined` when empty. */
  pop(): T | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0];
    const last = items.pop()!;
    const n = items.length;
    if (n > 0) {
      const compare = this.compare;
      let i = 0;
      while (true) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && compare(items[c + 1]!, items[c]!) < 0) c++;
        if (compare(items[c]!, last) >= 0) break;
        items[i] = items[c]!;
        i = c;
      }
      items[i] = last;
    }
    return top;
  }
}
