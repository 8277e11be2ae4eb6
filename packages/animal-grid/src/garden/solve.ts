/** Exhaustive Beautiful Garden solver: all plantings that grow into the target, or a proof of none. */
import {
  BudgetMeter,
  IMPOSSIBLE,
  SOLVED,
  type Bound,
  type Budget,
  type Outcome,
} from '@puzzlekit/job';
import { PaddedGarden } from './board.js';
import { kindIndex, seedCount, type GardenLevel, type Planted, type Planting } from './model.js';

/** Result of {@link solveGarden}. */
export interface GardenSolveResult {
  /**
   * `solved` (at least one planting, and the search finished or reached `countLimit`), `impossible`
   * (the search finished and found none: a proof) or `gave-up` with the bound (`work` in `nodes`, or
   * `time`) and its limit: then `count` is only how many were found so far.
   */
  readonly outcome: Outcome;
  /** Partial plantings explored (the work unit, `nodes`). */
  readonly work: number;
  /** Plantings found (up to `listLimit`). */
  readonly solutions: readonly Planting[];
  /** Number of plantings found. */
  readonly count: number;
  /** When the outcome is `impossible` and a simple count rules every planting out: that count, in words. */
  readonly noSolution: string | null;
}

/** Options of {@link solveGarden} (the budget is its own argument). */
export interface GardenSolveOptions {
  /** List at most this many plantings (default 100; the count goes on). */
  readonly listLimit?: number;
  /** Stop after this many solutions (default: all). */
  readonly countLimit?: number;
}

/** Default work budget of {@link solveGarden}: partial plantings explored. */
export const GARDEN_MAX_WORK = 2_000_000;

/** One flower kind the player is given: its index, how many seeds, and the target cells of its kind. */
interface SeedKind {
  readonly k: number;
  readonly seeds: number;
  readonly cells: readonly number[];
}

/**
 * Seeds per kind and the target cells each may go on, fewest cells first; or the simple reason why no
 * planting can work (a kind in the target that is not given, more seeds than target cells).
 */
function seedKinds(level: GardenLevel, targetIdx: Int8Array): SeedKind[] | string {
  const kinds = level.flowerTypes;
  const out: SeedKind[] = [];
  for (let k = 0; k < kinds.length; k++) {
    const name = kinds[k]!.name;
    const seeds = seedCount(level, name);
    const cells: number[] = [];
    for (let i = 0; i < targetIdx.length; i++) if (targetIdx[i] === k) cells.push(i);
    if (cells.length > 0 && seeds === 0) return `the target has ${name} but none is given`;
    if (seeds > cells.length)
      return `${seeds} ${name} must be planted but the target has only ${cells.length} such cell(s)`;
    if (seeds > 0) out.push({ k, seeds, cells });
  }
  return out.sort((a, b) => a.cells.length - b.cells.length || a.k - b.k);
}

/**
 * Finds every planting of exactly the given flowers that grows into the target after the given rounds.
 * Planted flowers never move or die, so each flower is planted on a target cell of its own kind. The
 * search chooses, kind by kind, which of those cells get the seeds; a kind is pruned when some target
 * cell of it lies farther than `rounds` growth steps (through target cells of that kind that suit it)
 * from every chosen seed. Each full planting is simulated and compared with the target.
 *
 * Bounded by `budget`: `maxWork` partial plantings (default {@link GARDEN_MAX_WORK}) decide the
 * result; a time limit only stops early (a 16×16 level of 100 rounds can need minutes for the default
 * work budget, so callers facing untrusted levels should pass one); `outcome` says which bound hit. The search is a hand recursion, not the core's `depthFirstSearch`: it enumerates
 * and counts every planting (that search stops at the first goal), and chooses seed cells in
 * increasing order, so no position repeats and a memo would only cost memory.
 */
export function solveGarden(
  level: GardenLevel,
  budget: Budget = {},
  options: GardenSolveOptions = {},
): GardenSolveResult {
  const n = level.size;
  const kinds = level.flowerTypes;
  const listLimit = options.listLimit ?? 100;
  const countLimit = options.countLimit ?? Infinity;
  const meter = new BudgetMeter({ maxWork: GARDEN_MAX_WORK, ...budget }, { unit: 'nodes' });
  const kindOf = kindIndex(kinds);
  const targetIdx = Int8Array.from(level.target, (name) =>
    name === null ? -1 : (kindOf.get(name) ?? -1),
  );
  const plan = seedKinds(level, targetIdx);
  if (typeof plan === 'string') return ruledOut(plan);
  const solutions: Planting[] = [];
  let count = 0;
  let stopped = false;
  let gaveUp = null as Bound | null;
  const planted = new Int8Array(n * n).fill(-1);
  // The hot loops (the reach test of each kind, the growth of each full planting) run on a padded
  // board whose buffers live through the whole search.
  const board = new PaddedGarden(
    n,
    level.humidity,
    kinds,
    targetIdx,
    plan.map((sk) => sk.k),
  );
  const leaf = (): void => {
    if (!board.growsInto(planted, level.rounds, targetIdx)) return;
    count++;
    if (solutions.length < listLimit) solutions.push(plantingOf(planted, kinds, n));
    if (count >= countLimit) stopped = true;
  };
  /** Counts a node; false (and the bound recorded) when a budget is spent. */
  const spend = (): boolean => {
    const bound = meter.spend();
    if (bound === null) return true;
    gaveUp = bound;
    stopped = true;
    return false;
  };
  // Depth of this recursion is at most the number of seeds plus kinds (≤ 2 × 256 on a 16×16 level).
  const choose = (kindPos: number, start: number, left: number): void => {
    if (stopped || !spend()) return;
    const sk = plan[kindPos];
    if (!sk) return leaf();
    if (left === 0) {
      if (board.allWithin(sk.k, sk.cells, planted, level.rounds))
        choose(kindPos + 1, 0, plan[kindPos + 1]?.seeds ?? 0);
      return;
    }
    for (let c = start; c <= sk.cells.length - left && !stopped; c++) {
      const i = sk.cells[c]!;
      planted[i] = sk.k;
      choose(kindPos, c + 1, left - 1);
      planted[i] = -1;
    }
  };
  choose(0, 0, plan[0]?.seeds ?? 0);
  return {
    outcome: gaveUp !== null ? meter.gaveUp(gaveUp) : count > 0 ? SOLVED : IMPOSSIBLE,
    work: meter.work,
    solutions,
    count,
    noSolution: null,
  };
}

/** The answer when a simple count rules every planting out before any search. */
function ruledOut(reason: string): GardenSolveResult {
  return { outcome: IMPOSSIBLE, work: 0, solutions: [], count: 0, noSolution: reason };
}

/** The planted flowers of a garden (a kind per cell, −1 empty) as a planting, top row first. */
function plantingOf(planted: Int8Array, kinds: GardenLevel['flowerTypes'], n: number): Planting {
  const p: Planted[] = [];
  for (let i = 0; i < n * n; i++)
    if (planted[i]! >= 0)
      p.push({ flower: kinds[planted[i]!]!.name, x: i % n, y: Math.floor(i / n) });
  return p;
}
