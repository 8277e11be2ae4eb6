/** Exact solver: depth-first search over whole-animal bitmasks with forward checking. */
import { BudgetMeter, IMPOSSIBLE, SOLVED, type Budget, type Outcome } from '@puzzlekit/job';
import { ANIMALS, type Placement, type Puzzle, type Solution } from '../model.js';
import { absoluteMask, compile, relationHolds, type Compiled } from '../compile.js';
import { MASKS_BY_POP } from '../masks.js';
import { explainNoSolution, type NoSolutionReason } from './explain.js';

/** Default work budget of {@link solve}, in search nodes (a puzzle needs at most a few thousand). */
export const SOLVE_MAX_WORK = 1_000_000;

/** Options of {@link solve}. */
export interface SolveOptions {
  /**
   * A partly filled board to complete: only arrangements that keep these pieces where they are count.
   * Pieces must match the puzzle's animals and stand on distinct cells of the board (`hint` checks
   * a board before it uses this).
   */
  readonly board?: readonly Placement[];
  /** Stop once this many solutions are counted (default: no limit, count them all). */
  readonly countLimit?: number;
  /** List at most this many solutions in the result (default 1000; the count stays exact). */
  readonly listLimit?: number;
}

/** What {@link solve} found. */
export interface SolveResult {
  /**
   * `solved` (at least one solution, counted to the end or to `countLimit`), `impossible` (the search
   * was exhaustive and found none: a proof) or `gave-up` (work budget in `nodes`, or the time limit;
   * `count` is then a lower bound).
   */
  readonly outcome: Outcome;
  /** Search nodes visited (the unit of `maxWork`). */
  readonly work: number;
  /** Number of solutions found: exact when the search ran to its end, else how many so far. */
  readonly count: number;
  /** The solutions (up to `listLimit`), in search order. */
  readonly solutions: readonly Solution[];
  /**
   * When the outcome is `impossible` and no `board` was given: why, naming the conditions responsible.
   * Null otherwise.
   */
  readonly noSolution: NoSolutionReason | null;
}

/** Turns one mask per animal index into placements, top row first. */
export function masksToSolution(masks: ArrayLike<number>): Solution {
  const cells: (Placement | null)[] = new Array<Placement | null>(9).fill(null);
  for (let t = 0; t < 9; t++) {
    const m = masks[t] ?? 0;
    for (let i = 0; i < 9; i++)
      if ((m >> i) & 1) cells[i] = { animal: ANIMALS[t]!, x: i % 3, y: Math.floor(i / 3) };
  }
  const out: Placement[] = [];
  for (let y = 2; y >= 0; y--) for (let x = 0; x < 3; x++) out.push(cells[y * 3 + x]!);
  return out;
}

interface RelRef {
  readonly kind: number;
  readonly other: number;
  /** True when this type is the relation's `a`. */
  readonly first: boolean;
}

/**
 * Enumerates solutions of a compiled puzzle, calling `visit` with one mask per animal index for each.
 * Returns the search statistics. Internal but shared with the generator and the raters. A hand
 * recursion rather than the core's `depthFirstSearch`: it counts every solution (that search stops at
 * the first), and with at most nine animals placed in a fixed order no position repeats, so a memo
 * would only add work.
 */
export function searchCompiled(
  c: Compiled,
  visit: (masks: Int16Array) => boolean | void,
  meter: BudgetMeter,
  fixed?: ArrayLike<number>,
): SearchEnd {
  const types = c.types;
  const cands: Int16Array[] = [];
  const rels: RelRef[][] = [];
  // `fixed` (one mask per animal index): cells already holding that animal on a partly filled board.
  let allFixed = 0;
  for (let t = 0; t < 9; t++) allFixed |= fixed?.[t] ?? 0;
  for (let t = 0; t < 9; t++) {
    const list = MASKS_BY_POP[c.count[t]!]!;
    const d = c.domain[t]!;
    const own = fixed?.[t] ?? 0;
    const others = allFixed & ~own;
    cands.push(list.filter((m) => (m & ~d) === 0 && (m & own) === own && (m & others) === 0));
    rels.push([]);
  }
  for (const r of c.relations) {
    rels[r.a]!.push({ kind: r.kind, other: r.b, first: true });
    rels[r.b]!.push({ kind: r.kind, other: r.a, first: false });
  }
  const placed = new Int16Array(9);
  let count = 0;
  let stopped = false;
  let bound: SearchEnd['bound'] = null;
  const ok = (t: number, m: number): boolean => {
    for (const r of rels[t]!) {
      const o = placed[r.other]!;
      if (o === 0) continue;
      if (!(r.first ? relationHolds(r.kind, m, o) : relationHolds(r.kind, o, m))) return false;
    }
    return true;
  };
  const dfs = (used: number, left: number): void => {
    if (stopped) return;
    if (left === 0) {
      count++;
      if (visit(placed) === false) stopped = true;
      return;
    }
    const over = meter.spend();
    if (over !== null) {
      stopped = true;
      bound = over;
      return;
    }
    let best = -1;
    let bestN = Infinity;
    for (const t of types) {
      if (placed[t] !== 0) continue;
      let n = 0;
      for (const m of cands[t]!) if ((m & used) === 0 && ok(t, m)) n++;
      if (n === 0) return;
      if (n < bestN) {
        bestN = n;
        best = t;
      }
    }
    for (const m of cands[best]!) {
      if ((m & used) !== 0 || !ok(best, m)) continue;
      placed[best] = m;
      dfs(used | m, left - 1);
      placed[best] = 0;
      if (stopped) return;
    }
  };
  dfs(0, types.length);
  return { count, bound, visitStopped: stopped && bound === null };
}

/** How {@link searchCompiled} ended: solutions visited, and the bound that cut it short (or null). */
export interface SearchEnd {
  readonly count: number;
  /** The budget bound that stopped the search before its end, or null. */
  readonly bound: 'work' | 'time' | 'memory' | null;
  /** True when `visit` asked to stop (so the search did not run to its end either). */
  readonly visitStopped: boolean;
}

/** A meter counting search nodes against `budget` (default {@link SOLVE_MAX_WORK} nodes). */
export function nodeMeter(budget: Budget = {}): BudgetMeter {
  return new BudgetMeter({ maxWork: SOLVE_MAX_WORK, ...budget }, { unit: 'nodes' });
}

/**
 * Finds all solutions of a puzzle (or as many as the options allow), exactly. The work unit is a
 * search node; the default budget is {@link SOLVE_MAX_WORK} nodes and no time limit (a puzzle takes
 * microseconds).
 *
 * @example
 * ```ts
 * const r = solve(parsePuzzle(text));
 * r.count; // 1 for a well-made puzzle
 * ```
 * @throws InvalidInputError (code `INVALID_BUDGET`) for a bound that is not a number ≥ 0.
 */
export function solve(
  puzzle: Puzzle,
  options: SolveOptions = {},
  budget: Budget = {},
): SolveResult {
  const c = compile(puzzle);
  const countLimit = options.countLimit ?? Infinity;
  const listLimit = options.listLimit ?? 1000;
  const meter = nodeMeter(budget);
  const solutions: Solution[] = [];
  let n = 0;
  const r = searchCompiled(
    c,
    (masks) => {
      n++;
      if (solutions.length < listLimit) solutions.push(masksToSolution(masks));
      return n < countLimit;
    },
    meter,
    options.board === undefined ? undefined : boardMasks(options.board),
  );
  const outcome: Outcome =
    r.bound !== null ? meter.gaveUp(r.bound) : r.count > 0 ? SOLVED : IMPOSSIBLE;
  const noSolution =
    outcome.kind === 'impossible' && options.board === undefined ? explainNoSolution(puzzle) : null;
  return { outcome, work: meter.work, count: r.count, solutions, noSolution };
}

/** One mask per animal index: the cells each animal holds on a (partly filled) board. */
export function boardMasks(board: readonly Placement[]): Int16Array {
  const masks = new Int16Array(9);
  for (const p of board) {
    const t = ANIMALS.indexOf(p.animal);
    masks[t] = masks[t]! | (1 << (p.y * 3 + p.x));
  }
  return masks;
}

/** Number of solutions, counting at most `limit` (default: all). */
export function countSolutions(puzzle: Puzzle, limit = Infinity): number {
  return solve(puzzle, { countLimit: limit, listLimit: 0 }, { maxWork: Infinity }).count;
}

/** True when the puzzle has exactly one solution. */
export function hasUniqueSolution(puzzle: Puzzle): boolean {
  return countSolutions(puzzle, 2) === 1;
}

/**
 * Checks a full arrangement against a puzzle: right animals in the right numbers, and every condition.
 * Returns the indices of the conditions it breaks (empty when it is a solution), or `null` when the
 * pieces do not match the puzzle's animals.
 */
export function brokenConstraints(puzzle: Puzzle, solution: Solution): number[] | null {
  const c = compile(puzzle);
  const masks = new Int16Array(9);
  const seen = new Set<number>();
  for (const p of solution) {
    const t = ANIMALS.indexOf(p.animal);
    if (
      t < 0 ||
      !Number.isInteger(p.x) ||
      !Number.isInteger(p.y) ||
      p.x < 0 ||
      p.x > 2 ||
      p.y < 0 ||
      p.y > 2
    )
      return null;
    const i = p.y * 3 + p.x;
    if (seen.has(i)) return null;
    seen.add(i);
    masks[t] = masks[t]! | (1 << i);
  }
  for (let t = 0; t < 9; t++) {
    let pop = 0;
    for (let i = 0; i < 9; i++) pop += (masks[t]! >> i) & 1;
    if (pop !== c.count[t]) return null;
  }
  const broken: number[] = [];
  puzzle.constraints.forEach((con, index) => {
    const rel = c.relations.find((r) => r.index === index);
    if (rel) {
      if (!relationHolds(rel.kind, masks[rel.a]!, masks[rel.b]!)) broken.push(index);
    } else if (con.type === 'height' || con.type === 'row' || con.type === 'column') {
      const t = ANIMALS.indexOf(con.animal);
      if ((masks[t]! & ~absoluteMask(con)) !== 0) broken.push(index);
    }
  });
  return broken;
}
