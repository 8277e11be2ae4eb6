import { arrivalsOf } from '../graph/arrivals.js';
import { own } from '../lookup.js';
import type { HeroStats, Project } from '../model.js';
import { HeroWalker, stairAt } from '../walk/replay.js';
import type { FloorPlan, TowerPlan } from './tower.js';

/** One planned floor the replay plays: where its moves start in the replay, and how it was reached. */
export interface ReplayFloor {
  readonly floorId: string;
  /** Index in the replay's moves where the floor's own route starts. */
  readonly start: number;
  /** Moves of the floor's own route (the plan's). */
  readonly route: number;
  /** Moves after it that walk to the stair of the next floor (0 on the last floor played). */
  readonly join: number;
}

/** A whole-tower plan as one route the engine replays from a new game. */
export interface TowerReplay {
  /** The moves (`U`/`R`/`D`/`L`) from the game's start. */
  readonly moves: string;
  /** The planned floors the moves play, in the plan's order. */
  readonly floors: readonly ReplayFloor[];
  /** The plan's planned floors. */
  readonly planned: number;
  /** Why the replay stops before the plan's last planned floor (absent when it plays them all). */
  readonly stopped?: string;
  /** The hero and keys at the end of the moves (the last floor played's, as the plan has them). */
  readonly hero: HeroStats;
  readonly keys: Readonly<Record<string, number>>;
}

const STEPS = [
  { c: 'U', dx: 0, dy: -1 },
  { c: 'R', dx: 1, dy: 0 },
  { c: 'D', dx: 0, dy: 1 },
  { c: 'L', dx: -1, dy: 0 },
] as const;

const sameStats = (a: HeroStats, b: HeroStats): boolean =>
  a.hp === b.hp && a.atk === b.atk && a.def === b.def && a.mdef === b.mdef;

const sameKeys = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) => {
  const ids = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...ids].every((id) => (own(a, id) ?? 0) === (own(b, id) ?? 0));
};

/**
 * The shortest walk from the hero's cell to the stair or portal that lands him on `goal`, stepping
 * only on empty cells and passable terrain (no fight, no door, no item: the hero's numbers and keys do
 * not change), over the floors in `floors` (a stair to one of them is taken on the way; a
 * floor-changing event is never stepped on). Null when there is none.
 */
function joinWalk(
  project: Project,
  walker: HeroWalker,
  from: { readonly floorId: string; readonly x: number; readonly y: number },
  goal: { readonly floorId: string; readonly x: number; readonly y: number },
  floors: ReadonlySet<string>,
  lenient = false,
): { readonly moves: string; readonly blocker?: string } | null {
  const key = (f: string, x: number, y: number): string => `${f}\u0000${x},${y}`;
  const prev = new Map<
    string,
    { readonly before: string; readonly c: string; readonly blocker?: string }
  >();
  const startKey = key(from.floorId, from.x, from.y);
  prev.set(startKey, { before: '', c: '' });
  const queue = [from];
  const path = (last: string, c: string): string => {
    let moves = c;
    for (let k = last; k !== startKey;) {
      const p = prev.get(k);
      if (p === undefined) break;
      moves = p.c + moves;
      k = p.before;
    }
    return moves;
  };
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head]!;
    const floor = own(project.floors, at.floorId);
    if (floor === undefined) continue;
    const here = key(at.floorId, at.x, at.y);
    const blocked = prev.get(here)?.blocker;
    for (const s of STEPS) {
      const nx = at.x + s.dx;
      const ny = at.y + s.dy;
      const num = walker.cellAt(at.floorId, nx, ny);
      if (num === undefined || walker.oneWayRefuses(floor, at.x, at.y, s.c)) continue;
      let next = { floorId: at.floorId, x: nx, y: ny };
      let blocker = blocked;
      const cell = `${nx},${ny}`;
      if (floor.eventExits.includes(cell)) continue;
      if (own(floor.changeFloor, cell) !== undefined) {
        const landing = stairAt(project, at.floorId, nx, ny);
        if (landing === null || landing === undefined) continue;
        if (landing.floorId === goal.floorId && landing.x === goal.x && landing.y === goal.y)
          return { moves: path(here, s.c), ...(blocked !== undefined ? { blocker: blocked } : {}) };
        if (!floors.has(landing.floorId)) continue;
        next = landing;
      } else if (num !== 0) {
        const tile = own(project.tiles, String(num));
        const quiet = tile !== undefined && tile.kind === 'terrain' && tile.passable;
        // Leniently, a monster, door or item is crossed too: the first one on the way is named.
        const crossable =
          lenient && (tile?.kind === 'enemy' || tile?.kind === 'door' || tile?.kind === 'item');
        if (!quiet && !crossable) continue;
        if (!quiet)
          blocker ??= `${tile?.kind ?? ''} ${tile?.id ?? ''} at (${nx},${ny}) on ${at.floorId}`;
      }
      const k = key(next.floorId, next.x, next.y);
      if (prev.has(k)) continue;
      prev.set(k, { before: here, c: s.c, ...(blocker !== undefined ? { blocker } : {}) });
      queue.push(next);
    }
  }
  return null;
}

/**
 * Why the next floor cannot be joined: reached only by a script, or no quiet walk to its stair (naming
 * the first monster, door or item on the shortest way that crosses them, where there is one).
 */
function noJoin(
  project: Project,
  from: FloorPlan,
  to: FloorPlan,
  x: number,
  y: number,
  lenientWay: { readonly blocker?: string } | null,
): string {
  const cell = to.arrival ?? { x: -1, y: -1 };
  const sources =
    arrivalsOf(project, to.floorId).find((a) => a.x === cell.x && a.y === cell.y)?.sources ?? [];
  const where = `${to.floorId} (${cell.x},${cell.y})`;
  if (sources.length > 0 && sources.every((s) => s.kind !== 'stair'))
    return `the replay stops after ${from.floorId}: the plan enters ${where} through an event's script, which the replay does not play`;
  const why =
    lenientWay?.blocker !== undefined
      ? ` (the first in the way: the ${lenientWay.blocker})`
      : ' (no way at all on the floors played so far)';
  return `the replay stops after ${from.floorId}: no walk from (${x},${y}) reaches the stair or portal onto ${where} without a fight, a door or an item the plan did not count${why}`;
}

/**
 * Joins the planned floors of a whole-tower plan, in the plan's order, into one route the H5 engine
 * replays from a new game: each floor's own route, then a walk (no fight, no door, no item) to the stair
 * or portal that lands the hero where the plan starts the next floor; stepping on it changes floor as
 * part of the move, as in the engine. Every floor's route is walked by the package's own walker
 * ({@link walkTowerRoute}'s rules) and must end with the plan's hero and keys. The replay stops where a
 * floor cannot be joined — the next floor is reached through an event's script, a fly, a door without
 * its key, a route that crosses its arrival stair (a trip off the floor the replay does not write) —
 * and `stopped` says where and why. The plan must start at the game's start (else nothing is played).
 */
export function towerReplay(project: Project, plan: TowerPlan): TowerReplay {
  const planned = plan.floors.filter((f) => f.status === 'planned' && f.solution !== undefined);
  const first = planned[0];
  const start = project.start;
  const startsAtStart =
    first !== undefined &&
    first.floorId === start.floorId &&
    first.arrival?.x === start.x &&
    first.arrival.y === start.y;
  if (first === undefined || !startsAtStart)
    return {
      moves: '',
      floors: [],
      planned: planned.length,
      stopped: `the plan does not start at the game's start (${start.floorId} (${start.x},${start.y})): the engine replays from there`,
      hero: project.hero,
      keys: project.keys,
    };
  const walker = new HeroWalker(project, first.heroIn, first.keysIn, true);
  const floors: ReplayFloor[] = [];
  const visited = new Set<string>();
  let moves = '';
  let at = { floorId: start.floorId, x: start.x, y: start.y };
  let stopped: string | undefined;
  let last: FloorPlan | undefined;
  for (const [k, f] of planned.entries()) {
    const route = f.solution?.route ?? '';
    // The floor's route, walked on this floor only: a step onto an exit would leave it.
    const floor = own(project.floors, f.floorId);
    const exits = new Set([...Object.keys(floor?.changeFloor ?? {}), ...(floor?.eventExits ?? [])]);
    let problem: string | undefined;
    let { x, y } = at;
    for (const c of route) {
      const r = walker.move(f.floorId, x, y, c, exits);
      if (r.kind === 'stopped') problem = `its route does not walk: ${r.reason}`;
      else if (r.kind === 'exit')
        problem = `its route steps on the exit at (${r.x},${r.y}) (a trip off the floor the replay does not write)`;
      else ({ x, y } = r);
      if (problem !== undefined) break;
    }
    if (
      problem === undefined &&
      (!sameStats(walker.hero, f.heroOut) || !sameKeys(walker.keys, f.keysOut))
    )
      problem = "the engine's rules end its route with another hero or keys than the plan";
    if (problem !== undefined) {
      stopped = `the replay stops before ${f.floorId}: ${problem}`;
      break;
    }
    visited.add(f.floorId);
    at = { floorId: f.floorId, x, y };
    const entry = { floorId: f.floorId, start: moves.length, route: route.length, join: 0 };
    moves += route;
    last = f;
    const next = planned[k + 1];
    if (next === undefined) {
      floors.push(entry);
      break;
    }
    const goal = { floorId: next.floorId, x: next.arrival?.x ?? -1, y: next.arrival?.y ?? -1 };
    const join = joinWalk(project, walker, at, goal, visited);
    if (join === null) {
      floors.push(entry);
      const lenientWay = joinWalk(project, walker, at, goal, visited, true);
      stopped = noJoin(project, f, next, x, y, lenientWay);
      break;
    }
    floors.push({ ...entry, join: join.moves.length });
    moves += join.moves;
    at = goal;
  }
  return {
    moves,
    floors,
    planned: planned.length,
    ...(stopped !== undefined ? { stopped } : {}),
    hero: last?.heroOut ?? first.heroIn,
    keys: last?.keysOut ?? first.keysIn,
  };
}
