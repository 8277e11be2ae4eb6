import { InvalidInputError } from '@puzzlekit/errors';
import { countBoxes, type Direction, type Level, type Push } from '../model.js';
import { lurdToPushes, pushesToLurd } from '../play.js';
import { isLineLevel, optimize } from './optimize.js';
import { solveLines } from './lines.js';
import { Assignment } from './hungarian.js';
import { Space, UNREACHABLE } from './space.js';
import { greedySearch } from './greedy.js';

/** Default node budget of {@link solve}. */
export const DEFAULT_SOLVE_NODES = 2_000_000;
/** Default time budget of {@link solve}, in milliseconds. */
export const DEFAULT_SOLVE_MS = 10_000;
/** Default memory budget of {@link solve} for its tables, in MB (2^20 bytes). */
export const DEFAULT_SOLVE_MEMORY_MB = 512;

/** How much more the fast mode weighs the lower bound than the pushes made. */
export const FAST_WEIGHT = 3;

/** Which budget stopped a search. */
export type SolveBound = 'nodes' | 'time' | 'memory';

/** Options of {@link solve}. */
export interface SolveOptions {
  /** Stop after expanding this many states (default {@link DEFAULT_SOLVE_NODES}). */
  readonly maxNodes?: number;
  /** Stop after this many milliseconds, setup included (default {@link DEFAULT_SOLVE_MS}; `Infinity` for none). */
  readonly maxMs?: number;
  /**
   * Memory for the distance table and the stored states, in MB (default
   * {@link DEFAULT_SOLVE_MEMORY_MB}). The state table never grows past it: the search stops with
   * `bound: 'memory'` instead.
   */
  readonly maxMemoryMB?: number;
  /**
   * `optimal` (default): A*, the answer has the fewest pushes. `fast`: A* for a quarter of the
   * budget; then, on b/e levels, the line-rule optimum ({@link solveLines}, a quarter); then weighted
   * A* (the bound counts {@link FAST_WEIGHT} times) for the rest, which finds an answer in far fewer
   * states on many levels. An answer from the last two is shortened by {@link optimize} and is not
   * claimed optimal (`optimal: false`).
   */
  readonly mode?: 'optimal' | 'fast';
  /** Prune freeze deadlocks (a box that can never move again off a goal); default true. */
  readonly freeze?: boolean;
  /** Called every 10,000 expansions with the count (for progress bars). */
  readonly onProgress?: (nodes: number) => void;
}

/** The result of {@link solve}. */
export interface SolveResult {
  /** True when a solution was found. */
  readonly solved: boolean;
  /** True when the solution has the fewest pushes possible (always when solved in the optimal mode). */
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
  /** Why the search stopped without a solution: `budget` (a limit, see `bound`) or `unsolvable` (space exhausted). */
  readonly gaveUp?: 'budget' | 'unsolvable';
  /** With `gaveUp: 'budget'`: the budget it hit. */
  readonly bound?: SolveBound;
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
  if (options.mode !== 'fast') return search(level, options, 1);
  // A quarter of the budget for the exact search first: small levels then get the optimum anyway,
  // and levels the weighted search misleads are not lost.
  const { maxNodes, maxMs } = checkSolveOptions(options);
  const started = performance.now();
  const exact = search(
    level,
    { ...options, maxNodes: Math.max(1, Math.floor(maxNodes / 10)), maxMs: maxMs / 10 },
    1,
  );
  if (exact.solved || exact.gaveUp === 'unsolvable') return exact;
  const lines = lineAnswer(level, maxMs / 4);
  if (lines) {
    return shortenedAnswer(level, lines.pushList, exact.nodes + lines.nodes, exact.lowerBound, {
      maxMs: maxMs / 4,
    });
  }
  const spent = performance.now() - started;
  const rest = satisfice(level, {
    ...options,
    maxNodes: maxNodes - exact.nodes,
    maxMs: Math.max(1, maxMs - spent),
  });
  return { ...rest, nodes: rest.nodes + exact.nodes, lowerBound: exact.lowerBound };
}

/**
 * The fast mode's own search: {@link greedySearch}, its answer shortened. On levels with goal rooms
 * a third of the time goes to a plain run and the rest to a run with goal-room macros (which many
 * room levels need, and which mislead others); an exhausted plain run proves the level unsolvable,
 * an exhausted macro run proves nothing (the macros skip states).
 */
function satisfice(level: Level, options: SolveOptions): SolveResult {
  const { maxNodes, maxMs, memoryBytes } = checkSolveOptions(options);
  const started = performance.now();
  const sp = new Space(level);
  if (sp.distanceEntries * 4 > memoryBytes / 2) return finish(level, [], 0, 'memory', 0);
  const rooms = hasGoalRoom(sp);
  const limits = {
    maxNodes,
    deadline: started + (rooms ? maxMs / 3 : maxMs),
    memoryBytes: memoryBytes - sp.distanceEntries * 4,
    onProgress: options.onProgress,
    macros: false,
  };
  const plain = greedySearch(sp, level.player, limits);
  if (plain.pushes) return finish(level, plain.pushes, plain.nodes, undefined, 0, false);
  if (!rooms || plain.stop !== 'time') return finish(level, [], plain.nodes, plain.stop, 0);
  const r = greedySearch(sp, level.player, {
    ...limits,
    maxNodes: Math.max(1, maxNodes - plain.nodes),
    deadline: started + maxMs,
    macros: true,
  });
  const nodes = plain.nodes + r.nodes;
  if (r.pushes) return finish(level, r.pushes, nodes, undefined, 0, false);
  return finish(level, [], nodes, r.stop === 'unsolvable' ? 'time' : r.stop, 0);
}

/** True when two goals touch: a goal area that goal-room macros can fill in packing order. */
function hasGoalRoom(sp: Space): boolean {
  for (const g of sp.goals) for (const o of sp.off) if (sp.goal[g + o]) return true;
  return false;
}

/**
 * A fast-mode answer (not claimed optimal): `pushes` shortened by the optimizer (loop cuts, line
 * re-solves, local shortcuts), within `maxMs` when given.
 */
function shortenedAnswer(
  level: Level,
  pushes: readonly Push[],
  nodes: number,
  lowerBound: number,
  limits: { readonly maxMs?: number } = {},
): SolveResult {
  const shorter = optimize(level, pushes, { maxNodes: 200_000, ...limits });
  return {
    solved: true,
    optimal: false,
    pushes: shorter.pushes,
    moves: shorter.moves,
    solution: shorter.solution,
    pushList: lurdToPushes(level, shorter.solution),
    nodes,
    lowerBound,
  };
}

/**
 * Fast mode on b/e levels (every box and goal on a lattice slot): the line-rule optimum
 * ({@link solveLines}), which is legal under standard rules, or null when it does not apply or
 * does not finish in `maxMs`.
 */
function lineAnswer(level: Level, maxMs: number): SolveResult | null {
  if (!isLineLevel(level)) return null;
  try {
    const r = solveLines(level, { maxMs, maxNodes: 1_000_000 });
    return r.solved ? r : null;
  } catch (error) {
    if (error instanceof InvalidInputError) return null; // not a b/e lattice after all
    throw error;
  }
}

/** The A* search (f = pushes + weight × bound); weight 1 is exact. */
function search(level: Level, options: SolveOptions, weight: number): SolveResult {
  const { maxNodes, maxMs, memoryBytes } = checkSolveOptions(options);
  const deadline = performance.now() + maxMs;
  const counts = countBoxes(level);
  if (counts.goals !== counts.boxes) {
    throw new InvalidInputError(`the level has ${counts.boxes} boxes but ${counts.goals} goals`, {
      code: 'INVALID_LEVEL',
    });
  }
  // The per-goal distance table comes first; it may take at most half the budget.
  if (counts.goals * level.cells.length * 4 > memoryBytes / 2) {
    return finish(level, [], 0, 'memory', 0);
  }
  const sp = new Space(level);
  const k = sp.startBoxes.length;
  const freeze = options.freeze ?? true;
  const { size, off, dead, wall, zBoxHi, zBoxLo, zPlayerHi, zPlayerLo } = sp;
  const occ = new Uint8Array(size);
  const kk = Math.max(k, 1);
  const maxStates = stateCapacity(memoryBytes - sp.distanceEntries * 4, kk);
  // Node storage: boxes (k per node, sorted), player (normalised), g, h, parent, push, box-set key.
  let cap = Math.min(1 << 12, maxStates);
  let boxesPool = new Int32Array(cap * kk);
  let player = new Int32Array(cap);
  let gCost = new Int32Array(cap);
  let hCost = new Int32Array(cap);
  let parent = new Int32Array(cap);
  let pushOf = new Int32Array(cap);
  let bHi = new Int32Array(cap);
  let bLo = new Int32Array(cap);
  let count = 0;
  const grow = (): void => {
    cap = Math.min(cap * 2, maxStates);
    const b = new Int32Array(cap * kk);
    b.set(boxesPool);
    boxesPool = b;
    const g2 = (a: Int32Array): Int32Array<ArrayBuffer> => {
      const n = new Int32Array(cap);
      n.set(a);
      return n;
    };
    player = g2(player);
    gCost = g2(gCost);
    hCost = g2(hCost);
    parent = g2(parent);
    pushOf = g2(pushOf);
    bHi = g2(bHi);
    bLo = g2(bLo);
  };
  // Closed set: open addressing on the 64-bit key (box-set key ^ player key), node index + 1.
  let tableMask = (1 << 13) - 1;
  let table = new Int32Array(tableMask + 1);
  const slotOf = (hi: number, lo: number): number => (lo ^ Math.imul(hi, 0x9e3779b1)) & tableMask;
  const keyHi = (n: number): number => bHi[n]! ^ zPlayerHi[player[n]!]!;
  const keyLo = (n: number): number => bLo[n]! ^ zPlayerLo[player[n]!]!;
  const insert = (n: number, hi: number, lo: number): void => {
    let s = slotOf(hi, lo);
    while (table[s] !== 0) s = (s + 1) & tableMask;
    table[s] = n + 1;
  };
  const rehash = (): void => {
    tableMask = tableMask * 2 + 1;
    table = new Int32Array(tableMask + 1);
    for (let n = 0; n < count; n++) insert(n, keyHi(n), keyLo(n));
  };
  // Recent nodes' assignment duals, so expanding a fresh node needs no full Hungarian solve.
  // (about 24 bytes a box an entry: at most ~25 MB however many boxes, outside the state budget)
  let RING = 1024;
  while (RING > 16 && RING * (kk + 1) > 1 << 20) RING >>= 1;
  while (RING * 2 * (kk + 1) <= 1 << 17) RING *= 2;
  const ringOwner = new Int32Array(RING).fill(-1);
  const ringU = new Float64Array(RING * (kk + 1));
  const ringV = new Float64Array(RING * (kk + 1));
  const ringP = new Int32Array(RING * (kk + 1));
  const ringRows = new Int32Array(RING * (kk + 1));
  const parentA = new Assignment(k, size, sp.pushDist, UNREACHABLE);
  const childA = new Assignment(k, size, sp.pushDist, UNREACHABLE);
  const big = parentA.big;
  const save = (n: number, a: Assignment): void => {
    const slot = n & (RING - 1);
    ringOwner[slot] = n;
    const o = slot * (kk + 1);
    ringU.set(a.u, o);
    ringV.set(a.v, o);
    ringP.set(a.p, o);
    ringRows.set(a.rows, o);
  };
  const load = (n: number, a: Assignment): boolean => {
    const slot = n & (RING - 1);
    if (ringOwner[slot] !== n) return false;
    const o = slot * (kk + 1);
    a.u.set(ringU.subarray(o, o + kk + 1));
    a.v.set(ringV.subarray(o, o + kk + 1));
    a.p.set(ringP.subarray(o, o + kk + 1));
    a.rows.set(ringRows.subarray(o, o + kk + 1));
    return true;
  };

  const buckets: number[][] = [];
  let minF = 0;
  const pushOpen = (node: number, f: number): void => {
    (buckets[f] ??= []).push(node);
    if (f < minF) minF = f;
  };
  const start = Int32Array.from(sp.startBoxes).sort();
  for (const c of start) occ[c] = 1;
  const norm0 = sp.flood(occ, level.player);
  for (const c of start) occ[c] = 0;
  const h0raw = k === 0 ? 0 : parentA.solve(start, deadline);
  if (Number.isNaN(h0raw)) return finish(level, [], 0, 'time', 0);
  const h0 = h0raw >= big ? UNREACHABLE : h0raw;
  const lb0 = h0 >= UNREACHABLE ? -1 : h0;
  if (h0 >= UNREACHABLE) return finish(level, [], 0, 'unsolvable', lb0);
  let hi0 = 0;
  let lo0 = 0;
  for (const c of start) {
    hi0 ^= zBoxHi[c]!;
    lo0 ^= zBoxLo[c]!;
  }
  boxesPool.set(start, 0);
  player[0] = norm0;
  gCost[0] = 0;
  hCost[0] = h0;
  parent[0] = -1;
  pushOf[0] = -1;
  bHi[0] = hi0;
  bLo[0] = lo0;
  count = 1;
  insert(0, keyHi(0), keyLo(0));
  save(0, parentA);
  pushOpen(0, weight * h0);
  if (h0 === 0) return finish(level, [], 0, undefined, 0);
  const cur = new Int32Array(kk);
  const next = new Int32Array(kk);
  const trail: number[] = [];
  const maxReplay = Math.max(2, k >> 2);
  let nodes = 0;
  for (;;) {
    while (minF < buckets.length && (buckets[minF]?.length ?? 0) === 0) minF++;
    if (minF >= buckets.length) return finish(level, [], nodes, 'unsolvable', lb0);
    const node = buckets[minF]!.pop()!;
    const g = gCost[node]!;
    if (g + weight * hCost[node]! !== minF) continue; // stale entry (reopened with a smaller g)
    nodes++;
    if (nodes > maxNodes) return finish(level, [], nodes - 1, 'nodes', lb0);
    if ((nodes & 15) === 0 && performance.now() > deadline) {
      return finish(level, [], nodes, 'time', lb0);
    }
    if (options.onProgress && nodes % 10000 === 0) options.onProgress(nodes);
    const nb = node * k;
    for (let i = 0; i < k; i++) cur[i] = boxesPool[nb + i]!;
    if (!load(node, parentA)) {
      // replay the pushes from the nearest ancestor whose duals are still cached (else solve afresh)
      let anc = parent[node]!;
      let depth = 1;
      while (anc >= 0 && depth <= maxReplay && ringOwner[anc & (RING - 1)] !== anc) {
        anc = parent[anc]!;
        depth++;
      }
      if (anc >= 0 && depth <= maxReplay && load(anc, parentA)) {
        trail.length = 0;
        for (let x = node; x !== anc; x = parent[x]!) trail.push(pushOf[x]!);
        for (let i = trail.length - 1; i >= 0; i--) {
          const v = trail[i]!;
          const from = v >> 2;
          let row = 1;
          while (parentA.rows[row] !== from) row++;
          parentA.move(row - 1, from + off[v & 3]!);
        }
      } else parentA.solve(cur);
      save(node, parentA);
    }
    // parentA rows are in some order: map each row to its index in cur
    for (let i = 0; i < k; i++) occ[cur[i]!] = 1;
    sp.flood(occ, player[node]!);
    sp.markRegion();
    const nodeHi = bHi[node]!;
    const nodeLo = bLo[node]!;
    const ng = g + 1;
    for (let row = 1; row <= k; row++) {
      const b = parentA.rows[row]!;
      for (let d = 0; d < 4; d++) {
        const o = off[d]!;
        const t = b + o;
        if (wall[t] || occ[t] || dead[t] || !sp.isMarked(b - o)) continue;
        occ[b] = 0;
        occ[t] = 1;
        if (!sp.blocked2x2(occ, t) && !(freeze && sp.frozenDeadlock(occ, t))) {
          const norm = sp.flood(occ, b);
          const hiB = nodeHi ^ zBoxHi[b]! ^ zBoxHi[t]!;
          const loB = nodeLo ^ zBoxLo[b]! ^ zBoxLo[t]!;
          const hi = hiB ^ zPlayerHi[norm]!;
          const lo = loB ^ zPlayerLo[norm]!;
          // the child's sorted boxes
          let w = 0;
          let placed = false;
          for (let i = 0; i < k; i++) {
            const c = cur[i]!;
            if (c === b) continue;
            if (!placed && t < c) {
              next[w++] = t;
              placed = true;
            }
            next[w++] = c;
          }
          if (!placed) next[w] = t;
          let s = slotOf(hi, lo);
          let old = -1;
          for (let e = table[s]!; e !== 0; s = (s + 1) & tableMask, e = table[s]!) {
            const n = e - 1;
            if (bHi[n] === hiB && bLo[n] === loB && player[n] === norm) {
              let same = true;
              const base = n * k;
              for (let i = 0; i < k; i++) {
                if (boxesPool[base + i] !== next[i]) {
                  same = false;
                  break;
                }
              }
              if (same) {
                old = n;
                break;
              }
            }
          }
          if (old >= 0) {
            if (ng < gCost[old]!) {
              gCost[old] = ng;
              parent[old] = node;
              pushOf[old] = b * 4 + d;
              pushOpen(old, ng + weight * hCost[old]!);
            }
          } else {
            childA.copyFrom(parentA);
            const hr = childA.move(row - 1, t);
            if (hr < big) {
              if (count >= maxStates) return finish(level, [], nodes, 'memory', lb0);
              if (count >= cap) grow();
              const n = count++;
              boxesPool.set(next.subarray(0, k), n * k);
              player[n] = norm;
              gCost[n] = ng;
              hCost[n] = hr;
              parent[n] = node;
              pushOf[n] = b * 4 + d;
              bHi[n] = hiB;
              bLo[n] = loB;
              if (count * 2 > tableMask) rehash();
              else insert(n, hi, lo);
              if (hr === 0) return finish(level, path(n), nodes, undefined, lb0, weight === 1);
              save(n, childA);
              pushOpen(n, ng + weight * hr);
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

/** Validates the options and fills in the defaults. */
function checkSolveOptions(options: SolveOptions): {
  maxNodes: number;
  maxMs: number;
  memoryBytes: number;
} {
  const maxNodes = options.maxNodes ?? DEFAULT_SOLVE_NODES;
  const maxMs = options.maxMs ?? DEFAULT_SOLVE_MS;
  const maxMemoryMB = options.maxMemoryMB ?? DEFAULT_SOLVE_MEMORY_MB;
  if (!Number.isSafeInteger(maxNodes) || maxNodes < 1)
    throw new InvalidInputError('maxNodes must be a whole number ≥ 1', { path: '$.maxNodes' });
  if (!(maxMs > 0))
    throw new InvalidInputError('maxMs must be a positive number', { path: '$.maxMs' });
  if (!(maxMemoryMB >= 1) || !Number.isFinite(maxMemoryMB))
    throw new InvalidInputError('maxMemoryMB must be a number ≥ 1', { path: '$.maxMemoryMB' });
  return { maxNodes, maxMs, memoryBytes: maxMemoryMB * 1024 * 1024 };
}

/**
 * How many states fit in `bytes`: per state k box cells and seven Int32 fields (4k + 28 bytes),
 * counted twice because growing copies the arrays, plus the hash table (≤ 16 bytes a state) and the
 * open lists (about 8).
 */
function stateCapacity(bytes: number, k: number): number {
  return Math.max(1, Math.floor(bytes / (2 * (4 * k + 28) + 24)));
}

/** The search's answer, or what stopped it. */
function finish(
  level: Level,
  pushes: Push[],
  nodes: number,
  stop: SolveBound | 'unsolvable' | undefined,
  lowerBound: number,
  optimal = true,
): SolveResult {
  if (stop) {
    return {
      solved: false,
      optimal: false,
      pushes: 0,
      moves: 0,
      solution: '',
      pushList: [],
      nodes,
      ...(stop === 'unsolvable' ? { gaveUp: stop } : { gaveUp: 'budget', bound: stop }),
      lowerBound,
    };
  }
  if (!optimal && pushes.length > 0) {
    // the fast mode's answer, shortened (loop cuts, line re-solves, local shortcuts)
    return shortenedAnswer(level, pushes, nodes, lowerBound);
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
