/** Rank correlation between the paper's difficulty and the deduction rating. */
import type { Puzzle } from '../model.js';
import { paperDifficulty } from './difficulty.js';
import { rateByDeduction } from './deduction.js';
import { paperTrace } from './traced.js';

/** Ranks (1-based) with ties given their average rank. */
export function averageRanks(values: readonly number[]): number[] {
  const idx = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]! || a - b);
  const ranks = new Array<number>(values.length).fill(0);
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j + 1 < idx.length && values[idx[j + 1]!] === values[idx[i]!]) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[idx[k]!] = r;
    i = j + 1;
  }
  return ranks;
}

function pearson(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return saa === 0 || sbb === 0 ? NaN : sab / Math.sqrt(saa * sbb);
}

/** Spearman's rank correlation (Pearson on average ranks; NaN when one side is constant). */
export function spearman(a: readonly number[], b: readonly number[]): number {
  return pearson(averageRanks(a), averageRanks(b));
}

/** Kendall's tau-b (handles ties; NaN when one side is constant). */
export function kendallTau(a: readonly number[], b: readonly number[]): number {
  let concordant = 0;
  let discordant = 0;
  let tiesA = 0;
  let tiesB = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      const da = Math.sign(a[i]! - a[j]!);
      const db = Math.sign(b[i]! - b[j]!);
      if (da === 0 && db === 0) continue;
      if (da === 0) tiesA++;
      else if (db === 0) tiesB++;
      else if (da === db) concordant++;
      else discordant++;
    }
  }
  const denom = Math.sqrt((concordant + discordant + tiesA) * (concordant + discordant + tiesB));
  return denom === 0 ? NaN : (concordant - discordant) / denom;
}

/** One puzzle's two ratings. */
export interface RatingPair {
  /** The paper's D. */
  readonly paper: number;
  /** Cost of the hardest deduction step. */
  readonly hardest: number;
  /** Summed deduction cost. */
  readonly total: number;
}

/** How the paper's D and the deduction rating rank the same puzzles. */
export interface RatingComparison {
  /** Both ratings of each puzzle, in input order. */
  readonly rows: readonly RatingPair[];
  /** Spearman ρ between D and the summed deduction cost. */
  readonly spearmanTotal: number;
  /** Spearman ρ between D and the hardest deduction step. */
  readonly spearmanHardest: number;
  /** Kendall τ-b between D and the summed deduction cost. */
  readonly kendallTotal: number;
  /** Kendall τ-b between D and the hardest deduction step. */
  readonly kendallHardest: number;
}

/** Rates every puzzle both ways and reports rank correlations. */
export function compareRatings(puzzles: readonly Puzzle[]): RatingComparison {
  const rows = puzzles.map((p) => {
    const d = rateByDeduction(p);
    return { paper: paperDifficulty(paperTrace(p).metrics), hardest: d.hardest, total: d.total };
  });
  const paper = rows.map((r) => r.paper);
  const total = rows.map((r) => r.total);
  const hardest = rows.map((r) => r.hardest);
  return {
    rows,
    spearmanTotal: spearman(paper, total),
    spearmanHardest: spearman(paper, hardest),
    kendallTotal: kendallTau(paper, total),
    kendallHardest: kendallTau(paper, hardest),
  };
}
