import { describe, expect, it } from 'vitest';
import { describeOutcome } from '@puzzlekit/job';
import { astar, bfs, bidirectionalBfs, dijkstra, idaStar } from './index.js';

describe('the searches speak the job vocabulary', () => {
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

  it('maxWork counts nodes expanded and names them in the outcome', () => {
    for (const [name, search] of Object.entries(searches)) {
      const r = search(endless, { maxWork: 50 });
      expect(r.outcome, name).toEqual({ kind: 'gave-up', bound: 'work', limit: 50, unit: 'nodes' });
      expect(r.work, name).toBe(50);
      expect(describeOutcome(r.outcome)).toBe('gave up: work budget of 50 nodes reached');
    }
  });

  it('maxStates ends a search whose tables grow too large, as "gave up: memory"', () => {
    for (const search of [bfs, dijkstra, astar, bidirectionalBfs]) {
      const r = search(endless, { maxStates: 100 });
      expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'memory', limit: 100, unit: 'states' });
      expect(describeOutcome(r.outcome)).toBe('gave up: memory budget of 100 states reached');
    }
  });

  it('maxMs stops a search on the injected clock, naming the time bound', () => {
    let t = 0;
    const r = bfs(endless, { maxMs: 5, maxWork: Infinity, now: () => (t += 0.01) });
    expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 5, unit: 'ms' });
  });

  it('onProgress hears the nodes expanded so far, every 16,384 nodes', () => {
    const heard: number[] = [];
    bfs(endless, { maxWork: 40_000, onProgress: (work) => heard.push(work) });
    expect(heard).toEqual([16_384, 32_768]);
  });

  it('a goal reached is solved, a space run out is impossible', () => {
    const line = { ...endless, isGoal: (n: number) => n === 3, goals: [3] };
    expect(bfs(line).outcome).toEqual({ kind: 'solved' });
    const closed = { ...endless, neighbours: () => undefined };
    expect(bfs(closed).outcome).toEqual({ kind: 'impossible' });
  });
});
