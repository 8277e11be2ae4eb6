import { battle, defenceSaving } from '../graph/damage.js';
import { gainAt } from '../format/item-effect.js';
import { CELL, type CellRef, type FloorGraph, type Gate } from '../graph/floor-graph.js';
import { dict, own } from '../lookup.js';
import { formatNumber } from '../format/number.js';
import type { HeroStats, Project } from '../model.js';
import type { Fight, PickUp } from '../solve/floor.js';

/** Steps in puzzlekit's one direction order, clockwise from up; step d is bit 1 << d of `closed`. */
const DIRS: readonly { dx: number; dy: number; c: string }[] = [
  { dx: 0, dy: -1, c: 'U' },
  { dx: 1, dy: 0, c: 'R' },
  { dx: 0, dy: 1, c: 'D' },
  { dx: -1, dy: 0, c: 'L' },
];

/** The walk of a gate order and its simulation. */
export interface Simulation {
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
  /** The fight the engine refused, where the walk stopped (damage null: he cannot damage it). */
  refused?: RefusedFight;
}

/** A fight the engine refuses (`canBattle`): the hero cannot damage the monster, or damage ≥ HP. */
export interface RefusedFight {
  readonly x: number;
  readonly y: number;
  readonly id: string;
  /** The damage the fight would cost, or null when the hero cannot damage the monster. */
  readonly damage: number | null;
  /** The hero before it. */
  readonly hero: HeroStats;
}

/**
 * Walks a gate order on the grid (BFS paths, preferring not to cross items that are not rewards),
 * fighting each gate's monsters from the side the hero reaches and then collecting every reward that
 * became reachable, nearest first; simulates HP and defence with the engine's formula.
 */
export function simulate(
  project: Project,
  graph: FloorGraph,
  gateOrder: readonly number[],
  startKeys: Readonly<Record<string, number>>,
  keysSearched: boolean,
): Simulation {
  const walker = new Walker(project, graph, startKeys);
  walker.collect();
  for (const g of gateOrder) {
    const gate = graph.gates[g];
    if (gate === undefined || walker.halted !== null) continue;
    walker.fightGate(gate);
    if (walker.halted === null) walker.collect();
  }
  return walker.result(keysSearched);
}

/**
 * The hero on the grid: where he stands, what the cells hold now (items taken, doors opened, monsters
 * fought), his numbers and keys, and the route so far. The breadth-first search is written here rather
 * than taken from @puzzlekit/grid: one-way rules close passages between two walkable cells, doors are
 * tested against the keys in hand, and the target is a predicate (CellSearch blocks cells by bits and
 * walks to one goal cell).
 */
class Walker {
  private readonly w: number;
  private readonly h: number;
  private readonly kind: Uint8Array;
  private readonly open: Uint8Array;
  private pos: number;
  /**
   * The start may be the arrival stair: walking back onto it leaves the floor, and the way back up lands
   * on the same cell, so crossing it is allowed and counted (each crossing is a trip off the floor and back).
   */
  private readonly startCell: number;
  private stairCrossings = 0;
  private doorsOpened = 0;
  private route = '';
  private readonly fights: Fight[] = [];
  private readonly pickups: PickUp[] = [];
  private readonly order: CellRef[] = [];
  private readonly unreached: string[] = [];
  private hero: HeroStats;
  private hatred = 0;
  private predictedDamage = 0;
  private totalDamage = 0;
  private survived = true;
  private readonly prev: Int32Array;
  private readonly prevDir: Int8Array;
  private readonly keys = dict<number>();
  private keyShortage: string | null = null;
  /** Why the walk stopped before the end of the order (a fight it would not survive, a door it cannot open). */
  halted: string | null = null;
  private refused: RefusedFight | undefined;

  constructor(
    private readonly project: Project,
    private readonly graph: FloorGraph,
    startKeys: Readonly<Record<string, number>>,
  ) {
    const { width: w, height: h } = graph;
    const n = w * h;
    this.w = w;
    this.h = h;
    this.kind = Uint8Array.from(graph.cells);
    this.open = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const k = this.kind[i];
      this.open[i] =
        k === CELL.free || k === CELL.item || k === CELL.reward || k === CELL.door ? 1 : 0;
    }
    this.pos = graph.start.y * w + graph.start.x;
    this.startCell = this.pos;
    this.hero = { ...graph.hero };
    this.prev = new Int32Array(n);
    this.prevDir = new Int8Array(n);
    for (const [id, count] of Object.entries(startKeys)) this.keys[id] = count;
  }

  private canOpen(door: number): boolean {
    for (const [id, count] of Object.entries(this.graph.doorKeys.get(door) ?? {}))
      if ((own(this.keys, id) ?? 0) < count) return false;
    return true;
  }

  /** The cells of a shortest walk to the first cell `target` accepts (not the start), or null. */
  private bfs(
    target: (i: number) => boolean,
    avoidItems: boolean,
    avoidDoors: boolean,
    ignoreKeys = false,
  ): number[] | null {
    const { w, h, prev, prevDir, kind, open, pos } = this;
    const closed = this.graph.closed;
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
        if (open[v] !== 1 || prev[v] !== -2 || ((closed[u] ?? 0) & (1 << d)) !== 0) continue;
        if (avoidItems && kind[v] === CELL.item && !target(v)) continue;
        if (kind[v] === CELL.door && (avoidDoors || (!ignoreKeys && !this.canOpen(v)))) continue;
        prev[v] = u;
        prevDir[v] = d;
        queue.push(v);
      }
    }
    return null;
  }

  /** One move onto `v` (opening a door first, taking an item there); false when a door stays shut. */
  private step(v: number): boolean {
    const { w, kind, graph, keys } = this;
    const c = DIRS[this.prevDir[v] ?? 0]?.c ?? '?';
    if (kind[v] === CELL.door) {
      if (!this.canOpen(v)) {
        const need = Object.keys(graph.doorKeys.get(v) ?? {}).join(', ');
        this.keyShortage = `not enough keys (${need}) for the door at (${v % w},${Math.floor(v / w)})`;
        return false;
      }
      for (const [id, count] of Object.entries(graph.doorKeys.get(v) ?? {}))
        keys[id] = (own(keys, id) ?? 0) - count;
      // Like a fight, moving into a door opens it and the hero stays; the next move enters.
      this.route += c;
      kind[v] = CELL.free;
      this.doorsOpened++;
    }
    this.route += c;
    this.pos = v;
    if (graph.startOnStair && v === this.startCell) this.stairCrossings++;
    const k = kind[v];
    if (k === CELL.item || k === CELL.reward) this.take(v);
    return true;
  }

  /** Takes the item on cell `v`: a key into the pocket, an item's effect on the hero. */
  private take(v: number): void {
    const { w, graph, keys } = this;
    const id = graph.ids[v] ?? '';
    const item = own(this.project.items, id);
    if (item !== undefined && item.cls === 'tools' && /Key$/.test(id))
      keys[id] = (own(keys, id) ?? 0) + 1;
    if (item !== undefined && item.cls === 'items') {
      const e = item.effect;
      const hero = this.hero;
      const ratio = graph.ratio;
      this.hero = {
        hp: hero.hp + gainAt(e.hp, ratio),
        atk: hero.atk + gainAt(e.atk, ratio),
        def: hero.def + gainAt(e.def, ratio),
        mdef: hero.mdef + gainAt(e.mdef, ratio),
      };
    }
    this.kind[v] = CELL.free;
    this.pickups.push({
      x: v % w,
      y: Math.floor(v / w),
      id,
      step: this.route.length - 1,
      hp: this.hero.hp,
      def: this.hero.def,
    });
  }

  /** Walks to a target, avoiding items, then doors, as long as another way exists. */
  private walkTo(target: (i: number) => boolean): boolean {
    const path =
      this.bfs(target, true, true) ??
      this.bfs(target, false, true) ??
      this.bfs(target, true, false) ??
      this.bfs(target, false, false);
    if (path === null) return false;
    for (const v of path) if (!this.step(v)) return false;
    return true;
  }

  private isKey(i: number): boolean {
    const id = this.graph.ids[i] ?? '';
    return (
      this.kind[i] === CELL.item && /Key$/.test(id) && own(this.project.items, id)?.cls === 'tools'
    );
  }

  /**
   * Rewards, then keys reachable without opening a door (resources for later doors, here or on later
   * floors), again while a key opened the way to more.
   */
  collect(): void {
    for (let progress = true; progress;) {
      progress = false;
      while (this.walkTo((i) => this.kind[i] === CELL.reward)) progress = true;
      for (;;) {
        const path = this.bfs((i) => this.isKey(i), false, true);
        if (path === null || path.length === 0) break;
        for (const v of path) if (!this.step(v)) return;
        progress = true;
      }
    }
  }

  /** Fights a gate's monsters one by one, each from a cell beside it the walk reaches. */
  fightGate(gate: Gate): void {
    const { w, h } = this;
    const closed = this.graph.closed;
    const left = new Set(gate.cells);
    while (left.size > 0 && this.halted === null) {
      const adjacentToLeft = (i: number): boolean => {
        const x = i % w;
        const y = (i - x) / w;
        const shut = closed[i] ?? 0;
        return (
          (y > 0 && (shut & 1) === 0 && left.has(i - w)) ||
          (x + 1 < w && (shut & 2) === 0 && left.has(i + 1)) ||
          (y + 1 < h && (shut & 4) === 0 && left.has(i + w)) ||
          (x > 0 && (shut & 8) === 0 && left.has(i - 1))
        );
      };
      if (!this.walkTo(adjacentToLeft)) {
        const c = gate.cells[0] ?? 0;
        const where = `(${c % w},${Math.floor(c / w)})`;
        if (this.keyShortage === null && this.bfs(adjacentToLeft, false, false, true) !== null)
          this.keyShortage = `not enough keys to reach the guard at ${where}`;
        else if (this.keyShortage === null)
          this.unreached.push(`gate at ${where} could not be reached on foot`);
        return;
      }
      const pos = this.pos;
      const x = pos % w;
      const y = (pos - x) / w;
      let target = -1;
      for (const [d, dir] of DIRS.entries()) {
        const nx = x + dir.dx;
        const ny = y + dir.dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h || ((closed[pos] ?? 0) & (1 << d)) !== 0)
          continue;
        if (left.has(ny * w + nx)) {
          target = ny * w + nx;
          break;
        }
      }
      left.delete(target);
      this.fight(target);
    }
  }

  /** The move letter from the hero's cell towards the neighbouring `cell`. */
  private towards(cell: number): string {
    const { w, pos } = this;
    const x = cell % w;
    const y = Math.floor(cell / w);
    const px = pos % w;
    const py = Math.floor(pos / w);
    return x > px ? 'R' : x < px ? 'L' : y > py ? 'D' : 'U';
  }

  /** Fights the monster on `cell` (or opens the door there, when doors are gates). */
  private fight(cell: number): void {
    const { w, graph, project } = this;
    const x = cell % w;
    const y = Math.floor(cell / w);
    if (graph.doorKeys.has(cell)) {
      // A door that is a gate (scarce keys): opened like a fight, for keys instead of HP.
      if (!this.canOpen(cell)) {
        this.keyShortage = `not enough keys for the door at (${x},${y})`;
        this.halted = this.keyShortage;
        return;
      }
      for (const [id, count] of Object.entries(graph.doorKeys.get(cell) ?? {}))
        this.keys[id] = (own(this.keys, id) ?? 0) - count;
      this.route += this.towards(cell);
      this.doorsOpened++;
      this.kind[cell] = CELL.free;
      this.open[cell] = 1;
      return;
    }
    const id = graph.ids[cell] ?? '';
    const enemy = own(project.enemies, id);
    let damage = 0;
    let predicted = 0;
    const hero = this.hero;
    const r =
      enemy === undefined
        ? null
        : battle(enemy, hero, project.values, {
            hatred: this.hatred,
            negativeDamage: project.negativeDamage,
          });
    // The engine refuses a fight the hero would not survive (`canBattle`: damage < HP) or cannot win:
    // the walk stops there, as a player's would.
    if (enemy !== undefined && (r === null || r.damage >= hero.hp)) {
      this.refused = { x, y, id, damage: r?.damage ?? null, hero };
      this.halted = `stopped before the fight at (${x},${y}) (${id}): the engine refuses it (${r === null ? 'the hero cannot damage it' : `damage ${formatNumber(r.damage)} ≥ HP ${formatNumber(hero.hp)}`})`;
      this.survived = false;
      return;
    }
    this.route += this.towards(cell);
    const hatredBefore = this.hatred;
    if (enemy !== undefined) {
      damage = r?.damage ?? Number.POSITIVE_INFINITY;
      const s = defenceSaving(enemy, graph.hero, project.values, 0, {
        negativeDamage: project.negativeDamage,
      });
      predicted = (s.base ?? 0) - s.saving * (hero.def - graph.hero.def);
      if (enemy.specials.includes(17)) this.hatred = Math.floor(this.hatred / 2);
      this.hatred += project.values.hatred ?? 0;
    }
    this.hero = { ...hero, hp: hero.hp - damage };
    if (this.hero.hp <= 0) this.survived = false;
    this.totalDamage += damage;
    this.predictedDamage += predicted;
    this.fights.push({
      x,
      y,
      id,
      step: this.route.length - 1,
      def: this.hero.def,
      damage,
      predicted,
      hp: this.hero.hp,
      heroBefore: hero,
      hatred: hatredBefore,
    });
    this.order.push({ x, y, id });
    this.kind[cell] = CELL.free;
    this.open[cell] = 1;
  }

  /**
   * The simulation's answer. Without a key search, a walk that ends with a defence reward it could
   * reach only with more keys reports the shortage (the caller then searches again counting keys).
   */
  result(keysSearched: boolean): Simulation {
    const isReward = (i: number): boolean => this.kind[i] === CELL.reward;
    if (
      !keysSearched &&
      this.keyShortage === null &&
      this.halted === null &&
      this.bfs(isReward, false, false) === null
    )
      if (this.bfs(isReward, false, false, true) !== null)
        this.keyShortage = 'not enough keys to reach every defence reward';
    const { halted, keyShortage, unreached, stairCrossings, fights, hero } = this;
    return {
      order: this.order,
      route: this.route,
      fights,
      pickups: this.pickups,
      totalDamage: this.totalDamage,
      predictedDamage: this.predictedDamage,
      linearMatched: fights.every((f) => f.damage === f.predicted),
      hpLeft: hero.hp,
      survived: this.survived,
      finalHero: hero,
      routeComplete: unreached.length === 0 && keyShortage === null && halted === null,
      doorsOpened: this.doorsOpened,
      keysLeft: this.keys,
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
      ...(this.refused !== undefined ? { refused: this.refused } : {}),
    };
  }
}
