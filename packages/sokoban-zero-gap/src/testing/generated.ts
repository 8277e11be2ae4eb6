import { describeOutcome, type Budget, type Outcome } from '@puzzlekit/job';
import type { Seed } from '@puzzlekit/rng';
import { generate, type GenerateOptions, type GeneratedLevel } from '../generate/generate.js';
import type { Push } from '../model.js';
import type { SolveResult } from '../solve/result.js';

/** For tests: {@link generate}'s level, or an error naming how the job ended without one. */
export function generated(
  options: GenerateOptions & { readonly seed: Seed },
  budget: Budget = {},
): GeneratedLevel {
  const r = generate(options, budget);
  if (!('value' in r)) {
    throw new Error(
      `${describeOutcome(r.outcome)}${r.lastRejection ? `: ${r.lastRejection}` : ''}`,
    );
  }
  return r.value;
}

/** For tests: a solve result with its answer's fields flattened (empty when it has none). */
export function flat(r: SolveResult): {
  solved: boolean;
  optimal: boolean;
  pushes: number;
  moves: number;
  solution: string;
  pushList: readonly Push[];
  work: number;
  lowerBound: number;
  outcome: Outcome;
} {
  const v = 'value' in r ? r.value : undefined;
  return {
    solved: v !== undefined,
    optimal: v?.optimal ?? false,
    pushes: v?.pushes ?? 0,
    moves: v?.moves ?? 0,
    solution: v?.solution ?? '',
    pushList: v?.pushList ?? [],
    work: r.work,
    lowerBound: r.lowerBound,
    outcome: r.outcome,
  };
}
