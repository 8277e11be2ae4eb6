/** Average ranks (1-based), ties sharing the mean of their positions. */
export function ranks(values: readonly number[]): number[] {
  const idx = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]! || a - b);
  const out = new Array<number>(values.length);
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j + 1 < idx.length && values[idx[j + 1]!] === values[idx[i]!]) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[idx[k]!] = r;
    i = j + 1;
  }
  return out;
}

/**
 * ROC AUC of `scores` for predicting `positive` (true = the event, here a failed box): the chance a
 * random positive scores above a random negative, ties counting half (Mann–Whitney U / (n₊·n₋)).
 * NaN when either class is empty.
 */
export function rocAuc(scores: readonly number[], positive: readonly boolean[]): number {
  const r = ranks(scores);
  let nPos = 0;
  let sumPos = 0;
  for (let i = 0; i < scores.length; i++) {
    if (positive[i]) {
      nPos++;
      sumPos += r[i]!;
    }
  }
  const nNeg = scores.length - nPos;
  if (nPos === 0 || nNeg === 0) return NaN;
  return (sumPos - (nPos * (nPos + 1)) / 2) / (nPos * nNeg);
}

/** Spearman rank correlation (Pearson correlation of average ranks); NaN when a side is constant. */
export function spearman(x: readonly number[], y: readonly number[]): number {
  const rx = ranks(x);
  const ry = ranks(y);
  const n = x.length;
  if (n < 2) return NaN;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += rx[i]!;
    my += ry[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = rx[i]! - mx;
    const dy = ry[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? NaN : sxy / Math.sqrt(sxx * syy);
}
