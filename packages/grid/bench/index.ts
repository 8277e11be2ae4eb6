// Figures for @puzzlekit/grid: flood fill, BFS distance maps, components, symmetries, ASCII I/O.
import { fmt, header, measure, table } from '@puzzlekit/bench-tools';
import {
  connectedComponents,
  createGrid,
  distanceMap,
  fillRegion,
  floodFill,
  parseGrid,
  printGrid,
  rotate90,
  type Grid,
} from '../src/index.js';

/** A board with ~25% walls from a fixed LCG (no dependency on @puzzlekit/rng). */
function randomBoard(w: number, h: number, wallRate: number, seed = 12345): Grid<Uint8Array> {
  const g = createGrid(w, h);
  let s = seed >>> 0;
  for (let i = 0; i < g.cells.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    g.cells[i] = s / 2 ** 32 < wallRate ? 1 : 0;
  }
  g.cells[0] = 0;
  return g;
}

header('@puzzlekit/grid');

const open1000 = createGrid(1000, 1000);
const board1000 = randomBoard(1000, 1000, 0.25);
const board256 = randomBoard(256, 256, 0.25);
const mask1000 = Uint8Array.from(board1000.cells, (v) => (v === 0 ? 1 : 0));
const floor = (v: number) => v === 0;

const rows: (string | number)[][] = [['operation', 'per second', 'median ms']];
const add = (name: string, fn: () => unknown, minMs = 1000) => {
  const m = measure(fn, minMs);
  rows.push([name, fmt(m.perSecond, 1), fmt(m.medianMs, 3)]);
};

add('floodFill 256×256, 25% walls (predicate)', () => floodFill(board256, 0, floor));
add('fillRegion 256×256 paint bucket (in place, twice)', () => {
  fillRegion(board256, 0, 2);
  return fillRegion(board256, 0, 0);
});
add('floodFill 1000×1000 open board', () => floodFill(open1000, 0, floor));
add('distanceMap 1000×1000 open board', () => distanceMap(open1000, 0, floor));
add('distanceMap 1000×1000, 25% walls (mask)', () => distanceMap(board1000, 0, mask1000));
add('connectedComponents 1000×1000 by value', () => connectedComponents(board1000));
add('rotate90 1000×1000', () => rotate90(board1000));
const text = printGrid(board256, ' #');
add('parseGrid 256×256 text', () => parseGrid(text, { legend: { ' ': 0, '#': 1 } }));
add('printGrid 256×256', () => printGrid(board256, ' #'));
table(rows);
const reached = floodFill(board1000, 0, mask1000).length;
console.log(`\n(1000×1000 board: ${fmt(reached, 0)} cells reachable from the corner)`);
