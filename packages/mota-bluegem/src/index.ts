/**
 * Read H5 Magic Tower projects and find the provably best fight order under the blue-gem theory:
 * the engine's battle formula, defence savings with linearity checks, the floor's room graph,
 * Horn's algorithm for trees and an exact search for floors with cycles, a walking route and its
 * simulation. Browser-safe; `@puzzlekit/mota-bluegem/node` reads folders from disk.
 *
 * @packageDocumentation
 */
export type {
  Direction,
  EngineInfo,
  Enemy,
  Floor,
  FloorChange,
  HeroStats,
  Item,
  ItemEffect,
  Project,
  ProjectFiles,
  StatGain,
  TileInfo,
  TileKind,
  TowerValues,
  Transfer,
} from './model.js';
export {
  readDamageCode,
  DAMAGE_FUNCTIONS,
  type DamageCode,
  type DamageFunctionName,
} from './format/functions.js';
export { floorArrivals, arrivalsOf, type Arrival, type ArrivalSource } from './graph/arrivals.js';
export {
  game,
  floorLevel,
  levelProject,
  type FloorLevel,
  type MotaAnswer,
  type MotaLevel,
  type TreeLevel,
} from './game.js';
export { checkHero, checkKeys } from './hero.js';
export { walkRoute, walkTowerRoute, type RouteWalk, type TowerRouteWalk } from './walk/replay.js';
export { towerReplay, type ReplayFloor, type TowerReplay } from './plan/replay.js';
export { RoomGateReach, type RoomGateGraph } from './graph/reach.js';
export {
  keysForEveryDoor,
  PLAN_FLOOR_WORK,
  planTower,
  solveFloorArrivals,
  playOrder,
  type PlayOrder,
  type ArrivalPlan,
  type FloorPlan,
  type PlanTowerOptions,
  type TowerHeroOffer,
  type TowerPlan,
} from './plan/tower.js';
export { foughtNothingBecauseHeCouldNot, offerHero, type HeroOffer } from './plan/offer.js';
export { formatNumber } from './format/number.js';
export {
  decodeMoves,
  encodeMoves,
  h5Route,
  parseH5Route,
  printH5Route,
  type H5Route,
  type H5RouteOptions,
} from './format/h5route.js';
export { parseAssignment } from './format/jsfile.js';
export { readItemEffect, gainAt } from './format/item-effect.js';
export { collectProjectFiles, loadProject } from './format/project.js';
export {
  battle,
  defenceSaving,
  MODELLED_SPECIALS,
  type BattleOptions,
  type BattleResult,
  type DefenceSaving,
  type LinearityFlag,
} from './graph/damage.js';
export {
  buildFloorGraph,
  defaultPosition,
  listFloors,
  closedSteps,
  CELL,
  type CellRef,
  type FloorGraph,
  type FloorGraphOptions,
  type Gate,
  type NonlinearMonster,
  type Region,
  type Unbeatable,
} from './graph/floor-graph.js';
export { hornOrder, checkOutTree, orderObjective, type OutTree } from './solve/horn.js';
export {
  solveGates,
  greedyGates,
  orderCost,
  compileGates,
  DEFAULT_MAX_HELD,
  MAX_EXACT_GATES,
  SEARCH_UNIT,
  TOO_MANY_GATES,
  type CompiledGates,
  type ExactOptions,
  type GateProblem,
  type GateSolution,
} from './solve/exact.js';
export {
  openTowerDamage,
  type FloorCell,
  type SandboxLimits,
  type TowerDamage,
  type TowerDamageSandbox,
} from './sandbox/tower-damage.js';
export {
  checkWithTowerCode,
  MAX_CHECKED_DEFENCE_POINTS,
  type TowerCodeCheck,
  type TowerCodeMonster,
} from './sandbox/check.js';
export {
  solveFloor,
  CUSTOM_DAMAGE_NOTE,
  TOWER_CODE_NOTE,
  type Fight,
  type FloorSolution,
  type PickUp,
  type SolveFloorOptions,
  type SolveMethod,
} from './solve/floor.js';
export {
  checkTree,
  parseTree,
  solveTree,
  type TreeInput,
  type TreeNode,
  type TreeSolution,
} from './solve/tree.js';
export { floorSummary, probeHero, type FloorSummary } from './graph/summary.js';
export {
  arrivalJson,
  arrivalPlansJson,
  engineJson,
  offerJson,
  planJson,
  solutionJson,
  towerReplayJson,
} from './format/json.js';
