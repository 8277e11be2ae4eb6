import { BudgetMeter } from '@puzzlekit/job';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOX, GOAL, WALL, directionOffsets, type Level, type Push } from '../model.js';
import { verify } from '../play.js';
import { generated } from '../testing/generated.js';
import { solveLines, solveLinesMetered } from './lines.js';

/**
 * The line-rule search as it was first written, kept as the reference: every state a sorted list of
 * box cells keyed by its string, the in-order bound recomputed from scratch and every push checked
 * by flooding the whole board. It expands states in the same order as the compact search, so both
 * must give the same answer, bound and work.
 */
function referenceLines(
  level: Level,
  maxWork: number,
  weight: number,
): { pushes: Push[] | null; work: number; gaveUp: boolean } {
  const { width, cells } = level;
  const size = cells.length;
  const off = directionOffsets(width);
  const slot = (c: number): boolean => {
    const x = c % width;
    const y = (c - x) / width;
    return !(cells[c]! & WALL) && (x + y) % 2 === 1 && x > 0 && y > 0;
  };
  const boxes0 = [...cells.keys()].filter((c) => cells[c]! & BOX);
  const goals = [...cells.keys()].filter((c) => cells[c]! & GOAL);
  const lineOf = (c: number): number =>
    (c % width) % 2 === 1 ? c % width : width + Math.floor(c / width);
  const posOf = (c: number): number => ((c % width) % 2 === 1 ? Math.floor(c / width) : c % width);
  const h = (boxes: readonly number[]): number => {
    let total = 0;
    for (const l of new Set([...boxes, ...goals].map(lineOf))) {
      const bs = boxes
        .filter((b) => lineOf(b) === l)
        .map(posOf)
        .sort((a, b) => a - b);
      const gs = goals
        .filter((g) => lineOf(g) === l)
        .map(posOf)
        .sort((a, b) => a - b);
      if (bs.length !== gs.length) return -1;
      bs.forEach((p, i) => (total += Math.abs(p - gs[i]!)));
    }
    return total;
  };
  const free = (boxes: readonly number[]): boolean => {
    const blocked = new Set(boxes);
    const open = [...cells.keys()].filter((c) => !(cells[c]! & WALL) && !blocked.has(c));
    const reached = new Set([open[0]]);
    const stack = [open[0]!];
    while (stack.length > 0) {
      const c = stack.pop()!;
      for (const o of off) {
        const t = c + o;
        if (t >= 0 && t < size && !(cells[t]! & WALL) && !blocked.has(t) && !reached.has(t)) {
          reached.add(t);
          stack.push(t);
        }
      }
    }
    return reached.size === open.length;
  };
  type Node = { boxes: number[]; g: number; parent: number; box: number; dir: number };
  const nodes: Node[] = [
    { boxes: [...boxes0].sort((a, b) => a - b), g: 0, parent: -1, box: -1, dir: -1 },
  ];
  const seen = new Map([[nodes[0]!.boxes.join(','), 0]]);
  const buckets: number[][] = [];
  const h0 = h(boxes0);
  (buckets[weight * h0] ??= []).push(0);
  let lowest = Infinity;
  let work = 0;
  for (let f = weight * h0; ; f++) {
    if (lowest < f) {
      f = lowest;
      lowest = Infinity;
    }
    if (f >= buckets.length) return { pushes: null, work, gaveUp: false };
    const bucket = buckets[f];
    while (bucket && bucket.length > 0 && !(lowest < f)) {
      const id = bucket.pop()!;
      const node = nodes[id]!;
      if (node.g + weight * h(node.boxes) !== f) continue;
      if (h(node.boxes) === 0) {
        const pushes: Push[] = [];
        for (let x = id; nodes[x]!.parent >= 0; x = nodes[x]!.parent) {
          const n = nodes[x]!;
          const direction = n.dir as Push['direction'];
          pushes.push({ box: n.box, direction }, { box: n.box - off[n.dir]!, direction });
        }
        return { pushes: pushes.reverse(), work, gaveUp: false };
      }
      if (work >= maxWork) return { pushes: null, work, gaveUp: true };
      work++;
      const occupied = new Set(node.boxes);
      const blocked = (c: number): boolean => !!(cells[c]! & WALL) || occupied.has(c);
      node.boxes.forEach((r, i) => {
        for (const d of (r % width) % 2 === 1 ? [0, 2] : [1, 3]) {
          const j = r + off[d]!;
          const r2 = j + off[d]!;
          if (blocked(j) || blocked(r - off[d]!) || r2 < 0 || r2 >= size) continue;
          if (!slot(r2) || occupied.has(r2)) continue;
          const next = node.boxes.slice();
          next[i] = r2;
          next.sort((a, b) => a - b);
          if (!free(next)) continue;
          const key = next.join(',');
          const g = node.g + 2;
          const old = seen.get(key);
          if (old !== undefined && nodes[old]!.g <= g) continue;
          nodes.push({ boxes: next, g, parent: id, box: j, dir: d });
          seen.set(key, nodes.length - 1);
          const fv = g + weight * h(next);
          (buckets[fv] ??= []).push(nodes.length - 1);
          if (weight > 1 && fv < f) lowest = Math.min(lowest, fv);
        }
      });
    }
  }
}

describe('the line-rule search', () => {
  it('expands the states the reference search does and ends as it does (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('b' as const, 'e' as const),
        fc.integer({ min: 3, max: 5 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 20, max: 400 }),
        fc.constantFrom(1, 3),
        fc.integer({ min: 1, max: 300 }),
        (type, size, seed, pushes, weight, maxWork) => {
          const level = generated({ type, size, pushes, seed }).level;
          const expected = referenceLines(level, maxWork, weight);
          const r = solveLinesMetered(level, new BudgetMeter({ maxWork }), weight);
          expect(r.work).toBe(expected.work);
          if (expected.pushes) {
            const value = 'value' in r ? r.value : undefined;
            expect(value?.pushList).toEqual(expected.pushes);
            expect(verify(level, value!.solution).solved).toBe(true);
          } else {
            expect(r.outcome.kind).toBe(expected.gaveUp ? 'gave-up' : 'impossible');
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('stops on its memory budget and says how many states it held', () => {
    const level = generated({ type: 'b', size: 5, pushes: 2_000, seed: 2 }).level;
    const whole = solveLinesMetered(level, new BudgetMeter({ maxWork: 5_000 }));
    expect(whole.outcome.kind).toBe('solved');
    // far too little memory for the states it needed
    const tight = solveLinesMetered(level, new BudgetMeter({ maxWork: 5_000 }), 1, 10_000);
    expect(tight.outcome).toMatchObject({ kind: 'gave-up', bound: 'memory', unit: 'states' });
    // solveLines' option is in MB
    const oneMb = solveLinesMetered(level, new BudgetMeter({ maxWork: 5_000 }), 1, 2 ** 20);
    expect(solveLines(level, { maxWork: 5_000 }, { maxMemory: 1 })).toEqual(oneMb);
    expect(() => solveLines(level, {}, { maxMemory: Number.NaN })).toThrow(/maxMemory must be/);
  });
});
