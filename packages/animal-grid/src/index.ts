/**
 * `@puzzlekit/animal-grid`: the 3×3 stepped-board animal placement puzzle — puzzle JSON with
 * JSON-path errors, an exact bitmask solver, the contest paper's human-like traced solver and
 * difficulty formula (with a least-squares refit), a deduction-based rating, a seeded generator of
 * minimal unique puzzles, and the game's descriptor (`game`) for the CLI and pack runner. The
 * paper's new game, Beautiful Garden, is the subpath `@puzzlekit/animal-grid/garden`.
 *
 * @packageDocumentation
 */
export {
  ANIMALS,
  COLUMN_FRUITS,
  PIECE_LIMITS,
  ROW_FRUITS,
  cellHeight,
  constraintAnimals,
  isRelative,
  type AbsoluteConstraint,
  type AdjacentConstraint,
  type Animal,
  type ColumnFruit,
  type Constraint,
  type Fruit,
  type HeightConstraint,
  type LineConstraint,
  type Placement,
  type Puzzle,
  type RelativeConstraint,
  type RelativeHeightConstraint,
  type RowFruit,
  type Solution,
} from './model.js';
export { MAX_CONDITIONS, formatPuzzle, parsePuzzle, validatePuzzle } from './format/puzzle-json.js';
export {
  MAX_COLLECTION,
  NO_SUCH_PUZZLE,
  formatCollection,
  isCollection,
  parseCollection,
  parsePuzzleOrCollection,
  validateCollection,
  type CollectionEntry,
} from './format/collection.js';
export { EMPTY_CELL, formatBoard, parseBoard, parsePlacement } from './text/board.js';
export { cellName, cellsText, describeConditions, describeConstraint } from './text/words.js';
export { explainNoSolution, type NoSolutionReason } from './solve/explain.js';
export {
  brokenOnBoard,
  checkAnswer,
  hint,
  type AnswerCheck,
  type BrokenCondition,
  type Hint,
} from './play.js';
export {
  SOLVE_MAX_WORK,
  brokenConstraints,
  countSolutions,
  hasUniqueSolution,
  solve,
  type SolveOptions,
  type SolveResult,
} from './solve/solver.js';
export {
  PAPER_COEFFICIENTS,
  PAPER_TABLE,
  paperDifficulty,
  type DifficultyCoefficients,
  type DifficultyInputs,
  type LevelRow,
} from './rate/difficulty.js';
export {
  GRADES,
  PAPER_GRADE_BANDS,
  REASONING,
  REASONING_WORDS,
  gradeOf,
  gradeText,
  paperGradeBandText,
  paperGradeOf,
  reasoningOf,
  techniquesOf,
  type Grade,
  type Reasoning,
} from './rate/grade.js';
export { paperRating, paperRatingText, type PaperRating } from './rate/summary.js';
export {
  TRACE_MAX_STATES,
  paperTrace,
  type PaperMetrics,
  type PaperTrace,
  type TraceStep,
} from './rate/traced.js';
export {
  MAX_FIT_ROWS,
  MAX_FIT_VALUE,
  fitDifficulty,
  parseLevelRows,
  type FitOptions,
  type FitResult,
} from './rate/fit.js';
export {
  TECHNIQUES,
  nextDeduction,
  rateByDeduction,
  type NextDeduction,
  type DeductionRating,
  type DeductionStep,
  type Technique,
} from './rate/deduction.js';
export {
  averageRanks,
  compareRatings,
  kendallTau,
  spearman,
  type RatingComparison,
  type RatingPair,
} from './rate/compare.js';
export {
  GENERATE_MAX_WORK,
  generatePuzzle,
  redundantConstraints,
  type GenerateOptions,
  type GenerateResult,
  type GeneratedPuzzle,
  type RatingKind,
} from './generate/generator.js';
export { EMPTY_CODE, engineExport, type EngineExport, type LegendEntry } from './format/engine.js';
export { game, type AnimalGridRating } from './game.js';
