/** The paper's difficulty formula D = (a1(2X1+X2)^b1 + a2(X3+X4)^b2)/N + a3. */

/** The five coefficients of the difficulty formula. */
export interface DifficultyCoefficients {
  /** Weight of the "thinking" term (2·X1 + X2)^b1. */
  readonly a1: number;
  /** Weight of the "search" term (X3 + X4)^b2. */
  readonly a2: number;
  /** Constant offset. */
  readonly a3: number;
  /** Exponent of the thinking term. */
  readonly b1: number;
  /** Exponent of the search term. */
  readonly b2: number;
}

/** The paper's fitted coefficients: a1 = 3.8927, a2 = 2.5347, a3 = −8.3274, b1 = 6/12, b2 = 7/12. */
export const PAPER_COEFFICIENTS: DifficultyCoefficients = {
  a1: 3.8927,
  a2: 2.5347,
  a3: -8.3274,
  b1: 6 / 12,
  b2: 7 / 12,
};

/** The parameters the formula reads (X1..X4 and N). */
export interface DifficultyInputs {
  /** Thinking steps of relative conditions. */
  readonly x1: number;
  /** Positions for the first subject (space complexity). */
  readonly x2: number;
  /** Nodes. */
  readonly x3: number;
  /** Dead ends. */
  readonly x4: number;
  /** Number of solutions. */
  readonly n: number;
}

/**
 * D = (a1·(2·X1 + X2)^b1 + a2·(X3 + X4)^b2) / N + a3. With N = 0 (no solution) the result is
 * `Infinity`: a puzzle without an answer cannot be solved at all.
 */
export function paperDifficulty(
  m: DifficultyInputs,
  k: DifficultyCoefficients = PAPER_COEFFICIENTS,
): number {
  if (m.n <= 0) return Infinity;
  return (k.a1 * Math.pow(2 * m.x1 + m.x2, k.b1) + k.a2 * Math.pow(m.x3 + m.x4, k.b2)) / m.n + k.a3;
}

/** One row of the paper's data: a level and its measured parameters. */
export interface LevelRow extends DifficultyInputs {
  /** The level number, the value D should come close to. */
  readonly level: number;
}

/**
 * The paper's table (Figure 12; Figure 11 repeats levels 2–33): the X values it measured for levels
 * 1, 2, 3, 10, 11, 18, 23, 33 and 50 of the commercial game. The paper prints no D for level 33 and
 * left it out of its fit as an outlier.
 */
export const PAPER_TABLE: readonly LevelRow[] = [
  { level: 1, x1: 0, x2: 2, x3: 3, x4: 0, n: 1 },
  { level: 2, x1: 0, x2: 3, x3: 3, x4: 0, n: 1 },
  { level: 3, x1: 2, x2: 2, x3: 3, x4: 0, n: 1 },
  { level: 10, x1: 0, x2: 6, x3: 4, x4: 0, n: 1 },
  { level: 11, x1: 2, x2: 4, x3: 4, x4: 0, n: 1 },
  { level: 18, x1: 3, x2: 3, x3: 14, x4: 4, n: 1 },
  { level: 23, x1: 10, x2: 3, x3: 15, x4: 4, n: 1 },
  { level: 33, x1: 2, x2: 9, x3: 5, x4: 0, n: 1 },
  { level: 50, x1: 34, x2: 5, x3: 99, x4: 30, n: 1 },
];
