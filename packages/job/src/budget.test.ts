import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import {
  BudgetMeter,
  DEFAULT_MAX_WORK,
  PROGRESS_EVERY,
  describeOutcome,
  gaveUpResult,
  impossibleResult,
  isSolved,
  solvedResult,
  valueOf,
  type JobResult,
} from './index.js';

describe('BudgetMeter', () => {
  it('grants exactly maxWork units, and names its unit when it gives up (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2000 }), fc.constantFrom('nodes', 'candidates'), (max, unit) => {
        const meter = new BudgetMeter({ maxWork: max }, { unit });
        let granted = 0;
        while (meter.spend() === null) granted++;
        expect(granted).toBe(max);
        expect(meter.spend()).toBe('work');
        expect(meter.gaveUp('work')).toEqual({ kind: 'gave-up', bound: 'work', limit: max, unit });
      }),
    );
    expect(new BudgetMeter().maxWork).toBe(DEFAULT_MAX_WORK);
  });

  it('stops on time at the first clock check after the deadline, and reports progress', () => {
    let t = 0;
    const progress: number[] = [];
    const meter = new BudgetMeter({
      maxMs: 10,
      maxWork: Infinity,
      now: () => t,
      onProgress: (work) => progress.push(work),
    });
    let work = 0;
    for (;;) {
      t += 0.0001; // 10 ms after 100,000 units
      if (meter.spend() !== null) break;
      work++;
    }
    expect(work + 1).toBe(Math.ceil(100_000 / 256) * 256);
    expect(progress).toEqual(
      Array.from({ length: Math.floor(work / PROGRESS_EVERY) }, (_, i) => (i + 1) * PROGRESS_EVERY),
    );
    expect(meter.gaveUp('time')).toEqual({ kind: 'gave-up', bound: 'time', limit: 10, unit: 'ms' });
  });

  it('reads the clock every unit when asked (jobs whose units take milliseconds)', () => {
    let t = 0;
    const meter = new BudgetMeter(
      { maxMs: 5, now: () => t },
      { unit: 'candidates', clockEvery: 1 },
    );
    let granted = 0;
    for (;;) {
      t += 1;
      if (meter.spend() !== null) break;
      granted++;
    }
    expect(granted).toBe(4);
  });

  it('takes the sooner of maxMs and an absolute deadline', () => {
    let t = 100;
    const meter = new BudgetMeter({ maxMs: 50, deadline: 120, now: () => t }, { clockEvery: 1 });
    t = 119;
    expect(meter.spend()).toBeNull();
    t = 120;
    expect(meter.spend()).toBe('time');
    expect(meter.gaveUp('time').limit).toBe(20);
  });

  it('shares work with sub-jobs: the same deadline, a capped share, and the work charged back', () => {
    const t = 0;
    const meter = new BudgetMeter({ maxWork: 1000, maxMs: 30, now: () => t });
    for (let i = 0; i < 100; i++) meter.spend();
    const share = meter.share(300);
    expect(share.maxWork).toBe(300);
    expect(share.deadline).toBe(30);
    const sub = new BudgetMeter(share);
    while (sub.spend() === null);
    meter.charge(sub.work);
    expect(meter.work).toBe(400);
    expect(meter.share().maxWork).toBe(600);
    expect(meter.share(5000).maxWork).toBe(600);
  });

  it('refuses bounds that are not numbers ≥ 0, with the JSON path', () => {
    for (const [budget, path] of [
      [{ maxWork: -1 }, '$.maxWork'],
      [{ maxMs: Number.NaN }, '$.maxMs'],
      [{ maxStates: '5' as unknown as number }, '$.maxStates'],
    ] as const) {
      let caught: unknown;
      try {
        new BudgetMeter(budget);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(InvalidInputError);
      expect((caught as InvalidInputError).path).toBe(path);
    }
    // 0 is a bound like any other: no work at all.
    expect(new BudgetMeter({ maxWork: 0 }).spend()).toBe('work');
    expect(() => new BudgetMeter({}, { clockEvery: 3 })).toThrow(/power of two/);
  });

  it('stores up to maxStates states', () => {
    const meter = new BudgetMeter({ maxStates: 10 });
    expect(meter.storesTooMany(10)).toBe(false);
    expect(meter.storesTooMany(11)).toBe(true);
    expect(meter.gaveUp('memory')).toEqual({
      kind: 'gave-up',
      bound: 'memory',
      limit: 10,
      unit: 'states',
    });
  });
});

describe('outcomes and results', () => {
  it('says each outcome in words', () => {
    expect(describeOutcome({ kind: 'solved' })).toBe('solved');
    expect(describeOutcome({ kind: 'impossible' })).toBe('proven impossible');
    expect(
      describeOutcome({ kind: 'gave-up', bound: 'work', limit: 2_000_000, unit: 'nodes' }),
    ).toBe('gave up: work budget of 2,000,000 nodes reached');
    expect(describeOutcome({ kind: 'gave-up', bound: 'time', limit: 500, unit: 'ms' })).toBe(
      'gave up: time limit of 500 ms reached',
    );
    expect(describeOutcome(new BudgetMeter({ maxStates: 4 }).gaveUp('memory'))).toBe(
      'gave up: memory budget of 4 states reached',
    );
  });

  it('builds the one result shape, and reads its value only when solved', () => {
    const results: JobResult<string, number>[] = [
      solvedResult('LURD', 12),
      impossibleResult(40),
      gaveUpResult(new BudgetMeter({ maxWork: 3 }).gaveUp('work'), 3, 7),
      gaveUpResult(new BudgetMeter({ maxWork: 3 }).gaveUp('work'), 3),
    ];
    expect(results.map((r) => valueOf(r))).toEqual(['LURD', undefined, undefined, undefined]);
    expect(results.map((r) => isSolved(r))).toEqual([true, false, false, false]);
    expect(JSON.parse(JSON.stringify(results))).toEqual([
      { outcome: { kind: 'solved' }, value: 'LURD', work: 12 },
      { outcome: { kind: 'impossible' }, work: 40 },
      { outcome: { kind: 'gave-up', bound: 'work', limit: 3, unit: 'nodes' }, work: 3, partial: 7 },
      { outcome: { kind: 'gave-up', bound: 'work', limit: 3, unit: 'nodes' }, work: 3 },
    ]);
  });
});
