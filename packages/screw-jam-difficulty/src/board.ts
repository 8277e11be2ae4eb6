import type { Level, Snapshot } from './model.js';
import { barCovers } from './geometry.js';

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
  const covers: number[][] = [];
  const covered: number[][] = level.bars.map(() => []);
  let s = 0;
  level.bars.forEach((bar, bi) => {
    barScrewCount[bi] = bar.screws.length;
    for (const screw of bar.screws) {
      const c = colorId.get(screw.color);
      if (c === undefined) throw new Error(`colour ${screw.color} missing from level.colors`);
      screwColor[s] = c;
      screwBar[s] = bi;
      colorTotal[c]!++;
      const above: number[] = [];
      level.bars.forEach((other, oi) => {
        if (other.layer > bar.layer && barCovers(other, screw)) {
          above.push(oi);
          covered[oi]!.push(s);
        }
      });
      covers.push(above);
      s++;
    }
  });
  const csr = (lists: number[][]): [Int32Array, Int32Array] => {
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
  };
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
  };
}

/**
 * The depth of every screw at the start (global screw index order): how many bars above it cover
 * its point. Depth 0 is tappable; the seed's "top two layers" are depth ≤ 1.
 */
export function screwDepths(level: Level): number[] {
  const c = compileLevel(level);
  const out: number[] = [];
  for (let s = 0; s < c.nScrews; s++) out.push(c.coverStart[s + 1]! - c.coverStart[s]!);
  return out;
}

/** The engine snapshot of a level at its start: every screw with its depth, empty tray, no box. */
export function levelSnapshot(level: Level): Snapshot {
  const depths = screwDepths(level);
  const screws: { color: string; depth: number }[] = [];
  let s = 0;
  for (const bar of level.bars)
    for (const screw of bar.screws) screws.push({ color: screw.color, depth: depths[s++]! });
  return { maxPerColor: compileLevel(level).maxPerColor, screws, tray: [], currentBox: null };
}
