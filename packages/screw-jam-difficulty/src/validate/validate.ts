import { InvalidInputError } from '@puzzlekit/errors';
import { Rng, type Seed } from '@puzzlekit/rng';
import type { Level } from '../model.js';
import { compileLevel, type CompiledLevel } from '../board.js';
import { checkParams, dctLeft, dctMiddle, SEED_PARAMS, type DctParams } from '../rate/dct.js';
import type { BoxRecord } from '../simulate/engine.js';
import { WON } from '../simulate/engine.js';
import { makeSpawner } from '../simulate/policy.js';
import { makeChooser, type BotOptions } from '../simulate/bots.js';
import { playOnce } from '../simulate/simulate.js';
import { rocAuc, spearman } from './stats.js';

/** The index recomputed for a recorded box under other parameters (its inputs are in the record). */
export function recordDct(r: BoxRecord, params: DctParams = SEED_PARAMS): number {
  return r.hasCurrent
    ? dctLeft(
        { M: r.M, K: r.K, N: r.N, na: r.nCurrent, nb: r.nSelf, deep: r.deep, hasCurrent: true },
        params,
      )
    : dctMiddle({ M: r.M, N: r.N, nc: r.nSelf, deep: r.deep }, params);
}

/** How well dct predicts that a box fails (is not finished). */
export interface IndexReport {
  /** Boxes scored. */
  readonly boxes: number;
  /** Boxes that failed. */
  readonly failures: number;
  /** ROC AUC of dct for failure (0.5 = no better than chance; NaN if one class is empty). */
  readonly auc: number;
  /** Spearman rank correlation of dct with failure (0/1). */
  readonly spearman: number;
  /** Failure rate of boxes above the threshold. */
  readonly hardFailRate: number;
  /** Failure rate of boxes at or below the threshold. */
  readonly easyFailRate: number;
  /** Share of boxes above the threshold. */
  readonly hardShare: number;
}

/** Scores the index on box records: AUC, rank correlation, failure rates each side of the threshold. */
export function indexReport(
  records: readonly BoxRecord[],
  params: DctParams = SEED_PARAMS,
): IndexReport {
  const scores = records.map((r) => recordDct(r, params));
  const failed = records.map((r) => !r.finished);
  let hard = 0;
  let hardFail = 0;
  let easyFail = 0;
  let failures = 0;
  scores.forEach((d, i) => {
    if (failed[i]) failures++;
    if (d > params.threshold) {
      hard++;
      if (failed[i]) hardFail++;
    } else if (failed[i]) easyFail++;
  });
  const easy = records.length - hard;
  return {
    boxes: records.length,
    failures,
    auc: rocAuc(scores, failed),
    spearman: spearman(
      scores,
      failed.map((f) => (f ? 1 : 0)),
    ),
    hardFailRate: hard > 0 ? hardFail / hard : NaN,
    easyFailRate: easy > 0 ? easyFail / easy : NaN,
    hardShare: records.length > 0 ? hard / records.length : NaN,
  };
}

/** Weights and threshold refitted to simulated outcomes. */
export interface RefitResult {
  /** The refitted parameters (trayWeight + supplyWeight = 100, as in the seed). */
  readonly params: DctParams;
  /** AUC with the seed's weights. */
  readonly seedAuc: number;
  /** AUC with the refitted weights. */
  readonly auc: number;
  /** True-positive rate (failed boxes called hard) at the refitted threshold. */
  readonly tpr: number;
  /** False-positive rate (finished boxes called hard) at the refitted threshold. */
  readonly fpr: number;
}

/**
 * Refits the index to simulated outcomes: the tray weight w in 0, 5, …, 100 (supply weight 100 − w)
 * that maximises AUC, then the threshold in 0..100 that maximises Youden's J (TPR − FPR) for "hard =
 * dct > threshold". Ties keep the smaller w / threshold. Needs both failed and finished boxes.
 */
export function refitParams(
  records: readonly BoxRecord[],
  base: DctParams = SEED_PARAMS,
): RefitResult {
  const failed = records.map((r) => !r.finished);
  const nPos = failed.filter(Boolean).length;
  if (nPos === 0 || nPos === records.length)
    throw new InvalidInputError('refitting needs both failed and finished boxes', {
      code: 'NOT_ENOUGH_DATA',
    });
  let bestW = 0;
  let bestAuc = -Infinity;
  for (let w = 0; w <= 100; w += 5) {
    const p = { ...base, trayWeight: w, supplyWeight: 100 - w };
    const a = rocAuc(
      records.map((r) => recordDct(r, p)),
      failed,
    );
    if (a > bestAuc + 1e-12) {
      bestAuc = a;
      bestW = w;
    }
  }
  const p = { ...base, trayWeight: bestW, supplyWeight: 100 - bestW };
  const scores = records.map((r) => recordDct(r, p));
  const nNeg = records.length - nPos;
  let bestT = 0;
  let bestJ = -Infinity;
  let tpr = 0;
  let fpr = 0;
  for (let t = 0; t <= 100; t++) {
    let tp = 0;
    let fp = 0;
    scores.forEach((d, i) => {
      if (d > t) {
        if (failed[i]) tp++;
        else fp++;
      }
    });
    const j = tp / nPos - fp / nNeg;
    if (j > bestJ + 1e-12) {
      bestJ = j;
      bestT = t;
      tpr = tp / nPos;
      fpr = fp / nNeg;
    }
  }
  return {
    params: { ...p, threshold: bestT },
    seedAuc: rocAuc(
      records.map((r) => recordDct(r, base)),
      failed,
    ),
    auc: bestAuc,
    tpr,
    fpr,
  };
}

/** Options of {@link runController}. */
export interface ControllerOptions {
  /** Levels played in turn. */
  readonly levels: readonly Level[];
  /** Target win rate in 0..1. */
  readonly target: number;
  /** Games to play (1..100000). */
  readonly games: number;
  /** The player. */
  readonly bot: BotOptions;
  /** Seed. */
  readonly seed: Seed;
  /** Band width (default 20). */
  readonly width?: number;
  /** Step of the band centre per game (default 8): +gain·(1 − target) after a win, −gain·target after a loss. */
  readonly gain?: number;
  /** Starting band centre (default 50). */
  readonly start?: number;
  /** Games not counted in the measured win rate while the controller settles (default 10% of games). */
  readonly warmup?: number;
  /** Index parameters (default the seed's). */
  readonly params?: DctParams;
}

/** What the controller did. */
export interface ControllerResult {
  /** The target. */
  readonly target: number;
  /** Win rate measured over the games after warm-up. */
  readonly winRate: number;
  /** Games counted. */
  readonly games: number;
  /** Mean band centre over the counted games. */
  readonly meanCenter: number;
  /** The band at the end. */
  readonly finalBand: readonly [number, number];
}

/**
 * A dynamic-difficulty controller: before each game it sets the band [centre − w/2, centre + w/2]
 * for the band policy (random colour in band, else nearest), and after the game moves the centre up
 * by gain·(1 − target) on a win and down by gain·target on a loss — a stochastic-approximation rule
 * whose fixed point is a win rate equal to the target, when the index can reach it.
 */
export function runController(options: ControllerOptions): ControllerResult {
  const { target, games, levels } = options;
  if (!(target >= 0 && target <= 1))
    throw new InvalidInputError(`target must be in 0..1, got ${target}`, {
      code: 'INVALID_OPTIONS',
    });
  if (!Number.isInteger(games) || games < 1 || games > 100_000)
    throw new InvalidInputError(`games must be a whole number in 1..100000, got ${games}`, {
      code: 'INVALID_OPTIONS',
    });
  if (levels.length === 0)
    throw new InvalidInputError('the controller needs at least one level', {
      code: 'INVALID_OPTIONS',
    });
  const params = checkParams(options.params ?? SEED_PARAMS);
  const width = options.width ?? 20;
  const gain = options.gain ?? 8;
  const warmup = options.warmup ?? Math.floor(games / 10);
  const compiled: CompiledLevel[] = levels.map(compileLevel);
  const master = Rng.from(options.seed);
  let center = options.start ?? 50;
  let wins = 0;
  let counted = 0;
  let centerSum = 0;
  for (let i = 0; i < games; i++) {
    const lo = center - width / 2;
    const band = {
      kind: 'band',
      low: lo,
      high: lo + width,
      choice: 'random',
      fallback: 'nearest',
    } as const;
    const gameRng = master.fork();
    const g = playOnce(
      compiled[i % compiled.length]!,
      makeChooser(options.bot, gameRng.fork()),
      makeSpawner(band, gameRng.fork()),
      2,
      params,
      null,
      false,
    );
    const won = g.status === WON;
    if (i >= warmup) {
      counted++;
      centerSum += center;
      if (won) wins++;
    }
    center += won ? gain * (1 - target) : -gain * target;
    center = Math.min(Math.max(center, 0), 100);
  }
  return {
    target,
    winRate: counted > 0 ? wins / counted : NaN,
    games: counted,
    meanCenter: counted > 0 ? centerSum / counted : NaN,
    finalBand: [center - width / 2, center + width / 2],
  };
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

/** Per-box outcomes by dct range; `edges` must increase (default 0, 20, 40, 55, 70, 85, 100). */
export function dctBins(
  records: readonly BoxRecord[],
  edges: readonly number[] = [0, 20, 40, 55, 70, 85, 100],
): DctBin[] {
  if (edges.length < 2 || edges.some((e, i) => i > 0 && !(e > edges[i - 1]!)))
    throw new InvalidInputError('bin edges must be at least two increasing numbers', {
      code: 'INVALID_OPTIONS',
    });
  const k = edges.length - 1;
  const boxes = new Array<number>(k).fill(0);
  const failed = new Array<number>(k).fill(0);
  const tray = new Array<number>(k).fill(0);
  for (const r of records) {
    let b = 0;
    while (b < k - 1 && r.dct >= edges[b + 1]!) b++;
    boxes[b]!++;
    tray[b]! += r.maxTray;
    if (!r.finished) failed[b]!++;
  }
  return boxes.map((n, b) => ({
    from: edges[b]!,
    to: edges[b + 1]!,
    boxes: n,
    failed: failed[b]!,
    failRate: n > 0 ? failed[b]! / n : NaN,
    meanMaxTray: n > 0 ? tray[b]! / n : NaN,
  }));
}
