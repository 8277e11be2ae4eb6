import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import { IndexedHeap, MinHeap } from './index.js';

describe('MinHeap', () => {
  it('pops priorities in sorted order, like sorting (property)', () => {
    // Doubles include -0, +0 and ±Infinity. The heap orders by `<`, under which -0 and +0 are
    // equal, so their relative order is free: compare orders with `<=`, and compare the popped
    // values with sorting's after mapping -0 to +0 (`x + 0`), not with Object.is (issue 29's flake).
    const withoutSignedZero = (xs: readonly number[]) => xs.map((x) => x + 0);
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true }), { maxLength: 200 }), (prios) => {
        const heap = new MinHeap(2);
        prios.forEach((p, i) => heap.push(i, p));
        expect(heap.size).toBe(prios.length);
        const out: number[] = [];
        const seen = new Set<number>();
        while (heap.size > 0) {
          const p = heap.peekPriority();
          const id = heap.pop();
          // the priority reported is the id's own, bit for bit
          expect(Object.is(prios[id], p)).toBe(true);
          if (out.length > 0) expect(out[out.length - 1]! <= p).toBe(true);
          seen.add(id);
          out.push(p);
        }
        expect(seen.size).toBe(prios.length);
        expect(withoutSignedZero(out)).toEqual(withoutSignedZero([...prios].sort((a, b) => a - b)));
        expect(heap.pop()).toBe(-1);
        expect(heap.peekPriority()).toBe(Infinity);
      }),
      // the counterexample of issue 29 and its mirror run on every seed
      { examples: [[[0, 0, -0]], [[-0, 0, 0, -0]]] },
    );
  });

  it('interleaved pushes and pops always return the current minimum (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -50, max: 50 }), fc.constant(null)), {
          maxLength: 300,
        }),
        (ops) => {
          const heap = new MinHeap();
          const model: number[] = [];
          ops.forEach((op, i) => {
            if (op === null) {
              const id = heap.pop();
              if (model.length === 0) return expect(id).toBe(-1);
              const min = Math.min(...model);
              expect(ops[id]).toBe(min);
              model.splice(model.indexOf(min), 1);
            } else {
              heap.push(i, op);
              model.push(op);
            }
          });
          expect(heap.size).toBe(model.length);
        },
      ),
    );
  });

  it('treats -0 and +0 as one priority (the counterexample of issue 29)', () => {
    const heap = new MinHeap();
    [0, 0, -0].forEach((p, i) => heap.push(i, p));
    const ids = [heap.pop(), heap.pop(), heap.pop()];
    expect(ids.sort()).toEqual([0, 1, 2]);
    expect(heap.pop()).toBe(-1);
  });

  it('rejects NaN priorities', () => {
    expect(() => new MinHeap().push(1, NaN)).toThrow(InvalidInputError);
  });
});

describe('IndexedHeap', () => {
  it('matches a map model under push/update/pop/delete (property)', () => {
    const op = fc.oneof(
      fc.tuple(
        fc.constant('push' as const),
        fc.nat(40),
        fc.integer({ min: -10, max: 10 }),
        fc.integer({ min: -3, max: 3 }),
      ),
      fc.tuple(fc.constant('pop' as const), fc.constant(0), fc.constant(0), fc.constant(0)),
      fc.tuple(fc.constant('delete' as const), fc.nat(40), fc.constant(0), fc.constant(0)),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const heap = new IndexedHeap(1);
        const model = new Map<number, number>();
        const ties = new Map<number, number>();
        for (const [kind, id, p, t] of ops) {
          if (kind === 'push') {
            heap.push(id, p, t);
            model.set(id, p);
            ties.set(id, t);
          } else if (kind === 'delete') {
            expect(heap.delete(id)).toBe(model.delete(id));
          } else {
            const got = heap.pop();
            if (model.size === 0) {
              expect(got).toBe(-1);
            } else {
              // smallest priority first, then smallest tie-break
              const min = Math.min(...model.values());
              expect(model.get(got)).toBe(min);
              const minTie = Math.min(
                ...[...model].filter(([, p]) => p === min).map(([i]) => ties.get(i)!),
              );
              expect(ties.get(got)).toBe(minTie);
              model.delete(got);
            }
          }
          expect(heap.size).toBe(model.size);
          for (let i = 0; i <= 40; i++) {
            expect(heap.has(i)).toBe(model.has(i));
            expect(heap.priorityOf(i)).toBe(model.get(i));
          }
        }
        const drained: number[] = [];
        while (heap.size > 0) {
          drained.push(heap.peekPriority());
          heap.pop();
        }
        expect(drained).toEqual([...model.values()].sort((a, b) => a - b));
      }),
    );
  });

  it('rejects ids that are not 32-bit non-negative integers', () => {
    const heap = new IndexedHeap();
    expect(() => heap.push(-1, 0)).toThrow(/not a non-negative 32-bit integer/);
    expect(() => heap.push(1.5, 0)).toThrow(InvalidInputError);
    heap.push(5, 3);
    heap.clear();
    expect(heap.size).toBe(0);
    expect(heap.has(5)).toBe(false);
  });
});
