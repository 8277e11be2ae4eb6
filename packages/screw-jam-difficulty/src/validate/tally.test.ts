import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rocAuc, spearman } from './stats.js';
import {
  bestCut,
  cutAt,
  monotonicity,
  TallyBuilder,
  tallyAuc,
  tallyBins,
  tallySpearman,
  type DctBin,
} from './tally.js';

/** Boxes as (dct, failed) pairs; dct from a small set so that ties are common. */
const boxes = fc.array(
  fc.tuple(fc.constantFrom(0, 12.5, 23.33, 40, 53, 55, 58.67, 70, 100), fc.boolean()),
  { minLength: 0, maxLength: 200 },
);

function tallyOf(list: readonly (readonly [number, boolean])[]) {
  const t = new TallyBuilder();
  for (const [d, f] of list) t.add(d, f, f ? 5 : 1);
  return t.build();
}

describe('the dct tally gives the same figures as the box-by-box statistics (property)', () => {
  it('AUC and Spearman equal the rank-based computation on every box', () => {
    fc.assert(
      fc.property(boxes, (list) => {
        const t = tallyOf(list);
        const scores = list.map((b) => b[0]);
        const failed = list.map((b) => b[1]);
        const auc = rocAuc(scores, failed);
        const rho = spearman(
          scores,
          failed.map((f) => (f ? 1 : 0)),
        );
        if (Number.isNaN(auc)) expect(tallyAuc(t)).toBeNaN();
        else expect(tallyAuc(t)).toBeCloseTo(auc, 12);
        if (Number.isNaN(rho)) expect(tallySpearman(t)).toBeNaN();
        else expect(tallySpearman(t)).toBeCloseTo(rho, 12);
      }),
      { numRuns: 300 },
    );
  });
  it('the best cut beats or ties every threshold 0..100, and cutAt counts by brute force', () => {
    fc.assert(
      fc.property(boxes, fc.integer({ min: 0, max: 100 }), (list, threshold) => {
        const t = tallyOf(list);
        const pos = list.filter((b) => b[1]).length;
        const neg = list.length - pos;
        const hard = list.filter((b) => b[0] > threshold);
        const hardFail = hard.filter((b) => b[1]).length;
        const c = cutAt(t, threshold);
        if (pos > 0 && neg > 0)
          expect(c.j).toBeCloseTo(hardFail / pos - (hard.length - hardFail) / neg, 12);
        if (hard.length > 0) expect(c.hardFailRate).toBeCloseTo(hardFail / hard.length, 12);
        const best = bestCut(t);
        if (pos === 0 || neg === 0) expect(best).toBeNull();
        else {
          expect(best!.j).toBeGreaterThanOrEqual(c.j - 1e-12);
          // The tie range: every threshold in it has J equal to the best, the next one does not.
          for (let u = best!.threshold; u <= best!.tiedUpTo; u++)
            expect(cutAt(t, u).j).toBeCloseTo(best!.j, 12);
          if (best!.tiedUpTo < 100)
            expect(Math.abs(cutAt(t, best!.tiedUpTo + 1).j - best!.j)).toBeGreaterThan(1e-12);
        }
      }),
      { numRuns: 300 },
    );
  });
  it('shows the tie range of the best cut (by hand: no box rates between 24 and 35)', () => {
    const t = tallyOf([
      [10, false],
      [10, false],
      [24, false],
      [35, true],
      [60, true],
      [60, false],
    ]);
    // hard = dct > t: at t = 24…34 both failed boxes are hard and 1 of 4 finished is: J = 1 − 1/4.
    expect(bestCut(t)).toMatchObject({ threshold: 24, tiedUpTo: 34, j: 0.75 });
  });
  it('bins add up to the tally, with the mean largest tray per bin', () => {
    const t = tallyOf([
      [0, false],
      [19.9, true],
      [55, false],
      [100, true],
    ]);
    const bins = tallyBins(t);
    expect(bins.map((b) => b.boxes)).toEqual([2, 0, 0, 1, 0, 1]);
    expect(bins[0]).toMatchObject({ failed: 1, failRate: 0.5, meanMaxTray: 3 });
  });
});

describe('monotonicity', () => {
  const bin = (from: number, to: number, boxes: number, failed: number): DctBin => ({
    from,
    to,
    boxes,
    failed,
    failRate: boxes > 0 ? failed / boxes : NaN,
    meanMaxTray: 0,
  });
  it('names each range where the failure rate falls, skipping ranges with few boxes', () => {
    const bins = [
      bin(0, 20, 100, 5),
      bin(20, 40, 100, 20),
      bin(40, 55, 10, 0),
      bin(55, 70, 100, 15),
    ];
    const m = monotonicity(bins);
    expect(m.monotone).toBe(false);
    expect(m.drops).toHaveLength(1);
    expect(m.drops[0]!.from.from).toBe(20);
    expect(m.drops[0]!.to.from).toBe(55);
    expect(monotonicity([bin(0, 20, 50, 1), bin(20, 40, 50, 1), bin(40, 55, 50, 9)]).monotone).toBe(
      true,
    );
  });
});
