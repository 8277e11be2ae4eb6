/**
 * Screw Jam difficulty: the board model (bars in layers, screws, depth), level and snapshot JSON, the
 * source article's box-difficulty index dct for the middle and the left box, colour picking in a band, a
 * simulator with bot players and box-spawning policies, validation of the index against simulated
 * play (ROC AUC, rank correlation, refitted weights, a dynamic-difficulty controller), and a
 * generator of levels winnable by construction.
 *
 * @packageDocumentation
 */
export type { Point, Screw, Bar, Level, LevelSolution, Snapshot, SnapshotScrew } from './model.js';
export { pointInPolygon, barCovers } from './geometry.js';
export { validateLevel, parseLevel, formatLevel } from './format/level.js';
export { parseJsonText } from './format/json.js';
export { validateSnapshot, parseSnapshot } from './format/snapshot.js';
export {
  compileLevel,
  screwDepths,
  levelSnapshot,
  MAX_COMPILE_WORK,
  MAX_COVERINGS,
} from './board.js';
export type { CompiledLevel } from './board.js';
export {
  SEED_PARAMS,
  READINGS,
  dctMiddle,
  dctLeft,
  dctCurrent,
  isHard,
  checkParams,
  snapshotCounts,
  rateSnapshot,
} from './rate/dct.js';
export type {
  DctParams,
  Reading,
  MiddleInputs,
  LeftInputs,
  SnapshotCounts,
  SnapshotRating,
} from './rate/dct.js';
export { pickInBand, blendWeights, pickBlended } from './rate/pick.js';
export type { BandChoice, BandFallback, Pick } from './rate/pick.js';
export { pickColor } from './rate/pick-snapshot.js';
export type { PickColorOptions, PickedColor } from './rate/pick-snapshot.js';
export { Game, PLAYING, WON, LOST } from './simulate/engine.js';
export type { BoxRecord, BoxPosition, Spawner } from './simulate/engine.js';
export { checkPolicy, makeSpawner } from './simulate/policy.js';
export type { SpawnPolicy } from './simulate/policy.js';
export { checkBot, makeChooser, moveScore } from './simulate/bots.js';
export type { BotKind, BotOptions, Chooser } from './simulate/bots.js';
export {
  simulate,
  playOnce,
  replaySolution,
  replayCompiled,
  SIMULATE_UNIT,
  SIMULATE_MAX_RECORDS,
} from './simulate/simulate.js';
export type {
  SimulateOptions,
  SimulationResult,
  GameResult,
  ReplayResult,
} from './simulate/simulate.js';
export { rocAuc, spearman, ranks } from './validate/stats.js';
export {
  recordDct,
  indexReport,
  tallyIndex,
  refitParams,
  runController,
  dctBins,
  CONTROLLER_UNIT,
} from './validate/validate.js';
export type {
  IndexReport,
  RefitResult,
  ControllerOptions,
  ControllerResult,
} from './validate/validate.js';
export {
  TallyBuilder,
  tallyRecords,
  tallyAuc,
  tallySpearman,
  tallyBins,
  cutAt,
  bestCut,
  monotonicity,
  DEFAULT_BIN_EDGES,
} from './validate/tally.js';
export type { DctTally, DctBin, Cut, BestCut, Monotonicity } from './validate/tally.js';
export { generateLevel, GENERATE_UNIT, PALETTE } from './generate/generate.js';
export type { GenerateOptions, GeneratedLevel } from './generate/generate.js';
export { solveLevel, checkBoxOrder, SOLVE_MAX_WORK, SOLVE_UNIT } from './solve/solve.js';
export type { SolveOptions, SolveResult } from './solve/solve.js';
export { game, rateLevel, verifySolution, solutionFromJson } from './game.js';
export type { LevelRating } from './game.js';
export { renderLevel } from './render.js';
export { indexVerdict, describeValidation, compareBands } from './validate/verdict.js';
export type {
  IndexVerdict,
  PredictionStrength,
  BandRow,
  BandComparison,
  CompareBandsOptions,
} from './validate/verdict.js';
export { toGridExport, fromGridExport, GRID_FORMAT, GRID_VERSION } from './format/grid.js';
export type { GridExport, GridLayer } from './format/grid.js';
