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
  /**
   * Minimum-cost assignment of boxes to goals by lone-box push distance (-1 if some box can reach no
   * goal); null when the level is too large for the bound's budget (see {@link levelStats}).
   */
  readonly lowerBound: number | null;
}

/** Largest goals × cells distance table {@link levelStats} builds for the lower bound (64 MB). */
export const STATS_MAX_DISTANCE_ENTRIES = 16_000_000;

/**
 * Counts a level's boxes, floor and dead squares and computes its push lower bound. The bound needs a
 * goals × cells table and an O(k³) assignment: it is skipped (null) past
 * {@link STATS_MAX_DISTANCE_ENTRIES} entries or `maxMs` milliseconds (default 5,000).
 */
export function levelStats(level: Level, options: { maxMs?: number } = {}): LevelStats {
  const deadline = performance.now() + (options.maxMs ?? 5000);
  const sp = new Space(level);
  const counts = countBoxes(level);
  let floor = 0;
  let dead = 0;
  for (let c = 0; c < sp.size; c++) {
    if (sp.wall[c]) continue;
    floor++;
    if (sp.dead[c]) dead++;
  }
  const lb =
    counts.boxes !== counts.goals
      ? UNREACHABLE
      : sp.distanceEntries > STATS_MAX_DISTANCE_ENTRIES
        ? NaN
        : sp.lowerBound(sp.startBoxes, deadline);
  return {
    width: level.width,
    height: level.height,
    boxes: counts.boxes,
    goals: counts.goals,
    boxesOnGoals: counts.boxesOnGoals,
    floor,
    deadSquares: dead,
    lowerBound: Number.isNaN(lb) ? null : lb >= UNREACHABLE ? -1 : lb,
  };
}
