import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pushesToLurd } from '../play.js';
import { generated } from '../testing/generated.js';
import { PathTree } from './path-tree.js';
import { walkOutLineMoves } from './walk-out.js';

describe('PathTree', () => {
  it('lists the same paths as a search over the same forest, under random links and cuts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 200 }),
        (n, ops) => {
          const tree = new PathTree(n);
          const edges = new Set<string>();
          const key = (a: number, b: number): string => (a < b ? `${a},${b}` : `${b},${a}`);
          const searchPath = (u: number, v: number): number[] | null => {
            const from = new Map<number, number>([[u, -1]]);
            const queue = [u];
            for (let i = 0; i < queue.length; i++) {
              const x = queue[i]!;
              for (let y = 0; y < n; y++) {
                if (!from.has(y) && edges.has(key(x, y))) {
                  from.set(y, x);
                  queue.push(y);
                }
              }
            }
            if (!from.has(v)) return null;
            const path = [];
            for (let x = v; x !== -1; x = from.get(x)!) path.push(x);
            return path.reverse();
          };
          const out = new Int32Array(n);
          for (const [a0, b0, c0] of ops) {
            const a = a0 % n;
            const b = b0 % n;
            if (a === b) continue;
            const path = searchPath(a, b);
            if (edges.has(key(a, b))) {
              tree.cut(a, b);
              edges.delete(key(a, b));
            } else if (path === null) {
              tree.link(a, b);
              edges.add(key(a, b));
            } else {
              expect(tree.connected(a, b)).toBe(true);
              expect(tree.distance(a, b)).toBe(path.length - 1);
              const k = tree.path(a, b, out);
              expect(Array.from(out.subarray(0, k))).toEqual(path);
            }
            const c = c0 % n;
            expect(tree.connected(a, c)).toBe(searchPath(a, c) !== null);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('b/e walk-out by tree paths', () => {
  it('writes exactly the text of the breadth-first walk-out', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('b' as const, 'e' as const),
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom('move' as const, 'box' as const, 'lazy' as const, 'slide' as const),
        fc.constantFrom('last' as const, 'farthest' as const),
        (type, size, seed, step, select) => {
          let g;
          try {
            g = generated({ type, size, pushes: 402, seed, step, select, answer: 'pushes' });
          } catch {
            return; // a b n=2 level that keeps coming back to its start: nothing to walk
          }
          expect(walkOutLineMoves(g.level, g.pushList)).toBe(pushesToLurd(g.level, g.pushList));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('declines push lists that are not whole slot-to-slot moves', () => {
    const g = generated({ type: 'b', size: 4, pushes: 200, seed: 3, answer: 'pushes' });
    expect(walkOutLineMoves(g.level, g.pushList.subarray(0, 3))).toBeNull();
  });
});
