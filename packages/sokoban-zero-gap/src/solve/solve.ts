import { InvalidInputError } from '@puzzlekit/errors';
import { BudgetMeter, DEFAULT_MAX_WORK, SOLVED, gaveUp, type Budget } from '@puzzlekit/job';
import { countBoxes, type Level, type Push } from '../model.js';
import { lurdToPushes } from '../play.js';
import { isLineLevel, optimize } from './optimize.js';
import { solveLinesMetered } from './lines.js';
import { Space } from './space.js';
import { exactSearch } from './astar.js';
import { greedyRun } from './greedy.js';
import { solvedWith, unsolvedResult, type SolveResult } from './result.js';

/** Default memory budget of {@link solve} for its tables, in MB (2^20 bytes). */
export const DEFAULT_SOLVE_MEMORY_MB = 512;

/**
 * The work shares of the fast mode's portfolio, as fractions of the node budget (see {@link solve}).
 * Work, not wall-clock time: the same level and budget give the same answer on any machine.
 */
export const FAST_SHARES = Object.freeze({
  /** The exact search first: small levels get the optimum anyway. */
  exact: 0.1,
  /** The line-rule solver on b/e levels. */
  lines: 0.25,
  /**
   * Then the weighted line-rule search (pushes + {@link LINE_WEIGHT} × bound) on b/e levels too
   * large for the exact one: b n = 10 levels take it under 200 nodes.
   */
  weightedLines: 0.1,
});

/**
 * b/e levels with more boxes than this (n ≥ 6; n = 5 has 24) take the weighted line-rule search
 * before the exact searches in the fast mode (see {@link solve}).
 */
export const LARGE_LINE_LEVEL_BOXES = 24;

/** The bound's weight in the fast mode's weighted line-rule search: 3 solved b n = 10 seeds 1–3. */
export const LINE_WEIGHT = 3;

/**
 * The weights of the fast mode's interleaved runs (see {@link solve}): each run's part of the work
 * the exact search (and the line solver) left, and of the memory for stored states. On levels
 * without goal rooms the macro runs are left out.
 */
export const FAST_WEIGHTS = Object.freeze({
  rooms: Object.freeze({ fess: 0.55, plain: 0.1, guided: 0.1, guidedMacros: 0.2, macros: 0.05 }),
  noRooms: Object.freeze({ fess: 0.7, plain: 0.15, guided: 0.15, guidedMacros: 0, macros: 0 }),
});

/** Nodes one round of the fast mode's interleaved runs expands in all (each its weight's part). */
export const FAST_SLICE = 20_000;

/** Work (nodes) the fast mode gives {@link optimize} to shorten an answer, at most. */
export const SHORTEN_WORK = 200_000;

/** Options of {@link solve} (the budget is its own argument). */
export interface SolveOptions {
  /**
   * `optimal` (default): A*, the answer has the fewest pushes. `fast`: a portfolio by work shares
   * of the node budget ({@link FAST_SHARES}): the A* search for a tenth (small levels then get the
   * optimum anyway); then, on b/e levels, the line-rule optimum ({@link solveLines}, a quarter) and
   * a weighted line-rule search (a tenth); then five push searches interleaved by work
   * ({@link FAST_WEIGHTS}): FESS, Shoham and Schaeffer's feature-space search by box moves (`FessFrontier`),
   * and four greedy best-first searches ({@link greedySearch}: PI-corral pruning, corral and
   * bipartite deadlocks, packing order, goal-room macros). An answer from all but the first is
   * shortened by {@link optimize} and is not claimed optimal (`optimal: false`).
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
  const memoryBytes = memoryOf(options);
  const counts = countBoxes(level);
  if (counts.goals !== counts.boxes) {
    throw new InvalidInputError(`the level has ${counts.boxes} boxes but ${counts.goals} goals`, {
      code: 'INVALID_LEVEL',
    });
  }
  if (options.mode !== 'fast') return exact(level, meter, memoryBytes, options.freeze ?? true);
  // The shares are parts of the work budget; an unbounded one is shared as the default budget is,
  // and its last run takes all the rest.
  const total = Number.isFinite(meter.maxWork) ? meter.maxWork : DEFAULT_MAX_WORK;
  // Large b/e levels: the weighted line-rule search first. The exact searches cost far more CPU a
  // node there, and an answer found later under a CPU limit would be lost to the clock.
  if (counts.boxes > LARGE_LINE_LEVEL_BOXES) {
    const early = lineAnswer(
      level,
      meter,
      Math.floor(total * FAST_SHARES.weightedLines),
      LINE_WEIGHT,
    );
    if (early === 'time') return unsolvedResult(meter.gaveUp('time'), meter.work, 0);
    if (early) return shortened(level, early, meter, 0);
  }
  const exactMeter = new BudgetMeter(
    meter.share(Math.max(1, Math.floor(total * FAST_SHARES.exact))),
  );
  const first = exact(level, exactMeter, memoryBytes, options.freeze ?? true);
  meter.charge(first.work);
  if (first.outcome.kind !== 'gave-up' || first.outcome.bound === 'time') {
    return first.outcome.kind === 'gave-up' ? { ...first, outcome: meter.gaveUp('time') } : first;
  }
  for (const [share, weight] of [
    [FAST_SHARES.lines, 1],
    [FAST_SHARES.weightedLines, LINE_WEIGHT],
  ] as const) {
    if (weight > 1 && counts.boxes > LARGE_LINE_LEVEL_BOXES) continue; // tried first
    const lines = lineAnswer(level, meter, Math.floor(total * share), weight);
    if (lines === 'time') return unsolvedResult(meter.gaveUp('time'), meter.work, first.lowerBound);
    if (lines) return shortened(level, lines, meter, first.lowerBound);
  }
  return satisfice(level, meter, memoryBytes, first.lowerBound);
}

/**
 * The fast mode's own search: a portfolio of resumable {@link greedyRun}s interleaved by work, its
 * answer shortened. Each run in turn expands {@link FAST_SLICE} × its weight nodes, round after
 * round, until one finds an answer or proves the level unsolvable, or the work left when the
 * portfolio starts is used up (each run's cap is its weight's part of it, so they end together);
 * each run's stored states get the same part of the memory. The runs ({@link FAST_WEIGHTS}):
 *
 * - FESS (Shoham and Schaeffer's feature-space search, `FessFrontier` in fess.ts) by box moves
 *   (one box taken anywhere it can go is one move; every state stored costs a unit of work) —
 *   the main run;
 * - the plain greedy run (Microban 93, 139 and 144 need it);
 * - the guided run: free areas in the priority and corral deadlocks by sub-search (XSokoban 4, 8
 *   and 9; the zero-gap g levels, which goal-room macros mislead);
 * - on levels with goal rooms, the guided run with goal-room macros (XSokoban 7 and 60; Microban
 *   153) and the macro run without the guidance.
 *
 * An exhausted run proves the level unsolvable unless it took macros (they skip states); the
 * feature space and the area guidance only order the states, and the sub-search's deadlocks are
 * proven. Work alone decides which run finds the answer, so the answer is the same on any machine.
 */
function satisfice(
  level: Level,
  meter: BudgetMeter,
  memoryBytes: number,
  lowerBound: number,
): SolveResult {
  const sp = new Space(level);
  if (sp.distanceEntries * 4 > memoryBytes / 2) {
    return unsolvedResult(gaveUp('memory', 0, 'states'), meter.work, lowerBound);
  }
  const rooms = hasGoalRoom(sp);
  const w = rooms ? FAST_WEIGHTS.rooms : FAST_WEIGHTS.noRooms;
  const specs = [
    { weight: w.fess, macros: false, areas: true, fess: true },
    { weight: w.plain, macros: false, areas: false, fess: false },
    { weight: w.guided, macros: false, areas: true, fess: false },
    { weight: w.guidedMacros, macros: true, areas: true, fess: false },
    { weight: w.macros, macros: true, areas: false, fess: false },
  ].filter((spec) => spec.weight > 0);
  const rest = meter.remaining();
  const left = Number.isFinite(rest) ? rest : DEFAULT_MAX_WORK;
  const tableBytes = memoryBytes - sp.distanceEntries * 4;
  const runs = specs.map((spec) => {
    const runMeter = new BudgetMeter(meter.share(Math.floor(left * spec.weight)));
    return {
      spec,
      meter: runMeter,
      charged: 0,
      done: false,
      search: greedyRun(
        sp,
        level.player,
        {
          meter: runMeter,
          memoryBytes: Math.floor(tableBytes * spec.weight),
          macros: spec.macros,
          areas: spec.areas,
          fess: spec.fess,
          boxMoves: spec.fess,
        },
        Math.max(1, Math.round(FAST_SLICE * spec.weight)),
      ),
    };
  });
  let memoryStates = -1;
  let live = runs;
  while (live.length > 0) {
    for (const run of live) {
      const step = run.search.next();
      meter.charge(run.meter.work - run.charged);
      run.charged = run.meter.work;
      if (!step.done) continue;
      run.done = true;
      const found = step.value;
      if (found.pushes) return shortened(level, found.pushes, meter, lowerBound);
      if (found.stop === 'unsolvable' && !run.spec.macros)
        return unsolvedResult('impossible', meter.work, lowerBound);
      if (found.stop === 'time')
        return unsolvedResult(meter.gaveUp('time'), meter.work, lowerBound);
      if (found.stop === 'memory') memoryStates = Math.max(memoryStates, found.states);
    }
    live = live.filter((run) => !run.done);
  }
  // every run used up its work share (or its memory); an exhausted macro run proves nothing
  const outcome =
    memoryStates >= 0 ? gaveUp('memory', memoryStates, 'states') : meter.gaveUp('work');
  return unsolvedResult(outcome, meter.work, lowerBound);
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
 * Fast mode on b/e levels (every box and goal on a lattice slot): the line-rule optimum
 * ({@link solveLines}), or with `weight` > 1 a weighted line-rule answer, within `share` nodes, which is legal under standard rules; null
 * when it does not apply or does not finish in its share, `time` when the clock stopped it.
 */
function lineAnswer(
  level: Level,
  meter: BudgetMeter,
  share: number,
  weight: number,
): readonly Push[] | null | 'time' {
  if (!isLineLevel(level)) return null;
  const sub = new BudgetMeter(meter.share(share));
  try {
    const r = solveLinesMetered(level, sub, weight);
    meter.charge(sub.work);
    if ('value' in r) return r.value.pushList;
    return r.outcome.kind === 'gave-up' && r.outcome.bound === 'time' ? 'time' : null;
  } catch (error) {
    meter.charge(sub.work);
    if (error instanceof InvalidInputError) return null; // not a b/e lattice after all
    throw error;
  }
}

/** The push-optimal search ({@link exactSearch}) on `level`, counting on `meter`. */
function exact(
  level: Level,
  meter: BudgetMeter,
  memoryBytes: number,
  freeze: boolean,
): SolveResult {
  // The per-goal distance table comes first; it may take at most half the memory.
  if (countBoxes(level).goals * level.cells.length * 4 > memoryBytes / 2) {
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

/** The memory budget in bytes. */
function memoryOf(options: SolveOptions): number {
  const maxMemory = options.maxMemory ?? DEFAULT_SOLVE_MEMORY_MB;
  if (typeof maxMemory !== 'number' || !(maxMemory >= 1) || !Number.isFinite(maxMemory))
    throw new InvalidInputError(`maxMemory must be a number of MB ≥ 1, got ${String(maxMemory)}`, {
      path: '$.maxMemory',
      code: 'INVALID_OPTION',
    });
  return maxMemory * 1024 * 1024;
}
