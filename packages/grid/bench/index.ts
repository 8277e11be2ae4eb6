// Figures for @puzzlekit/grid: flood fill, BFS distance maps, components, symmetries, ASCII I/O.
import { compareCpu, fmt, header, measure, table } from '@puzzlekit/bench-tools';
import {
  CellSearch,
  connectedComponents,
  neighbourOffsets,
  padGrid,
  unpadIndex,
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

// --- hot-path core vs the hand-written loops the games use --------------------------------------
// Each pair runs alternately in many rounds timed in process CPU time (compareCpu), so load from
// other jobs hits both alike; the ratio is the median of the per-round ratios.

/**
 * Hand-written BFS in the shape of the games' own (Sokoban's `Space.flood` in solve/space.ts and
 * `Walker.path` in play.ts): a class owning its buffers, a generation stamp, a constant offset table
 * on a board padded with wall, and a bit test on the cell.
 */
class HandWalker {
  private readonly stamp: Int32Array;
  private readonly dist: Int32Array;
  private readonly from: Uint8Array;
  private readonly queue: Int32Array;
  private readonly off: Int32Array;
  private epoch = 0;

  constructor(
    width: number,
    private readonly size: number,
  ) {
    this.stamp = new Int32Array(size);
    this.dist = new Int32Array(size);
    this.from = new Uint8Array(size);
    this.queue = new Int32Array(size);
    this.off = neighbourOffsets(width);
  }

  flood(cells: Uint8Array, start: number, bits: number): number {
    const e = ++this.epoch;
    const { stamp, queue, off } = this;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    stamp[start] = e;
    while (head < tail) {
      const c = queue[head++]!;
      for (let d = 0; d < 4; d++) {
        const t = c + off[d]!;
        if (stamp[t] === e || cells[t]! & bits) continue;
        stamp[t] = e;
        queue[tail++] = t;
      }
    }
    return tail;
  }

  distances(cells: Uint8Array, start: number, bits: number): number {
    const e = ++this.epoch;
    const { stamp, queue, off, dist, from } = this;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    stamp[start] = e;
    dist[start] = 0;
    while (head < tail) {
      const c = queue[head++]!;
      const nd = dist[c]! + 1;
      for (let d = 0; d < 4; d++) {
        const t = c + off[d]!;
        if (stamp[t] === e || cells[t]! & bits) continue;
        stamp[t] = e;
        dist[t] = nd;
        from[t] = d;
        queue[tail++] = t;
      }
    }
    return tail;
  }

  path(cells: Uint8Array, start: number, goal: number, bits: number): number[] | null {
    const e = ++this.epoch;
    const { stamp, queue, off, from } = this;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    stamp[start] = e;
    while (head < tail) {
      const c = queue[head++]!;
      for (let d = 0; d < 4; d++) {
        const t = c + off[d]!;
        if (t < 0 || t >= this.size || stamp[t] === e || cells[t]! & bits) continue;
        stamp[t] = e;
        from[t] = d;
        if (t === goal) {
          const dirs: number[] = [];
          for (let x = t; x !== start; x -= off[from[x]!]!) dirs.push(from[x]!);
          return dirs.reverse();
        }
        queue[tail++] = t;
      }
    }
    return null;
  }
}

const compareRows: (string | number)[][] = [
  ['hot path (padded board, reused buffers)', 'hand-written CPU µs', 'core CPU µs', 'core / hand'],
];
function compare(name: string, hand: () => unknown, core: () => unknown, reps = 1): void {
  // `reps` calls per timed call, so that tiny boards are not dominated by the clock's own cost
  const many = (fn: () => unknown) => () => {
    let last: unknown;
    for (let i = 0; i < reps; i++) last = fn();
    return last;
  };
  const c = compareCpu(many(hand), many(core));
  compareRows.push([
    name,
    fmt(c.referenceUs / reps, 2),
    fmt(c.candidateUs / reps, 2),
    `${fmt(c.ratio, 2)}×`,
  ]);
}

/** A Sokoban-like board: random walls (bit 1) and boxes (bit 2), padded with a wall ring. */
function gameBoard(w: number, h: number, seed: number): Grid<Uint8Array> {
  const inner = randomBoard(w, h, 0.2, seed);
  let s = seed * 7 + 1;
  for (let i = 0; i < inner.cells.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    if (inner.cells[i] === 0 && s / 2 ** 32 < 0.1) inner.cells[i] = 2;
  }
  inner.cells[0] = 0;
  return padGrid(inner, 1);
}

for (const [w, h] of [
  [18, 14],
  [256, 256],
  [1000, 1000],
] as const) {
  const board = gameBoard(w, h, 99);
  const size = board.cells.length;
  const hand = new HandWalker(board.width, size);
  // start in the largest region, walk to its last-reached cell (the far end)
  const probe = new CellSearch(board.width, board.height);
  let start = -1;
  let best = 0;
  for (let c = 0; c < size && best < size / 3; c++) {
    if (probe.reached(c) || board.cells[c] !== 0 || unpadIndex(c, w, h) < 0) continue;
    const n = probe.flood(c, board.cells, 3);
    if (n > best) [best, start] = [n, c];
  }
  probe.flood(start, board.cells, 3);
  const goal = probe.order[best - 1]!;
  const reps = Math.max(1, Math.floor(20_000 / best));
  const search = new CellSearch(board.width, board.height);
  const label = `${w}×${h} (${fmt(best, 0)} cells reached)`;
  compare(
    `flood ${label}, walls+boxes`,
    () => hand.flood(board.cells, start, 3),
    () => search.flood(start, board.cells, 3),
    reps,
  );
  compare(
    `distances ${label}`,
    () => hand.distances(board.cells, start, 3),
    () => search.distances(start, board.cells, 3),
    reps,
  );
  compare(
    `walk to far corner + path ${label}`,
    () => hand.path(board.cells, start, goal, 3),
    () => {
      search.walk(start, board.cells, 3, goal);
      return search.pathTo(goal);
    },
    reps,
  );
  // the allocating form, for reference: floodFill on the unpadded board with a predicate
  if (w === 256) {
    const inner = gameBoard(w, h, 99);
    compare(
      `floodFill (allocating, predicate) vs hand ${label}`,
      () => hand.flood(board.cells, start, 3),
      () => floodFill(inner, start, (v) => (v & 3) === 0),
    );
  }
}
console.log();
table(compareRows);
