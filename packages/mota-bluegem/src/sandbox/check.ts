import { battle } from '../graph/damage.js';
import type { FloorGraph } from '../graph/floor-graph.js';
import { own } from '../lookup.js';
import type { Project } from '../model.js';
import type { Fight } from '../solve/floor.js';
import type { TowerDamageSandbox } from './tower-damage.js';

/** Defence points a floor's range may span for the check to try every one of them. */
export const MAX_CHECKED_DEFENCE_POINTS = 4_096;

/** What the tower's own damage code said about one monster of a floor. */
export interface TowerCodeMonster {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  /**
   * `tower`: the tower's code computed every damage asked and each equals the package's formula;
   * `differs`: it computed them but some differ (`reason` says where); `not-computable`: it could not
   * be run for this monster (`reason`); `time-stop`: the sandbox's wall-clock safety net stopped it
   * (no verdict: the machine was too slow, not the code).
   */
  readonly source: 'tower' | 'differs' | 'not-computable' | 'time-stop';
  readonly reason?: string;
}

/** The tower's damage code against the figures of a floor's plan. */
export interface TowerCodeCheck {
  /** Every damage the search and the walk used came from the tower's own code, and they agree. */
  readonly confirmed: boolean;
  readonly monsters: readonly TowerCodeMonster[];
  /** Some answer was a time stop: the check did not complete (the floor's outcome says `time`). */
  readonly timeStopped: boolean;
  /** Why not confirmed (the first monster that was not), when it is not. */
  readonly why?: string;
}

/**
 * Asks the tower's own `getDamageInfo` (in the sandbox) for every damage a floor's plan rests on: each
 * monster of the live gates at every defence from the arrival defence to the arrival defence plus every
 * reward (what the search prices fights with), and every fight of the walk with the hero and hatred
 * as they were. The plan's figures are the tower's own when each of these equals the package's
 * formula; a range wider than {@link MAX_CHECKED_DEFENCE_POINTS} is not checked (not confirmed).
 */
export function checkWithTowerCode(
  project: Project,
  graph: FloorGraph,
  fights: readonly Fight[],
  sandbox: TowerDamageSandbox,
): TowerCodeCheck {
  const monsters: TowerCodeMonster[] = [];
  const hero = graph.hero;
  const defTo = hero.def + graph.totalReward;
  const points = defTo - hero.def + 1;
  const options = { negativeDamage: project.negativeDamage };
  const at = (cell: number): { floorId: string; x: number; y: number } => ({
    floorId: graph.floorId,
    x: cell % graph.width,
    y: Math.floor(cell / graph.width),
  });
  for (const g of graph.liveGates) {
    for (const cell of graph.gates[g]?.cells ?? []) {
      const id = graph.ids[cell] ?? '';
      const enemy = own(project.enemies, id);
      const where = at(cell);
      if (enemy === undefined) continue;
      if (
        !Number.isInteger(hero.def) ||
        !Number.isInteger(defTo) ||
        points > MAX_CHECKED_DEFENCE_POINTS
      ) {
        monsters.push({
          id,
          ...where,
          source: 'not-computable',
          reason: `defence range of ${points} points not checked`,
        });
        continue;
      }
      const theirs = sandbox.damageRange(id, hero, hero.def, defTo, where);
      if (!Array.isArray(theirs)) {
        const stop = theirs as { reason: string; timeStop?: true };
        monsters.push({
          id,
          ...where,
          source: stop.timeStop === true ? 'time-stop' : 'not-computable',
          reason: stop.reason,
        });
        continue;
      }
      let differs: string | undefined;
      for (let k = 0; k < theirs.length && differs === undefined; k++) {
        const def = hero.def + k;
        const ours = battle(enemy, { ...hero, def }, project.values, options)?.damage ?? null;
        if (theirs[k] !== ours)
          differs = `defence ${def}: the tower's code gives ${String(theirs[k])}, the formula ${String(ours)}`;
      }
      monsters.push({
        id,
        ...where,
        source: differs === undefined ? 'tower' : 'differs',
        ...(differs !== undefined ? { reason: differs } : {}),
      });
    }
  }
  for (const fight of fights) {
    const theirs = sandbox.damage(
      fight.id,
      fight.heroBefore,
      { floorId: graph.floorId, x: fight.x, y: fight.y },
      { hatred: fight.hatred },
    );
    if (theirs.source !== 'tower') {
      monsters.push({
        id: fight.id,
        x: fight.x,
        y: fight.y,
        source: theirs.source,
        reason: theirs.reason,
      });
    } else if (theirs.damage !== fight.damage) {
      monsters.push({
        id: fight.id,
        x: fight.x,
        y: fight.y,
        source: 'differs',
        reason: `the walk's fight: the tower's code gives ${String(theirs.damage)}, the formula ${fight.damage}`,
      });
    }
  }
  const first = monsters.find((m) => m.source !== 'tower');
  return {
    confirmed: first === undefined,
    monsters,
    timeStopped: monsters.some((m) => m.source === 'time-stop'),
    ...(first !== undefined
      ? { why: `${first.id} at (${first.x},${first.y}): ${first.source}: ${first.reason ?? ''}` }
      : {}),
  };
}
