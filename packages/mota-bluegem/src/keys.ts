import { SOLVED, type Budget, type Outcome } from '@puzzlekit/graph-search';
import {
  compiled,
  gaveUpWords,
  MAX_EXACT_GATES,
  searchMeter,
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

/**
 * Options of {@link solveGatesWithKeys}: the shared search budget (`maxNodes` states expanded,
 * default 2,000,000; `maxMs`; `maxStates` states held, default 4,000,000) and the cost model.
 */
export interface KeySearchOptions extends Budget {
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
 * `maxNodes` / `maxMs` / `maxStates` bound the search (the outcome `gave-up` then, with the best
 * order known).
 */
export function solveGatesWithKeys(
  input: GateProblem | CompiledGates,
  keys: KeyResources,
  options: KeySearchOptions,
): KeyGateSolution {
  const c = compiled(input);
  const { problem, regionGates } = c;
  const g = c.g;
  const rooms = problem.regionReward.length;
  const colours = keys.ids.length;
  const reachOf = (mask: number): Reach => {
    const seen = new Uint8Array(rooms);
    const keysLeft = Int32Array.from(keys.start);
    for (let k = 0; k < g; k++)
      if ((mask >> k) & 1) for (let c = 0; c < colours; c++) keysLeft[c]! -= keys.need[k]?.[c] ?? 0;
    let gained = 0;
    let count = 0;
    let frontier = 0;
    const stack = [problem.start];
    seen[problem.start] = 1;
    const gateSeen = new Uint8Array(g);
    const gateStack: number[] = [];
    while (stack.length > 0 || gateStack.length > 0) {
      const r = stack.pop();
      if (r !== undefined) {
        count++;
        gained += problem.regionReward[r] ?? 0;
        for (let c = 0; c < colours; c++) keysLeft[c]! += keys.supply[r]?.[c] ?? 0;
        for (const k of regionGates[r] ?? []) {
          if ((mask >> k) & 1) {
            if (gateSeen[k] === 0) {
              gateSeen[k] = 1;
              gateStack.push(k);
            }
          } else frontier |= 1 << k;
        }
        continue;
      }
      const k = gateStack.pop() ?? 0;
      for (const x of problem.gateRegions[k] ?? [])
        if (seen[x] === 0) {
          seen[x] = 1;
          stack.push(x);
        }
      for (const o of problem.gateGates[k] ?? []) {
        if ((mask >> o) & 1) {
          if (gateSeen[o] === 0) {
            gateSeen[o] = 1;
            gateStack.push(o);
          }
        } else frontier |= 1 << o;
      }
    }
    return { gained, rooms: count, keys: keysLeft, frontier };
  };
  if (g > MAX_EXACT_GATES) {
    const here = reachOf(0);
    return {
      order: [],
      cost: 0,
      optimal: false,
      states: 0,
      gaveUp: `${g} gates: more than ${MAX_EXACT_GATES}`,
      gained: here.gained,
      target: here.gained,
    };
  }
  const target = reachOf(g >= 31 ? -1 : 2 ** g - 1).gained;
  const meter = searchMeter(options);
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
    states: meter.nodes,
    outcome,
    ...(outcome.kind === 'gave-up' ? { gaveUp: gaveUpWords(outcome) } : {}),
    gained: best.mask !== -1 ? target : partial.gained,
    target,
  };
}
