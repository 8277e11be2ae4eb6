import { InvalidInputError } from '@puzzlekit/errors';
import { BudgetMeter, DEFAULT_MAX_WORK, SOLVED, gaveUp, type Budget } from '@puzzlekit/job';
import { countBoxes, type Level, type Push } from '../model.js';
import { lurdToPushes } from '../play.js';
import { memoryBytesOf } from './memory.js';
import { isLineLevel, optimize } from './optimize.js';
import { linesRun } from './lines.js';
import { Space } from './space.js';
import { exactRun, exactSearch, type PushSearchOutcome } from './astar.js';
import { backwardRun } from './backward.js';
import { greedyRun } from './greedy.js';
import type { ResumableRun } from './run.js';
import { solvedWith, unsolvedResult, type SolveResult } from './result.js';

export { DEFAULT_SOLVE_MEMORY_MB } from './memory.js';

/**
 * The work shares of the fast mode's interleaved searches, as fractions of the node budget (see
 * {@link solve}). Work, not wall-clock time: the same level and budget give the same answer on any
 * machine.
 */
export const FAST_SHARES = Object.freeze({
  /** The exact search (its first slice a whole round: small levels get the optimum anyway). */
  exact: 0.1,
  /** The line-rule solver on b/e levels. */
  lines: 0.25,
  /**
   * The weighted line-rule search (pushes + {@link LINE_WEIGHT} × bound) on b/e levels, the first of
   * all on those too large for the exact one: b n = 10 levels take it under 200 nodes.
   */
  weightedLines: 0.1,
});

/**
 * b/e levels with more boxes than this (n ≥ 6; n = 5 has 24) take the weighted line-rule search
 * first of the fast mode's searches, ahead of the exact one (see {@link solve}).
 */
export const LARGE_LINE_LEVEL_BOXES = 24;

/** The bound's weight in the fast mode's weighted line-rule search: 3 solved b n = 10 seeds 1–3. */
export const LINE_WEIGHT = 3;

/**
 * The weights of the fast mode's six push searches (see {@link solve}): each one's part of the work
 * the {@link FAST_SHARES} leave, and of the memory for stored states the exact search leaves. On
 * levels without goal rooms the macro runs are left out. FESS takes the most: at the weights of
 * round 5 (0.55 with goal rooms) it got only 20–30 % of the CPU on XSokoban 30, 40 and 50, as a
 * node of the guided runs costs 3–6 times one of its units. The backward search ({@link backwardRun})
 * takes a whole round ({@link FAST_SLICE}) as its first slice: it answers the levels it answers in
 * a few thousand to tens of thousands of units, at a fraction of FESS's CPU a unit (XSokoban 1, 2, 3, 5,
 * 6, 9, 15 and 80 of the tuning sample; zero-gap w n = 8 seed 2 and g n = 8 seed 1, which no forward
 * search answered in 30 CPU-s, in 13,549 and 13,197).
 */
export const FAST_WEIGHTS = Object.freeze({
  rooms: Object.freeze({
    fess: 0.7,
    backward: 0.1,
    plain: 0.05,
    guided: 0.05,
    guidedMacros: 0.07,
    macros: 0.03,
  }),
  noRooms: Object.freeze({
    fess: 0.8,
    backward: 0.1,
    plain: 0.05,
    guided: 0.05,
    guidedMacros: 0,
    macros: 0,
  }),
});

/**
 * Levels with at most this many boxes give the fast mode's exact search a whole round as its first
 * slice ({@link FAST_SLICE}), so that small levels get their optimum before the other searches
 * start; larger ones give it its share of a round like the others, as its nodes cost the most there
 * (20,000 of them took 5 to 15 CPU-s on zero-gap w n = 6 to 10, where the plain greedy run then
 * answered within 100 nodes).
 */
export const EXACT_FIRST_ROUND_BOXES = 24;

/**
 * The line-rule searches' parts of the memory for stored states in the fast mode on b/e levels
 * (the other runs share the rest): more than their work shares, as they answer those levels and
 * store a dozen states a node — the weighted search kept 683,000 states (160 MB) to answer e n=10
 * seed 3, while the push searches there store under 100,000 in 30 CPU-s.
 */
export const FAST_LINE_MEMORY = Object.freeze({ lines: 0.3, weightedLines: 0.4 });

/**
 * The exact search's part of the memory for stored states in the fast mode that the line-rule
 * searches of b/e levels leave ({@link FAST_LINE_MEMORY}); the push searches share the rest by
 * their weights. More than its part of the work, as its table grows fastest.
 */
export const FAST_EXACT_MEMORY = 0.2;

/** Nodes one round of the fast mode's interleaved runs expands in all (each its weight's part). */
export const FAST_SLICE = 20_000;

/** Work (nodes) the fast mode gives {@link optimize} to shorten an answer, at most. */
export const SHORTEN_WORK = 200_000;

/** Options of {@link solve} (the budget is its own argument). */
export interface SolveOptions {
  /**
   * `optimal` (default): A*, the answer has the fewest pushes. `fast`: a portfolio of searches
   * interleaved by work, each its share of the node budget, slice by slice: the A* search for a
   * tenth ({@link FAST_SHARES}; on levels of at most {@link EXACT_FIRST_ROUND_BOXES} boxes its first
   * slice is a whole round, so small levels get the optimum anyway); on b/e levels the line-rule
   * optimum ({@link solveLines}, a quarter) and a weighted line-rule search (a tenth); and six push
   * searches ({@link FAST_WEIGHTS}): a greedy search backward by pulls from the solved position,
   * FESS, Shoham and Schaeffer's feature-space search by box moves (`FessFrontier`), and four
   * greedy best-first
   * searches ({@link greedySearch}: PI-corral pruning, corral and bipartite deadlocks, packing
   * order, goal-room macros). An answer from all but the A* search is shortened by
   * {@link optimize} and is not claimed optimal (`optimal: false`).
   */
  readonly mode?: 'optimal' | 'fast';
  /** Prune freeze deadlocks (a box that can never move again off a goal); default true. */
  readonly freeze?: boolean;
  /**
   * Memory for the distance table and the stored states, in MB (default
   * {@link DEFAULT_SOLVE_MEMORY_MB}). The state table never grows past it: the search gives up on
   * `memory` instead (and on the budget's `maxStates`, whichever comes first).
   */
  readonly maxMemory?: number;
}

/**
 * Solves a level under standard Sokoban rules within `budget` (work unit: `nodes`, states expanded;
 * default 2,000,000 nodes and no time limit).
 *
 * The optimal mode is a push-optimal A*: states are the box set plus the player's region
 * (normalised to its smallest cell), keyed by 64-bit Zobrist hashes checked against the stored boxes;
 * dead squares and 2×2 blocks are pruned; the heuristic is the minimum-cost assignment of boxes to
 * goals by lone-box push distance (admissible). For small levels: the state space grows fast. The
 * fast mode is a portfolio (see {@link SolveOptions.mode}).
 *
 * Work decides the answer; a time limit (`maxMs`, `deadline`) only stops the job early, and then the
 * outcome is `gave-up` with `bound: 'time'`.
 *
 * @throws InvalidInputError for a level whose box and goal counts differ, or bad options.
 */
export function solve(level: Level, budget: Budget = {}, options: SolveOptions = {}): SolveResult {
  const meter = new BudgetMeter(budget, { unit: 'nodes' });
  const memoryBytes = memoryBytesOf(options.maxMemory);
  const counts = countBoxes(level);
  if (counts.goals !== counts.boxes) {
    throw new InvalidInputError(`the level has ${counts.boxes} boxes but ${counts.goals} goals`, {
      code: 'INVALID_LEVEL',
    });
  }
  if (options.mode !== 'fast') return exact(level, meter, memoryBytes, options.freeze ?? true);
  return portfolio(level, meter, memoryBytes, options.freeze ?? true, counts.boxes);
}

/** How one search of the fast mode's portfolio ended. */
type RunEnd =
  | { readonly kind: 'answer'; readonly pushes: readonly Push[]; readonly optimal: boolean }
  /** Proven: the level has no answer (-1 as the exact search's bound: proven at the start). */
  | { readonly kind: 'unsolvable'; readonly exactBound?: number }
  /** Stopped without an answer: its work, the clock, its memory, or (`spent`) nothing left to try. */
  | {
      readonly kind: 'stopped';
      readonly bound: 'work' | 'time' | 'memory' | 'spent';
      readonly states: number;
    };

/** One search of the fast mode's portfolio. */
interface PortfolioRun {
  /** Its part of the work: of each round, and of what is left at the end. */
  readonly weight: number;
  readonly meter: BudgetMeter;
  /** Made lazily: a run that never gets a turn never builds its tables. */
  readonly search: ResumableRun<RunEnd>;
  /** Its work so far, charged to the job's meter. */
  charged: number;
  /** Its first step (set-up and first slice) is done. */
  started: boolean;
  ended: boolean;
}

/**
 * The fast mode: a portfolio of resumable searches interleaved by work. Round after round each live
 * run expands {@link FAST_SLICE} × its weight nodes (the exact search's first slice is a whole
 * round); when less work is left than a round takes, each run gets its weight's part of what is
 * left among the live runs, so the work of a run that ended early goes to the others. The first
 * answer ends the job; an exhausted exact search, or an exhausted forward push search without macros,
 * proves the level unsolvable. The runs and their weights:
 *
 * - the push-optimal search ({@link exactSearch}) for {@link FAST_SHARES}.exact: its answer is
 *   returned as it is, `optimal: true`;
 * - on b/e levels, the line-rule optimum ({@link solveLines}, {@link FAST_SHARES}.lines) and a
 *   weighted line-rule search ({@link FAST_SHARES}.weightedLines; on levels of more than
 *   {@link LARGE_LINE_LEVEL_BOXES} boxes it goes first, its whole share as its first slice: it
 *   answers there in a few thousand nodes and the other searches cost far more CPU a node);
 * - the rest to six push searches (weights {@link FAST_WEIGHTS}): the backward search by pulls from
 *   the solved position ({@link backwardRun}; a whole round as its first slice); and five
 *   {@link greedyRun}s: FESS
 *   (Shoham and Schaeffer's feature-space search by box moves, `FessFrontier` in fess.ts; one box
 *   taken anywhere it can go is one move, every state stored costs a unit), the main run; the plain
 *   greedy run (Microban 93, 139 and 144 need it); the guided run (free areas in the priority and
 *   corral deadlocks by sub-search: XSokoban 4, 8 and 9, the zero-gap g levels); and on levels with
 *   goal rooms the guided run with goal-room macros (XSokoban 7 and 60; Microban 153) and the macro
 *   run without the guidance.
 *
 * Every answer but the exact search's is shortened by {@link optimize} (`optimal: false`). Work
 * alone decides which run answers and how, so the answer is the same on any machine; the clock only
 * stops the job.
 */
function portfolio(
  level: Level,
  meter: BudgetMeter,
  memoryBytes: number,
  freeze: boolean,
  boxes: number,
): SolveResult {
  const total = Number.isFinite(meter.maxWork) ? meter.maxWork : DEFAULT_MAX_WORK;
  let lowerBound = 0;
  const runs: PortfolioRun[] = [];
  // Every run's meter may take all the work; the slices keep each to its part. `firstSlice`: the
  // exact search's is a whole round, so a small level gets its optimum before the others start.
  const add = (
    weight: number,
    make: (runMeter: BudgetMeter, firstSlice: number) => ResumableRun<RunEnd>,
    firstSlice = Math.round(FAST_SLICE * weight),
  ): void => {
    const runMeter = new BudgetMeter(meter.share(total));
    const first = Math.min(firstSlice, Math.floor(total * weight));
    runs.push({
      weight,
      meter: runMeter,
      search: make(runMeter, first),
      charged: 0,
      started: false,
      ended: false,
    });
  };
  const lineLevel = isLineLevel(level);
  const large = boxes > LARGE_LINE_LEVEL_BOXES;
  // without the push searches' distance table only the line-rule searches run
  const sp = distanceTableFits(level, memoryBytes) ? new Space(level) : null;
  // the memory for stored states: on b/e levels the line-rule searches take their parts first
  const stateBytes = sp ? memoryBytes - sp.distanceEntries * 4 : memoryBytes;
  const pushStateBytes =
    stateBytes * (lineLevel ? 1 - FAST_LINE_MEMORY.lines - FAST_LINE_MEMORY.weightedLines : 1);
  const lineRun = (weight: number, memory: number) => (m: BudgetMeter, first: number) =>
    linesSearch(level, m, weight, first, Math.floor(stateBytes * memory));
  const weightedLines = lineRun(LINE_WEIGHT, FAST_LINE_MEMORY.weightedLines);
  // On large b/e levels the weighted line search goes first with its whole share as its first
  // slice: it answers in a few hundred to a few thousand nodes (7,305 on b n=8 seed 2), where every
  // other search costs far more CPU a node, so an answer interleaved behind them would come after
  // the clock has stopped the job.
  if (lineLevel && large) add(FAST_SHARES.weightedLines, weightedLines, Infinity);
  if (sp) {
    add(
      FAST_SHARES.exact,
      (m, first) =>
        exactSearchRun(
          sp,
          level.player,
          {
            meter: m,
            memoryBytes: Math.floor(pushStateBytes * FAST_EXACT_MEMORY),
            freeze,
            onLowerBound: (bound) => {
              lowerBound = bound;
            },
          },
          first,
        ),
      boxes <= EXACT_FIRST_ROUND_BOXES ? FAST_SLICE : undefined,
    );
  }
  if (lineLevel) {
    add(FAST_SHARES.lines, lineRun(1, FAST_LINE_MEMORY.lines));
    if (!large) add(FAST_SHARES.weightedLines, weightedLines);
  }
  if (sp) {
    // the line shares first, then the exact one: the order fixes the float weights' last bits, and
    // so the slices
    const pushWeight =
      1 - (lineLevel ? FAST_SHARES.lines + FAST_SHARES.weightedLines : 0) - FAST_SHARES.exact;
    const w = hasGoalRoom(sp) ? FAST_WEIGHTS.rooms : FAST_WEIGHTS.noRooms;
    // the backward search: its first slice a whole round (see FAST_WEIGHTS)
    add(
      pushWeight * w.backward,
      (m, first) =>
        pushSearchRun(
          backwardRun(
            sp,
            level.player,
            {
              meter: m,
              memoryBytes: Math.floor(pushStateBytes * (1 - FAST_EXACT_MEMORY) * w.backward),
            },
            first,
          ),
          false,
        ),
      FAST_SLICE,
    );
    for (const spec of [
      { weight: w.fess, macros: false, areas: true, fess: true },
      { weight: w.plain, macros: false, areas: false, fess: false },
      { weight: w.guided, macros: false, areas: true, fess: false },
      { weight: w.guidedMacros, macros: true, areas: true, fess: false },
      { weight: w.macros, macros: true, areas: false, fess: false },
    ]) {
      if (spec.weight <= 0) continue;
      add(pushWeight * spec.weight, (m, first) =>
        pushSearchRun(
          greedyRun(
            sp,
            level.player,
            {
              meter: m,
              memoryBytes: Math.floor(pushStateBytes * (1 - FAST_EXACT_MEMORY) * spec.weight),
              macros: spec.macros,
              areas: spec.areas,
              fess: spec.fess,
              boxMoves: spec.fess,
            },
            first,
          ),
          // an exhausted macro run proves nothing: macros skip states
          !spec.macros,
        ),
      );
    }
  }

  let memoryStates = -1;
  let live = runs;
  while (live.length > 0) {
    const left = meter.remaining();
    const liveWeight = live.reduce((sum, run) => sum + run.weight, 0);
    for (const run of live) {
      // the first step runs the first slice the run was made with (a generator ignores the first
      // next's argument)
      const slice = run.started
        ? Math.min(
            Math.round(FAST_SLICE * run.weight),
            Math.floor((left * run.weight) / liveWeight),
          )
        : 1;
      let end: RunEnd | null = null;
      if (slice <= 0) end = { kind: 'stopped', bound: 'work', states: 0 };
      else {
        const step = run.search.next(slice);
        run.started = true;
        meter.charge(run.meter.work - run.charged);
        run.charged = run.meter.work;
        if (step.done) end = step.value;
      }
      if (end === null) continue;
      run.ended = true;
      if (end.kind === 'answer') {
        return end.optimal
          ? solvedWith(level, end.pushes, meter.work, lowerBound, true)
          : shortened(level, end.pushes, meter, lowerBound);
      }
      if (end.kind === 'unsolvable')
        return unsolvedResult('impossible', meter.work, end.exactBound ?? lowerBound);
      if (end.bound === 'time') return unsolvedResult(meter.gaveUp('time'), meter.work, lowerBound);
      if (end.bound === 'memory') memoryStates = Math.max(memoryStates, end.states);
    }
    live = live.filter((run) => !run.ended);
  }
  // every run used up its work (or its memory, or had nothing left to try)
  const outcome =
    memoryStates >= 0 ? gaveUp('memory', memoryStates, 'states') : meter.gaveUp('work');
  return unsolvedResult(outcome, meter.work, lowerBound);
}

/** {@link exactRun} as a portfolio run: its answer is push-optimal, its exhaustion a proof. */
function* exactSearchRun(
  sp: Space,
  player: number,
  limits: Parameters<typeof exactRun>[2],
  firstSlice: number,
): ResumableRun<RunEnd> {
  const r = yield* exactRun(sp, player, limits, firstSlice);
  if (r.pushes) return { kind: 'answer', pushes: r.pushes, optimal: true };
  if (r.stop === 'unsolvable') return { kind: 'unsolvable', exactBound: r.lowerBound };
  return { kind: 'stopped', bound: r.stop ?? 'spent', states: r.states };
}

/** A {@link greedyRun} as a portfolio run; its exhaustion is a proof when `proves`. */
function* pushSearchRun(
  run: ResumableRun<PushSearchOutcome>,
  proves: boolean,
): ResumableRun<RunEnd> {
  const r = yield* run;
  if (r.pushes) return { kind: 'answer', pushes: r.pushes, optimal: false };
  if (r.stop === 'unsolvable' && proves) return { kind: 'unsolvable' };
  return {
    kind: 'stopped',
    bound: r.stop === 'unsolvable' ? 'spent' : (r.stop ?? 'spent'),
    states: r.states,
  };
}

/**
 * The line-rule search ({@link linesRun}; weighted A* when `weight` > 1) as a portfolio run: legal
 * under standard rules, its answer is shortened like the push searches'. Its exhaustion proves only
 * that no line-rule answer exists.
 */
function* linesSearch(
  level: Level,
  meter: BudgetMeter,
  weight: number,
  firstSlice: number,
  memoryBytes: number,
): ResumableRun<RunEnd> {
  let r: SolveResult;
  try {
    r = yield* linesRun(level, meter, weight, firstSlice, memoryBytes);
  } catch (error) {
    if (error instanceof InvalidInputError) return { kind: 'stopped', bound: 'spent', states: 0 }; // not a b/e lattice after all
    throw error;
  }
  if ('value' in r && r.value) return { kind: 'answer', pushes: r.value.pushList, optimal: false };
  if (r.outcome.kind === 'gave-up' && r.outcome.bound === 'memory')
    return { kind: 'stopped', bound: 'memory', states: r.outcome.limit };
  const time = r.outcome.kind === 'gave-up' && r.outcome.bound === 'time';
  return { kind: 'stopped', bound: time ? 'time' : 'spent', states: 0 };
}

/** True when two goals touch: a goal area that goal-room macros can fill in packing order. */
function hasGoalRoom(sp: Space): boolean {
  for (const g of sp.goals) for (const o of sp.off) if (sp.goal[g + o]) return true;
  return false;
}

/**
 * A fast-mode answer (not claimed optimal): `pushes` shortened by the optimizer (loop cuts, line
 * re-solves, local shortcuts) with at most {@link SHORTEN_WORK} nodes of what is left. When the
 * clock stops the optimizer, the job says so and keeps the unshortened answer as `partial`: an
 * answer that depends on the machine's speed is never returned as the result.
 */
function shortened(
  level: Level,
  pushes: readonly Push[],
  meter: BudgetMeter,
  lowerBound: number,
): SolveResult {
  const shorter = optimize(level, pushes, meter.share(Math.min(SHORTEN_WORK, meter.remaining())));
  meter.charge(shorter.work);
  if (shorter.outcome.kind === 'gave-up' && shorter.outcome.bound === 'time') {
    const found = solvedWith(level, pushes, meter.work, lowerBound, false);
    return {
      outcome: meter.gaveUp('time'),
      work: meter.work,
      lowerBound,
      ...('value' in found ? { partial: found.value } : {}),
    };
  }
  return {
    outcome: SOLVED,
    value: {
      solution: shorter.solution,
      pushes: shorter.pushes,
      moves: shorter.moves,
      pushList: lurdToPushes(level, shorter.solution),
      optimal: false,
    },
    work: meter.work,
    lowerBound,
  };
}

/**
 * Whether the push searches' per-goal distance table fits: it comes first and may take at most
 * half the memory.
 */
function distanceTableFits(level: Level, memoryBytes: number): boolean {
  return countBoxes(level).goals * level.cells.length * 4 <= memoryBytes / 2;
}

/** The push-optimal search ({@link exactSearch}) on `level`, counting on `meter`. */
function exact(
  level: Level,
  meter: BudgetMeter,
  memoryBytes: number,
  freeze: boolean,
): SolveResult {
  if (!distanceTableFits(level, memoryBytes)) {
    return unsolvedResult(gaveUp('memory', 0, 'states'), meter.work, 0);
  }
  const sp = new Space(level);
  const r = exactSearch(sp, level.player, {
    meter,
    memoryBytes: memoryBytes - sp.distanceEntries * 4,
    freeze,
  });
  if (r.pushes) return solvedWith(level, r.pushes, meter.work, r.lowerBound, true);
  const stop = r.stop ?? 'unsolvable';
  return unsolvedResult(
    stop === 'unsolvable'
      ? 'impossible'
      : stop === 'memory'
        ? gaveUp('memory', r.states, 'states')
        : meter.gaveUp(stop),
    meter.work,
    r.lowerBound,
  );
}
