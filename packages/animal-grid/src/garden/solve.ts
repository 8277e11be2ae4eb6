/** Exhaustive Beautiful Garden solver: all plantings that grow into the target, or a proof of none. */
import { growRound, suits, type GardenLevel, type Planting } from './model.js';

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
}

/** Options of {@link solveGarden}. */
export interface GardenSolveOptions {
  readonly nodeBudget?: number;
  readonly listLimit?: number;
  /** Stop after this many solutions (default: all). */
  readonly countLimit?: number;
}

/**
 * Finds every planting of exactly the given flowers that grows into the target after the given rounds.
 * Planted flowers never move or die, so each flower is planted on a target cell of its own kind. The
 * search chooses, kind by kind, which of those cells get the seeds; a kind is pruned when some target
 * cell of it lies farther than `rounds` growth steps (through target cells of that kind that suit it)
 * from every chosen seed. Each full planting is simulated and compared with the target.
 */
export function solveGarden(
  level: GardenLevel,
  options: GardenSolveOptions = {},
): GardenSolveResult {
  const n = level.size;
  const kinds = level.flowerTypes;
  const budget = options.nodeBudget ?? 2_000_000;
  const listLimit = options.listLimit ?? 100;
  const countLimit = options.countLimit ?? Infinity;
  const targetIdx = Int8Array.from(level.target, (name) =>
    name === null ? -1 : kinds.findIndex((f) => f.name === name),
  );
  const seedKinds: { k: number; seeds: number; cells: number[] }[] = [];
  for (let k = 0; k < kinds.length; k++) {
    const seeds = level.seeds[kinds[k]!.name] ?? 0;
    const cells: number[] = [];
    for (let i = 0; i < n * n; i++) if (targetIdx[i] === k) cells.push(i);
    if (cells.length > 0 && seeds === 0) {
      return {
        solutions: [],
        count: 0,
        complete: true,
        nodes: 0,
        reason: `the target has ${kinds[k]!.name} but none is given`,
      };
    }
    if (seeds > cells.length) {
      return {
        solutions: [],
        count: 0,
        complete: true,
        nodes: 0,
        reason: `${seeds} ${kinds[k]!.name} must be planted but the target has only ${cells.length} such cell(s)`,
      };
    }
    if (seeds > 0) seedKinds.push({ k, seeds, cells });
  }
  seedKinds.sort((a, b) => a.cells.length - b.cells.length || a.k - b.k);
  const solutions: Planting[] = [];
  let count = 0;
  let nodes = 0;
  let stopped = false;
  const planted = new Int8Array(n * n).fill(-1);
  const reachable = (k: number): boolean => {
    const dist = new Int32Array(n * n).fill(-1);
    const queue: number[] = [];
    for (let i = 0; i < n * n; i++) {
      if (planted[i] === k) {
        dist[i] = 0;
        queue.push(i);
      }
    }
    for (let q = 0; q < queue.length; q++) {
      const i = queue[q]!;
      if (dist[i]! >= level.rounds || !suits(kinds[k]!, level.humidity[i]!)) continue;
      const x = i % n;
      for (const j of [x > 0 ? i - 1 : -1, x < n - 1 ? i + 1 : -1, i - n, i + n]) {
        if (
          j < 0 ||
          j >= n * n ||
          dist[j] !== -1 ||
          targetIdx[j] !== k ||
          !suits(kinds[k]!, level.humidity[j]!)
        )
          continue;
        dist[j] = dist[i]! + 1;
        queue.push(j);
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
      const p: { flower: string; x: number; y: number }[] = [];
      for (let i = 0; i < n * n; i++)
        if (planted[i]! >= 0)
          p.push({ flower: kinds[planted[i]!]!.name, x: i % n, y: Math.floor(i / n) });
      solutions.push(p);
    }
    if (count >= countLimit) stopped = true;
  };
  const choose = (kindPos: number, start: number, left: number): void => {
    if (stopped) return;
    if (++nodes > budget) {
      stopped = true;
      return;
    }
    const sk = seedKinds[kindPos];
    if (!sk) return leaf();
    if (left === 0) {
      if (reachable(sk.k)) choose(kindPos + 1, 0, seedKinds[kindPos + 1]?.seeds ?? 0);
      return;
    }
    for (let c = start; c <= sk.cells.length - left && !stopped; c++) {
      const i = sk.cells[c]!;
      planted[i] = sk.k;
      choose(kindPos, c + 1, left - 1);
      planted[i] = -1;
    }
  };
  choose(0, 0, seedKinds[0]?.seeds ?? 0);
  return { solutions, count, complete: !stopped, nodes, reason: null };
}
