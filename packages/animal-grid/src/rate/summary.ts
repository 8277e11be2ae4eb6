/** The paper's rating of one puzzle as a reader wants it: X1..X4, N and D together, and as a line of text. */
import type { Puzzle } from '../model.js';
import { paperDifficulty } from './difficulty.js';
import { gradeOf, type Grade } from './grade.js';
import { paperTrace, type PaperMetrics, type PaperTrace } from './traced.js';

/** X1..X4 and N with D; D is null when it is undefined (no solution) or the trace stopped early. */
export interface PaperRating extends PaperMetrics {
  readonly difficulty: number | null;
}

/** The paper's rating of a puzzle: the traced run, its metrics with D, and the grade of D. */
export function paperRating(puzzle: Puzzle): {
  metrics: PaperRating;
  grade: Grade | null;
  trace: PaperTrace;
} {
  const trace = paperTrace(puzzle);
  const d = paperDifficulty(trace.metrics);
  const difficulty = trace.outcome.kind === 'solved' && Number.isFinite(d) ? d : null;
  return {
    metrics: { ...trace.metrics, difficulty },
    grade: difficulty === null ? null : gradeOf(difficulty),
    trace,
  };
}

/** "X1 26  X2 3  X3 35  X4 30  N 1  D 49.4790", with why D is missing when it is. */
export function paperRatingText(m: PaperRating, complete = true): string {
  const d =
    m.difficulty === null
      ? m.n === 0 && complete
        ? 'undefined (no solution)'
        : '–'
      : m.difficulty.toFixed(4);
  const note = complete ? '' : '  (paper trace stopped at its map budget: partial figures)';
  return `X1 ${m.x1}  X2 ${m.x2}  X3 ${m.x3}  X4 ${m.x4}  N ${m.n}  D ${d}${note}`;
}
