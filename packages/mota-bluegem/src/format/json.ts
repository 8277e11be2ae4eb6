/*
 * The JSON shapes of the command line's answers (`puzzlekit mota solve|plan|floors --json`), made here
 * so that every caller of the package gets the same documented shape.
 */
import type { Arrival } from '../graph/arrivals.js';
import type { Project } from '../model.js';
import type { HeroOffer } from '../plan/offer.js';
import type { TowerReplay } from '../plan/replay.js';
import type { ArrivalPlan, TowerPlan } from '../plan/tower.js';
import { CUSTOM_DAMAGE_NOTE, type FloorSolution } from '../solve/floor.js';

/**
 * A floor plan as JSON: `order` (`x`, `y`, `enemy`), `route`, `totalDamage`, `hpLeft`, `optimal`,
 * `nonlinear`, then the method, the search's outcome, the damage figures, fights, keys and notes.
 */
export function solutionJson(sol: FloorSolution): Record<string, unknown> {
  return {
    floor: sol.floorId,
    order: sol.order.map((o) => ({ x: o.x, y: o.y, enemy: o.id })),
    route: sol.route,
    totalDamage: sol.totalDamage,
    hpLeft: sol.hpLeft,
    optimal: sol.optimal,
    nonlinear: sol.nonlinear.map((m) => ({
      x: m.x,
      y: m.y,
      enemy: m.id,
      reasons: m.flags.map((f) => f.code),
    })),
    method: sol.method,
    searchProven: sol.searchProven,
    totalReward: sol.totalReward,
    defenceAllowed: sol.defenceAllowed,
    approximate: sol.approximate,
    ...(sol.approximate ? { damageFormula: CUSTOM_DAMAGE_NOTE } : {}),
    ...(sol.why !== undefined ? { why: sol.why } : {}),
    ...(sol.towerCode !== undefined
      ? {
          towerCode: {
            confirmed: sol.towerCode.confirmed,
            ...(sol.towerCode.why !== undefined ? { why: sol.towerCode.why } : {}),
            monsters: sol.towerCode.monsters.map((m) => ({
              x: m.x,
              y: m.y,
              enemy: m.id,
              source: m.source,
              ...(m.reason !== undefined ? { reason: m.reason } : {}),
            })),
          },
        }
      : {}),
    work: sol.work,
    outcome: sol.outcome,
    tree: sol.tree,
    gates: sol.gateCount,
    finalDefence: sol.finalHero.def,
    predictedDamage: sol.predictedDamage,
    linearMatched: sol.linearMatched,
    modelDamage: sol.modelDamage,
    greedyDamage: sol.greedyDamage,
    survived: sol.survived,
    routeComplete: sol.routeComplete,
    doorsOpened: sol.doorsOpened,
    keysLeft: { ...sol.keysLeft },
    fights: sol.fights.map((f) => ({
      step: f.step,
      x: f.x,
      y: f.y,
      enemy: f.id,
      def: f.def,
      damage: f.damage,
      predicted: f.predicted,
      hp: f.hp,
    })),
    unbeatable: sol.unbeatable.map((u) => ({ x: u.x, y: u.y, enemy: u.id })),
    notes: [...sol.notes, ...sol.routeNotes],
  };
}

/**
 * A floor planned from each arrival cell as JSON (`puzzlekit mota solve --json`): the first plan's
 * {@link solutionJson}, then `arrivals`, each cell with its plan or why there is none. Described by
 * `schema/solution.schema.json`.
 */
export function arrivalPlansJson(
  first: FloorSolution,
  plans: readonly ArrivalPlan[],
): Record<string, unknown> {
  return {
    ...solutionJson(first),
    arrivals: plans.map((p) => ({
      ...arrivalJson(p.arrival),
      ...(p.solution !== undefined ? { plan: solutionJson(p.solution) } : { error: p.error ?? '' }),
    })),
  };
}

/**
 * A hero offered where the given one could fight nothing ({@link HeroOffer}) as JSON: `floor`, `at`
 * (the stats that change, their new values), `heroAtFloor` and `reason`.
 */
export function offerJson(offer: HeroOffer): Record<string, unknown> {
  return {
    floor: offer.floorId,
    at: { ...offer.at },
    heroAtFloor: offer.heroAtFloor,
    reason: offer.reason,
  };
}

/**
 * What a whole-tower replay plays ({@link TowerReplay}), beside the file's own fields: `floors` (each
 * played floor, where its route starts in the moves, its length and the walk to the next floor's
 * stair), `planned` (the plan's planned floors) and `stopped` (why it plays fewer).
 */
export function towerReplayJson(replay: TowerReplay): Record<string, unknown> {
  return {
    floors: replay.floors.map((f) => ({
      floor: f.floorId,
      start: f.start,
      route: f.route,
      join: f.join,
    })),
    planned: replay.planned,
    ...(replay.stopped !== undefined ? { stopped: replay.stopped } : {}),
  };
}

/** An arrival cell as JSON: `x`, `y` and `from` (what brings the hero there). */
export function arrivalJson(a: Arrival): Record<string, unknown> {
  return { x: a.x, y: a.y, from: a.sources.map((s) => ({ ...s })) };
}

/**
 * A whole-tower plan as JSON: title, version, engine, outcome, totals, why it stopped, the hero offered,
 * and one entry per floor. Described by `schema/plan.schema.json`.
 */
export function planJson(plan: TowerPlan, project: Project): Record<string, unknown> {
  return {
    title: project.title,
    version: project.version,
    engine: engineJson(project),
    outcome: plan.outcome,
    work: plan.work,
    totals: plan.totals,
    ...(plan.stopped !== undefined ? { stopped: plan.stopped } : {}),
    ...(plan.offer !== undefined
      ? {
          offer: { ...offerJson(plan.offer), hero: plan.offer.hero },
        }
      : {}),
    heroOut: plan.heroOut,
    keysOut: { ...plan.keysOut },
    floors: plan.floors.map((f) => ({
      floor: f.floorId,
      status: f.status,
      ...(f.why !== undefined ? { why: f.why } : {}),
      ...(f.arrival !== undefined ? { arrival: f.arrival } : {}),
      arrivals: f.arrivals,
      heroIn: f.heroIn,
      keysIn: { ...f.keysIn },
      fights: f.fights,
      damage: f.damage,
      unbeatable: f.unbeatable,
      hpLeft: f.heroOut.hp,
      heroOut: f.heroOut,
      keysOut: { ...f.keysOut },
      survived: f.survived,
      proven: f.proven,
      approximate: f.approximate,
      ...(f.solution !== undefined
        ? { route: f.solution.route, routeComplete: f.solution.routeComplete }
        : {}),
      ...(f.solution?.towerCode !== undefined
        ? { towerCode: solutionJson(f.solution).towerCode }
        : {}),
    })),
  };
}

/** What the reader decided about the tower's engine: fields generation, evidence, damage code. */
export function engineJson(project: Project): Record<string, unknown> {
  const e = project.engine;
  return {
    fields: e.fields,
    evidence: e.evidence,
    noPass: e.noPass,
    damageCode: e.damageCode.status,
    ...(e.damageCode.releases.length > 0 ? { stockReleases: e.damageCode.releases } : {}),
    ...(e.damageCode.differing.length > 0 ? { differing: e.damageCode.differing } : {}),
  };
}
