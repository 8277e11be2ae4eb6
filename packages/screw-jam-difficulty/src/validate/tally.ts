import { InvalidInputError } from '@puzzlekit/errors';
import type { BoxRecord } from '../simulate/engine.js';

/**
 * Boxes counted by their exact dct value: how many spawned, how many failed, and the sum of their
 * largest tray load. The index takes few distinct values (M, K, n_c and N are small whole numbers),
 * so a million playouts fit in a few thousand entries: every figure of the validation (AUC, rank
 * correlation, bins, best cut) is computed from this table instead of from kept box records.
 */
export interface DctTally {
  /** Distinct dct values, increasing. */
  readonly values: readonly number[];
  /** Boxes with that dct. */
  readonly boxes: readonly number[];
  /** Of those, boxes not finished. */
  readonly failed: readonly number[];
  /** Sum of those boxes' largest tray load while open. */
  readonly maxTraySum: readonly number[];
}

/** Builds a {@link DctTally} one box at a time. */
export class TallyBuilder {
  private readonly byValue = new Map<number, [number, number, number]>();

  /** Counts one box. */
  add(dct: number, failed: boolean, maxTray: number): void {
    let row = this.byValue.get(dct);
    if (!row) this.byValue.set(dct, (row = [0, 0, 0]));
    row[0]++;
    if (failed) row[1]++;
    row[2] += maxTray;
  }

  /** Counts every box of another tally. */
  addTally(t: DctTally): void {
    t.values.forEach((v, i) => {
      let row = this.byValue.get(v);
      if (!row) this.byValue.set(v, (row = [0, 0, 0]));
      row[0] += t.boxes[i]!;
      row[1] += t.failed[i]!;
      row[2] += t.maxTraySum[i]!;
    });
  }

  /** The tally so far, values increasing. */
  build(): DctTally {
    const entries = [...this.byValue].sort((a, b) => a[0] - b[0]);
    return {
      values: entries.map((e) => e[0]),
      boxes: entries.map((e) => e[1][0]),
      failed: entries.map((e) => e[1][1]),
      maxTraySum: entries.map((e) => e[1][2]),
    };
  }
}

/** Tallies box records by `dctOf(record)` (default: the dct recorded at the spawn). */
export function tallyRecords(
  records: readonly BoxRecord[],
  dctOf: (r: BoxRecord) => number = (r) => r.dct,
): DctTally {
  const t = new TallyBuilder();
  for (const r of records) t.add(dctOf(r), !r.finished, r.maxTray);
  return t.build();
}

/** Totals of a tally: boxes and failures. */
function totals(t: DctTally): { n: number; pos: number } {
  let n = 0;
  let pos = 0;
  t.boxes.forEach((b, i) => {
    n += b;
    pos += t.failed[i]!;
  });
  return { n, pos };
}

/**
 * ROC AUC of dct for failure from a tally: the chance a failed box has a higher dct than a finished
 * one, ties counting half (Mann–Whitney U / (n₊·n₋)). NaN when either class is empty.
 */
export function tallyAuc(t: DctTally): number {
  const { n, pos } = totals(t);
  const neg = n - pos;
  if (pos === 0 || neg === 0) return NaN;
  let u = 0;
  let negBelow = 0;
  t.values.forEach((_, i) => {
    const f = t.failed[i]!;
    const ok = t.boxes[i]! - f;
    u += f * negBelow + 0.5 * f * ok;
    negBelow += ok;
  });
  return u / (pos * neg);
}

/**
 * Spearman rank correlation of dct with failure (0/1) from a tally: the Pearson correlation of
 * average ranks, ties sharing their mean rank. NaN when either side is constant.
 */
export function tallySpearman(t: DctTally): number {
  const { n, pos } = totals(t);
  if (n < 2) return NaN;
  const neg = n - pos;
  const mean = (n + 1) / 2;
  // Ranks of failure: all finished boxes tie at (neg + 1)/2, all failed at neg + (pos + 1)/2.
  const ry0 = (neg + 1) / 2 - mean;
  const ry1 = neg + (pos + 1) / 2 - mean;
  let sxy = 0;
  let sxx = 0;
  let below = 0;
  t.values.forEach((_, i) => {
    const b = t.boxes[i]!;
    const f = t.failed[i]!;
    const rx = below + (b + 1) / 2 - mean;
    sxy += rx * (f * ry1 + (b - f) * ry0);
    sxx += b * rx * rx;
    below += b;
  });
  const syy = pos * ry1 * ry1 + neg * ry0 * ry0;
  return sxx === 0 || syy === 0 ? NaN : sxy / Math.sqrt(sxx * syy);
}

/** How boxes split at a threshold: "hard" means dct strictly above it. */
export interface Cut {
  /** The threshold. */
  readonly threshold: number;
  /** Youden's J: share of failed boxes called hard minus share of finished boxes called hard. */
  readonly j: number;
  /** Failure rate of the boxes above the threshold (NaN when none). */
  readonly hardFailRate: number;
  /** Failure rate of the boxes at or below it (NaN when none). */
  readonly easyFailRate: number;
  /** Share of boxes above it. */
  readonly hardShare: number;
}

/** The split of a tally at `threshold` (hard = dct > threshold). */
export function cutAt(t: DctTally, threshold: number): Cut {
  const { n, pos } = totals(t);
  let hard = 0;
  let hardFail = 0;
  t.values.forEach((v, i) => {
    if (v > threshold) {
      hard += t.boxes[i]!;
      hardFail += t.failed[i]!;
    }
  });
  const neg = n - pos;
  const easy = n - hard;
  return {
    threshold,
    j: pos > 0 && neg > 0 ? hardFail / pos - (hard - hardFail) / neg : NaN,
    hardFailRate: hard > 0 ? hardFail / hard : NaN,
    easyFailRate: easy > 0 ? (pos - hardFail) / easy : NaN,
    hardShare: n > 0 ? hard / n : NaN,
  };
}

/** The best cut, with the thresholds that split the boxes exactly as well. */
export interface BestCut extends Cut {
  /**
   * The largest threshold of the run of whole thresholds from `threshold` up that give the same J
   * (no box rates between them, so every one of them splits the boxes alike): "24–34" when 24 is
   * best and 25…34 tie with it.
   */
  readonly tiedUpTo: number;
}

/**
 * The threshold in 0, 1, …, 100 that best separates failed from finished boxes (largest Youden's J;
 * the smallest such threshold on ties), with the run of thresholds above it that tie. Null when the
 * tally lacks failed or finished boxes.
 */
export function bestCut(t: DctTally): BestCut | null {
  let best: Cut | null = null;
  const js: number[] = [];
  for (let threshold = 0; threshold <= 100; threshold++) {
    const c = cutAt(t, threshold);
    if (Number.isNaN(c.j)) return null;
    js.push(c.j);
    if (!best || c.j > best.j + 1e-12) best = c;
  }
  if (!best) return null;
  let tiedUpTo = best.threshold;
  while (tiedUpTo < 100 && Math.abs(js[tiedUpTo + 1]! - best.j) <= 1e-12) tiedUpTo++;
  return { ...best, tiedUpTo };
}

/** Boxes grouped by dct range: how many spawned and how many failed. */
export interface DctBin {
  /** Lower edge (inclusive; the first bin also takes values below it). */
  readonly from: number;
  /** Upper edge (exclusive, except the last bin, which includes 100). */
  readonly to: number;
  /** Boxes whose dct fell in the bin. */
  readonly boxes: number;
  /** Of those, boxes not finished. */
  readonly failed: number;
  /** failed / boxes (NaN for an empty bin). */
  readonly failRate: number;
  /** Mean of the boxes' largest tray occupancy while open. */
  readonly meanMaxTray: number;
}

/** The default dct ranges of the validation output. */
export const DEFAULT_BIN_EDGES: readonly number[] = [0, 20, 40, 55, 70, 85, 100];

/** Per-box outcomes of a tally by dct range; `edges` must increase. */
export function tallyBins(t: DctTally, edges: readonly number[] = DEFAULT_BIN_EDGES): DctBin[] {
  if (edges.length < 2 || edges.some((e, i) => i > 0 && !(e > edges[i - 1]!)))
    throw new InvalidInputError('bin edges must be at least two increasing numbers', {
      code: 'INVALID_OPTIONS',
    });
  const k = edges.length - 1;
  const boxes = new Array<number>(k).fill(0);
  const failed = new Array<number>(k).fill(0);
  const tray = new Array<number>(k).fill(0);
  t.values.forEach((v, i) => {
    let b = 0;
    while (b < k - 1 && v >= edges[b + 1]!) b++;
    boxes[b]! += t.boxes[i]!;
    failed[b]! += t.failed[i]!;
    tray[b]! += t.maxTraySum[i]!;
  });
  return boxes.map((n, b) => ({
    from: edges[b]!,
    to: edges[b + 1]!,
    boxes: n,
    failed: failed[b]!,
    failRate: n > 0 ? failed[b]! / n : NaN,
    meanMaxTray: n > 0 ? tray[b]! / n : NaN,
  }));
}

/** Whether the failure rate rises with dct, bin by bin. */
export interface Monotonicity {
  /** True when no counted bin fails less often than the counted bin before it. */
  readonly monotone: boolean;
  /** Each fall: the bin before and the bin after (only bins with at least `minBoxes` boxes count). */
  readonly drops: readonly { readonly from: DctBin; readonly to: DctBin }[];
  /** Bins with fewer boxes than this were skipped. */
  readonly minBoxes: number;
}

/** Checks that failure rate does not fall as dct rises, over bins with at least `minBoxes` boxes. */
export function monotonicity(bins: readonly DctBin[], minBoxes = 30): Monotonicity {
  const counted = bins.filter((b) => b.boxes >= minBoxes);
  const drops: { from: DctBin; to: DctBin }[] = [];
  for (let i = 1; i < counted.length; i++) {
    if (counted[i]!.failRate < counted[i - 1]!.failRate)
      drops.push({ from: counted[i - 1]!, to: counted[i]! });
  }
  return { monotone: drops.length === 0, drops, minBoxes };
}
