import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PaddedGarden } from './board.js';
import { growRound, suits, type FlowerType } from './model.js';

const KINDS: FlowerType[] = [
  { name: 'a', min: 0, max: 50 },
  { name: 'b', min: 30, max: 80 },
  { name: 'c', min: 60, max: 100 },
];

/** A random garden: side, humidity per cell, a planting (kind or -1 per cell), rounds. */
const garden = fc.integer({ min: 1, max: 7 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    humidity: fc.array(fc.constantFrom(10, 40, 55, 70, 90), { minLength: n * n, maxLength: n * n }),
    planted: fc.array(fc.integer({ min: -1, max: 2 }), { minLength: n * n, maxLength: n * n }),
    rounds: fc.integer({ min: 0, max: 6 }),
  }),
);

/** Naive reach: relax distances until nothing changes, by coordinates. */
function naiveWithin(
  n: number,
  humidity: readonly number[],
  target: Int8Array,
  planted: Int8Array,
  k: number,
  rounds: number,
): boolean {
  const dist = new Array<number>(n * n).fill(Infinity);
  for (let i = 0; i < n * n; i++) if (planted[i] === k) dist[i] = 0;
  const open = (i: number): boolean => target[i] === k && suits(KINDS[k]!, humidity[i]!);
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < n * n; i++) {
      if (dist[i] === Infinity || !open(i)) continue;
      const x = i % n;
      const y = Math.floor(i / n);
      for (const [dx, dy] of [
        [0, -1],
        [1, 0],
        [0, 1],
        [-1, 0],
      ] as const) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= n || ny >= n) continue;
        const j = ny * n + nx;
        if (open(j) && dist[i]! + 1 < dist[j]!) {
          dist[j] = dist[i]! + 1;
          changed = true;
        }
      }
    }
  }
  for (let i = 0; i < n * n; i++) if (target[i] === k && !(dist[i]! <= rounds)) return false;
  return true;
}

describe('PaddedGarden', () => {
  it('grows a planting exactly as growRound does, round after round (property)', () => {
    fc.assert(
      fc.property(garden, ({ n, humidity, planted, rounds }) => {
        let cells: Int8Array = Int8Array.from(planted);
        for (let r = 0; r < rounds; r++) cells = growRound(n, humidity, KINDS, cells);
        const board = new PaddedGarden(n, humidity, KINDS, cells, [0, 1, 2]);
        expect(board.growsInto(Int8Array.from(planted), rounds, cells)).toBe(true);
        // One cell different from the grown garden: not a match.
        const other = cells.slice();
        other[0] = other[0] === 1 ? 2 : 1;
        expect(board.growsInto(Int8Array.from(planted), rounds, other)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
  it('tests reach like naive distance relaxation (property)', () => {
    fc.assert(
      fc.property(garden, fc.integer({ min: 0, max: 2 }), ({ n, humidity, planted, rounds }, k) => {
        // The target: the planting grown a few rounds, so the kinds form real regions.
        let target: Int8Array = Int8Array.from(planted);
        for (let r = 0; r < 3; r++) target = growRound(n, humidity, KINDS, target);
        const seeds = Int8Array.from(planted, (f, i) => (f === k && target[i] === k ? k : -1));
        const cells: number[] = [];
        for (let i = 0; i < n * n; i++) if (target[i] === k) cells.push(i);
        const board = new PaddedGarden(n, humidity, KINDS, target, [0, 1, 2]);
        expect(board.allWithin(k, cells, seeds, rounds)).toBe(
          naiveWithin(n, humidity, target, seeds, k, rounds),
        );
      }),
      { numRuns: 400 },
    );
  });
});
