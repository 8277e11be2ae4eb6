import { InvalidInputError } from '@puzzlekit/errors';
import { DEFAULT_MAX_STATES, budgetValue } from '@puzzlekit/job';

/** {@link StateTable.add} result: the key was new and is now stored. */
export const ADDED = -1;
/** {@link StateTable.add} result: the key was new but the table is full (memory budget reached). */
export const FULL = -2;

/** Most slots a table may allocate (2^30: typed arrays of 4 GiB in all at most). */
const MAX_SLOTS = 1 << 30;
const TWO_32 = 2 ** 32;

/** Mixes a 64-bit key (two 32-bit halves) into a slot index; cheap, and spreads packed keys too. */
function slotOf(hi: number, lo: number, mask: number): number {
  let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  return h & mask;
}

/**
 * A hash table from 64-bit integer keys to non-negative 32-bit values (node numbers, depths), by open
 * addressing with linear probing on typed arrays: no objects per entry, no garbage. A key is two
 * 32-bit halves `(hi, lo)` — a 64-bit Zobrist hash, or a packed state; {@link getNumber} /
 * {@link addNumber} take a non-negative safe integer instead. Keys are compared exactly; when a key
 * is a hash of a larger state, two states with one hash count as one (at 64 bits, unlikely below
 * billions of states; check the state itself if that matters).
 *
 * Memory is bounded: the table holds at most `maxStates` keys. An {@link add} beyond that — or one
 * whose growth the machine cannot allocate — returns {@link FULL} instead of throwing, so a search
 * can end with the outcome "gave up: memory" rather than crash.
 */
export class StateTable {
  /** Most keys the table will hold. */
  readonly maxStates: number;
  private keyHi: Int32Array;
  private keyLo: Int32Array;
  /** Value + 1 per slot; 0 marks an empty slot (so a fresh array needs no fill). */
  private vals: Int32Array;
  private mask: number;
  private count = 0;

  /**
   * @param options.capacity keys to make room for up front (default 1024; grows as needed).
   * @param options.maxStates most keys to hold (default {@link DEFAULT_MAX_STATES}).
   * @throws InvalidInputError (code `INVALID_BUDGET`) for a bad `maxStates` or `capacity`.
   */
  constructor(options: { readonly capacity?: number; readonly maxStates?: number } = {}) {
    this.maxStates = budgetValue(options.maxStates, 'maxStates', DEFAULT_MAX_STATES);
    const capacity = budgetValue(options.capacity, 'capacity', 1024);
    let slots = 16;
    while (slots < capacity * 2 && slots < MAX_SLOTS) slots *= 2;
    this.keyHi = new Int32Array(slots);
    this.keyLo = new Int32Array(slots);
    this.vals = new Int32Array(slots);
    this.mask = slots - 1;
  }

  /** Keys stored. */
  get size(): number {
    return this.count;
  }

  /** The value stored for key `(hi, lo)`, or -1 when absent. Halves are read as 32-bit integers. */
  get(hi: number, lo: number): number {
    const { keyHi, keyLo, vals, mask } = this;
    hi |= 0;
    lo |= 0;
    for (let s = slotOf(hi, lo, mask); ; s = (s + 1) & mask) {
      const v = vals[s]!;
      if (v === 0) return -1;
      if (keyLo[s] === lo && keyHi[s] === hi) return v - 1;
    }
  }

  /**
   * Stores `value` for key `(hi, lo)` unless the key is present. Returns the value already stored
   * (≥ 0) when present, {@link ADDED} when stored now, or {@link FULL} when the key is new but the
   * table may hold no more keys.
   *
   * @throws InvalidInputError (code `INVALID_VALUE`) unless `value` is an integer in 0..2^31 − 2.
   */
  add(hi: number, lo: number, value: number): number {
    if (!(value >= 0 && value < 0x7fffffff && value % 1 === 0)) {
      throw new InvalidInputError(`table value must be an integer in 0..2^31−2, got ${value}`, {
        code: 'INVALID_VALUE',
      });
    }
    hi |= 0;
    lo |= 0;
    const { keyHi, keyLo, vals, mask } = this;
    let s = slotOf(hi, lo, mask);
    for (; ; s = (s + 1) & mask) {
      const v = vals[s]!;
      if (v === 0) break;
      if (keyLo[s] === lo && keyHi[s] === hi) return v - 1;
    }
    if (this.count >= this.maxStates) return FULL;
    // keep the load at most 1/2 so probes stay short
    if ((this.count + 1) * 2 > this.vals.length) {
      if (!this.grow()) return FULL;
      return this.add(hi, lo, value);
    }
    keyHi[s] = hi;
    keyLo[s] = lo;
    vals[s] = value + 1;
    this.count++;
    return ADDED;
  }

  /** {@link get} for a key that is a non-negative safe integer. */
  getNumber(key: number): number {
    return this.get(splitHi(key), key >>> 0);
  }

  /** {@link add} for a key that is a non-negative safe integer. */
  addNumber(key: number, value: number): number {
    return this.add(splitHi(key), key >>> 0, value);
  }

  /** Removes every key (keeps the memory). */
  clear(): void {
    this.vals.fill(0);
    this.count = 0;
  }

  /** Doubles the slots and re-inserts; false when the table may not or cannot grow. */
  private grow(): boolean {
    const slots = this.vals.length * 2;
    if (slots > MAX_SLOTS) return false;
    let hi: Int32Array;
    let lo: Int32Array;
    let vals: Int32Array;
    try {
      hi = new Int32Array(slots);
      lo = new Int32Array(slots);
      vals = new Int32Array(slots);
    } catch (e) {
      // an ArrayBuffer the machine cannot give is the memory budget running out, not a crash
      if (e instanceof RangeError) return false;
      throw e;
    }
    const mask = slots - 1;
    const { keyHi: oldHi, keyLo: oldLo, vals: oldVals } = this;
    for (let i = 0; i < oldVals.length; i++) {
      const v = oldVals[i]!;
      if (v === 0) continue;
      let s = slotOf(oldHi[i]!, oldLo[i]!, mask);
      while (vals[s] !== 0) s = (s + 1) & mask;
      hi[s] = oldHi[i]!;
      lo[s] = oldLo[i]!;
      vals[s] = v;
    }
    this.keyHi = hi;
    this.keyLo = lo;
    this.vals = vals;
    this.mask = mask;
    return true;
  }
}

/** The high 32 bits of a non-negative safe integer. */
function splitHi(key: number): number {
  if (!(key >= 0 && key <= Number.MAX_SAFE_INTEGER && key % 1 === 0)) {
    throw new InvalidInputError(`table key must be a non-negative safe integer, got ${key}`, {
      code: 'INVALID_KEY',
    });
  }
  return (key / TWO_32) | 0;
}
