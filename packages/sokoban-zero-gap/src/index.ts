/**
 * Zero-gap Sokoban levels (the "百川归海" family, types b, e, w, g and s) generated from random spanning
 * trees with their answers; XSB/SOK and LURD reading and writing; replay and verification; a
 * push-optimal solver for small levels and an answer optimizer for large ones.
 *
 * @packageDocumentation
 */
export * from './model.js';
export {
  parseXsb,
  parseLevel,
  printXsb,
  printLevel,
  printBoard,
  type ParseXsbOptions,
  type PrintXsbOptions,
} from './format/xsb.js';
export {
  parseLurd,
  printLurd,
  lurdLimit,
  MAX_LURD_MOVES,
  type ParseLurdOptions,
  parsePushList,
  printPushList,
  type PrintLurdOptions,
} from './format/lurd.js';
export { generatedCollection, generatedLevelEntry, levelSolution } from './format/collection.js';
export {
  expandRle,
  encodeRuns,
  MAX_RLE_DEPTH,
  type Expanded,
  type ExpandOptions,
} from './format/rle.js';
export {
  replay,
  verify,
  pushesToLurd,
  lurdToPushes,
  pushAt,
  type WalkOutOptions,
  type VerifyResult,
  type ReplayFailure,
} from './play.js';
export {
  generate,
  generateMany,
  boardSize,
  maxSize,
  MAX_PUSHES,
  MAX_GENERATED_MOVES,
  GenerationError,
  type GenerateOptions,
  type GeneratedLevel,
  type Selection,
  type ZeroGapType,
  type TreeAlgorithm,
  type ScrambleStep,
} from './generate/generate.js';
export {
  solve,
  DEFAULT_SOLVE_MEMORY_MB,
  DEFAULT_SOLVE_MS,
  DEFAULT_SOLVE_NODES,
  type SolveBound,
  type SolveOptions,
  type SolveResult,
} from './solve/solve.js';
export { optimize, type OptimizeOptions, type OptimizeResult } from './solve/optimize.js';
export { levelStats, STATS_MAX_DISTANCE_ENTRIES, type LevelStats } from './stats.js';
export { solveLines } from './solve/lines.js';
