/**
 * Seeded, reproducible random streams for puzzle generators.
 *
 * The generator is pure-rand's xoroshiro128+ (a well-studied, fast 128-bit-state generator); this
 * package adds what level generators need on top: integer and string seeds, unbiased ranges,
 * shuffles, weighted picks, sampling without replacement, independent forks, and state that can be
 * saved and restored. Every function works on 32-bit integer arithmetic only, so the same seed gives
 * the same stream on every machine and JavaScript engine.
 *
 * @packageDocumentation
 */
import { InvalidInputError } from '@puzzlekit/errors';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';

/** A seed: any safe integer, or any string (hashed). */
export type Seed = number | string;

/** A saved generator state; plain JSON, safe to store and send. */
export interface RngState {
  /** Always `xoroshiro128+`; checked on restore. */
  readonly algorithm: 'xoroshiro128+';
  /** The four 32-bit words of the generator state, as pure-rand orders them. */
  readonly words: readonly [number, number, number, number];
}

const TWO_32 = 0x1_0000_0000;

/** SplitMix32 step: turns a counter into a well-mixed 32-bit word (used only for seeding). */
function splitMix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}

/** FNV-1a over the UTF-16 code units of a string, then mixed: a 32-bit hash for string seeds. */
function hashString(text: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return splitMix32(h ^ text.length);
}

/** Folds a safe integer (or a string) into the 32-bit value the state is expanded from. */
function seedToInt32(seed: Seed): number {
  if (typeof seed === 'string') return hashString(seed);
  if (!Number.isSafeInteger(seed)) {
    throw new InvalidInputError(`seed must be a safe integer or a string, got ${String(seed)}`, {
      code: 'INVALID_SEED',
    });
  }
  const lo = (seed % TWO_32) | 0;
  const hi = Math.floor(seed / TWO_32) | 0;
  return hi === 0 ? lo : lo ^ splitMix32(hi);
}

/**
 * Reads a seed as a user typed it (a CLI flag, a form field): an optional sign and decimal digits that
 * form a safe integer become that number; anything else is a text seed. Every command reads `--seed`
 * through this, so `--seed 1` names the same stream everywhere.
 */
export function parseSeed(text: string): Seed {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) {
    const n = Number(trimmed);
    if (Number.isSafeInteger(n)) return n;
  }
  return text;
}

/** Expands a 32-bit seed into four state words with SplitMix32 (never the all-zero state). */
function expandSeed(seed32: number): [number, number, number, number] {
  const words: [number, number, number, number] = [0, 0, 0, 0];
  let x = seed32;
  for (let i = 0; i < 4; i++) {
    x = (x + 0x9e3779b9) | 0;
    words[i] = splitMix32(x);
  }
  if ((words[0] | words[1] | words[2] | words[3]) === 0) words[0] = 1;
  return words;
}

/**
 * A seeded random stream. Methods mutate the stream; use {@link Rng.fork} for independent
 * sub-streams and {@link Rng.getState} / {@link Rng.fromState} to save and resume.
 */
export class Rng {
  private readonly gen: JumpableRandomGenerator;

  private constructor(gen: JumpableRandomGenerator) {
    this.gen = gen;
  }

  /** A stream from a seed: the same seed gives the same stream everywhere. */
  static from(seed: Seed): Rng {
    return new Rng(xoroshiro128plusFromState(expandSeed(seedToInt32(seed))));
  }

  /**
   * The stream of item `index` of a seeded batch (level `index` of a pack): it depends only on
   * `(seed, index)`, so any item of a batch can be made alone, on any machine, in any order, and
   * streams of different indices are unrelated.
   *
   * @throws InvalidInputError (code `INVALID_SEED`) for an index that is not a safe integer ≥ 0.
   */
  static forIndex(seed: Seed, index: number): Rng {
    if (!Number.isSafeInteger(index) || index < 0) {
      throw new InvalidInputError(`index must be a whole number ≥ 0, got ${String(index)}`, {
        code: 'INVALID_SEED',
      });
    }
    const lo = (index % TWO_32) | 0;
    const hi = Math.floor(index / TWO_32) | 0;
    // Two rounds of mixing, keyed by the seed, so that (seed, i) and (seed', i') collide only by chance.
    const mixed = splitMix32(
      splitMix32(seedToInt32(seed) ^ splitMix32(lo)) ^ Math.imul(hi, 0x27d4eb2f) ^ 0x5bd1e995,
    );
    return new Rng(xoroshiro128plusFromState(expandSeed(mixed)));
  }

  /** Resumes a stream saved with {@link Rng.getState}. */
  static fromState(state: RngState): Rng {
    const words = (state as { words?: unknown }).words;
    if (
      state.algorithm !== 'xoroshiro128+' ||
      !Array.isArray(words) ||
      words.length !== 4 ||
      !words.every((w) => Number.isInteger(w) && w >= -0x8000_0000 && w <= 0xffff_ffff)
    ) {
      throw new InvalidInputError('not a saved xoroshiro128+ state', { code: 'INVALID_RNG_STATE' });
    }
    const ws = words as number[];
    if ((ws[0]! | ws[1]! | ws[2]! | ws[3]!) === 0) {
      throw new InvalidInputError('the all-zero state is not a valid xoroshiro128+ state', {
        code: 'INVALID_RNG_STATE',
      });
    }
    return new Rng(xoroshiro128plusFromState(ws.map((w) => w | 0)));
  }

  /** The current state, to resume the stream later exactly where it is now. */
  getState(): RngState {
    const [a = 0, b = 0, c = 0, d = 0] = this.gen.getState();
    return { algorithm: 'xoroshiro128+', words: [a, b, c, d] };
  }

  /** An identical, independent copy of this stream (both produce the same values from now on). */
  clone(): Rng {
    return new Rng(this.gen.clone());
  }

  /**
   * A new stream seeded from this one (consuming four values), statistically independent of it.
   * Forking is deterministic: the same parent state gives the same child.
   */
  fork(): Rng {
    const words: [number, number, number, number] = [0, 0, 0, 0];
    for (let i = 0; i < 4; i++)
      words[i] = splitMix32(this.gen.next() ^ Math.imul(i + 1, 0x27d4eb2f));
    if ((words[0] | words[1] | words[2] | words[3]) === 0) words[0] = 1;
    return new Rng(xoroshiro128plusFromState(words));
  }

  /** Advances this stream by 2^64 values: streams taken before and after a jump never overlap. */
  jump(): this {
    this.gen.jump();
    return this;
  }

  /** A uniform unsigned 32-bit integer in [0, 2^32). */
  uint32(): number {
    return this.gen.next() >>> 0;
  }

  /**
   * A uniform integer in [lo, hi], both ends included, without modulo bias (rejection sampling).
   * Bounds must be safe integers with hi − lo < 2^53.
   */
  int(lo: number, hi: number): number {
    if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || hi < lo) {
      throw new InvalidInputError(`int(lo, hi) needs integers with lo <= hi, got (${lo}, ${hi})`, {
        code: 'INVALID_RANGE',
      });
    }
    const range = hi - lo + 1;
    if (range <= TWO_32) {
      // Accept only draws below the largest multiple of `range`, so every residue is equally likely.
      const limit = TWO_32 - (TWO_32 % range);
      let u = this.gen.next() >>> 0;
      while (u >= limit) u = this.gen.next() >>> 0;
      return lo + (u % range);
    }
    if (!Number.isSafeInteger(range)) {
      throw new InvalidInputError(`int(lo, hi) range is too large: ${lo}..${hi}`, {
        code: 'INVALID_RANGE',
      });
    }
    // Two draws give 53 uniform bits; reject above the largest multiple of `range`.
    const TWO_53 = 2 ** 53;
    const limit = TWO_53 - (TWO_53 % range);
    for (;;) {
      const u = (this.gen.next() >>> 11) * TWO_32 + (this.gen.next() >>> 0);
      if (u < limit) return lo + (u % range);
    }
  }

  /** A uniform integer in [0, n): the index form of {@link Rng.int}. */
  below(n: number): number {
    return this.int(0, n - 1);
  }

  /** A uniform float in [0, 1) with 53 random bits. */
  float(): number {
    const a = this.gen.next() >>> 5; // 27 bits
    const b = this.gen.next() >>> 6; // 26 bits
    return (a * 67108864 + b) / 9007199254740992;
  }

  /** True with probability p (0 ≤ p ≤ 1). */
  bool(p = 0.5): boolean {
    if (!(p >= 0 && p <= 1)) {
      throw new InvalidInputError(`bool(p) needs 0 <= p <= 1, got ${p}`, { code: 'INVALID_RANGE' });
    }
    return this.float() < p;
  }

  /** One element chosen uniformly. Throws on an empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0)
      throw new InvalidInputError('pick() from an empty array', { code: 'EMPTY' });
    return items[this.int(0, items.length - 1)] as T;
  }

  /** Shuffles `items` in place (Fisher–Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const t = items[i] as T;
      items[i] = items[j] as T;
      items[j] = t;
    }
    return items;
  }

  /** A shuffled copy; the input is left alone. */
  shuffled<T>(items: readonly T[]): T[] {
    return this.shuffle(items.slice());
  }

  /**
   * An index chosen with probability proportional to its weight. Weights must be finite and
   * non-negative with a positive sum.
   */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i]!;
      if (!(w >= 0) || !Number.isFinite(w)) {
        throw new InvalidInputError(`weight ${i} must be a finite number >= 0, got ${w}`, {
          path: `$[${i}]`,
          code: 'INVALID_WEIGHT',
        });
      }
      total += w;
    }
    if (!(total > 0))
      throw new InvalidInputError('weights must have a positive sum', { code: 'INVALID_WEIGHT' });
    let r = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    // Rounding can leave r a hair above 0: return the last index with positive weight.
    for (let i = weights.length - 1; i >= 0; i--) if (weights[i]! > 0) return i;
    return weights.length - 1;
  }

  /** An item chosen with probability proportional to `weight(item)`. */
  weightedPick<T>(items: readonly T[], weight: (item: T, index: number) => number): T {
    return items[this.weightedIndex(items.map(weight))] as T;
  }

  /**
   * k distinct elements, in random order, each k-subset equally likely (a partial Fisher–Yates;
   * for small k of a large array, Floyd's algorithm avoids copying it).
   */
  sample<T>(items: readonly T[], k: number): T[] {
    if (!Number.isInteger(k) || k < 0 || k > items.length) {
      throw new InvalidInputError(
        `sample size must be an integer in 0..${items.length}, got ${k}`,
        {
          code: 'INVALID_RANGE',
        },
      );
    }
    if (k * 8 < items.length) {
      // Floyd's algorithm: k draws, a set of chosen indices, no copy of the array.
      const chosen = new Set<number>();
      const order: number[] = [];
      for (let j = items.length - k; j < items.length; j++) {
        const t = this.int(0, j);
        const pickIdx = chosen.has(t) ? j : t;
        chosen.add(pickIdx);
        order.push(pickIdx);
      }
      this.shuffle(order);
      return order.map((i) => items[i] as T);
    }
    const copy = items.slice();
    for (let i = 0; i < k; i++) {
      const j = this.int(i, copy.length - 1);
      const t = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = t;
    }
    copy.length = k;
    return copy;
  }
}

/** Shorthand for {@link Rng.from}. */
export function createRng(seed: Seed): Rng {
  return Rng.from(seed);
}
