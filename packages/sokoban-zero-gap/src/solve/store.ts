import type { Direction, Push } from '../model.js';

/**
 * The stored states of a push search, compactly: each box set as a bit set over the floor cells
 * (⌈floor/32⌉ words, far fewer than one word a box on most levels), the normalised player cell, the
 * parent and the push that made it, and a 32-bit hash; the transposition table is open addressing
 * on that hash, confirmed against the stored bit set and player.
 *
 * Not the core `StateTable` of @puzzlekit/graph-search: it compares 64-bit keys only, and two states
 * with one key would count as one — which would make "proven impossible" and "push-optimal" claims
 * rest on the absence of a hash collision. Here a 32-bit hash only finds the candidates.
 */
export class StateStore {
  readonly words: number;
  readonly maxStates: number;
  private readonly bitOf: Int32Array;
  count = 0;
  private cap: number;
  bits: Int32Array;
  player: Int32Array;
  parent: Int32Array;
  pushOf: Int32Array;
  /** The box set's Zobrist key halves (the player's part is added per state). */
  boxHi: Int32Array;
  boxLo: Int32Array;
  /** Pushes from the start (the A* search's g; kept by every search, for the answer's length). */
  g: Int32Array;
  /** The lower bound of the state (the A* search's h). */
  h: Int32Array;
  private hash: Int32Array;
  private table: Int32Array;
  private mask: number;

  /** The floor cell of each bit. */
  private readonly floorOf: Int32Array;

  /**
   * @param wall 1 on walls (every other cell is floor and gets a bit).
   * @param memoryBytes bytes the states may take; @param stateLimit states it may hold (the
   *   budget's `maxStates`): the smaller of the two bounds wins.
   */
  constructor(wall: Uint8Array, memoryBytes: number, stateLimit = Infinity) {
    this.bitOf = new Int32Array(wall.length).fill(-1);
    const floorOf: number[] = [];
    for (let c = 0; c < wall.length; c++) {
      if (wall[c]) continue;
      this.bitOf[c] = floorOf.length;
      floorOf.push(c);
    }
    this.floorOf = Int32Array.from(floorOf);
    this.words = Math.max(1, Math.ceil(floorOf.length / 32));
    // per state: the words and eight Int32 fields, twice while growing, plus ~12 bytes of table
    this.maxStates = Math.max(
      1,
      Math.min(stateLimit, Math.floor(memoryBytes / (2 * (4 * this.words + 32) + 12))),
    );
    this.cap = Math.min(1 << 12, this.maxStates);
    this.bits = new Int32Array(this.cap * this.words);
    this.player = new Int32Array(this.cap);
    this.parent = new Int32Array(this.cap);
    this.pushOf = new Int32Array(this.cap);
    this.hash = new Int32Array(this.cap);
    this.boxHi = new Int32Array(this.cap);
    this.boxLo = new Int32Array(this.cap);
    this.g = new Int32Array(this.cap);
    this.h = new Int32Array(this.cap);
    this.mask = (1 << 13) - 1;
    this.table = new Int32Array(this.mask + 1);
  }

  /** Writes the bit set of `boxes` into `out`. */
  encode(boxes: ArrayLike<number>, k: number, out: Int32Array): void {
    out.fill(0);
    for (let i = 0; i < k; i++) {
      const bit = this.bitOf[boxes[i]!]!;
      out[bit >> 5] = out[bit >> 5]! | (1 << (bit & 31));
    }
  }

  /** Flips cell `c`'s bit in `bits` (a box leaves or arrives). */
  toggle(bits: Int32Array, c: number): void {
    const bit = this.bitOf[c]!;
    bits[bit >> 5] = bits[bit >> 5]! ^ (1 << (bit & 31));
  }

  /** Copies node `n`'s bit set into `out`. */
  copyBits(n: number, out: Int32Array): void {
    out.set(this.bits.subarray(n * this.words, (n + 1) * this.words));
  }

  /** Writes node `n`'s box cells, ascending, into `out`; returns how many. */
  decode(n: number, out: Int32Array): number {
    const base = n * this.words;
    let count = 0;
    for (let w = 0; w < this.words; w++) {
      let word = this.bits[base + w]!;
      while (word !== 0) {
        const lowest = word & -word;
        out[count++] = this.floorOf[w * 32 + 31 - Math.clz32(lowest)]!;
        word ^= lowest;
      }
    }
    return count;
  }

  /** The stored state equal to (`bits`, `player`) with hash `h`, or -1. */
  find(bits: Int32Array, player: number, h: number): number {
    const { words, table, mask } = this;
    for (let s = h & mask; table[s] !== 0; s = (s + 1) & mask) {
      const n = table[s]! - 1;
      if (this.hash[n] !== h || this.player[n] !== player) continue;
      const base = n * words;
      let same = true;
      for (let w = 0; w < words; w++) {
        if (this.bits[base + w] !== bits[w]) {
          same = false;
          break;
        }
      }
      if (same) return n;
    }
    return -1;
  }

  /** Stores a new state; returns its index, or -1 when the memory budget is reached. */
  add(
    bits: Int32Array,
    player: number,
    h: number,
    parent: number,
    push: number,
    boxHi: number,
    boxLo: number,
  ): number {
    if (this.count >= this.maxStates) return -1;
    if (this.count >= this.cap) this.grow();
    const n = this.count++;
    this.bits.set(bits.subarray(0, this.words), n * this.words);
    this.player[n] = player;
    this.parent[n] = parent;
    this.pushOf[n] = push;
    this.hash[n] = h;
    this.boxHi[n] = boxHi;
    this.boxLo[n] = boxLo;
    this.g[n] = parent >= 0 ? this.g[parent]! + 1 : 0;
    if (this.count * 2 > this.mask) this.rehash();
    else this.insert(n);
    return n;
  }

  private insert(n: number): void {
    const { table, mask } = this;
    let s = this.hash[n]! & mask;
    while (table[s] !== 0) s = (s + 1) & mask;
    table[s] = n + 1;
  }

  private rehash(): void {
    this.mask = this.mask * 2 + 1;
    this.table = new Int32Array(this.mask + 1);
    for (let n = 0; n < this.count; n++) this.insert(n);
  }

  private grow(): void {
    this.cap = Math.min(this.cap * 2, this.maxStates);
    const more = (a: Int32Array, per: number): Int32Array => {
      const b = new Int32Array(this.cap * per);
      b.set(a);
      return b;
    };
    this.bits = more(this.bits, this.words);
    this.player = more(this.player, 1);
    this.parent = more(this.parent, 1);
    this.pushOf = more(this.pushOf, 1);
    this.hash = more(this.hash, 1);
    this.boxHi = more(this.boxHi, 1);
    this.boxLo = more(this.boxLo, 1);
    this.g = more(this.g, 1);
    this.h = more(this.h, 1);
  }

  /** The pushes from the root to node `n`. */
  path(n: number): Push[] {
    const out: Push[] = [];
    for (let x = n; this.parent[x]! >= 0; x = this.parent[x]!) {
      const v = this.pushOf[x]!;
      out.push({ box: v >> 2, direction: (v & 3) as Direction });
    }
    return out.reverse();
  }
}

/** Mixes a 64-bit Zobrist key into the 32-bit hash the store keeps. */
export function mix(hi: number, lo: number): number {
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  return h & 0x7fffffff;
}
