import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import { DEFAULT_MAX_WORK } from '@puzzlekit/job';
import {
  astar,
  bfs,
  bidirectionalBfs,
  dijkstra,
  idaStar,
  type BidirectionalProblem,
  type HeuristicProblem,
  type SearchResult,
} from './index.js';

interface Graph {
  readonly n: number;
  readonly edges: readonly (readonly [number, number, number])[];
  readonly start: number;
  readonly goals: readonly number[];
}

const arbGraph: fc.Arbitrary<Graph> = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.integer({ min: 0, max: 9 })), {
      maxLength: 30,
    }),
    start: fc.nat(n - 1),
    goals: fc.uniqueArray(fc.nat(n - 1), { maxLength: 3 }),
  }),
);

/** Independent truth: Floyd–Warshall all-pairs distances. */
function floydWarshall(n: number, edges: Graph['edges'], unit: boolean): number[][] {
  const d = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (i === j ? 0 : Infinity)),
  );
  for (const [u, v, w] of edges) d[u]![v] = Math.min(d[u]![v]!, unit ? 1 : w);
  for (let k = 0; k < n; k++)
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++)
        if (d[i]![k]! + d[k]![j]! < d[i]![j]!) d[i]![j] = d[i]![k]! + d[k]![j]!;
  return d;
}

function toProblem(
  g: Graph,
  h: (v: number) => number,
): HeuristicProblem<number, number> & BidirectionalProblem<number, number> {
  const out: [number, number][][] = Array.from({ length: g.n }, () => []);
  const inn: number[][] = Array.from({ length: g.n }, () => []);
  for (const [u, v, w] of g.edges) {
    out[u]!.push([v, w]);
    inn[v]!.push(u);
  }
  const goalSet = new Set(g.goals);
  return {
    start: g.start,
    goals: g.goals,
    isGoal: (s) => goalSet.has(s),
    key: (s) => s,
    neighbours: (s, emit) => out[s]!.forEach(([v, w]) => emit(v, w)),
    reverseNeighbours: (s, emit) => inn[s]!.forEach((u) => emit(u)),
    heuristic: h,
  };
}

/** The cheapest cost of moving along the path (min weight per consecutive pair). */
function pathCost(g: Graph, path: readonly number[], unit: boolean): number {
  let sum = 0;
  for (let i = 1; i < path.length; i++) {
    const ws = g.edges.filter(([u, v]) => u === path[i - 1] && v === path[i]).map(([, , w]) => w);
    expect(ws.length).toBeGreaterThan(0);
    sum += unit ? 1 : Math.min(...ws);
  }
  return sum;
}

function checkResult(g: Graph, r: SearchResult<number>, best: number, unit: boolean): void {
  if (best === Infinity) {
    expect(r.outcome).toEqual({ kind: 'impossible' });
    expect(r.path).toBeNull();
    expect(r.cost).toBe(Infinity);
  } else {
    expect(r.outcome).toEqual({ kind: 'solved' });
    expect(r.cost).toBe(best);
    const path = r.path!;
    expect(path[0]).toBe(g.start);
    expect(g.goals).toContain(path[path.length - 1]);
    expect(pathCost(g, path, unit)).toBe(best);
  }
}

describe('all searches agree with Floyd–Warshall on random graphs', () => {
  it('weighted: Dijkstra, A* and IDA* with admissible (often inconsistent) heuristics (property)', () => {
    fc.assert(
      fc.property(
        arbGraph,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        (g, f, salt) => {
          const d = floydWarshall(g.n, g.edges, false);
          const toGoal = (v: number) => Math.min(Infinity, ...g.goals.map((t) => d[v]![t]!));
          // Scaled by a per-state factor, so the heuristic is admissible but usually not consistent.
          const h = (v: number) => {
            const exact = toGoal(v);
            return exact === Infinity
              ? Infinity
              : Math.floor(exact * f * (((v * 7 + salt) & 3) / 3));
          };
          const p = toProblem(g, h);
          const best = toGoal(g.start);
          checkResult(g, dijkstra(p), best, false);
          checkResult(g, astar(p), best, false);
          checkResult(g, idaStar(p), best, false);
          checkResult(g, idaStar({ ...p, heuristic: () => 0 }), best, false);
        },
      ),
    );
  });

  it('unweighted: BFS and bidirectional BFS find the fewest moves (property)', () => {
    fc.assert(
      fc.property(arbGraph, (g) => {
        const d = floydWarshall(g.n, g.edges, true);
        const best = Math.min(Infinity, ...g.goals.map((t) => d[g.start]![t]!));
        const p = toProblem(g, () => 0);
        checkResult(g, bfs(p), best, true);
        checkResult(g, bfs({ ...p, keySpace: g.n }), best, true);
        checkResult(g, bidirectionalBfs(p), best, true);
        checkResult(g, bidirectionalBfs({ ...p, keySpace: g.n }), best, true);
        const unitProblem = {
          ...p,
          neighbours: (s: number, emit: (v: number) => void) => p.neighbours(s, (v) => emit(v)),
        };
        checkResult(g, dijkstra(unitProblem), best, true);
      }),
    );
  });
});

/** The 8-puzzle: tiles 1..8 and a blank (0), goal 123456780, state packed as a base-9 number. */
function eightPuzzle(
  tiles: readonly number[],
): HeuristicProblem<number, number> & BidirectionalProblem<number, number> {
  const GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0];
  const pack = (t: readonly number[]) => t.reduce((acc, v) => acc * 9 + v, 0);
  const unpack = (s: number) => {
    const t = new Array<number>(9);
    for (let i = 8; i >= 0; i--) {
      t[i] = s % 9;
      s = Math.floor(s / 9);
    }
    return t;
  };
  const goal = pack(GOAL);
  const moves = (s: number, emit: (n: number) => void) => {
    const t = unpack(s);
    const b = t.indexOf(0);
    for (const [dx, dy] of [
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ] as const) {
      const x = (b % 3) + dx;
      const y = Math.floor(b / 3) + dy;
      if (x < 0 || y < 0 || x > 2 || y > 2) continue;
      const u = [...t];
      u[b] = u[y * 3 + x]!;
      u[y * 3 + x] = 0;
      emit(pack(u));
    }
  };
  return {
    start: pack(tiles),
    goals: [goal],
    isGoal: (s) => s === goal,
    key: (s) => s,
    neighbours: moves,
    reverseNeighbours: moves,
    heuristic: (s) => {
      const t = unpack(s);
      let m = 0;
      t.forEach((v, i) => {
        if (v !== 0)
          m +=
            Math.abs((i % 3) - ((v - 1) % 3)) +
            Math.abs(Math.floor(i / 3) - Math.floor((v - 1) / 3));
      });
      return m;
    },
  };
}

describe('hand-checked puzzles', () => {
  it('solve the 8-puzzle hardest position in its published 31 moves', () => {
    // 8 6 7 / 2 5 4 / 3 _ 1 is one of the two positions that need 31 moves (Reinefeld 1993).
    const p = eightPuzzle([8, 6, 7, 2, 5, 4, 3, 0, 1]);
    const a = astar(p);
    expect(a.outcome.kind).toBe('solved');
    expect(a.cost).toBe(31);
    expect(a.path).toHaveLength(32);
    expect(bidirectionalBfs(p).cost).toBe(31);
  });

  it('agree on short 8-puzzles; A* expands fewer states than Dijkstra', () => {
    const p = eightPuzzle([1, 2, 3, 4, 0, 6, 7, 5, 8]);
    const results = [bfs(p), bidirectionalBfs(p), dijkstra(p), astar(p), idaStar(p)];
    for (const r of results) expect(r.cost).toBe(2);
    expect(astar(p).work).toBeLessThanOrEqual(dijkstra(p).work);
    expect(idaStar(p).stats.iterations).toBe(1);
  });

  it('uses bigint keys for packed states', () => {
    // Walk on the integer lattice from (0, 0) to (3, -4), states packed in a bigint.
    const pack = (x: number, y: number) => (BigInt(x + 1000) << 32n) | BigInt(y + 1000);
    const xOf = (s: bigint) => Number(s >> 32n) - 1000;
    const yOf = (s: bigint) => Number(s & 0xffffffffn) - 1000;
    const lattice = {
      start: pack(0, 0),
      goals: [pack(3, -4)],
      isGoal: (s: bigint) => s === pack(3, -4),
      key: (s: bigint) => s,
      neighbours: (s: bigint, emit: (n: bigint) => void) => {
        for (const [dx, dy] of [
          [0, -1],
          [1, 0],
          [0, 1],
          [-1, 0],
        ] as const)
          emit(pack(xOf(s) + dx, yOf(s) + dy));
      },
      heuristic: (s: bigint) => Math.abs(xOf(s) - 3) + Math.abs(yOf(s) + 4),
    };
    const lat = { ...lattice, reverseNeighbours: lattice.neighbours };
    expect(bfs(lattice).cost).toBe(7);
    expect(bidirectionalBfs(lat).cost).toBe(7);
    expect(astar(lattice).cost).toBe(7);
    expect(idaStar(lattice).cost).toBe(7);
    expect(astar(lattice).work).toBe(7);
  });
});

describe('robustness', () => {
  it('IDA* follows a 100,000-move path without overflowing the call stack', () => {
    const end = 100_000;
    const line = {
      start: 0,
      isGoal: (s: number) => s === end,
      key: (s: number) => s,
      neighbours: (s: number, emit: (n: number) => void) => {
        if (s > 0) emit(s - 1);
        if (s < end) emit(s + 1);
      },
      heuristic: (s: number) => end - s,
    };
    const r = idaStar(line);
    expect(r).toMatchObject({ outcome: { kind: 'solved' }, cost: end });
    expect(r.path).toHaveLength(end + 1);
    expect(r.stats.peakFrontier).toBe(end);
  });

  it('is deterministic: the same problem gives the same path and counters', () => {
    const p = eightPuzzle([4, 1, 3, 7, 2, 6, 0, 5, 8]);
    for (const search of [bfs, bidirectionalBfs, dijkstra, astar, idaStar] as const) {
      const a = search(p);
      const b = search(p);
      // no timings in a result: the whole result is the same bytes
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    }
  });
});

describe('budgets', () => {
  // An infinite binary tree with no goal: only a budget can end a search here.
  const endless = {
    start: 1,
    goals: [0.5],
    isGoal: () => false,
    key: (s: number) => s,
    neighbours: (s: number, emit: (n: number, c?: number) => void) => {
      emit(s * 2);
      emit(s * 2 + 1);
    },
    // backwards from 0.5 through 1.5, 2.5, …: never meets the forward side
    reverseNeighbours: (s: number, emit: (n: number) => void) => {
      emit(s + 1);
      emit(s + 2);
    },
    heuristic: () => 0,
  };

  it('stop every search at the work budget (nodes expanded) with statistics', () => {
    for (const search of [bfs, dijkstra, astar, idaStar, bidirectionalBfs] as const) {
      const r = search(endless, { maxWork: 1000 });
      expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 1000, unit: 'nodes' });
      expect(r.path).toBeNull();
      expect(r.cost).toBe(Infinity);
      expect(r.work).toBe(1000);
      // every expansion of this binary tree emits two successors
      expect(r.stats.generated).toBe(2000);
      expect(r.stats.peakFrontier).toBeGreaterThan(0);
    }
  });

  it('maxWork 0 allows no expansion; a start that is a goal needs none', () => {
    for (const search of [bfs, dijkstra, astar, idaStar, bidirectionalBfs] as const) {
      const r = search(endless, { maxWork: 0 });
      expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 0, unit: 'nodes' });
      expect(r.work).toBe(0);
      const one = { ...endless, isGoal: (s: number) => s === 1, goals: [1] };
      expect(search(one, { maxWork: 0 })).toMatchObject({ outcome: { kind: 'solved' }, work: 0 });
    }
  });

  it('stop at the time budget (clock injected, so nothing depends on speed)', () => {
    let t = 0;
    const now = () => (t += 1);
    const r = bfs(endless, { maxMs: 20, maxWork: Infinity, now });
    expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 20, unit: 'ms' });
    // the clock is read every 256 nodes: one tick at the start, one per read after it
    expect(r.work).toBe(256 * 20);
    // and with the real clock the search ends too
    const real = idaStar(endless, { maxMs: 5, maxWork: Infinity });
    expect(real.outcome).toMatchObject({ kind: 'gave-up', bound: 'time' });
  });

  it('honour an absolute deadline shared with other jobs (the sooner of deadline and maxMs)', () => {
    for (const search of [bfs, dijkstra, astar, idaStar, bidirectionalBfs] as const) {
      let t = 100;
      const now = () => (t += 1);
      const r = search(endless, { deadline: 110, maxMs: 1000, maxWork: Infinity, now });
      expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 9, unit: 'ms' });
      expect(r.work).toBe(256 * 9);
    }
  });

  it('the default node budget ends a search that nothing else would', () => {
    // a path 0 → 1 → 2 → … with no goal, indexed densely so the 2 million expansions stay cheap
    const line = {
      ...endless,
      keySpace: 4_000_000,
      neighbours: (s: number, emit: (n: number) => void) => emit(s + 1),
    };
    const r = bfs(line);
    expect(r.outcome).toEqual({
      kind: 'gave-up',
      bound: 'work',
      limit: DEFAULT_MAX_WORK,
      unit: 'nodes',
    });
    expect(r.work).toBe(DEFAULT_MAX_WORK);
    expect(DEFAULT_MAX_WORK).toBe(2_000_000);
  });

  it('reject bad budgets, costs and heuristics with typed errors', () => {
    expect(() => bfs(endless, { maxWork: -1 })).toThrow(/maxWork must be a number ≥ 0, got -1/);
    expect(() => astar(endless, { maxMs: Number.NaN })).toThrow(InvalidInputError);
    const neg = {
      ...endless,
      neighbours: (s: number, emit: (n: number, c?: number) => void) => emit(s + 1, -1),
    };
    expect(() => dijkstra(neg)).toThrow(/move cost must be a finite number ≥ 0, got -1/);
    expect(() => astar({ ...endless, heuristic: () => NaN })).toThrow(/heuristic must be ≥ 0/);
    // a declared dense key space is enforced, not trusted
    expect(() => bfs({ ...endless, keySpace: 100 })).toThrow(
      /key 100 is not an integer in the declared keySpace 0..99/,
    );
    expect(() => dijkstra({ ...endless, keySpace: -1 })).toThrow(InvalidInputError);
  });

  it('finds start-is-goal and unreachable goals immediately', () => {
    const one = { ...endless, isGoal: (s: number) => s === 1, goals: [1] };
    for (const search of [bfs, dijkstra, astar, idaStar, bidirectionalBfs] as const) {
      expect(search(one)).toMatchObject({ outcome: { kind: 'solved' }, path: [1], cost: 0 });
    }
    expect(bidirectionalBfs({ ...endless, goals: [] }).outcome.kind).toBe('impossible');
  });
});
