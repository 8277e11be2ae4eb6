/** Least-squares refit of the difficulty formula's five coefficients. */
import { InvalidInputError } from '@puzzlekit/errors';
import {
  expectArray,
  expectNumber,
  expectObject,
  onlyKeys,
  own,
  parseJsonText,
} from '../format/json.js';
import { paperDifficulty, type DifficultyCoefficients, type LevelRow } from './difficulty.js';

/** Options of {@link fitDifficulty}. */
export interface FitOptions {
  /** Keep b1 and b2 at these values and fit a1..a3 only (ordinary linear least squares). */
  readonly fixedExponents?: { readonly b1: number; readonly b2: number };
  /** Grid of exponents tried for b1 and b2 before refining (default 1/12, 2/12, …, 36/12). */
  readonly grid?: readonly number[];
  /** Levenberg–Marquardt iterations after the grid (default 200). */
  readonly iterations?: number;
}

/** Result of {@link fitDifficulty}. */
export interface FitResult {
  /** The fitted a1, a2, a3, b1, b2. */
  readonly coefficients: DifficultyCoefficients;
  /** Sum of squared residuals (predicted D − level). */
  readonly sse: number;
  /** Root mean square residual. */
  readonly rmse: number;
  /** The best grid point (exponents and linear a's) before refinement, when the exponents were free. */
  readonly gridBest: DifficultyCoefficients | null;
  /** Which method produced the coefficients. */
  readonly method: 'linear' | 'grid+levenberg-marquardt';
}

function features(r: LevelRow, b1: number, b2: number): [number, number, number] {
  return [Math.pow(2 * r.x1 + r.x2, b1) / r.n, Math.pow(r.x3 + r.x4, b2) / r.n, 1];
}

/** Solves a small dense system A x = y by Gaussian elimination with partial pivoting; null if singular. */
function solveLinear(a: number[][], y: number[]): number[] | null {
  const n = y.length;
  const m = a.map((row, i) => [...row, y[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    if (Math.abs(m[p]![c]!) < 1e-12) return null;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k] = m[r]![k]! - f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

function linearFit(
  rows: readonly LevelRow[],
  b1: number,
  b2: number,
): { k: DifficultyCoefficients; sse: number } | null {
  const ata = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const aty = [0, 0, 0];
  for (const r of rows) {
    const f = features(r, b1, b2);
    for (let i = 0; i < 3; i++) {
      aty[i] = aty[i]! + f[i]! * r.level;
      for (let j = 0; j < 3; j++) ata[i]![j] = ata[i]![j]! + f[i]! * f[j]!;
    }
  }
  const a = solveLinear(ata, aty);
  if (!a) return null;
  const k = { a1: a[0]!, a2: a[1]!, a3: a[2]!, b1, b2 };
  return { k, sse: sse(rows, k) };
}

function sse(rows: readonly LevelRow[], k: DifficultyCoefficients): number {
  let s = 0;
  for (const r of rows) s += (paperDifficulty(r, k) - r.level) ** 2;
  return s;
}

/**
 * Most rows {@link fitDifficulty} takes: the grid start fits every row at each of 1,296 exponent
 * pairs, so the work grows with the rows (1,000 rows: about 1 s on a shared 2-core machine).
 */
export const MAX_FIT_ROWS = 1000;
/** Largest magnitude of a value in a row (search counts of a 3×3 puzzle are in the thousands). */
export const MAX_FIT_VALUE = 1e9;

/**
 * Fits D = (a1(2X1+X2)^b1 + a2(X3+X4)^b2)/N + a3 to rows of (X1..X4, N, level) by least squares on
 * (D − level). With `fixedExponents` it is linear least squares in a1..a3. Otherwise the model is
 * nonlinear in b1, b2: a grid over (b1, b2) with the linear fit of a1..a3 at each point picks a start,
 * and Levenberg–Marquardt (analytic Jacobian, exponents kept ≥ 0.001) refines all five together.
 * Rows with N ≤ 0 are rejected; fewer than three rows cannot determine a1..a3.
 */
export function fitDifficulty(rows: readonly LevelRow[], options: FitOptions = {}): FitResult {
  if (rows.length > MAX_FIT_ROWS)
    throw new InvalidInputError(`at most ${MAX_FIT_ROWS} rows, got ${rows.length}`, { path: '$' });
  rows.forEach((r, i) => {
    for (const key of ['x1', 'x2', 'x3', 'x4', 'n', 'level'] as const) {
      if (!Number.isFinite(r[key]) || Math.abs(r[key]) > MAX_FIT_VALUE)
        throw new InvalidInputError(
          `${key} must be a finite number from -${MAX_FIT_VALUE} to ${MAX_FIT_VALUE}`,
          { path: `$[${i}].${key}` },
        );
    }
    if (r.n <= 0) throw new InvalidInputError('N must be positive', { path: `$[${i}].n` });
    if (2 * r.x1 + r.x2 < 0 || r.x3 + r.x4 < 0)
      throw new InvalidInputError('parameters must not be negative', { path: `$[${i}]` });
  });
  if (rows.length < 3)
    throw new InvalidInputError(`need at least 3 rows to fit, got ${rows.length}`, { path: '$' });
  const finish = (
    k: DifficultyCoefficients,
    gridBest: DifficultyCoefficients | null,
    method: FitResult['method'],
  ): FitResult => {
    const s = sse(rows, k);
    return { coefficients: k, sse: s, rmse: Math.sqrt(s / rows.length), gridBest, method };
  };
  if (options.fixedExponents) {
    const f = linearFit(rows, options.fixedExponents.b1, options.fixedExponents.b2);
    if (!f)
      throw new InvalidInputError('the rows do not determine a1..a3 (singular system)', {
        path: '$',
      });
    return finish(f.k, null, 'linear');
  }
  const grid = options.grid ?? Array.from({ length: 36 }, (_, i) => (i + 1) / 12);
  let best: { k: DifficultyCoefficients; sse: number } | null = null;
  for (const b1 of grid) {
    for (const b2 of grid) {
      const f = linearFit(rows, b1, b2);
      if (f && Number.isFinite(f.sse) && (!best || f.sse < best.sse)) best = f;
    }
  }
  if (!best)
    throw new InvalidInputError('the rows do not determine a1..a3 (singular system)', {
      path: '$',
    });
  let k = [best.k.a1, best.k.a2, best.k.a3, best.k.b1, best.k.b2];
  const toK = (v: number[]): DifficultyCoefficients => ({
    a1: v[0]!,
    a2: v[1]!,
    a3: v[2]!,
    b1: v[3]!,
    b2: v[4]!,
  });
  let cur = best.sse;
  let lambda = 1e-3;
  for (let it = 0; it < (options.iterations ?? 200); it++) {
    const jtj = Array.from({ length: 5 }, () => [0, 0, 0, 0, 0]);
    const jtr = [0, 0, 0, 0, 0];
    for (const r of rows) {
      const u = 2 * r.x1 + r.x2;
      const v = r.x3 + r.x4;
      const pu = Math.pow(u, k[3]!);
      const pv = Math.pow(v, k[4]!);
      const res = (k[0]! * pu + k[1]! * pv) / r.n + k[2]! - r.level;
      const j = [
        pu / r.n,
        pv / r.n,
        1,
        u > 0 ? (k[0]! * pu * Math.log(u)) / r.n : 0,
        v > 0 ? (k[1]! * pv * Math.log(v)) / r.n : 0,
      ];
      for (let a = 0; a < 5; a++) {
        jtr[a] = jtr[a]! + j[a]! * res;
        for (let b = 0; b < 5; b++) jtj[a]![b] = jtj[a]![b]! + j[a]! * j[b]!;
      }
    }
    let improved = false;
    for (let tries = 0; tries < 20 && !improved; tries++) {
      const m = jtj.map((row, a) => row.map((x, b) => (a === b ? x * (1 + lambda) + 1e-12 : x)));
      const step = solveLinear(
        m,
        jtr.map((x) => -x),
      );
      if (!step) {
        lambda *= 10;
        continue;
      }
      const trial = k.map((x, i) => x + step[i]!);
      trial[3] = Math.max(trial[3]!, 0.001);
      trial[4] = Math.max(trial[4]!, 0.001);
      const s = sse(rows, toK(trial));
      if (Number.isFinite(s) && s < cur) {
        improved = true;
        k = trial;
        lambda = Math.max(lambda / 10, 1e-12);
        if (cur - s < 1e-14 * Math.max(1, cur)) it = Infinity;
        cur = s;
      } else {
        lambda *= 10;
      }
    }
    if (!improved) break;
  }
  return finish(toK(k), best.k, 'grid+levenberg-marquardt');
}

/**
 * Parses fitting data: a JSON array of `{"level","x1","x2","x3","x4","n"}` rows (the columns of the
 * paper's table). Syntax errors carry line and column; a bad value its JSON path (`$[2].x3`).
 */
export function parseLevelRows(text: string, source?: string): LevelRow[] {
  const list = expectArray(parseJsonText(text, source), '$');
  if (list.length > MAX_FIT_ROWS)
    throw new InvalidInputError(`at most ${MAX_FIT_ROWS} rows, got ${list.length}`, { path: '$' });
  return list.map((raw, i) => {
    const o = expectObject(raw, `$[${i}]`);
    onlyKeys(o, `$[${i}]`, ['level', 'x1', 'x2', 'x3', 'x4', 'n']);
    const get = (k: string): number => {
      const v = expectNumber(own(o, k), `$[${i}].${k}`);
      if (Math.abs(v) > MAX_FIT_VALUE)
        throw new InvalidInputError(
          `${k} must be a finite number from -${MAX_FIT_VALUE} to ${MAX_FIT_VALUE}`,
          { path: `$[${i}].${k}` },
        );
      return v;
    };
    return {
      level: get('level'),
      x1: get('x1'),
      x2: get('x2'),
      x3: get('x3'),
      x4: get('x4'),
      n: get('n'),
    };
  });
}
