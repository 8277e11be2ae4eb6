import { InvalidInputError } from '@puzzlekit/errors';
import { BudgetMeter, SOLVED, type Budget, type Outcome } from '@puzzlekit/job';
import { Rng, type Seed } from '@puzzlekit/rng';
import type { Level, LevelSolution } from '../model.js';
import { compileLevel, type CompiledLevel } from '../board.js';
import { checkParams, SEED_PARAMS, type DctParams } from '../rate/dct.js';
import { Game, LOST, PLAYING, WON, type BoxRecord, type Spawner } from './engine.js';
import { checkPolicy, makeSpawner, type SpawnPolicy } from './policy.js';
import { makeChooser, type BotOptions, type Chooser } from './bots.js';
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
  /**
   * Keep every box record in the result (default true); the budget's `maxStates` bounds how many
   * (default {@link SIMULATE_MAX_RECORDS}). The tally itself stays small.
   */
  readonly keepBoxes?: boolean;
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

/** The simulator's work unit: playouts finished. */
export const SIMULATE_UNIT = 'playouts';
/** Default memory bound of {@link simulate}: box records kept (about 150 MB). */
export const SIMULATE_MAX_RECORDS = 1_000_000;

/** What many playouts measured. */
export interface SimulationResult {
  /**
   * `solved` when all `requested` playouts were played, else `gave-up` naming the bound: `work`
   * (the budget's `maxWork` playouts), `time` (a playout cut short is not counted) or `memory`
   * (box records kept). The figures below cover the `work` playouts finished.
   */
  readonly outcome: Outcome;
  /** Playouts finished (fewer than `requested` when a bound stopped the run). */
  readonly work: number;
  /** Playouts asked for. */
  readonly requested: number;
  /** Playouts won. */
  readonly wins: number;
  /** wins / work (NaN when no playout finished). */
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
 * Plays one game on a compiled level; internal building block of {@link simulate}. When `timeUp`
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
  timeUp?: () => boolean,
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
    if (timeUp?.() === true && g.status === PLAYING) break;
  }
  return g;
}

function checkSimulateOptions(options: SimulateOptions): void {
  const bad = (field: string, why: string): never => {
    throw new InvalidInputError(why, { path: `$.${field}`, code: 'INVALID_OPTIONS' });
  };
  const { runs, boxSlots = 2 } = options;
  if (!Number.isInteger(runs) || runs < 1 || runs > 1_000_000)
    bad('runs', `runs must be a whole number in 1..1000000, got ${runs}`);
  if (boxSlots !== 1 && boxSlots !== 2)
    bad('boxSlots', `boxSlots must be 1 or 2, got ${String(boxSlots)}`);
}

/** Playouts between two progress reports (a lookahead playout can take long: it reports each). */
const PROGRESS_PLAYOUTS = 100;

/**
 * Monte Carlo: plays up to `runs` games of the level with the bot and the spawn policy, recording for
 * every spawned box its index inputs, dct, whether the bot finished it and how full the tray got.
 * The work unit is the playout: the budget's `maxWork` bounds the playouts, `maxStates` the box
 * records kept, and `maxMs`/`deadline` stop the run early (the clock is read after every tap and
 * inside a lookahead decision; a playout cut short is not counted). Deterministic for a seed: a run
 * stopped early is exactly the first `work` playouts of the full run. `budget.onProgress` hears the
 * playouts done every 100 playouts (every playout with the lookahead bot) and at the end.
 */
export function simulate(
  level: Level,
  options: SimulateOptions,
  budget: Budget = {},
): SimulationResult {
  checkSimulateOptions(options);
  const boxSlots = options.boxSlots ?? 2;
  const params = checkParams(options.params ?? SEED_PARAMS);
  checkPolicy(options.policy);
  const lv = compileLevel(level);
  const { onProgress, ...bounds } = budget;
  const meter = new BudgetMeter(
    { maxStates: SIMULATE_MAX_RECORDS, ...bounds },
    { unit: SIMULATE_UNIT, clockEvery: 1 },
  );
  const timeUp = meter.deadline === Infinity ? undefined : () => meter.timeUp();
  const master = Rng.from(options.seed);
  const keep = options.keepBoxes ?? true;
  const every = options.bot.kind === 'lookahead' ? 1 : PROGRESS_PLAYOUTS;
  const hist = new Float64Array(lv.traySize + 1);
  const gameHist = new Float64Array(lv.traySize + 1);
  const tally = new TallyBuilder();
  const boxes: BoxRecord[] = [];
  let outcome: Outcome = SOLVED;
  let wins = 0;
  let sumMax = 0;
  let spawned = 0;
  let finished = 0;
  let budgetHits = 0;
  const hard = { spawned: 0, failed: 0 };
  const easy = { spawned: 0, failed: 0 };
  while (meter.work < options.runs) {
    if (keep && meter.storesTooMany(boxes.length + 1)) {
      outcome = meter.gaveUp('memory');
      break;
    }
    // Only the work bound is read here: the clock is read after every tap, in playOnce.
    if (meter.work >= meter.maxWork) {
      outcome = meter.gaveUp('work');
      break;
    }
    if (timeUp?.() === true) {
      outcome = meter.gaveUp('time');
      break;
    }
    const gameRng = master.fork();
    const spawner = makeSpawner(options.policy, gameRng.fork());
    const chooser = makeChooser(options.bot, gameRng.fork(), timeUp);
    gameHist.fill(0);
    const g = playOnce(lv, chooser, spawner, boxSlots, params, gameHist, true, timeUp);
    if (g.status === PLAYING) {
      outcome = meter.gaveUp('time');
      break;
    }
    meter.charge(1);
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
    if (onProgress && (meter.work % every === 0 || meter.work === options.runs))
      onProgress(meter.work, meter.elapsedMs());
  }
  const runs = meter.work;
  let taps = 0;
  let traySum = 0;
  hist.forEach((n, k) => {
    taps += n;
    traySum += n * k;
  });
  return {
    outcome,
    work: runs,
    requested: options.runs,
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
