import {
  describeOutcome,
  type AnyGame,
  type Budget,
  type JobDefaults,
  type JsonValue,
  type Outcome,
} from '@puzzlekit/job';
import { Rng, type Seed } from '@puzzlekit/rng';
import type { JobBudget, NormalizedSpec } from './spec.js';

/** How one job of a level ended and the work it spent (in the job's unit): no timings. */
export interface JobReport {
  readonly outcome: Outcome;
  readonly work: number;
}

/** The jobs run for one candidate. */
export interface JobReports {
  readonly generate: JobReport;
  readonly verify?: { readonly ok: boolean };
  readonly solve?: JobReport;
  readonly rate?: JobReport;
}

/** Milliseconds each job of a candidate took (for the manifest only; never in `levels.jsonl`). */
export interface JobTimings {
  generate: number;
  verify: number;
  solve: number;
  rate: number;
}

/** A candidate that did not become the level, and why (one line). */
export interface RejectedCandidate {
  readonly index: number;
  readonly candidate: number;
  readonly reason: string;
  readonly jobs: JobReports;
}

/** The level a candidate became: what `levels.jsonl` records, before duplicates are checked. */
export interface AcceptedLevel {
  readonly candidate: number;
  readonly level: JsonValue;
  readonly answer?: JsonValue;
  readonly rating?: { readonly score: number; readonly grade?: string };
  /** `solved` when the answer was replayed and holds; else how the proof ended. */
  readonly outcome: Outcome;
  readonly jobs: JobReports;
}

/**
 * The result of one level task: candidates `from`, `from + 1`, … tried in order until one is accepted
 * or `maxCandidates` have been tried. Plain data (it crosses threads, a journal and a job queue).
 */
export interface LevelResult {
  readonly index: number;
  readonly from: number;
  readonly accepted?: AcceptedLevel;
  readonly rejected: readonly RejectedCandidate[];
  /** Jobs that a bound stopped (the level may still be accepted, e.g. unrated). */
  readonly budgetStopped: readonly BudgetStop[];
  readonly timings: JobTimings;
}

/** A job of a candidate that gave up on a bound. */
export interface BudgetStop {
  readonly index: number;
  readonly candidate: number;
  readonly job: 'generate' | 'solve' | 'rate';
  readonly outcome: Outcome;
}

/**
 * The random stream of candidate `candidate` of level `index`. Candidate 0 is
 * `Rng.forIndex(seed, index)`; a replacement candidate k ≥ 1 (after a duplicate or a rejected level)
 * comes from a second derived seed, `Rng.forIndex(`${seed}/candidate ${k}`, index)`: it too depends
 * only on (seed, index, k), so a pack is the same whoever makes which level.
 */
export function candidateRng(seed: Seed, index: number, candidate: number): Rng {
  return candidate === 0
    ? Rng.forIndex(seed, index)
    : Rng.forIndex(`${String(seed)}/candidate ${candidate}`, index);
}

/**
 * A job's budget in a pack: the game's default work and memory bounds, then the spec's. The game's
 * default time limit (meant for a person waiting at a terminal) is left out: a pack's bytes must not
 * depend on the machine's speed, so only the spec's own `maxMs` stops a job by the clock.
 */
export function packJobBudget(defaults: JobDefaults, override: JobBudget | undefined): Budget {
  const { maxWork, maxStates } = defaults.budget;
  return {
    ...(maxWork === undefined ? {} : { maxWork }),
    ...(maxStates === undefined ? {} : { maxStates }),
    ...override,
  };
}

function timed<T>(timings: JobTimings, job: keyof JobTimings, run: () => T): T {
  const start = performance.now();
  try {
    return run();
  } finally {
    timings[job] += performance.now() - start;
  }
}

type CandidateVerdict =
  { readonly accepted: AcceptedLevel } | { readonly reason: string; readonly jobs: JobReports };

/** Makes, replays, solves and rates one candidate of level `index`. */
function makeCandidate(
  game: AnyGame,
  spec: NormalizedSpec,
  index: number,
  candidate: number,
  timings: JobTimings,
  stops: BudgetStop[],
): CandidateVerdict {
  const generator = game.generate!;
  const rng = candidateRng(spec.seed, index, candidate);
  const made = timed(timings, 'generate', () =>
    generator.run(spec.options, rng, packJobBudget(generator, spec.budget.generate)),
  );
  const generate: JobReport = { outcome: made.outcome, work: made.work };
  if (made.outcome.kind === 'gave-up') {
    stops.push({ index, candidate, job: 'generate', outcome: made.outcome });
  }
  if (!('value' in made)) {
    return { reason: `generate: ${describeOutcome(made.outcome)}`, jobs: { generate } };
  }
  const { level, answer: builtAnswer } = made.value;
  const verify = game.verify?.bind(game);

  let builtHolds: boolean | undefined;
  if (builtAnswer !== undefined && verify !== undefined) {
    const verdict = timed(timings, 'verify', () => verify(level, builtAnswer));
    if (!verdict.ok) {
      return {
        reason: `the generator's answer fails its replay: ${verdict.reason}`,
        jobs: { generate, verify: { ok: false } },
      };
    }
    builtHolds = true;
  }

  let solve: JobReport | undefined;
  let solvedAnswer: unknown;
  if (game.solve !== undefined) {
    const solver = game.solve;
    const result = timed(timings, 'solve', () =>
      solver.run(level, packJobBudget(solver, spec.budget.solve), {}),
    );
    solve = { outcome: result.outcome, work: result.work };
    if (result.outcome.kind === 'gave-up') {
      stops.push({ index, candidate, job: 'solve', outcome: result.outcome });
    }
    if (result.outcome.kind === 'impossible') {
      return { reason: 'solve: proven impossible', jobs: { generate, solve } };
    }
    if ('value' in result && verify !== undefined) {
      const verdict = timed(timings, 'verify', () => verify(level, result.value));
      if (!verdict.ok) {
        return {
          reason: `the solver's answer fails its replay: ${verdict.reason}`,
          jobs: { generate, verify: { ok: false }, solve },
        };
      }
    }
    if ('value' in result) solvedAnswer = result.value;
  }

  // The solver's answer is what the game proves; the generator's answer stands in when it has none.
  const answer = solvedAnswer ?? builtAnswer;
  const proven = solvedAnswer !== undefined || builtHolds === true;
  if (!proven && verify !== undefined) {
    const why = solve === undefined ? 'no answer to replay' : describeOutcome(solve.outcome);
    const jobs: JobReports = solve === undefined ? { generate } : { generate, solve };
    return { reason: `unproven: ${why}`, jobs };
  }

  let rate: JobReport | undefined;
  let rating: AcceptedLevel['rating'];
  if (game.rate !== undefined) {
    const rater = game.rate;
    const result = timed(timings, 'rate', () =>
      rater.run(level, packJobBudget(rater, spec.budget.rate)),
    );
    rate = { outcome: result.outcome, work: result.work };
    if (result.outcome.kind === 'gave-up') {
      stops.push({ index, candidate, job: 'rate', outcome: result.outcome });
    }
    if ('value' in result) {
      const { score, grade } = result.value;
      rating = grade === undefined ? { score } : { score, grade };
    }
  }

  const jobs: { -readonly [K in keyof JobReports]: JobReports[K] } = { generate };
  if (verify !== undefined) jobs.verify = { ok: true };
  if (solve !== undefined) jobs.solve = solve;
  if (rate !== undefined) jobs.rate = rate;
  const accepted: { -readonly [K in keyof AcceptedLevel]: AcceptedLevel[K] } = {
    candidate,
    level: game.levelToJson(level),
    outcome: proven ? { kind: 'solved' } : (solve?.outcome ?? generate.outcome),
    jobs,
  };
  if (answer !== undefined) accepted.answer = game.answerToJson(answer);
  if (rating !== undefined) accepted.rating = rating;
  return { accepted };
}

/**
 * Level `index` of a pack: candidates from `from` on, until one is generated, its answer replays (the
 * generator's or the solver's) and it is rated; deterministic in (spec, index, from) whenever no job is
 * stopped by the clock. Duplicates are checked later, in index order, by whoever assembles the pack.
 */
export function makeLevel(
  game: AnyGame,
  spec: NormalizedSpec,
  index: number,
  from: number,
): LevelResult {
  const timings: JobTimings = { generate: 0, verify: 0, solve: 0, rate: 0 };
  const rejected: RejectedCandidate[] = [];
  const budgetStopped: BudgetStop[] = [];
  for (let candidate = from; candidate < spec.maxCandidates; candidate++) {
    const verdict = makeCandidate(game, spec, index, candidate, timings, budgetStopped);
    if ('accepted' in verdict) {
      return { index, from, accepted: verdict.accepted, rejected, budgetStopped, timings };
    }
    rejected.push({ index, candidate, reason: verdict.reason, jobs: verdict.jobs });
  }
  return { index, from, rejected, budgetStopped, timings };
}
