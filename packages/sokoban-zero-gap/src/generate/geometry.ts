import { InvalidInputError } from '@puzzlekit/errors';
import {
  DisjointSet,
  randomSpanningTreeKruskal,
  uniformSpanningTree,
} from '@puzzlekit/disjoint-set';
import type { Rng } from '@puzzlekit/rng';
import { BOX, WALL } from '../model.js';

// Direction indices (the package's order: up, right, down, left).
const UP = 0;
const RIGHT = 1;
const DOWN = 2;
const LEFT = 3;

/** The five zero-gap level types of the source article. */
export type ZeroGapType = 'b' | 'e' | 'w' | 'g' | 's';

/**
 * How the random spanning tree of pillars is drawn: `kruskal` (random edge order, Brian Damgaard's
 * program), `wilson` (uniform spanning tree) or `growth` (cjcjc's program: grow from the top-left
 * pillar, each step tying a random pillar next to the tree to a random tree neighbour).
 */
export type TreeAlgorithm = 'kruskal' | 'wilson' | 'growth';

/** A starting board before scrambling (internal). */
export interface StartBoard {
  readonly width: number;
  readonly height: number;
  /** WALL and BOX flags. */
  readonly cells: Uint8Array;
  readonly player: number;
  /**
   * Per box (in cell order): the parity of the directions it may move in — 0 only up/down, 1 only
   * right/left — or -1 when it may turn.
   */
  readonly boxCells: Int32Array;
  readonly boxAxis: Int8Array;
  /** Cells where a box may rest between moves (where it joins two pillars). */
  readonly rest: Uint8Array;
  /**
   * s type: the channel rotation, in order, packed `cell * 4 + direction` (each rim box moves one
   * slot, two pushes), and the rim and annex cells, which the later scramble leaves alone.
   */
  readonly rimMoves?: Int32Array;
  readonly rimCells?: Int32Array;
  /** b and e: the pillar graph (vertex count, and for each cell the edge a box there makes, or -1). */
  readonly vertexCount?: number;
  readonly edgeA?: Int32Array;
  readonly edgeB?: Int32Array;
}

/**
 * Board size (width × height) of a type and size `n`: b/e (2n+3)², w/g (3n+3)², s (2n+5)×(2n+3)
 * (the source article's example, 百川归海(特别版), is n = 10: 25×23).
 */
export function boardSize(type: ZeroGapType, n: number): { width: number; height: number } {
  if (type === 'w' || type === 'g') return { width: 3 * n + 3, height: 3 * n + 3 };
  if (type === 's') return { width: 2 * n + 5, height: 2 * n + 3 };
  return { width: 2 * n + 3, height: 2 * n + 3 };
}

function finish(
  width: number,
  height: number,
  cells: Uint8Array,
  player: number,
  turning: boolean,
  runsVertically: (cell: number) => boolean,
  isRest: (x: number, y: number) => boolean,
): StartBoard {
  const rest = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) if (isRest(x, y)) rest[y * width + x] = 1;
  const boxes: number[] = [];
  for (let c = 0; c < cells.length; c++) if (cells[c]! & BOX) boxes.push(c);
  const boxCells = Int32Array.from(boxes);
  const boxAxis = new Int8Array(boxes.length);
  for (let i = 0; i < boxes.length; i++) {
    boxAxis[i] = turning ? -1 : runsVertically(boxes[i]!) ? 0 : 1;
  }
  return { width, height, cells, player, boxCells, boxAxis, rest };
}

function border(cells: Uint8Array, width: number, height: number): void {
  for (let x = 0; x < width; x++) {
    cells[x] = WALL;
    cells[(height - 1) * width + x] = WALL;
  }
  for (let y = 0; y < height; y++) {
    cells[y * width] = WALL;
    cells[y * width + width - 1] = WALL;
  }
}

/** A pillar graph whose edges are box cells: edge i joins `u[i]`–`v[i]` through cell `cell[i]`. */
interface PillarGraph {
  readonly vertexCount: number;
  readonly edgeU: Int32Array;
  readonly edgeV: Int32Array;
  readonly cell: Int32Array;
}

function pillarTree(g: PillarGraph, rng: Rng, algorithm: TreeAlgorithm): Int32Array {
  if (algorithm === 'growth') return growthTree(g, rng);
  const t =
    algorithm === 'wilson' ? uniformSpanningTree(g, rng) : randomSpanningTreeKruskal(g, rng);
  return t.edgeIndices;
}

/** cjcjc's growth: start at vertex 0, repeatedly tie a random frontier vertex to a random tree neighbour. */
function growthTree(g: PillarGraph, rng: Rng): Int32Array {
  const nv = g.vertexCount;
  const m = g.edgeU.length;
  // adjacency (CSR)
  const deg = new Int32Array(nv + 1);
  for (let e = 0; e < m; e++) {
    deg[g.edgeU[e]! + 1]!++;
    deg[g.edgeV[e]! + 1]!++;
  }
  for (let v = 0; v < nv; v++) deg[v + 1]! += deg[v]!;
  const adj = new Int32Array(2 * m);
  const fill = deg.slice(0, nv);
  for (let e = 0; e < m; e++) {
    adj[fill[g.edgeU[e]!]!++] = e;
    adj[fill[g.edgeV[e]!]!++] = e;
  }
  const inTree = new Uint8Array(nv);
  const posInFrontier = new Int32Array(nv).fill(-1);
  const frontier: number[] = [];
  const out: number[] = [];
  const add = (v: number): void => {
    inTree[v] = 1;
    for (let a = deg[v]!; a < deg[v + 1]!; a++) {
      const e = adj[a]!;
      const w = g.edgeU[e] === v ? g.edgeV[e]! : g.edgeU[e]!;
      if (!inTree[w] && posInFrontier[w]! < 0) {
        posInFrontier[w] = frontier.length;
        frontier.push(w);
      }
    }
  };
  if (nv > 0) add(0);
  const ties: number[] = [];
  while (frontier.length > 0) {
    const i = rng.below(frontier.length);
    const v = frontier[i]!;
    const last = frontier.pop()!;
    if (last !== v) {
      frontier[i] = last;
      posInFrontier[last] = i;
    }
    ties.length = 0;
    for (let a = deg[v]!; a < deg[v + 1]!; a++) {
      const e = adj[a]!;
      const w = g.edgeU[e] === v ? g.edgeV[e]! : g.edgeU[e]!;
      if (inTree[w]) ties.push(e);
    }
    out.push(ties[rng.below(ties.length)]!);
    add(v);
  }
  return Int32Array.from(out);
}

function withEdges(board: StartBoard, g: PillarGraph): StartBoard {
  const edgeA = new Int32Array(board.cells.length).fill(-1);
  const edgeB = new Int32Array(board.cells.length).fill(-1);
  for (let k = 0; k < g.cell.length; k++) {
    edgeA[g.cell[k]!] = g.edgeU[k]!;
    edgeB[g.cell[k]!] = g.edgeV[k]!;
  }
  return { ...board, vertexCount: g.vertexCount, edgeA, edgeB };
}

/**
 * The pillar graph of an n×n lattice on a square board: vertex j·n + i per pillar (and n² for the outer
 * wall when `wallTies`), an edge per pair of neighbouring pillars and, with `wallTies`, per rim pillar
 * and the wall. `lane(i)` is the row/column the i-th pillars' boxes run along; the box of an edge stands
 * one cell past the pillar's lane towards its neighbour (at the board's inner rim for wall ties).
 * Edges are listed per pillar, row by row: right, down, then left/right/top/bottom wall ties.
 */
function pillarGraph(
  n: number,
  width: number,
  lane: (i: number) => number,
  wallTies: boolean,
): PillarGraph {
  const us: number[] = [];
  const vs: number[] = [];
  const cs: number[] = [];
  const edge = (u: number, v: number, x: number, y: number): void => {
    us.push(u);
    vs.push(v);
    cs.push(y * width + x);
  };
  const wall = n * n;
  const rim = width - 2;
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const v = j * n + i;
      if (i + 1 < n) edge(v, v + 1, lane(i) + 1, lane(j));
      if (j + 1 < n) edge(v, v + n, lane(i), lane(j) + 1);
      if (wallTies) {
        if (i === 0) edge(v, wall, 1, lane(j));
        if (i === n - 1) edge(v, wall, rim, lane(j));
        if (j === 0) edge(v, wall, lane(i), 1);
        if (j === n - 1) edge(v, wall, lane(i), rim);
      }
    }
  }
  return {
    vertexCount: n * n + (wallTies ? 1 : 0),
    edgeU: Int32Array.from(us),
    edgeV: Int32Array.from(vs),
    cell: Int32Array.from(cs),
  };
}

/**
 * b and e: pillars at (2i+2, 2j+2); a tree edge between horizontal neighbours puts a box at
 * (2i+3, 2j+2) (it can only run up and down), between vertical neighbours at (2i+2, 2j+3).
 * e also has the outer wall as a vertex: a rim pillar may be tied to it by a box in the slot between.
 */
function bBoard(n: number, rng: Rng, wallTies: boolean, algorithm: TreeAlgorithm): StartBoard {
  const width = 2 * n + 3;
  const height = width;
  const cells = new Uint8Array(width * height);
  border(cells, width, height);
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) cells[(2 * j + 2) * width + 2 * i + 2] = WALL;
  const g = pillarGraph(n, width, (i) => 2 * i + 2, wallTies);
  for (const k of pillarTree(g, rng, algorithm)) cells[g.cell[k]!] = BOX;
  const lo = wallTies ? 1 : 2;
  const board = finish(
    width,
    height,
    cells,
    width + 1,
    false,
    (c) => (c % width) % 2 === 1,
    (x, y) =>
      (x & 1) !== (y & 1) && x >= lo && y >= lo && x <= width - 1 - lo && y <= height - 1 - lo,
  );
  return withEdges(board, g);
}

/**
 * w and g: each pillar is two diagonal walls (3i+2, 3j+2) and (3i+3, 3j+3); a tree edge between
 * horizontal neighbours puts a box at (3i+4, 3j+3) (it runs vertically along the gap column), between
 * vertical neighbours at (3i+3, 3j+4) (it runs horizontally along the gap row). g also ties rim pillars
 * to the outer wall and lets boxes turn at crossings.
 */
function wBoard(n: number, rng: Rng, extended: boolean, algorithm: TreeAlgorithm): StartBoard {
  const width = 3 * n + 3;
  const height = width;
  const cells = new Uint8Array(width * height);
  border(cells, width, height);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      cells[(3 * j + 2) * width + 3 * i + 2] = WALL;
      cells[(3 * j + 3) * width + 3 * i + 3] = WALL;
    }
  }
  const g = pillarGraph(n, width, (i) => 3 * i + 3, extended);
  for (const k of pillarTree(g, rng, algorithm)) cells[g.cell[k]!] = BOX;
  const lo = extended ? 1 : 2;
  const inner = (v: number): boolean => v >= lo && v <= width - 1 - lo;
  return finish(
    width,
    height,
    cells,
    width + 1,
    extended,
    (c) => (c % width) % 3 === 1,
    (x, y) => inner(x) && inner(y) && (x % 3 === 1) !== (y % 3 === 1),
  );
}

/**
 * s, rebuilt from the source article's description and its example 百川归海(特别版) (n = 10, 25×23,
 * 101 boxes), in the example's orientation. An n×n b lattice (pillars at (2i+2, 2j+2)) inside a rim
 * corridor, plus an annex of 2×3 cells on the right side, rows 2n−3..2n−1, holding one extra pillar
 * at (2n+2, 2n−2), tied to the wall below it. The outer wall is a tree vertex (as in e). Every rim
 * pillar is tied to the outer wall by a box in the rim, except two: the entrance, on the top edge
 * second from the right, and the bottom-left corner; the right column's pillar next to the annex is
 * tied to the annex pillar instead. The other pillars join by a random tree (Kruskal, with the tied
 * pillars pre-joined); every inner row and column must hold at least two boxes along it, else null.
 *
 * The rotation (the article: "from the first box beside the entrance, push it one position
 * counter-clockwise; in clockwise order, push every box tied to the outer wall one position, until
 * the last column's bottom box is pushed up one position" — mirrored here as in the example): each
 * rim box moves one whole slot. Top side from the entrance leftwards (boxes move right), left side
 * downwards (boxes move up), bottom side rightwards (boxes move left), right side upwards (boxes
 * move down), ending with the right column's top box. The scramble applies it to the selected
 * state and keeps the result only if it is a spanning tree again (see `scramble`).
 */
function sBoard(n: number, rng: Rng): StartBoard | null {
  const width = 2 * n + 5;
  const height = 2 * n + 3;
  const cells = new Uint8Array(width * height);
  border(cells, width, height);
  const rim = 2 * n + 1; // the right and bottom rim corridors
  const annexX = 2 * n + 2;
  const annexY = 2 * n - 2; // the annex pillar's row; the annex is rows annexY−1..annexY+1
  for (let y = 1; y < height - 1; y++) {
    for (let x = annexX; x < width - 1; x++) {
      const inAnnex = y >= annexY - 1 && y <= annexY + 1;
      if (!inAnnex || (x === annexX && y === annexY)) cells[y * width + x] = WALL;
    }
  }
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) cells[(2 * j + 2) * width + 2 * i + 2] = WALL;
  const annex = n * n;
  const wallVertex = n * n + 1;
  const set = new DisjointSet(n * n + 2);
  const put = (x: number, y: number): void => {
    cells[y * width + x] = BOX;
  };
  const tie = (i: number, j: number, x: number, y: number, to = wallVertex): void => {
    put(x, y);
    set.union(j * n + i, to);
  };
  put(annexX, annexY + 1);
  set.union(annex, wallVertex);
  for (let i = 0; i <= n - 3; i++) tie(i, 0, 2 * i + 2, 1); // top edge, but the entrance (n−2)
  tie(n - 1, 0, rim, 2); // top-right corner, sideways
  for (let j = 1; j <= n - 3; j++) tie(n - 1, j, rim, 2 * j + 2); // right column
  tie(n - 1, n - 2, rim, 2 * n - 2, annex); // beside the annex: tied to the annex pillar
  for (let i = 1; i <= n - 1; i++) tie(i, n - 1, 2 * i + 2, rim); // bottom, but the corner (0)
  for (let j = 1; j <= n - 2; j++) tie(0, j, 1, 2 * j + 2); // left column
  const edges = latticeEdges(n);
  rng.shuffle(edges);
  // The turn re-ties two rim pillars: the entrance and the bottom-left corner, untied at the start,
  // are tied after it. The corner's pillar hangs on its upper neighbour (the last left-column pillar,
  // which the turn unties), so the turn only re-roots that branch and no pocket forms there.
  set.union((n - 1) * n, (n - 2) * n);
  put(2, 2 * n - 1);
  // No box between the entrance and the top-right corner: once the top side has turned both are
  // tied, and that box would shut the player out of the corner the rotation's last push needs.
  const cornerEdge = n - 2;
  for (const [a, b] of edges) {
    if (a === cornerEdge && b === cornerEdge + 1) continue;
    if (!set.union(a, b)) continue;
    const ax = a % n;
    const ay = (a - ax) / n;
    if (b === a + 1) put(2 * ax + 3, 2 * ay + 2);
    else put(2 * ax + 2, 2 * ay + 3);
  }
  if (!innerLinesHoldTwo(cells, width, n)) return null;
  const rimMoves: number[] = [];
  const move = (x: number, y: number, d: number): void => {
    rimMoves.push((y * width + x) * 4 + d);
  };
  for (let i = n - 3; i >= 0; i--) move(2 * i + 2, 1, RIGHT);
  for (let j = 1; j <= n - 2; j++) move(1, 2 * j + 2, UP);
  for (let i = 1; i <= n - 1; i++) move(2 * i + 2, rim, LEFT);
  for (let j = n - 2; j >= 0; j--) move(rim, 2 * j + 2, DOWN);
  const rimCells: number[] = [];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      if (x === 1 || y === 1 || x >= rim || y === rim) rimCells.push(y * width + x);
    }
  }
  const start = finish(
    width,
    height,
    cells,
    width + 1,
    false,
    (c) => (c % width) % 2 === 1,
    (x, y) => (x & 1) !== (y & 1) && x >= 2 && y >= 2 && x <= 2 * n && y <= 2 * n,
  );
  return {
    ...start,
    rimMoves: Int32Array.from(rimMoves),
    rimCells: Int32Array.from(rimCells),
  };
}

/**
 * The pillar pairs of an n×n lattice (pillar j·n + i), row by row: each pillar with its right
 * neighbour, then with the one below.
 */
export function latticeEdges(n: number): [number, number][] {
  const edges: [number, number][] = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      if (i + 1 < n) edges.push([j * n + i, j * n + i + 1]);
      if (j + 1 < n) edges.push([j * n + i, (j + 1) * n + i]);
    }
  }
  return edges;
}

/** The source article's rule 2: every inner row and column holds at least two boxes running along it. */
function innerLinesHoldTwo(cells: Uint8Array, width: number, n: number): boolean {
  for (let line = 3; line <= 2 * n - 1; line += 2) {
    let down = 0;
    let across = 0;
    for (let k = 2; k <= 2 * n; k += 2) {
      if (cells[k * width + line]! & BOX) down++;
      if (cells[line * width + k]! & BOX) across++;
    }
    if (down < 2 || across < 2) return false;
  }
  return true;
}

/** Builds the starting board of a type, or null when an s attempt breaks its rules. */
export function startBoard(
  type: ZeroGapType,
  n: number,
  rng: Rng,
  algorithm: TreeAlgorithm,
): StartBoard | null {
  const minimum = type === 's' ? 7 : 2;
  if (!Number.isSafeInteger(n) || n < minimum) {
    throw new InvalidInputError(
      `size must be a whole number ≥ ${minimum} for type ${type}, got ${n}`,
      {
        path: '$.size',
        code: 'INVALID_SIZE',
      },
    );
  }
  switch (type) {
    case 'b':
      return bBoard(n, rng, false, algorithm);
    case 'e':
      return bBoard(n, rng, true, algorithm);
    case 'w':
      return wBoard(n, rng, false, algorithm);
    case 'g':
      return wBoard(n, rng, true, algorithm);
    case 's':
      return sBoard(n, rng);
  }
}
