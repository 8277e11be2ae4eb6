import { battle } from '../graph/damage.js';
import { gainAt } from '../format/item-effect.js';
import { formatNumber } from '../format/number.js';
import { dict, own } from '../lookup.js';
import type { Direction, HeroStats, Project } from '../model.js';

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
  const floor = own(project.floors, floorId);
  let hero = { ...hero0 };
  const keys = dict<number>();
  for (const [id, n] of Object.entries(keys0)) keys[id] = n;
  let damage = 0;
  let hatred = 0;
  let doorsOpened = 0;
  const fights: string[] = [];
  let moves = 0;
  const end = (reason?: string): RouteWalk => ({
    ok: reason === undefined,
    ...(reason !== undefined ? { reason } : {}),
    moves,
    damage,
    hero,
    keys,
    fights,
    doorsOpened,
  });
  if (floor === undefined) return end(`no floor ${floorId}`);
  const map = floor.map.map((row) => [...row]);
  // The engine refuses a move out of a cell that way (`cannotMove`, the tile's `cannotOut`) or into a
  // cell from that side (`cannotMoveIn`, the tile's `cannotIn`); the other direction stays open.
  const tileAt = (tx: number, ty: number) => own(project.tiles, String(floor.map[ty]?.[tx] ?? 0));
  const refused = (
    tx: number,
    ty: number,
    nx: number,
    ny: number,
    dir: Direction,
    back: Direction,
  ) =>
    (own(floor.cannotMove, `${tx},${ty}`)?.includes(dir) ?? false) ||
    (tileAt(tx, ty)?.cannotOut?.includes(dir) ?? false) ||
    (own(floor.cannotMoveIn, `${nx},${ny}`)?.includes(back) ?? false) ||
    (tileAt(nx, ny)?.cannotIn?.includes(back) ?? false);
  const exits = new Set([...Object.keys(floor.changeFloor), ...floor.eventExits]);
  let { x, y } = start;
  for (const c of route) {
    const step = STEPS[c];
    const at = `move ${moves + 1} (${c}) from (${x},${y})`;
    if (step === undefined) return end(`${at}: not a move (U, R, D or L)`);
    const nx = x + step.dx;
    const ny = y + step.dy;
    const num = map[ny]?.[nx];
    if (num === undefined) return end(`${at}: leaves the map`);
    if (refused(x, y, nx, ny, step.dir, step.back)) return end(`${at}: a one-way rule refuses it`);
    const onStart = nx === start.x && ny === start.y; // the arrival stair: a trip off the floor and back
    if (exits.has(`${nx},${ny}`) && !onStart)
      return end(`${at}: steps on the exit at (${nx},${ny})`);
    const tile = num === 0 ? undefined : own(project.tiles, String(num));
    moves++;
    if (tile?.kind === 'door') {
      for (const [id, count] of Object.entries(tile.keys ?? {})) {
        if ((own(keys, id) ?? 0) < count)
          return end(`${at}: no ${id} for the door at (${nx},${ny})`);
        keys[id] = (own(keys, id) ?? 0) - count;
      }
      map[ny]![nx] = 0;
      doorsOpened++;
      continue;
    }
    if (tile?.kind === 'enemy') {
      const enemy = own(project.enemies, tile.id);
      const fight =
        enemy === undefined
          ? null
          : battle(enemy, hero, project.values, {
              hatred,
              negativeDamage: project.negativeDamage,
            });
      if (enemy === undefined || fight === null)
        return end(`${at}: the hero cannot fight ${tile.id} at (${nx},${ny})`);
      // The engine's canBattle: a fight is refused unless the hero survives it.
      if (fight.damage >= hero.hp)
        return end(
          `${at}: the engine refuses the fight with ${tile.id} at (${nx},${ny}) (damage ${formatNumber(fight.damage)} ≥ HP ${formatNumber(hero.hp)})`,
        );
      if (enemy.specials.includes(17)) hatred = Math.floor(hatred / 2);
      hatred += project.values.hatred ?? 0;
      damage += fight.damage;
      hero = { ...hero, hp: hero.hp - fight.damage };
      fights.push(`${nx},${ny}`);
      map[ny]![nx] = 0;
      continue;
    }
    if (tile !== undefined && !tile.passable && !onStart)
      return end(`${at}: walks into ${tile.id} at (${nx},${ny})`);
    if (tile?.kind === 'item') {
      const item = own(project.items, tile.id);
      if (item?.cls === 'tools' && tile.id.endsWith('Key'))
        keys[tile.id] = (own(keys, tile.id) ?? 0) + 1;
      if (item?.cls === 'items') {
        const e = item.effect;
        hero = {
          hp: hero.hp + gainAt(e.hp, floor.ratio),
          atk: hero.atk + gainAt(e.atk, floor.ratio),
          def: hero.def + gainAt(e.def, floor.ratio),
          mdef: hero.mdef + gainAt(e.mdef, floor.ratio),
        };
      }
      map[ny]![nx] = 0;
    }
    x = nx;
    y = ny;
  }
  return end();
}
