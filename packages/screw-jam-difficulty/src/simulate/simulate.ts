import { InvalidInputError } from '@puzzlekit/errors';
import { SOLVED, type Bound, type Outcome } from '@puzzlekit/graph-search';
import { Rng, type Seed } from '@puzzlekit/rng';
import type { Level, LevelSolution } from '../model.js';
import { compileLevel, type CompiledLevel } from '../board.js';
import { checkParams, SEED_PARAMS, type DctParams } from '../rate/dct.js';
import { Game, LOST, PLAYING, WON, type BoxRecord, type Spawner } from './engine.js';
import { checkPolicy, makeSpawner, type SpawnPolicy } from './policy.js';
import { makeChooser, type BotOptions, type Chooser } from './bots.js';
import { expiryCheck } from '../budget.js';
import { TallyBuilder, type DctTally } from '../validate/tally.js';

/** Options of {@link simulate}. */
export interface SimulateOptions {
  /** Playouts wanted (1..1,000,000). */
  readonly runs: number;
  /** The player. */
  readonly bot: BotOptions;
  /** How new boxes get their colour. */
  readonly policy: SpawnPolicy;
  /** Seed of the whole run (each playout gets its own forked streams). */
  readonly seed: Seed;
  /** Box positions: 2 (the article's middle and left, default) or 1 (middle only). */
  readonly boxSlots?: 1 | 2;
  /** Index parameters for the recorded dct and for the band policy (default the article's). */
  readonly params?: DctParams;
  /** Keep every box record in the result (default true). */
  readonly keepBoxes?: boolean;
  /**
   * The memory bound of the shared budget: most box records kept (default 1,000,000, about 150 MB);
   * past it the run stops with `gaveUp: 'memory'`. Only counts when `keepBoxes` is on; the tally
   * itself stays small.
   */
  readonly maxStates?: number;
  /** @deprecated use `maxStates`; given both, the smaller holds. */
  readonly maxBoxRecords?: number;
  /** Wall-clock budget in ms (default none): past it the run stops with `gaveUp: 'time'`. */
  readonly maxMs?: number;
  /** The clock for `maxMs`, in ms (default `performance.now`); tests pass a fake one. */
  readonly now?: () => number;
  /** Called with the number of playouts done, every `progressEvery` playouts and at the end. */
  readonly onProgress?: (done: number) => void;
  /** Playouts between progress calls (default 100). */
  readonly progressEvery?: number;
}

/** One playout. */
export interface GameResult {
  /** Won (board and tray emptied). */
  readonly won: boolean;
  /** Taps made. */
  readonly steps: number;
  /** Largest tray occupancy. */
  readonly maxTray: number;
  /** Boxes spawned, in order. */
  readonly boxes: readonly BoxRecord[];
}

/** Which bound stopped a run early: the time budget or the memory for kept box records. */
export type SimulationBound = Extract<Bound, 'time' | 'memory'>;

/** What many playouts measured. */
export interface SimulationResult {
  /** Playouts finished (fewer than `requested` when a bound stopped the run). */
  readonly runs: number;
  /** Playouts asked for. */
  readonly requested: number;
  /** `solved` when all `requested` playouts were played, else `gave-up` with the bound and its limit. */
  readonly outcome: Outcome;
  /** The bound that stopped the run before `requested` playouts, or null. */
  readonly gaveUp: SimulationBound | null;
  /** Playouts won. */
  readonly wins: number;
  /** wins / runs (NaN when no playout finished). */
  readonly winRate: number;
  /** Tray pressure: mean of each playout's largest tray occupancy. */
  readonly meanMaxTray: number;
  /** Tray pressure: mean tray occupancy after a tap, over all taps. */
  readonly meanTray: number;
  /** Taps by tray occupancy after the tap: index k counts taps leaving k screws in the tray. */
  readonly trayHistogram: readonly number[];
  /** Boxes spawned over all playouts. */
  readonly boxesSpawned: number;
  /** Boxes completed. */
  readonly boxesFinished: number;
  /** Boxes with dct above the threshold (hard), and how many of those failed. */
  readonly hard: { readonly spawned: number; readonly failed: number };
  /** Boxes with dct at or below the threshold, and how many of those failed. */
  readonly easy: { readonly spawned: number; readonly failed: number };
  /** Lookahead decisions that hit the node budget and fell back to greedy. */
  readonly budgetHits: number;
  /** Every box counted by its dct at the spawn: the validation figures come from this. */
  readonly tally: DctTally;
  /** Every box record (empty when keepBoxes is false). */
  readonly boxes: readonly BoxRecord[];
}

/**
 * Plays one game on a compiled level; internal building block of {@link simulate}. When `expired`
 * says true (polled after every tap) the game stops unfinished, with status `PLAYING`.
 */
export function playOnce(
  lv: CompiledLevel,
  chooser: Chooser,
  spawner: Spawner,
  boxSlots: number,
  params: DctParams,
  hist: Float64Array | null,
  record = true,
  expired?: () => boolean,
): Game {
  const g = new Game(lv, boxSlots, params, record);
  g.refill(spawner);
  const moves = new Int32Array(lv.nScrews);
  while (g.status === PLAYING) {
    const n = g.legal(moves);
    if (n === 0) {
      g.status = LOST;
      break;
    }
    g.tap(chooser.choose(g, moves, n), spawner);
    if (hist) hist[g.trayTotal]!++;
    if (expired?.() === true && g.status === PLAYING) break;
  }
  return g;
}

function checkSimulateOptions(options: SimulateOptions): void {
  const bad = (why: string): never => {
    throw new InvalidInputError(why, { code: 'INVALID_OPTIONS' });
  };
  const { runs, boxSlots = 2, maxMs, maxStates, maxBoxRecords, progressEvery } = options;
  if (!Number.isInteger(runs) || runs < 1 || runs > 1_000_000)
    bad(`runs must be a whole number in 1..1000000, got ${runs}`);
  if (boxSlots !== 1 && boxSlots !== 2) bad(`boxSlots must be 1 or 2, got ${String(boxSlots)}`);
  if (maxMs !== undefined && !(maxMs > 0)) bad(`maxMs must be a positive number, got ${maxMs}`);
  if (maxBoxRecords !== undefined && !(Number.isInteger(maxBoxRecords) && maxBoxRecords >= 0))
    bad(`maxBoxRecords must be a whole number ≥ 0, got ${maxBoxRecords}`);
  if (maxStates !== undefined && !(Number.isInteger(maxStates) && maxStates >= 0))
    bad(`maxStates must be a whole number ≥ 0, got ${maxStates}`);
  if (progressEvery !== undefined && !(Number.isInteger(progressEvery) && progressEvery >= 1))
    bad(`progressEvery must be a whole number ≥ 1, got ${progressEvery}`);
}

/**
 * Monte Carlo: plays up to `runs` games of the level with the bot and the spawn policy, recording for
 * every spawned box its index inputs, dct, whether the bot finished it and how full the tray got.
 * Deterministic for a seed (a run stopped by `maxMs` is a prefix of the full run). Bounded: a
 * playout ends in at most one tap per screw, `maxMs` bounds the time (a playout cut short by it is
 * not counted) and `maxBoxRecords` the memory of kept records; `gaveUp` says which bound stopped it.
 */
export function simulate(level: Level, options: SimulateOptions): SimulationResult {
  checkSimulateOptions(options);
  const boxSlots = options.boxSlots ?? 2;
  const params = checkParams(options.params ?? SEED_PARAMS);
  checkPolicy(options.policy);
  const lv = compileLevel(level);
  const expired = expiryCheck(options.maxMs, options.now);
  const master = Rng.from(options.seed);
  const keep = options.keepBoxes ?? true;
  const maxKept = Math.min(
    options.maxStates ?? (options.maxBoxRecords === undefined ? 1_000_000 : Infinity),
    options.maxBoxRecords ?? Infinity,
  );
  const every = options.progressEvery ?? 100;
  const hist = new Float64Array(lv.traySize + 1);
  const gameHist = new Float64Array(lv.traySize + 1);
  const tally = new TallyBuilder();
  const boxes: BoxRecord[] = [];
  let runs = 0;
  let gaveUp: SimulationBound | null = null;
  let wins = 0;
  let sumMax = 0;
  let spawned = 0;
  let finished = 0;
  let budgetHits = 0;
  const hard = { spawned: 0, failed: 0 };
  const easy = { spawned: 0, failed: 0 };
  while (runs < options.runs) {
    if (expired?.() === true) {
      gaveUp = 'time';
      break;
    }
    if (keep && boxes.length >= maxKept) {
      gaveUp = 'memory';
      break;
    }
    const gameRng = master.fork();
    const spawner = makeSpawner(options.policy, gameRng.fork());
    const chooser = makeChooser(options.bot, gameRng.fork(), expired);
    gameHist.fill(0);
    const g = playOnce(lv, chooser, spawner, boxSlots, params, gameHist, true, expired);
    if (g.status === PLAYING) {
      gaveUp = 'time';
      break;
    }
    runs++;
    gameHist.forEach((n, k) => (hist[k]! += n));
    budgetHits += chooser.budgetHits;
    if (g.status === WON) wins++;
    sumMax += g.maxTray;
    for (const b of g.records!) {
      spawned++;
      if (b.finished) finished++;
      const bucket = b.dct > params.threshold ? hard : easy;
      bucket.spawned++;
      if (!b.finished) bucket.failed++;
      tally.add(b.dct, !b.finished, b.maxTray);
      if (keep) boxes.push(b);
    }
    if (options.onProgress && (runs % every === 0 || runs === options.runs))
      options.onProgress(runs);
  }
  let taps = 0;
  let traySum = 0;
  hist.forEach((n, k) => {
    taps += n;
    traySum += n * k;
  });
  return {
    runs,
    requested: options.runs,
    outcome:
      gaveUp === null
        ? SOLVED
        : { kind: 'gave-up', bound: gaveUp, limit: gaveUp === 'time' ? options.maxMs! : maxKept },
    gaveUp,
    wins,
    winRate: runs > 0 ? wins / runs : NaN,
    meanMaxTray: runs > 0 ? sumMax / runs : NaN,
    meanTray: taps > 0 ? traySum / taps : 0,
    trayHistogram: Array.from(hist),
    boxesSpawned: spawned,
    boxesFinished: finished,
    hard,
    easy,
    budgetHits,
    tally: tally.build(),
    boxes,
  };
}

/** The outcome of replaying a recorded solution. */
export interface ReplayResult {
  /** True when the taps win the level with the recorded boxes. */
  readonly won: boolean;
  /** Index into `taps` of the first bad tap, or -1. */
  readonly failedAt: number;
  /** Why it failed, or '' when won. */
  readonly reason: string;
  /** Largest tray occupancy during the replay. */
  readonly maxTray: number;
}

/**
 * Replays a solution under the real rules: boxes spawn in the recorded order, each tap must be a
 * screw on the board, not covered, with somewhere to go. Used to prove generated levels winnable.
 */
export function replaySolution(
  level: Level,
  solution: LevelSolution,
  boxSlots: 1 | 2 = 2,
): ReplayResult {
  return replayCompiled(compileLevel(level), solution, boxSlots);
}

/** {@link replaySolution} on an already compiled level (no geometry work: a replay is linear). */
export function replayCompiled(
  lv: CompiledLevel,
  solution: LevelSolution,
  boxSlots: 1 | 2 = 2,
): ReplayResult {
  const spawner = makeSpawner({ kind: 'sequence', boxes: solution.boxes }, Rng.from(0));
  const g = new Game(lv, boxSlots, SEED_PARAMS, false);
  g.refill(spawner);
  for (let i = 0; i < solution.taps.length; i++) {
    const s = solution.taps[i]!;
    const why = !(s >= 0 && s < lv.nScrews)
      ? `screw ${s} does not exist`
      : g.present[s] !== 1
        ? `screw ${s} was already removed`
        : g.depth[s] !== 0
          ? `screw ${s} is covered by ${g.depth[s]} bar(s)`
          : g.destination(s) < 0
            ? `screw ${s} has nowhere to go (tray full)`
            : '';
    if (why) return { won: false, failedAt: i, reason: why, maxTray: g.maxTray };
    g.tap(s, spawner);
  }
  if (g.status === WON) return { won: true, failedAt: -1, reason: '', maxTray: g.maxTray };
  return {
    won: false,
    failedAt: solution.taps.length,
    reason: `${g.boardLeft} screw(s) left on the board`,
    maxTray: g.maxTray,
  };
}
