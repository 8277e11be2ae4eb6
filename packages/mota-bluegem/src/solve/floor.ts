import { SOLVED, type Budget, type Outcome } from '@puzzlekit/job';
import { battle } from '../graph/damage.js';
import {
  compileGates,
  gaveUpWords,
  greedyGates,
  searchMeter,
  orderCost,
  solveGates,
  type CompiledGates,
  type GateProblem,
} from './exact.js';
import {
  buildFloorGraph,
  CELL,
  type CellRef,
  type FloorGraph,
  type FloorGraphOptions,
  type NonlinearMonster,
  type Unbeatable,
} from '../graph/floor-graph.js';
import { formatNumber } from '../format/number.js';
import { hornOrder } from './horn.js';
import { solveGatesWithKeys, type KeyResources } from './keys.js';
import { simulate, type RefusedFight, type Simulation } from '../walk/simulate.js';
import { own } from '../lookup.js';
import { checkKeys } from '../hero.js';
import type { HeroStats, Project } from '../model.js';
import { checkWithTowerCode, type TowerCodeCheck } from '../sandbox/check.js';
import type { TowerDamageSandbox } from '../sandbox/tower-damage.js';

/** Options of {@link solveFloor}. */
export interface SolveFloorOptions extends FloorGraphOptions {
  /**
   * The budget of the exact search on floors with cycles: `maxWork` search states expanded (unit
   * `nodes`, default 2,000,000), `maxMs` or `deadline` to stop early, `maxStates` states held in its
   * tables (default 4,000,000).
   */
  readonly budget?: Budget;
  /**
   * Count keys in the search (doors become gates that spend keys) even when the floor holds enough
   * keys in total. Default: only when some key is scarce, or when the walk of the order found without
   * counting keys runs out of them.
   */
  readonly keySearch?: boolean;
  /** Keys the hero holds on arrival, by item id (default: the keys the game starts with). */
  readonly keys?: Readonly<Record<string, number>>;
  /**
   * The tower's own damage code in a sandbox ({@link openTowerDamage}). On a tower with custom damage
   * code, every damage the plan rests on is then asked of it ({@link checkWithTowerCode}); where all
   * come from the tower's code and equal the formula's, the figures are exact and may be proven.
   */
  readonly towerDamage?: TowerDamageSandbox;
}

/** What the message says when a tower's `functions.js` replaces the stock damage code. */
export const CUSTOM_DAMAGE_NOTE = 'custom damage formula: figures approximate';

/** What the message says when the tower's own damage code confirmed every damage of the plan. */
export const TOWER_CODE_NOTE =
  "custom damage formula: every damage of this plan checked against the tower's own code";

/** One fight of the simulated route. */
export interface Fight extends CellRef {
  /** Index in the route string of the move that starts the fight (the hero bumps into the monster). */
  readonly step: number;
  /** Hero defence at the fight. */
  readonly def: number;
  /** Damage by the engine's integer formula. */
  readonly damage: number;
  /** Damage the linear model predicts: `base − saving × (defence gained)`. */
  readonly predicted: number;
  /** Hero HP after the fight. */
  readonly hp: number;
  /** The hero's numbers just before the fight, and the hatred then (what the damage was computed from). */
  readonly heroBefore: HeroStats;
  readonly hatred: number;
}

/** One item picked up on the route. */
export interface PickUp extends CellRef {
  readonly step: number;
  /** Hero HP and defence after taking it. */
  readonly hp: number;
  readonly def: number;
}

/** How the order was found. */
export type SolveMethod = 'horn' | 'exact' | 'greedy' | 'none';

/** The best fight order of a floor, a route realising it, and its simulation. */
export interface FloorSolution {
  readonly floorId: string;
  readonly method: SolveMethod;
  /**
   * Proven optimal: the search proved the order (Horn on a tree whose monsters are all linear over the
   * range, or a finished exact search), the hero survives the walked route, the route is complete, and
   * the tower uses the stock damage formula.
   */
  readonly optimal: boolean;
  /** The search alone proved the order best under the model (whatever the walk then shows). */
  readonly searchProven: boolean;
  /**
   * The tower's `functions.js` replaces the stock damage code and its own code did not confirm every
   * damage of this plan (see {@link towerCode}): the figures are approximate.
   */
  readonly approximate: boolean;
  /** What the tower's own damage code said, per monster (only with `towerDamage` on a custom tower). */
  readonly towerCode?: TowerCodeCheck;
  /** Keys held after the walk, by item id. */
  readonly keysLeft: Readonly<Record<string, number>>;
  /** Why the answer is not proven optimal, when it is not. */
  readonly why?: string;
  /** Exact search states expanded: the work, in the unit `nodes` (0 for Horn). */
  readonly work: number;
  /**
   * How finding the order ended: `solved` (Horn, nothing to fight, or a finished exact search), or
   * `gave-up` with the bound (the order is then the best known, greedy or better).
   */
  readonly outcome: Outcome;
  readonly tree: boolean;
  readonly gateCount: number;
  readonly totalReward: number;
  /** Defence the order collects: `totalReward`, or less when the keys do not open every way. */
  readonly defenceAllowed: number;
  /**
   * Damage of a greedy order (most new defence per damage first), by the engine formula at the
   * defence each fight happens at: a baseline that shows how much the order matters.
   */
  readonly greedyDamage: number;
  /**
   * Damage of the chosen order by the same measure as `greedyDamage` (the engine formula at the
   * defence gained from rewards only; the simulation also counts potions and attack items on the way).
   */
  readonly modelDamage: number;
  /** Monsters in the order they are fought. */
  readonly order: readonly CellRef[];
  /** The walk: U/D/L/R; a move into a monster fights it (the hero stays in place). */
  readonly route: string;
  readonly fights: readonly Fight[];
  readonly pickups: readonly PickUp[];
  readonly totalDamage: number;
  readonly predictedDamage: number;
  /** The linear prediction equals the simulated damage for every fight. */
  readonly linearMatched: boolean;
  readonly hpLeft: number;
  /** HP stayed above 0 for the whole route. */
  readonly survived: boolean;
  readonly finalHero: HeroStats;
  /** False when the walk could not reach a gate of the order (for example only across the arrival stair). */
  readonly routeComplete: boolean;
  /** Locked doors the walk opens (a move into a door opens it; the next move enters). */
  readonly doorsOpened: number;
  readonly routeNotes: readonly string[];
  /** The fight the engine refused, where the walk stopped (see {@link RefusedFight}). */
  readonly refused?: RefusedFight;
  readonly nonlinear: readonly NonlinearMonster[];
  readonly unbeatable: readonly Unbeatable[];
  readonly attackItems: readonly CellRef[];
  readonly notes: readonly string[];
}

const LINEAR_SAFE = new Set(['magic', 'unmodelled']);
const ORDER_DEPENDENT = new Set(['vampire', 'hatred']);

/** Gate order of a tree floor by Horn's algorithm (regions: p = 0, w = reward; gates: p = saving). */
function hornGates(graph: FloorGraph): number[] {
  const nodes: { kind: 'r' | 'g'; id: number }[] = [];
  const rIndex = new Map<number, number>();
  const gIndex = new Map<number, number>();
  for (const r of graph.liveRegions) {
    rIndex.set(r, nodes.length);
    nodes.push({ kind: 'r', id: r });
  }
  for (const g of graph.liveGates) {
    gIndex.set(g, nodes.length);
    nodes.push({ kind: 'g', id: g });
  }
  const n = nodes.length;
  const parent = new Int32Array(n).fill(-2);
  const p = new Float64Array(n);
  const w = new Float64Array(n);
  const regionGates = new Map<number, number[]>();
  for (const g of graph.liveGates)
    for (const r of graph.gates[g]?.regions ?? [])
      regionGates.set(r, [...(regionGates.get(r) ?? []), g]);
  const root = rIndex.get(graph.startRegion) ?? 0;
  parent[root] = -1;
  // Breadth-first from the start room; a read index instead of shift() keeps it linear.
  const queue = [root];
  for (let at = 0; at < queue.length; at++) {
    const u = queue[at] ?? 0;
    const node = nodes[u];
    if (node === undefined) continue;
    const next: number[] = [];
    if (node.kind === 'r') {
      w[u] = graph.regions[node.id]?.reward ?? 0;
      for (const g of regionGates.get(node.id) ?? []) next.push(gIndex.get(g) ?? 0);
    } else {
      const gate = graph.gates[node.id];
      p[u] = Math.max(0, gate?.saving ?? 0);
      for (const r of gate?.regions ?? []) next.push(rIndex.get(r) ?? 0);
      for (const o of gate?.gates ?? []) next.push(gIndex.get(o) ?? 0);
    }
    for (const v of next) {
      if (parent[v] !== -2) continue;
      parent[v] = u;
      queue.push(v);
    }
  }
  const order = hornOrder({ parent, p, w });
  const out: number[] = [];
  for (const u of order) {
    const node = nodes[u];
    if (node?.kind === 'g') out.push(node.id);
  }
  return out;
}

function gateDamage(project: Project, graph: FloorGraph, g: number, gained: number): number {
  const hero = { ...graph.hero, def: graph.hero.def + gained };
  let sum = 0;
  for (const id of graph.gates[g]?.enemies ?? []) {
    const enemy = own(project.enemies, id);
    if (enemy === undefined) continue;
    sum +=
      battle(enemy, hero, project.values, { negativeDamage: project.negativeDamage })?.damage ?? 0;
  }
  return sum;
}

/**
 * Finds the fight order of a floor that takes the least damage while collecting every defence
 * reward, walks it, and simulates the walk with the engine's integer formula.
 *
 * - Tree floors whose monsters are linear over the defence range: Horn's algorithm (exact).
 * - Floors with cycles, or trees with non-linear monsters: exact search over the sets of guards
 *   fought, with the real damage of each fight; "gave up" when the state budget runs out (the order is
 *   then the greedy one and `optimal` is false).
 *
 * @throws InvalidInputError for an unknown floor or a bad hero position.
 */
export function solveFloor(
  project: Project,
  floorId: string,
  options: SolveFloorOptions = {},
): FloorSolution {
  const keysHeld = options.keys === undefined ? project.keys : checkKeys(options.keys);
  const walkable = buildFloorGraph(project, floorId, options);
  // Scarce keys: the doors of the live rooms need more of some key than the hero holds and finds.
  // Then doors become gates and the search counts keys; otherwise doors are just walked through.
  const short =
    options.keySearch === true
      ? ['keys lie behind doors that need them']
      : scarceKeys(project, walkable, keysHeld);
  const graph =
    short.length === 0
      ? walkable
      : buildFloorGraph(project, floorId, { ...options, doorsAsGates: true });
  // The gate problem is compiled once and its greedy order found once: the search, the key-aware
  // search, the greedy baseline and the model damage of the order all read the same ones.
  const gates = gateProblemOf(project, graph);
  const found = findOrder(project, graph, gates, short, keysHeld, options);
  const sim = simulate(project, graph, found.gateOrder, keysHeld, short.length > 0);
  // Enough keys in total but not in the order the walk needs them: search again with keys counted.
  if (short.length === 0 && sim.keyShort && walkable.doorKeys.size > 0)
    return solveFloor(project, floorId, { ...options, keySearch: true });
  const { keyShort: _keyShort, ...walk } = sim;
  const custom = project.engine.damageCode.status === 'custom';
  const towerCode =
    custom && options.towerDamage !== undefined
      ? checkWithTowerCode(project, graph, walk.fights, options.towerDamage)
      : undefined;
  const approximate = custom && towerCode?.confirmed !== true;
  const why = verdict(project, graph, found, sim, towerCode);
  return {
    floorId: graph.floorId,
    method: found.method,
    optimal: why === undefined,
    searchProven: found.why === undefined,
    approximate,
    ...(towerCode !== undefined ? { towerCode } : {}),
    ...(why !== undefined ? { why } : {}),
    work: found.work,
    // The sandbox's wall-clock safety net stopped the check: the job did not complete (no verdict).
    outcome:
      towerCode?.timeStopped === true && found.outcome.kind === 'solved'
        ? {
            kind: 'gave-up',
            bound: 'time',
            limit: options.towerDamage?.limits.maxMs ?? 0,
            unit: 'ms',
          }
        : found.outcome,
    tree: graph.tree,
    gateCount: gates.live.length,
    totalReward: graph.totalReward,
    defenceAllowed: found.defenceAllowed,
    greedyDamage: gates.greedy.cost,
    modelDamage: orderCost(
      gates.compiled,
      found.gateOrder.map((g) => gates.local.get(g) ?? 0),
      gates.cost,
    ),
    ...walk,
    nonlinear: graph.nonlinear,
    unbeatable: graph.unbeatable,
    attackItems: graph.attackItems,
    notes: [
      ...(approximate ? [CUSTOM_DAMAGE_NOTE] : []),
      ...(custom && !approximate ? [TOWER_CODE_NOTE] : []),
      ...graph.notes,
      ...found.keyNotes,
    ],
  };
}

/** A floor's live gates and rooms as a gate problem (local numbering), compiled, with its greedy order. */
interface FloorGates {
  /** Graph gate id of each local gate. */
  readonly live: readonly number[];
  /** Local gate number of each live graph gate. */
  readonly local: ReadonlyMap<number, number>;
  readonly compiled: CompiledGates;
  /** The engine's damage of local gate `k` after `gained` defence. */
  readonly cost: (k: number, gained: number) => number;
  /** The greedy order (local numbers) and its damage: the baseline and the search's first bound. */
  readonly greedy: { readonly order: readonly number[]; readonly cost: number };
}

function gateProblemOf(project: Project, graph: FloorGraph): FloorGates {
  const live = graph.liveGates;
  const local = new Map<number, number>();
  live.forEach((g, k) => local.set(g, k));
  const regionIndex = new Map<number, number>();
  graph.liveRegions.forEach((r, k) => regionIndex.set(r, k));
  const problem: GateProblem = {
    regionReward: graph.liveRegions.map((r) => graph.regions[r]?.reward ?? 0),
    start: regionIndex.get(graph.startRegion) ?? 0,
    gateRegions: live.map((g) =>
      (graph.gates[g]?.regions ?? []).map((r) => regionIndex.get(r) ?? 0),
    ),
    gateGates: live.map((g) => (graph.gates[g]?.gates ?? []).map((o) => local.get(o) ?? 0)),
    base: live.map((g) => graph.gates[g]?.base ?? 0),
    saving: live.map((g) => graph.gates[g]?.saving ?? 0),
  };
  const compiled = compileGates(problem);
  const cost = (k: number, gained: number): number =>
    gateDamage(project, graph, live[k] ?? 0, gained);
  const greedy = live.length === 0 ? { order: [], cost: 0 } : greedyGates(compiled, cost);
  return { live, local, compiled, cost, greedy };
}

/** The order found for a floor and what the search proved about it. */
interface FoundOrder {
  readonly method: SolveMethod;
  /** Graph gate ids in fighting order. */
  readonly gateOrder: readonly number[];
  readonly work: number;
  readonly outcome: Outcome;
  /** Why the search did not prove the order best under the model; undefined when it did. */
  readonly why?: string;
  readonly defenceAllowed: number;
  readonly keyNotes: readonly string[];
}

/**
 * Picks the solver: nothing to fight; the key-aware search when keys are scarce; Horn's algorithm on
 * a tree whose monsters are linear over the range; else the exact search with the engine's damage.
 */
function findOrder(
  project: Project,
  graph: FloorGraph,
  gates: FloorGates,
  short: readonly string[],
  keysHeld: Readonly<Record<string, number>>,
  options: SolveFloorOptions,
): FoundOrder {
  const { live, compiled, cost, greedy } = gates;
  const plain = { work: 0, outcome: SOLVED, defenceAllowed: graph.totalReward, keyNotes: [] };
  if (live.length === 0) {
    // Nothing to fight: every reward is in the start room (or none is reachable).
    return { ...plain, method: 'none', gateOrder: [] };
  }
  const flagsBreak = graph.nonlinear.some((m) => m.flags.some((f) => !LINEAR_SAFE.has(f.code)));
  if (short.length === 0 && graph.tree && !flagsBreak) {
    // Horn's algorithm places one guard group per unit of work (it is O(n log n) in them).
    const meter = searchMeter(options.budget);
    for (let k = 0; k < live.length; k++) {
      const bound = meter.spend();
      if (bound === null) continue;
      const outcome = meter.gaveUp(bound);
      return {
        ...plain,
        method: 'greedy',
        gateOrder: greedy.order.map((j) => live[j] ?? 0),
        work: meter.work,
        outcome,
        why: `Horn's algorithm gave up: ${gaveUpWords(outcome)}`,
      };
    }
    return { ...plain, method: 'horn', gateOrder: hornGates(graph), work: meter.work };
  }
  const keyNotes: string[] = [];
  let defenceAllowed = graph.totalReward;
  let result;
  if (short.length > 0) {
    const withKeys = solveGatesWithKeys(compiled, keyResources(project, graph, keysHeld), {
      ...(options.budget !== undefined ? { budget: options.budget } : {}),
      cost,
      initialOrder: greedy.order,
    });
    keyNotes.push(
      `keys are scarce (${short.join(', ')}): doors are opened in the search, which spends and collects keys`,
    );
    defenceAllowed = Math.min(withKeys.gained, graph.totalReward);
    if (withKeys.gained < withKeys.target)
      keyNotes.push(
        `the keys allow ${formatNumber(withKeys.gained)} of the ${formatNumber(withKeys.target)} defence of this floor: the order takes the most they allow`,
      );
    result = withKeys;
  } else {
    result = solveGates(compiled, {
      ...(options.budget !== undefined ? { budget: options.budget } : {}),
      cost,
      greedy,
    });
  }
  const gateOrder = result.order.map((k) => live[k] ?? 0);
  const base = {
    work: result.work,
    outcome: result.outcome,
    defenceAllowed,
    keyNotes,
    gateOrder,
  };
  if (result.gaveUp !== undefined)
    return { ...base, method: 'greedy', why: `exact search gave up: ${result.gaveUp}` };
  // Vampire and hatred damage depends on HP or on earlier fights: the search does not model it.
  const orderDependentAt = new Set(
    graph.nonlinear
      .filter((m) => m.flags.some((f) => ORDER_DEPENDENT.has(f.code)))
      .map((m) => m.y * graph.width + m.x),
  );
  if (gateOrder.some((g) => (graph.gates[g]?.cells ?? []).some((c) => orderDependentAt.has(c))))
    return {
      ...base,
      method: 'exact',
      why: 'some damage depends on HP or on earlier fights (vampire, hatred): not modelled by the search',
    };
  return { ...base, method: 'exact' };
}

/**
 * Why the order is not proven optimal, or undefined when it is: the search must have proven it, the
 * tower must use the stock damage code, the hero must survive the walk and the walk must be complete.
 */
function verdict(
  project: Project,
  graph: FloorGraph,
  found: FoundOrder,
  sim: Simulation,
  towerCode: TowerCodeCheck | undefined,
): string | undefined {
  if (found.why !== undefined) return found.why;
  if (towerCode !== undefined && !towerCode.confirmed)
    return `${CUSTOM_DAMAGE_NOTE} (the tower's own code: ${towerCode.why ?? ''})`;
  if (project.engine.damageCode.status === 'custom' && towerCode === undefined)
    return `${CUSTOM_DAMAGE_NOTE} (the tower's functions.js changes ${project.engine.damageCode.differing.join(', ')})`;
  if (graph.unreadItems.length > 0)
    return `the effect of ${graph.unreadItems.join(', ')} could not be read: figures approximate`;
  // The walk never fights what the engine refuses: the hero is alive, with the HP he had before it.
  if (!sim.survived)
    return 'the walk stops before a fight the engine refuses (the hero would not survive it or cannot damage the monster): the order is not walked to its end';
  if (sim.fights.length === 0 && graph.unbeatable.length > 0)
    return `the hero fought nothing: ${graph.unbeatable.length} monster(s) he cannot damage are walls, and what lies behind them is not planned`;
  if (!sim.routeComplete) return 'the walk could not follow the order (see the route notes)';
  return undefined;
}

/** Key ids whose doors in the floor's live rooms outnumber the keys held plus those lying there. */
function scarceKeys(
  project: Project,
  graph: FloorGraph,
  held: Readonly<Record<string, number>>,
): string[] {
  const need = new Map<string, number>();
  const have = new Map<string, number>(Object.entries(held));
  for (const r of graph.liveRegions) {
    for (const i of graph.regions[r]?.cells ?? []) {
      for (const [id, count] of Object.entries(graph.doorKeys.get(i) ?? {}))
        need.set(id, (need.get(id) ?? 0) + count);
      const key = keyAt(project, graph, i);
      if (key !== null) have.set(key, (have.get(key) ?? 0) + 1);
    }
  }
  return [...need]
    .filter(([id, n]) => n > (have.get(id) ?? 0))
    .map(([id]) => id)
    .sort();
}

/** The key id of a key item lying on cell `i`, or null. */
function keyAt(project: Project, graph: FloorGraph, i: number): string | null {
  if (graph.cells[i] !== CELL.item) return null;
  const id = graph.ids[i] ?? '';
  return /Key$/.test(id) && own(project.items, id)?.cls === 'tools' ? id : null;
}

/** Keys as the key-aware search sees them: held, spent by each live gate's doors, found in each live room. */
function keyResources(
  project: Project,
  graph: FloorGraph,
  held: Readonly<Record<string, number>>,
): KeyResources {
  const ids = new Set<string>(Object.keys(held));
  for (const k of graph.doorKeys.values()) for (const id of Object.keys(k)) ids.add(id);
  const list = [...ids].sort();
  const index = new Map(list.map((id, c) => [id, c]));
  const need = graph.liveGates.map((g) => {
    const row = list.map(() => 0);
    for (const i of graph.gates[g]?.cells ?? [])
      for (const [id, count] of Object.entries(graph.doorKeys.get(i) ?? {}))
        row[index.get(id) ?? 0] = (row[index.get(id) ?? 0] ?? 0) + count;
    return row;
  });
  const supply = graph.liveRegions.map((r) => {
    const row = list.map(() => 0);
    for (const i of graph.regions[r]?.cells ?? []) {
      const key = keyAt(project, graph, i);
      const c = key === null ? undefined : index.get(key);
      if (c !== undefined) row[c] = (row[c] ?? 0) + 1;
    }
    return row;
  });
  return { ids: list, start: list.map((id) => own(held, id) ?? 0), need, supply };
}
