/** Exhaustive Beautiful Garden solver: all plantings that grow into the target, or a proof of none. */
import { startDeadline, type GaveUp, type TimeBudgetOptions } from '../../src/budget.js';
import {
  growRound,
  kindIndex,
  seedCount,
  suits,
  type GardenLevel,
  type Planted,
  type Planting,
} from '../../src/garden/model.js';

/** Result of {@link solveGarden}. */
export interface GardenSolveResult {
  /** Plantings found (up to `listLimit`). */
  readonly solutions: readonly Planting[];
  /** Number of plantings found (exact when `complete`). */
  readonly count: number;
  /** True when the search was exhaustive: with count 0 that is a proof that no planting works. */
  readonly complete: boolean;
  /** Partial plantings explored. */
  readonly nodes: number;
  /** When count is 0 and the reason is simple, what rules every planting out. */
  readonly reason: string | null;
  /** The bound that ended the search early (`nodes` or `time`), or null (finished, or `countLimit` reached). */
  readonly gaveUp: Extract<GaveUp, 'nodes' | 'time'> | null;
}

/** Options of {@link solveGarden}. */
export interface GardenSolveOptions extends TimeBudgetOptions {
  /** Partial plantings to explore before giving up (default 2,000,000). */
  readonly nodeBudget?: number;
  /** List at most this many plantings (default 100; the count goes on). */
  readonly listLimit?: number;
  /** Stop after this many solutions (default: all). */
  readonly countLimit?: number;
  /** Called every 256 nodes with the nodes explored so far (for a progress display). */
  readonly onProgress?: (nodes: number) => void;
}

/** Default node budget of {@link solveGarden}. */
export const GARDEN_NODE_BUDGET = 2_000_000;

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
 * Bounded by `nodeBudget` and `maxMs`: a 16×16 level of 100 rounds can need minutes for its node
 * budget, so callers facing untrusted levels should pass a time limit; `gaveUp` says which bound hit.
 */
export function solveGarden(
  level: GardenLevel,
  options: GardenSolveOptions = {},
): GardenSolveResult {
  const n = level.size;
  const kinds = level.flowerTypes;
  const budget = options.nodeBudget ?? GARDEN_NODE_BUDGET;
  const listLimit = options.listLimit ?? 100;
  const countLimit = options.countLimit ?? Infinity;
  const deadline = startDeadline(options);
  const kindOf = kindIndex(kinds);
  const targetIdx = Int8Array.from(level.target, (name) =>
    name === null ? -1 : (kindOf.get(name) ?? -1),
  );
  const plan = seedKinds(level, targetIdx);
  if (typeof plan === 'string')
    return { solutions: [], count: 0, complete: true, nodes: 0, reason: plan, gaveUp: null };
  const solutions: Planting[] = [];
  let count = 0;
  let nodes = 0;
  let stopped = false;
  let gaveUp: GardenSolveResult['gaveUp'] = null;
  const planted = new Int8Array(n * n).fill(-1);
  const dist = new Int32Array(n * n);
  const queue = new Int32Array(n * n);
  /** Does every target cell of kind k lie within `rounds` growth steps of a planted seed of k? */
  const reachable = (k: number): boolean => {
    dist.fill(-1);
    let tail = 0;
    for (let i = 0; i < n * n; i++) {
      if (planted[i] === k) {
        dist[i] = 0;
        queue[tail++] = i;
      }
    }
    for (let head = 0; head < tail; head++) {
      const i = queue[head]!;
      if (dist[i]! >= level.rounds || !suits(kinds[k]!, level.humidity[i]!)) continue;
      const x = i % n;
      for (const j of [x > 0 ? i - 1 : -1, x < n - 1 ? i + 1 : -1, i - n, i + n]) {
        if (j < 0 || j >= n * n || dist[j] !== -1 || targetIdx[j] !== k) continue;
        if (!suits(kinds[k]!, level.humidity[j]!)) continue;
        dist[j] = dist[i]! + 1;
        queue[tail++] = j;
      }
    }
    for (let i = 0; i < n * n; i++) if (targetIdx[i] === k && dist[i] === -1) return false;
    return true;
  };
  const leaf = (): void => {
    let cells: Int8Array = planted.slice();
    for (let r = 0; r < level.rounds; r++) cells = growRound(n, level.humidity, kinds, cells);
    for (let i = 0; i < n * n; i++) if (cells[i] !== targetIdx[i]) return;
    count++;
    if (solutions.length < listLimit) {
      const p: Planted[] = [];
      for (let i = 0; i < n * n; i++)
        if (planted[i]! >= 0)
          p.push({ flower: kinds[planted[i]!]!.name, x: i % n, y: Math.floor(i / n) });
      solutions.push(p);
    }
    if (count >= countLimit) stopped = true;
  };
  /** Counts a node; false (and the bound recorded) when a budget is spent. */
  const spend = (): boolean => {
    nodes++;
    if (nodes > budget) gaveUp = 'nodes';
    else if ((nodes & 255) === 0 && deadline.expired()) gaveUp = 'time';
    else {
      if ((nodes & 255) === 0) options.onProgress?.(nodes);
      return true;
    }
    stopped = true;
    return false;
  };
  // Depth of this recursion is at most the number of seeds plus kinds (≤ 2 × 256 on a 16×16 level).
  const choose = (kindPos: number, start: number, left: number): void => {
    if (stopped || !spend()) return;
    const sk = plan[kindPos];
    if (!sk) return leaf();
    if (left === 0) {
      if (reachable(sk.k)) choose(kindPos + 1, 0, plan[kindPos + 1]?.seeds ?? 0);
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
    solutions,
    count,
    complete: !stopped,
    nodes: Math.min(nodes, budget),
    reason: null,
    gaveUp,
  };
}
