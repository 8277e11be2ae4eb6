import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ranks, rocAuc, spearman } from './stats.js';

function bruteAuc(s: number[], y: boolean[]): number {
  let num = 0;
  let den = 0;
  for (let i = 0; i < s.length; i++)
    for (let j = 0; j < s.length; j++)
      if (y[i] && !y[j]) {
        den++;
        num += s[i]! > s[j]! ? 1 : s[i] === s[j] ? 0.5 : 0;
      }
  return num / den;
}

describe('stats', () => {
  it('ranks average ties', () => {
    expect(ranks([10, 20, 10, 30])).toEqual([1.5, 3, 1.5, 4]);
  });
  it('AUC equals pair counting (property) and known values', () => {
    expect(rocAuc([1, 2, 3, 4], [false, false, true, true])).toBe(1);
    expect(rocAuc([1, 2, 3, 4], [true, true, false, false])).toBe(0);
    expect(rocAuc([5, 5, 5, 5], [true, false, true, false])).toBe(0.5);
    expect(rocAuc([1, 2], [true, true])).toBeNaN();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.boolean()), {
          minLength: 2,
          maxLength: 30,
        }),
        (pairs) => {
          const s = pairs.map((p) => p[0]);
          const y = pairs.map((p) => p[1]);
          if (!y.some(Boolean) || y.every(Boolean)) return;
          expect(rocAuc(s, y)).toBeCloseTo(bruteAuc(s, y), 12);
        },
      ),
    );
  });
  it('Spearman: ±1 for monotone data, a hand-computed tied case', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    // x ranks 1..4, y ranks 1.5,1.5,3.5,3.5: r = 4/sqrt(5·4) = 0.894…
    expect(spearman([1, 2, 3, 4], [0, 0, 1, 1])).toBeCloseTo(4 / Math.sqrt(20), 12);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNaN();
  });
});
