/**
 * Lianliankan / Onet / Shisen-Sho boards: layouts and masks, the two-turn link rule with the outer
 * ring, boards that are solvable by construction (with gravity variants and a difficulty knob), an
 * exact solver, hints, solvable shuffles and measured difficulty.
 *
 * @packageDocumentation
 */
export {
  BLOCKED,
  EMPTY,
  FIXED,
  GRAVITIES,
  IllegalMoveError,
  type Board,
  type Cell,
  type Gravity,
  type Mask,
  type Move,
  type RuleOptions,
} from './model.js';
export { MAX_FACES, charToFace, faceToChar } from './format/faces.js';
export {
  boardRows,
  checkBoardShape,
  MAX_SIDE,
  parseBoard,
  parseMask,
  printBoard,
  printMask,
  type ParseOptions,
} from './format/text.js';
export {
  checkMaskFits,
  isMaskConnected,
  maskTileCount,
  randomMask,
  rectangleMask,
  type RandomMaskOptions,
  type Symmetry,
} from './layout/masks.js';
export { canLink, findPath, isDeadlocked, playablePairs } from './link/path.js';
export { playMove, replay, type ReplayResult } from './link/play.js';
export { isSettledBoard } from './generate/settled.js';
export {
  GENERATE_UNIT,
  generateBoard,
  shuffleBoard,
  type GenerateOptions,
  type GeneratedBoard,
  type ShuffleOptions,
} from './generate/generate.js';
export { DEFAULT_SOLVE_NODES } from './solve/budget.js';
export {
  hintMove,
  resumeOrder,
  solveBoard,
  type AnswerSource,
  type Hint,
  type HintResult,
  type SolveOptions,
  type SolveResult,
} from './solve/solve.js';
export {
  RATE_UNIT,
  rateBoard,
  type DifficultyReport,
  type RateOptions,
  type RateResult,
} from './rate/rate.js';
export {
  answerFromJson,
  answerToJson,
  boardFromJson,
  collectionFromJson,
  levelFromJson,
  levelToJson,
  parseCollection,
  printCollection,
  toEngineGrid,
  type CollectionJson,
  type EngineGrid,
  type LegendEntry,
  type Level,
  type LevelJson,
  type MoveJson,
} from './format/json.js';
export { RATING_PLAYOUTS, game, scoreOf, type Answer, type LinkRating } from './game.js';
