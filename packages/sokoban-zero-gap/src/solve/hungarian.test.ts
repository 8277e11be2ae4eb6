import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Assignment } from './hungarian.js';

/** Brute force over all permutations (k ≤ 6). */
function bruteAssignment(k: number, cost: (row: number, col: number) => number): number {
  const cols = Array.from({ length: k }, (_, i) => i);
  let best = Infinity;
  const perm = (i: number, used: number, acc: number): void => {
    if (acc >= best) return;
    if (i === k) {
      best = acc;
      return;
    }
    for (const c of cols) if (!(used & (1 << c))) perm(i + 1, used | (1 << c), acc + cost(i, c));
  };
  perm(0, 0, 0);
  return best;
}

describe('Assignment (incremental Hungarian)', () => {
  it('solve and every one-row move agree with brute force', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 2, max: 9 }),
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 6 * 9, maxLength: 6 * 9 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 12 }),
        (k, size, raw, moves) => {
          // dist[goal * size + cell]; 12 stands for unreachable
          const UN = 1000;
          const dist = new Int32Array(k * size);
          for (let i = 0; i < dist.length; i++) dist[i] = raw[i]! === 12 ? UN : raw[i]!;
          const a = new Assignment(k, size, dist, UN);
          const cells = Array.from({ length: k }, (_, i) => (i * 7) % size);
          const check = (total: number): void => {
            const exact = bruteAssignment(k, (r, c) => dist[c * size + cells[r]!]!);
            if (exact >= UN) expect(total).toBeGreaterThanOrEqual(a.big);
            else expect(total).toBe(exact);
          };
          check(a.solve(cells));
          for (const [r, c] of moves) {
            const row = r % k;
            cells[row] = c % size;
            check(a.move(row, cells[row]));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
