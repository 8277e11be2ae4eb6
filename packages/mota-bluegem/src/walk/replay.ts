import { battle } from '../graph/damage.js';
import { gainAt } from '../format/item-effect.js';
import { formatNumber } from '../format/number.js';
import { transferLanding } from '../graph/arrivals.js';
import { dict, own } from '../lookup.js';
import type { Direction, Floor, HeroStats, Project } from '../model.js';

/** Where a route walk ended: the hero, keys and damage, and why it stopped when it did. */
export interface RouteWalk {
  /** True when every move was legal and the hero is alive at the end. */
  readonly ok: boolean;
  /** Why not, in one line: the move (1-based), the cell and what went wrong. */
  readonly reason?: string;
  /** Moves walked before the end or the failure. */
  readonly moves: number;
  readonly damage: number;
  readonly hero: HeroStats;
  readonly keys: Readonly<Record<string, number>>;
  /** Cells `x,y` of the monsters fought, in order. */
  readonly fights: readonly string[];
  readonly doorsOpened: number;
}

const STEPS: Readonly<Record<string, { dx: number; dy: number; dir: Direction; back: Direction }>> =
  {
    U: { dx: 0, dy: -1, dir: 'up', back: 'down' },
    R: { dx: 1, dy: 0, dir: 'right', back: 'left' },
    D: { dx: 0, dy: 1, dir: 'down', back: 'up' },
    L: { dx: -1, dy: 0, dir: 'left', back: 'right' },
  };

/** What a move did: walked, or stopped the walk (`reason`), or left the floor onto another (`exit`). */
type MoveResult =
  | { readonly kind: 'moved'; readonly x: number; readonly y: number }
  | { readonly kind: 'stopped'; readonly reason: string }
  | { readonly kind: 'exit'; readonly x: number; readonly y: number };

/**
 * The hero walking under the engine's rules, independently of the planner: his numbers, keys and
 * hatred, and each floor's map as he left it (doors opened, monsters fought, items taken).
 */
export class HeroWalker {
  hero: HeroStats;
  readonly keys = dict<number>();
  damage = 0;
  hatred = 0;
  doorsOpened = 0;
  moves = 0;
  readonly fights: { floorId: string; x: number; y: number }[] = [];
  private readonly maps = new Map<string, number[][]>();

  /**
   * @param namesFloors the walk crosses floors: its reasons name the floor, its fights are `floor:x,y`
   */
  constructor(
    private readonly project: Project,
    hero0: HeroStats,
    keys0: Readonly<Record<string, number>>,
    private readonly namesFloors = false,
  ) {
    this.hero = { ...hero0 };
    for (const [id, n] of Object.entries(keys0)) this.keys[id] = n;
  }

  private mapOf(floorId: string, floor: Floor): number[][] {
    let map = this.maps.get(floorId);
    if (map === undefined) {
      map = floor.map.map((row) => [...row]);
      this.maps.set(floorId, map);
    }
    return map;
  }

  /**
   * The engine refuses a move out of a cell that way (`cannotMove`, the tile's `cannotOut`) or into a
   * cell from that side (`cannotMoveIn`, the tile's `cannotIn`); the other direction stays open.
   */
  oneWayRefuses(floor: Floor, x: number, y: number, c: string): boolean {
    const step = STEPS[c];
    if (step === undefined) return true;
    const nx = x + step.dx;
    const ny = y + step.dy;
    const tileAt = (tx: number, ty: number) =>
      own(this.project.tiles, String(floor.map[ty]?.[tx] ?? 0));
    return (
      (own(floor.cannotMove, `${x},${y}`)?.includes(step.dir) ?? false) ||
      (tileAt(x, y)?.cannotOut?.includes(step.dir) ?? false) ||
      (own(floor.cannotMoveIn, `${nx},${ny}`)?.includes(step.back) ?? false) ||
      (tileAt(nx, ny)?.cannotIn?.includes(step.back) ?? false)
    );
  }

  /** The tile number on a cell as the walk left it (undefined off the map). */
  cellAt(floorId: string, x: number, y: number): number | undefined {
    const floor = own(this.project.floors, floorId);
    return floor === undefined ? undefined : this.mapOf(floorId, floor)[y]?.[x];
  }

  /**
   * One move from (x,y) on the floor: a door opens with its keys (the hero stays), a monster is fought
   * with the engine formula (the hero stays), an item is taken. A cell in `exits` other than
   * `allowed` is a change of floor: the move stops there with `exit`, the caller decides.
   */
  move(
    floorId: string,
    x: number,
    y: number,
    c: string,
    exits: ReadonlySet<string>,
    allowed?: { readonly x: number; readonly y: number },
  ): MoveResult {
    const { project } = this;
    const floor = own(project.floors, floorId);
    const step = STEPS[c];
    const at = `move ${this.moves + 1} (${c}) from (${x},${y})${this.namesFloors ? ` on ${floorId}` : ''}`;
    const stop = (reason: string): MoveResult => ({ kind: 'stopped', reason: `${at}: ${reason}` });
    if (floor === undefined) return { kind: 'stopped', reason: `no floor ${floorId}` };
    if (step === undefined) return stop('not a move (U, R, D or L)');
    const map = this.mapOf(floorId, floor);
    const nx = x + step.dx;
    const ny = y + step.dy;
    const num = map[ny]?.[nx];
    if (num === undefined) return stop('leaves the map');
    if (this.oneWayRefuses(floor, x, y, c)) return stop('a one-way rule refuses it');
    const onAllowed = allowed !== undefined && nx === allowed.x && ny === allowed.y;
    if (exits.has(`${nx},${ny}`) && !onAllowed) return { kind: 'exit', x: nx, y: ny };
    const tile = num === 0 ? undefined : own(project.tiles, String(num));
    if (tile?.kind === 'door') {
      for (const [id, count] of Object.entries(tile.keys ?? {}))
        if ((own(this.keys, id) ?? 0) < count)
          return stop(`no ${id} for the door at (${nx},${ny})`);
      for (const [id, count] of Object.entries(tile.keys ?? {}))
        this.keys[id] = (own(this.keys, id) ?? 0) - count;
      this.moves++;
      map[ny]![nx] = 0;
      this.doorsOpened++;
      return { kind: 'moved', x, y }; // the door opens, the hero stays
    }
    if (tile?.kind === 'enemy') {
      const enemy = own(project.enemies, tile.id);
      const fight =
        enemy === undefined
          ? null
          : battle(enemy, this.hero, project.values, {
              hatred: this.hatred,
              negativeDamage: project.negativeDamage,
            });
      if (enemy === undefined || fight === null)
        return stop(`the hero cannot fight ${tile.id} at (${nx},${ny})`);
      // The engine's canBattle: a fight is refused unless the hero survives it.
      if (fight.damage >= this.hero.hp)
        return stop(
          `the engine refuses the fight with ${tile.id} at (${nx},${ny}) (damage ${formatNumber(fight.damage)} ≥ HP ${formatNumber(this.hero.hp)})`,
        );
      if (enemy.specials.includes(17)) this.hatred = Math.floor(this.hatred / 2);
      this.hatred += project.values.hatred ?? 0;
      this.moves++;
      this.damage += fight.damage;
      this.hero = { ...this.hero, hp: this.hero.hp - fight.damage };
      this.fights.push({ floorId, x: nx, y: ny });
      map[ny]![nx] = 0;
      return { kind: 'moved', x, y }; // the fight is won, the hero stays
    }
    if (tile !== undefined && !tile.passable && !onAllowed)
      return stop(`walks into ${tile.id} at (${nx},${ny})`);
    this.moves++;
    if (tile?.kind === 'item') {
      const item = own(project.items, tile.id);
      if (item?.cls === 'tools' && tile.id.endsWith('Key'))
        this.keys[tile.id] = (own(this.keys, tile.id) ?? 0) + 1;
      if (item?.cls === 'items') {
        const e = item.effect;
        const hero = this.hero;
        this.hero = {
          hp: hero.hp + gainAt(e.hp, floor.ratio),
          atk: hero.atk + gainAt(e.atk, floor.ratio),
          def: hero.def + gainAt(e.def, floor.ratio),
          mdef: hero.mdef + gainAt(e.mdef, floor.ratio),
        };
      }
      map[ny]![nx] = 0;
    }
    return { kind: 'moved', x: nx, y: ny };
  }

  /** The walk's end, as a {@link RouteWalk}. */
  end(reason?: string): RouteWalk {
    return {
      ok: reason === undefined,
      ...(reason !== undefined ? { reason } : {}),
      moves: this.moves,
      damage: this.damage,
      hero: this.hero,
      keys: this.keys,
      fights: this.fights.map((f) => `${this.namesFloors ? `${f.floorId}:` : ''}${f.x},${f.y}`),
      doorsOpened: this.doorsOpened,
    };
  }
}

/** The cells of a floor that take the hero away: its `changeFloor` table and floor-changing events. */
function exitsOf(floor: Floor): Set<string> {
  return new Set([...Object.keys(floor.changeFloor), ...floor.eventExits]);
}

/**
 * Walks a route (`U`/`R`/`D`/`L`) on a floor's raw map under the engine's rules, independently of the
 * planner: a move into a door opens it with its keys (the hero stays), into a monster fights it with the
 * engine formula (the hero stays), onto an item takes it; walls, NPCs, closed one-way passages and the
 * floor's exits (stairs, portals, floor-changing events) other than the arrival cell refuse the move;
 * a monster the hero cannot damage cannot be fought, nor one whose damage would leave him no HP (the
 * engine's `canBattle` refuses it).
 */
export function walkRoute(
  project: Project,
  floorId: string,
  route: string,
  start: { readonly x: number; readonly y: number },
  hero0: HeroStats = project.hero,
  keys0: Readonly<Record<string, number>> = project.keys,
): RouteWalk {
  const walker = new HeroWalker(project, hero0, keys0);
  const floor = own(project.floors, floorId);
  if (floor === undefined) return walker.end(`no floor ${floorId}`);
  const exits = exitsOf(floor);
  let { x, y } = start;
  for (const c of route) {
    // The arrival stair is allowed: a trip off the floor and back.
    const r = walker.move(floorId, x, y, c, exits, start);
    if (r.kind === 'stopped') return walker.end(r.reason);
    if (r.kind === 'exit')
      return walker.end(
        `move ${walker.moves + 1} (${c}) from (${x},${y}): steps on the exit at (${r.x},${r.y})`,
      );
    ({ x, y } = r);
  }
  return walker.end();
}

/** Where a route walked across floors ended: the floor and cell too. */
export interface TowerRouteWalk extends RouteWalk {
  readonly floorId: string;
  readonly x: number;
  readonly y: number;
  /** The floors in the order the hero entered them, the start floor first. */
  readonly floors: readonly string[];
}

/** The stair or portal of the floor's `changeFloor` table at a cell, with where it lands. */
export function stairAt(
  project: Project,
  floorId: string,
  x: number,
  y: number,
): { readonly floorId: string; readonly x: number; readonly y: number } | null | undefined {
  const floor = own(project.floors, floorId);
  const t = floor?.transfers.find(
    (tr) => tr.via === 'stair' && tr.from !== undefined && tr.from.x === x && tr.from.y === y,
  );
  return t === undefined ? undefined : transferLanding(project, floorId, t);
}

/**
 * Walks a route across floors as the engine replays it from a cell (default: the game's start), under
 * the rules of {@link walkRoute}; stepping on a cell of a floor's `changeFloor` table (a stair or
 * portal) changes floor as part of the move, the hero landing where the engine puts him (`loc`, or the
 * `stair` tile of the target floor). A cell whose event changes floor by a script stops the walk (its
 * script is not played), as does a stair whose landing is unknown.
 */
export function walkTowerRoute(
  project: Project,
  route: string,
  options: {
    readonly hero?: HeroStats;
    readonly keys?: Readonly<Record<string, number>>;
    readonly start?: { readonly floorId: string; readonly x: number; readonly y: number };
  } = {},
): TowerRouteWalk {
  const walker = new HeroWalker(
    project,
    options.hero ?? project.hero,
    options.keys ?? project.keys,
  );
  let { floorId, x, y } = options.start ?? project.start;
  const floors = [floorId];
  const end = (reason?: string): TowerRouteWalk => ({
    ...walker.end(reason),
    floorId,
    x,
    y,
    floors,
  });
  for (const c of route) {
    const floor = own(project.floors, floorId);
    if (floor === undefined) return end(`no floor ${floorId}`);
    const r = walker.move(floorId, x, y, c, exitsOf(floor));
    if (r.kind === 'stopped') return end(r.reason);
    if (r.kind === 'exit') {
      const at = `move ${walker.moves + 1} (${c}) from (${x},${y}) on ${floorId}`;
      const landing = stairAt(project, floorId, r.x, r.y);
      if (landing === undefined)
        return end(
          `${at}: steps on the event at (${r.x},${r.y}), which changes floor by a script this walk does not play`,
        );
      if (landing === null)
        return end(`${at}: the stair at (${r.x},${r.y}) leads to no cell this walk can place`);
      walker.moves++;
      ({ floorId, x, y } = landing);
      floors.push(floorId);
      continue;
    }
    ({ x, y } = r);
  }
  return end();
}
