import { InvalidInputError } from '@puzzlekit/errors';
import { SOLVED, describeOutcome } from '@puzzlekit/graph-search';
import { Rng, type Seed } from '@puzzlekit/rng';
import { computeSegments, pad, type Engine } from '../engine.js';
import { pathBetween } from '../link/path.js';
import { createLister, type PairLister } from '../link/lister.js';
import { loadBoard, ruleOf, type Loaded } from '../link/load.js';
import { removeAndSettle, replay } from '../link/play.js';
import type { Board, Gravity, Move, RuleOptions } from '../model.js';
import { solveLoaded, type SolveOptions, type SolveResult } from '../solve/solve.js';
import { WorkLimits, timeLimitOf, type ProgressListener } from '../generate/limits.js';

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
  readonly maxNodes?: number;
  /** @deprecated the older name of `maxNodes`. */
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
  readonly maxMs?: number;
  /** @deprecated the older name of `maxMs`. */
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

/** A dead-end check's verdict on one playable pair. */
type Verdict = 'safe' | 'dead' | 'unknown';

/**
 * One rating's working state: the board loaded into one engine and one pair lister, reused by every
 * stage (random playouts, the walk along the line of play, every dead-end check's solver run) — the
 * grid is played forwards and put back from a snapshot, never converted to a plain board and
 * reloaded.
 */
class Rating {
  private readonly e: Engine;
  private readonly lister: PairLister;
  /** The start position's grid, restored after every stage. */
  private readonly start: Int32Array;
  stopped: string | undefined;

  constructor(
    private readonly loaded: Loaded,
    private readonly rule: { ring: boolean; gravity: Gravity },
    private readonly limits: WorkLimits,
    private readonly timeLimitMs: number | undefined,
  ) {
    this.e = loaded.e;
    this.lister = createLister(loaded.e, loaded.maxFace);
    this.start = loaded.e.grid.slice();
  }

  /** Notes the first stage a time limit cut short. */
  stop(stage: string): void {
    this.stopped ??= `time limit (${Math.round(this.timeLimitMs ?? 0)} ms) during ${stage}`;
  }

  /** Solver options within what is left of the time limit (`share` of it). */
  within(maxNodes: number, share = 1): SolveOptions {
    const left = this.limits.remainingMs() * share;
    return left === Infinity
      ? { ...this.rule, maxNodes }
      : { ...this.rule, maxNodes, maxMs: Math.max(1, left) };
  }

  /** Playable pairs of the current grid (the lister's `a`, `b` hold them until the next listing). */
  count(): number {
    computeSegments(this.e);
    return this.lister.list(this.loaded.faceOf);
  }

  /** The playable pairs of the current grid, copied out of the lister. */
  pairs(): { pairsA: number[]; pairsB: number[] } {
    const n = this.count();
    return {
      pairsA: Array.from(this.lister.a.subarray(0, n)),
      pairsB: Array.from(this.lister.b.subarray(0, n)),
    };
  }

  /** The exact solver on the current grid (left as it is), sharing this rating's pair lister. */
  solve(options: SolveOptions): SolveResult {
    return solveLoaded(this.loaded, options, this.lister);
  }

  /** Seeded random play: a uniformly random playable pair each step, `playouts` times. */
  randomPlay(rng: Rng, playouts: number): { cleared: number; removed: number; played: number } {
    const { e, lister } = this;
    const { tiles, gravity } = this.loaded;
    let cleared = 0;
    let removed = 0;
    let played = 0;
    playing: for (let p = 0; p < playouts && !this.stopped; p++) {
      e.grid.set(this.start);
      let left = tiles;
      while (left > 0) {
        if (this.limits.expired(p, playouts)) {
          this.stop('playouts');
          break playing;
        }
        const n = this.count();
        if (n === 0) break;
        const k = rng.below(n);
        removeAndSettle(e, lister.a[k]!, lister.b[k]!, gravity);
        left -= 2;
      }
      if (left === 0) cleared++;
      removed += tiles === 0 ? 1 : (tiles - left) / tiles;
      played++;
    }
    e.grid.set(this.start);
    return { cleared, removed, played };
  }

  /**
   * Walks the line of play from the start, handing each position (with the tiles left on it) to
   * `visit` until it returns false; the grid is back at the start afterwards.
   */
  walkLine(solution: readonly Move[], visit: (tilesLeft: number) => boolean): void {
    let left = this.loaded.tiles;
    for (const move of [...solution, null]) {
      if (!visit(left)) break;
      if (move) {
        const a = pad(this.e, move[0][0], move[0][1]);
        const b = pad(this.e, move[1][0], move[1][1]);
        removeAndSettle(this.e, a, b, this.rule.gravity);
        left -= 2;
      }
    }
    this.e.grid.set(this.start);
  }

  /**
   * Checks every given playable pair of the current grid with the solver: `dead` when the board
   * cannot be cleared after it, `unknown` when the check ran out of budget. The grid is unchanged.
   */
  classify(pairsA: readonly number[], pairsB: readonly number[], budget: number): Verdict[] {
    const { e, loaded, rule } = this;
    const snapshot = e.grid.slice();
    // Without gravity, a pair that clears its face (the last two tiles, or two of four whose
    // other two then link) can never hurt: it needs no solver call.
    const faceCount = new Int32Array(loaded.maxFace + 1);
    for (let i = 0; i < e.size; i++)
      if (e.grid[i]! > 0) faceCount[loaded.faceOf[e.grid[i]! - 1]!]!++;
    return pairsA.map((pa, k): Verdict => {
      const pb = pairsB[k]!;
      const f = loaded.faceOf[e.grid[pa]! - 1]!;
      if (rule.gravity === 'none' && faceCount[f] === 2) return 'safe';
      if (rule.gravity === 'none' && faceCount[f] === 4 && clearsFace(e, loaded.faceOf, pa, pb))
        return 'safe';
      if (this.limits.expired()) {
        this.stop('dead ends');
        return 'unknown';
      }
      removeAndSettle(e, pa, pb, rule.gravity);
      const r = this.solve(this.within(budget));
      e.grid.set(snapshot);
      if (r.outcome.kind === 'gave-up' && r.outcome.bound === 'time') this.stop('dead ends');
      return r.status === 'unsolvable' ? 'dead' : r.status === 'unknown' ? 'unknown' : 'safe';
    });
  }

  /**
   * Dead ends met by random players: follows `walks` random playouts while they can still win,
   * classifying every choice on the way; the grid is back at the start afterwards.
   */
  randomWalkDeadEnds(
    walkRng: Rng,
    walks: number,
    budget: number,
  ): { dead: number; choices: number } {
    let dead = 0;
    let choices = 0;
    for (let w = 0; w < walks; w++) {
      this.e.grid.set(this.start);
      while (!this.stopped) {
        const { pairsA, pairsB } = this.pairs();
        if (pairsA.length === 0) break;
        const kinds = this.classify(pairsA, pairsB, budget);
        choices += kinds.length;
        for (const c of kinds) if (c === 'dead') dead++;
        const k = walkRng.below(kinds.length);
        if (kinds[k] !== 'safe') break; // the walk lost (or cannot be followed further)
        removeAndSettle(this.e, pairsA[k]!, pairsB[k]!, this.rule.gravity);
      }
    }
    this.e.grid.set(this.start);
    return { dead, choices };
  }
}

/** Reads and checks an integer option in `min..max`. */
function checkCount(value: number, name: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new InvalidInputError(`${name} must be an integer in ${min}..${max}, got ${value}`, {
      path: `$.${name}`,
    });
  return value;
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
  const playouts = checkCount(options.playouts ?? 200, 'playouts', 0, 1_000_000);
  // Given both names, the smaller bound holds (as in the solver).
  const givenNodes = [options.maxNodes, options.nodeBudget].filter((n) => n !== undefined);
  const lineNodes = checkCount(
    givenNodes.length > 0 ? Math.min(...givenNodes) : 200_000,
    options.maxNodes === undefined ? 'nodeBudget' : 'maxNodes',
    1,
    Number.MAX_SAFE_INTEGER,
  );
  const budget = checkCount(
    options.deadEndBudget ?? 5000,
    'deadEndBudget',
    1,
    Number.MAX_SAFE_INTEGER,
  );
  const rule = ruleOf(options);
  const { limit: timeLimitMs, path } = timeLimitOf(options);
  const limits = new WorkLimits(timeLimitMs, options.onProgress, 'solving', path);
  const rng = options.rng ?? Rng.from(options.seed ?? 0);
  const loaded = loadBoard(board, rule);
  const rating = new Rating(loaded, rule, limits, timeLimitMs);
  const { tiles } = loaded;
  const startMoves = rating.count();

  // The line of play first (its moves along play are the main measure), then random play.
  // Half the time at most, so the playouts get the other half.
  const solved = lineOfPlay(board, rule, options.solution, () =>
    rating.solve(rating.within(lineNodes, 0.5)),
  );
  const solveNote =
    solved.status === 'unknown' ? `the solver ${describeOutcome(solved.outcome)}` : null;

  limits.begin('playouts');
  const random = rating.randomPlay(rng, playouts);

  // Moves along the line of play, then dead ends along it and along a few random walks.
  limits.begin('dead ends');
  const doDead = (options.deadEnds ?? true) && solved.status === 'solved';
  const along: number[] = [];
  const early: number[] = [];
  let line: { dead: number; undecided: number; choices: number } | null = null;
  let walks: { dead: number; choices: number } | null = null;
  if (solved.status === 'solved') {
    const solution = solved.solution!;
    // First the playable pairs along the whole line (one listing per step), then the dead-end
    // checks (a solver call per pair) for as long as the time limit allows.
    rating.walkLine(solution, (left) => {
      if (limits.expired()) {
        rating.stop('moves along play');
        return false;
      }
      const n = rating.count();
      if (left > 0) along.push(n);
      if (left > 0 && left * 4 >= tiles) early.push(n);
      return true;
    });
    if (doDead) {
      const counted = { dead: 0, undecided: 0, choices: 0 };
      line = counted;
      if (!rating.stopped)
        rating.walkLine(solution, (left) => {
          if (left > 0) {
            const { pairsA, pairsB } = rating.pairs();
            for (const c of rating.classify(pairsA, pairsB, budget)) {
              counted.choices++;
              if (c === 'dead') counted.dead++;
              else if (c === 'unknown') counted.undecided++;
            }
          }
          return !rating.stopped;
        });
      const walkCount = options.deadEndPlayouts ?? 2;
      if (walkCount > 0 && !rating.stopped)
        walks = rating.randomWalkDeadEnds(rng.fork(), walkCount, budget);
    }
  }
  const { stopped } = rating;
  const { cleared, removed, played } = random;
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
    deadEndChoices: line?.dead ?? null,
    undecidedChoices: line?.undecided ?? null,
    choices: line?.choices ?? null,
    randomWalkDeadEnds: walks?.dead ?? null,
    randomWalkChoices: walks?.choices ?? null,
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
  return { outcome: SOLVED, status: 'solved', solvable: true, solution: given, nodes: 0 };
}
