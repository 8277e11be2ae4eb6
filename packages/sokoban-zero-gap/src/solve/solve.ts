import { InvalidInputError } from '@puzzlekit/errors';
import { IMPOSSIBLE, SOLVED, type Outcome } from '@puzzlekit/graph-search';
import { countBoxes, type Level, type Push } from '../model.js';
import { lurdToPushes, pushesToLurd } from '../play.js';
import { isLineLevel, optimize } from './optimize.js';
import { solveLines } from './lines.js';
import { Space } from './space.js';
import { exactSearch } from './astar.js';
import { greedySearch } from './greedy.js';
import type { PushSearchOutcome } from './astar.js';

/** Default node budget of {@link solve}. */
export const DEFAULT_SOLVE_NODES = 2_000_000;
/** Default time budget of {@link solve}, in milliseconds. */
export const DEFAULT_SOLVE_MS = 10_000;
/** Default memory budget of {@link solve} for its tables, in MB (2^20 bytes). */
export const DEFAULT_SOLVE_MEMORY_MB = 512;

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
   * `optimal` (default): A*, the answer has the fewest pushes. `fast`: A* for a tenth of the budget
   * (small levels then get the optimum anyway); then, on b/e levels, the line-rule optimum
   * ({@link solveLines}, a quarter); then a greedy best-first search ({@link greedySearch}: PI-corral
   * pruning, corral and bipartite deadlocks, packing order, goal-room macros) for the rest. An answer
   * from the last two is shortened by {@link optimize} and is not claimed optimal (`optimal: false`).
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
  /**
   * How the search ended, in the words every puzzlekit search uses (`describeOutcome` of
   * @puzzlekit/graph-search): solved, proven impossible, or gave up naming the bound and its value
   * (for memory: the states the budget held).
   */
  readonly outcome: Outcome;
}

/**
 * Push-optimal A* solver under standard Sokoban rules: states are the box set plus the player's
 * region (normalised to its smallest cell), keyed by 64-bit Zobrist hashes checked against the stored
 * boxes; dead squares and 2×2 blocks are pruned; the heuristic is the minimum-cost assignment of boxes
 * to goals by lone-box push distance (admissible). For small levels: the state space grows fast.
 */
export function solve(level: Level, options: SolveOptions = {}): SolveResult {
  if (options.mode !== 'fast') return search(level, options);
  // A tenth of the budget for the exact search first: small levels then get the optimum anyway,
  // and levels the greedy search misleads are not all lost.
  const { maxNodes, maxMs } = checkSolveOptions(options);
  const started = performance.now();
  const exact = search(level, {
    ...options,
    maxNodes: Math.max(1, Math.floor(maxNodes / 10)),
    maxMs: maxMs / 10,
  });
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
 * The fast mode's own search: {@link greedySearch}, its answer shortened, as a portfolio of runs
 * (each misleads some levels the others solve at once):
 *
 * 1. the plain run, until a quarter of the time (Microban 93, 139 and 144 need it: 0.9–1.4 s);
 * 2. the guided run, until 45 % (all of it on levels without goal rooms): free areas in the
 *    priority (FESS's connectivity) and corral deadlocks by sub-search (XSokoban 4, 8 and 9, which
 *    no run without them finishes in 30 s; the zero-gap g levels, which goal-room macros mislead);
 * 3. on levels with goal rooms, the guided run with goal-room macros, until 85 % (XSokoban 7 and
 *    60 take under a tenth of a second in it), then the macro run without the guidance (the fast
 *    mode's second run before the guided one existed; Microban 153 needs macros).
 *
 * An exhausted run proves the level unsolvable unless it took macros (they skip states); the area
 * guidance only orders the states and the sub-search's deadlocks are proven.
 */
function satisfice(level: Level, options: SolveOptions): SolveResult {
  const { maxNodes, maxMs, memoryBytes } = checkSolveOptions(options);
  const started = performance.now();
  const sp = new Space(level);
  if (sp.distanceEntries * 4 > memoryBytes / 2) {
    return finish(level, [], 0, { kind: 'memory', limit: 0 }, 0);
  }
  const rooms = hasGoalRoom(sp);
  // each run's share is the part of the time by which it must end
  const runs = [
    { share: 0.25, macros: false, areas: false },
    { share: rooms ? 0.45 : 1, macros: false, areas: true },
    ...(rooms
      ? [
          { share: 0.85, macros: true, areas: true },
          { share: 1, macros: true, areas: false },
        ]
      : []),
  ];
  let nodes = 0;
  let proven = false;
  let last: PushSearchOutcome = { pushes: null, nodes: 0, states: 0, stop: 'time' };
  for (const run of runs) {
    last = greedySearch(sp, level.player, {
      maxNodes: Math.max(1, maxNodes - nodes),
      deadline: started + maxMs * run.share,
      memoryBytes: memoryBytes - sp.distanceEntries * 4,
      onProgress: options.onProgress,
      macros: run.macros,
      areas: run.areas,
    });
    nodes += last.nodes;
    if (last.pushes) return finish(level, last.pushes, nodes, undefined, 0, false);
    proven = last.stop === 'unsolvable' && !run.macros;
    if (proven || last.stop === 'memory' || last.stop === 'nodes') break;
  }
  // an exhausted macro run proves nothing: the runs before it ran out of time
  const stop = proven ? 'unsolvable' : last.stop === 'unsolvable' ? 'time' : last.stop;
  return finish(level, [], nodes, stopOf(stop, { maxNodes, maxMs }, last.states), 0);
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
    outcome: SOLVED,
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

/** The push-optimal search ({@link exactSearch}) on `level`, within the options' budgets. */
function search(level: Level, options: SolveOptions): SolveResult {
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
    return finish(level, [], 0, { kind: 'memory', limit: 0 }, 0);
  }
  const sp = new Space(level);
  const r = exactSearch(sp, level.player, {
    maxNodes,
    deadline,
    memoryBytes: memoryBytes - sp.distanceEntries * 4,
    onProgress: options.onProgress,
    freeze: options.freeze ?? true,
  });
  if (r.pushes) return finish(level, r.pushes, r.nodes, undefined, r.lowerBound);
  return finish(level, [], r.nodes, stopOf(r.stop, { maxNodes, maxMs }, r.states), r.lowerBound);
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

/** The search's answer, or what stopped it. */
function finish(
  level: Level,
  pushes: Push[],
  nodes: number,
  stop: Stop | undefined,
  lowerBound: number,
  optimal = true,
): SolveResult {
  if (stop) {
    const outcome: Outcome =
      stop.kind === 'unsolvable'
        ? IMPOSSIBLE
        : { kind: 'gave-up', bound: stop.kind, limit: stop.limit };
    return {
      solved: false,
      optimal: false,
      pushes: 0,
      moves: 0,
      solution: '',
      pushList: [],
      nodes,
      ...(stop.kind === 'unsolvable'
        ? { gaveUp: 'unsolvable' }
        : { gaveUp: 'budget', bound: stop.kind }),
      lowerBound,
      outcome,
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
    outcome: SOLVED,
  };
}

/**
 * Why a search stopped: proven unsolvable, or the bound it hit with that bound's value (the node
 * budget, the time budget in ms, or the states the memory budget holds).
 */
interface Stop {
  readonly kind: SolveBound | 'unsolvable';
  readonly limit: number;
}

/** The {@link Stop} of a push search that ended without an answer. */
function stopOf(
  stop: SolveBound | 'unsolvable' | undefined,
  limits: { readonly maxNodes: number; readonly maxMs: number },
  states: number,
): Stop {
  const kind = stop ?? 'unsolvable';
  const limit = kind === 'nodes' ? limits.maxNodes : kind === 'time' ? limits.maxMs : states;
  return { kind, limit };
}
