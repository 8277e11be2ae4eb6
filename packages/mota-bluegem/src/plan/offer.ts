import { battle } from '../graph/damage.js';
import { buildFloorGraph, CELL } from '../graph/floor-graph.js';
import { formatNumber } from '../format/number.js';
import { own } from '../lookup.js';
import type { HeroStats, Project } from '../model.js';
import { solveFloor, type FloorSolution, type SolveFloorOptions } from '../solve/floor.js';

/** A hero to plan with when the one given can fight nothing on a floor, and why. */
export interface HeroOffer {
  /** The floor where the hero could fight nothing. */
  readonly floorId: string;
  /** The stats that change, with their new values at that floor (only those that change). */
  readonly at: { readonly atk?: number; readonly hp?: number };
  /** The hero arriving on that floor with the change: he fights there. */
  readonly heroAtFloor: HeroStats;
  /** In plain words: what the hero had, what stands in his way, what to plan with. */
  readonly reason: string;
}

/** A monster next to the cells the hero reaches without fighting: the first fights on his way. */
interface Blocker {
  readonly x: number;
  readonly y: number;
  readonly id: string;
}

/** Rounds of "raise, plan again" before the offer gives up (each round raises attack or HP). */
const MAX_OFFER_ROUNDS = 6;

/**
 * The monsters standing next to the cells the hero reaches from his cell without a fight (walking
 * through rooms and doors as the floor graph does; monsters he cannot damage count too).
 */
function blockersOf(project: Project, floorId: string, options: SolveFloorOptions): Blocker[] {
  const g = buildFloorGraph(project, floorId, {
    ...(options.hero !== undefined ? { hero: options.hero } : {}),
    ...(options.x !== undefined && options.y !== undefined ? { x: options.x, y: options.y } : {}),
    ...(options.arrival === true ? { arrival: true } : {}),
  });
  const w = g.width;
  const walls = new Set(g.unbeatable.map((u) => u.y * w + u.x));
  const walkable = (c: number): boolean =>
    g.cells[c] === CELL.free ||
    g.cells[c] === CELL.item ||
    g.cells[c] === CELL.reward ||
    g.cells[c] === CELL.door;
  const isMonster = (c: number): boolean => g.cells[c] === CELL.monster || walls.has(c);
  const start = g.start.y * w + g.start.x;
  const seen = new Uint8Array(g.cells.length);
  const queue = [start];
  seen[start] = 1;
  const found = new Map<number, Blocker>();
  for (let k = 0; k < queue.length; k++) {
    const c = queue[k] ?? 0;
    const x = c % w;
    const y = Math.floor(c / w);
    const steps = [
      [0, -1, 1],
      [1, 0, 2],
      [0, 1, 4],
      [-1, 0, 8],
    ] as const;
    for (const [dx, dy, bit] of steps) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= g.height) continue;
      if (((g.closed[c] ?? 0) & bit) !== 0) continue;
      const n = ny * w + nx;
      if (seen[n] === 1) continue;
      if (isMonster(n)) {
        found.set(n, { x: nx, y: ny, id: g.ids[n] ?? '' });
      } else if (walkable(n)) {
        seen[n] = 1;
        queue.push(n);
      }
    }
  }
  return [...found.values()].filter((b) => own(project.enemies, b.id) !== undefined);
}

/** The hero is stuck: he fought nothing because he could not (walls he cannot damage, a refused fight). */
export function foughtNothingBecauseHeCouldNot(solution: FloorSolution): boolean {
  return solution.fights.length === 0 && (solution.unbeatable.length > 0 || !solution.survived);
}

/** The damage of fighting the monster `b` with hero `h`, or null when he cannot damage it. */
function fightDamage(project: Project, b: Blocker, h: HeroStats): number | null {
  const enemy = own(project.enemies, b.id);
  if (enemy === undefined) return null;
  return (
    battle(enemy, h, project.values, { negativeDamage: project.negativeDamage })?.damage ?? null
  );
}

/** Attack just above the monster's defence, or null when no attack lets him damage it (mimic, invincible). */
function attackToDamage(project: Project, b: Blocker, hero: HeroStats): number | null {
  const def = own(project.enemies, b.id)?.def ?? 0;
  const atk = Math.max(hero.atk + 1, def + 1);
  return fightDamage(project, b, { ...hero, atk, hp: Number.MAX_SAFE_INTEGER }) === null
    ? null
    : atk;
}

/**
 * One round of the offer: the smallest raise that lets the hero fight where the plan stopped. The
 * plan's first fight when it has one (attack just above its defence when he cannot damage it, else
 * HP one above its damage: the engine refuses a fight that costs his HP or more); with no fight in the
 * plan, attack just above the lowest defence among the monsters next to where he can walk. `null` when
 * no raise of attack or HP helps.
 */
function raiseOnce(
  project: Project,
  hero: HeroStats,
  solution: FloorSolution,
  blockers: () => readonly Blocker[],
): { hero: HeroStats; why: string } | null {
  const first = solution.refused;
  if (first !== undefined) {
    const where = `the plan's first fight, ${first.id} at (${first.x},${first.y})`;
    if (first.damage === null) {
      // Priced as the walk had him (attack items picked up before count): the raise is the shortfall.
      const needed = attackToDamage(project, first, first.hero);
      if (needed === null) return null;
      const atk = hero.atk + (needed - first.hero.atk);
      return {
        hero: { ...hero, atk },
        why: `the hero has attack ${formatNumber(first.hero.atk)} at ${where}, which has defence ${formatNumber(own(project.enemies, first.id)?.def ?? 0)}: attack ${formatNumber(atk)}`,
      };
    }
    // The fight was priced with the hero as the walk had him: his HP there is the given HP plus what
    // he picked up before (potions), so the raise is the shortfall, added to the HP he starts with.
    const hp = hero.hp + (first.damage + 1 - first.hero.hp);
    return {
      hero: { ...hero, hp },
      why: `the hero has HP ${formatNumber(first.hero.hp)} at ${where}, which costs ${formatNumber(first.damage)} damage with attack ${formatNumber(first.hero.atk)} and defence ${formatNumber(first.hero.def)} (the engine refuses a fight that costs his HP or more): HP ${formatNumber(hp)}`,
    };
  }
  let best: { atk: number; b: Blocker } | undefined;
  for (const b of blockers()) {
    if (fightDamage(project, b, hero) !== null) continue;
    const atk = attackToDamage(project, b, hero);
    if (atk !== null && (best === undefined || atk < best.atk)) best = { atk, b };
  }
  if (best === undefined) return null;
  const lowest = own(project.enemies, best.b.id)?.def ?? 0;
  return {
    hero: { ...hero, atk: best.atk },
    why: `the hero has attack ${formatNumber(hero.atk)} and cannot damage the monsters next to where he can walk; the lowest defence among them is ${formatNumber(lowest)} (${best.b.id} at (${best.b.x},${best.b.y})): attack ${formatNumber(best.atk)}`,
  };
}

/**
 * The smallest change of the hero (attack or HP) with which he fights on a floor where he fought
 * nothing because he could not, computed from the floor's data: attack just above the defence of the
 * plan's first fight or, when the plan has none, of the lowest-defence monster next to the cells he
 * reaches without a fight; HP one above the damage of the plan's first fight when that is what the
 * engine refuses. The floor is planned again with the raised hero to check that he is no longer stuck
 * (he fights, or nothing he cannot damage stands in his way); if he still is, the next raise is added
 * (at most a few rounds). `undefined` when the hero was not stuck or no raise of attack or HP helps.
 */
export function offerHero(
  project: Project,
  floorId: string,
  options: SolveFloorOptions & { readonly hero: HeroStats },
): HeroOffer | undefined {
  const given = options.hero;
  let hero = given;
  let solution = solveFloor(project, floorId, options);
  const whys: string[] = [];
  for (let round = 0; round < MAX_OFFER_ROUNDS; round++) {
    if (!foughtNothingBecauseHeCouldNot(solution)) break;
    const now = hero;
    const raised = raiseOnce(project, now, solution, () =>
      blockersOf(project, floorId, { ...options, hero: now }),
    );
    if (raised === null) return undefined;
    hero = raised.hero;
    whys.push(raised.why);
    solution = solveFloor(project, floorId, { ...options, hero });
  }
  // Unstuck: he fights, or no monster he cannot damage stands in his way any more (what they guarded
  // gives no defence, so the plan goes on without fighting there).
  if (whys.length === 0 || foughtNothingBecauseHeCouldNot(solution)) return undefined;
  return {
    floorId,
    at: {
      ...(hero.atk !== given.atk ? { atk: hero.atk } : {}),
      ...(hero.hp !== given.hp ? { hp: hero.hp } : {}),
    },
    heroAtFloor: hero,
    reason: `on ${floorId} ${whys.join('; then ')}`,
  };
}
