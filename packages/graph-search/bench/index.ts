// Figures for @puzzlekit/graph-search: heap throughput, BFS on a 1000×1000 grid, A* vs Dijkstra on
// grid mazes, and the 8-puzzle's hardest position.
import { fmt, header, measure, table, timeOnce } from '@puzzlekit/bench-tools';
import {
  IndexedHeap,
  MinHeap,
  astar,
  bfs,
  bidirectionalBfs,
  dijkstra,
  idaStar,
  type BidirectionalProblem,
  type HeuristicProblem,
  type SearchResult,
} from '../src/index.js';

/** Fixed LCG (the bench must not depend on @puzzlekit/rng). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

header('@puzzlekit/graph-search');

// --- heaps -------------------------------------------------------------------------------------
const N = 100_000;
const rand = lcg(1);
const prios = Float64Array.from({ length: N }, () => rand());
const minHeap = new MinHeap(N);
const indexed = new IndexedHeap(N);
const heapRows: (string | number)[][] = [
  ['heap (100,000 pushes then 100,000 pops)', 'push+pop pairs per second'],
];
const mh = measure(() => {
  for (let i = 0; i < N; i++) minHeap.push(i, prios[i]!);
  let last = 0;
  while (minHeap.size > 0) last = minHeap.pop();
  return last;
}, 1500);
heapRows.push(['MinHeap (lazy deletion)', fmt(mh.perSecond * N, 0)]);
const ih = measure(() => {
  for (let i = 0; i < N; i++) indexed.push(i, prios[i]!);
  let last = 0;
  while (indexed.size > 0) last = indexed.pop();
  return last;
}, 1500);
heapRows.push(['IndexedHeap (decrease-key)', fmt(ih.perSecond * N, 0)]);
table(heapRows);
console.log();

// --- grids -------------------------------------------------------------------------------------
type GridProblem = HeuristicProblem<number, number> & BidirectionalProblem<number, number>;

function gridProblem(
  w: number,
  h: number,
  open: Uint8Array,
  start: number,
  goal: number,
): GridProblem {
  const gx = goal % w;
  const gy = Math.floor(goal / w);
  const moves = (c: number, emit: (n: number) => void): void => {
    const x = c % w;
    if (c >= w && open[c - w] === 1) emit(c - w);
    if (x + 1 < w && open[c + 1] === 1) emit(c + 1);
    if (c + w < w * h && open[c + w] === 1) emit(c + w);
    if (x > 0 && open[c - 1] === 1) emit(c - 1);
  };
  return {
    start,
    goals: [goal],
    isGoal: (c) => c === goal,
    key: (c) => c,
    neighbours: moves,
    reverseNeighbours: moves,
    heuristic: (c) => Math.abs((c % w) - gx) + Math.abs(Math.floor(c / w) - gy),
  };
}

/** A perfect maze (iterative depth-first backtracker) on a (2m+1)×(2m+1) cell grid. */
function maze(m: number, seed: number): { size: number; open: Uint8Array } {
  const size = 2 * m + 1;
  const open = new Uint8Array(size * size);
  const r = lcg(seed);
  const seen = new Uint8Array(m * m);
  const stack = [0];
  seen[0] = 1;
  open[size + 1] = 1;
  const dirs = [
    [0, -1],
    [1, 0],
    [0, 1],
    [-1, 0],
  ] as const;
  while (stack.length > 0) {
    const c = stack[stack.length - 1]!;
    const cx = c % m;
    const cy = Math.floor(c / m);
    const options: number[] = [];
    for (let d = 0; d < 4; d++) {
      const nx = cx + dirs[d]![0];
      const ny = cy + dirs[d]![1];
      if (nx >= 0 && ny >= 0 && nx < m && ny < m && seen[ny * m + nx] === 0) options.push(d);
    }
    if (options.length === 0) {
      stack.pop();
      continue;
    }
    const d = options[Math.floor(r() * options.length)]!;
    const nx = cx + dirs[d]![0];
    const ny = cy + dirs[d]![1];
    seen[ny * m + nx] = 1;
    open[(2 * cy + 1 + dirs[d]![1]) * size + 2 * cx + 1 + dirs[d]![0]] = 1;
    open[(2 * ny + 1) * size + 2 * nx + 1] = 1;
    stack.push(ny * m + nx);
  }
  return { size, open };
}

const rows: (string | number)[][] = [
  ['search', 'status', 'cost', 'expanded', 'peak frontier', 'ms', 'expanded/s'],
];
function run(name: string, fn: () => SearchResult<number>): void {
  fn(); // warm-up
  const { result, ms } = timeOnce(fn);
  rows.push([
    name,
    result.status,
    fmt(result.cost, 0),
    fmt(result.stats.expanded, 0),
    fmt(result.stats.peakFrontier, 0),
    fmt(ms, 1),
    fmt((result.stats.expanded * 1000) / ms, 0),
  ]);
}

const W = 1000;
const openGrid = new Uint8Array(W * W).fill(1);
const corner = gridProblem(W, W, openGrid, 0, W * W - 1);
const budget = { maxExpanded: 5_000_000 };
run('BFS 1000×1000 open grid, corner to corner', () => bfs(corner, budget));
const cornerDense = { ...corner, keySpace: W * W };
run('BFS, same, dense keySpace', () => bfs(cornerDense, budget));
run('bidirectional BFS, same, dense keySpace', () => bidirectionalBfs(cornerDense, budget));
run('Dijkstra, same, dense keySpace', () => dijkstra(cornerDense, budget));
run('A* (Manhattan), same, dense keySpace', () => astar(cornerDense, budget));

const m = maze(250, 7);
const mz = {
  ...gridProblem(m.size, m.size, m.open, m.size + 1, m.size * m.size - m.size - 2),
  keySpace: m.size * m.size,
};
run(`Dijkstra ${m.size}×${m.size} perfect maze (dense)`, () => dijkstra(mz, budget));
run('A* (Manhattan), same maze', () => astar(mz, budget));
run('BFS, same maze', () => bfs(mz, budget));

const r2 = lcg(3);
const walls = Uint8Array.from({ length: W * W }, () => (r2() < 0.3 ? 0 : 1));
walls[0] = 1;
walls[W * W - 1] = 1;
const rw = { ...gridProblem(W, W, walls, 0, W * W - 1), keySpace: W * W };
run('Dijkstra 1000×1000, 30% random walls (dense)', () => dijkstra(rw, budget));
run('A* (Manhattan), same', () => astar(rw, budget));
table(rows);
console.log();

// --- 8-puzzle ------------------------------------------------------------------------------------
function eightPuzzle(tiles: readonly number[]): GridProblem {
  const pack = (t: readonly number[]) => t.reduce((acc, v) => acc * 9 + v, 0);
  const unpack = (s: number) => {
    const t = new Array<number>(9);
    for (let i = 8; i >= 0; i--) {
      t[i] = s % 9;
      s = Math.floor(s / 9);
    }
    return t;
  };
  const goal = pack([1, 2, 3, 4, 5, 6, 7, 8, 0]);
  const moves = (s: number, emit: (n: number) => void) => {
    const t = unpack(s);
    const b = t.indexOf(0);
    for (const [dx, dy] of [
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ] as const) {
      const x = (b % 3) + dx;
      const y = Math.floor(b / 3) + dy;
      if (x < 0 || y < 0 || x > 2 || y > 2) continue;
      const u = [...t];
      u[b] = u[y * 3 + x]!;
      u[y * 3 + x] = 0;
      emit(pack(u));
    }
  };
  return {
    start: pack(tiles),
    goals: [goal],
    isGoal: (s) => s === goal,
    key: (s) => s,
    neighbours: moves,
    reverseNeighbours: moves,
    heuristic: (s) => {
      const t = unpack(s);
      let d = 0;
      t.forEach((v, i) => {
        if (v !== 0)
          d +=
            Math.abs((i % 3) - ((v - 1) % 3)) +
            Math.abs(Math.floor(i / 3) - Math.floor((v - 1) / 3));
      });
      return d;
    },
  };
}
const hardest = eightPuzzle([8, 6, 7, 2, 5, 4, 3, 0, 1]);
rows.length = 1;
run('8-puzzle hardest (31 moves): BFS', () => bfs(hardest));
run('bidirectional BFS', () => bidirectionalBfs(hardest));
run('A* (Manhattan)', () => astar(hardest));
run('IDA* (Manhattan)', () => idaStar(hardest));
table(rows);
