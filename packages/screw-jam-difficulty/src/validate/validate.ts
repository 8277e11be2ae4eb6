import { InvalidInputError } from '@puzzlekit/errors';
import { BudgetMeter, SOLVED, type Budget, type Outcome } from '@puzzlekit/job';
import { Rng, type Seed } from '@puzzlekit/rng';
import type { Level } from '../model.js';
import { compileLevel, type CompiledLevel } from '../board.js';
import { checkParams, dctLeft, dctMiddle, SEED_PARAMS, type DctParams } from '../rate/dct.js';
import type { BoxRecord } from '../simulate/engine.js';
import { PLAYING, WON } from '../simulate/engine.js';
import { makeSpawner } from '../simulate/policy.js';
import { makeChooser, type BotOptions } from '../simulate/bots.js';
import { playOnce } from '../simulate/simulate.js';
import { rocAuc } from './stats.js';
import {
  cutAt,
  DEFAULT_BIN_EDGES,
  tallyAuc,
  tallyBins,
  tallyRecords,
  tallySpearman,
  type DctBin,
  type DctTally,
} from './tally.js';

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
  return tallyIndex(
    tallyRecords(records, (r) => recordDct(r, params)),
    params.threshold,
  );
}

/** {@link indexReport} from a tally of boxes by dct (what `simulate` returns without box records). */
export function tallyIndex(t: DctTally, threshold: number = SEED_PARAMS.threshold): IndexReport {
  const cut = cutAt(t, threshold);
  let boxes = 0;
  let failures = 0;
  t.boxes.forEach((b, i) => {
    boxes += b;
    failures += t.failed[i]!;
  });
  return {
    boxes,
    failures,
    auc: tallyAuc(t),
    spearman: tallySpearman(t),
    hardFailRate: cut.hardFailRate,
    easyFailRate: cut.easyFailRate,
    hardShare: cut.hardShare,
  };
}

/** Weights and threshold refitted to simulated outcomes. */
export interface RefitResult {
  /** The refitted parameters (trayWeight + supplyWeight = 100, as in the article). */
  readonly params: DctParams;
  /** AUC with the article's weights. */
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
  /** Index parameters (default the article's). */
  readonly params?: DctParams;
}

/** The controller's work unit: games played. */
export const CONTROLLER_UNIT = 'games';

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
  /** `solved` when every game asked for was played, else `gave-up` naming the bound (work or time). */
  readonly outcome: Outcome;
  /** Games played (fewer than asked when a bound stopped the controller). */
  readonly work: number;
}

/**
 * A dynamic-difficulty controller: before each game it sets the band [centre − w/2, centre + w/2]
 * for the band policy (random colour in band, else nearest), and after the game moves the centre up
 * by gain·(1 − target) on a win and down by gain·target on a loss — a stochastic-approximation rule
 * whose fixed point is a win rate equal to the target, when the index can reach it. The work unit is
 * the game (`maxWork` bounds the games); `maxMs`/`deadline` stop it early (a game cut short is not
 * counted), so a controller stopped early played exactly the first `work` games of the full run.
 */
export function runController(options: ControllerOptions, budget: Budget = {}): ControllerResult {
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
  const compiled: CompiledLevel[] = levels.map((l) => compileLevel(l));
  const master = Rng.from(options.seed);
  const meter = new BudgetMeter(budget, { unit: CONTROLLER_UNIT, clockEvery: 1 });
  const timeUp = meter.deadline === Infinity ? undefined : () => meter.timeUp();
  let outcome: Outcome = SOLVED;
  let center = options.start ?? 50;
  let wins = 0;
  let counted = 0;
  let centerSum = 0;
  for (let i = 0; i < games; i++) {
    if (meter.work >= meter.maxWork) {
      outcome = meter.gaveUp('work');
      break;
    }
    if (timeUp?.() === true) {
      outcome = meter.gaveUp('time');
      break;
    }
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
      makeChooser(options.bot, gameRng.fork(), timeUp),
      makeSpawner(band, gameRng.fork()),
      2,
      params,
      null,
      false,
      timeUp,
    );
    // A game cut short by the time limit is not counted.
    if (g.status === PLAYING) {
      outcome = meter.gaveUp('time');
      break;
    }
    meter.charge(1);
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
    outcome,
    work: meter.work,
  };
}

/** Per-box outcomes by dct range; `edges` must increase (default 0, 20, 40, 55, 70, 85, 100). */
export function dctBins(
  records: readonly BoxRecord[],
  edges: readonly number[] = DEFAULT_BIN_EDGES,
): DctBin[] {
  return tallyBins(tallyRecords(records), edges);
}
