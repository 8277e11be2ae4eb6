import { InvalidInputError } from '@puzzlekit/errors';
import { Rng, type Seed } from '@puzzlekit/rng';
import { computeSegments, type Engine } from '../engine.js';
import { pathBetween } from '../link/path.js';
import { createLister } from '../link/lister.js';
import { loadBoard } from '../link/load.js';
import { engineToBoard, removeAndSettle, replay } from '../link/play.js';
import { pad } from '../engine.js';
import type { Board, Move, RuleOptions } from '../model.js';
import { solveBoard, type SolveOptions, type SolveResult } from '../solve/solve.js';
import { WorkLimits, type ProgressListener } from '../generate/limits.js';

/** True when removing padded a, b leaves the face's other two tiles linked (grid restored). */
function clearsFace(e: Engine, faceOf: Int32Array, a: number, b: number): boolean {
  const f = faceOf[e.grid[a]! - 1]!;
  let c = -1;
  let d = -1;
  for (let i = 0; i < e.size; i++) {
    const v = e.grid[i]!;
    if (v > 0 && i !== a && i !== b && faceOf[v - 1] === f) {
      if (c < 0) c = i;
      else d = i;
    }
  }
  if (d < 0) return false;
  const ta = e.grid[a]!;
  const tb = e.grid[b]!;
  e.grid[a] = 0;
  e.grid[b] = 0;
  const ok = pathBetween(e, c, d) !== null;
  e.grid[a] = ta;
  e.grid[b] = tb;
  return ok;
}

/** Options of {@link rateBoard}. */
export interface RateOptions extends RuleOptions {
  /** Random playouts for the clear rate (default 200). */
  readonly playouts?: number;
  /** Seed of the playouts (ignored when `rng` is given); default 0. */
  readonly seed?: Seed;
  /** The random stream for the playouts. */
  readonly rng?: Rng;
  /** Node budget of the solve that finds the line of play (default 200 000). */
  readonly nodeBudget?: number;
  /**
   * Count dead-end choices along the line of play (default true): every playable pair at every
   * step is checked with the solver, each check within `deadEndBudget` nodes.
   */
  readonly deadEnds?: boolean;
  /** Node budget of each dead-end check (default 5 000). */
  readonly deadEndBudget?: number;
  /** Random playouts along which dead-end choices are also counted (default 2). */
  readonly deadEndPlayouts?: number;
  /**
   * Wall-clock limit in milliseconds for the whole rating (default none). When it passes, the
   * measures taken so far are returned (`playouts` says how many random playouts ran) and `stopped`
   * says where it stopped.
   */
  readonly timeLimitMs?: number;
  /**
   * A known clearing sequence (for example the one `generateBoard` returns): it becomes the line of
   * play, and the solver is not run for it. It is replayed first; one that does not clear the board
   * is an InvalidInputError.
   */
  readonly solution?: readonly Move[];
  /** Hears of progress (stage `solving`, `playouts` or `dead ends`), at most every 100 ms. */
  readonly onProgress?: ProgressListener;
}

/** Measured difficulty of a board. */
export interface DifficultyReport {
  /** Tiles on the board. */
  readonly tiles: number;
  /** Playable pairs at the start. */
  readonly startMoves: number;
  /** Solver's verdict on the start position. */
  readonly solvable: boolean | null;
  /** Playable pairs at each step along the solver's line of play (start included), when solvable. */
  readonly movesAlongPlay: readonly number[];
  /**
   * Fewest playable pairs along that line while at least a quarter of the tiles remain (the
   * endgame, where one pair is left, would always give 1).
   */
  readonly minMoves: number;
  /** Mean playable pairs along that line. */
  readonly meanMoves: number;
  /** Playouts that pick a uniformly random playable pair each step. */
  readonly playouts: number;
  /** Fraction of random playouts that clear the board. */
  readonly randomClearRate: number;
  /** Mean fraction of tiles random play removes before it is stuck or done. */
  readonly randomProgress: number;
  /**
   * Playable pairs along the line of play after which the board can no longer be cleared
   * (proven by the solver). Null when not measured.
   */
  readonly deadEndChoices: number | null;
  /** Choices along the line whose check ran out of budget (neither safe nor proven dead). */
  readonly undecidedChoices: number | null;
  /** Choices checked in all along the line of play. */
  readonly choices: number | null;
  /**
   * Dead-end choices met along a few random playouts (`deadEndPlayouts`), each followed while the
   * board can still be cleared: the traps a casual player actually walks past. Null when not
   * measured.
   */
  readonly randomWalkDeadEnds: number | null;
  /** Choices checked along those random playouts. */
  readonly randomWalkChoices: number | null;
  /**
   * Set when a bound cut the rating short: `time limit (N ms) during <stage>`, or the solver giving
   * up on the line of play (then moves along play and dead ends are not measured).
   */
  readonly stopped?: string;
}

/**
 * Measures a board's difficulty the way a designer needs it: how many pairs are playable at the
 * start and along a line of play, how often a player who picks random playable pairs clears it
 * (seeded Monte Carlo), and how many of the choices along the way are dead ends (a playable pair
 * after which the board cannot be cleared).
 *
 * @throws InvalidInputError on a malformed board or bad options.
 */
export function rateBoard(board: Board, options: RateOptions = {}): DifficultyReport {
  const playouts = options.playouts ?? 200;
  if (!Number.isInteger(playouts) || playouts < 0 || playouts > 1_000_000)
    throw new InvalidInputError(`playouts must be an integer in 0..1000000, got ${playouts}`, {
      path: '$.playouts',
    });
  const rule: RuleOptions = { ring: options.ring ?? true, gravity: options.gravity ?? 'none' };
  const limits = new WorkLimits(options.timeLimitMs, options.onProgress, 'solving');
  let stopped: string | undefined;
  const stop = (stage: string): void => {
    stopped ??= `time limit (${Math.round(options.timeLimitMs ?? 0)} ms) during ${stage}`;
  };
  // Solver options within what is left of the time limit.
  const within = (nodeBudget: number, share = 1): SolveOptions => {
    const left = limits.remainingMs() * share;
    return left === Infinity
      ? { ...rule, nodeBudget }
      : { ...rule, nodeBudget, timeLimitMs: Math.max(1, left) };
  };
  const rng = options.rng ?? Rng.from(options.seed ?? 0);
  const base = loadBoard(board, rule);
  const { tiles } = base;
  const count = (b: Board): number => {
    const L = loadBoard(b, rule, false, false);
    computeSegments(L.e);
    return createLister(L.e, L.maxFace).list(L.faceOf);
  };
  const startMoves = count(board);

  // The line of play first (its moves along play are the main measure), then random play.
  // Half the time at most, so the playouts get the other half.
  const solved = lineOfPlay(board, rule, options.solution, () =>
    solveBoard(board, within(options.nodeBudget ?? 200_000, 0.5)),
  );
  // The solve had half the time: the playouts still run in the other half.
  const solveNote =
    solved.status === 'unknown' ? `the solver gave up: ${solved.reason} (${solved.bound})` : null;

  // Random play.
  let cleared = 0;
  let removed = 0;
  let played = 0;
  limits.begin('playouts');
  {
    const { e, faceOf, maxFace, gravity } = base;
    const start = e.grid.slice();
    const lister = createLister(e, maxFace);
    playing: for (let p = 0; p < playouts && !stopped; p++) {
      e.grid.set(start);
      let left = tiles;
      while (left > 0) {
        if (limits.expired(p, playouts)) {
          stop('playouts');
          break playing;
        }
        computeSegments(e);
        const n = lister.list(faceOf);
        if (n === 0) break;
        const k = rng.below(n);
        removeAndSettle(e, lister.a[k]!, lister.b[k]!, gravity);
        left -= 2;
      }
      if (left === 0) cleared++;
      removed += tiles === 0 ? 1 : (tiles - left) / tiles;
      played++;
    }
    e.grid.set(start);
  }

  // Checks every playable pair of `cur` with the solver: 'safe', 'dead' or 'unknown' per pair.
  const budget = options.deadEndBudget ?? 5000;
  const classify = (
    L: ReturnType<typeof loadBoard>,
    pairsA: number[],
    pairsB: number[],
  ): string[] => {
    const snapshot = L.e.grid.slice();
    // Without gravity, a pair that clears its face (the last two tiles, or two of four whose
    // other two then link) can never hurt: it needs no solver call.
    const faceCount = new Int32Array(L.maxFace + 1);
    for (let t = 0; t < L.tiles; t++) faceCount[L.faceOf[t]!]!++;
    return pairsA.map((pa, k) => {
      const pb = pairsB[k]!;
      const f = L.faceOf[L.e.grid[pa]! - 1]!;
      if (rule.gravity === 'none' && faceCount[f] === 2) return 'safe';
      if (rule.gravity === 'none' && faceCount[f] === 4 && clearsFace(L.e, L.faceOf, pa, pb))
        return 'safe';
      if (limits.expired()) {
        stop('dead ends');
        return 'unknown';
      }
      removeAndSettle(L.e, pa, pb, rule.gravity);
      const child = engineToBoard(L.e, L.faceOf);
      L.e.grid.set(snapshot);
      const r = solveBoard(child, within(budget));
      if (r.reason === 'time limit') stop('dead ends');
      return r.status === 'unsolvable' ? 'dead' : r.status === 'unknown' ? 'unknown' : 'safe';
    });
  };
  const stateOf = (cur: Board) => {
    const L = loadBoard(cur, rule, false, false);
    computeSegments(L.e);
    const lister = createLister(L.e, L.maxFace);
    const n = lister.list(L.faceOf);
    return {
      L,
      pairsA: Array.from(lister.a.subarray(0, n)),
      pairsB: Array.from(lister.b.subarray(0, n)),
    };
  };

  // Moves along the line of play, dead ends.
  limits.begin('dead ends');
  const doDead = options.deadEnds ?? true;
  const along: number[] = [];
  const early: number[] = [];
  let dead: number | null = null;
  let undecided: number | null = null;
  let choices: number | null = null;
  let randomDead: number | null = null;
  let randomChoices: number | null = null;
  if (solved.status === 'solved') {
    if (doDead) {
      dead = 0;
      undecided = 0;
      choices = 0;
    }
    // Walks the line of play, handing each position to `visit` until it returns false.
    const walkLine = (visit: (state: ReturnType<typeof stateOf>) => boolean): void => {
      let cur = board;
      for (const move of [...solved.solution!, null]) {
        const state = stateOf(cur);
        if (!visit(state)) return;
        if (move) {
          const { L } = state;
          const a = pad(L.e, move[0][0], move[0][1]);
          const b = pad(L.e, move[1][0], move[1][1]);
          removeAndSettle(L.e, a, b, rule.gravity);
          cur = engineToBoard(L.e, L.faceOf);
        }
      }
    };
    // First the playable pairs along the whole line (one listing per step), then the dead-end
    // checks (a solver call per pair) for as long as the time limit allows.
    walkLine(({ L, pairsA }) => {
      if (limits.expired()) {
        stop('moves along play');
        return false;
      }
      // A freshly loaded board holds exactly its L.tiles tiles.
      if (L.tiles > 0) along.push(pairsA.length);
      if (L.tiles > 0 && L.tiles * 4 >= tiles) early.push(pairsA.length);
      return true;
    });
    if (doDead && !stopped)
      walkLine(({ L, pairsA, pairsB }) => {
        if (L.tiles > 0)
          for (const c of classify(L, pairsA, pairsB)) {
            choices!++;
            if (c === 'dead') dead!++;
            else if (c === 'unknown') undecided!++;
          }
        return !stopped;
      });
    // Dead ends met by random players: follow a few random playouts while they can still win.
    const walks = options.deadEndPlayouts ?? 2;
    if (doDead && walks > 0 && !stopped) {
      randomDead = 0;
      randomChoices = 0;
      const walkRng = rng.fork();
      for (let w = 0; w < walks; w++) {
        let state = board;
        while (!stopped) {
          const { L, pairsA, pairsB } = stateOf(state);
          if (pairsA.length === 0) break;
          const kinds = classify(L, pairsA, pairsB);
          randomChoices += kinds.length;
          for (const c of kinds) if (c === 'dead') randomDead++;
          const k = walkRng.below(kinds.length);
          if (kinds[k] !== 'safe') break; // the walk lost (or cannot be followed further)
          removeAndSettle(L.e, pairsA[k]!, pairsB[k]!, rule.gravity);
          state = engineToBoard(L.e, L.faceOf);
        }
      }
    }
  }
  return {
    tiles,
    startMoves,
    solvable: solved.solvable,
    movesAlongPlay: along,
    minMoves: early.length ? Math.min(...early) : startMoves,
    meanMoves: along.length ? along.reduce((s, x) => s + x, 0) / along.length : startMoves,
    playouts: played,
    randomClearRate: played ? cleared / played : 0,
    randomProgress: played ? removed / played : 0,
    deadEndChoices: dead,
    undecidedChoices: undecided,
    choices,
    randomWalkDeadEnds: randomDead,
    randomWalkChoices: randomChoices,
    ...(stopped || solveNote
      ? { stopped: [solveNote, stopped].filter((x) => x !== null && x !== undefined).join('; ') }
      : {}),
  };
}

/** The line of play: a given solution once it replays to a clear board, else the solver's. */
function lineOfPlay(
  board: Board,
  rule: RuleOptions,
  given: readonly Move[] | undefined,
  solve: () => SolveResult,
): SolveResult {
  if (given === undefined) return solve();
  const check = replay(board, given, rule);
  if (!check.cleared)
    throw new InvalidInputError(
      `the given solution does not clear the board: ${check.error ?? 'tiles remain at the end'}`,
      { path: '$.solution' },
    );
  return { status: 'solved', solvable: true, solution: given, nodes: 0 };
}
