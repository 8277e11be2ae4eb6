import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import type { Bar, Level, Point, Snapshot, SnapshotScrew } from './model.js';
import { barBounds, barCovers } from './geometry.js';

/**
 * A level compiled for fast play: integer indices and typed arrays. Screws are numbered bar by bar in
 * file order (the "global screw index"); colours by their position in `level.colors`.
 */
export interface CompiledLevel {
  /** The colour names, index = colour id. */
  readonly colors: readonly string[];
  /** Tray capacity. */
  readonly traySize: number;
  /** Number of screws. */
  readonly nScrews: number;
  /** Number of bars. */
  readonly nBars: number;
  /** Colour id per screw. */
  readonly screwColor: Int32Array;
  /** Bar per screw. */
  readonly screwBar: Int32Array;
  /** Screws per bar at the start. */
  readonly barScrewCount: Int32Array;
  /** CSR: bars lying above screw s and covering it are coverList[coverStart[s] .. coverStart[s+1]). */
  readonly coverStart: Int32Array;
  /** See coverStart. */
  readonly coverList: Int32Array;
  /** CSR: screws that bar b covers are coveredList[coveredStart[b] .. coveredStart[b+1]). */
  readonly coveredStart: Int32Array;
  /** See coveredStart. */
  readonly coveredList: Int32Array;
  /** Screws per colour at the start. */
  readonly colorTotal: Int32Array;
  /** N: the largest per-colour count at the start. */
  readonly maxPerColor: number;
  /** Rank of each bar's layer among the level's distinct layer values (0 = lowest). */
  readonly barRank: Int32Array;
  /** Distinct layer values. */
  readonly nRanks: number;
  /** Each bar's layer value. */
  readonly barLayer: Int32Array;
}

/**
 * Most bar-over-screw shape tests {@link compileLevel} makes (a bounding-box test counts 1, a
 * polygon test its vertex count) before it refuses the level as too complex: well under a second.
 */
export const MAX_COMPILE_WORK = 50_000_000;
/** Most (bar, screw below it) coverings a level may have: bounds the covering tables' memory. */
export const MAX_COVERINGS = 2_000_000;

/** Fast "does bar b cover point p" for one bar: bounding box first, then cells by key or polygon. */
interface ShapeTest {
  readonly layer: number;
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  /** Cell keys `x * 2^21 + y` for a cell bar, else null. */
  readonly cells: ReadonlySet<number> | null;
  readonly bar: Bar;
  /** Work units a full test costs (1 for cells, the vertex count for a polygon). */
  readonly cost: number;
}

const cellKey = (x: number, y: number): number => x * 2_097_152 + y;

function shapeTest(bar: Bar): ShapeTest {
  const [minX, minY, maxX, maxY] = barBounds(bar);
  const cells = bar.cells ? new Set(bar.cells.map(([x, y]) => cellKey(x, y))) : null;
  return { layer: bar.layer, minX, minY, maxX, maxY, cells, bar, cost: bar.polygon?.length ?? 1 };
}

/** The closed unit cells that can contain coordinate v: floor(v), and v − 1 when v is whole. */
function cellSpan(v: number): [number, number] {
  const f = Math.floor(v);
  return f === v ? [f - 1, f] : [f, f];
}

function coversPoint(t: ShapeTest, p: Point): boolean {
  if (p.x < t.minX || p.x > t.maxX || p.y < t.minY || p.y > t.maxY) return false;
  if (!t.cells) return barCovers(t.bar, p);
  const [x0, x1] = cellSpan(p.x);
  const [y0, y1] = cellSpan(p.y);
  for (let x = x0; x <= x1; x++)
    for (let y = y0; y <= y1; y++) if (t.cells.has(cellKey(x, y))) return true;
  return false;
}

/** Flattens lists into CSR form: start offsets (length + 1) and one concatenated list. */
function csr(lists: readonly (readonly number[])[]): [Int32Array, Int32Array] {
  const start = new Int32Array(lists.length + 1);
  let total = 0;
  lists.forEach((l, i) => {
    start[i] = total;
    total += l.length;
  });
  start[lists.length] = total;
  const list = new Int32Array(total);
  let k = 0;
  for (const l of lists) for (const v of l) list[k++] = v;
  return [start, list];
}

/**
 * Which bars cover which screws: for each screw, the bars in strictly higher layers whose shape
 * covers its point. Work and memory are bounded ({@link MAX_COMPILE_WORK}, {@link MAX_COVERINGS});
 * past either bound the level is refused with an `InvalidInputError` (code `LEVEL_TOO_COMPLEX`).
 */
function coverings(level: Level): { covers: number[][]; covered: number[][] } {
  const tests = level.bars.map(shapeTest);
  // Bars from the top layer down: a screw only looks at the bars above its own layer.
  const byLayer = tests.map((_, i) => i).sort((a, b) => tests[b]!.layer - tests[a]!.layer || a - b);
  const covers: number[][] = [];
  const covered: number[][] = level.bars.map(() => []);
  let work = 0;
  let pairs = 0;
  let s = 0;
  for (const bar of level.bars) {
    for (const screw of bar.screws) {
      const above: number[] = [];
      for (const oi of byLayer) {
        const t = tests[oi]!;
        if (t.layer <= bar.layer) break;
        work += t.cost;
        if (coversPoint(t, screw)) {
          above.push(oi);
          covered[oi]!.push(s);
        }
      }
      pairs += above.length;
      if (work > MAX_COMPILE_WORK || pairs > MAX_COVERINGS)
        throw new InvalidInputError(
          work > MAX_COMPILE_WORK
            ? `the level is too complex: more than ${MAX_COMPILE_WORK} shape tests to find which bars cover which screws`
            : `the level is too complex: more than ${MAX_COVERINGS} (bar, covered screw) pairs`,
          { path: '$.bars', code: 'LEVEL_TOO_COMPLEX' },
        );
      covers.push(above.sort((a, b) => a - b));
      s++;
    }
  }
  return { covers, covered };
}

/**
 * The layers of a level, ranked: `rank[b]` is the position of bar b's layer among the distinct layer
 * values (0 = lowest); the article's "layers on the board" are ranks with a bar still up.
 */
function layerRanks(level: Level): { barRank: Int32Array; nRanks: number; barLayer: Int32Array } {
  const values = [...new Set(level.bars.map((b) => b.layer))].sort((a, b) => a - b);
  const rankOf = new Map(values.map((v, i) => [v, i]));
  return {
    barRank: Int32Array.from(level.bars, (b) => rankOf.get(b.layer)!),
    nRanks: values.length,
    barLayer: Int32Array.from(level.bars, (b) => b.layer),
  };
}

/** Compiles a (validated) level: which bars cover which screws, counts per colour. */
export function compileLevel(level: Level): CompiledLevel {
  const colorId = new Map<string, number>();
  level.colors.forEach((c, i) => colorId.set(c, i));
  const nBars = level.bars.length;
  let nScrews = 0;
  for (const b of level.bars) nScrews += b.screws.length;
  const screwColor = new Int32Array(nScrews);
  const screwBar = new Int32Array(nScrews);
  const barScrewCount = new Int32Array(nBars);
  const colorTotal = new Int32Array(level.colors.length);
  let s = 0;
  level.bars.forEach((bar, bi) => {
    barScrewCount[bi] = bar.screws.length;
    for (const screw of bar.screws) {
      const c = colorId.get(screw.color);
      if (c === undefined)
        throw new InvalidInputError(
          `colour ${quoteInput(screw.color)} is missing from the level's colours`,
          {
            path: '$.colors',
            code: 'INVALID_LEVEL',
          },
        );
      screwColor[s] = c;
      screwBar[s] = bi;
      colorTotal[c]!++;
      s++;
    }
  });
  const { covers, covered } = coverings(level);
  const [coverStart, coverList] = csr(covers);
  const [coveredStart, coveredList] = csr(covered);
  let maxPerColor = 0;
  for (const n of colorTotal) maxPerColor = Math.max(maxPerColor, n);
  return {
    colors: level.colors,
    traySize: level.traySize,
    nScrews,
    nBars,
    screwColor,
    screwBar,
    barScrewCount,
    coverStart,
    coverList,
    coveredStart,
    coveredList,
    colorTotal,
    maxPerColor,
    ...layerRanks(level),
  };
}

/** The depth of every screw of a compiled level at the start, in global screw index order. */
function depthsOf(c: CompiledLevel): number[] {
  const out: number[] = [];
  for (let s = 0; s < c.nScrews; s++) out.push(c.coverStart[s + 1]! - c.coverStart[s]!);
  return out;
}

/**
 * The depth of every screw at the start (global screw index order): how many bars above it cover
 * its point. Depth 0 is tappable; the article's C# reads "top two layers" as depth ≤ 1.
 */
export function screwDepths(level: Level): number[] {
  return depthsOf(compileLevel(level));
}

/**
 * The engine snapshot of a level at its start: every screw with its depth and its bar's layer, an
 * empty tray, no box. Pass `compiled` when the level is already compiled (it is not compiled again).
 */
export function levelSnapshot(
  level: Level,
  compiled: CompiledLevel = compileLevel(level),
): Snapshot {
  const depths = depthsOf(compiled);
  const screws: SnapshotScrew[] = [];
  let s = 0;
  for (const bar of level.bars)
    for (const screw of bar.screws)
      screws.push({ color: screw.color, depth: depths[s++]!, layer: bar.layer });
  return { maxPerColor: compiled.maxPerColor, screws, tray: [], currentBox: null };
}
