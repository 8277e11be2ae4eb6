import type { Budget, Outcome } from '@puzzlekit/graph-search';
import { battle, defenceSaving } from './damage.js';
import {
  compileGates,
  greedyGates,
  orderCost,
  solveGates,
  type CompiledGates,
  type GateProblem,
} from './exact.js';
import { gainAt } from './format/item-effect.js';
import {
  buildFloorGraph,
  CELL,
  type CellRef,
  type FloorGraph,
  type FloorGraphOptions,
  type NonlinearMonster,
  type Unbeatable,
} from './graph.js';
import { formatNumber } from './format/number.js';
import { hornOrder } from './horn.js';
import { solveGatesWithKeys, type KeyResources } from './keys.js';
import { dict, own } from './lookup.js';
import type { HeroStats, Project } from './model.js';

/**
 * Options of {@link solveFloor}. The exact search on floors with cycles takes the shared budget:
 * `maxNodes` search states expanded (default 2,000,000), `maxMs` wall-clock milliseconds (default
 * none), `maxStates` states held in its tables (default 4,000,000).
 */
export interface SolveFloorOptions extends FloorGraphOptions, Budget {
  /**
   * Walk only while the hero survives: stop before a fight that would leave him with no HP (the rest
   * of the order is not walked; the route is then incomplete). Default false: the whole order is
   * walked and `survived` says whether he lives.
   */
  readonly stopBeforeDeath?: boolean;
  /**
   * Count keys in the search (doors become gates that spend keys) even when the floor holds enough
   * keys in total. Default: only when some key is scarce, or when the walk of the order found without
   * counting keys runs out of them.
   */
  readonly keySearch?: boolean;
  /** Keys the hero holds on arrival, by item id (default: the keys the game starts with). */
  readonly keys?: Readonly<Record<string, number>>;
}

/** What the message says when a tower's `functions.js` replaces the stock damage code. */
export const CUSTOM_DAMAGE_NOTE = 'custom damage formula: figures approximate';

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
  /** The tower's `functions.js` replaces the stock damage code: every damage figure is approximate. */
  readonly approximate: boolean;
  /** Keys held after the walk, by item id. */
  readonly keysLeft: Readonly<Record<string, number>>;
  /** Why the answer is not proven optimal, when it is not. */
  readonly why?: string;
  /** Exact search states expanded (0 for Horn). */
  readonly states: number;
  /**
   * How the exact search ended (`solved`, or `gave-up` with the bound); absent when no search ran
   * (Horn, nothing to fight, or too many gates for the search).
   */
  readonly outcome?: Outcome;
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
  const keysHeld = options.keys ?? project.keys;
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
  const sim = simulate(
    project,
    graph,
    found.gateOrder,
    keysHeld,
    options.stopBeforeDeath === true,
    short.length > 0,
  );
  // Enough keys in total but not in the order the walk needs them: search again with keys counted.
  if (short.length === 0 && sim.keyShort && walkable.doorKeys.size > 0)
    return solveFloor(project, floorId, { ...options, keySearch: true });
  const { keyShort: _keyShort, ...walk } = sim;
  const approximate = project.engine.damageCode.status === 'custom';
  const why = verdict(project, found, sim);
  return {
    floorId: graph.floorId,
    method: found.method,
    optimal: why === undefined,
    searchProven: found.why === undefined,
    approximate,
    ...(why !== undefined ? { why } : {}),
    states: found.states,
    ...(found.outcome !== undefined ? { outcome: found.outcome } : {}),
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
    notes: [...(approximate ? [CUSTOM_DAMAGE_NOTE] : []), ...graph.notes, ...found.keyNotes],
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
  readonly states: number;
  readonly outcome?: Outcome;
  /** Why the search did not prove the order best under the model; undefined when it did. */
  readonly why?: string;
  readonly defenceAllowed: number;
  readonly keyNotes: readonly string[];
}

/** The shared budget fields of the options (only those given). */
function budgetOf(options: Budget): Budget {
  return {
    ...(options.maxNodes !== undefined ? { maxNodes: options.maxNodes } : {}),
    ...(options.maxMs !== undefined ? { maxMs: options.maxMs } : {}),
    ...(options.maxStates !== undefined ? { maxStates: options.maxStates } : {}),
    ...(options.now !== undefined ? { now: options.now } : {}),
    ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
  };
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
  const plain = { states: 0, defenceAllowed: graph.totalReward, keyNotes: [] };
  if (live.length === 0) {
    // Nothing to fight: every reward is in the start room (or none is reachable).
    return { ...plain, method: 'none', gateOrder: [] };
  }
  const flagsBreak = graph.nonlinear.some((m) => m.flags.some((f) => !LINEAR_SAFE.has(f.code)));
  if (short.length === 0 && graph.tree && !flagsBreak)
    return { ...plain, method: 'horn', gateOrder: hornGates(graph) };
  const budget = budgetOf(options);
  const keyNotes: string[] = [];
  let defenceAllowed = graph.totalReward;
  let result;
  if (short.length > 0) {
    const withKeys = solveGatesWithKeys(compiled, keyResources(project, graph, keysHeld), {
      ...budget,
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
    result = solveGates(compiled, { ...budget, cost, greedy });
  }
  const gateOrder = result.order.map((k) => live[k] ?? 0);
  const base = {
    states: result.states,
    ...(result.outcome !== undefined ? { outcome: result.outcome } : {}),
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
function verdict(project: Project, found: FoundOrder, sim: Simulation): string | undefined {
  if (found.why !== undefined) return found.why;
  if (project.engine.damageCode.status === 'custom')
    return `${CUSTOM_DAMAGE_NOTE} (the tower's functions.js changes ${project.engine.damageCode.differing.join(', ')})`;
  if (!sim.survived) return 'the hero does not survive this route with these numbers';
  if (!sim.routeComplete) return 'the walk could not follow the order (see the route notes)';
  return undefined;
}

/** Steps in puzzlekit's one direction order, clockwise from up; step d is bit 1 << d of `closed`. */
const DIRS: readonly { dx: number; dy: number; c: string }[] = [
  { dx: 0, dy: -1, c: 'U' },
  { dx: 1, dy: 0, c: 'R' },
  { dx: 0, dy: 1, c: 'D' },
  { dx: -1, dy: 0, c: 'L' },
];

interface Simulation {
  order: CellRef[];
  route: string;
  fights: Fight[];
  pickups: PickUp[];
  totalDamage: number;
  predictedDamage: number;
  linearMatched: boolean;
  hpLeft: number;
  survived: boolean;
  finalHero: HeroStats;
  routeComplete: boolean;
  doorsOpened: number;
  keysLeft: Record<string, number>;
  /** The walk stopped for want of keys. */
  keyShort: boolean;
  routeNotes: string[];
}

/**
 * Walks a gate order on the grid (BFS paths, preferring not to cross items that are not rewards),
 * fighting each gate's monsters from the side the hero reaches and then collecting every reward that
 * became reachable, nearest first; simulates HP and defence with the engine's formula.
 */
function simulate(
  project: Project,
  graph: FloorGraph,
  gateOrder: readonly number[],
  startKeys: Readonly<Record<string, number>>,
  stopBeforeDeath: boolean,
  keysSearched: boolean,
): Simulation {
  const { width: w, height: h } = graph;
  const n = w * h;
  const kind = Uint8Array.from(graph.cells);
  const open = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const k = kind[i];
    open[i] = k === CELL.free || k === CELL.item || k === CELL.reward || k === CELL.door ? 1 : 0;
  }
  let pos = graph.start.y * w + graph.start.x;
  // The start may be the arrival stair: walking back onto it leaves the floor, and the way back up lands
  // on the same cell, so crossing it is allowed and counted (each crossing is a trip off the floor and back).
  const startCell = pos;
  let stairCrossings = 0;
  let doorsOpened = 0;
  let route = '';
  const fights: Fight[] = [];
  const pickups: PickUp[] = [];
  const order: CellRef[] = [];
  const unreached: string[] = [];
  let hero: HeroStats = { ...graph.hero };
  const def0 = graph.hero.def;
  let hatred = 0;
  let predictedDamage = 0;
  let totalDamage = 0;
  let survived = true;
  const ratio = graph.ratio;
  const prev = new Int32Array(n);
  const prevDir = new Int8Array(n);
  const keys = dict<number>();
  for (const [id, count] of Object.entries(startKeys)) keys[id] = count;
  let keyShortage: string | null = null;
  const canOpen = (door: number): boolean => {
    for (const [id, count] of Object.entries(graph.doorKeys.get(door) ?? {}))
      if ((own(keys, id) ?? 0) < count) return false;
    return true;
  };

  const bfs = (
    target: (i: number) => boolean,
    avoidItems: boolean,
    avoidDoors: boolean,
    ignoreKeys = false,
  ): number[] | null => {
    prev.fill(-2);
    prev[pos] = -1;
    const queue = [pos];
    for (let head = 0; head < queue.length; head++) {
      const u = queue[head] ?? 0;
      if (target(u)) {
        const path: number[] = [];
        for (let v = u; v !== pos; v = prev[v] ?? pos) path.push(v);
        return path.reverse();
      }
      const x = u % w;
      const y = (u - x) / w;
      for (let d = 0; d < 4; d++) {
        const dir = DIRS[d];
        if (dir === undefined) continue;
        const nx = x + dir.dx;
        const ny = y + dir.dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const v = ny * w + nx;
        if (open[v] !== 1 || prev[v] !== -2 || ((graph.closed[u] ?? 0) & (1 << d)) !== 0) continue;
        if (avoidItems && kind[v] === CELL.item && !target(v)) continue;
        if (kind[v] === CELL.door && (avoidDoors || (!ignoreKeys && !canOpen(v)))) continue;
        prev[v] = u;
        prevDir[v] = d;
        queue.push(v);
      }
    }
    return null;
  };
  const step = (v: number): boolean => {
    const c = DIRS[prevDir[v] ?? 0]?.c ?? '?';
    if (kind[v] === CELL.door) {
      if (!canOpen(v)) {
        const need = Object.keys(graph.doorKeys.get(v) ?? {}).join(', ');
        keyShortage = `not enough keys (${need}) for the door at (${v % w},${Math.floor(v / w)})`;
        return false;
      }
      for (const [id, count] of Object.entries(graph.doorKeys.get(v) ?? {}))
        keys[id] = (own(keys, id) ?? 0) - count;
      // Like a fight, moving into a door opens it and the hero stays; the next move enters.
      route += c;
      kind[v] = CELL.free;
      doorsOpened++;
    }
    route += c;
    pos = v;
    if (graph.startOnStair && v === startCell) stairCrossings++;
    const k = kind[v];
    if (k === CELL.item || k === CELL.reward) {
      const id = graph.ids[v] ?? '';
      const item = own(project.items, id);
      if (item !== undefined && item.cls === 'tools' && /Key$/.test(id))
        keys[id] = (own(keys, id) ?? 0) + 1;
      if (item !== undefined && item.cls === 'items') {
        const e = item.effect;
        hero = {
          hp: hero.hp + gainAt(e.hp, ratio),
          atk: hero.atk + gainAt(e.atk, ratio),
          def: hero.def + gainAt(e.def, ratio),
          mdef: hero.mdef + gainAt(e.mdef, ratio),
        };
      }
      kind[v] = CELL.free;
      pickups.push({
        x: v % w,
        y: Math.floor(v / w),
        id,
        step: route.length - 1,
        hp: hero.hp,
        def: hero.def,
      });
    }
    return true;
  };
  const walkTo = (target: (i: number) => boolean): boolean => {
    const path =
      bfs(target, true, true) ??
      bfs(target, false, true) ??
      bfs(target, true, false) ??
      bfs(target, false, false);
    if (path === null) return false;
    for (const v of path) if (!step(v)) return false;
    return true;
  };
  const isKey = (i: number): boolean =>
    kind[i] === CELL.item &&
    /Key$/.test(graph.ids[i] ?? '') &&
    own(project.items, graph.ids[i] ?? '')?.cls === 'tools';
  const collect = (): void => {
    // Rewards, then keys reachable without opening a door (resources for later doors, here or on
    // later floors), again while a key opened the way to more.
    for (let progress = true; progress;) {
      progress = false;
      while (walkTo((i) => kind[i] === CELL.reward)) progress = true;
      for (;;) {
        const path = bfs(isKey, false, true);
        if (path === null || path.length === 0) break;
        for (const v of path) if (!step(v)) return;
        progress = true;
      }
    }
  };
  let halted: string | null = null;
  const fight = (cell: number): void => {
    const x = cell % w;
    const y = Math.floor(cell / w);
    const px = pos % w;
    const py = Math.floor(pos / w);
    if (graph.doorKeys.has(cell)) {
      // A door that is a gate (scarce keys): opened like a fight, for keys instead of HP.
      if (!canOpen(cell)) {
        keyShortage = `not enough keys for the door at (${x},${y})`;
        halted = keyShortage;
        return;
      }
      for (const [id, count] of Object.entries(graph.doorKeys.get(cell) ?? {}))
        keys[id] = (own(keys, id) ?? 0) - count;
      route += x > px ? 'R' : x < px ? 'L' : y > py ? 'D' : 'U';
      doorsOpened++;
      kind[cell] = CELL.free;
      open[cell] = 1;
      return;
    }
    const id = graph.ids[cell] ?? '';
    const enemy = own(project.enemies, id);
    let damage = 0;
    let predicted = 0;
    const r =
      enemy === undefined
        ? null
        : battle(enemy, hero, project.values, { hatred, negativeDamage: project.negativeDamage });
    if (enemy !== undefined && stopBeforeDeath && hero.hp - (r?.damage ?? Infinity) <= 0) {
      halted = `stopped before the fight at (${x},${y}) (${id}): it would cost ${r?.damage ?? 'all'} HP of ${hero.hp}`;
      return;
    }
    route += x > px ? 'R' : x < px ? 'L' : y > py ? 'D' : 'U';
    if (enemy !== undefined) {
      damage = r?.damage ?? Number.POSITIVE_INFINITY;
      const s = defenceSaving(enemy, graph.hero, project.values, 0, {
        negativeDamage: project.negativeDamage,
      });
      predicted = (s.base ?? 0) - s.saving * (hero.def - def0);
      if (enemy.specials.includes(17)) hatred = Math.floor(hatred / 2);
      hatred += project.values.hatred ?? 0;
    }
    hero = { ...hero, hp: hero.hp - damage };
    if (hero.hp <= 0) survived = false;
    totalDamage += damage;
    predictedDamage += predicted;
    fights.push({
      x,
      y,
      id,
      step: route.length - 1,
      def: hero.def,
      damage,
      predicted,
      hp: hero.hp,
    });
    order.push({ x, y, id });
    kind[cell] = CELL.free;
    open[cell] = 1;
  };

  collect();
  for (const g of gateOrder) {
    const gate = graph.gates[g];
    if (gate === undefined || halted !== null) continue;
    const left = new Set(gate.cells);
    while (left.size > 0 && halted === null) {
      const adjacentToLeft = (i: number): boolean => {
        const x = i % w;
        const y = (i - x) / w;
        const shut = graph.closed[i] ?? 0;
        return (
          (y > 0 && (shut & 1) === 0 && left.has(i - w)) ||
          (x + 1 < w && (shut & 2) === 0 && left.has(i + 1)) ||
          (y + 1 < h && (shut & 4) === 0 && left.has(i + w)) ||
          (x > 0 && (shut & 8) === 0 && left.has(i - 1))
        );
      };
      if (!walkTo(adjacentToLeft)) {
        const c = gate.cells[0] ?? 0;
        const where = `(${c % w},${Math.floor(c / w)})`;
        if (keyShortage === null && bfs(adjacentToLeft, false, false, true) !== null)
          keyShortage = `not enough keys to reach the guard at ${where}`;
        else if (keyShortage === null)
          unreached.push(`gate at ${where} could not be reached on foot`);
        break;
      }
      const x = pos % w;
      const y = (pos - x) / w;
      let target = -1;
      for (const [d, dir] of DIRS.entries()) {
        const nx = x + dir.dx;
        const ny = y + dir.dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h || ((graph.closed[pos] ?? 0) & (1 << d)) !== 0)
          continue;
        if (left.has(ny * w + nx)) {
          target = ny * w + nx;
          break;
        }
      }
      left.delete(target);
      fight(target);
    }
    if (halted === null) collect();
  }
  const isReward = (i: number): boolean => kind[i] === CELL.reward;
  if (
    !keysSearched &&
    keyShortage === null &&
    halted === null &&
    bfs(isReward, false, false) === null
  )
    if (bfs(isReward, false, false, true) !== null)
      keyShortage = 'not enough keys to reach every defence reward';
  return {
    order,
    route,
    fights,
    pickups,
    totalDamage,
    predictedDamage,
    linearMatched: fights.every((f) => f.damage === f.predicted),
    hpLeft: hero.hp,
    survived,
    finalHero: hero,
    routeComplete: unreached.length === 0 && keyShortage === null && halted === null,
    doorsOpened,
    keysLeft: keys,
    keyShort: keyShortage !== null,
    routeNotes: [
      ...(halted !== null ? [halted] : []),
      ...(keyShortage !== null ? [keyShortage] : []),
      ...unreached,
      ...(stairCrossings === 0
        ? []
        : [
            `the route steps back onto the arrival cell ${stairCrossings} time(s): each is a trip off the floor and back`,
          ]),
    ],
  };
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
