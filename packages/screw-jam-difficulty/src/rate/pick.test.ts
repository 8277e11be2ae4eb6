import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '@puzzlekit/rng';
import { blendWeights, pickBlended, pickInBand } from './pick.js';
import { pickColor } from './pick-snapshot.js';
import { SEED_PARAMS } from './dct.js';

describe('pickInBand', () => {
  const d = [70, 40, 50, 20];
  it('the seed: the first colour in band, else the easiest', () => {
    expect(pickInBand(d, 30, 55)).toEqual({ index: 1, inBand: true });
    expect(pickInBand(d, 80, 90)).toEqual({ index: 3, inBand: false });
    expect(pickInBand([30, 30], 80, 90)).toEqual({ index: 0, inBand: false });
    expect(pickInBand([], 0, 100)).toBeNull();
  });
  it('nearest fallback takes the colour closest to the band', () => {
    expect(pickInBand(d, 80, 90, 'first', 'nearest')).toEqual({ index: 0, inBand: false });
    expect(pickInBand(d, 0, 10, 'first', 'nearest')).toEqual({ index: 3, inBand: false });
  });
  it('random choice stays in band, covers every in-band colour, and is seeded', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer(),
        (ds, lo, seed) => {
          const hi = Math.min(100, lo + 30);
          const a = pickInBand(ds, lo, hi, 'random', 'easiest', Rng.from(seed))!;
          const b = pickInBand(ds, lo, hi, 'random', 'easiest', Rng.from(seed))!;
          expect(a).toEqual(b);
          const any = ds.some((x) => lo <= x && x <= hi);
          expect(a.inBand).toBe(any);
          if (any) expect(lo <= ds[a.index]! && ds[a.index]! <= hi).toBe(true);
          else expect(ds[a.index]).toBe(Math.min(...ds));
        },
      ),
    );
    const rng = Rng.from(3);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) seen.add(pickInBand(d, 30, 75, 'random', 'easiest', rng)!.index);
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });
  it('rejects an empty band', () => {
    expect(() => pickInBand(d, 60, 50)).toThrow(/low ≤ high/);
  });
});

describe('blendWeights', () => {
  it('K = 0 is proportional to availability, K = 1 to 1/(a+1)', () => {
    const a = [1, 3, 0];
    expect(blendWeights(a, 0)).toEqual([0.25, 0.75, 0]);
    const inv = [1 / 2, 1 / 4, 1];
    const s = inv.reduce((x, y) => x + y);
    blendWeights(a, 1).forEach((w, i) => expect(w).toBeCloseTo(inv[i]! / s, 12));
    const half = blendWeights(a, 0.5);
    half.forEach((w, i) =>
      expect(w).toBeCloseTo(0.5 * [0.25, 0.75, 0][i]! + (0.5 * inv[i]!) / s, 12),
    );
  });
  it('sums to 1 and is non-negative (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(20), { minLength: 1, maxLength: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, k) => {
          const w = blendWeights(a, k);
          expect(w.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
          for (const x of w) expect(x).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('pickColor on a snapshot', () => {
  const cover = { ...SEED_PARAMS, reading: 'cover' } as const;
  const snap = {
    maxPerColor: 6,
    screws: [
      { color: 'red', depth: 0 },
      { color: 'red', depth: 2 },
      { color: 'red', depth: 0 },
      { color: 'blue', depth: 0 },
      { color: 'blue', depth: 3 },
      { color: 'blue', depth: 3 },
    ],
    tray: ['blue'],
    currentBox: null,
  };
  it("uses the middle index and the seed's rule", () => {
    // middle: red M=1 n=2 → 6 + 46.67 = 52.67; blue M=0 n=1 → 0 + 58.33.
    expect(pickColor(snap, { position: 'middle', band: [55, 60], params: cover })).toMatchObject({
      color: 'blue',
      inBand: true,
    });
    expect(pickColor(snap, { position: 'middle', band: [0, 10], params: cover })).toMatchObject({
      color: 'red',
      inBand: false,
    });
  });
  it('the blend without an rng takes the heaviest weight', () => {
    // availability: red 2 tappable, blue 1 tappable + 1 in tray = 2 → equal; K=1 also equal → first.
    expect(pickColor(snap, { position: 'middle', band: { k: 1 }, params: cover })!.color).toBe(
      'red',
    );
  });
});

describe('pickBlended', () => {
  it('follows the blend weights (K = 0 never picks a colour with nothing available)', () => {
    const rng = Rng.from(5);
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[pickBlended([0, 1, 3], 0, rng)!]!++;
    expect(counts[0]).toBe(0);
    // Expected shares 1/4 and 3/4.
    expect(counts[1]! / 3000).toBeGreaterThan(0.2);
    expect(counts[1]! / 3000).toBeLessThan(0.3);
    expect(pickBlended([], 0.5, rng)).toBeNull();
    expect(() => blendWeights([1], 1.5)).toThrow(/0\.\.1/);
  });
});
