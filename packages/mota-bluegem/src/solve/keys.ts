import { SOLVED, type Budget, type Outcome } from '@puzzlekit/job';
import {
  compiled,
  gaveUpWords,
  MAX_EXACT_GATES,
  searchMeter,
  TOO_MANY_GATES,
  type CompiledGates,
  type GateProblem,
  type GateSolution,
} from './exact.js';

/** Keys as resources: per colour (key id), what the hero holds, what each gate needs, what each room holds. */
export interface KeyResources {
  /** Key ids, in the order of the arrays below. */
  readonly ids: readonly string[];
  /** Keys held at the start, per id. */
  readonly start: readonly number[];
  /** Per gate, the keys opening it spends (its doors), per id. */
  readonly need: readonly (readonly number[])[];
  /** Per room, the keys lying in it, per id. */
  readonly supply: readonly (readonly number[])[];
}

/** Options of {@link solveGatesWithKeys}: the budget and the cost model. */
export interface KeySearchOptions {
  /**
   * `maxWork` states expanded (unit `nodes`, default 2,000,000), `maxMs`/`deadline` to stop early,
   * `maxStates` states held (default 4,000,000).
   */
  readonly budget?: Budget;
  /** Damage of opening `gate` after `gained` defence. */
  readonly cost: (gate: number, gained: number) => number;
  /**
   * An order to try first (such as the greedy one, found without counting keys): when the keys allow
   * it and it collects every reward, its damage bounds the search.
   */
  readonly initialOrder?: readonly number[];
}

/** The answer of {@link solveGatesWithKeys}: a {@link GateSolution} plus how much defence the keys allow. */
export interface KeyGateSolution extends GateSolution {
  /** Defence collected by the order, and the most reachable with every gate open (keys aside). */
  readonly gained: number;
  readonly target: number;
}

interface Reach {
  readonly gained: number;
  /** Rooms reached (count) and keys left per id after the gates of the mask. */
  readonly rooms: number;
  readonly keys: Int32Array;
  /** Gates touching the reached area, not opened. */
  readonly frontier: number;
}

/**
 * The least-damage fight order when keys are scarce: doors are gates that cost no HP but spend keys,
 * keys lying in a room are gained when it is reached. The keys left after a set of opened gates
 * depend only on that set (keys held + keys in the rooms reached − keys spent), so a search over the
 * sets of gates opened stays exact: it expands sets by size, opens only gates whose keys are at hand
 * and that reach something new, and keeps the cheapest way to each set. When every defence reward
 * can be reached it returns the cheapest order that does; otherwise the order that reaches the most
 * defence the keys allow, and among those the cheapest. At most {@link MAX_EXACT_GATES} gates;
 * `maxWork` / `maxMs` / `maxStates` of the budget bound the search (the outcome `gave-up` then, with the best
 * order known).
 */
export function solveGatesWithKeys(
  input: GateProblem | CompiledGates,
  keys: KeyResources,
  options: KeySearchOptions,
): KeyGateSolution {
  const c = compiled(input);
  const { problem } = c;
  const g = c.g;
  const colours = keys.ids.length;
  // Keys left after the gates of a mask: held − spent by those gates + found in the rooms reached.
  const reachOf = (mask: number): Reach => {
    const reach = c.reach.floodMask(mask);
    const keysLeft = Int32Array.from(keys.start);
    for (let k = 0; k < g; k++)
      if ((mask >> k) & 1) for (let c = 0; c < colours; c++) keysLeft[c]! -= keys.need[k]?.[c] ?? 0;
    for (let j = 0; j < reach.regionCount; j++) {
      const supply = keys.supply[reach.regions[j]!];
      for (let c = 0; c < colours; c++) keysLeft[c]! += supply?.[c] ?? 0;
    }
    return {
      gained: reach.sum(problem.regionReward),
      rooms: reach.regionCount,
      keys: keysLeft,
      frontier: reach.frontierMask(mask),
    };
  };
  if (g > MAX_EXACT_GATES) {
    const here = reachOf(0);
    return {
      order: [],
      cost: 0,
      optimal: false,
      work: 0,
      outcome: TOO_MANY_GATES,
      gaveUp: `${g} gates: more than ${MAX_EXACT_GATES}`,
      gained: here.gained,
      target: here.gained,
    };
  }
  const target = reachOf(g >= 31 ? -1 : 2 ** g - 1).gained;
  const meter = searchMeter(options.budget);
  const lastGate = new Map<number, number>();
  let best = { mask: -1, cost: Number.POSITIVE_INFINITY };
  let partial = { mask: 0, cost: 0, gained: reachOf(0).gained };
  let bestOrder: number[] | null = null;
  if (options.initialOrder !== undefined) {
    let mask = 0;
    let spent = 0;
    let here = reachOf(0);
    let feasible = true;
    for (const k of options.initialOrder) {
      const affordable = keys.need[k]?.every((n, c) => (here.keys[c] ?? 0) >= n) ?? true;
      if (((here.frontier >> k) & 1) === 0 || !affordable) {
        feasible = false;
        break;
      }
      spent += Math.max(0, options.cost(k, here.gained));
      mask |= 1 << k;
      here = reachOf(mask);
    }
    if (feasible && here.gained >= target) {
      best = { mask, cost: spent };
      bestOrder = [...options.initialOrder];
    }
  }
  let layer = new Map<number, number>([[0, 0]]);
  let outcome: Outcome = SOLVED;
  // lastGate holds every set ever generated: the search's memory, bounded by maxStates.
  search: while (layer.size > 0) {
    const next = new Map<number, number>();
    for (const [mask, soFar] of layer) {
      if (soFar >= best.cost) continue;
      const bound = meter.spend();
      if (bound !== null) {
        outcome = meter.gaveUp(bound);
        break search;
      }
      const here = reachOf(mask);
      if (here.gained > partial.gained || (here.gained === partial.gained && soFar < partial.cost))
        partial = { mask, cost: soFar, gained: here.gained };
      if (here.gained >= target) {
        if (soFar < best.cost) {
          best = { mask, cost: soFar };
          bestOrder = null;
        }
        continue;
      }
      let f = here.frontier;
      while (f !== 0) {
        const k = 31 - Math.clz32(f & -f);
        f &= f - 1;
        let affordable = true;
        for (let c = 0; c < colours; c++)
          if ((here.keys[c] ?? 0) < (keys.need[k]?.[c] ?? 0)) affordable = false;
        if (!affordable) continue;
        const nm = mask | (1 << k);
        const total = soFar + Math.max(0, options.cost(k, here.gained));
        if (total >= best.cost) continue;
        const there = reachOf(nm);
        if (there.rooms === here.rooms && (there.frontier & ~here.frontier) === 0) continue;
        if (!lastGate.has(nm) && meter.storesTooMany(lastGate.size + 1)) {
          outcome = meter.gaveUp('memory');
          break search;
        }
        const old = next.get(nm);
        if (old === undefined || total < old) {
          next.set(nm, total);
          lastGate.set(nm, k);
        }
      }
    }
    layer = next;
  }
  const chosen = best.mask !== -1 ? best : partial;
  const order: number[] = [];
  for (let m = bestOrder === null ? chosen.mask : 0; m !== 0;) {
    const k = lastGate.get(m);
    if (k === undefined) break;
    order.push(k);
    m &= ~(1 << k);
  }
  order.reverse();
  return {
    order: best.mask !== -1 && bestOrder !== null ? bestOrder : order,
    cost: chosen.cost,
    optimal: outcome.kind === 'solved',
    work: meter.work,
    outcome,
    ...(outcome.kind === 'gave-up' ? { gaveUp: gaveUpWords(outcome) } : {}),
    gained: best.mask !== -1 ? target : partial.gained,
    target,
  };
}
