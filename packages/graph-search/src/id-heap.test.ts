import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import { IdHeap } from './index.js';

const IDS = 40;

// An operation on the heap and on the model; `key` and `by` are used where the operation needs them.
type Op =
  | { kind: 'push'; id: number; w: number; p: number }
  | { kind: 'update'; id: number; w: number; p: number }
  | { kind: 'replace'; id: number; by: number; w: number; p: number }
  | { kind: 'delete'; id: number }
  | { kind: 'pop' }
  | { kind: 'pushAll'; ids: number[]; w: number; p: number };

// w ≥ 1: a group with w = p = 0 would tie every ratio, and ties by id would then not be transitive
const weight = fc.integer({ min: 1, max: 6 });
const time = fc.integer({ min: 0, max: 6 });
const id = fc.nat(IDS - 1);
const arbOp: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('push' as const), id, w: weight, p: time }),
  fc.record({ kind: fc.constant('update' as const), id, w: weight, p: time }),
  fc.record({ kind: fc.constant('replace' as const), id, by: id, w: weight, p: time }),
  fc.record({ kind: fc.constant('delete' as const), id }),
  fc.record({ kind: fc.constant('pop' as const) }),
  fc.record({
    kind: fc.constant('pushAll' as const),
    ids: fc.uniqueArray(id, { maxLength: 8 }),
    w: weight,
    p: time,
  }),
);

describe('IdHeap', () => {
  it('pops like a sorted array under push/update/replace/delete/pop/pushAll (property)', () => {
    // Horn's order: the largest ratio w/p first (p = 0 counts as infinite), compared exactly by
    // cross-multiplying, ties by the smaller id — keys the caller keeps in its own arrays.
    fc.assert(
      fc.property(fc.array(arbOp, { maxLength: 300 }), (ops) => {
        const w = new Float64Array(IDS);
        const p = new Float64Array(IDS);
        const ratioFirst = (a: number, b: number): number => {
          // negative when a comes first
          const d = w[b]! * p[a]! - w[a]! * p[b]!;
          return d !== 0 ? d : a - b;
        };
        const heap = new IdHeap(1, (a, b) => ratioFirst(a, b) < 0);
        const model = new Set<number>();
        const firstOfModel = (): number =>
          model.size === 0 ? -1 : [...model].sort(ratioFirst)[0]!;
        for (const op of ops) {
          switch (op.kind) {
            case 'push':
              w[op.id] = op.w;
              p[op.id] = op.p;
              heap.push(op.id);
              model.add(op.id);
              break;
            case 'update': {
              const present = model.has(op.id);
              if (present) {
                w[op.id] = op.w;
                p[op.id] = op.p;
              }
              expect(heap.update(op.id)).toBe(present);
              break;
            }
            case 'replace': {
              const present = model.has(op.id);
              if (present && op.by !== op.id && model.has(op.by)) {
                expect(() => heap.replace(op.id, op.by)).toThrow(/already in the heap/);
                break;
              }
              if (present) {
                w[op.by] = op.w;
                p[op.by] = op.p;
                model.delete(op.id);
                model.add(op.by);
              }
              expect(heap.replace(op.id, op.by)).toBe(present);
              break;
            }
            case 'delete':
              expect(heap.delete(op.id)).toBe(model.delete(op.id));
              break;
            case 'pop': {
              const expected = firstOfModel();
              expect(heap.peek()).toBe(expected);
              expect(heap.pop()).toBe(expected);
              model.delete(expected);
              break;
            }
            case 'pushAll': {
              const fresh = op.ids.filter((i) => !model.has(i));
              for (const i of fresh) {
                w[i] = op.w + (i % 3);
                p[i] = op.p;
                model.add(i);
              }
              heap.pushAll(fresh);
              break;
            }
          }
          expect(heap.size).toBe(model.size);
          for (let i = 0; i < IDS; i++) expect(heap.has(i)).toBe(model.has(i));
        }
        const drained: number[] = [];
        for (let i = heap.pop(); i !== -1; i = heap.pop()) drained.push(i);
        expect(drained).toEqual([...model].sort(ratioFirst));
      }),
    );
  });

  it('sorts like Array.prototype.sort when built with pushAll (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 500 }), (keys) => {
        const heap = new IdHeap(
          keys.length,
          (a, b) => keys[a]! < keys[b]! || (keys[a] === keys[b] && a < b),
        );
        heap.pushAll(keys.map((_, i) => i));
        const out: number[] = [];
        while (heap.size > 0) out.push(heap.pop());
        const sorted = keys.map((_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
        expect(out).toEqual(sorted);
      }),
    );
  });

  it('grows past its capacity and clears', () => {
    const heap = new IdHeap(2, (a, b) => a > b);
    for (const i of [3, 100, 7, 1]) heap.push(i);
    expect(heap.peek()).toBe(100);
    heap.clear();
    expect(heap.size).toBe(0);
    expect(heap.has(100)).toBe(false);
    expect(heap.pop()).toBe(-1);
    expect(heap.peek()).toBe(-1);
  });

  it('rejects ids that are not non-negative 32-bit integers, and an id pushed twice at once', () => {
    const heap = new IdHeap(4, (a, b) => a < b);
    expect(() => heap.push(-1)).toThrow(/not a non-negative 32-bit integer/);
    expect(() => heap.push(1.5)).toThrow(InvalidInputError);
    expect(() => heap.push(2 ** 31)).toThrow(InvalidInputError);
    heap.push(0);
    expect(() => heap.pushAll([1, 2, 1])).toThrow(/already in the heap/);
    // a refused pushAll changes nothing
    expect(heap.size).toBe(1);
    expect(heap.has(1)).toBe(false);
    expect(heap.has(-1)).toBe(false);
  });
});
