import { DisjointSet } from '@puzzlekit/disjoint-set';
import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import { arrivalsOf } from './arrivals.js';
import { RoomGateReach } from './reach.js';
import { checkHero } from '../hero.js';
import { defenceSaving, type LinearityFlag } from './damage.js';
import { own } from '../lookup.js';
import { gainAt } from '../format/item-effect.js';
import type { Direction, Floor, HeroStats, Project } from '../model.js';

/** Cell classes of a floor, as the analysis sees them. */
export const CELL = {
  wall: 0,
  free: 1,
  /** An item that is not a defence reward (potion, key, red gem…): walkable, picked up when crossed. */
  item: 2,
  /** A defence reward (blue gem, shield). */
  reward: 3,
  monster: 4,
  /** A locked door: treated as passable (the theory assumes enough keys); doors crossed are reported. */
  door: 5,
} as const;

/** A cell with what stands on it. */
export interface CellRef {
  readonly x: number;
  readonly y: number;
  /** Enemy or item id. */
  readonly id: string;
}

/** A monster the hero cannot damage: treated as a wall. */
export type Unbeatable = CellRef;

/** A monster that breaks or is special for the linear model, with the reasons. */
export interface NonlinearMonster extends CellRef {
  readonly flags: readonly LinearityFlag[];
}

/** A room: free cells joined by flood fill. Its gems and defence items are merged into one reward. */
export interface Region {
  readonly id: number;
  /** Cell indices (`y * width + x`). */
  readonly cells: readonly number[];
  /** Defence gained by taking every reward in the room. */
  readonly reward: number;
  /** Cell indices of the reward items. */
  readonly rewardCells: readonly number[];
}

/** A guard: one monster, or a chain of monsters with nothing between them, fought as one. */
export interface Gate {
  readonly id: number;
  /** Monster cells (`y * width + x`), along the chain. */
  readonly cells: readonly number[];
  readonly enemies: readonly string[];
  /** Regions this gate touches. */
  readonly regions: readonly number[];
  /** Gates this gate touches (monster clusters). */
  readonly gates: readonly number[];
  /** Damage of fighting the whole gate at the starting defence. */
  readonly base: number;
  /** Sum of the monsters' defence savings (damage saved per defence point). */
  readonly saving: number;
}

/** A floor reduced to its room graph (only the part that leads to rewards). */
export interface FloorGraph {
  readonly floorId: string;
  readonly width: number;
  readonly height: number;
  readonly ratio: number;
  /** The hero's cell. */
  readonly start: { readonly x: number; readonly y: number };
  /** The hero starts on a cell that is not walkable (an arrival stair): it must not be walked onto again. */
  readonly startOnStair: boolean;
  readonly hero: HeroStats;
  /** Cell classes ({@link CELL}), row-major. */
  readonly cells: Uint8Array;
  /** Passages the hero may not use ({@link closedSteps}): bits up 1, right 2, down 4, left 8 per cell. */
  readonly closed: Uint8Array;
  /** The keys each door cell needs (`doorInfo.keys`). */
  readonly doorKeys: ReadonlyMap<number, Readonly<Record<string, number>>>;
  /** Item or enemy id per cell ('' for none). */
  readonly ids: readonly string[];
  readonly regions: readonly Region[];
  readonly gates: readonly Gate[];
  readonly startRegion: number;
  /** Gate ids and region ids that survive pruning (lead to a reward). */
  readonly liveGates: readonly number[];
  readonly liveRegions: readonly number[];
  /** Total reward reachable (defence) through live gates. */
  readonly totalReward: number;
  /** True when the live graph is a tree (Horn's algorithm is exact); false when guards form cycles. */
  readonly tree: boolean;
  readonly unbeatable: readonly Unbeatable[];
  /** Monsters of live gates that the linear model cannot trust, with reasons. */
  readonly nonlinear: readonly NonlinearMonster[];
  /** Items on the floor that change attack (red gems…): the theory assumes none. */
  readonly attackItems: readonly CellRef[];
  /** Facts about the reading the user should know (doors, unread item scripts, unknown tiles). */
  readonly notes: readonly string[];
  /** Items on the floor whose effect could not be read entirely: the floor cannot be proven. */
  readonly unreadItems: readonly string[];
}

/** Options of {@link buildFloorGraph}. */
export interface FloorGraphOptions {
  /** Hero position; default: the start cell on the start floor, else the floor's down stair. */
  readonly x?: number;
  readonly y?: number;
  /** Hero numbers; default the project's starting hero. */
  readonly hero?: HeroStats;
  /**
   * The position is a cell the tower itself brings the hero to (an arrival): accepted on a wall tile too
   * (events often open it first). Default false: a position given by hand must not be inside a wall.
   */
  readonly arrival?: boolean;
  /**
   * Doors are gates (opened like a fight, for keys instead of HP) rather than part of the rooms: for
   * floors whose keys are scarce. Default false (doors are walkable, keys are spent on the walk).
   */
  readonly doorsAsGates?: boolean;
}

/**
 * Where the hero stands on a floor by default: the first of its arrival cells (the game's start,
 * else where the floor before in tower order leads, else any cell a stair, portal or event leads to),
 * or null when nothing leads onto the floor.
 */
export function defaultPosition(project: Project, floor: Floor): { x: number; y: number } | null {
  const first = arrivalsOf(project, floor.id)[0];
  return first === undefined ? null : { x: first.x, y: first.y };
}

/** The four steps in puzzlekit's one direction order, clockwise from up (URDL, as @puzzlekit/grid). */
const DIRECTION_BITS: readonly { dir: Direction; back: Direction; dx: number; dy: number }[] = [
  { dir: 'up', back: 'down', dx: 0, dy: -1 },
  { dir: 'right', back: 'left', dx: 1, dy: 0 },
  { dir: 'down', back: 'up', dx: 0, dy: 1 },
  { dir: 'left', back: 'right', dx: -1, dy: 0 },
];

/**
 * One-way and closed passages: per cell, a bit per direction (up 1, right 2, down 4, left 8: clockwise from up) set when
 * the step between the cell and its neighbour that way is refused in either direction — by the
 * floor's `cannotMove` / `cannotMoveIn` or by the tiles' `cannotOut` / `cannotIn`. The analysis uses
 * only passages open both ways, so a route never breaks a one-way rule.
 */
export function closedSteps(project: Project, floor: Floor): Uint8Array {
  const { width: w, height: h } = floor;
  const closed = new Uint8Array(w * h);
  const refusesOut = (x: number, y: number, d: Direction): boolean =>
    (own(floor.cannotMove, `${x},${y}`)?.includes(d) ?? false) ||
    (own(project.tiles, String(floor.map[y]?.[x] ?? 0))?.cannotOut?.includes(d) ?? false);
  const refusesIn = (x: number, y: number, side: Direction): boolean =>
    (own(floor.cannotMoveIn, `${x},${y}`)?.includes(side) ?? false) ||
    (own(project.tiles, String(floor.map[y]?.[x] ?? 0))?.cannotIn?.includes(side) ?? false);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      DIRECTION_BITS.forEach(({ dir, back, dx, dy }, bit) => {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) return;
        const there = refusesOut(x, y, dir) || refusesIn(nx, ny, back);
        const back2 = refusesOut(nx, ny, back) || refusesIn(x, y, dir);
        if (there || back2) closed[y * w + x] = (closed[y * w + x] ?? 0) | (1 << bit);
      });
    }
  }
  return closed;
}

const UP = 1;
const RIGHT = 2;
const DOWN = 4;
const LEFT = 8;

/** Cells that take the hero off the floor: `changeFloor` cells and cells whose event changes floor. */
function exitCells(floor: Floor): Set<number> {
  const out = new Set<number>();
  const addKey = (key: string): void => {
    const m = /^(\d+),(\d+)$/.exec(key);
    if (m === null) return;
    const x = Number(m[1]);
    const y = Number(m[2]);
    if (x < floor.width && y < floor.height) out.add(y * floor.width + x);
  };
  for (const key of Object.keys(floor.changeFloor)) addKey(key);
  for (const key of floor.eventExits) addKey(key);
  return out;
}

/** The floor ids of a project for an error message, cut after 20. */
export function listFloors(project: Project): string {
  const ids = project.floorIds;
  return ids.length <= 20
    ? ids.join(', ')
    : `${ids.slice(0, 20).join(', ')}, … (${ids.length} floors)`;
}

/**
 * Builds a floor's room graph from the hero's position: free cells are flood-filled into regions
 * (union-find), monsters are gates, gems and defence items are rewards (value by their `itemEffect`
 * at the floor's ratio; all rewards of a room merge), chains of monsters with nothing between them
 * merge into one gate, monsters the hero cannot damage become walls, and branches that lead to no
 * reward are pruned. Also measures every live monster's defence saving and flags non-linear ones.
 *
 * The steps, in data-flow order: where the hero stands ({@link heroPosition}); what each cell is
 * ({@link classifyCells}); rooms ({@link floodRooms}); guards and their chains ({@link findGates});
 * what is worth fighting for ({@link pruneGraph}); damage and savings ({@link measureGates}).
 *
 * @throws InvalidInputError for an unknown floor or a hero position off the map or inside a wall.
 */
export function buildFloorGraph(
  project: Project,
  floorId: string,
  options: FloorGraphOptions = {},
): FloorGraph {
  const floor = own(project.floors, floorId);
  if (floor === undefined)
    throw new InvalidInputError(`no floor ${quoteInput(floorId)} (have ${listFloors(project)})`, {
      path: 'floor',
    });
  const hero = options.hero === undefined ? project.hero : checkHero(options.hero);
  const { width: w, height: h } = floor;
  const pos = heroPosition(project, floor, options);
  const map = classifyCells(project, floor, hero, options.doorsAsGates === true);
  const { cells, ids } = map;
  const startIndex = pos.y * w + pos.x;
  checkStart(project, floor, map, pos, options);
  const startOnStair = cells[startIndex] === CELL.wall;
  if (startOnStair) cells[startIndex] = CELL.free; // a stair or event cell
  const closed = closedSteps(project, floor);
  const rooms = floodRooms(cells, closed, w, h);
  const gateCells = findGates(cells, closed, rooms.regionOf, w, h);
  const regionReward = rooms.regionCells.map((list) =>
    list.reduce((sum, i) => sum + (map.itemDef[i] ?? 0), 0),
  );
  // With doors as gates, a room holding a key matters even without defence: its key opens doors.
  const holdsKey = rooms.regionCells.map(
    (list) =>
      options.doorsAsGates === true &&
      list.some((i) => {
        const id = ids[i] ?? '';
        return cells[i] === CELL.item && /Key$/.test(id) && own(project.items, id)?.cls === 'tools';
      }),
  );
  const startRegion = rooms.regionOf[startIndex] ?? 0;
  const live = pruneGraph(gateCells, regionReward, holdsKey, startRegion);
  const { gates, nonlinear } = measureGates(project, hero, ids, gateCells, live, w);
  const regions: Region[] = rooms.regionCells.map((list, r) => ({
    id: r,
    cells: list,
    reward: regionReward[r] ?? 0,
    rewardCells: list.filter((i) => cells[i] === CELL.reward),
  }));
  return {
    floorId: floor.id,
    width: w,
    height: h,
    ratio: floor.ratio,
    start: pos,
    startOnStair,
    hero,
    cells,
    closed,
    doorKeys: map.doorKeys,
    ids,
    regions,
    gates,
    startRegion,
    liveGates: live.liveGates,
    liveRegions: live.liveRegions,
    totalReward: live.totalReward,
    tree: live.tree,
    unbeatable: map.unbeatable,
    nonlinear,
    attackItems: map.attackItems,
    notes: map.notes,
    unreadItems: map.unreadItems,
  };
}

/** The hero's cell: given by hand (both x and y) or the floor's first arrival cell. */
function heroPosition(
  project: Project,
  floor: Floor,
  options: FloorGraphOptions,
): { x: number; y: number } {
  let pos: { x: number; y: number } | null;
  if (options.x !== undefined || options.y !== undefined) {
    if (options.x === undefined || options.y === undefined)
      throw new InvalidInputError('give both x and y of the hero', { path: 'hero' });
    pos = { x: options.x, y: options.y };
  } else pos = defaultPosition(project, floor);
  if (pos === null)
    throw new InvalidInputError(
      `floor ${floor.id} is unreachable: no start, stair, portal or event leads onto it (give the hero's x and y)`,
      { path: 'hero', code: 'UNREACHABLE' },
    );
  const { width: w, height: h } = floor;
  if (
    !Number.isInteger(pos.x) ||
    !Number.isInteger(pos.y) ||
    pos.x < 0 ||
    pos.y < 0 ||
    pos.x >= w ||
    pos.y >= h
  )
    throw new InvalidInputError(`hero position (${pos.x},${pos.y}) is off the ${w}×${h} map`, {
      path: 'hero',
    });
  return pos;
}

/** A floor's cells as the analysis sees them, and what it noticed on the way. */
interface CellMap {
  /** {@link CELL} classes, row-major (the start cell is made free afterwards when it is a stair). */
  readonly cells: Uint8Array;
  readonly ids: string[];
  /** Defence each reward cell gives. */
  readonly itemDef: Float64Array;
  readonly exits: ReadonlySet<number>;
  readonly doorKeys: Map<number, Readonly<Record<string, number>>>;
  readonly unbeatable: Unbeatable[];
  readonly attackItems: CellRef[];
  readonly notes: string[];
  readonly unreadItems: string[];
}

/**
 * Classifies every cell: exits (stairs, portals, floor-changing events) and unknown tiles are walls,
 * monsters the hero cannot damage are walls, defence items are rewards, other items are walkable,
 * doors are walkable (or gates when `doorsAsGates`).
 */
function classifyCells(
  project: Project,
  floor: Floor,
  hero: HeroStats,
  doorsAsGates: boolean,
): CellMap {
  const { width: w, height: h } = floor;
  const n = w * h;
  const cells = new Uint8Array(n);
  const ids: string[] = new Array<string>(n).fill('');
  const itemDef = new Float64Array(n);
  const unbeatable: Unbeatable[] = [];
  const attackItems: CellRef[] = [];
  const unknownTiles = new Set<number>();
  const unreadItems = new Set<string>();
  const doorKeys = new Map<number, Readonly<Record<string, number>>>();
  const exits = exitCells(floor);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const num = floor.map[y]?.[x] ?? 0;
      const tile = num === 0 ? undefined : own(project.tiles, String(num));
      if (exits.has(i)) {
        cells[i] = CELL.wall; // a stair, portal or event cell: stepping on it leaves the floor
        if (tile !== undefined) ids[i] = tile.id;
        continue;
      }
      if (num === 0) {
        cells[i] = CELL.free;
        continue;
      }
      if (tile === undefined) {
        cells[i] = CELL.wall;
        if (num < 10000) unknownTiles.add(num);
        continue;
      }
      ids[i] = tile.id;
      if (tile.kind === 'enemy') {
        const enemy = own(project.enemies, tile.id);
        const beat =
          enemy === undefined ? null : defenceSaving(enemy, hero, project.values, 0).base;
        if (beat === null) {
          cells[i] = CELL.wall;
          unbeatable.push({ x, y, id: tile.id });
        } else cells[i] = CELL.monster;
      } else if (tile.kind === 'item') {
        const item = own(project.items, tile.id);
        if (item === undefined || item.cls !== 'items') {
          cells[i] = CELL.item;
          continue;
        }
        if (!item.effect.exact) unreadItems.add(tile.id);
        const def = gainAt(item.effect.def, floor.ratio);
        const atk = gainAt(item.effect.atk, floor.ratio);
        if (atk !== 0) attackItems.push({ x, y, id: tile.id });
        if (def > 0) {
          cells[i] = CELL.reward;
          itemDef[i] = def;
        } else cells[i] = CELL.item;
      } else if (tile.kind === 'door') {
        cells[i] = doorsAsGates ? CELL.monster : CELL.door;
        doorKeys.set(i, tile.keys ?? {});
      } else cells[i] = tile.passable ? CELL.free : CELL.wall;
    }
  }
  const notes: string[] = [];
  if (doorKeys.size > 0)
    notes.push(
      doorsAsGates
        ? `${doorKeys.size} locked door(s), opened in the search like fights that spend keys instead of HP`
        : `${doorKeys.size} locked door(s): the keys held and found suffice in number; the walk spends them`,
    );
  if (unknownTiles.size > 0)
    notes.push(
      `tile number(s) ${[...unknownTiles].sort((a, b) => a - b).join(', ')} not in maps.js: walls`,
    );
  if (unreadItems.size > 0)
    notes.push(
      `item effect(s) partly unread (ignored statements): ${[...unreadItems].sort().join(', ')}`,
    );
  return {
    cells,
    ids,
    itemDef,
    exits,
    doorKeys,
    unbeatable,
    attackItems,
    notes,
    unreadItems: [...unreadItems].sort(),
  };
}

/** The hero may not start on a monster, nor inside a wall when the cell was given by hand. */
function checkStart(
  project: Project,
  floor: Floor,
  map: CellMap,
  pos: { x: number; y: number },
  options: FloorGraphOptions,
): void {
  const startIndex = pos.y * floor.width + pos.x;
  if (map.cells[startIndex] === CELL.monster)
    throw new InvalidInputError(`the hero cannot start on a monster at (${pos.x},${pos.y})`, {
      path: 'hero',
    });
  const startTile = own(project.tiles, String(floor.map[pos.y]?.[pos.x] ?? 0));
  if (
    options.x !== undefined &&
    options.arrival !== true &&
    map.cells[startIndex] === CELL.wall &&
    startTile?.kind === 'wall' &&
    !map.exits.has(startIndex)
  )
    throw new InvalidInputError(
      `the hero cannot start inside a wall (${startTile.id}) at (${pos.x},${pos.y})`,
      {
        path: 'hero',
      },
    );
}

/** Whether the hero can stand on a cell of this class. */
function walkable(c: number): boolean {
  return c === CELL.free || c === CELL.item || c === CELL.reward || c === CELL.door;
}

/**
 * Rooms: walkable cells joined through open passages, by union-find (disjoint-set) over the right and
 * down neighbour of each cell. A grid flood (`CellSearch` of @puzzlekit/grid) does not fit: it blocks
 * cells, while one-way rules close passages between two walkable cells. Room ids follow the row-major
 * order of each room's first cell.
 */
function floodRooms(
  cells: Uint8Array,
  closed: Uint8Array,
  w: number,
  h: number,
): { regionOf: Int32Array; regionCells: number[][] } {
  const n = w * h;
  const ds = new DisjointSet(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!walkable(cells[i] ?? 0)) continue;
      const shut = closed[i] ?? 0;
      if (x + 1 < w && (shut & RIGHT) === 0 && walkable(cells[i + 1] ?? 0)) ds.union(i, i + 1);
      if (y + 1 < h && (shut & DOWN) === 0 && walkable(cells[i + w] ?? 0)) ds.union(i, i + w);
    }
  }
  const regionOf = new Int32Array(n).fill(-1);
  const regionCells: number[][] = [];
  const repToRegion = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    if (!walkable(cells[i] ?? 0)) continue;
    const rep = ds.find(i);
    let r = repToRegion.get(rep);
    if (r === undefined) {
      r = regionCells.length;
      repToRegion.set(rep, r);
      regionCells.push([]);
    }
    regionOf[i] = r;
    regionCells[r]?.push(i);
  }
  return { regionOf, regionCells };
}

/** Guards: each one's monster cells (along the chain), the rooms it touches and the guards it touches. */
interface GateCells {
  readonly cells: readonly (readonly number[])[];
  readonly regions: readonly (readonly number[])[];
  readonly gates: readonly (readonly number[])[];
}

/**
 * Monsters become guards; a chain of monsters with nothing between them (each touching exactly two
 * things: rooms or monsters) is one guard, its cells ordered along the chain.
 */
function findGates(
  cells: Uint8Array,
  closed: Uint8Array,
  regionOf: Int32Array,
  w: number,
  h: number,
): GateCells {
  const n = w * h;
  const neighbours = (i: number): number[] => {
    const x = i % w;
    const y = (i - x) / w;
    const shut = closed[i] ?? 0;
    const out: number[] = [];
    if (y > 0 && (shut & UP) === 0) out.push(i - w);
    if (x + 1 < w && (shut & RIGHT) === 0) out.push(i + 1);
    if (y + 1 < h && (shut & DOWN) === 0) out.push(i + w);
    if (x > 0 && (shut & LEFT) === 0) out.push(i - 1);
    return out;
  };
  // Each monster's distinct rooms and neighbouring monsters.
  const monsterRegions = new Map<number, number[]>();
  const monsterMonsters = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    if (cells[i] !== CELL.monster) continue;
    const rs: number[] = [];
    const ms: number[] = [];
    for (const j of neighbours(i)) {
      const r = regionOf[j] ?? -1;
      if (r >= 0 && !rs.includes(r)) rs.push(r);
      if (cells[j] === CELL.monster) ms.push(j);
    }
    monsterRegions.set(i, rs);
    monsterMonsters.set(i, ms);
  }
  const degree = (i: number): number =>
    (monsterRegions.get(i)?.length ?? 0) + (monsterMonsters.get(i)?.length ?? 0);
  // Chains: union adjacent monsters that both have degree 2.
  const chain = new DisjointSet(n);
  for (const [i, ms] of monsterMonsters) {
    if (degree(i) !== 2) continue;
    for (const j of ms) if (degree(j) === 2) chain.union(i, j);
  }
  const gateOf = new Int32Array(n).fill(-1);
  const gateCells: number[][] = [];
  const repToGate = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    if (cells[i] !== CELL.monster) continue;
    const rep = chain.find(i);
    let g = repToGate.get(rep);
    if (g === undefined) {
      g = gateCells.length;
      repToGate.set(rep, g);
      gateCells.push([]);
    }
    gateOf[i] = g;
    gateCells[g]?.push(i);
  }
  const ordered = gateCells.map((list) => alongChain(list, monsterMonsters));
  return {
    cells: ordered,
    regions: ordered.map((list) => {
      const rs = new Set<number>();
      for (const i of list) for (const r of monsterRegions.get(i) ?? []) rs.add(r);
      return [...rs].sort((a, b) => a - b);
    }),
    gates: ordered.map((list, g) => {
      const gs = new Set<number>();
      for (const i of list)
        for (const j of monsterMonsters.get(i) ?? []) if (gateOf[j] !== g) gs.add(gateOf[j] ?? 0);
      return [...gs].sort((a, b) => a - b);
    }),
  };
}

/** A chain's cells in order along the path, from an end (a cell with fewer than two chain neighbours). */
function alongChain(
  list: readonly number[],
  monsterMonsters: ReadonlyMap<number, readonly number[]>,
): readonly number[] {
  if (list.length <= 2) return list;
  const inChain = new Set(list);
  const end =
    list.find((i) => (monsterMonsters.get(i) ?? []).filter((j) => inChain.has(j)).length < 2) ??
    list[0] ??
    0;
  const out: number[] = [];
  const seen = new Set<number>();
  let cur: number | undefined = end;
  while (cur !== undefined) {
    out.push(cur);
    seen.add(cur);
    cur = (monsterMonsters.get(cur) ?? []).find((j) => inChain.has(j) && !seen.has(j));
  }
  return out.length === list.length ? out : list;
}

/** What survives pruning: the live gates and rooms, the reward they hold, and whether they form a tree. */
interface LiveGraph {
  readonly aliveG: Uint8Array;
  readonly aliveR: Uint8Array;
  readonly liveGates: number[];
  readonly liveRegions: number[];
  readonly totalReward: number;
  readonly tree: boolean;
}

/**
 * Keeps what is worth fighting for: what the start reaches with every gate open, then repeatedly
 * drops gates with fewer than two live neighbours and reward-less rooms (without keys) with fewer than
 * two live gates. When nothing beyond the start room is left to win, no gate is live.
 */
function pruneGraph(
  gates: GateCells,
  regionReward: readonly number[],
  holdsKey: readonly boolean[],
  startRegion: number,
): LiveGraph {
  const R = regionReward.length;
  const G = gates.cells.length;
  const regionGates: number[][] = Array.from({ length: R }, () => []);
  gates.regions.forEach((rs, g) => {
    for (const r of rs) regionGates[r]?.push(g);
  });
  // What the start reaches with every gate open; the copies are then pruned in place.
  const all = new RoomGateReach({
    start: startRegion,
    regionGates,
    gateRegions: gates.regions,
    gateGates: gates.gates,
  }).floodAll();
  const aliveR = Uint8Array.from({ length: R }, (_, r) => (all.reached(r) ? 1 : 0));
  const aliveG = Uint8Array.from({ length: G }, (_, g) => (all.touched(g) ? 1 : 0));
  for (let changed = true; changed;) {
    changed = false;
    for (let g = 0; g < G; g++) {
      if (aliveG[g] === 0) continue;
      const deg =
        (gates.regions[g] ?? []).filter((r) => aliveR[r] === 1).length +
        (gates.gates[g] ?? []).filter((o) => aliveG[o] === 1).length;
      if (deg <= 1) {
        aliveG[g] = 0;
        changed = true;
      }
    }
    for (let r = 0; r < R; r++) {
      if (
        aliveR[r] === 0 ||
        r === startRegion ||
        (regionReward[r] ?? 0) > 0 ||
        holdsKey[r] === true
      )
        continue;
      const deg = (regionGates[r] ?? []).filter((g) => aliveG[g] === 1).length;
      if (deg <= 1) {
        aliveR[r] = 0;
        changed = true;
      }
    }
  }
  const liveGates: number[] = [];
  const liveRegions: number[] = [];
  let edges = 0;
  for (let g = 0; g < G; g++) {
    if (aliveG[g] === 0) continue;
    liveGates.push(g);
    edges += (gates.regions[g] ?? []).filter((r) => aliveR[r] === 1).length;
    edges += (gates.gates[g] ?? []).filter((o) => aliveG[o] === 1 && o > g).length;
  }
  let totalReward = 0;
  for (let r = 0; r < R; r++) {
    if (aliveR[r] === 0) continue;
    liveRegions.push(r);
    totalReward += regionReward[r] ?? 0;
  }
  // Nothing to win beyond the start room: no gate is worth fighting.
  if (totalReward - (regionReward[startRegion] ?? 0) <= 0) {
    for (const g of liveGates) aliveG[g] = 0;
    liveGates.length = 0;
    for (const r of liveRegions) if (r !== startRegion) aliveR[r] = 0;
    liveRegions.length = 0;
    liveRegions.push(startRegion);
    edges = 0;
  }
  const tree = edges === liveGates.length + liveRegions.length - 1;
  return { aliveG, aliveR, liveGates, liveRegions, totalReward, tree };
}

/**
 * Each gate's damage at the starting defence and its saving per defence point; live gates' monsters
 * are checked for linearity over the defence range that matters (start … start + all live reward).
 */
function measureGates(
  project: Project,
  hero: HeroStats,
  ids: readonly string[],
  gateCells: GateCells,
  live: LiveGraph,
  w: number,
): { gates: Gate[]; nonlinear: NonlinearMonster[] } {
  const nonlinear: NonlinearMonster[] = [];
  const gates: Gate[] = gateCells.cells.map((list, g) => {
    let base = 0;
    let saving = 0;
    const enemies = list.map((i) => ids[i] ?? '');
    const alive = live.aliveG[g] === 1;
    for (const i of list) {
      const enemy = own(project.enemies, ids[i] ?? '');
      if (enemy === undefined) continue;
      const s = defenceSaving(enemy, hero, project.values, alive ? live.totalReward : 0, {
        negativeDamage: project.negativeDamage,
      });
      base += s.base ?? 0;
      saving += s.saving;
      if (alive && s.flags.length > 0)
        nonlinear.push({ x: i % w, y: Math.floor(i / w), id: enemy.id, flags: s.flags });
    }
    return {
      id: g,
      cells: list,
      enemies,
      regions: (gateCells.regions[g] ?? []).filter((r) => live.aliveR[r] === 1),
      gates: (gateCells.gates[g] ?? []).filter((o) => live.aliveG[o] === 1),
      base,
      saving,
    };
  });
  return { gates, nonlinear };
}
