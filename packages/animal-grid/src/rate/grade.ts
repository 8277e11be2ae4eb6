/**
 * Grades of a puzzle, in words a designer reads. Two scales:
 *
 * - the paper's: bands on its difficulty D alone ({@link paperGradeOf}), which agree with the paper's
 *   own table (its levels 1, 2, 3, 10 and 11 are easy, 18 and 23 medium, Level 50 expert);
 * - this package's ({@link gradeOf}): the hardest kind of reasoning the puzzle needs (from the
 *   deduction trace of `rateByDeduction`) together with D, so that every grade asks for something the
 *   one below does not: a medium puzzle never needs trial and error, a hard one needs conditions
 *   combined, an expert one needs trial.
 */
import { TECHNIQUES, type Technique } from './deduction.js';

/** The grades, easiest first. */
export const GRADES = ['easy', 'medium', 'hard', 'expert'] as const;

/** A grade name. */
export type Grade = (typeof GRADES)[number];

/**
 * The paper's bands on D: `lo ≤ D < hi`. easy below 10, medium 10 to below 25, hard 25 to below 50,
 * expert 50 and above. The paper fitted D to the commercial game's levels: its table puts levels 1, 2,
 * 3, 10 and 11 below 10 (D 1.99 to 8.37), levels 18 and 23 between 10 and 25 (17.03, 24.46), and
 * Level 50 at 68.09.
 */
export const PAPER_GRADE_BANDS: Readonly<Record<Grade, readonly [lo: number, hi: number]>> = {
  easy: [-Infinity, 10],
  medium: [10, 25],
  hard: [25, 50],
  expert: [50, Infinity],
};

/** The paper's grade of a difficulty D, or null when D is not finite (no solution: D is undefined). */
export function paperGradeOf(difficulty: number): Grade | null {
  if (!Number.isFinite(difficulty)) return null;
  return GRADES.find((g) => difficulty < PAPER_GRADE_BANDS[g][1]) ?? 'expert';
}

/** A paper band in words: "D below 10", "D 10 to below 25", "D 50 and above". */
export function paperGradeBandText(grade: Grade): string {
  const [lo, hi] = PAPER_GRADE_BANDS[grade];
  if (lo === -Infinity) return `D below ${hi}`;
  if (hi === Infinity) return `D ${lo} and above`;
  return `D ${lo} to below ${hi}`;
}

/**
 * The kinds of reasoning a puzzle can need, easiest first, by the cost of the hardest deduction
 * (`TECHNIQUES`): `reading` (cost 1: reading absolute conditions, a cell only one animal fits, an
 * animal with exactly its cells left), `one-condition` (cost 2: one relative condition at a time),
 * `combining` (cost 3–4: animals that share out cells, two animals of a condition placed together),
 * `trial` (cost 6 and up: assume a placement and follow it to a contradiction, or guess).
 */
export const REASONING = ['reading', 'one-condition', 'combining', 'trial'] as const;

/** A kind of reasoning. */
export type Reasoning = (typeof REASONING)[number];

/** The kind of reasoning of a deduction of cost `hardest` (the hardest step of a deduction solve). */
export function reasoningOf(hardest: number): Reasoning {
  if (hardest <= TECHNIQUES['last-cells']) return 'reading';
  if (hardest <= TECHNIQUES['relative-condition']) return 'one-condition';
  if (hardest <= TECHNIQUES['pair-analysis']) return 'combining';
  return 'trial';
}

/** The kind of reasoning in words, for a designer. */
export const REASONING_WORDS: Readonly<Record<Reasoning, string>> = {
  reading: 'reading the conditions one by one',
  'one-condition': 'using one relative condition at a time',
  combining: 'combining conditions (animals that share out cells, or two animals placed together)',
  trial: 'trial and error (assume a placement, follow it to a contradiction)',
};

/**
 * The package's grade of a puzzle: by the hardest reasoning it needs (the cost of its hardest
 * deduction step, `DeductionRating.hardest`) and the paper's D:
 *
 * | hardest reasoning             | D < 10 | 10 ≤ D < 25 | D ≥ 25 |
 * | ----------------------------- | ------ | ----------- | ------ |
 * | reading, one condition a time | easy   | medium      | medium |
 * | combining conditions          | medium | medium      | hard   |
 * | trial and error               | expert | expert      | expert |
 *
 * So a grade never needs less than the one below it: medium never needs trial, hard always needs
 * conditions combined and never trial, expert always needs trial. D splits puzzles of one kind of
 * reasoning by how much searching the paper's procedure does. Null when D is not finite (no solution).
 */
export function gradeOf(difficulty: number, hardest: number): Grade | null {
  if (!Number.isFinite(difficulty)) return null;
  const reasoning = reasoningOf(hardest);
  if (reasoning === 'trial') return 'expert';
  if (reasoning === 'combining') return difficulty >= 25 ? 'hard' : 'medium';
  return difficulty >= 10 ? 'medium' : 'easy';
}

/**
 * Why a puzzle has its grade, in one line: "hard: needs combining conditions (…); the paper's
 * difficulty D 34.53".
 */
export function gradeText(grade: Grade, difficulty: number, hardest: number): string {
  return `${grade}: needs ${REASONING_WORDS[reasoningOf(hardest)]}; the paper's difficulty D ${difficulty.toFixed(2)}`;
}

/** The technique names of each kind of reasoning (for documentation and tests). */
export function techniquesOf(reasoning: Reasoning): Technique[] {
  return (Object.keys(TECHNIQUES) as Technique[]).filter(
    (t) => reasoningOf(TECHNIQUES[t]) === reasoning,
  );
}
