import { InvalidInputError } from '@puzzlekit/errors';
import type { Snapshot } from '../model.js';

/**
 * The index's parameters. The article uses 30/70, calls boxes with dct > 55 hard, and has a tray of 5.
 * `trayWeight` multiplies M/traySize and `supplyWeight` multiplies (N − n_c)/N when the article's
 * l > 2 holds; with l ≤ 2 the index is M/traySize × 100, and a full tray gives 100, whatever the
 * weights.
 */
export interface DctParams {
  /** Weight of the tray term M/5 (article: 30). */
  readonly trayWeight: number;
  /** Weight of the supply term (N − n_c)/N (article: 70). */
  readonly supplyWeight: number;
  /** A box is "hard" when its dct is strictly above this (article: 55). */
  readonly threshold: number;
  /** Tray capacity: the 5 in M/5 and in "M = 5" (article: 5). */
  readonly traySize: number;
  /**
   * How "the top two layers" (n_c) and "l > 2" are read (default `layers`, the article's prose):
   * `layers` counts the layers of bars still on the board (l = how many distinct layers have a bar
   * up; n_c = screws of c on bars in the two highest of them); `cover` follows the article's C#
   * (`GetBarsBlockingScrew`): n_c = screws of c covered by at most one bar, l > 2 when some screw is
   * covered by two or more.
   */
  readonly reading?: Reading;
}

/** The two readings of "top two layers" and l: the article's prose (`layers`) or its C# (`cover`). */
export type Reading = 'layers' | 'cover';

/** The readings, prose first (the default). */
export const READINGS: readonly Reading[] = ['layers', 'cover'];

/** The article's parameters: 30/70, threshold 55, tray of 5. */
export const SEED_PARAMS: DctParams = {
  trayWeight: 30,
  supplyWeight: 70,
  threshold: 55,
  traySize: 5,
  reading: 'layers',
};

/** The inputs of the middle-box index for one colour c. */
export interface MiddleInputs {
  /** M: tray screws whose colour is not c. */
  readonly M: number;
  /** N: the largest per-colour screw count at the level's start (fixed per level). */
  readonly N: number;
  /** n_c: screws of colour c on the board in the top two layers (under the reading used). */
  readonly nc: number;
  /** The article's l > 2 (under the reading used: more than two layers up, or a screw under two bars). */
  readonly deep: boolean;
}

/** The inputs of the left-box index for a new box of colour b while box a is current. */
export interface LeftInputs {
  /** M: all tray screws. */
  readonly M: number;
  /** K: tray screws of colour b. */
  readonly K: number;
  /** N, as for the middle box. */
  readonly N: number;
  /** n_a: screws of the current colour a in the top two layers (ignored without a current box). */
  readonly na: number;
  /** n_b: screws of colour b in the top two layers. */
  readonly nb: number;
  /** The article's l > 2. */
  readonly deep: boolean;
  /** Whether a box (colour a) is current; without one dct(a) = 0. */
  readonly hasCurrent: boolean;
}

/** (N − n)/N, with N = 0 giving 0 (no screws at the start: nothing to dig for) and n clamped to 0..N. */
function supply(N: number, n: number): number {
  if (N <= 0) return 0;
  return (N - Math.min(Math.max(n, 0), N)) / N;
}

/**
 * The article's first index, dct(c) for a new box of colour c in the middle position:
 * 100 when M = 5 (M ≥ traySize); else M/5·30 + (N − n_c)/N·70 when l > 2; else M/5·100.
 */
export function dctMiddle(i: MiddleInputs, params: DctParams = SEED_PARAMS): number {
  const t = params.traySize;
  if (i.M >= t) return 100;
  if (i.deep) return (i.M / t) * params.trayWeight + supply(i.N, i.nc) * params.supplyWeight;
  return (i.M / t) * 100;
}

/** dct(a) of the article's left-box section (M = all tray screws); 0 without a current box. */
export function dctCurrent(i: LeftInputs, params: DctParams = SEED_PARAMS): number {
  if (!i.hasCurrent) return 0;
  return dctMiddle({ M: i.M, N: i.N, nc: i.na, deep: i.deep }, params);
}

/**
 * The article's second index, dct(b) for a new left box of colour b while the current box has colour
 * a: 100 when M = 5; dct(a) when K ≥ 3; else max((M − K)/5·30 + (N − n_b)/N·70, dct(a)) when l > 2,
 * max((M − K)/5·100, dct(a)) when l ≤ 2.
 */
export function dctLeft(i: LeftInputs, params: DctParams = SEED_PARAMS): number {
  if (i.M >= params.traySize) return 100;
  const a = dctCurrent(i, params);
  if (i.K >= 3) return a;
  const t = params.traySize;
  const own = i.deep
    ? ((i.M - i.K) / t) * params.trayWeight + supply(i.N, i.nb) * params.supplyWeight
    : ((i.M - i.K) / t) * 100;
  return Math.max(own, a);
}

/** Whether a dct value counts as hard (strictly above the threshold, as in the article's "dft > 55"). */
export function isHard(dct: number, params: DctParams = SEED_PARAMS): boolean {
  return dct > params.threshold;
}

/** Checks index parameters, throwing an `InvalidInputError` naming the bad field. */
export function checkParams(params: DctParams): DctParams {
  const bad = (field: string, why: string): never => {
    throw new InvalidInputError(why, { path: `$.${field}`, code: 'INVALID_PARAMS' });
  };
  for (const f of ['trayWeight', 'supplyWeight', 'threshold'] as const) {
    if (!Number.isFinite(params[f])) bad(f, `must be a finite number, got ${params[f]}`);
  }
  if (!Number.isInteger(params.traySize) || params.traySize < 1)
    bad('traySize', `must be a whole number ≥ 1, got ${params.traySize}`);
  if (params.reading !== undefined && !READINGS.includes(params.reading))
    bad('reading', `must be 'layers' or 'cover', got ${JSON.stringify(params.reading)}`);
  return params;
}

/** The counts the index reads from a snapshot, per colour, in a fixed colour order. */
export interface SnapshotCounts {
  /** Colours in order of first appearance: board screws, then tray, then the current box. */
  readonly colors: readonly string[];
  /** n_c per colour under the reading used (the screws "in the top two layers"). */
  readonly top: readonly number[];
  /** Board screws per colour (any depth). */
  readonly board: readonly number[];
  /** Tray screws per colour. */
  readonly tray: readonly number[];
  /** Total tray screws. */
  readonly trayTotal: number;
  /** The article's l > 2 under the reading used. */
  readonly deep: boolean;
}

/**
 * Counts a snapshot's screws per colour (the inputs to the index). Colours are keyed in a `Map`, so
 * any name, `__proto__` and `constructor` included, is an ordinary colour. The `layers` reading
 * needs every screw's `layer` and throws an `InvalidInputError` at the first screw without one.
 */
export function snapshotCounts(s: Snapshot, reading: Reading = 'layers'): SnapshotCounts {
  const index = new Map<string, number>();
  const colors: string[] = [];
  const add = (c: string): number => {
    let i = index.get(c);
    if (i === undefined) {
      i = colors.length;
      index.set(c, i);
      colors.push(c);
    }
    return i;
  };
  for (const sc of s.screws) add(sc.color);
  for (const c of s.tray) add(c);
  if (s.currentBox) add(s.currentBox.color);
  const board = new Array<number>(colors.length).fill(0);
  const tray = new Array<number>(colors.length).fill(0);
  for (const sc of s.screws) board[index.get(sc.color)!]!++;
  for (const c of s.tray) tray[index.get(c)!]!++;
  const { top, deep } =
    reading === 'cover'
      ? coverReading(s, index, colors.length)
      : layerReading(s, index, colors.length);
  return { colors, top, board, tray, trayTotal: s.tray.length, deep };
}

/** The C# reading: n_c = screws covered by at most one bar; l > 2 when one is covered by two. */
function coverReading(
  s: Snapshot,
  index: ReadonlyMap<string, number>,
  nColors: number,
): { top: number[]; deep: boolean } {
  const top = new Array<number>(nColors).fill(0);
  let deep = false;
  for (const sc of s.screws) {
    if (sc.depth <= 1) top[index.get(sc.color)!]!++;
    else deep = true;
  }
  return { top, deep };
}

/**
 * The prose reading: the layers on the board are the distinct `layer` values of the screws still
 * there (a bar with no screw left has fallen); n_c counts screws of c in the two highest; l > 2 when
 * there are more than two.
 */
function layerReading(
  s: Snapshot,
  index: ReadonlyMap<string, number>,
  nColors: number,
): { top: number[]; deep: boolean } {
  const layers = new Set<number>();
  s.screws.forEach((sc, i) => {
    if (sc.layer === undefined)
      throw new InvalidInputError(
        "the article's layer reading needs the layer of every screw's bar; add \"layer\" or rate with reading 'cover'",
        { path: `$.screws[${i}].layer`, code: 'INVALID_SNAPSHOT' },
      );
    layers.add(sc.layer);
  });
  const [first = -Infinity, second = -Infinity] = topTwo(layers);
  const top = new Array<number>(nColors).fill(0);
  for (const sc of s.screws) {
    if (sc.layer === first || sc.layer === second) top[index.get(sc.color)!]!++;
  }
  return { top, deep: layers.size > 2 };
}

/** The two largest values of a set, largest first. */
function topTwo(values: Iterable<number>): number[] {
  let a = -Infinity;
  let b = -Infinity;
  for (const v of values) {
    if (v > a) {
      b = a;
      a = v;
    } else if (v > b && v !== a) b = v;
  }
  return [a, b].filter((v) => v !== -Infinity);
}

/** The rating of a snapshot: dct per colour for a new middle box and for a new left box. */
export interface SnapshotRating {
  /** Colours rated, in order of first appearance (board, tray, current box). */
  readonly colors: readonly string[];
  /**
   * middle[c]: the article's first index for a new box of colour c (M = tray screws not of colour c).
   * A null-prototype object: a colour named `__proto__` or `constructor` is an ordinary key.
   */
  readonly middle: Readonly<Record<string, number>>;
  /**
   * left[b]: the article's second index for a new left box of colour b (dct(a) = 0 without a
   * current box). A null-prototype object, as `middle`.
   */
  readonly left: Readonly<Record<string, number>>;
  /** dct(a) of the current box, or null without one. */
  readonly current: number | null;
  /** Colours that can still get a new box (enough screws left beyond what the current box needs). */
  readonly spawnable: readonly string[];
  /** The threshold used for "hard". */
  readonly threshold: number;
  /** The reading of "top two layers" and l used. */
  readonly reading: Reading;
}

/**
 * Rates an engine snapshot: for every colour, the middle-box index and the left-box index, exactly
 * as the article's prose defines them (M = 5 gives 100), with N taken from `maxPerColor`.
 */
export function rateSnapshot(snapshot: Snapshot, params: DctParams = SEED_PARAMS): SnapshotRating {
  checkParams(params);
  const reading = params.reading ?? 'layers';
  const k = snapshotCounts(snapshot, reading);
  const N = snapshot.maxPerColor;
  const cur = snapshot.currentBox;
  const aIdx = cur ? k.colors.indexOf(cur.color) : -1;
  // Keyed by colour names from the input: null-prototype objects, so `__proto__` is a plain key.
  const middle = Object.create(null) as Record<string, number>;
  const left = Object.create(null) as Record<string, number>;
  const spawnable: string[] = [];
  k.colors.forEach((c, i) => {
    middle[c] = dctMiddle({ M: k.trayTotal - k.tray[i]!, N, nc: k.top[i]!, deep: k.deep }, params);
    left[c] = dctLeft(
      {
        M: k.trayTotal,
        K: k.tray[i]!,
        N,
        na: aIdx >= 0 ? k.top[aIdx]! : 0,
        nb: k.top[i]!,
        deep: k.deep,
        hasCurrent: cur !== null,
      },
      params,
    );
    const need = cur && cur.color === c ? 3 - cur.filled : 0;
    if (k.board[i]! + k.tray[i]! - need >= 3) spawnable.push(c);
  });
  const current = cur
    ? dctCurrent(
        { M: k.trayTotal, K: 0, N, na: k.top[aIdx]!, nb: 0, deep: k.deep, hasCurrent: true },
        params,
      )
    : null;
  return {
    colors: k.colors,
    middle,
    left,
    current,
    spawnable,
    threshold: params.threshold,
    reading,
  };
}
