import { InvalidInputError } from '@puzzlekit/errors';
import type { Direction, Level, Push } from '../model.js';
import { pushesToLurd } from '../play.js';
import { Space, UNREACHABLE } from './space.js';

/** Options of {@link solve}. */
export interface SolveOptions {
  /** Stop after expanding this many states (default 2,000,000). */
  readonly maxNodes?: number;
  /** Stop after this many milliseconds of search (default: no time limit). */
  readonly maxMs?: number;
  /** Called every 10,000 expansions with the count (for progress bars). */
  readonly onProgress?: (nodes: number) => void;
}

/** The result of {@link solve}. */
export interface SolveResult {
  /** True when a solution was found. */
  readonly solved: boolean;
  /** True when the solution has the fewest pushes possible (always, when solved: A* with an admissible bound). */
  readonly optimal: boolean;
  /** Pushes of the solution (0 when not solved). */
  readonly pushes: number;
  /** Moves of the LURD solution (walks between pushes are shortest). */
  readonly moves: number;
  /** The solution in LURD, or '' when not solved. */
  readonly solution: string;
  /** The solution's pushes. */
  readonly pushList: readonly Push[];
  /** States expanded. */
  readonly nodes: number;
  /** Why the search stopped without a solution: `budget` (node/time limit) or `unsolvable` (space exhausted). */
  readonly gaveUp?: 'budget' | 'unsolvable';
  /** The start's lower bound (minimum-cost box–goal assignment by lone-box push distance). */
  readonly lowerBound: number;
}

/**
 * Push-optimal A* solver under standard Sokoban rules: states are the box set plus the player's
 * region (normalised to its smallest cell), keyed by 64-bit Zobrist hashes checked against the stored
 * boxes; dead squares and 2×2 blocks are pruned; the heuristic is the minimum-cost assignment of boxes
 * to goals by lone-box push distance (admissible). For small levels: the state space grows fast.
 */
export function solve(level: Level, options: SolveOptions = {}): SolveResult {
  const maxNodes = options.maxNodes ?? 2_000_000;
  if (!(maxNodes > 0))
    throw new InvalidInputError('maxNodes must be positive', { path: '$.maxNodes' });
  const deadline = options.maxMs === undefined ? Infinity : performance.now() + options.maxMs;
  const sp = new Space(level);
  const k = sp.startBoxes.length;
  if (sp.goals.length !== k) {
    throw new InvalidInputError(`the level has ${k} boxes but ${sp.goals.length} goals`, {
      code: 'INVALID_LEVEL',
    });
  }
  const { size, off, dead, goal } = sp;
  const occ = new Uint8Array(size);
  // Node storage: boxes (k per node, sorted), player (normalised), g, parent, push.
  let cap = 1 << 12;
  let boxesPool = new Int32Array(cap * Math.max(k, 1));
  let player = new Int32Array(cap);
  let gCost = new Int32Array(cap);
  let parent = new Int32Array(cap);
  let pushOf = new Int32Array(cap);
  let count = 0;
  const grow = (): void => {
    cap *= 2;
    const b = new Int32Array(cap * Math.max(k, 1));
    b.set(boxesPool);
    boxesPool = b;
    const g2 = (a: Int32Array): Int32Array<ArrayBuffer> => {
      const n = new Int32Array(cap);
      n.set(a);
      return n;
    };
    player = g2(player);
    gCost = g2(gCost);
    parent = g2(parent);
    pushOf = g2(pushOf);
  };
  const seen = new Map<number, number>();
  const keyOf = (boxes: Int32Array, norm: number): number => {
    let hi = sp.zPlayerHi[norm]!;
    let lo = sp.zPlayerLo[norm]!;
    for (let i = 0; i < k; i++) {
      hi ^= sp.zBoxHi[boxes[i]!]!;
      lo ^= sp.zBoxLo[boxes[i]!]!;
    }
    return (hi >>> 0) * 2097152 + (lo >>> 11);
  };
  const sameAs = (node: number, boxes: Int32Array, norm: number): boolean => {
    if (player[node] !== norm) return false;
    const base = node * k;
    for (let i = 0; i < k; i++) if (boxesPool[base + i] !== boxes[i]) return false;
    return true;
  };
  const buckets: number[][] = [];
  let minF = 0;
  const pushOpen = (node: number, f: number): void => {
    (buckets[f] ??= []).push(node);
    if (f < minF) minF = f;
  };
  const add = (boxes: Int32Array, norm: number, g: number, from: number, push: number): number => {
    if (count >= cap) grow();
    const n = count++;
    boxesPool.set(boxes, n * k);
    player[n] = norm;
    gCost[n] = g;
    parent[n] = from;
    pushOf[n] = push;
    return n;
  };
  const start = Int32Array.from(sp.startBoxes).sort();
  for (const c of start) occ[c] = 1;
  const norm0 = sp.flood(occ, level.player);
  for (const c of start) occ[c] = 0;
  const h0 = sp.lowerBound(start);
  const base = { lowerBound: h0 >= UNREACHABLE ? -1 : h0 };
  if (h0 >= UNREACHABLE) return finish(level, [], 0, 'unsolvable', base.lowerBound);
  const root = add(start, norm0, 0, -1, -1);
  seen.set(keyOf(start, norm0), root);
  pushOpen(root, h0);
  const isGoal = (boxes: Int32Array): boolean => {
    for (let i = 0; i < k; i++) if (!goal[boxes[i]!]) return false;
    return true;
  };
  if (isGoal(start)) return finish(level, [], 0, undefined, 0);
  const cur = new Int32Array(k);
  const next = new Int32Array(k);
  let nodes = 0;
  for (;;) {
    while (minF < buckets.length && (buckets[minF]?.length ?? 0) === 0) minF++;
    if (minF >= buckets.length) return finish(level, [], nodes, 'unsolvable', base.lowerBound);
    const node = buckets[minF]!.pop()!;
    const g = gCost[node]!;
    nodes++;
    if (nodes > maxNodes || (nodes % 1024 === 0 && performance.now() > deadline)) {
      return finish(level, [], nodes, 'budget', base.lowerBound);
    }
    if (options.onProgress && nodes % 10000 === 0) options.onProgress(nodes);
    cur.set(boxesPool.subarray(node * k, node * k + k));
    for (let i = 0; i < k; i++) occ[cur[i]!] = 1;
    sp.flood(occ, player[node]!);
    sp.markRegion();
    for (let bi = 0; bi < k; bi++) {
      const b = cur[bi]!;
      for (let d = 0; d < 4; d++) {
        const o = off[d]!;
        const t = b + o;
        if (sp.wall[t] || occ[t] || dead[t] || !sp.isMarked(b - o)) continue;
        // apply
        occ[b] = 0;
        occ[t] = 1;
        if (!sp.blocked2x2(occ, t)) {
          next.set(cur);
          next[bi] = t;
          next.sort();
          const norm = sp.flood(occ, b);
          const key = keyOf(next, norm);
          const old = seen.get(key);
          const ng = g + 1;
          const known = old !== undefined && sameAs(old, next, norm);
          if (!known || ng < gCost[old]!) {
            const h = sp.lowerBound(next);
            if (h < UNREACHABLE) {
              if (!known) {
                const n = add(next, norm, ng, node, b * 4 + d);
                if (old === undefined) seen.set(key, n);
                if (h === 0 && isGoal(next))
                  return finish(level, path(n), nodes, undefined, base.lowerBound);
                pushOpen(n, ng + h);
              } else {
                gCost[old] = ng;
                parent[old] = node;
                pushOf[old] = b * 4 + d;
                pushOpen(old, ng + h);
              }
            }
          }
        }
        occ[t] = 0;
        occ[b] = 1;
      }
    }
    for (let i = 0; i < k; i++) occ[cur[i]!] = 0;
  }

  function path(n: number): Push[] {
    const out: Push[] = [];
    for (let x = n; parent[x]! >= 0; x = parent[x]!) {
      const v = pushOf[x]!;
      out.push({ box: v >> 2, direction: (v & 3) as Direction });
    }
    return out.reverse();
  }
}

function finish(
  level: Level,
  pushes: Push[],
  nodes: number,
  gaveUp: 'budget' | 'unsolvable' | undefined,
  lowerBound: number,
): SolveResult {
  if (gaveUp) {
    return {
      solved: false,
      optimal: false,
      pushes: 0,
      moves: 0,
      solution: '',
      pushList: [],
      nodes,
      gaveUp,
      lowerBound,
    };
  }
  const solution = pushesToLurd(level, pushes);
  return {
    solved: true,
    optimal: true,
    pushes: pushes.length,
    moves: solution.length,
    solution,
    pushList: pushes,
    nodes,
    lowerBound,
  };
}
