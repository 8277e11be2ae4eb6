/**
 * Why a puzzle has no solution, in words a designer can act on: either the absolute conditions leave
 * some animals too few cells (Hall's condition, checked over every group of animals), or a smallest
 * set of conditions that cannot all hold together.
 */
import { ANIMALS, type Animal, type Puzzle } from '../model.js';
import { compile } from '../compile.js';
import { FULL, POP } from '../masks.js';
import { cellsText, describeConstraint, listWords } from '../text/words.js';
import { BudgetMeter } from '@puzzlekit/job';
import { nodeMeter, searchCompiled } from './solver.js';

/** Why a puzzle has no solution. */
export interface NoSolutionReason {
  /** The explanation, one sentence. */
  readonly text: string;
  /** The conditions (0-based indices) that together leave no arrangement. */
  readonly conditions: readonly number[];
}

const numbered = (indices: readonly number[]): string =>
  `${indices.length === 1 ? 'condition' : 'conditions'} ${listWords(
    indices.map((i) => String(i + 1)),
    'and',
  )}`;

/** Search nodes all the checks of one explanation may spend together (a few seconds at most). */
const EXPLAIN_NODE_BUDGET = 2_000_000;

/**
 * Has the puzzle (with only the conditions in `keep`) at least one solution? `null` when the shared
 * node budget ran out before the search could tell. The search's nodes are charged to `meter`.
 */
function solvable(puzzle: Puzzle, keep: readonly number[], meter: BudgetMeter): boolean | null {
  const sub: Puzzle = {
    animals: puzzle.animals,
    constraints: keep.map((i) => puzzle.constraints[i]!),
  };
  let found = false;
  const own = new BudgetMeter(meter.share(), { unit: 'nodes' });
  const r = searchCompiled(compile(sub), () => ((found = true), false), own);
  meter.charge(own.work);
  if (found) return true;
  return r.bound === null ? false : null;
}

/**
 * A group of animals whose allowed cells (by the absolute conditions alone) are fewer than their
 * pieces, smallest group first; null when every group fits (then, by Hall's theorem, the absolute
 * conditions alone leave some arrangement).
 */
function crowdedGroup(puzzle: Puzzle): NoSolutionReason | null {
  const c = compile(puzzle);
  const types = c.types;
  const subsets = Array.from({ length: (1 << types.length) - 1 }, (_, k) => k + 1).sort(
    (p, q) => POP[p]! - POP[q]! || p - q, // at most nine kinds: subsets fit the 9-bit tables
  );
  for (const subset of subsets) {
    let cells = 0;
    let pieces = 0;
    const group: Animal[] = [];
    types.forEach((t, k) => {
      if ((subset >> k) & 1) {
        cells |= c.domain[t]!;
        pieces += c.count[t]!;
        group.push(ANIMALS[t]!);
      }
    });
    if (POP[cells]! >= pieces) continue;
    const conditions = puzzle.constraints.flatMap((con, i) =>
      con.type !== 'adjacent' && con.type !== 'relativeHeight' && group.includes(con.animal)
        ? [i]
        : [],
    );
    if (group.length === types.length && POP[cells]! < 9) {
      return {
        text: `${numbered(conditions)} keep every animal off ${cellsText(FULL & ~cells)}, but all nine cells must be filled`,
        conditions,
      };
    }
    const n = POP[cells]!;
    const room = n === 0 ? 'no cell' : `${n} cell${n === 1 ? '' : 's'} (${cellsText(cells)})`;
    const whose = group.length === 1 ? 'its' : 'their';
    return {
      text: `${numbered(conditions)} leave ${listWords(group, 'and')} ${room} for ${whose} ${pieces} piece${pieces === 1 ? '' : 's'}`,
      conditions,
    };
  }
  return null;
}

/**
 * Explains why `puzzle` has no solution, or returns null when it has one (or when even the first
 * check runs out of its node budget). First the absolute
 * conditions are checked for animals left too few cells; otherwise conditions are dropped one at a
 * time while the rest still admit no arrangement, leaving a smallest set that cannot hold together.
 * Cost: one exact search per condition (a puzzle has at most 500), all within 2,000,000 nodes.
 */
export function explainNoSolution(puzzle: Puzzle): NoSolutionReason | null {
  const all = puzzle.constraints.map((_, i) => i);
  const meter = nodeMeter({ maxWork: EXPLAIN_NODE_BUDGET });
  if (solvable(puzzle, all, meter) !== false) return null;
  const crowded = crowdedGroup(puzzle);
  if (crowded) return crowded;
  // A condition is dropped only when the rest is proven to have no solution; when the budget runs
  // out it stays, so the set still cannot hold together (it may then not be the smallest).
  let core = all;
  for (const i of all) {
    const without = core.filter((j) => j !== i);
    if (meter.remaining() > 0 && solvable(puzzle, without, meter) === false) core = without;
  }
  if (core.length === 0) {
    // Only possible if the pieces themselves cannot fill the board, which validation rules out.
    return { text: 'the pieces cannot fill the board', conditions: [] };
  }
  const sentences = core.map(
    (i) => `${i + 1}. ${describeConstraint(puzzle.constraints[i]!, puzzle)}`,
  );
  return {
    text: `${numbered(core)} cannot all hold at once: ${sentences.join(' ')}`,
    conditions: core,
  };
}
