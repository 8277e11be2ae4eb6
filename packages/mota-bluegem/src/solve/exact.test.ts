import { Rng } from '@puzzlekit/rng';
import { describe, expect, it } from 'vitest';
import { greedyGates, orderCost, solveGates, type GateProblem } from './exact.js';
import { hornOrder, orderObjective } from './horn.js';
import { randomCyclicFloor } from '../testing/cyclic.js';

/** Every sequence of fights (any gate touching the reached area) until all reachable reward is taken. */
function bruteForce(pr: GateProblem, cost: (k: number, gained: number) => number): number {
  const R = pr.regionReward.length;
  const G = pr.gateRegions.length;
  const reach = (opened: number): { gained: number; frontier: number[] } => {
    const seenR = new Uint8Array(R);
    const seenG = new Uint8Array(G);
    const stack = [pr.start];
    seenR[pr.start] = 1;
    const touching = new Set<number>();
    let gained = 0;
    while (stack.length > 0) {
      const r = stack.pop() ?? 0;
      gained += pr.regionReward[r] ?? 0;
      for (let k = 0; k < G; k++) {
        if (!(pr.gateRegions[k] ?? []).includes(r)) continue;
        touching.add(k);
        const gs = [k];
        while (gs.length > 0) {
          const q = gs.pop() ?? 0;
          if (!(opened & (1 << q)) || seenG[q] === 1) continue;
          seenG[q] = 1;
          for (const o of pr.gateGates[q] ?? []) {
            touching.add(o);
            gs.push(o);
          }
          for (const x of pr.gateRegions[q] ?? []) {
            if (seenR[x] === 0) {
              seenR[x] = 1;
              stack.push(x);
            }
          }
        }
      }
    }
    return { gained, frontier: [...touching].filter((k) => !(opened & (1 << k))) };
  };
  const target = reach((1 << G) - 1).gained;
  let best = Number.POSITIVE_INFINITY;
  const rec = (opened: number, total: number): void => {
    const { gained, frontier } = reach(opened);
    if (gained >= target) {
      best = Math.min(best, total);
      return;
    }
    for (const k of frontier) rec(opened | (1 << k), total + Math.max(0, cost(k, gained)));
  };
  rec(0, 0);
  return best;
}

/** Twenty gates between twelve rooms, no gate-to-gate adjacency (both search spaces apply). */
const many: GateProblem = {
  regionReward: Array.from({ length: 12 }, (_, i) => (i === 0 ? 0 : 1 + (i % 4))),
  start: 0,
  gateRegions: Array.from({ length: 20 }, (_, k) => [k % 12, (k * 5 + 1) % 12]),
  gateGates: Array.from({ length: 20 }, () => []),
  base: Array.from({ length: 20 }, (_, k) => 100 + k),
  saving: Array.from({ length: 20 }, (_, k) => 1 + (k % 3)),
};

function randomProblem(rng: Rng): GateProblem {
  const R = rng.int(1, 5);
  const G = rng.int(1, 6);
  const regionReward = Array.from({ length: R }, () => (rng.bool(0.3) ? 0 : rng.int(1, 9)));
  const total = regionReward.reduce((a, b) => a + b, 0);
  const gateRegions: number[][] = [];
  const gateGates: number[][] = Array.from({ length: G }, () => []);
  for (let k = 0; k < G; k++) {
    const m = rng.int(1, Math.min(3, R));
    gateRegions.push(
      [
        ...new Set(
          rng.sample(
            Array.from({ length: R }, (_, i) => i),
            m,
          ),
        ),
      ].sort((a, b) => a - b),
    );
  }
  for (let k = 0; k < G; k++) {
    for (let o = k + 1; o < G; o++) {
      if (rng.bool(0.15)) {
        gateGates[k]?.push(o);
        gateGates[o]?.push(k);
      }
    }
  }
  const saving = Array.from({ length: G }, () => rng.int(0, 6));
  const base = saving.map((a) => a * total + rng.int(0, 20));
  return { regionReward, start: rng.below(R), gateRegions, gateGates, base, saving };
}

describe('solveGates (exact search over the sets of guards fought)', () => {
  it('equals brute force on 2,000 random small cyclic graphs (linear costs)', () => {
    const rng = Rng.from('exact-linear');
    let roomsUsed = 0;
    for (let t = 0; t < 2000; t++) {
      const pr = randomProblem(rng);
      const linear = (k: number, gained: number): number =>
        (pr.base[k] ?? 0) - (pr.saving[k] ?? 0) * gained;
      const result = solveGates(pr);
      expect(result.optimal).toBe(true);
      expect(result.cost).toBe(bruteForce(pr, linear));
      // The order is feasible and costs what it says.
      const replay = greedyReplay(pr, result.order, linear);
      expect(replay).toBe(result.cost);
      expect(orderCost(pr, result.order)).toBe(result.cost);
      // Both search spaces (sets of rooms reached, sets of gates fought) give the optimum.
      const byGates = solveGates(pr, { strategy: 'gates' });
      expect(byGates.cost).toBe(result.cost);
      expect(orderCost(pr, byGates.order)).toBe(result.cost);
      if (pr.gateGates.every((l) => l.length === 0)) roomsUsed++;
    }
    expect(roomsUsed).toBeGreaterThan(500);
  });

  it('equals brute force with non-linear costs (any cost that depends on the defence gained)', () => {
    const rng = Rng.from('exact-nonlinear');
    for (let t = 0; t < 1000; t++) {
      const pr = randomProblem(rng);
      const cost = (k: number, gained: number): number => ((k * 7 + 3) * (gained + 5)) % 13;
      expect(solveGates(pr, { cost }).cost).toBe(bruteForce(pr, cost));
      expect(solveGates(pr, { cost, strategy: 'gates' }).cost).toBe(bruteForce(pr, cost));
    }
  });

  it('agrees with Horn on tree-shaped instances', () => {
    const rng = Rng.from('exact-vs-horn');
    for (let t = 0; t < 500; t++) {
      // A tree of regions joined by gates: region i+1 hangs off region parent[i] through gate i.
      const G = rng.int(1, 7);
      const regionReward = [0, ...Array.from({ length: G }, () => rng.int(0, 9))];
      const total = regionReward.reduce((a, b) => a + b, 0);
      const parentRegion = Array.from({ length: G }, (_, i) => rng.below(i + 1));
      const saving = Array.from({ length: G }, () => rng.int(0, 6));
      const base = saving.map((a) => a * total + 1);
      const pr: GateProblem = {
        regionReward,
        start: 0,
        gateRegions: parentRegion.map((q, i) => [q, i + 1]),
        gateGates: Array.from({ length: G }, () => []),
        base,
        saving,
      };
      // Horn nodes: 0 = root region; node i+1 = gate i merged with region i+1 (a = saving, g = reward).
      const parent = Int32Array.from([-1, ...parentRegion]);
      const p = Float64Array.from([0, ...saving]);
      const w = Float64Array.from(regionReward);
      const order = hornOrder({ parent, p, w });
      const baseSum = base.reduce((a, b) => a + b, 0);
      // Gates whose subtree holds no reward need not be fought; brute force decides that.
      const exact = solveGates(pr).cost;
      // Fighting gate i gains everything taken before it: Σ saving_i·(total − own reward − later rewards).
      const savedTotal = saving.reduce(
        (sum, a, i) => sum + a * (total - (regionReward[i + 1] ?? 0)),
        0,
      );
      const hornCost = baseSum - (savedTotal - orderObjective(order, p, w));
      expect(exact).toBeLessThanOrEqual(hornCost);
      if (regionReward.slice(1).every((r) => r > 0)) expect(exact).toBe(hornCost);
    }
  });

  it('gives up at the state budget with a feasible greedy order and optimal: false', () => {
    const rng = Rng.from('budget');
    const pr = randomProblem(rng);
    expect(() =>
      solveGates(
        { ...many, gateGates: [[1], [0], ...many.gateGates.slice(2)] },
        { strategy: 'regions' },
      ),
    ).toThrow(/regions strategy/);
    expect(solveGates(many, { budget: { maxStates: 10 }, strategy: 'gates' }).gaveUp).toMatch(
      /budget/,
    );
    const result = solveGates(many, { budget: { maxStates: 2 } });
    expect(result.optimal).toBe(false);
    expect(result.gaveUp).toMatch(/budget/);
    expect(result.order.length).toBeGreaterThan(0);
    expect(solveGates(pr).optimal).toBe(true);
  });

  it('speaks the shared budget vocabulary: nodes, time and states held, each named when it stops the search', () => {
    for (const strategy of ['regions', 'gates'] as const) {
      const full = solveGates(many, { strategy });
      expect(full.outcome).toEqual({ kind: 'solved' });
      expect(full.optimal).toBe(true);
      // Exactly maxWork states are expanded before the work budget stops the search.
      const nodes = solveGates(many, { strategy, budget: { maxWork: 5 } });
      expect(nodes.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 5, unit: 'nodes' });
      expect(nodes.work).toBe(5);
      expect(nodes.gaveUp).toBe('work budget of 5 nodes reached');
      expect(orderCost(many, nodes.order)).toBe(nodes.cost);
      const held = solveGates(many, { strategy, budget: { maxStates: 3 } });
      expect(held.outcome).toEqual({ kind: 'gave-up', bound: 'memory', limit: 3, unit: 'states' });
      expect(held.gaveUp).toBe('memory budget of 3 states reached');
    }
    // A floor that needs thousands of states; an injected clock that jumps an hour per reading: the
    // first check (at node 256) stops the search.
    const big = randomCyclicFloor(Rng.from('bench-exact-24-0'), 24);
    for (const strategy of ['regions', 'gates'] as const) {
      expect(solveGates(big, { strategy }).work).toBeGreaterThan(256);
      let t = 0;
      const timed = solveGates(big, {
        strategy,
        budget: { maxMs: 1000, now: () => (t += 3_600_000) },
      });
      expect(timed.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 1000, unit: 'ms' });
      expect(timed.work).toBe(256);
      expect(timed.gaveUp).toBe('time limit of 1,000 ms reached');
    }
    expect(() => solveGates(many, { budget: { maxWork: -1 } })).toThrow(/maxWork/);
    expect(() => solveGates(many, { budget: { maxStates: Number.NaN } })).toThrow(/maxStates/);
  });

  it('rejects malformed problems and infeasible orders', () => {
    const chain: GateProblem = {
      regionReward: [0, 1, 2],
      start: 0,
      gateRegions: [
        [0, 1],
        [1, 2],
      ],
      gateGates: [[], []],
      base: [5, 5],
      saving: [1, 1],
    };
    expect(orderCost(chain, [0, 1])).toBe(5 + 4);
    expect(() => orderCost(chain, [1, 0])).toThrow(/gate 1 cannot be fought at step 0/);
    expect(() => orderCost(chain, [0, 0])).toThrow(/step 1/);
    expect(() =>
      solveGates({
        regionReward: [1],
        start: 3,
        gateRegions: [],
        gateGates: [],
        base: [],
        saving: [],
      }),
    ).toThrow(/start/);
    expect(() =>
      solveGates({
        regionReward: [1],
        start: 0,
        gateRegions: [[4]],
        gateGates: [[]],
        base: [1],
        saving: [0],
      }),
    ).toThrow(/region 4/);
  });
});

/** Replays an order: each fight must touch the reached area; returns its total cost. */
function greedyReplay(
  pr: GateProblem,
  order: readonly number[],
  cost: (k: number, g: number) => number,
): number {
  const opened = new Set<number>();
  let total = 0;
  const reached = (): { regions: Set<number>; gained: number; touch: Set<number> } => {
    const regions = new Set([pr.start]);
    const touch = new Set<number>();
    for (let changed = true; changed;) {
      changed = false;
      for (let k = 0; k < pr.gateRegions.length; k++) {
        const rs = pr.gateRegions[k] ?? [];
        const near =
          rs.some((r) => regions.has(r)) ||
          (pr.gateGates[k] ?? []).some((o) => opened.has(o) && touch.has(o));
        if (near && !touch.has(k)) {
          touch.add(k);
          changed = true;
        }
        if (near && opened.has(k)) {
          for (const r of rs) {
            if (!regions.has(r)) {
              regions.add(r);
              changed = true;
            }
          }
        }
      }
    }
    let gained = 0;
    for (const r of regions) gained += pr.regionReward[r] ?? 0;
    return { regions, gained, touch };
  };
  for (const k of order) {
    const { gained, touch } = reached();
    if (!touch.has(k)) throw new Error(`gate ${k} fought before it is reachable`);
    total += Math.max(0, cost(k, gained));
    opened.add(k);
  }
  return total;
}

describe('greedyGates', () => {
  it('always collects every reachable reward', () => {
    const rng = Rng.from('greedy');
    for (let t = 0; t < 300; t++) {
      const pr = randomProblem(rng);
      const linear = (k: number, gained: number): number =>
        (pr.base[k] ?? 0) - (pr.saving[k] ?? 0) * gained;
      const g = greedyGates(pr, linear);
      expect(greedyReplay(pr, g.order, linear)).toBe(g.cost);
      expect(g.cost).toBeGreaterThanOrEqual(solveGates(pr).cost);
    }
  });
});
