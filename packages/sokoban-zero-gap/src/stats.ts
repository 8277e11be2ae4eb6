import { BudgetMeter, type Budget } from '@puzzlekit/job';
import { type Level, countBoxes } from './model.js';
import { Space, UNREACHABLE } from './solve/space.js';

/** Figures of one level, as `puzzlekit sokoban stats` prints them. */
export interface LevelStats {
  /** Board width. */
  readonly width: number;
  /** Board height. */
  readonly height: number;
  /** Number of boxes. */
  readonly boxes: number;
  /** Number of goals. */
  readonly goals: number;
  /** Boxes already on goals. */
  readonly boxesOnGoals: number;
  /** Squares the player can reach with every box removed. */
  readonly floor: number;
  /** Floor squares from which no box can ever reach a goal. */
  readonly deadSquares: number;
  /** The push lower bound, or why there is none (see {@link LowerBound}). */
  readonly lowerBound: LowerBound;
}

/**
 * A level's push lower bound: `pushes`, the minimum-cost assignment of boxes to goals by lone-box
 * push distance (no answer has fewer pushes); `unsolvable` when no count of pushes is enough (a box
 * that can reach no goal, walled in or on a dead square, or box and goal counts that differ);
 * `not-computed` when the level is too large for the bound's table or the time limit passed.
 */
export type LowerBound =
  | { readonly kind: 'pushes'; readonly pushes: number }
  | { readonly kind: 'unsolvable'; readonly reason: string }
  | { readonly kind: 'not-computed'; readonly reason: string };

/** The lower bound in words: `≥ 12 pushes`, `none: unsolvable (…)`, `not computed (…)`. */
export function describeLowerBound(bound: LowerBound): string {
  switch (bound.kind) {
    case 'pushes':
      return `≥ ${bound.pushes.toLocaleString('en-US')} pushes`;
    case 'unsolvable':
      return `none: unsolvable (${bound.reason})`;
    case 'not-computed':
      return `not computed (${bound.reason})`;
  }
}

/** Default budget of {@link levelStats}: the bound may take 5 s of the clock. */
export const DEFAULT_STATS_BUDGET: Budget = Object.freeze({ maxMs: 5000 });

/** Largest goals × cells distance table {@link levelStats} builds for the lower bound (64 MB). */
export const STATS_MAX_DISTANCE_ENTRIES = 16_000_000;

/**
 * Counts a level's boxes, floor and dead squares and computes its push lower bound. The bound needs a
 * goals × cells table and an O(k³) assignment: it is not computed past
 * {@link STATS_MAX_DISTANCE_ENTRIES} entries or the budget's time limit (default
 * {@link DEFAULT_STATS_BUDGET}).
 */
export function levelStats(level: Level, budget: Budget = DEFAULT_STATS_BUDGET): LevelStats {
  const meter = new BudgetMeter(budget);
  const sp = new Space(level);
  const counts = countBoxes(level);
  let floor = 0;
  let dead = 0;
  for (let c = 0; c < sp.size; c++) {
    if (sp.wall[c]) continue;
    floor++;
    if (sp.dead[c]) dead++;
  }
  return {
    width: level.width,
    height: level.height,
    boxes: counts.boxes,
    goals: counts.goals,
    boxesOnGoals: counts.boxesOnGoals,
    floor,
    deadSquares: dead,
    lowerBound: lowerBoundOf(sp, counts, meter),
  };
}

function lowerBoundOf(
  sp: Space,
  counts: { readonly boxes: number; readonly goals: number },
  meter: BudgetMeter,
): LowerBound {
  if (counts.boxes !== counts.goals) {
    return { kind: 'unsolvable', reason: `${counts.boxes} boxes but ${counts.goals} goals` };
  }
  // a box on a dead square (walled in, or pushable only away from every goal) reaches no goal
  const stuck = Array.from(sp.startBoxes).filter((b) => sp.dead[b] === 1);
  if (stuck.length > 0) {
    const x = stuck[0]! % sp.width;
    const y = (stuck[0]! - x) / sp.width;
    return {
      kind: 'unsolvable',
      reason: `${stuck.length === 1 ? 'the box' : `${stuck.length} boxes, the first`} at column ${x + 1}, row ${y + 1} can reach no goal`,
    };
  }
  if (sp.distanceEntries > STATS_MAX_DISTANCE_ENTRIES) {
    return {
      kind: 'not-computed',
      reason: `the distance table would hold ${sp.distanceEntries.toLocaleString('en-US')} entries, past ${STATS_MAX_DISTANCE_ENTRIES.toLocaleString('en-US')}`,
    };
  }
  const lb = sp.lowerBound(sp.startBoxes, meter);
  if (Number.isNaN(lb)) {
    return {
      kind: 'not-computed',
      reason: `time limit of ${meter.gaveUp('time').limit} ms reached`,
    };
  }
  if (lb >= UNREACHABLE) return { kind: 'unsolvable', reason: 'no assignment of boxes to goals' };
  return { kind: 'pushes', pushes: lb };
}
