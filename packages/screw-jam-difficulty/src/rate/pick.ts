import { InvalidInputError } from '@puzzlekit/errors';
import type { Rng } from '@puzzlekit/rng';

/** How to choose among the colours whose dct lies in the band. */
export type BandChoice = 'first' | 'random';
/** What to do when no colour lies in the band: the article's easiest, or the one nearest the band. */
export type BandFallback = 'easiest' | 'nearest';

/** The result of a pick: the index into the candidate list, and whether it was in the band. */
export interface Pick {
  /** Index of the chosen candidate. */
  readonly index: number;
  /** True when the chosen dct lies in [low, high]. */
  readonly inBand: boolean;
}

/**
 * Picks a colour by dct band, given candidates' dct values in the caller's fixed colour order.
 * `first` (the article): the first with low ≤ dct ≤ high; `random`: uniform among those in band, from
 * `rng`. Without one in band: `easiest` (the article) takes the smallest dct (first on ties);
 * `nearest` the one closest to the band (first on ties). Returns null for no candidates.
 */
export function pickInBand(
  dcts: readonly number[],
  low: number,
  high: number,
  choice: BandChoice = 'first',
  fallback: BandFallback = 'easiest',
  rng?: Rng,
): Pick | null {
  if (!(low <= high))
    throw new InvalidInputError(`band must have low ≤ high, got [${low}, ${high}]`, {
      code: 'INVALID_BAND',
    });
  if (dcts.length === 0) return null;
  let inBand = 0;
  for (const d of dcts) if (low <= d && d <= high) inBand++;
  if (inBand > 0) {
    let k = 0;
    if (choice === 'random') {
      if (!rng)
        throw new InvalidInputError('random choice in band needs an rng', {
          code: 'INVALID_OPTIONS',
        });
      k = rng.below(inBand);
    }
    for (let i = 0; i < dcts.length; i++) {
      const d = dcts[i]!;
      if (low <= d && d <= high && k-- === 0) return { index: i, inBand: true };
    }
  }
  let best = 0;
  let bestScore = Infinity;
  for (let i = 0; i < dcts.length; i++) {
    const d = dcts[i]!;
    const score = fallback === 'easiest' ? d : d < low ? low - d : d - high;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return { index: best, inBand: false };
}

/**
 * The open prototypes' alternative to the index: a weight per colour blending "most available"
 * (share of available screws) and "rarest" (share of inverse availability) by a difficulty K in 0..1:
 * w_c = (1 − K)·a_c/Σa + K·(1/(a_c+1))/Σ(1/(a+1)). K = 0 favours the colours the player can reach
 * most of (easy), K = 1 the rarest (hard). Returns weights summing to 1 (all zero for no candidates).
 */
export function blendWeights(available: readonly number[], k: number): number[] {
  if (!(k >= 0 && k <= 1))
    throw new InvalidInputError(`K must be in 0..1, got ${k}`, { code: 'INVALID_K' });
  const n = available.length;
  if (n === 0) return [];
  let sumA = 0;
  let sumInv = 0;
  for (const a of available) {
    sumA += Math.max(a, 0);
    sumInv += 1 / (Math.max(a, 0) + 1);
  }
  return available.map((a0) => {
    const a = Math.max(a0, 0);
    const most = sumA > 0 ? a / sumA : 1 / n;
    return (1 - k) * most + (k * (1 / (a + 1))) / sumInv;
  });
}

/** Picks an index by {@link blendWeights} with `rng`; null for no candidates. */
export function pickBlended(available: readonly number[], k: number, rng: Rng): number | null {
  const w = blendWeights(available, k);
  if (w.length === 0) return null;
  return rng.weightedIndex(w);
}
