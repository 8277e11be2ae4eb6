import { CellSearch } from '@puzzlekit/grid';
import { InvalidInputError } from '@puzzlekit/errors';
import { BudgetMeter, type Budget } from '@puzzlekit/job';
import {
  BOX,
  GOAL,
  WALL,
  directionOffsets,
  type Direction,
  type Level,
  type Push,
} from '../model.js';
import { solvedWith, unsolvedResult, type SolveResult } from './result.js';
import { runToEnd, type ResumableRun } from './run.js';

/**
 * Push-optimal A* under the **line rule** of b and e levels (the rule their generator scrambles by):
 * a box sits between two pillars (or a pillar and the outer wall) at a cell with x+y odd, moves only
 * along its line (odd x: up/down; odd y: left/right), two pushes at a time from slot to slot, and every
 * state keeps all free squares connected. Boxes on one line cannot pass each other, so matching them
 * in order to the goals on their line gives an admissible bound, which makes this search fast.
 * Every line-rule answer is legal under standard rules, so its length is an upper bound on the
 * standard push optimum ({@link solve}); `optimal` here means optimal under the line rule.
 * Work unit: `nodes` (states expanded).
 *
 * @throws InvalidInputError (code `NOT_LINE_LEVEL`) when a box or goal is not on a lattice slot.
 */
export function solveLines(level: Level, budget: Budget = {}): SolveResult {
  return solveLinesMetered(level, new BudgetMeter(budget, { unit: 'nodes' }));
}

/**
 * {@link solveLines} counting on a meter of the caller's (a share of a portfolio's budget). With
 * `weight` > 1 the search is weighted A* (pushes + weight × bound first): it reaches an answer far
 * sooner on large levels, which is then not claimed optimal (at most `weight` times the optimum).
 */
export function solveLinesMetered(level: Level, meter: BudgetMeter, weight = 1): SolveResult {
  return runToEnd(linesRun(level, meter, weight, Infinity));
}

/**
 * {@link solveLinesMetered} as a {@link ResumableRun}, so that the fast mode interleaves it with its
 * other searches by work.
 *
 * @throws InvalidInputError (code `NOT_LINE_LEVEL`) at the first step, when a box or goal is not
 *   on a lattice slot.
 */
export function* linesRun(
  level: Level,
  meter: BudgetMeter,
  weight: number,
  pauseEvery: number,
): ResumableRun<SolveResult> {
  const { width, height, cells } = level;
  const size = cells.length;
  const off = directionOffsets(width);
  const boxes0: number[] = [];
  const goals: number[] = [];
  const slot = new Uint8Array(size);
  for (let c = 0; c < size; c++) {
    const x = c % width;
    const y = (c - x) / width;
    if (
      !(cells[c]! & WALL) &&
      (x + y) % 2 === 1 &&
      x > 0 &&
      y > 0 &&
      x < width - 1 &&
      y < height - 1
    )
      slot[c] = 1;
    if (cells[c]! & BOX) boxes0.push(c);
    if (cells[c]! & GOAL) goals.push(c);
  }
  const fail = (lowerBound: number, stop: 'work' | 'time' | 'memory' | 'unsolvable'): SolveResult =>
    unsolvedResult(
      stop === 'unsolvable' ? 'impossible' : meter.gaveUp(stop),
      meter.work,
      lowerBound,
    );
  for (const c of [...boxes0, ...goals]) {
    if (!slot[c])
      throw new InvalidInputError(`cell ${c} is not a slot of a b/e lattice`, {
        code: 'NOT_LINE_LEVEL',
      });
  }
  // Line of a slot: odd x → column x (vertical), else row y (horizontal). Position along it.
  const lineOf = (c: number): number => {
    const x = c % width;
    return x % 2 === 1 ? x : width + (c - x) / width;
  };
  const posOf = (c: number): number => {
    const x = c % width;
    return x % 2 === 1 ? (c - x) / width : x;
  };
  const goalPos = new Map<number, number[]>();
  for (const g of goals) {
    const l = lineOf(g);
    goalPos.set(l, [...(goalPos.get(l) ?? []), posOf(g)]);
  }
  for (const v of goalPos.values()) v.sort((a, b) => a - b);
  const h = (boxes: readonly number[]): number => {
    const per = new Map<number, number[]>();
    for (const b of boxes) {
      const l = lineOf(b);
      const arr = per.get(l);
      if (arr) arr.push(posOf(b));
      else per.set(l, [posOf(b)]);
    }
    let total = 0;
    for (const [l, arr] of per) {
      const gs = goalPos.get(l);
      if (!gs || gs.length !== arr.length) return -1;
      arr.sort((a, b) => a - b);
      for (let i = 0; i < arr.length; i++) total += Math.abs(arr[i]! - gs[i]!);
    }
    return total;
  };
  const h0 = h(boxes0);
  if (h0 < 0) return fail(-1, 'unsolvable');
  // The line rule's invariant: all free squares reachable from one of them. `occ` holds the walls
  // and the boxes of the state at hand; grid's CellSearch floods it with buffers kept between calls
  // (a line level is closed by walls, so its outer ring is the search's border).
  const occ = new Uint8Array(size);
  for (let c = 0; c < size; c++) occ[c] = cells[c]! & WALL;
  let freeTotal = 0;
  for (let c = 0; c < size; c++) if (!(cells[c]! & (WALL | BOX))) freeTotal++;
  const search = new CellSearch(width, height);
  const connected = (from: number): boolean => search.flood(from, occ, WALL | BOX) === freeTotal;
  // Every line-rule state keeps that invariant, the solved one too: when the goals leave a pocket
  // (an s level's goal does) no line-rule answer exists, so say so at once rather than spend the
  // budget (the optimizer asks on every stretch of an answer).
  if (h0 > 0) {
    for (const g of goals) occ[g] = occ[g]! | BOX;
    // a crossing (never a slot, so never a goal) off the board's outer ring
    const from = occ.findIndex((v, c) => {
      const x = c % width;
      const y = (c - x) / width;
      return v === 0 && !slot[c] && x > 0 && y > 0 && x < width - 1 && y < height - 1;
    });
    const pocketFree = from < 0 || connected(from);
    for (const g of goals) occ[g] = occ[g]! & WALL;
    if (!pocketFree) return fail(h0, 'unsolvable');
  }
  type Node = { boxes: number[]; g: number; parent: number; box: number; dir: number };
  const nodesArr: Node[] = [
    { boxes: [...boxes0].sort((a, b) => a - b), g: 0, parent: -1, box: -1, dir: -1 },
  ];
  const seen = new Map<string, number>([[nodesArr[0]!.boxes.join(','), 0]]);
  const buckets: number[][] = [];
  const bucketAt = (f: number): number[] => (buckets[f] ??= []);
  bucketAt(weight * h0).push(0);
  // a weighted child can land below the bucket at hand: the scan then goes back to it
  let lowest = Infinity;
  let pauseAt = meter.work + pauseEvery;
  for (let f = weight * h0; ; f++) {
    if (lowest < f) {
      f = lowest;
      lowest = Infinity;
    }
    // checked after the step back: children below every bucket above f are still to expand
    if (f >= buckets.length) break;
    const bucket = buckets[f];
    while (bucket && bucket.length > 0 && !(lowest < f)) {
      const id = bucket.pop()!;
      const node = nodesArr[id]!;
      if (node.g + weight * h(node.boxes) !== f) continue; // stale
      if (h(node.boxes) === 0) {
        const pushes: Push[] = [];
        for (let x = id; nodesArr[x]!.parent >= 0; x = nodesArr[x]!.parent) {
          const n = nodesArr[x]!;
          pushes.push(
            { box: n.box, direction: n.dir as Direction },
            { box: n.box - off[n.dir]!, direction: n.dir as Direction },
          );
        }
        pushes.reverse();
        return solvedWith(level, pushes, meter.work, h0, weight === 1);
      }
      if (meter.work >= pauseAt) pauseAt = meter.work + ((yield) ?? pauseEvery);
      const bound = meter.spend();
      if (bound !== null) return fail(h0, bound);
      if (meter.storesTooMany(nodesArr.length)) return fail(h0, 'memory');
      for (const b of node.boxes) occ[b] = BOX;
      for (let i = 0; i < node.boxes.length; i++) {
        const r = node.boxes[i]!;
        const vertical = (r % width) % 2 === 1;
        for (const d of vertical ? [0, 2] : [1, 3]) {
          const o = off[d]!;
          const j = r + o;
          const r2 = j + o;
          if (occ[j] || occ[r - o]) continue;
          if (r2 < 0 || r2 >= size || !slot[r2] || occ[r2]) continue;
          occ[r] = 0;
          occ[r2] = BOX;
          if (connected(r)) {
            const next = node.boxes.slice();
            next[i] = r2;
            next.sort((a, b) => a - b);
            const key = next.join(',');
            const ng = node.g + 2;
            const old = seen.get(key);
            if (old === undefined || nodesArr[old]!.g > ng) {
              const hv = h(next);
              if (hv >= 0) {
                const nid = nodesArr.length;
                nodesArr.push({ boxes: next, g: ng, parent: id, box: j, dir: d });
                seen.set(key, nid);
                bucketAt(ng + weight * hv).push(nid);
                if (weight > 1 && ng + weight * hv < f) lowest = Math.min(lowest, ng + weight * hv);
              }
            }
          }
          occ[r2] = 0;
          occ[r] = BOX;
        }
      }
      for (const b of node.boxes) occ[b] = 0;
    }
  }
  return fail(h0, 'unsolvable');
}
