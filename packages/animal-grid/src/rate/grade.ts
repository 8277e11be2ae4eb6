/**
 * Named grades on the paper's difficulty D. The paper fitted D to the commercial game's level
 * numbers 1–50 (D ≈ level), so the edges read as levels: easy is the game's first nine levels,
 * expert is beyond its hardest published level, Level 50.
 */

/** The grades, easiest first. */
export const GRADES = ['easy', 'medium', 'hard', 'expert'] as const;

/** A grade name. */
export type Grade = (typeof GRADES)[number];

/**
 * The band of each grade on D: `lo ≤ D < hi`. easy below 10, medium 10 to below 25, hard 25 to below
 * 50, expert 50 and above. On 400 generated puzzles (any difficulty) about 10 % are easy, 32 %
 * medium, 33 % hard and 25 % expert (seed `dist`).
 */
export const GRADE_BANDS: Readonly<Record<Grade, readonly [lo: number, hi: number]>> = {
  easy: [-Infinity, 10],
  medium: [10, 25],
  hard: [25, 50],
  expert: [50, Infinity],
};

/** The grade of a difficulty D, or null when D is not finite (no solution: D is undefined). */
export function gradeOf(difficulty: number): Grade | null {
  if (!Number.isFinite(difficulty)) return null;
  return GRADES.find((g) => difficulty < GRADE_BANDS[g][1]) ?? 'expert';
}

/** The band in words: "D below 10", "D 10 to below 25", "D 50 and above". */
export function gradeBandText(grade: Grade): string {
  const [lo, hi] = GRADE_BANDS[grade];
  if (lo === -Infinity) return `D below ${hi}`;
  if (hi === Infinity) return `D ${lo} and above`;
  return `D ${lo} to below ${hi}`;
}
