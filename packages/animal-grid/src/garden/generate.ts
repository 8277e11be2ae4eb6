/** Seeded generation of Beautiful Garden levels with a unique solution. */
import { InvalidInputError } from '@puzzlekit/errors';
import type { Rng } from '@puzzlekit/rng';
import {
  BudgetMeter,
  SOLVED,
  gaveUp,
  gaveUpResult,
  solvedResult,
  type Bound,
  type Budget,
  type JobResult,
  type Outcome,
} from '@puzzlekit/job';
import {
  neighbourCells,
  PAPER_FLOWERS,
  growPlanting,
  suits,
  type GardenLevel,
  type Planting,
} from './model.js';
import { GARDEN_MAX_WORK, solveGarden } from './solve.js';

/** Humidity values used by generated gardens: one per band of the paper's flowers, plus dry soil. */
export const HUMIDITY_BANDS: readonly number[] = [20, 35, 55, 65, 75, 100];

/** Options of {@link generateGardenLevel}. */
export interface GardenGenerateOptions {
  /** Side of the garden (2–8). */
  readonly size: number;
  /** Growth rounds, 0–100 (default 1 for size ≤ 3, else 2). */
  readonly rounds?: number;
}

/** Default work budget of {@link generateGardenLevel}: random gardens tried (attempts). */
export const GARDEN_GENERATE_MAX_WORK = 2000;

/** A generated level, its unique answer, and how many attempts it took. */
export interface GeneratedGarden {
  /** The level. */
  readonly level: GardenLevel;
  /** Its only planting. */
  readonly solution: Planting;
  /** Random gardens tried, this one included. */
  readonly attempts: number;
}

/** Irregular humidity regions: a few random seeds grown in random order over the grid. */
function humidityMap(rng: Rng, size: number): number[] {
  const regions = Math.max(2, Math.floor((size + 2) / 2));
  const values = rng.sample(HUMIDITY_BANDS.slice(1), Math.min(regions, HUMIDITY_BANDS.length - 1));
  if (size >= 4 && rng.bool(0.5)) values.push(HUMIDITY_BANDS[0]!);
  const hum = new Array<number>(size * size).fill(-1);
  const frontier: number[] = [];
  for (const v of values) {
    const free = hum.map((h, i) => (h < 0 ? i : -1)).filter((i) => i >= 0);
    if (free.length === 0) break;
    const i = rng.pick(free);
    hum[i] = v;
    frontier.push(i);
  }
  while (frontier.length > 0) {
    const k = rng.below(frontier.length);
    const i = frontier[k]!;
    const open = neighbourCells(i, size).filter((j) => j >= 0 && hum[j]! < 0);
    if (open.length === 0) {
      frontier.splice(k, 1);
      continue;
    }
    const j = rng.pick(open);
    hum[j] = hum[i]!;
    frontier.push(j);
  }
  return hum;
}

/**
 * Generates a level of the given size with exactly one solution: random irregular humidity regions,
 * one to three flower kinds that suit some of them, a random planting of a few seeds (mostly on cells
 * that suit them), grown for the given rounds into the target; kept only when the exhaustive solver
 * finds exactly one planting and the flowers grew (the target has more flowers than seeds).
 *
 * The work unit is an attempt (one random garden; default budget {@link GARDEN_GENERATE_MAX_WORK}).
 * Each attempt's uniqueness check is bounded by {@link GARDEN_MAX_WORK} solver nodes, never by time,
 * so the level depends only on the RNG and the options; a time limit only stops the job early.
 *
 * @throws InvalidInputError for a size outside 2–8, rounds outside 0–100, or a bad budget.
 */
export function generateGardenLevel(
  rng: Rng,
  options: GardenGenerateOptions,
  budget: Budget = {},
): JobResult<GeneratedGarden> {
  const size = options.size;
  if (!Number.isInteger(size) || size < 2 || size > 8)
    throw new InvalidInputError(`size must be an integer from 2 to 8, got ${size}`, {
      path: '$.size',
    });
  const rounds = options.rounds ?? (size <= 3 ? 1 : 2);
  if (!Number.isInteger(rounds) || rounds < 0 || rounds > 100)
    throw new InvalidInputError(`rounds must be an integer from 0 to 100, got ${rounds}`, {
      path: '$.rounds',
    });
  const meter = attemptMeter({ maxWork: GARDEN_GENERATE_MAX_WORK, ...budget });
  const r = levelWithin(rng, size, rounds, meter);
  return r.level === null
    ? gaveUpResult(meter.gaveUp(r.bound), r.attempts)
    : solvedResult(r.level, r.attempts);
}

/** A meter of attempts; an attempt takes up to milliseconds, so the clock is read before each. */
function attemptMeter(budget: Budget): BudgetMeter {
  return new BudgetMeter(budget, { unit: 'attempts', clockEvery: 1 });
}

/** What {@link levelWithin} ended with: a level, or the bound that stopped it; and the attempts made. */
type AttemptsEnd =
  | { readonly level: GeneratedGarden; readonly attempts: number }
  | { readonly level: null; readonly bound: Bound; readonly attempts: number };

/** The attempt loop: random gardens until one has a unique planting, or a bound of `meter` stops it. */
function levelWithin(rng: Rng, size: number, rounds: number, meter: BudgetMeter): AttemptsEnd {
  for (let attempt = 1; ; attempt++) {
    const bound = meter.spend();
    if (bound !== null) return { level: null, bound, attempts: attempt - 1 };
    const humidity = humidityMap(rng, size);
    const usable = PAPER_FLOWERS.filter((f) => humidity.some((h) => suits(f, h)));
    if (usable.length === 0) continue;
    const kinds = rng.sample(usable, Math.min(usable.length, 1 + rng.below(Math.min(3, size))));
    const seeds: Record<string, number> = {};
    const taken = new Set<number>();
    const planting: { flower: string; x: number; y: number }[] = [];
    for (const f of kinds) {
      const k = 1 + rng.below(Math.max(1, Math.floor(size / 2)));
      for (let s = 0; s < k; s++) {
        const good = humidity
          .map((h, i) => (suits(f, h) && !taken.has(i) ? i : -1))
          .filter((i) => i >= 0);
        const any = humidity.map((_, i) => (taken.has(i) ? -1 : i)).filter((i) => i >= 0);
        const from = good.length > 0 && rng.bool(0.85) ? good : any;
        if (from.length === 0) break;
        const i = rng.pick(from);
        taken.add(i);
        planting.push({ flower: f.name, x: i % size, y: Math.floor(i / size) });
        seeds[f.name] = (seeds[f.name] ?? 0) + 1;
      }
    }
    const base = {
      size,
      humidity,
      flowerTypes: PAPER_FLOWERS,
      seeds,
      rounds,
      target: [] as (string | null)[],
    };
    const target = growPlanting(base, planting);
    if (target.filter((t) => t !== null).length <= planting.length) continue;
    const level: GardenLevel = { ...base, target };
    // The check has its own work bound in nodes (an attempt is kept only when it proves uniqueness
    // within it) and shares only the deadline, which may stop the whole job.
    const check = solveGarden(
      level,
      { ...meter.share(), maxWork: GARDEN_MAX_WORK },
      { countLimit: 2, listLimit: 1 },
    );
    if (check.outcome.kind === 'gave-up' && check.outcome.bound === 'time')
      return { level: null, bound: 'time', attempts: attempt };
    if (check.outcome.kind === 'solved' && check.count === 1)
      return {
        level: { level, solution: check.solutions[0]!, attempts: attempt },
        attempts: attempt,
      };
  }
}

/** Options of {@link generateGardenCampaign}. */
export interface GardenCampaignOptions {
  /** Side of the first level (default 2). */
  readonly startSize?: number;
  /** Levels per size before the side grows by one (default 2). */
  readonly perSize?: number;
  /** Attempts per level before that level is given up (default {@link GARDEN_GENERATE_MAX_WORK}). */
  readonly attemptsPerLevel?: number;
}

/** A campaign: the levels made, and how the job ended. */
export interface GardenCampaign {
  /**
   * `solved` when every level was made; `gave-up` on `work` (unit `attempts`, limit
   * `attemptsPerLevel`) when some level ran out of its attempts (the later ones are still tried),
   * or on a bound of the whole budget (`maxWork` attempts over the campaign, or `time`), which ends it.
   */
  readonly outcome: Outcome;
  /** Attempts made over the whole campaign. */
  readonly work: number;
  /** The levels, in order of growing size. */
  readonly levels: readonly GeneratedGarden[];
  /** Levels asked for but not made. */
  readonly missing: number;
}

/**
 * A campaign of levels of growing size: level i (0-based) has side `startSize + floor(i / perSize)`,
 * capped at 8, made like {@link generateGardenLevel} from the same RNG, each within
 * `attemptsPerLevel`; `budget` bounds the whole campaign (default: no bound of its own). `onLevel`,
 * called after each level tried with the number tried so far, can drive a progress display.
 */
export function generateGardenCampaign(
  rng: Rng,
  count: number,
  options: GardenCampaignOptions = {},
  budget: Budget = {},
  onLevel?: (done: number) => void,
): GardenCampaign {
  const startSize = options.startSize ?? 2;
  const perSize = options.perSize ?? 2;
  const perLevel = options.attemptsPerLevel ?? GARDEN_GENERATE_MAX_WORK;
  const meter = attemptMeter({ maxWork: Infinity, ...budget });
  const levels: GeneratedGarden[] = [];
  let outcome: Outcome = SOLVED;
  for (let i = 0; i < count; i++) {
    const size = Math.min(8, startSize + Math.floor(i / perSize));
    const r = levelWithin(rng, size, size <= 3 ? 1 : 2, attemptMeter(meter.share(perLevel)));
    meter.charge(r.attempts);
    onLevel?.(i + 1);
    if (r.level !== null) {
      levels.push(r.level);
      continue;
    }
    if (r.bound === 'time' || meter.remaining() === 0) {
      outcome = meter.gaveUp(r.bound === 'time' ? 'time' : 'work');
      break;
    }
    outcome = gaveUp('work', perLevel, 'attempts');
  }
  return { outcome, work: meter.work, levels, missing: count - levels.length };
}
