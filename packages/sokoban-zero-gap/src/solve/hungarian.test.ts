import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Assignment } from './hungarian.js';

/** Brute force over all injective maps of k rows into m ≥ k columns (m ≤ 8). */
function bruteAssignment(
  k: number,
  cost: (row: number, col: number) => number,
  m: number = k,
): number {
  const cols = Array.from({ length: m }, (_, i) => i);
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
  it('solve and every one-row move agree with brute force, with spare goals too', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 2, max: 9 }),
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 8 * 9, maxLength: 8 * 9 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 12 }),
        (k, extra, size, raw, moves) => {
          // m goals for k boxes; dist[goal * size + cell]; 12 stands for unreachable
          const m = k + extra;
          const UN = 1000;
          const dist = new Int32Array(m * size);
          for (let i = 0; i < dist.length; i++) dist[i] = raw[i]! === 12 ? UN : raw[i]!;
          const a = new Assignment(k, size, dist, UN, m);
          const child = new Assignment(k, size, dist, UN, m);
          const cells = Array.from({ length: k }, (_, i) => (i * 7) % size);
          const check = (total: number): void => {
            const exact = bruteAssignment(k, (r, c) => dist[c * size + cells[r]!]!, m);
            if (exact >= UN) expect(total).toBeGreaterThanOrEqual(a.big);
            else expect(total).toBe(exact);
          };
          check(a.solve(cells));
          for (const [r, c] of moves) {
            // each move on a copy, as the searches move a child's copy of its parent's
            const row = r % k;
            cells[row] = c % size;
            child.copyFrom(a);
            check(child.move(row, cells[row]));
            a.copyFrom(child);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses fewer goals than boxes', () => {
    expect(() => new Assignment(3, 4, new Int32Array(8), 1000, 2)).toThrow(RangeError);
  });
});
