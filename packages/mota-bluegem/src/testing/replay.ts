// Test helper: the route walker (walk/replay.ts) on a solution, throwing where the route breaks a rule.
import type { Project } from '../model.js';
import type { FloorSolution } from '../solve/floor.js';
import { walkRoute } from '../walk/replay.js';

/**
 * Independent replay of a solution's route on the raw map (not the planner's walk): a move into a
 * monster fights it (hero stays), a move onto an item takes it, walls, NPCs and stairs block. Returns
 * the damage and hero it computes; throws where a move is illegal (a fight the engine refuses too).
 */
export function replay(
  project: Project,
  floorId: string,
  sol: FloorSolution,
  start: { x: number; y: number },
  hero0 = project.hero,
  keys0: Readonly<Record<string, number>> = project.keys,
) {
  const walk = walkRoute(project, floorId, sol.route, start, hero0, keys0);
  if (!walk.ok) throw new Error(walk.reason);
  return { damage: walk.damage, hero: walk.hero, fights: walk.fights, doors: walk.doorsOpened };
}
