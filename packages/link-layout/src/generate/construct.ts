// Solvable by construction: starting from the layout filled with blank tiles, repeatedly remove a
// random linkable pair (faces ignored, gravity applied exactly as in play), backtracking when no
// pair is linkable; the removal order, played forwards, clears the board once faces are given to
// the pairs.
import type { Bound, BudgetMeter } from '@puzzlekit/job';
import type { Rng } from '@puzzlekit/rng';
import { computeSegments, partnersOf, unpad, type Engine } from '../engine.js';
import { removeAndSettle } from '../link/play.js';
import type { Gravity, Move } from '../model.js';

/** The outcome of a construction: which tile ids were paired, in play order, and where. */
export interface Construction {
  /** Tile ids (grid value − 1) of each removed pair, in play order. */
  readonly pairA: Int32Array;
  readonly pairB: Int32Array;
  /** The move as board cells at the time it is played (gravity moves tiles between moves). */
  readonly moves: Move[];
  /** How many times the construction got stuck and undid moves. */
  readonly backtracks: number;
}

/** Why a construction did not finish: a bound of the budget, or no linkable pair at all. */
export type ConstructionStop = { readonly bound: Bound } | { readonly noPair: true };

/**
 * Runs the construction on `e` (whose grid holds blank tiles with ids 1..tiles, at rest under
 * `gravity`). The grid is left empty of tiles when it finishes. `difficulty` in [0, 1] biases the
 * choice of pair: low prefers adjacent, straight pairs; high prefers far-apart, two-turn pairs.
 * `meter` counts one unit per step (a pair removed, or a dead end that backtracks; removals undone
 * and made again count again), so a layout that keeps getting stuck ends on the work budget,
 * deterministically. Returns
 * why it stopped instead when a bound ran out, or when no two tiles link at all (then no clearing
 * order exists: nothing can be played first).
 */
export function construct(
  e: Engine,
  tiles: number,
  rng: Rng,
  difficulty: number,
  gravity: Gravity,
  meter: BudgetMeter,
): Construction | ConstructionStop {
  const steps = tiles / 2;
  const pairA = new Int32Array(steps);
  const pairB = new Int32Array(steps);
  const posA = new Int32Array(steps);
  const posB = new Int32Array(steps);
  // Undo log instead of a grid copy per step (which took rows × cols × steps memory): each step's
  // removed tiles are in pairA/posA..., and the tiles that fell are logged as (from, to).
  const fallLog: number[] = [];
  const fallStart = new Int32Array(steps);
  const logFall = (from: number, to: number): void => {
    fallLog.push(from, to);
  };
  const undoStep = (i: number): void => {
    while (fallLog.length > fallStart[i]!) {
      const to = fallLog.pop()!;
      const from = fallLog.pop()!;
      e.grid[from] = e.grid[to]!;
      e.grid[to] = 0;
    }
    e.grid[posA[i]!] = pairA[i]! + 1;
    e.grid[posB[i]!] = pairB[i]! + 1;
  };
  const outCells = new Int32Array(e.size);
  const outTurns = new Int32Array(e.size);
  const cand: number[] = [];
  const candW: number[] = [];
  const live = new Int32Array(e.size);
  const bias = 4 * (2 * difficulty - 1);
  const span = e.rows + e.cols;
  const pw = e.pw;
  // Above difficulty 0.5: a pair whose tiles already link on the starting board is a free move
  // there (most playable pairs of a constructed board are such pairs), so it is penalised, and more
  // source tiles are sampled per step so an unexposed pair is usually among the candidates.
  // Below 0.5 with gravity, the same pairs are favoured instead (weight × exp(2 (1 − 2d))): the
  // turn/distance bias alone left random play's clear rate flat from 0 to 0.5 under gravity.
  // Without gravity boards below 0.5 are left as they were (random play clears them already).
  const hard = Math.max(0, 2 * difficulty - 1);
  const easy = gravity === 'none' ? 0 : Math.max(0, 1 - 2 * difficulty);
  const exposure = hard > 0 || easy > 0 ? startLinks(e, tiles, outCells, outTurns) : null;
  const penalty = hard > 0 ? Math.exp(-8 * hard) : Math.exp(2 * easy);
  const maxSources = 2 + Math.round(6 * hard);
  let backtracks = 0;
  let back = 1;
  let k = 0;
  while (k < steps) {
    const bound = meter.spend();
    if (bound !== null) return { bound };
    computeSegments(e);
    let nLive = 0;
    for (let i = 0; i < e.size; i++) if (e.grid[i]! > 0) live[nLive++] = i;
    cand.length = 0;
    candW.length = 0;
    let sources = 0;
    while (nLive > 0 && sources < maxSources) {
      const j = rng.below(nLive);
      const a = live[j]!;
      live[j] = live[--nLive]!;
      const n = partnersOf(e, a, outCells, outTurns);
      if (n === 0) continue;
      sources++;
      for (let t = 0; t < n; t++) {
        const b = outCells[t]!;
        const dist =
          Math.abs(Math.floor(a / pw) - Math.floor(b / pw)) + Math.abs((a % pw) - (b % pw));
        const score = 0.5 * (outTurns[t]! / 2) + 0.5 * Math.min(1, dist / span);
        cand.push(a, b);
        let w = Math.exp(bias * score);
        if (exposure) {
          const ta = e.grid[a]! - 1;
          const tb = e.grid[b]! - 1;
          if (exposure.has(ta < tb ? ta * tiles + tb : tb * tiles + ta)) w *= penalty;
        }
        candW.push(w);
      }
    }
    if (cand.length === 0) {
      // Stuck: undo the last `back` moves (doubling on repeated trouble) and try again. At the
      // start every tile was tried as a source and none links: no clearing order exists.
      if (k === 0) return { noPair: true };
      backtracks++;
      const to = Math.max(0, k - back);
      back = Math.min(back * 2, steps);
      while (k > to) undoStep(--k);
      continue;
    }
    const pick = rng.weightedIndex(candW);
    const a = cand[2 * pick]!;
    const b = cand[2 * pick + 1]!;
    fallStart[k] = fallLog.length;
    pairA[k] = e.grid[a]! - 1;
    pairB[k] = e.grid[b]! - 1;
    posA[k] = a;
    posB[k] = b;
    removeAndSettle(e, a, b, gravity, logFall);
    k++;
  }
  const moves: Move[] = [];
  for (let i = 0; i < steps; i++) moves.push([unpad(e, posA[i]!), unpad(e, posB[i]!)]);
  return { pairA, pairB, moves, backtracks };
}

/** Pairs of tile ids (lo · tiles + hi) that link on the starting board, faces ignored. */
function startLinks(e: Engine, tiles: number, out: Int32Array, turns: Int32Array): Set<number> {
  computeSegments(e);
  const links = new Set<number>();
  for (let a = 0; a < e.size; a++) {
    const ta = e.grid[a]! - 1;
    if (ta < 0) continue;
    const n = partnersOf(e, a, out, turns);
    for (let k = 0; k < n; k++) {
      const tb = e.grid[out[k]!]! - 1;
      if (ta < tb) links.add(ta * tiles + tb);
    }
  }
  return links;
}
