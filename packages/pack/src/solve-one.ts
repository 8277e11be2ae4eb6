import {
  readOptions,
  type AnyGame,
  type Budget,
  type JsonValue,
  type Outcome,
} from '@puzzlekit/job';

/** One level of a collection after `solve-all`: how the solver ended, its work, the replayed answer. */
export interface SolveResult {
  readonly index: number;
  readonly outcome: Outcome;
  /** Work units the solver spent (in `unit`). */
  readonly work: number;
  readonly unit: string;
  /** The answer, when solved (as the game's answer JSON). */
  readonly answer?: JsonValue;
  /** Whether the answer replays under the game's rules (absent when unsolved or the game has no replay). */
  readonly verified?: boolean;
  /** The replay's reason, when the answer fails it. */
  readonly reason?: string;
  /** Milliseconds the solver took (a timing: it varies between runs). */
  readonly ms: number;
}

/**
 * Solves one level given as the game's level JSON, with the solver's options (`readOptions` of its
 * `OptionSpec`s: defaults filled in, a bad value refused), and replays the answer.
 *
 * @throws InvalidInputError (from the game's `levelFromJson`, or `readOptions` naming `$.options.x`)
 *   for data that is not a level or options the solver does not take, and Error for a game without a
 *   solver.
 */
export function solveOne(
  game: AnyGame,
  index: number,
  levelJson: unknown,
  budget: Budget,
  options: Readonly<Record<string, unknown>> = {},
): SolveResult {
  const solver = game.solve;
  if (solver === undefined) throw new Error(`game ${game.id} has no solver`);
  const level = game.levelFromJson(levelJson, `$.levels[${index}]`);
  const values = readOptions(solver.options, options, '$.options');
  const start = performance.now();
  const result = solver.run(level, { ...solver.budget, ...budget }, values);
  const ms = performance.now() - start;
  const base = { index, outcome: result.outcome, work: result.work, unit: solver.unit, ms };
  if (!('value' in result)) return base;
  const answer = game.answerToJson(result.value);
  if (game.verify === undefined) return { ...base, answer };
  const verdict = game.verify(level, result.value);
  return verdict.ok
    ? { ...base, answer, verified: true }
    : { ...base, answer, verified: false, reason: verdict.reason };
}
