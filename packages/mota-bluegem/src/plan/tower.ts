import { isPuzzlekitError } from '@puzzlekit/errors';
import { BudgetMeter, describeOutcome, SOLVED, type Budget, type Outcome } from '@puzzlekit/job';
import { arrivalsOf, type Arrival } from '../graph/arrivals.js';
import { dict, own } from '../lookup.js';
import { checkHero, checkKeys } from '../hero.js';
import type { HeroStats, Project } from '../model.js';
import { SEARCH_UNIT } from '../solve/exact.js';
import { solveFloor, type FloorSolution, type SolveFloorOptions } from '../solve/floor.js';
import type { TowerDamageSandbox } from '../sandbox/tower-damage.js';
import { formatNumber } from '../format/number.js';
import { foughtNothingBecauseHeCouldNot, offerHero, type HeroOffer } from './offer.js';

/** One plan per cell the hero can arrive on. */
export interface ArrivalPlan {
  readonly arrival: Arrival;
  /** The plan from this cell, or why there is none (`error`: the cell holds a monster, …). */
  readonly solution?: FloorSolution;
  readonly error?: string;
}

/**
 * Plans a floor once per arrival cell ({@link arrivalsOf}): the game's start, every stair, portal or
 * event that leads onto it. Empty when nothing leads onto the floor (it is unreachable).
 * `options.budget` bounds all the plans together: its `maxWork` is shared out (each search may use what
 * the ones before left) and its time limit is one deadline for all of them.
 */
export function solveFloorArrivals(
  project: Project,
  floorId: string,
  options: Omit<SolveFloorOptions, 'x' | 'y' | 'arrival'> = {},
): ArrivalPlan[] {
  const meter = new BudgetMeter(options.budget, { unit: SEARCH_UNIT });
  return arrivalsOf(project, floorId).map((arrival) => {
    try {
      const solution = solveFloor(project, floorId, {
        ...options,
        budget: meter.share(),
        x: arrival.x,
        y: arrival.y,
        arrival: true,
      });
      meter.charge(solution.work);
      return { arrival, solution };
    } catch (error) {
      if (!isPuzzlekitError(error)) throw error;
      return { arrival, error: error.message };
    }
  });
}

/** One floor of a whole-tower plan. */
export interface FloorPlan {
  readonly floorId: string;
  readonly title: string;
  /**
   * `planned`; `unreachable` (nothing leads onto the floor); `skipped` (the plan's budget was spent
   * before it); `error` (the floor cannot be analysed: `why` says why).
   */
  readonly status: 'planned' | 'unreachable' | 'skipped' | 'error';
  readonly why?: string;
  /** The arrival cell planned from, and how many arrival cells the floor has. */
  readonly arrival?: { readonly x: number; readonly y: number };
  readonly arrivals: number;
  /** The hero and keys on arrival. */
  readonly heroIn: HeroStats;
  readonly keysIn: Readonly<Record<string, number>>;
  /** The hero and keys when the floor is done. */
  readonly heroOut: HeroStats;
  readonly keysOut: Readonly<Record<string, number>>;
  readonly fights: number;
  readonly damage: number;
  /** Monsters this hero cannot damage: walls for this plan (what lies behind them is not planned). */
  readonly unbeatable: number;
  readonly survived: boolean;
  /** The order is proven best (see {@link FloorSolution.optimal}). */
  readonly proven: boolean;
  /** The tower replaces the stock damage formula: the figures are approximate. */
  readonly approximate: boolean;
  readonly solution?: FloorSolution;
}

/** Options of {@link planTower}. */
export interface PlanTowerOptions {
  /** The hero at the first floor (default: the game's starting hero). */
  readonly hero?: HeroStats;
  /** Keys at the first floor (default: the game's starting keys). */
  readonly keys?: Readonly<Record<string, number>>;
  /**
   * The budget of the whole plan: `maxWork` search states expanded over all floors (unit `nodes`,
   * default none), `maxMs`/`deadline` (one deadline for every floor's search), `maxStates` states each
   * search may hold (default 4,000,000).
   */
  readonly budget?: Budget;
  /** Search states each floor's exact search may expand (default {@link PLAN_FLOOR_WORK}). */
  readonly floorWork?: number;
  /** The tower's own damage code in a sandbox: see {@link SolveFloorOptions.towerDamage}. */
  readonly towerDamage?: TowerDamageSandbox;
  /** Called after each floor with the number of floors done and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** A whole-tower plan: the floors in tower order with the hero carried from floor to floor. */
export interface TowerPlan {
  readonly floors: readonly FloorPlan[];
  readonly totals: {
    readonly floors: number;
    readonly planned: number;
    readonly unreachable: number;
    readonly proven: number;
    readonly approximate: number;
    readonly damage: number;
  };
  readonly heroOut: HeroStats;
  readonly keysOut: Readonly<Record<string, number>>;
  /** Why planning stopped before the last floor (the budget ran out, the hero could fight nothing). */
  readonly stopped?: string;
  /**
   * When the plan stopped because the hero could fight nothing on a floor: the smallest raise of
   * attack or HP with which he fights there, as a starting hero to plan the tower with (`hero`), and
   * the reason in plain words. Absent when no raise of attack or HP helps. Its searches (each at most
   * `floorWork` states) are not counted in the plan's `work`: the plan itself stopped before them.
   */
  readonly offer?: TowerHeroOffer;
  /**
   * `solved` when every floor was planned or found unreachable; `gave-up` naming the bound when the
   * plan's budget stopped it (the floors after are `skipped`).
   */
  readonly outcome: Outcome;
  /** Search states expanded over all floors (unit `nodes`). */
  readonly work: number;
}

/** A hero to plan the tower with, offered where the given one could fight nothing. */
export interface TowerHeroOffer extends HeroOffer {
  /** The starting hero to plan with: the given one with the same raise of attack and HP. */
  readonly hero: HeroStats;
}

/** Search states each floor's exact search may expand in a whole-tower plan by default. */
export const PLAN_FLOOR_WORK = 200_000;

/** The arrival to plan a floor from: the game's start, else where the floor the hero came from leads. */
function arrivalFor(
  project: Project,
  floorId: string,
  cameFrom: string | undefined,
): Arrival | undefined {
  const all = arrivalsOf(project, floorId);
  return (
    all.find((a) => a.sources.some((s) => s.kind === 'start')) ??
    all.find((a) => a.sources.some((s) => s.floorId === cameFrom && s.floorId !== floorId)) ??
    all[0]
  );
}

/** The floors in the order the hero reaches them, and the floor each is first reached from. */
export interface PlayOrder {
  /** Floor ids reachable from the start floor, breadth-first (stairs, portals, `changeFloor` events). */
  readonly reached: readonly string[];
  /** The floor each reached floor is first entered from (absent for the start floor). */
  readonly cameFrom: Readonly<Record<string, string>>;
  /** The other floors of the tower: nothing the hero can reach leads onto them. */
  readonly unreached: readonly string[];
}

/**
 * The floors in the order the hero reaches them: the start floor first, then breadth-first over what
 * leads from floor to floor (every arrival source: stairs, portals, `changeFloor` actions of events),
 * neighbours in `main.floorIds` order. Floors nothing reachable leads onto come last, as `unreached`.
 */
export function playOrder(project: Project): PlayOrder {
  const index = new Map(project.floorIds.map((id, k) => [id, k]));
  const next = new Map<string, Set<string>>();
  for (const to of project.floorIds)
    for (const a of arrivalsOf(project, to))
      for (const s of a.sources)
        if (s.kind !== 'start' && s.floorId !== to) {
          const set = next.get(s.floorId) ?? new Set<string>();
          set.add(to);
          next.set(s.floorId, set);
        }
  const cameFrom = dict<string>();
  const start = project.start.floorId;
  const reached: string[] = own(project.floors, start) === undefined ? [] : [start];
  const seen = new Set(reached);
  for (let at = 0; at < reached.length; at++) {
    const from = reached[at] ?? '';
    const targets = [...(next.get(from) ?? [])].sort(
      (a, b) => (index.get(a) ?? 0) - (index.get(b) ?? 0),
    );
    for (const to of targets) {
      if (seen.has(to)) continue;
      seen.add(to);
      cameFrom[to] = from;
      reached.push(to);
    }
  }
  return { reached, cameFrom, unreached: project.floorIds.filter((id) => !seen.has(id)) };
}

/**
 * Plans the whole tower in the order the hero reaches the floors ({@link playOrder}: the start floor,
 * then breadth-first over stairs, portals and `changeFloor` events), carrying the hero's HP, attack,
 * defence, magic defence and keys from each floor to the next: each floor is planned from the cell the
 * floor the hero came from leads to (or the game's start) by {@link solveFloor} — the blue-gem optimum
 * where it holds, the exact search over fights (with its budget) where it does not — and walked, so
 * the next floor starts with what the walk left. The walk never fights what the engine refuses (a
 * fight the hero would not survive), so the hero carried on is always alive. The plan stops at the
 * first floor where the hero can fight none of the monsters between him and its defence (he cannot
 * damage them, or the engine refuses the fight): a player gets past such a floor only through what
 * the plan does not play (shops, level-ups, equipment, scripted events), and `stopped` says so. Floors
 * nothing reachable leads onto come last, `unreachable`.
 */
export function planTower(project: Project, options: PlanTowerOptions = {}): TowerPlan {
  const meter = new BudgetMeter(
    { ...options.budget, maxWork: options.budget?.maxWork ?? Infinity },
    { unit: SEARCH_UNIT },
  );
  const floorWork = options.floorWork ?? PLAN_FLOOR_WORK;
  let outcome: Outcome = SOLVED;
  let hero: HeroStats = options.hero === undefined ? project.hero : checkHero(options.hero);
  let keys: Record<string, number> = copyKeys(
    options.keys === undefined ? project.keys : checkKeys(options.keys),
  );
  let stopped: string | undefined;
  let offer: TowerHeroOffer | undefined;
  const startHero = hero;
  const floors: FloorPlan[] = [];
  const order = playOrder(project);
  const ids = [...order.reached, ...order.unreached];
  const reachable = new Set(order.reached);
  ids.forEach((floorId, index) => {
    const floor = own(project.floors, floorId);
    const arrivals = arrivalsOf(project, floorId).length;
    const base = {
      floorId,
      title: floor?.title ?? floorId,
      arrivals,
      heroIn: hero,
      keysIn: keys,
      heroOut: hero,
      keysOut: keys,
      fights: 0,
      damage: 0,
      unbeatable: 0,
      survived: hero.hp > 0,
      proven: false,
      approximate: project.engine.damageCode.status === 'custom',
    };
    // Unreachable floors are reported as such whether or not the plan stopped before them.
    const arrival = reachable.has(floorId)
      ? arrivalFor(project, floorId, own(order.cameFrom, floorId))
      : undefined;
    if (arrival === undefined) {
      floors.push({
        ...base,
        status: 'unreachable',
        why:
          arrivals === 0
            ? 'no start, stair, portal or event leads onto it'
            : 'nothing on the floors the hero can reach leads onto it',
      });
      return;
    }
    if (stopped === undefined && (meter.timeUp() || meter.remaining() === 0)) {
      outcome = meter.gaveUp(meter.timeUp() ? 'time' : 'work');
      stopped = describeOutcome(outcome);
    }
    if (stopped !== undefined) {
      floors.push({ ...base, status: 'skipped', why: stopped });
      return;
    }
    let solution: FloorSolution;
    try {
      solution = solveFloor(project, floorId, {
        hero,
        keys,
        x: arrival.x,
        y: arrival.y,
        arrival: true,
        budget: meter.share(floorWork),
        ...(options.towerDamage !== undefined ? { towerDamage: options.towerDamage } : {}),
      });
      meter.charge(solution.work);
    } catch (error) {
      if (!isPuzzlekitError(error)) throw error;
      floors.push({
        ...base,
        status: 'error',
        why: error.message,
        arrival: { x: arrival.x, y: arrival.y },
      });
      return;
    }
    hero = solution.finalHero;
    keys = copyKeys(solution.keysLeft);
    // The hero fought nothing because he could not: planning on with the same hero means nothing.
    if (foughtNothingBecauseHeCouldNot(solution)) {
      stopped = `stopped on ${floorId}: the hero can fight none of the monsters in his way (${
        solution.survived
          ? `${solution.unbeatable.length} he cannot damage`
          : (solution.routeNotes[0] ?? 'the engine refuses the fight')
      }); shops, level-ups, equipment and scripted events are not played`;
      const found = offerHero(project, floorId, {
        hero: base.heroIn,
        keys: base.keysIn,
        x: arrival.x,
        y: arrival.y,
        arrival: true,
        budget: { maxWork: floorWork },
      });
      if (found !== undefined)
        offer = towerOffer(found, base.heroIn, startHero, floors.length === 0);
    }
    floors.push({
      ...base,
      status: 'planned',
      ...(solution.why !== undefined ? { why: solution.why } : {}),
      arrival: { x: arrival.x, y: arrival.y },
      heroOut: hero,
      keysOut: keys,
      fights: solution.fights.length,
      damage: solution.totalDamage,
      unbeatable: solution.unbeatable.length,
      survived: solution.survived,
      proven: solution.optimal,
      approximate: solution.approximate,
      solution,
    });
    options.onProgress?.(index + 1, ids.length);
  });
  const planned = floors.filter((f) => f.status === 'planned');
  return {
    floors,
    totals: {
      floors: floors.length,
      planned: planned.length,
      unreachable: floors.filter((f) => f.status === 'unreachable').length,
      proven: planned.filter((f) => f.proven).length,
      approximate: planned.filter((f) => f.approximate).length,
      damage: planned.reduce((sum, f) => sum + f.damage, 0),
    },
    heroOut: hero,
    keysOut: keys,
    ...(stopped !== undefined ? { stopped } : {}),
    ...(offer !== undefined ? { offer } : {}),
    outcome,
    work: meter.work,
  };
}

/** The floor's offer as a starting hero: the same raise, added to the hero the tower starts with. */
function towerOffer(
  found: HeroOffer,
  heroIn: HeroStats,
  start: HeroStats,
  firstFloor: boolean,
): TowerHeroOffer {
  const hero = {
    ...start,
    atk: start.atk + ((found.at.atk ?? heroIn.atk) - heroIn.atk),
    hp: start.hp + ((found.at.hp ?? heroIn.hp) - heroIn.hp),
  };
  const changes = [
    ...(hero.atk !== start.atk ? [`attack ${formatNumber(hero.atk)}`] : []),
    ...(hero.hp !== start.hp ? [`HP ${formatNumber(hero.hp)}`] : []),
  ].join(' and ');
  const raise = [
    ...(found.at.atk !== undefined ? [`attack +${formatNumber(found.at.atk - heroIn.atk)}`] : []),
    ...(found.at.hp !== undefined ? [`HP +${formatNumber(found.at.hp - heroIn.hp)}`] : []),
  ].join(' and ');
  return {
    ...found,
    hero,
    reason: firstFloor
      ? `${found.reason}: plan with ${changes}`
      : `${found.reason}: plan with ${changes} (the starting hero with ${raise}, the raise ${found.floorId} needs)`,
  };
}

/**
 * As many of each key as the doors of the tower's floors (`main.floorIds`) need together: a hero who
 * can open every door.
 */
export function keysForEveryDoor(project: Project): Record<string, number> {
  const keys = dict<number>();
  const perDoor = new Map<number, Readonly<Record<string, number>>>();
  for (const tile of Object.values(project.tiles))
    if (tile.keys !== undefined) perDoor.set(tile.number, tile.keys);
  for (const id of project.floorIds)
    for (const row of own(project.floors, id)?.map ?? [])
      for (const n of row)
        for (const [key, count] of Object.entries(perDoor.get(n) ?? {}))
          keys[key] = (own(keys, key) ?? 0) + count;
  return keys;
}

function copyKeys(keys: Readonly<Record<string, number>>): Record<string, number> {
  const out = dict<number>();
  for (const [id, n] of Object.entries(keys)) if (n > 0) out[id] = n;
  return out;
}
