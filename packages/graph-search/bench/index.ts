// Figures for @puzzlekit/graph-search: heap throughput, BFS on a 1000×1000 grid, A* vs Dijkstra on
// grid mazes, and the 8-puzzle's hardest position.
import { BudgetMeter } from '@puzzlekit/job';
import { compareCpu, fmt, header, measure, table, timeOnce } from '@puzzlekit/bench-tools';
import {
  BucketQueue,
  Heap,
  IndexedHeap,
  StateTable,
  depthFirstSearch,
  type MoveSink,
  type ReversibleProblem,
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
import { compareHornHeaps, randomTree } from './horn.js';

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
  ['search', 'outcome', 'cost', 'expanded', 'peak frontier', 'ms', 'expanded/s'],
];
function run(name: string, fn: () => SearchResult<number>): void {
  fn(); // warm-up
  const { result, ms } = timeOnce(fn);
  rows.push([
    name,
    result.outcome.kind,
    fmt(result.cost, 0),
    fmt(result.work, 0),
    fmt(result.stats.peakFrontier, 0),
    fmt(ms, 1),
    fmt((result.work * 1000) / ms, 0),
  ]);
}

const W = 1000;
const openGrid = new Uint8Array(W * W).fill(1);
const corner = gridProblem(W, W, openGrid, 0, W * W - 1);
const budget = { maxWork: 5_000_000 };
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

// --- hot-path core vs hand-written loops like the games' own -------------------------------------
// Each pair runs alternately in many rounds timed in process CPU time (compareCpu), so load from
// other jobs hits both alike; the ratio is the median of the per-round ratios.
const hotRows: (string | number)[][] = [
  ['hot path', 'hand-written CPU ms', 'core CPU ms', 'core / hand'],
];
function hot(name: string, hand: () => unknown, core: () => unknown): void {
  const c = compareCpu(hand, core, 9, 80);
  hotRows.push([
    name,
    fmt(c.referenceUs / 1000, 3),
    fmt(c.candidateUs / 1000, 3),
    `${fmt(c.ratio, 2)}×`,
  ]);
}

// Bucket queue: an A*-like run of 200,000 entries whose priority rises by 0 or 2 per step (f of a
// child = f of its parent, or parent + 2), against Sokoban's `number[][]` buckets (solve/solve.ts).
const QN = 200_000;
const steps = Uint8Array.from({ length: QN }, (_, i) => ((i * 2654435761) >>> 28) & 1);
function handBuckets(): number {
  const buckets: number[][] = [];
  let minF = 0;
  let pushed = 1;
  let popped = 0;
  (buckets[0] ??= []).push(0);
  for (;;) {
    while (minF < buckets.length && (buckets[minF]?.length ?? 0) === 0) minF++;
    if (minF >= buckets.length) break;
    const id = buckets[minF]!.pop()!;
    popped++;
    for (let k = 0; k < 2 && pushed < QN; k++) {
      const f = minF + steps[(id + k) % QN]! * 2;
      (buckets[f] ??= []).push(pushed++);
    }
  }
  return popped;
}
const bucketQueue = new BucketQueue(1024);
function coreBuckets(): number {
  const q = bucketQueue;
  q.clear();
  let pushed = 1;
  let popped = 0;
  q.push(0, 0);
  while (q.size > 0) {
    const f = q.peekPriority();
    const id = q.pop();
    popped++;
    for (let k = 0; k < 2 && pushed < QN; k++) q.push(pushed++, f + steps[(id + k) % QN]! * 2);
  }
  return popped;
}
hot('bucket queue, 200,000 A*-like pushes and pops', handBuckets, coreBuckets);

// State table: 200,000 Zobrist-like 64-bit keys inserted, each looked up again, against a
// hand-written open-addressing table in the style of Sokoban's closed set, and against a Map.
const TN = 200_000;
const zr = lcg(11);
const zHi = Int32Array.from({ length: TN }, () => (zr() * 2 ** 32) | 0);
const zLo = Int32Array.from({ length: TN }, () => (zr() * 2 ** 32) | 0);
function handTable(): number {
  let mask = (1 << 13) - 1;
  let hi = new Int32Array(mask + 1);
  let lo = new Int32Array(mask + 1);
  let val = new Int32Array(mask + 1);
  let count = 0;
  const slot = (h: number, l: number, m: number): number => (l ^ Math.imul(h, 0x9e3779b1)) & m;
  const find = (h: number, l: number): number => {
    for (let s = slot(h, l, mask); ; s = (s + 1) & mask) {
      if (val[s] === 0) return -1;
      if (lo[s] === l && hi[s] === h) return val[s]! - 1;
    }
  };
  const insert = (h: number, l: number, v: number): void => {
    if ((count + 1) * 2 > mask + 1) {
      const m2 = mask * 2 + 1;
      const h2 = new Int32Array(m2 + 1);
      const l2 = new Int32Array(m2 + 1);
      const v2 = new Int32Array(m2 + 1);
      for (let i = 0; i <= mask; i++) {
        if (val[i] === 0) continue;
        let s = slot(hi[i]!, lo[i]!, m2);
        while (v2[s] !== 0) s = (s + 1) & m2;
        h2[s] = hi[i]!;
        l2[s] = lo[i]!;
        v2[s] = val[i]!;
      }
      [mask, hi, lo, val] = [m2, h2, l2, v2];
    }
    let s = slot(h, l, mask);
    while (val[s] !== 0) s = (s + 1) & mask;
    hi[s] = h;
    lo[s] = l;
    val[s] = v + 1;
    count++;
  };
  let found = 0;
  for (let i = 0; i < TN; i++) if (find(zHi[i]!, zLo[i]!) < 0) insert(zHi[i]!, zLo[i]!, i);
  for (let i = 0; i < TN; i++) found += find(zHi[i]!, zLo[i]!) >= 0 ? 1 : 0;
  return found;
}
function coreTable(): number {
  const table = new StateTable({ capacity: 4096 });
  let found = 0;
  for (let i = 0; i < TN; i++) table.add(zHi[i]!, zLo[i]!, i);
  for (let i = 0; i < TN; i++) found += table.get(zHi[i]!, zLo[i]!) >= 0 ? 1 : 0;
  return found;
}
function mapTable(): number {
  const map = new Map<number, number>();
  let found = 0;
  for (let i = 0; i < TN; i++) {
    const k = (zHi[i]! & 0x1fffff) * 2 ** 32 + (zLo[i]! >>> 0); // 53 bits of the key
    if (!map.has(k)) map.set(k, i);
  }
  for (let i = 0; i < TN; i++)
    found += map.has((zHi[i]! & 0x1fffff) * 2 ** 32 + (zLo[i]! >>> 0)) ? 1 : 0;
  return found;
}
hot('state table, 200,000 64-bit keys added + found', handTable, coreTable);
hot('  (for reference: Map of 53-bit numbers vs state table)', mapTable, coreTable);

// Comparator heap: 100,000 records ordered by a ratio (cross-multiplied) then an id — the shape of
// Mota's Horn heap — against a hand-written array heap with the comparison inlined.
interface Group {
  readonly gem: number;
  readonly cost: number;
  readonly id: number;
}
const HN = 100_000;
const hr = lcg(5);
const groups: Group[] = Array.from({ length: HN }, (_, id) => ({
  gem: 1 + Math.floor(hr() * 50),
  cost: 1 + Math.floor(hr() * 50),
  id,
}));
const before = (a: Group, b: Group): number => b.gem * a.cost - a.gem * b.cost || a.id - b.id;
function handHeap(): number {
  const h: Group[] = [];
  const first = (a: Group, b: Group): boolean => {
    const d = b.gem * a.cost - a.gem * b.cost;
    return d < 0 || (d === 0 && a.id < b.id);
  };
  for (const g of groups) {
    let i = h.length;
    h.push(g);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!first(g, h[p]!)) break;
      h[i] = h[p]!;
      i = p;
    }
    h[i] = g;
  }
  let last = 0;
  while (h.length > 0) {
    last = h[0]!.id;
    const x = h.pop()!;
    const n = h.length;
    if (n === 0) break;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && first(h[c + 1]!, h[c]!)) c++;
      if (!first(h[c]!, x)) break;
      h[i] = h[c]!;
      i = c;
    }
    h[i] = x;
  }
  return last;
}
const groupHeap = new Heap<Group>(before);
function coreHeap(): number {
  for (const g of groups) groupHeap.push(g);
  let last = 0;
  while (groupHeap.size > 0) last = groupHeap.pop()!.id;
  return last;
}
hot('comparator heap, 100,000 ratio records pushed + popped', handHeap, coreHeap);

// Depth-first search with a memo: subset sums of 16 even items to an odd target (never reached, so
// every subset under the target is expanded once, though reached by many orders of moves) — the
// shape of Link's solver: a recursive search over one mutable position with a Set of dead keys.
const items = Array.from({ length: 16 }, (_, i) => 4 + ((i * 7) % 11) * 2);
const target = 121;
function handDfs(): number {
  const dead = new Set<number>();
  let taken = 0;
  let sum = 0;
  let nodes = 0;
  const search = (): boolean => {
    if (sum === target) return true;
    if (dead.has(taken)) return false;
    nodes++;
    dead.add(taken);
    for (let i = 0; i < items.length; i++) {
      if (taken & (1 << i) || sum + items[i]! > target) continue;
      taken |= 1 << i;
      sum += items[i]!;
      const ok = search();
      taken &= ~(1 << i);
      sum -= items[i]!;
      if (ok) return true;
    }
    return false;
  };
  search();
  return nodes;
}
/** The same puzzle for the core, as a class: shared methods, so the search's calls into it inline. */
class SubsetSum implements ReversibleProblem<number> {
  taken = 0;
  sum = 0;
  isGoal(): boolean {
    return this.sum === target;
  }
  key(): number {
    return this.taken;
  }
  moves(out: MoveSink): void {
    for (let i = 0; i < items.length; i++)
      if (!(this.taken & (1 << i)) && this.sum + items[i]! <= target) out.push(i);
  }
  play(i: number): void {
    this.taken |= 1 << i;
    this.sum += items[i]!;
  }
  undo(i: number): void {
    this.taken &= ~(1 << i);
    this.sum -= items[i]!;
  }
}
function coreDfs(): number {
  return depthFirstSearch(new SubsetSum(), { maxWork: Infinity }).work;
}
/** The same again as an object of closures made afresh for every search (slower: see the README). */
function coreDfsClosures(): number {
  let taken = 0;
  let sum = 0;
  const r = depthFirstSearch(
    {
      isGoal: () => sum === target,
      key: () => taken,
      moves: (sink) => {
        for (let i = 0; i < items.length; i++)
          if (!(taken & (1 << i)) && sum + items[i]! <= target) sink.push(i);
      },
      play: (i) => {
        taken |= 1 << i;
        sum += items[i]!;
      },
      undo: (i) => {
        taken &= ~(1 << i);
        sum -= items[i]!;
      },
    },
    { maxWork: Infinity },
  );
  return r.work;
}
console.log(
  `\n(subset-sum DFS: ${fmt(handDfs(), 0)} positions by hand, ${fmt(coreDfs(), 0)} by the core)`,
);
hot('DFS with memo, subset sums (proof of impossibility)', handDfs, coreDfs);
hot('  the same, problem as closures made per search', handDfs, coreDfsClosures);

// Budget meter: the per-node check in a BFS over a 500×500 open grid (typed arrays, offsets), against
// the games' inline form (a counter compared with maxWork, the clock read every 256 nodes).
const BW = 500;
const bfsSeen = new Int32Array(BW * BW);
const bfsQueue = new Int32Array(BW * BW);
let bfsEpoch = 0;
function gridBfs(spend: () => boolean): number {
  const e = ++bfsEpoch;
  let head = 0;
  let tail = 0;
  bfsQueue[tail++] = 0;
  bfsSeen[0] = e;
  while (head < tail) {
    if (spend()) break;
    const c = bfsQueue[head++]!;
    const x = c % BW;
    // the four neighbours, with the grid's edges checked (no padding here)
    for (let d = 0; d < 4; d++) {
      const t = d === 0 ? c - BW : d === 1 ? c + 1 : d === 2 ? c + BW : c - 1;
      const inside = d === 0 ? c >= BW : d === 1 ? x + 1 < BW : d === 2 ? c + BW < BW * BW : x > 0;
      if (!inside || bfsSeen[t] === e) continue;
      bfsSeen[t] = e;
      bfsQueue[tail++] = t;
    }
  }
  return head;
}
function handBudget(): number {
  let nodes = 0;
  const maxWork = 2_000_000;
  const deadline = performance.now() + 1e9;
  return gridBfs(() => ++nodes > maxWork || ((nodes & 255) === 0 && performance.now() > deadline));
}
function coreBudget(): number {
  const meter = new BudgetMeter({ maxMs: 1e9 });
  return gridBfs(() => meter.spend() !== null);
}
hot('budget check per node, BFS over a 500×500 grid', handBudget, coreBudget);
console.log();
table(hotRows);

// Horn's algorithm on 200,000 nodes: a copy of mota-bluegem horn.ts's hand-written heap against
// IdHeap with the same comparison (bench/horn.ts; the two orders are checked equal first).
const horn = compareHornHeaps(randomTree(200_000, 7), 15);
console.log();
table([
  ['Horn, 200,000 nodes', 'hand-written heap CPU ms', 'IdHeap CPU ms', 'IdHeap / hand'],
  ['cross-product heap', fmt(horn.handMs, 1), fmt(horn.idHeapMs, 1), `${fmt(horn.ratio, 2)}×`],
]);
