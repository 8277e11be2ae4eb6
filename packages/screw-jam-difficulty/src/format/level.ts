import type { Bar, Level, LevelSolution, Screw } from '../model.js';
import { barBounds, barCovers } from '../geometry.js';
import { quoteInput } from '@puzzlekit/errors';
import { arr, fail, int, num, obj, onlyKeys, parseJsonText, str } from './json.js';

const MAX_SIDE = 10_000;
const MAX_BARS = 100_000;
/** Most screws a level may hold: the engine's state and the solver's keys grow with it. */
export const MAX_SCREWS = 100_000;
/** Most cells and polygon vertices a level may list in all: bounds the shapes' memory. */
export const MAX_SHAPE_POINTS = 1_000_000;

function coordPairs(value: unknown, path: string, min: number): (readonly [number, number])[] {
  const list = arr(value, path);
  if (list.length < min) fail(path, `needs at least ${min} entries, got ${list.length}`);
  return list.map((entry, i) => {
    const pair = arr(entry, `${path}[${i}]`);
    if (pair.length !== 2) fail(`${path}[${i}]`, `expected [x, y], got ${pair.length} numbers`);
    return [num(pair[0], `${path}[${i}][0]`), num(pair[1], `${path}[${i}][1]`)] as const;
  });
}

function polygonArea2(points: readonly (readonly [number, number])[]): number {
  let a = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    a += points[j]![0] * points[i]![1] - points[i]![0] * points[j]![1];
  }
  return a;
}

/**
 * Checks a level given as parsed JSON (or any value) and returns it as a typed {@link Level}.
 * Throws an `InvalidInputError` (code `INVALID_LEVEL`) whose `path` is the JSON path of the first
 * problem: wrong types, shapes outside the board, a screw outside its bar, a bar without screws, a
 * colour whose screw count is not a multiple of 3, an unknown colour, a bad recorded solution.
 */
export function validateLevel(input: unknown): Level {
  const o = obj(input, '$');
  onlyKeys(o, ['name', 'width', 'height', 'colors', 'traySize', 'bars', 'solution'], '$');
  const name = o.name === undefined ? undefined : str(o.name, '$.name');
  const width = int(o.width, '$.width', 1, MAX_SIDE);
  const height = int(o.height, '$.height', 1, MAX_SIDE);
  const traySize = o.traySize === undefined ? 5 : int(o.traySize, '$.traySize', 0, 1000);
  const barsIn = arr(o.bars, '$.bars');
  if (barsIn.length === 0) fail('$.bars', 'a level needs at least one bar');
  if (barsIn.length > MAX_BARS) fail('$.bars', `at most ${MAX_BARS} bars`);
  const counts = new Map<string, number>();
  const firstSeen: string[] = [];
  let screwTotal = 0;
  let shapePoints = 0;
  const bars: Bar[] = barsIn.map((b, bi) => {
    const p = `$.bars[${bi}]`;
    const bo = obj(b, p);
    onlyKeys(bo, ['layer', 'cells', 'polygon', 'screws'], p);
    const layer = int(bo.layer, `${p}.layer`, 0, 1_000_000);
    if ((bo.cells === undefined) === (bo.polygon === undefined))
      fail(p, 'a bar needs exactly one of "cells" or "polygon"');
    let cells: (readonly [number, number])[] | undefined;
    let polygon: (readonly [number, number])[] | undefined;
    if (bo.cells !== undefined) {
      shapePoints += arr(bo.cells, `${p}.cells`).length;
      if (shapePoints > MAX_SHAPE_POINTS)
        fail(`${p}.cells`, `a level lists at most ${MAX_SHAPE_POINTS} cells and vertices in all`);
      cells = coordPairs(bo.cells, `${p}.cells`, 1);
      const seen = new Set<number>();
      cells.forEach(([x, y], ci) => {
        const cp = `${p}.cells[${ci}]`;
        if (!Number.isInteger(x) || !Number.isInteger(y))
          fail(cp, 'cell coordinates must be integers');
        if (x < 0 || y < 0 || x >= width || y >= height)
          fail(cp, `cell (${x}, ${y}) is outside the ${width}×${height} board`);
        const key = y * width + x;
        if (seen.has(key)) fail(cp, `cell (${x}, ${y}) is listed twice`);
        seen.add(key);
      });
    } else {
      shapePoints += arr(bo.polygon, `${p}.polygon`).length;
      if (shapePoints > MAX_SHAPE_POINTS)
        fail(`${p}.polygon`, `a level lists at most ${MAX_SHAPE_POINTS} cells and vertices in all`);
      polygon = coordPairs(bo.polygon, `${p}.polygon`, 3);
      polygon.forEach(([x, y], vi) => {
        if (x < 0 || y < 0 || x > width || y > height)
          fail(
            `${p}.polygon[${vi}]`,
            `vertex (${x}, ${y}) is outside the ${width}×${height} board`,
          );
      });
      if (Math.abs(polygonArea2(polygon)) < 1e-12)
        fail(`${p}.polygon`, 'the polygon has zero area');
    }
    const screwsIn = arr(bo.screws, `${p}.screws`);
    if (screwsIn.length === 0)
      fail(`${p}.screws`, 'a bar needs at least one screw (a bar is held by its screws)');
    screwTotal += screwsIn.length;
    if (screwTotal > MAX_SCREWS) fail(`${p}.screws`, `a level holds at most ${MAX_SCREWS} screws`);
    const shape: Bar = cells
      ? { layer, cells, screws: [] }
      : { layer, polygon: polygon!, screws: [] };
    const screws: Screw[] = screwsIn.map((s, si) => {
      const sp = `${p}.screws[${si}]`;
      const so = obj(s, sp);
      onlyKeys(so, ['x', 'y', 'color'], sp);
      const x = num(so.x, `${sp}.x`);
      const y = num(so.y, `${sp}.y`);
      const color = str(so.color, `${sp}.color`);
      if (!barCovers(shape, { x, y })) fail(sp, `screw at (${x}, ${y}) is not on its bar`);
      if (!counts.has(color)) firstSeen.push(color);
      counts.set(color, (counts.get(color) ?? 0) + 1);
      return { x, y, color };
    });
    const [minX, minY, maxX, maxY] = barBounds(shape);
    if (minX < 0 || minY < 0 || maxX > width || maxY > height)
      fail(p, 'the bar lies outside the board');
    return cells ? { layer, cells, screws } : { layer, polygon: polygon!, screws };
  });
  let colors: string[];
  if (o.colors === undefined) colors = firstSeen;
  else {
    colors = arr(o.colors, '$.colors').map((c, i) => str(c, `$.colors[${i}]`));
    const set = new Set<string>();
    colors.forEach((c, i) => {
      if (set.has(c)) fail(`$.colors[${i}]`, `colour ${quoteInput(c)} is listed twice`);
      set.add(c);
    });
    // Every screw colour must be declared.
    bars.forEach((bar, bi) =>
      bar.screws.forEach((s, si) => {
        if (!set.has(s.color))
          fail(
            `$.bars[${bi}].screws[${si}].color`,
            `colour ${quoteInput(s.color)} is not in $.colors`,
          );
      }),
    );
  }
  // Screw counts per colour must be multiples of the box size (3).
  for (const c of colors) {
    const n = counts.get(c) ?? 0;
    if (n % 3 !== 0) {
      const where = firstScrewOf(bars, c);
      fail(
        where ?? '$.colors',
        `colour ${quoteInput(c)} has ${n} screws; every colour needs a multiple of 3 (boxes hold 3)`,
      );
    }
  }
  const level: Level = {
    ...(name === undefined ? {} : { name }),
    width,
    height,
    colors,
    traySize,
    bars,
  };
  if (o.solution !== undefined) {
    const total = bars.reduce((n, b) => n + b.screws.length, 0);
    const so = obj(o.solution, '$.solution');
    onlyKeys(so, ['boxes', 'taps'], '$.solution');
    const boxes = arr(so.boxes, '$.solution.boxes').map((c, i) => {
      const color = str(c, `$.solution.boxes[${i}]`);
      if (!counts.has(color))
        fail(`$.solution.boxes[${i}]`, `colour ${quoteInput(color)} has no screws`);
      return color;
    });
    const taps = arr(so.taps, '$.solution.taps').map((t, i) =>
      int(t, `$.solution.taps[${i}]`, 0, total - 1),
    );
    const solution: LevelSolution = { boxes, taps };
    return { ...level, solution };
  }
  return level;
}

function firstScrewOf(bars: readonly Bar[], color: string): string | undefined {
  for (let bi = 0; bi < bars.length; bi++) {
    const si = bars[bi]!.screws.findIndex((s) => s.color === color);
    if (si >= 0) return `$.bars[${bi}].screws[${si}].color`;
  }
  return undefined;
}

/**
 * Parses level JSON text. Syntax errors throw a `ParseError` with line and column; content errors an
 * `InvalidInputError` with a JSON path (see {@link validateLevel}).
 */
export function parseLevel(text: string, source?: string): Level {
  return validateLevel(parseJsonText(text, source));
}

/** Prints a level as JSON text (stable key order; parses back to an equal level). */
export function formatLevel(level: Level): string {
  return `${JSON.stringify(level, null, 2)}\n`;
}
