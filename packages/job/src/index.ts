/**
 * The job vocabulary of puzzlekit and each game's front door.
 *
 * - {@link Budget} and {@link BudgetMeter}: how much work a job may do (work units decide results; a
 *   time limit only stops early and says so).
 * - {@link Outcome} and {@link JobResult}: how a job ended (solved, proven impossible, gave up naming
 *   the bound) and the one result shape of every long job in every game.
 * - {@link GameDescriptor}: what one game can do (parse, print, generate, solve, verify, rate), so the
 *   CLI, the pack runner and the docs treat every game alike.
 *
 * @packageDocumentation
 */
export {
  BudgetMeter,
  DEFAULT_MAX_STATES,
  DEFAULT_MAX_WORK,
  IMPOSSIBLE,
  PROGRESS_EVERY,
  SOLVED,
  budgetValue,
  describeOutcome,
  gaveUp,
  type Bound,
  type Budget,
  type GaveUpOutcome,
  type ImpossibleOutcome,
  type MeterOptions,
  type Outcome,
  type SolvedOutcome,
  type WorkUnit,
} from './budget.js';
export {
  gaveUpResult,
  impossibleResult,
  isSolved,
  solvedResult,
  valueOf,
  type JobResult,
} from './result.js';
export { printJson } from './json.js';
export { flagName, readOptions, type OptionSpec, type OptionValues } from './options.js';
export {
  defineGame,
  type AnyGame,
  type CollectionFormat,
  type GameDescriptor,
  type Generated,
  type JobDefaults,
  type JsonValue,
  type NamedLevel,
  type Rating,
  type Verdict,
} from './descriptor.js';
