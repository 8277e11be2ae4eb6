import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import { ADDED, BucketQueue, FULL, Heap, MAX_BUCKET_PRIORITY, StateTable } from './index.js';

describe('BucketQueue', () => {
  // Model: a plain list; pop takes the smallest priority, the latest pushed among equals.
  it('matches a list model under interleaved pushes and pops (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constant(null)), { maxLength: 400 }),
        (ops) => {
          const q = new BucketQueue(1);
          const model: { id: number; prio: number; seq: number }[] = [];
          ops.forEach((op, seq) => {
            if (op === null) {
              let best = -1;
              model.forEach((e, i) => {
                const b = model[best];
                if (b === undefined || e.prio < b.prio || (e.prio === b.prio && e.seq > b.seq))
                  best = i;
              });
              const want = best < 0 ? Infinity : model[best]!.prio;
              expect(q.peekPriority()).toBe(want);
              const got = q.pop();
              if (best < 0) expect(got).toBe(-1);
              else expect(got).toBe(model.splice(best, 1)[0]!.id);
            } else {
              q.push(seq * 7, op);
              model.push({ id: seq * 7, prio: op, seq });
            }
            expect(q.size).toBe(model.length);
          });
        },
      ),
    );
  });

  it('gives a monotone run of pushes back sorted, and is reusable after clear', () => {
    const q = new BucketQueue();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 1000; i++) q.push(i, (i * 37) % 101);
      const prios: number[] = [];
      while (q.size > 0) {
        prios.push(q.peekPriority());
        const id = q.pop();
        expect((id * 37) % 101).toBe(prios[prios.length - 1]);
      }
      expect(prios).toEqual([...prios].sort((a, b) => a - b));
      q.push(5, 3);
      q.clear();
      expect(q.size).toBe(0);
      expect(q.pop()).toBe(-1);
    }
  });

  it('accepts the largest priority and rejects priorities that are not small integers', () => {
    const q = new BucketQueue();
    q.push(1, MAX_BUCKET_PRIORITY);
    expect(q.pop()).toBe(1);
    for (const bad of [-1, 0.5, NaN, Infinity, MAX_BUCKET_PRIORITY + 1]) {
      expect(() => q.push(0, bad)).toThrow(InvalidInputError);
    }
  });
});

describe('Heap (comparator)', () => {
  interface Job {
    readonly gem: number;
    readonly cost: number;
    readonly id: number;
  }
  // best ratio gem/cost first (compared by cross-multiplication), then smaller id
  const byRatio = (a: Job, b: Job): number => b.gem * a.cost - a.gem * b.cost || a.id - b.id;
  const arbJob = fc.record({
    gem: fc.integer({ min: 0, max: 20 }),
    cost: fc.integer({ min: 1, max: 20 }),
  });

  it('pops in the order of sorting with the same comparator (property)', () => {
    fc.assert(
      fc.property(fc.array(arbJob, { maxLength: 200 }), (raw) => {
        const jobs = raw.map((j, id) => ({ ...j, id }));
        const heap = new Heap(byRatio);
        for (const j of jobs) heap.push(j);
        const out: Job[] = [];
        while (heap.size > 0) {
          expect(heap.peek()).toBe(heap.peek());
          out.push(heap.pop()!);
        }
        expect(out).toEqual([...jobs].sort(byRatio));
        expect(heap.pop()).toBeUndefined();
        expect(heap.peek()).toBeUndefined();
      }),
    );
  });

  it('interleaved pushes and pops return the current first entry (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: -99, max: 99 })), { maxLength: 300 }),
        (ops) => {
          const heap = new Heap<number>((a, b) => b - a); // a max-heap
          const model: number[] = [];
          for (const op of ops) {
            if (op === null) {
              model.sort((a, b) => b - a);
              expect(heap.pop()).toBe(model.shift());
            } else {
              heap.push(op);
              model.push(op);
            }
          }
          expect(heap.size).toBe(model.length);
          heap.clear();
          expect(heap.size).toBe(0);
        },
      ),
    );
  });
});

describe('StateTable', () => {
  const int32 = fc.constantFrom(0, -1, 1, 0x7fffffff, -0x80000000, 12345, 1 << 20);
  const arbKey = fc.tuple(fc.oneof(int32, fc.integer()), fc.oneof(int32, fc.integer()));

  it('behaves like a Map of (hi, lo) pairs (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(arbKey, fc.boolean(), fc.nat({ max: 1000 })), { maxLength: 500 }),
        (ops) => {
          const table = new StateTable({ capacity: 1 });
          const model = new Map<string, number>();
          for (const [[hi, lo], isAdd, value] of ops) {
            const k = `${hi}:${lo}`;
            if (isAdd) {
              const before = model.get(k);
              expect(table.add(hi, lo, value)).toBe(before ?? ADDED);
              if (before === undefined) model.set(k, value);
            } else expect(table.get(hi, lo)).toBe(model.get(k) ?? -1);
          }
          expect(table.size).toBe(model.size);
          for (const [k, v] of model) {
            const [hi, lo] = k.split(':').map(Number) as [number, number];
            expect(table.get(hi, lo)).toBe(v);
          }
        },
      ),
    );
  });

  it('holds many structured keys (multiples of 2^12, high halves only) through its growth', () => {
    const table = new StateTable();
    for (let i = 0; i < 50_000; i++) {
      expect(table.add(i, 0, i)).toBe(ADDED);
      expect(table.add(0, i << 12, i)).toBe(i === 0 ? 0 : ADDED);
    }
    for (let i = 0; i < 50_000; i++) {
      expect(table.get(i, 0)).toBe(i);
      expect(table.get(0, i << 12)).toBe(i === 0 ? 0 : i);
    }
    expect(table.get(50_001, 0)).toBe(-1);
  });

  it('takes safe-integer keys whole, split at 2^32', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.maxSafeNat(), { maxLength: 200 }), (keys) => {
        const table = new StateTable();
        keys.forEach((k, i) => expect(table.addNumber(k, i)).toBe(ADDED));
        keys.forEach((k, i) => expect(table.getNumber(k)).toBe(i));
      }),
    );
    const table = new StateTable();
    table.addNumber(2 ** 32, 1);
    expect(table.getNumber(0)).toBe(-1);
    expect(table.getNumber(2 ** 32)).toBe(1);
    for (const bad of [-1, 0.5, NaN, 2 ** 53]) {
      expect(() => table.addNumber(bad, 0)).toThrow(InvalidInputError);
    }
  });

  it('reports FULL for a new key beyond maxStates, and still answers for stored keys', () => {
    const table = new StateTable({ maxStates: 3 });
    for (let i = 0; i < 3; i++) expect(table.add(0, i, i)).toBe(ADDED);
    expect(table.add(0, 99, 9)).toBe(FULL);
    expect(table.add(0, 1, 9)).toBe(1);
    expect(table.size).toBe(3);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.get(0, 1)).toBe(-1);
    expect(table.add(0, 99, 9)).toBe(ADDED);
  });

  it('rejects bad values and budgets', () => {
    const table = new StateTable();
    for (const bad of [-1, 0.5, NaN, 0x7fffffff]) {
      expect(() => table.add(0, 0, bad)).toThrow(InvalidInputError);
    }
    expect(() => new StateTable({ maxStates: -1 })).toThrow(InvalidInputError);
    expect(() => new StateTable({ capacity: NaN })).toThrow(InvalidInputError);
  });
});
