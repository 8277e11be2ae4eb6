/** The paper's rating of one puzzle as a reader wants it: X1..X4, N and D together, and as a line of text. */
import type { Puzzle } from '../model.js';
import { paperDifficulty } from './difficulty.js';
import { paperGradeOf, type Grade } from './grade.js';
import { paperTrace, type PaperMetrics, type PaperTrace } from './traced.js';

/** X1..X4 and N with D; D is null when it is undefined (no solution) or the trace stopped early. */
export interface PaperRating extends PaperMetrics {
  readonly difficulty: number | null;
}

/** The paper's rating of a puzzle: the traced run, its metrics with D, and the paper's grade of D. */
export function paperRating(puzzle: Puzzle): {
  metrics: PaperRating;
  paperGrade: Grade | null;
  trace: PaperTrace;
} {
  const trace = paperTrace(puzzle);
  const d = paperDifficulty(trace.metrics);
  const difficulty = trace.outcome.kind === 'solved' && Number.isFinite(d) ? d : null;
  return {
    metrics: { ...trace.metrics, difficulty },
    paperGrade: difficulty === null ? null : paperGradeOf(difficulty),
    trace,
  };
}

/**
 * The paper's figures behind plain labels, for a designer (the paper's symbols in parentheses):
 *
 * ```text
 * paper's difficulty D 49.4790, from: steps with relative conditions (X1) 26, placements of the first
 * animal (X2) 3, partial boards kept (X3) 35, dead ends (X4) 30, solutions (N) 1
 * ```
 *
 * on two lines, with why D is missing when it is.
 */
export function paperRatingText(m: PaperRating, complete = true): string {
  const d =
    m.difficulty === null
      ? m.n === 0 && complete
        ? 'undefined (no solution)'
        : 'not known (the paper trace stopped at its budget: the figures are partial)'
      : m.difficulty.toFixed(4);
  return [
    `paper's difficulty D ${d}, from:`,
    `  steps with relative conditions (X1) ${m.x1}, placements of the first animal (X2) ${m.x2},` +
      ` partial boards kept (X3) ${m.x3}, dead ends (X4) ${m.x4}, solutions (N) ${m.n}`,
  ].join('\n');
}
