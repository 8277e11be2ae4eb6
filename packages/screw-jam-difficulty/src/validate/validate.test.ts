import { describe, expect, it } from 'vitest';
import { Rng } from '@puzzlekit/rng';
import { dctBins, indexReport, recordDct, refitParams, runController } from './validate.js';
import type { BoxRecord } from '../simulate/engine.js';
import { SEED_PARAMS } from '../rate/dct.js';
import { generated } from '../testing/levels.js';

function rec(over: Partial<BoxRecord>): BoxRecord {
  return {
    color: 'c',
    position: 'middle',
    step: 0,
    M: 0,
    K: 0,
    N: 6,
    nSelf: 0,
    nCurrent: 0,
    deep: true,
    hasCurrent: false,
    dct: 0,
    trayAtSpawn: 0,
    maxTray: 0,
    finished: true,
    ...over,
  };
}

describe('validation', () => {
  it('recordDct recomputes the index from the recorded inputs', () => {
    expect(recordDct(rec({ M: 2, nSelf: 3 }))).toBeCloseTo(47, 10);
    expect(
      recordDct(rec({ M: 4, K: 1, nSelf: 5, nCurrent: 2, hasCurrent: true, position: 'left' })),
    ).toBeCloseTo(24 + 280 / 6, 10);
  });
  it('reports AUC 1 when failure is exactly "dct above 55", and failure rates each side', () => {
    const rs = [
      rec({ M: 0, nSelf: 6 }),
      rec({ M: 1, nSelf: 5 }),
      rec({ M: 4, nSelf: 0, finished: false }),
      rec({ M: 3, nSelf: 1, finished: false }),
    ];
    const r = indexReport(rs);
    expect(r.auc).toBe(1);
    expect(r.hardFailRate).toBe(1);
    expect(r.easyFailRate).toBe(0);
    expect(r.spearman).toBeGreaterThan(0.8);
  });
  it('refits the weights toward the term that drives failure', () => {
    // Synthetic boxes: failure depends only on the supply term (n_c small), never on M.
    const rng = Rng.from(9);
    const rs: BoxRecord[] = [];
    for (let i = 0; i < 400; i++) {
      const nSelf = rng.int(0, 6);
      const M = rng.int(0, 4);
      rs.push(rec({ M, nSelf, finished: nSelf >= 3 }));
    }
    const fit = refitParams(rs);
    expect(fit.params.trayWeight).toBe(0);
    expect(fit.auc).toBe(1);
    expect(fit.auc).toBeGreaterThan(fit.seedAuc);
    // Hard = n ≤ 2, i.e. dct = (6 − n)/6·100 ≥ 66.7; any threshold in [50, 66] separates: the smallest wins.
    expect(fit.params.threshold).toBe(50);
    expect(fit.tpr).toBe(1);
    expect(fit.fpr).toBe(0);
  });
  it('refit needs both outcomes', () => {
    expect(() => refitParams([rec({})])).toThrow(/both/);
  });
  it('the controller raises difficulty after wins and lowers it after losses', () => {
    const level = generated({
      colors: 5,
      boxesPerColor: 2,
      layers: 3,
      width: 6,
      height: 6,
      seed: 4,
    });
    const high = runController({
      levels: [level],
      target: 0.95,
      games: 60,
      bot: { kind: 'greedy' },
      seed: 1,
      warmup: 0,
    });
    const low = runController({
      levels: [level],
      target: 0.05,
      games: 60,
      bot: { kind: 'greedy' },
      seed: 1,
      warmup: 0,
    });
    expect(low.meanCenter).toBeGreaterThan(high.meanCenter);
    expect(high.winRate).toBeGreaterThanOrEqual(low.winRate);
    expect(SEED_PARAMS.threshold).toBe(55);
  });
});

describe('dctBins', () => {
  it('groups boxes by dct with failure rates', () => {
    const rs = [
      rec({ dct: 0 }),
      rec({ dct: 19.9, finished: false, maxTray: 4 }),
      rec({ dct: 55 }),
      rec({ dct: 100, finished: false }),
    ];
    const bins = dctBins(rs);
    expect(bins.map((b) => b.boxes)).toEqual([2, 0, 0, 1, 0, 1]);
    expect(bins[0]).toMatchObject({ failed: 1, failRate: 0.5, meanMaxTray: 2 });
    expect(bins[5]!.failRate).toBe(1);
    expect(() => dctBins(rs, [0, 0])).toThrow(/increasing/);
  });
});
