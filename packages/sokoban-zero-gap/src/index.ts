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
  generateLevel,
  boardSize,
  maxSize,
  MAX_S_SIZE,
  MAX_PUSHES,
  MAX_GENERATED_MOVES,
  DEFAULT_GENERATE_ATTEMPTS,
  GENERATE_UNIT,
  GenerationError,
  type GenerateOptions,
  type GenerateResult,
  type GeneratedLevel,
  type Selection,
  type ZeroGapType,
  type TreeAlgorithm,
  type ScrambleStep,
} from './generate/generate.js';
export {
  solve,
  DEFAULT_SOLVE_MEMORY_MB,
  FAST_EXACT_MEMORY,
  FAST_LINE_MEMORY,
  FAST_SHARES,
  FAST_WEIGHTS,
  FAST_SLICE,
  EXACT_FIRST_ROUND_BOXES,
  LINE_WEIGHT,
  SHORTEN_WORK,
  type SolveOptions,
} from './solve/solve.js';
export type { Solution, SolveResult } from './solve/result.js';
export {
  optimize,
  DEFAULT_OPTIMIZE_BUDGET,
  type OptimizeOptions,
  type OptimizeResult,
} from './solve/optimize.js';
export {
  levelStats,
  describeLowerBound,
  DEFAULT_STATS_BUDGET,
  STATS_MAX_DISTANCE_ENTRIES,
  type LevelStats,
  type LowerBound,
} from './stats.js';
export { solveLines } from './solve/lines.js';
export {
  game,
  verifyAnswer,
  verifyCollection,
  levelToJson,
  levelFromJson,
  answerFromJson,
  GENERATE_OPTIONS,
  SOLVE_OPTIONS,
  DEFAULT_GENERATE_BUDGET,
  DEFAULT_SOLVE_BUDGET,
  DEFAULT_RATE_BUDGET,
  type LevelVerdict,
  type CollectionVerdict,
} from './game.js';
export {
  parseCollection,
  printCollection,
  printSok,
  readCollection,
  namedLevels,
  collectionOf,
  collectionFormatOf,
  type CollectionFormatName,
} from './format/detect.js';
export { parseSlc, printSlc, looksLikeSlc, MAX_SLC_CHARS } from './format/slc.js';
