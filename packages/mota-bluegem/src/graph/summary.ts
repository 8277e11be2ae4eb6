import { isPuzzlekitError } from '@puzzlekit/errors';
import { buildFloorGraph, CELL, type FloorGraphOptions } from './floor-graph.js';
import { own } from '../lookup.js';
import type { HeroStats, Project } from '../model.js';

/** One line of the floor list: what is on the floor and what kind of problem it is. */
export interface FloorSummary {
  readonly floorId: string;
  readonly title: string;
  readonly width: number;
  readonly height: number;
  /** Monster cells on the map. */
  readonly monsters: number;
  /** Defence reward items on the map. */
  readonly gems: number;
  /** Defence reachable through beatable monsters from the hero's position. */
  readonly reachableDefence: number;
  /** Gates (guard groups) that lead to rewards. */
  readonly gates: number;
  /** `tree`, `cyclic`, `empty` (no gate leads to a reward) or `unreachable` (nothing leads onto the floor). */
  readonly shape: 'tree' | 'cyclic' | 'empty' | 'unreachable';
  /** Live monsters flagged by the linear check (any reason but magic attack). */
  readonly nonlinear: number;
  readonly unbeatable: number;
  /** Items that change attack (red gems…). */
  readonly attackItems: number;
}

/**
 * Summarises a floor from the hero's position (default: the start cell or the down stair) and numbers
 * (default: the project's starting hero): counts, reachable defence, and whether the guard graph is a
 * tree. A floor nothing leads onto is reported as `unreachable`, not thrown.
 */
export function floorSummary(
  project: Project,
  floorId: string,
  options: FloorGraphOptions = {},
): FloorSummary {
  const floor = own(project.floors, floorId);
  const base = {
    floorId,
    title: floor?.title ?? floorId,
    width: floor?.width ?? 0,
    height: floor?.height ?? 0,
  };
  try {
    const g = buildFloorGraph(project, floorId, options);
    let monsters = 0;
    let gems = 0;
    for (const c of g.cells) {
      if (c === CELL.monster) monsters++;
      else if (c === CELL.reward) gems++;
    }
    monsters += g.unbeatable.length;
    return {
      ...base,
      monsters,
      gems,
      reachableDefence: g.totalReward,
      gates: g.liveGates.length,
      shape: g.liveGates.length === 0 ? 'empty' : g.tree ? 'tree' : 'cyclic',
      nonlinear: g.nonlinear.filter((m) => m.flags.some((f) => f.code !== 'magic')).length,
      unbeatable: g.unbeatable.length,
      attackItems: g.attackItems.length,
    };
  } catch (error) {
    if (!isPuzzlekitError(error) || error.code !== 'UNREACHABLE') throw error;
    return {
      ...base,
      monsters: 0,
      gems: 0,
      reachableDefence: 0,
      gates: 0,
      shape: 'unreachable',
      nonlinear: 0,
      unbeatable: 0,
      attackItems: 0,
    };
  }
}

/**
 * A hero that can damage every monster on a floor (for surveying towers whose hero stats at that
 * floor are unknown): the starting hero with attack raised to `max(atk, 2 × highest monster defence + 1)`.
 * Defence, HP and magic defence stay as they start.
 */
export function probeHero(project: Project, floorId: string): HeroStats {
  const floor = own(project.floors, floorId);
  let maxDef = 0;
  for (const row of floor?.map ?? []) {
    for (const num of row) {
      const tile = own(project.tiles, String(num));
      if (tile?.kind !== 'enemy') continue;
      maxDef = Math.max(maxDef, own(project.enemies, tile.id)?.def ?? 0);
    }
  }
  return { ...project.hero, atk: Math.max(project.hero.atk, 2 * maxDef + 1) };
}
