// Test helper: an independent replay of a route on the raw map, checking every move is legal.
import { battle } from '../graph/damage.js';
import { gainAt } from '../format/item-effect.js';
import type { Project } from '../model.js';
import type { FloorSolution } from '../solve/floor.js';

/**
 * Independent replay of a route on the raw map: a move into a monster fights it (hero stays), a move
 * onto an item takes it, walls, NPCs and stairs block. Returns the damage and HP it computes.
 */
export function replay(
  project: Project,
  floorId: string,
  sol: FloorSolution,
  start: { x: number; y: number },
  hero0 = project.hero,
  keys0: Readonly<Record<string, number>> = project.keys,
) {
  const floor = project.floors[floorId];
  if (floor === undefined) throw new Error('no floor');
  const map = floor.map.map((row) => [...row]);
  let { x, y } = start;
  let hero = { ...hero0 };
  let damage = 0;
  let hatred = 0;
  let doors = 0;
  const keys = new Map(Object.entries(keys0));
  const exits = new Set([...Object.keys(floor.changeFloor), ...floor.eventExits]);
  const fights: string[] = [];
  for (const c of sol.route) {
    const nx = x + (c === 'R' ? 1 : c === 'L' ? -1 : 0);
    const ny = y + (c === 'D' ? 1 : c === 'U' ? -1 : 0);
    const num = map[ny]?.[nx];
    if (num === undefined) throw new Error(`route leaves the map at ${nx},${ny}`);
    const tile = num === 0 ? undefined : project.tiles[String(num)];
    const dir = c === 'R' ? 'right' : c === 'L' ? 'left' : c === 'D' ? 'down' : 'up';
    const back = c === 'R' ? 'left' : c === 'L' ? 'right' : c === 'D' ? 'up' : 'down';
    if (
      floor.cannotMove[`${x},${y}`]?.includes(dir) ||
      floor.cannotMoveIn[`${nx},${ny}`]?.includes(back)
    )
      throw new Error(`route breaks a one-way rule moving ${dir} from ${x},${y}`);
    if (exits.has(`${nx},${ny}`) && !(nx === start.x && ny === start.y))
      throw new Error(`route steps on the exit at ${nx},${ny}`);
    if (tile?.kind === 'door') {
      for (const [id, count] of Object.entries(tile.keys ?? {})) {
        if ((keys.get(id) ?? 0) < count) throw new Error(`no ${id} for the door at ${nx},${ny}`);
        keys.set(id, (keys.get(id) ?? 0) - count);
      }
      map[ny]![nx] = 0; // opened; the hero stays
      doors++;
      continue;
    }
    if (tile?.kind === 'enemy') {
      const enemy = project.enemies[tile.id];
      if (enemy === undefined) throw new Error('unknown enemy');
      const r = battle(enemy, hero, project.values, { hatred });
      if (r === null) throw new Error(`cannot fight ${tile.id}`);
      if (enemy.specials.includes(17)) hatred = Math.floor(hatred / 2);
      hatred += project.values.hatred ?? 0;
      damage += r.damage;
      hero = { ...hero, hp: hero.hp - r.damage };
      fights.push(`${nx},${ny}`);
      map[ny]![nx] = 0;
      continue;
    }
    const onStart = nx === start.x && ny === start.y; // the arrival stair: a trip off the floor and back
    if (tile !== undefined && !tile.passable && !onStart)
      throw new Error(`route walks into ${tile.id} at ${nx},${ny}`);
    if (tile?.kind === 'item') {
      const item = project.items[tile.id];
      if (item?.cls === 'tools' && tile.id.endsWith('Key'))
        keys.set(tile.id, (keys.get(tile.id) ?? 0) + 1);
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
  return { damage, hero, fights, map, doors };
}
