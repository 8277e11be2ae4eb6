import { InvalidInputError } from '@puzzlekit/errors';
import {
  BudgetMeter,
  describeOutcome,
  gaveUp,
  SOLVED,
  type Budget,
  type Outcome,
} from '@puzzlekit/job';
import { RoomGateReach } from '../graph/reach.js';

/**
 * A floor reduced to rooms and guards: regions hold rewards (defence), gates (guard groups) join
 * regions and other gates. Opening a gate costs `base − saving × (defence gained so far)` under the
 * linear model, or whatever {@link ExactOptions.cost} says.
 */
export interface GateProblem {
  /** Reward (defence) of each region. */
  readonly regionReward: readonly number[];
  /** The region the hero starts in. */
  readonly start: number;
  /** Per gate: the regions it touches. */
  readonly gateRegions: readonly (readonly number[])[];
  /** Per gate: the gates it touches (symmetric). */
  readonly gateGates: readonly (readonly number[])[];
  /** Per gate: damage at the starting defence. */
  readonly base: readonly number[];
  /** Per gate: damage saved per defence point. */
  readonly saving: readonly number[];
}

/**
 * Options of {@link solveGates}: the budget, the cost model and the search space.
 */
export interface ExactOptions {
  /**
   * The search's budget: `maxWork` search states expanded (unit `nodes`, default 2,000,000), `maxMs`
   * or `deadline` to stop early, `maxStates` states held in its tables (default {@link DEFAULT_MAX_HELD}).
   */
  readonly budget?: Budget;
  /** Damage of opening `gate` after `gained` defence; default `base − saving × gained`. */
  readonly cost?: (gate: number, gained: number) => number;
  /**
   * `regions`: search the sets of rooms reached (several gate sets reaching the same rooms are one
   * state; needs no gate-to-gate adjacency and at most 30 rooms); `gates`: search the sets of gates
   * fought; `auto` (default): `regions` when it applies.
   */
  readonly strategy?: 'auto' | 'regions' | 'gates';
  /**
   * A feasible order and its cost to bound the search with, when the caller has already computed
   * {@link greedyGates} with the same cost (default: computed here).
   */
  readonly greedy?: { readonly order: readonly number[]; readonly cost: number };
}

/** The answer of {@link solveGates}. */
export interface GateSolution {
  /** Gates in the order they are fought. */
  readonly order: readonly number[];
  /** Total damage of that order. */
  readonly cost: number;
  /** True when the search finished: no order collecting every reachable reward costs less. */
  readonly optimal: boolean;
  /** Search states expanded: the work, in the unit `nodes`. */
  readonly work: number;
  /**
   * How the search ended, in the shared vocabulary: `solved` (proven best) or `gave-up` with the bound
   * (`memory`, limit {@link MAX_EXACT_GATES} `gates`, when the floor has more gates than it handles).
   */
  readonly outcome: Outcome;
  /** Why the search stopped early, in words (`optimal` is then false; `order` is the best known: greedy or better). */
  readonly gaveUp?: string;
}

/**
 * Default bound on the states the search holds (its maps from state to cost and last gate): four
 * million, well below the 2^24 entries a JavaScript `Map` can hold, a few hundred MB at most.
 */
export const DEFAULT_MAX_HELD = 4_000_000;

/** The unit of work of the exact searches: one search state expanded. */
export const SEARCH_UNIT = 'nodes';

/** A budget meter for one search: the caller's budget, with the memory default of this package. */
export function searchMeter(budget: Budget = {}): BudgetMeter {
  return new BudgetMeter(
    { ...budget, maxStates: budget.maxStates ?? DEFAULT_MAX_HELD },
    { unit: SEARCH_UNIT },
  );
}

/** The `gaveUp` words of an outcome that gave up: `work budget of 2,000,000 nodes reached` and the like. */
export function gaveUpWords(outcome: Outcome): string {
  return describeOutcome(outcome).replace(/^gave up: /, '');
}

/** Most gates the subset search handles (states are 32-bit masks). */
export const MAX_EXACT_GATES = 30;

/** The outcome when a floor has more gates than the searches' bit masks hold. */
export const TOO_MANY_GATES = gaveUp('memory', MAX_EXACT_GATES, 'gates');

/**
 * A gate problem checked and turned into the arrays the searches walk (adjacency per room and per
 * gate, gate-to-gate bit masks). Made once per floor by {@link compileGates} and passed to
 * {@link solveGates}, {@link greedyGates}, {@link orderCost} and the key-aware search, which all accept
 * either form.
 */
export interface CompiledGates {
  readonly problem: GateProblem;
  readonly g: number;
  readonly regionGates: Int32Array[];
  readonly gateRegions: Int32Array[];
  readonly gateGateMask: Int32Array;
  readonly reward: Float64Array;
  readonly start: number;
  /** The flood over these rooms and gates (scratch reused by every search state). */
  readonly reach: RoomGateReach;
}

/**
 * Checks a gate problem and builds its adjacency arrays.
 *
 * @throws InvalidInputError for a start, region or gate that does not exist, or lists of different lengths.
 */
export function compileGates(problem: GateProblem): CompiledGates {
  const r = problem.regionReward.length;
  const g = problem.gateRegions.length;
  if (problem.start < 0 || problem.start >= r || !Number.isInteger(problem.start))
    throw new InvalidInputError(`start region ${problem.start} does not exist`, {
      path: '$.start',
    });
  if (problem.gateGates.length !== g || problem.base.length !== g || problem.saving.length !== g)
    throw new InvalidInputError(
      'gateRegions, gateGates, base and saving must have one entry per gate',
    );
  const lists: number[][] = Array.from({ length: r }, () => []);
  const gateRegions: Int32Array[] = [];
  const gateGateMask = new Int32Array(g);
  for (let k = 0; k < g; k++) {
    const regions = problem.gateRegions[k] ?? [];
    for (const x of regions) {
      if (!Number.isInteger(x) || x < 0 || x >= r)
        throw new InvalidInputError(`region ${x} does not exist`, { path: `$.gateRegions[${k}]` });
      lists[x]?.push(k);
    }
    gateRegions.push(Int32Array.from(regions));
    for (const o of problem.gateGates[k] ?? []) {
      if (!Number.isInteger(o) || o < 0 || o >= g || o === k)
        throw new InvalidInputError(`gate ${o} does not exist`, { path: `$.gateGates[${k}]` });
      if (o < 31) gateGateMask[k] = (gateGateMask[k] ?? 0) | (1 << o);
    }
  }
  const regionGates = lists.map((l) => Int32Array.from(l));
  return {
    problem,
    g,
    regionGates,
    gateRegions,
    gateGateMask,
    reward: Float64Array.from(problem.regionReward),
    start: problem.start,
    reach: new RoomGateReach({
      start: problem.start,
      regionGates,
      gateRegions,
      // Typed arrays throughout: the flood's element reads then stay monomorphic.
      gateGates: problem.gateGates.map((l) => Int32Array.from(l)),
    }),
  };
}

/** The compiled form of a problem given either way. */
export function compiled(input: GateProblem | CompiledGates): CompiledGates {
  return 'gateGateMask' in input ? input : compileGates(input);
}

/** Reach of an opened-gate set: reward gained and the mask of gates that touch the reached area. */
function reachOf(c: CompiledGates, opened: number): { gained: number; frontier: number } {
  const reach = c.reach.floodMask(opened);
  return { gained: reach.sum(c.reward), frontier: reach.frontierMask(opened) };
}

/** The linear cost model of a problem: `base − saving × gained`. */
function linearCost(problem: GateProblem): (gate: number, gained: number) => number {
  return (k, gained) => (problem.base[k] ?? 0) - (problem.saving[k] ?? 0) * gained;
}

/** What both searches share: the cost, the budget, the greedy bound. */
interface SearchSetup {
  readonly c: CompiledGates;
  readonly cost: (gate: number, gained: number) => number;
  readonly meter: BudgetMeter;
  readonly greedy: { readonly order: readonly number[]; readonly cost: number };
}

/** The answer when a bound ran out: the best order known (greedy or better), not proven. */
function gaveUpWith(
  setup: SearchSetup,
  outcome: Outcome,
  order: readonly number[] | null,
  cost: number,
): GateSolution {
  return {
    order: order ?? setup.greedy.order,
    cost,
    optimal: false,
    work: setup.meter.work,
    outcome,
    gaveUp: gaveUpWords(outcome),
  };
}

/** The answer of a search that ran to the end: its best order is proven (greedy when nothing beat it). */
function finished(setup: SearchSetup, order: readonly number[] | null, cost: number): GateSolution {
  return {
    order: order ?? setup.greedy.order,
    cost,
    optimal: true,
    work: setup.meter.work,
    outcome: SOLVED,
  };
}

/**
 * The exact minimum-damage order for a floor whose guards form cycles (a room reachable behind either
 * of two guards). The cost of a fight depends only on the defence gained so far, so the search runs
 * over sets: by default over the sets of rooms reached (every set of fights that reaches the same rooms
 * is one state), or, when guards touch each other or there are more than 30 rooms, over the sets of
 * gates fought (≤ 30 gates). States are expanded by increasing size and pruned by the best complete
 * order known (branch and bound, seeded by a greedy order); only fights that reach something new are
 * tried. Stops at the budget (`maxNodes` states expanded, `maxMs`, `maxStates` states held) and then
 * returns the best order known with `optimal: false` and the outcome `gave-up`.
 *
 * Goal: every reward reachable with all gates open is collected. Costs must not depend on anything but
 * the gate and the defence gained (negative costs count as 0).
 *
 * @throws InvalidInputError for a malformed problem or budget.
 */
export function solveGates(
  input: GateProblem | CompiledGates,
  options: ExactOptions = {},
): GateSolution {
  const c = compiled(input);
  const problem = c.problem;
  const cost = options.cost ?? linearCost(problem);
  const meter = searchMeter(options.budget);
  const strategy = options.strategy ?? 'auto';
  const regionsApply = c.reward.length <= 30 && problem.gateGates.every((l) => l.length === 0);
  if (strategy === 'regions' && !regionsApply)
    throw new InvalidInputError(
      'the regions strategy needs ≤ 30 rooms and no gate-to-gate adjacency',
      {
        path: 'strategy',
      },
    );
  const greedy = options.greedy ?? greedyGates(c, cost);
  const setup: SearchSetup = { c, cost, meter, greedy };
  if (regionsApply && strategy !== 'gates') return solveByRegions(setup);
  if (c.g > MAX_EXACT_GATES) {
    return {
      order: greedy.order,
      cost: greedy.cost,
      optimal: false,
      work: 0,
      outcome: TOO_MANY_GATES,
      gaveUp: `${c.g} gates: more than ${MAX_EXACT_GATES}`,
    };
  }
  return solveByGates(setup);
}

/**
 * The search over sets of gates fought (gates may touch each other): layer by layer (one more gate
 * each), keeping the cheapest way to each set; a set's reach (defence gained, gates touched) is cached
 * from the moment it is generated until it is expanded.
 */
function solveByGates(setup: SearchSetup): GateSolution {
  const { c, cost, meter, greedy } = setup;
  const all = c.g >= 31 ? -1 : (1 << c.g) - 1;
  // The target: reward reachable with every gate open.
  const totalReach = reachOf(c, all).gained;
  let bestCost = greedy.cost;
  let bestMask = -1; // -1: the greedy order is the best known
  let layer = new Map<number, number>([[0, 0]]);
  // lastGate holds every set ever generated: the search's memory, bounded by maxStates.
  const lastGate = new Map<number, number>();
  const reachCache = new Map<number, { gained: number; frontier: number }>();
  const startReach = reachOf(c, 0);
  if (startReach.gained >= totalReach)
    return { order: [], cost: 0, optimal: true, work: 1, outcome: SOLVED };
  reachCache.set(0, startReach);
  const best = (): number[] | null => (bestMask === -1 ? null : orderOf(bestMask, lastGate));
  while (layer.size > 0) {
    const nextLayer = new Map<number, number>();
    for (const [mask, soFar] of layer) {
      if (soFar >= bestCost) continue;
      const bound = meter.spend();
      if (bound !== null) return gaveUpWith(setup, meter.gaveUp(bound), best(), bestCost);
      const here = reachCache.get(mask) ?? reachOf(c, mask);
      reachCache.delete(mask);
      let f = here.frontier;
      while (f !== 0) {
        const k = 31 - Math.clz32(f & -f);
        f &= f - 1;
        const nm = mask | (1 << k);
        const total = soFar + Math.max(0, cost(k, here.gained));
        if (total >= bestCost) continue;
        let r = reachCache.get(nm);
        if (r === undefined) {
          r = reachOf(c, nm);
          reachCache.set(nm, r);
        }
        // Skip fights that reach nothing new: they only cost.
        if (r.gained === here.gained && (r.frontier & ~here.frontier) === 0) continue;
        if (!lastGate.has(nm) && meter.storesTooMany(lastGate.size + 1))
          return gaveUpWith(setup, meter.gaveUp('memory'), best(), bestCost);
        if (r.gained >= totalReach) {
          bestCost = total;
          bestMask = nm;
          lastGate.set(nm, k);
          continue;
        }
        const old = nextLayer.get(nm);
        if (old === undefined || total < old) {
          nextLayer.set(nm, total);
          lastGate.set(nm, k);
        }
      }
    }
    layer = nextLayer;
  }
  return finished(setup, best(), bestCost);
}

/** Rooms reachable with every gate open, as a mask. */
function reachableRooms(c: CompiledGates): number {
  return c.reach.floodAll().regionMask();
}

/**
 * The search over sets of rooms reached (no gate-to-gate adjacency): the future depends only on the
 * rooms reached (a gate whose rooms are all reached gains nothing), so every set of fights that reaches
 * the same rooms is one state, keeping the cheapest. States are processed by increasing room count.
 */
function solveByRegions(setup: SearchSetup): GateSolution {
  const { c, cost, meter, greedy } = setup;
  const R = c.reward.length;
  const gainedOf = (mask: number): number => {
    let g = 0;
    for (let r = 0; r < R; r++) if ((mask >> r) & 1) g += c.reward[r]!;
    return g;
  };
  const targetGain = gainedOf(reachableRooms(c));
  const gateMask = new Int32Array(c.g);
  for (let k = 0; k < c.g; k++)
    for (const r of c.gateRegions[k]!) gateMask[k] = gateMask[k]! | (1 << r);
  const startMask = 1 << c.start;
  if (gainedOf(startMask) >= targetGain)
    return { order: [], cost: 0, optimal: true, work: 1, outcome: SOLVED };
  // buckets[n]: mask → cost for masks with n rooms; parent: mask → (previous mask, gate). prevMask
  // holds every set ever generated: the search's memory, bounded by maxStates.
  const buckets: Map<number, number>[] = Array.from(
    { length: R + 1 },
    () => new Map<number, number>(),
  );
  const prevMask = new Map<number, number>();
  const viaGate = new Map<number, number>();
  buckets[1]!.set(startMask, 0);
  let bestCost = greedy.cost;
  let bestMask = -1;
  const best = (): number[] | null =>
    bestMask === -1 ? null : regionOrder(bestMask, prevMask, viaGate);
  for (let size = 1; size <= R; size++) {
    for (const [mask, soFar] of buckets[size]!) {
      if (soFar >= bestCost) continue;
      const bound = meter.spend();
      if (bound !== null) return gaveUpWith(setup, meter.gaveUp(bound), best(), bestCost);
      const gained = gainedOf(mask);
      for (let k = 0; k < c.g; k++) {
        const gm = gateMask[k]!;
        if ((gm & mask) === 0 || (gm & ~mask) === 0) continue; // not touching, or nothing new
        const total = soFar + Math.max(0, cost(k, gained));
        if (total >= bestCost) continue;
        const next = mask | gm;
        if (!prevMask.has(next) && meter.storesTooMany(prevMask.size + 1))
          return gaveUpWith(setup, meter.gaveUp('memory'), best(), bestCost);
        if (gainedOf(next) >= targetGain) {
          bestCost = total;
          bestMask = next;
          prevMask.set(next, mask);
          viaGate.set(next, k);
          continue;
        }
        const bucket = buckets[popcount(next)]!;
        const old = bucket.get(next);
        if (old === undefined || total < old) {
          bucket.set(next, total);
          prevMask.set(next, mask);
          viaGate.set(next, k);
        }
      }
    }
    buckets[size]!.clear();
  }
  return finished(setup, best(), bestCost);
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function regionOrder(
  mask: number,
  prevMask: ReadonlyMap<number, number>,
  viaGate: ReadonlyMap<number, number>,
): number[] {
  const order: number[] = [];
  for (let m = mask; prevMask.has(m); m = prevMask.get(m)!) order.push(viaGate.get(m)!);
  return order.reverse();
}

function orderOf(mask: number, lastGate: ReadonlyMap<number, number>): number[] {
  const order: number[] = [];
  for (let m = mask; m !== 0;) {
    const k = lastGate.get(m) ?? 0;
    order.push(k);
    m &= ~(1 << k);
  }
  return order.reverse();
}

/**
 * A feasible order by a greedy rule (take the fight with the most new reward per damage; if none
 * gives reward, the cheapest that reaches something new). Used as the first bound and as the fallback.
 */
export function greedyGates(
  input: GateProblem | CompiledGates,
  cost: (gate: number, gained: number) => number,
): { order: number[]; cost: number } {
  const c = compiled(input);
  const problem = c.problem;
  const g = c.g;
  const opened = new Uint8Array(g);
  const reached = new Uint8Array(c.reward.length);
  const touched = new Uint8Array(g);
  let gained = 0;
  const order: number[] = [];
  let total = 0;
  const visit = (region: number): void => {
    const stack = [region];
    while (stack.length > 0) {
      const x = stack.pop() ?? 0;
      if (reached[x] === 1) continue;
      reached[x] = 1;
      gained += c.reward[x] ?? 0;
      for (const k of c.regionGates[x] ?? []) touched[k] = 1;
    }
  };
  const open = (k: number): void => {
    opened[k] = 1;
    for (const x of c.gateRegions[k] ?? []) visit(x);
    for (const o of problem.gateGates[k] ?? []) touched[o] = 1;
  };
  visit(c.start);
  // What opening k would add (regions not yet reached and their reward).
  const newReward = (k: number): { reward: number; fresh: boolean } => {
    let reward = 0;
    let fresh = false;
    for (const x of c.gateRegions[k] ?? []) {
      if (reached[x] === 0) {
        reward += c.reward[x] ?? 0;
        fresh = true;
      }
    }
    for (const o of problem.gateGates[k] ?? [])
      if (touched[o] === 0 && opened[o] === 0) fresh = true;
    return { reward, fresh };
  };
  for (;;) {
    let best = -1;
    let bestScore = -1;
    let bestCost = Number.POSITIVE_INFINITY;
    let bestIsReward = false;
    for (let k = 0; k < g; k++) {
      if (opened[k] === 1 || touched[k] === 0) continue;
      const { reward, fresh } = newReward(k);
      if (!fresh) continue;
      const ck = Math.max(0, cost(k, gained));
      if (reward > 0) {
        const score = reward / (ck + 1e-9);
        if (!bestIsReward || score > bestScore) {
          best = k;
          bestScore = score;
          bestIsReward = true;
          bestCost = ck;
        }
      } else if (!bestIsReward && ck < bestCost) {
        best = k;
        bestCost = ck;
      }
    }
    if (best === -1) break;
    total += Math.max(0, cost(best, gained));
    order.push(best);
    open(best);
  }
  return { order, cost: total };
}

/**
 * The cost of a given gate order: replays it from the start, checking that every gate touches the area
 * reached so far, and adds `cost(gate, defence gained before it)` (negative costs count as 0).
 *
 * @throws InvalidInputError when a gate is fought before it can be reached.
 */
export function orderCost(
  input: GateProblem | CompiledGates,
  order: readonly number[],
  cost?: (gate: number, gained: number) => number,
): number {
  const c = compiled(input);
  const problem = c.problem;
  const costOf = cost ?? linearCost(problem);
  const opened = new Uint8Array(c.g);
  let total = 0;
  for (const [step, k] of order.entries()) {
    const reach = c.reach.flood(opened);
    const gained = reach.sum(c.reward);
    if (!Number.isInteger(k) || k < 0 || k >= c.g || !reach.touched(k) || opened[k] === 1)
      throw new InvalidInputError(`gate ${k} cannot be fought at step ${step}`, {
        path: `$.order[${step}]`,
      });
    total += Math.max(0, costOf(k, gained));
    opened[k] = 1;
  }
  return total;
}
