import { InvalidInputError } from '@puzzlekit/errors';
import { DisjointSet } from './disjoint-set.js';

/**
 * What the random tree builders need from a random stream: a uniform integer in [lo, hi].
 * `@puzzlekit/rng`'s `Rng` fits; so does any other source with this method.
 */
export interface RandomSource {
  int(lo: number, hi: number): number;
}

/** An undirected edge with a weight. */
export interface WeightedEdge {
  readonly u: number;
  readonly v: number;
  readonly weight: number;
}

/** Result of {@link kruskal}. */
export interface MinimumSpanningForest {
  /** Indices into the input edge list of the chosen edges, in the order they were taken. */
  readonly edgeIndices: number[];
  /** Sum of the chosen weights. */
  readonly totalWeight: number;
  /** Connected components of the graph (1 means a spanning tree). */
  readonly components: number;
}

/**
 * Kruskal's minimum spanning forest. Ties are broken by edge index, so the result is deterministic.
 */
export function kruskal(
  vertexCount: number,
  edges: readonly WeightedEdge[],
): MinimumSpanningForest {
  const order = new Int32Array(edges.length);
  for (let i = 0; i < order.length; i++) {
    const e = edges[i]!;
    if (!Number.isFinite(e.weight)) {
      throw new InvalidInputError(`edge ${i} has a non-finite weight`, { path: `$[${i}].weight` });
    }
    order[i] = i;
  }
  order.sort((a, b) => edges[a]!.weight - edges[b]!.weight || a - b);
  const set = new DisjointSet(vertexCount);
  const edgeIndices: number[] = [];
  let totalWeight = 0;
  for (const i of order) {
    const e = edges[i]!;
    if (set.union(e.u, e.v)) {
      edgeIndices.push(i);
      totalWeight += e.weight;
      if (set.count === 1) break;
    }
  }
  return { edgeIndices, totalWeight, components: set.count };
}

/**
 * An undirected graph in compressed form: edge i joins `edgeU[i]` and `edgeV[i]`.
 * Build one for a grid with {@link gridGraph}.
 */
export interface EdgeListGraph {
  readonly vertexCount: number;
  readonly edgeU: Int32Array;
  readonly edgeV: Int32Array;
}

/** A grid graph: cell (x, y) is vertex y·width + x; edges join orthogonal neighbours. */
export interface GridGraph extends EdgeListGraph {
  readonly width: number;
  readonly height: number;
}

/**
 * The 4-neighbour grid graph of a width×height board. With `mask`, only cells whose mask entry is
 * non-zero take part (others keep their index but have no edges).
 * Edges are listed horizontal ones first, row by row, then vertical ones.
 */
export function gridGraph(
  width: number,
  height: number,
  mask?: ArrayLike<number | boolean>,
): GridGraph {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new InvalidInputError(
      `grid must be at least 1×1 with integer sides, got ${width}×${height}`,
      {
        code: 'INVALID_SIZE',
      },
    );
  }
  const n = width * height;
  if (mask && mask.length !== n) {
    throw new InvalidInputError(`mask has ${mask.length} cells, expected ${n}`, {
      code: 'INVALID_SIZE',
    });
  }
  const on = (i: number): boolean => !mask || Boolean(mask[i]);
  const us: number[] = [];
  const vs: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x + 1 < width; x++) {
      const i = y * width + x;
      if (on(i) && on(i + 1)) {
        us.push(i);
        vs.push(i + 1);
      }
    }
  }
  for (let y = 0; y + 1 < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (on(i) && on(i + width)) {
        us.push(i);
        vs.push(i + width);
      }
    }
  }
  return { width, height, vertexCount: n, edgeU: Int32Array.from(us), edgeV: Int32Array.from(vs) };
}

/** A spanning tree (or forest) of a graph. */
export interface SpanningTree {
  readonly vertexCount: number;
  /** Tree edge i joins `edgeU[i]` and `edgeV[i]`; edges are as stored in the graph (u < v for grids). */
  readonly edgeU: Int32Array;
  readonly edgeV: Int32Array;
  /** Indices into the graph's edge list of the tree edges. */
  readonly edgeIndices: Int32Array;
}

function treeFromEdgeIndices(graph: EdgeListGraph, chosen: Int32Array): SpanningTree {
  const edgeU = new Int32Array(chosen.length);
  const edgeV = new Int32Array(chosen.length);
  for (let i = 0; i < chosen.length; i++) {
    edgeU[i] = graph.edgeU[chosen[i]!]!;
    edgeV[i] = graph.edgeV[chosen[i]!]!;
  }
  return { vertexCount: graph.vertexCount, edgeU, edgeV, edgeIndices: chosen };
}

/**
 * A random spanning forest by random-weight Kruskal: the edges are shuffled (as if given distinct random
 * weights) and taken when they join two components. Fast, but not uniform over all spanning trees: it
 * favours trees with many short branches. On a connected graph the result is a spanning tree.
 */
export function randomSpanningTreeKruskal(graph: EdgeListGraph, rng: RandomSource): SpanningTree {
  const m = graph.edgeU.length;
  const order = new Int32Array(m);
  for (let i = 0; i < m; i++) order[i] = i;
  for (let i = m - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  const set = new DisjointSet(graph.vertexCount);
  const chosen: number[] = [];
  for (let k = 0; k < m; k++) {
    const e = order[k]!;
    if (set.union(graph.edgeU[e]!, graph.edgeV[e]!)) chosen.push(e);
  }
  chosen.sort((a, b) => a - b);
  return treeFromEdgeIndices(graph, Int32Array.from(chosen));
}

/** Compressed adjacency: neighbours of v are `target[start[v]..start[v+1])`, with edge ids alongside. */
interface Adjacency {
  readonly start: Int32Array;
  readonly target: Int32Array;
  readonly edge: Int32Array;
}

function adjacency(graph: EdgeListGraph): Adjacency {
  const n = graph.vertexCount;
  const m = graph.edgeU.length;
  const start = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) {
    start[graph.edgeU[e]! + 1]!++;
    start[graph.edgeV[e]! + 1]!++;
  }
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, n);
  const target = new Int32Array(2 * m);
  const edge = new Int32Array(2 * m);
  for (let e = 0; e < m; e++) {
    const u = graph.edgeU[e]!;
    const v = graph.edgeV[e]!;
    target[fill[u]!] = v;
    edge[fill[u]!++] = e;
    target[fill[v]!] = u;
    edge[fill[v]!++] = e;
  }
  return { start, target, edge };
}

/**
 * A spanning tree drawn uniformly from all spanning trees of each connected component, by Wilson's
 * algorithm (loop-erased random walks). Vertices without edges are left as single-vertex components.
 * Each component is rooted at its smallest vertex; the result does not depend on that choice.
 */
export function uniformSpanningTree(graph: EdgeListGraph, rng: RandomSource): SpanningTree {
  const n = graph.vertexCount;
  const adj = adjacency(graph);
  const inTree = new Uint8Array(n);
  const nextEdge = new Int32Array(n).fill(-1);
  // Label components so that each gets its own root (walks never leave their component).
  const comp = new DisjointSet(n);
  for (let e = 0; e < graph.edgeU.length; e++) comp.union(graph.edgeU[e]!, graph.edgeV[e]!);
  const rootSeen = new Uint8Array(n);
  for (let v = 0; v < n; v++) {
    const r = comp.find(v);
    if (!rootSeen[r]) {
      rootSeen[r] = 1;
      inTree[v] = 1; // smallest vertex of its component
    }
  }
  const chosen: number[] = [];
  for (let s = 0; s < n; s++) {
    // Random walk from s until the tree is hit; nextEdge keeps only the last exit (loop erasure).
    let v = s;
    while (!inTree[v]) {
      const lo = adj.start[v]!;
      const k = lo + rng.int(0, adj.start[v + 1]! - lo - 1);
      nextEdge[v] = k;
      v = adj.target[k]!;
    }
    v = s;
    while (!inTree[v]) {
      inTree[v] = 1;
      const k = nextEdge[v]!;
      chosen.push(adj.edge[k]!);
      v = adj.target[k]!;
    }
  }
  chosen.sort((a, b) => a - b);
  return treeFromEdgeIndices(graph, Int32Array.from(chosen));
}
