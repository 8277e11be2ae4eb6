import { Rng } from '@puzzlekit/rng';
import { describe, expect, it } from 'vitest';
import { checkOutTree, hornOrder, hornOrderWith, orderObjective } from './horn.js';

/** Minimum objective over every order that respects the tree (all linear extensions). */
function bruteForce(parent: Int32Array, p: Float64Array, w: Float64Array): number {
  const n = parent.length;
  const done = new Uint8Array(n);
  let best = Number.POSITIVE_INFINITY;
  const rec = (count: number, before: number, total: number): void => {
    if (total >= best) return;
    if (count === n) {
      best = total;
      return;
    }
    for (let v = 0; v < n; v++) {
      if (done[v] === 1) continue;
      const q = parent[v] ?? -1;
      if (q !== -1 && done[q] !== 1) continue;
      if (q === -1 && count !== 0) continue;
      done[v] = 1;
      rec(count + 1, before + (p[v] ?? 0), total + before * (w[v] ?? 0));
      done[v] = 0;
    }
  };
  rec(0, 0, 0);
  return best;
}

function randomTree(
  rng: Rng,
  n: number,
  maxValue: number,
): { parent: Int32Array; p: Float64Array; w: Float64Array } {
  // Random labels so the root is not always 0.
  const label = rng.shuffled(Array.from({ length: n }, (_, i) => i));
  const parent = new Int32Array(n);
  const p = new Float64Array(n);
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const li = label[i] ?? 0;
    parent[li] = i === 0 ? -1 : (label[rng.below(i)] ?? 0);
    p[li] = rng.bool(0.15) ? 0 : rng.int(0, maxValue);
    w[li] = rng.bool(0.15) ? 0 : rng.int(0, maxValue);
  }
  return { parent, p, w };
}

function isValidOrder(order: Int32Array, parent: Int32Array): boolean {
  const pos = new Int32Array(order.length).fill(-1);
  order.forEach((v, k) => (pos[v] = k));
  if (pos.some((k) => k < 0)) return false;
  for (let v = 0; v < parent.length; v++) {
    const q = parent[v] ?? -1;
    if (q === -1 ? pos[v] !== 0 : (pos[q] ?? 0) > (pos[v] ?? 0)) return false;
  }
  return true;
}

describe('hornOrder', () => {
  it('matches brute force on 4,000 random trees of 1–8 nodes (ties and zeros included)', () => {
    const rng = Rng.from('horn-brute-force');
    for (let t = 0; t < 4000; t++) {
      const n = rng.int(1, 8);
      const { parent, p, w } = randomTree(rng, n, t % 2 === 0 ? 5 : 60);
      const order = hornOrder({ parent, p, w });
      expect(isValidOrder(order, parent)).toBe(true);
      expect(orderObjective(order, p, w)).toBe(bruteForce(parent, p, w));
    }
  });

  it('matches brute force when ratios differ by less than double rounding can see (large values)', () => {
    const rng = Rng.from('horn-near-ties');
    for (let t = 0; t < 1500; t++) {
      const n = rng.int(2, 7);
      const { parent } = randomTree(rng, n, 1);
      const p = new Float64Array(n);
      const w = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        // Ratios (q + d)/q for q near 2^20: neighbours differ by about 2^-40.
        const q = 2 ** 20 - rng.int(0, 3);
        p[i] = q;
        w[i] = q + rng.int(0, 2);
      }
      const order = hornOrder({ parent, p, w });
      expect(orderObjective(order, p, w)).toBe(bruteForce(parent, p, w));
    }
  });

  it('tells apart ratios that round to the same double (large sums: cross-products)', () => {
    // 171,523,813,933,066 / 39 and 153,931,627,888,649 / 35 are the same double, but node 2's ratio is
    // larger (cross products 6,003,333,487,657,311 > …310, exact below 2^53): it must come first,
    // although node 1 has the smaller index, which breaks true ties.
    const w1 = 171_523_813_933_066;
    const w2 = 153_931_627_888_649;
    expect(w1 / 39).toBe(w2 / 35);
    const order = hornOrder({ parent: [-1, 0, 0], p: [0, 39, 35], w: [0, w1, w2] });
    expect(Array.from(order)).toEqual([0, 2, 1]);
    // The same ratios scaled down to small integers tie exactly: then the smaller index goes first.
    expect(Array.from(hornOrder({ parent: [-1, 0, 0], p: [0, 1, 3], w: [0, 4, 12] }))).toEqual([
      0, 1, 2,
    ]);
  });

  it('gives the same order on both heaps: integer trees, the same trees halved, and either heap forced', () => {
    const rng = Rng.from('horn-two-heaps');
    for (let t = 0; t < 300; t++) {
      const { parent, p, w } = randomTree(rng, rng.int(1, 300), t % 3 === 0 ? 4 : 1000);
      const halved = { parent, p: p.map((x) => x / 2), w: w.map((x) => x / 2) };
      const order = Array.from(hornOrder({ parent, p, w }));
      expect(Array.from(hornOrder(halved))).toEqual(order);
      expect(Array.from(hornOrderWith({ parent, p, w }, 'ratio'))).toEqual(order);
      expect(Array.from(hornOrderWith({ parent, p, w }, 'cross-products'))).toEqual(order);
    }
  });

  it('hand example: the octopus with a bad point (outer ratio above inner) merges in the right order', () => {
    // root 0 → 1 (a=10, g=1) → 2 (a=1, g=30); root 0 → 3 (a=5, g=5).
    // Ratios g/a: 1 → 0.1, 2 → 30, 3 → 1. Horn merges 2 into 1 first (group 1+2: 31/11 ≈ 2.8 > 1),
    // so the order is 0, 1, 2, 3 with objective 10·30 + 10·5 + 1·5 = 355 (the other orders cost more).
    const parent = Int32Array.from([-1, 0, 1, 0]);
    const p = Float64Array.from([0, 10, 1, 5]);
    const w = Float64Array.from([0, 1, 30, 5]);
    const order = hornOrder({ parent, p, w });
    expect(Array.from(order)).toEqual([0, 1, 2, 3]);
    expect(orderObjective(order, p, w)).toBe(10 * 1 * 0 + 10 * 30 + 10 * 5 + 1 * 5);
    expect(bruteForce(parent, p, w)).toBe(355);
  });

  it('is deterministic on a chain and a star', () => {
    expect(
      Array.from(hornOrder({ parent: [-1, 0, 1, 2], p: [1, 1, 1, 1], w: [1, 1, 1, 1] })),
    ).toEqual([0, 1, 2, 3]);
    const star = hornOrder({ parent: [-1, 0, 0, 0], p: [0, 3, 1, 2], w: [0, 3, 3, 3] });
    expect(Array.from(star)).toEqual([0, 2, 3, 1]);
  });

  it('rejects forests, cycles, bad parents and negative values with InvalidInputError', () => {
    expect(() => checkOutTree({ parent: [-1, -1], p: [0, 0], w: [0, 0] })).toThrow(
      /more than one root/,
    );
    expect(() => checkOutTree({ parent: [1, 0], p: [0, 0], w: [0, 0] })).toThrow(/no root/);
    expect(() => checkOutTree({ parent: [-1, 2, 1], p: [0, 0, 0], w: [0, 0, 0] })).toThrow(/cycle/);
    expect(() => checkOutTree({ parent: [-1, 5], p: [0, 0], w: [0, 0] })).toThrow(/not a node/);
    expect(() => checkOutTree({ parent: [-1, 0], p: [0, -1], w: [0, 0] })).toThrow(/≥ 0/);
    expect(() => checkOutTree({ parent: [], p: [], w: [] })).toThrow(/no nodes/);
  });
});
