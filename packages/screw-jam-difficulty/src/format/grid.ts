import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import type { Bar, Level, LevelSolution, Screw } from '../model.js';
import { validateLevel } from './level.js';
import { arr, fail, int, obj, onlyKeys, str } from './json.js';

/** The name and version an engine checks before reading a grid export. */
export const GRID_FORMAT = 'puzzlekit-screw-jam-grid';
export const GRID_VERSION = 1;

/** One layer of a grid export: a bar number and a screw colour code per cell. */
export interface GridLayer {
  /** The layer (higher is on top). */
  readonly layer: number;
  /** `bars[y][x]`: 0 for no bar, k for the level's k-th bar (from 1), which covers the cell. */
  readonly bars: readonly (readonly number[])[];
  /** `screws[y][x]`: 0 for no screw, k for a screw of colour `legend.colors[k − 1]` at the cell's centre. */
  readonly screws: readonly (readonly number[])[];
}

/**
 * A level as plain grids an engine (Unity, Godot, Cocos, Phaser) loads without our code: per layer,
 * the cells of each bar and the screws through them, as numbers, with a legend. A screw at (x, y) of
 * layer L can be tapped when no layer above L has a bar at (x, y); a bar falls when its last screw
 * goes; boxes of three and the tray of `traySize` follow the game's rules.
 */
export interface GridExport {
  readonly format: typeof GRID_FORMAT;
  readonly version: typeof GRID_VERSION;
  readonly name?: string;
  readonly width: number;
  readonly height: number;
  readonly traySize: number;
  /** What the cell codes mean: `colors[k − 1]` is colour code k. */
  readonly legend: {
    readonly bars: string;
    readonly screws: string;
    readonly colors: readonly string[];
  };
  /** The layers that hold a bar, bottom first. */
  readonly layers: readonly GridLayer[];
  /** A winning play: box colour codes in spawn order, screws tapped as `[x, y, layer]`. */
  readonly solution?: {
    readonly boxes: readonly number[];
    readonly taps: readonly (readonly [number, number, number])[];
  };
}

const BARS_LEGEND =
  '0: no bar; k: the k-th bar of the level (numbered from 1), which covers the cell';
const SCREWS_LEGEND =
  "0: no screw; k: a screw of colour legend.colors[k - 1] at the cell's centre, through the bar of that cell";

function noGrid(path: string, why: string): never {
  throw new InvalidInputError(`no grid form: ${why}`, { path, code: 'NO_GRID_FORM' });
}

/**
 * The grid export of a level. Only a level of cell bars with every screw at a cell's centre, no two
 * bars of one layer on one cell, has one.
 *
 * @throws InvalidInputError (code `NO_GRID_FORM`, with the JSON path) for a polygon bar, a screw off
 *   a cell's centre, or two bars of one layer on one cell.
 */
export function toGridExport(level: Level): GridExport {
  const { width, height } = level;
  const byLayer = new Map<number, { bars: number[][]; screws: number[][] }>();
  const colorCode = new Map(level.colors.map((c, i) => [c, i + 1]));
  const where: [number, number, number][] = [];
  const grid = (layer: number) => {
    let g = byLayer.get(layer);
    if (!g) {
      const blank = () => Array.from({ length: height }, () => new Array<number>(width).fill(0));
      byLayer.set(layer, (g = { bars: blank(), screws: blank() }));
    }
    return g;
  };
  level.bars.forEach((bar, bi) => {
    const p = `$.bars[${bi}]`;
    if (!bar.cells) noGrid(`${p}.polygon`, 'a polygon bar has no cells');
    const g = grid(bar.layer);
    for (const [x, y] of bar.cells) {
      if (g.bars[y]![x] !== 0)
        noGrid(
          p,
          `bars ${g.bars[y]![x]! - 1} and ${bi} of layer ${bar.layer} share cell (${x}, ${y})`,
        );
      g.bars[y]![x] = bi + 1;
    }
    bar.screws.forEach((s, si) => {
      const x = s.x - 0.5;
      const y = s.y - 0.5;
      if (!Number.isInteger(x) || !Number.isInteger(y))
        noGrid(`${p}.screws[${si}]`, `screw at (${s.x}, ${s.y}) is not at a cell's centre`);
      if (g.screws[y]![x] !== 0)
        noGrid(`${p}.screws[${si}]`, `two screws of layer ${bar.layer} in cell (${x}, ${y})`);
      g.screws[y]![x] = colorCode.get(s.color)!;
      where.push([x, y, bar.layer]);
    });
  });
  const layers = [...byLayer]
    .sort((a, b) => a[0] - b[0])
    .map(([layer, g]): GridLayer => ({ layer, bars: g.bars, screws: g.screws }));
  const out: GridExport = {
    format: GRID_FORMAT,
    version: GRID_VERSION,
    ...(level.name === undefined ? {} : { name: level.name }),
    width,
    height,
    traySize: level.traySize,
    legend: { bars: BARS_LEGEND, screws: SCREWS_LEGEND, colors: [...level.colors] },
    layers,
  };
  if (!level.solution) return out;
  return {
    ...out,
    solution: {
      boxes: level.solution.boxes.map((c) => colorCode.get(c)!),
      taps: level.solution.taps.map((t) => where[t]!),
    },
  };
}

/** A grid of whole numbers `height` rows by `width` columns, each in 0..max. */
function readGrid(value: unknown, path: string, width: number, height: number, max: number) {
  const rows = arr(value, path);
  if (rows.length !== height) fail(path, `expected ${height} rows, got ${rows.length}`);
  return rows.map((row, y) => {
    const cells = arr(row, `${path}[${y}]`);
    if (cells.length !== width)
      fail(`${path}[${y}]`, `expected ${width} cells, got ${cells.length}`);
    return cells.map((c, x) => int(c, `${path}[${y}][${x}]`, 0, max));
  });
}

/**
 * Reads a grid export back into a level (checked by {@link validateLevel}): bar k's cells are the
 * cells numbered k, in row order; its screws those of its cells, in the same order. A level written
 * by the generator reads back equal to itself.
 *
 * @throws InvalidInputError (code `INVALID_LEVEL`, with the JSON path) for a malformed export.
 */
export function fromGridExport(input: unknown): Level {
  const o = obj(input, '$');
  onlyKeys(
    o,
    ['format', 'version', 'name', 'width', 'height', 'traySize', 'legend', 'layers', 'solution'],
    '$',
  );
  if (o.format !== GRID_FORMAT)
    fail('$.format', `expected ${quoteInput(GRID_FORMAT)}, got ${quoteInput(String(o.format))}`);
  if (o.version !== GRID_VERSION)
    fail('$.version', `expected ${GRID_VERSION}, got ${String(o.version)}`);
  const width = int(o.width, '$.width', 1, 10_000);
  const height = int(o.height, '$.height', 1, 10_000);
  const traySize = int(o.traySize, '$.traySize', 0, 1000);
  const legend = obj(o.legend, '$.legend');
  onlyKeys(legend, ['bars', 'screws', 'colors'], '$.legend');
  str(legend.bars, '$.legend.bars');
  str(legend.screws, '$.legend.screws');
  const colors = arr(legend.colors, '$.legend.colors').map((c, i) =>
    str(c, `$.legend.colors[${i}]`),
  );
  const bars: { layer: number; cells: [number, number][]; screws: Screw[] }[] = [];
  const screwAt = new Map<string, number>();
  const layersIn = arr(o.layers, '$.layers');
  // Bars by number; each keeps its cells and screws in row order.
  const barOf = (k: number, layer: number, path: string) => {
    const b = (bars[k - 1] ??= { layer, cells: [], screws: [] });
    if (b.layer !== layer) fail(path, `bar ${k} appears in layers ${b.layer} and ${layer}`);
    return b;
  };
  layersIn.forEach((entry, li) => {
    const p = `$.layers[${li}]`;
    const lo = obj(entry, p);
    onlyKeys(lo, ['layer', 'bars', 'screws'], p);
    const layer = int(lo.layer, `${p}.layer`, 0, 1_000_000);
    const barGrid = readGrid(lo.bars, `${p}.bars`, width, height, 100_000);
    const screwGrid = readGrid(lo.screws, `${p}.screws`, width, height, colors.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const k = barGrid[y]![x]!;
        const c = screwGrid[y]![x]!;
        if (k > 0) barOf(k, layer, `${p}.bars[${y}][${x}]`).cells.push([x, y]);
        if (c === 0) continue;
        if (k === 0) fail(`${p}.screws[${y}][${x}]`, 'a screw needs a bar in its cell');
        bars[k - 1]!.screws.push({ x: x + 0.5, y: y + 0.5, color: colors[c - 1]! });
      }
  });
  // Bar numbers run 1..n without a gap (a sparse array: forEach would skip the holes).
  for (let i = 0; i < bars.length; i++)
    if (bars[i] === undefined) fail('$.layers', `bar ${i + 1} has no cell`);
  // Global screw indices, bar by bar, for the solution's taps.
  let index = 0;
  for (const b of bars)
    for (const s of b.screws) screwAt.set(`${s.x - 0.5},${s.y - 0.5},${b.layer}`, index++);
  let solution: LevelSolution | undefined;
  if (o.solution !== undefined) {
    const so = obj(o.solution, '$.solution');
    onlyKeys(so, ['boxes', 'taps'], '$.solution');
    const boxes = arr(so.boxes, '$.solution.boxes').map(
      (c, i) => colors[int(c, `$.solution.boxes[${i}]`, 1, colors.length) - 1]!,
    );
    const taps = arr(so.taps, '$.solution.taps').map((t, i) => {
      const tp = `$.solution.taps[${i}]`;
      const xyz = arr(t, tp);
      if (xyz.length !== 3) fail(tp, `expected [x, y, layer], got ${xyz.length} numbers`);
      const key = xyz.map((v, j) => int(v, `${tp}[${j}]`, 0, 1_000_000)).join(',');
      const s = screwAt.get(key);
      if (s === undefined) fail(tp, `no screw at [${key}]`);
      return s;
    });
    solution = { boxes, taps };
  }
  const level: Level = {
    ...(o.name === undefined ? {} : { name: str(o.name, '$.name') }),
    width,
    height,
    colors,
    traySize,
    bars: bars.map((b): Bar => ({ layer: b.layer, cells: b.cells, screws: b.screws })),
    ...(solution === undefined ? {} : { solution }),
  };
  return validateLevel(level);
}
