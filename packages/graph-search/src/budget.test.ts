import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import {
  BudgetMeter,
  DEFAULT_MAX_NODES,
  PROGRESS_EVERY,
  astar,
  bfs,
  bidirectionalBfs,
  describeOutcome,
  dijkstra,
  idaStar,
  type Budget,
} from './index.js';

describe('BudgetMeter', () => {
  it('grants exactly maxNodes nodes (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2000 }), (max) => {
        const meter = new BudgetMeter({ maxNodes: max });
        let granted = 0;
        while (meter.spend() === null) granted++;
        expect(granted).toBe(max);
        expect(meter.spend()).toBe('nodes');
        expect(meter.gaveUp('nodes')).toEqual({ kind: 'gave-up', bound: 'nodes', limit: max });
      }),
    );
    expect(new BudgetMeter().maxNodes).toBe(DEFAULT_MAX_NODES);
  });

  it('stops on time at the first clock check after the deadline, and reports progress', () => {
    let t = 0;
    const progress: number[] = [];
    const meter = new BudgetMeter({
      maxMs: 10,
      maxNodes: Infinity,
      now: () => t,
      onProgress: (nodes) => progress.push(nodes),
    });
    let nodes = 0;
    for (;;) {
      t += 0.0001; // 10 ms after 100,000 nodes
      if (meter.spend() !== null) break;
      nodes++;
    }
    expect(nodes + 1).toBe(Math.ceil(100_000 / 256) * 256);
    expect(progress).toEqual(
      Array.from(
        { length: Math.floor(nodes / PROGRESS_EVERY) },
        (_, i) => (i + 1) * PROGRESS_EVERY,
      ),
    );
    expect(describeOutcome(meter.gaveUp('time'))).toBe('gave up: time limit of 10 ms reached');
  });

  it('judges stored states against maxStates', () => {
    const meter = new BudgetMeter({ maxStates: 5 });
    expect(meter.storesTooMany(5)).toBe(false);
    expect(meter.storesTooMany(6)).toBe(true);
    expect(describeOutcome(meter.gaveUp('memory'))).toBe(
      'gave up: memory budget of 5 states reached',
    );
  });

  it('rejects bounds that are not numbers ≥ 0, naming the field', () => {
    for (const [field, value] of [
      ['maxNodes', -1],
      ['maxMs', NaN],
      ['maxStates', '7'],
    ] as const) {
      const budget = { [field]: value } as unknown as Budget;
      expect(() => new BudgetMeter(budget)).toThrow(InvalidInputError);
      try {
        new BudgetMeter(budget);
      } catch (e) {
        expect((e as InvalidInputError).path).toBe(`$.${field}`);
      }
    }
  });

  it('describes every outcome', () => {
    expect(describeOutcome({ kind: 'solved' })).toBe('solved');
    expect(describeOutcome({ kind: 'impossible' })).toBe('proven impossible');
    expect(describeOutcome({ kind: 'gave-up', bound: 'nodes', limit: 2_000_000 })).toBe(
      'gave up: node budget of 2,000,000 reached',
    );
  });
});

describe('the searches speak the shared vocabulary', () => {
  // an endless line 0 → 1 → 2 → … with no goal
  const endless = {
    start: 0,
    goals: [-1],
    isGoal: () => false,
    key: (n: number) => n,
    neighbours: (n: number, emit: (m: number) => void) => emit(n + 1),
    reverseNeighbours: (n: number, emit: (m: number) => void) => emit(n - 1),
    heuristic: () => 0,
  };
  const searches = { bfs, dijkstra, astar, idaStar, bidirectionalBfs };

  it('maxNodes is maxExpanded under the shared name; the smaller of the two holds', () => {
    for (const [name, search] of Object.entries(searches)) {
      const r = search(endless, { maxNodes: 50, maxExpanded: 80 });
      expect(r.outcome, name).toEqual({ kind: 'gave-up', bound: 'nodes', limit: 50 });
      expect(r.limit).toBe('expanded');
    }
  });

  it('maxStates ends a search whose tables grow too large, as "gave up: memory"', () => {
    for (const search of [bfs, dijkstra, astar, bidirectionalBfs]) {
      const r = search(endless, { maxStates: 100 });
      expect(r.status).toBe('budget');
      expect(r.limit).toBe('memory');
      expect(describeOutcome(r.outcome)).toBe('gave up: memory budget of 100 states reached');
    }
  });

  it('maxMs is timeLimitMs under the shared name', () => {
    let t = 0;
    const r = bfs(endless, { maxMs: 5, maxNodes: Infinity, now: () => (t += 0.01) });
    expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 5 });
  });

  it('found is solved, exhausted is impossible', () => {
    const line = { ...endless, isGoal: (n: number) => n === 3, goals: [3] };
    expect(bfs(line).outcome).toEqual({ kind: 'solved' });
    const closed = { ...endless, neighbours: () => undefined };
    expect(bfs(closed).outcome).toEqual({ kind: 'impossible' });
  });
});
