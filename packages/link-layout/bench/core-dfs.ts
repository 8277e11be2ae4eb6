// The link solver against the core depthFirstSearch of @puzzlekit/graph-search, under gravity (where
// the link search has no forced moves and no sleep sets, so the two search the same tree: nearest
// pairs first, a memo of positions keyed by the set of removed tiles). `pnpm bench:core-dfs`.
import { readFileSync } from 'node:fs';
import { depthFirstSearch, type MoveSink, type ReversibleProblem } from '@puzzlekit/graph-search';
import { compareCpu, fmt, header, table } from '@puzzlekit/bench-tools';
import { valueOf } from '@puzzlekit/job';
import { computeSegments } from '../src/engine.js';
import { createLister, type PairLister } from '../src/link/lister.js';
import { loadBoard, type Loaded } from '../src/link/load.js';
import { removeAndSettle } from '../src/link/play.js';
import { generateBoard, solveBoard, type Board } from '../src/index.js';

/** The board under gravity as a position played in place; a move is a pair of tile ids. */
class LinkUnderGravity implements ReversibleProblem<bigint> {
  private readonly lister: PairLister;
  /** Padded cell of each tile id (a removed tile keeps the cell it left). */
  private readonly pos: Int32Array;
  private removed = 0n;
  private left = 0;
  private readonly fallLog: number[] = [];
  private readonly logStart: number[] = [];
  private readonly fell = (from: number, to: number): void => {
    this.fallLog.push(from, to);
    this.pos[this.loaded.e.grid[to]! - 1] = to;
  };

  constructor(private readonly loaded: Loaded) {
    this.lister = createLister(loaded.e, loaded.maxFace);
    this.pos = new Int32Array(loaded.tiles);
    const grid = loaded.e.grid;
    for (let i = 0; i < grid.length; i++)
      if (grid[i]! > 0) {
        this.pos[grid[i]! - 1] = i;
        this.left++;
      }
  }

  isGoal(): boolean {
    return this.left === 0;
  }

  key(): bigint {
    return this.removed;
  }

  /** Playable pairs, nearest first (Manhattan distance, then listing order), as the solver tries them. */
  moves(out: MoveSink): void {
    const { e, faceOf, tiles } = this.loaded;
    computeSegments(e);
    const n = this.lister.list(faceOf);
    const { a, b } = this.lister;
    const pw = e.pw;
    const order = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const dr = Math.abs(Math.floor(a[k]! / pw) - Math.floor(b[k]! / pw));
      order[k] = (dr + Math.abs((a[k]! % pw) - (b[k]! % pw))) * n + k;
    }
    order.sort();
    for (let i = 0; i < n; i++) {
      const k = order[i]! % n;
      out.push((e.grid[a[k]!]! - 1) * tiles + e.grid[b[k]!]! - 1);
    }
  }

  play(move: number): void {
    const { tiles, e, gravity } = this.loaded;
    const ta = Math.floor(move / tiles);
    const tb = move % tiles;
    this.logStart.push(this.fallLog.length);
    removeAndSettle(e, this.pos[ta]!, this.pos[tb]!, gravity, this.fell);
    this.removed ^= (1n << BigInt(ta)) ^ (1n << BigInt(tb));
    this.left -= 2;
  }

  undo(move: number): void {
    const { tiles, e } = this.loaded;
    const grid = e.grid;
    const ta = Math.floor(move / tiles);
    const tb = move % tiles;
    const start = this.logStart.pop()!;
    while (this.fallLog.length > start) {
      const to = this.fallLog.pop()!;
      const from = this.fallLog.pop()!;
      grid[from] = grid[to]!;
      grid[to] = 0;
      this.pos[grid[from] - 1] = from;
    }
    grid[this.pos[ta]!] = ta + 1;
    grid[this.pos[tb]!] = tb + 1;
    this.removed ^= (1n << BigInt(ta)) ^ (1n << BigInt(tb));
    this.left += 2;
  }
}

header('@puzzlekit/link-layout: the link solver and the core depthFirstSearch, gravity down');
console.log(`load average at the start: ${readFileSync('/proc/loadavg', 'utf8').trim()}\n`);
const boards: Board[] = [];
for (let seed = 0; seed < 6; seed++)
  boards.push(
    valueOf(generateBoard({ rows: 8, cols: 18, seed, gravity: 'down', difficulty: 1 }))!.board,
  );
const core = (board: Board) =>
  depthFirstSearch(new LinkUnderGravity(loadBoard(board, { gravity: 'down' })), {
    maxWork: 200_000,
  });
const own = (board: Board) => solveBoard(board, { gravity: 'down' });
const rows: (string | number)[][] = [
  ['18×8 board, difficulty 1', 'link solver nodes', 'core nodes'],
];
boards.forEach((board, seed) => rows.push([`seed ${seed}`, own(board).work, core(board).work]));
table(rows);
const c = compareCpu(
  () => boards.forEach(own),
  () => boards.forEach(core),
  7,
  60,
);
console.log(
  `\nall six boards: link solver ${fmt(c.referenceUs / 1000, 2)} CPU ms, core ${fmt(c.candidateUs / 1000, 2)} CPU ms, core / link ${fmt(c.ratio, 2)}×`,
);
console.log(`load average at the end: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
