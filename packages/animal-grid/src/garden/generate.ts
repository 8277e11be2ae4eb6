/** Seeded generation of Beautiful Garden levels with a unique solution. */
import { InvalidInputError } from '@puzzlekit/errors';
import type { Rng } from '@puzzlekit/rng';
import { SOLVED, type Outcome } from '@puzzlekit/graph-search';
import { startDeadline, type Deadline, type GaveUp, type TimeBudgetOptions } from '../budget.js';
import {
  neighbourCells,
  PAPER_FLOWERS,
  simulateGarden,
  suits,
  type GardenLevel,
  type Planting,
} from './model.js';
import { solveGarden } from './solve.js';

/** Humidity values used by generated gardens: one per band of the paper's flowers, plus dry soil. */
export const HUMIDITY_BANDS: readonly number[] = [20, 35, 55, 65, 75, 100];

/** Options of {@link generateGardenLevel}. */
export interface GardenGenerateOptions extends TimeBudgetOptions {
  /** Side of the garden (2–8). */
  readonly size: number;
  /** Growth rounds (default 1 for size ≤ 3, else 2). */
  readonly rounds?: number;
  /** Attempts before giving up (default 2000). */
  readonly maxAttempts?: number;
}

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
 */
export function generateGardenLevel(
  rng: Rng,
  options: GardenGenerateOptions,
): GeneratedGarden | null {
  const size = options.size;
  if (!Number.isInteger(size) || size < 2 || size > 8)
    throw new InvalidInputError(`size must be an integer from 2 to 8, got ${size}`, {
      path: 'size',
    });
  const rounds = options.rounds ?? (size <= 3 ? 1 : 2);
  const max = options.maxAttempts ?? 2000;
  return levelWithin(rng, size, rounds, max, startDeadline(options));
}

/** The attempt loop of {@link generateGardenLevel}, stopping at `max` attempts or the deadline. */
function levelWithin(
  rng: Rng,
  size: number,
  rounds: number,
  max: number,
  deadline: Deadline,
): GeneratedGarden | null {
  for (let attempt = 1; attempt <= max && !deadline.expired(); attempt++) {
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
    const target = simulateGarden(base, planting);
    if (target.filter((t) => t !== null).length <= planting.length) continue;
    const level: GardenLevel = { ...base, target };
    const r = solveGarden(level, { countLimit: 2, listLimit: 1 });
    if (r.complete || r.count === 2) {
      if (r.count === 1 && r.complete) {
        return { level, solution: r.solutions[0]!, attempts: attempt };
      }
    }
  }
  return null;
}

/** Options of {@link generateGardenCampaign}. */
export interface GardenCampaignOptions extends TimeBudgetOptions {
  /** Side of the first level (default 2). */
  readonly startSize?: number;
  /** Levels per size before the side grows by one (default 2). */
  readonly perSize?: number;
  /** Called after each level with the number of levels tried so far. */
  readonly onProgress?: (done: number) => void;
}

/** A campaign: the levels made, and why it stopped short when it did. */
export interface GardenCampaign {
  /** The levels, in order of growing size. */
  readonly levels: readonly GeneratedGarden[];
  /** Levels asked for but not made (their attempt budget ran out, or the time limit did). */
  readonly missing: number;
  /** `time` when the time limit ended the campaign early, `attempts` when a level ran out of attempts. */
  readonly gaveUp: Extract<GaveUp, 'time' | 'attempts'> | null;
  /**
   * The shared outcome: `solved` (every level made), or `gave-up` on `time` (limit `maxMs`) or `nodes`
   * (a level's attempts, limit 2000 per level).
   */
  readonly outcome: Outcome;
}

/**
 * A campaign of levels of growing size: level i (0-based) has side `startSize + floor(i / perSize)`,
 * capped at 8. Each level comes from {@link generateGardenLevel} with the same RNG; `maxMs` bounds the
 * whole campaign.
 */
export function generateGardenCampaign(
  rng: Rng,
  count: number,
  options: GardenCampaignOptions = {},
): GardenCampaign {
  const startSize = options.startSize ?? 2;
  const perSize = options.perSize ?? 2;
  const deadline = startDeadline(options);
  const levels: GeneratedGarden[] = [];
  let gaveUp: GardenCampaign['gaveUp'] = null;
  for (let i = 0; i < count; i++) {
    if (deadline.expired()) {
      gaveUp = 'time';
      break;
    }
    const size = Math.min(8, startSize + Math.floor(i / perSize));
    const g = levelWithin(rng, size, size <= 3 ? 1 : 2, CAMPAIGN_ATTEMPTS, deadline);
    if (g) levels.push(g);
    else gaveUp = deadline.expired() ? 'time' : (gaveUp ?? 'attempts');
    options.onProgress?.(i + 1);
  }
  const outcome: Outcome =
    gaveUp === null
      ? SOLVED
      : gaveUp === 'time'
        ? { kind: 'gave-up', bound: 'time', limit: options.maxMs! }
        : { kind: 'gave-up', bound: 'nodes', limit: CAMPAIGN_ATTEMPTS };
  return { levels, missing: count - levels.length, gaveUp, outcome };
}

/** Attempts per campaign level. */
const CAMPAIGN_ATTEMPTS = 2000;
