import { InvalidInputError } from '@puzzlekit/errors';
import { BudgetMeter, SOLVED, type Budget, type Outcome } from '@puzzlekit/job';
import type { Level } from '../model.js';
import { SEED_PARAMS, type DctParams } from '../rate/dct.js';
import type { BotOptions } from '../simulate/bots.js';
import type { SpawnPolicy } from '../simulate/policy.js';
import { simulate, SIMULATE_UNIT } from '../simulate/simulate.js';
import {
  bestCut,
  cutAt,
  monotonicity,
  tallyAuc,
  tallyBins,
  tallySpearman,
  type BestCut,
  type DctBin,
  type DctTally,
  type Monotonicity,
} from './tally.js';

/** How well the index predicts box failure, in a word (from the ROC AUC; `unknown` without both kinds of box). */
export type PredictionStrength = 'not' | 'barely' | 'weakly' | 'fairly well' | 'well' | 'unknown';

/** The index judged against simulated play: a plain verdict, and the figures behind it, labelled. */
export interface IndexVerdict {
  /** How well dct predicts which boxes fail. */
  readonly strength: PredictionStrength;
  /** The verdict as a designer reads it, in one sentence. */
  readonly words: string;
  /** Boxes judged, and how many failed (were not finished). */
  readonly boxes: number;
  readonly failures: number;
  /** The "hard" threshold judged (the article's 55 by default). */
  readonly threshold: number;
  /** Failure rate of the boxes rated hard (dct above the threshold), and of the others. */
  readonly hardFailRate: number;
  readonly easyFailRate: number;
  /** The threshold that separates failed from finished boxes best, with its tie range. */
  readonly bestCut: BestCut | null;
  /** Boxes by dct range, and whether failure rises with dct across them. */
  readonly bins: readonly DctBin[];
  readonly monotonicity: Monotonicity;
  /** The statistics behind the verdict, for readers who want them. */
  readonly figures: {
    /** ROC AUC: the chance that a failed box rates above a finished one (0.5 = a coin toss). */
    readonly rocAuc: number;
    /** Spearman rank correlation of dct with failure (0 = none, 1 = perfect). */
    readonly spearman: number;
    /** Youden's J at the threshold: share of failed boxes called hard minus share of finished ones. */
    readonly youdenJAtThreshold: number;
    /** Youden's J at the best cut. */
    readonly youdenJAtBest: number;
  };
}

const pct = (x: number): string => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)} %`);

/** The strength word for a ROC AUC. */
function strengthOf(auc: number): PredictionStrength {
  if (Number.isNaN(auc)) return 'unknown';
  if (auc < 0.55) return 'not';
  if (auc < 0.65) return 'barely';
  if (auc < 0.75) return 'weakly';
  if (auc < 0.85) return 'fairly well';
  return 'well';
}

/**
 * Judges the index on boxes of simulated play (a tally from `simulate`): does dct predict which boxes
 * fail? The verdict is a word and a sentence a designer reads; the ROC AUC, Spearman and Youden's J
 * behind it stay in `figures`.
 */
export function indexVerdict(
  tally: DctTally,
  threshold: number = SEED_PARAMS.threshold,
): IndexVerdict {
  const at = cutAt(tally, threshold);
  const best = bestCut(tally);
  const bins = tallyBins(tally);
  const auc = tallyAuc(tally);
  let boxes = 0;
  let failures = 0;
  tally.boxes.forEach((b, i) => {
    boxes += b;
    failures += tally.failed[i]!;
  });
  const strength = strengthOf(auc);
  const words =
    strength === 'unknown'
      ? `Cannot judge the index on these games: ${failures === 0 ? 'no box failed' : 'every box failed'} (${boxes} boxes).`
      : `The index ${strength === 'not' ? 'does not predict' : `${strength} predicts`} which boxes fail on these levels: boxes it rates hard (dct > ${threshold}) failed ${pct(at.hardFailRate)} of the time, boxes it rates easy ${pct(at.easyFailRate)}; of a failed and a finished box, it rates the failed one harder ${pct(auc)} of the time (50 % is a coin toss).`;
  return {
    strength,
    words,
    boxes,
    failures,
    threshold,
    hardFailRate: at.hardFailRate,
    easyFailRate: at.easyFailRate,
    bestCut: best,
    bins,
    monotonicity: monotonicity(bins),
    figures: {
      rocAuc: auc,
      spearman: tallySpearman(tally),
      youdenJAtThreshold: at.j,
      youdenJAtBest: best ? best.j : NaN,
    },
  };
}

/** A range of whole thresholds as a designer reads it: `24` or `24–34`. */
function range(from: number, to: number): string {
  return from === to ? String(from) : `${from}–${to}`;
}

/**
 * The verdict as lines of text: the verdict, whether failure rises with dct, the best cut with its
 * tie range, the boxes by dct range, and last the figures behind it, each named.
 */
export function describeValidation(v: IndexVerdict): string[] {
  const lines = [v.words];
  const m = v.monotonicity;
  lines.push(
    m.drops.length === 0
      ? `Failure rises (or holds) as dct rises, across the dct ranges with at least ${m.minBoxes} boxes.`
      : `Failure does not rise steadily with dct: ${m.drops
          .map(
            (d) =>
              `boxes rated ${d.to.from}–${d.to.to} failed less often (${pct(d.to.failRate)}) than boxes rated ${d.from.from}–${d.from.to} (${pct(d.from.failRate)})`,
          )
          .join('; ')}.`,
  );
  const b = v.bestCut;
  lines.push(
    b === null
      ? 'No best cut: every box failed, or none did.'
      : `The "hard" line that best separates failed from finished boxes is dct > ${range(b.threshold, b.tiedUpTo)}${b.tiedUpTo > b.threshold ? ` (every threshold from ${b.threshold} to ${b.tiedUpTo} splits the boxes the same way)` : ''}: above it ${pct(b.hardFailRate)} failed, at or below it ${pct(b.easyFailRate)}.`,
  );
  lines.push('', 'dct range     boxes  failed  fail %  mean max tray');
  for (const bin of v.bins) {
    lines.push(
      `${`${bin.from}–${bin.to}`.padEnd(12)}${String(bin.boxes).padStart(7)}${String(bin.failed).padStart(8)}${(Number.isNaN(bin.failRate) ? '–' : (100 * bin.failRate).toFixed(1)).padStart(8)}${(Number.isNaN(bin.meanMaxTray) ? '–' : bin.meanMaxTray.toFixed(2)).padStart(15)}`,
    );
  }
  const f = v.figures;
  const n = (x: number): string => (Number.isNaN(x) ? '–' : x.toFixed(3));
  lines.push(
    '',
    `Figures behind this verdict: ROC AUC ${n(f.rocAuc)} (the chance a failed box rates above a finished one); Spearman ${n(f.spearman)} (rank correlation of dct with failure); Youden's J ${n(f.youdenJAtThreshold)} at ${v.threshold} and ${n(f.youdenJAtBest)} at the best cut (share of failed boxes called hard minus share of finished boxes called hard).`,
  );
  return lines;
}

/** One band (or the random baseline) played by the bot. */
export interface BandRow {
  /** The band, or null for the baseline (every box a random colour). */
  readonly band: readonly [number, number] | null;
  readonly games: number;
  readonly wins: number;
  readonly winRate: number;
  /**
   * Against the baseline: `easier` or `harder` when the win rates differ by more than twice their
   * standard error, else `about the same`; null for the baseline itself.
   */
  readonly versusRandom: 'easier' | 'harder' | 'about the same' | null;
}

/** What {@link compareBands} found: per band the bot's win rate, and what that says in words. */
export interface BandComparison {
  /** `solved` when every game was played, else `gave-up` naming the bound (the rows then cover fewer games). */
  readonly outcome: Outcome;
  /** Playouts played. */
  readonly work: number;
  readonly baseline: BandRow;
  /** The bands in increasing order of their low end. */
  readonly bands: readonly BandRow[];
  /** True when every band wins at least as often as the band above it (lower bands are easier). */
  readonly lowerIsEasier: boolean;
  /** The finding in plain words. */
  readonly words: string;
}

/** Options of {@link compareBands}. */
export interface CompareBandsOptions {
  /** The levels played (each band plays each level `runsPerLevel` times). */
  readonly levels: readonly Level[];
  /** The player model. */
  readonly bot: BotOptions;
  /** The dct bands, e.g. [[0, 20], [20, 40], …]; new boxes get a random colour in band, else the nearest. */
  readonly bands: readonly (readonly [number, number])[];
  /** Playouts per level and band (1..1,000,000). */
  readonly runsPerLevel: number;
  /** Seed: level i is played with seed `seed + i` under every band (common random numbers). */
  readonly seed: number;
  /** Index parameters (default the article's). */
  readonly params?: DctParams;
}

function versus(row: { wins: number; games: number }, base: { wins: number; games: number }) {
  const p1 = row.wins / row.games;
  const p0 = base.wins / base.games;
  const se = Math.sqrt((p1 * (1 - p1)) / row.games + (p0 * (1 - p0)) / base.games);
  if (Math.abs(p1 - p0) <= 2 * se) return 'about the same' as const;
  return p1 > p0 ? ('easier' as const) : ('harder' as const);
}

/**
 * Which way do the bands move a given player model? Plays the levels with every new box a random
 * colour (the baseline), then with boxes from each dct band, and reports the bot's win rate per band
 * and in words whether lower bands make games easier for it. Work unit: playouts (shared by all runs
 * through the budget's work shares; a time limit stops it early and says so).
 */
export function compareBands(options: CompareBandsOptions, budget: Budget = {}): BandComparison {
  const { levels, bands, runsPerLevel } = options;
  if (levels.length === 0)
    throw new InvalidInputError('compareBands needs at least one level', {
      path: '$.levels',
      code: 'INVALID_OPTIONS',
    });
  bands.forEach(([lo, hi], i) => {
    if (!(Number.isFinite(lo) && Number.isFinite(hi) && lo <= hi))
      throw new InvalidInputError(`a band needs finite low ≤ high, got [${lo}, ${hi}]`, {
        path: `$.bands[${i}]`,
        code: 'INVALID_OPTIONS',
      });
  });
  const meter = new BudgetMeter(budget, { unit: SIMULATE_UNIT });
  let outcome: Outcome = SOLVED;
  const play = (policy: SpawnPolicy): { wins: number; games: number } => {
    let wins = 0;
    let games = 0;
    levels.forEach((level, i) => {
      if (outcome.kind !== 'solved') return;
      const r = simulate(
        level,
        {
          runs: runsPerLevel,
          bot: options.bot,
          policy,
          seed: options.seed + i,
          keepBoxes: false,
          ...(options.params === undefined ? {} : { params: options.params }),
        },
        meter.share(),
      );
      meter.charge(r.work);
      wins += r.wins;
      games += r.work;
      // A sub-run's work or time bound is this job's (its share of the work, the one deadline).
      if (r.outcome.kind === 'gave-up')
        outcome = r.outcome.bound === 'memory' ? r.outcome : meter.gaveUp(r.outcome.bound);
    });
    return { wins, games };
  };
  const base = play({ kind: 'random' });
  const baseline: BandRow = {
    band: null,
    ...base,
    winRate: base.wins / base.games,
    versusRandom: null,
  };
  const sorted = [...bands].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const rows: BandRow[] = sorted.map(([low, high]) => {
    const r = play({ kind: 'band', low, high, choice: 'random', fallback: 'nearest' });
    return {
      band: [low, high] as const,
      ...r,
      winRate: r.wins / r.games,
      versusRandom: r.games > 0 && base.games > 0 ? versus(r, base) : 'about the same',
    };
  });
  const inversions: string[] = [];
  for (let i = 1; i < rows.length; i++) {
    const lower = rows[i - 1]!;
    const upper = rows[i]!;
    if (upper.winRate > lower.winRate)
      inversions.push(
        `[${lower.band![0]}, ${lower.band![1]}] wins ${pct(lower.winRate)}, less than [${upper.band![0]}, ${upper.band![1]}] with ${pct(upper.winRate)}`,
      );
  }
  const who = `the ${options.bot.kind} bot`;
  const perBand = rows
    .map(
      (r) =>
        `[${r.band![0]}, ${r.band![1]}] ${pct(r.winRate)} (${r.versusRandom === 'about the same' ? 'about the same as random' : `${r.versusRandom} than random`})`,
    )
    .join(', ');
  const words = `${who[0]!.toUpperCase()}${who.slice(1)} wins ${pct(baseline.winRate)} of games with random boxes; with boxes from each dct band: ${perBand}. ${
    inversions.length === 0
      ? 'Lower bands make the games easier for this player, as the index intends.'
      : `Lower bands do not always make the games easier for this player: ${inversions.join('; ')}.`
  }`;
  return {
    outcome,
    work: meter.work,
    baseline,
    bands: rows,
    lowerIsEasier: inversions.length === 0,
    words,
  };
}
