import { InvalidInputError } from '@puzzlekit/errors';
import {
  BudgetMeter,
  gaveUpResult,
  isSolved,
  solvedResult,
  type Bound,
  type Budget,
  type JobResult,
} from '@puzzlekit/job';
import { Rng, type Seed } from '@puzzlekit/rng';
import { computeSegments, pad, type Engine } from '../engine.js';
import { pathBetween } from '../link/path.js';
import { createLister, type PairLister } from '../link/lister.js';
import { loadBoard, ruleOf, type Loaded } from '../link/load.js';
import { removeAndSettle, replay } from '../link/play.js';
import type { Board, Gravity, Move, RuleOptions } from '../model.js';
import { solveLoaded, type AnswerSource, type SolveResult } from '../solve/solve.js';

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

/** Options of {@link rateBoard}: the rule, what to measure, and the one budget. */
export interface RateOptions extends RuleOptions, Budget {
  /** Random playouts for the clear rate (default 200). */
  readonly playouts?: number;
  /** Seed of the playouts (ignored when `rng` is given); default 0. */
  readonly seed?: Seed;
  /** The random stream for the playouts. */
  readonly rng?: Rng;
  /** Node budget of the solve that finds the line of play when no `order` is given (default 200 000). */
  readonly lineNodes?: number;
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
   * A known clearing order (the one `generateBoard` returns with every board): it becomes the line
   * of play, and the solver is not run for it. It is replayed first; one that does not clear the
   * board is an InvalidInputError.
   */
  readonly order?: readonly Move[];
}

/** Measured difficulty of a board. */
export interface DifficultyReport {
  /** Tiles on the board. */
  readonly tiles: number;
  /** Playable pairs at the start. */
  readonly startMoves: number;
  /**
   * Whether the board can be cleared: true with a line of play (from the known order or the
   * solver), false when the solver proved it cannot, null when the solver gave up within
   * `lineNodes` (then moves along play and dead ends are not measured).
   */
  readonly solvable: boolean | null;
  /** Where the line of play came from: the known `order`, the `search`, or none. */
  readonly line: AnswerSource | null;
  /** Playable pairs at each step along the line of play (start included), when solvable. */
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
}

/**
 * A rating in the one job vocabulary: `solved` with the full report; `gave-up` naming the bound
 * that cut it short, with the measures taken so far as `partial`. `work` counts nodes: one listing
 * of every playable pair, a solver's node or a step of random play alike.
 */
export type RateResult = JobResult<DifficultyReport, DifficultyReport>;

/** The rating's unit of work. */
export const RATE_UNIT = 'nodes';

/** Thrown inside a rating when its budget runs out; `rateBoard` turns it into a gave-up result. */
class Stop extends Error {
  constructor(readonly bound: Bound) {
    super(bound);
  }
}

/** A dead-end check's verdict on one playable pair. */
type Verdict = 'safe' | 'dead' | 'unknown';

/**
 * One rating's working state: the board loaded into one engine and one pair lister, reused by every
 * stage (random playouts, the walk along the line of play, every dead-end check's solver run) — the
 * grid is played forwards and put back from a snapshot, never converted to a plain board and
 * reloaded. One meter counts the work of every stage; a stage's solver runs on a share of it.
 */
class Rating {
  private readonly e: Engine;
  private readonly lister: PairLister;
  /** The start position's grid, restored after every stage. */
  private readonly start: Int32Array;

  constructor(
    private readonly loaded: Loaded,
    private readonly rule: { ring: boolean; gravity: Gravity },
    readonly meter: BudgetMeter,
  ) {
    this.e = loaded.e;
    this.lister = createLister(loaded.e, loaded.maxFace);
    this.start = loaded.e.grid.slice();
  }

  /** Playable pairs of the current grid, one unit of work (the lister's `a`, `b` hold them). */
  count(): number {
    const bound = this.meter.spend();
    if (bound !== null) throw new Stop(bound);
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

  /**
   * The exact solver on the current grid (left as it is), within `nodes` of what is left of the
   * budget, sharing this rating's pair lister. Its work is charged to the rating; when the
   * rating's own budget (not the stage's) or its clock stopped the solver, the rating stops.
   */
  solve(nodes: number): SolveResult {
    const granted = Math.min(nodes, this.meter.remaining());
    const r = solveLoaded(this.loaded, this.meter.share(granted), this.lister);
    this.meter.charge(r.work);
    if (r.outcome.kind === 'gave-up') {
      if (r.outcome.bound === 'time') throw new Stop('time');
      if (r.outcome.bound === 'work' && granted < nodes) throw new Stop('work');
    }
    return r;
  }

  /** Seeded random play: a uniformly random playable pair each step, `playouts` times. */
  randomPlay(
    rng: Rng,
    playouts: number,
    tally: { cleared: number; removed: number; played: number },
  ): void {
    const { e, lister } = this;
    const { tiles, gravity } = this.loaded;
    try {
      for (let p = 0; p < playouts; p++) {
        e.grid.set(this.start);
        let left = tiles;
        while (left > 0) {
          const n = this.count();
          if (n === 0) break;
          const k = rng.below(n);
          removeAndSettle(e, lister.a[k]!, lister.b[k]!, gravity);
          left -= 2;
        }
        if (left === 0) tally.cleared++;
        tally.removed += tiles === 0 ? 1 : (tiles - left) / tiles;
        tally.played++;
      }
    } finally {
      e.grid.set(this.start);
    }
  }

  /**
   * Walks the line of play from the start, handing each position (with the tiles left on it) to
   * `visit`; the grid is back at the start afterwards.
   */
  walkLine(solution: readonly Move[], visit: (tilesLeft: number) => void): void {
    let left = this.loaded.tiles;
    try {
      for (const move of [...solution, null]) {
        visit(left);
        if (move) {
          const a = pad(this.e, move[0][0], move[0][1]);
          const b = pad(this.e, move[1][0], move[1][1]);
          removeAndSettle(this.e, a, b, this.rule.gravity);
          left -= 2;
        }
      }
    } finally {
      this.e.grid.set(this.start);
    }
  }

  /**
   * Checks every given playable pair of the current grid with the solver: `dead` when the board
   * cannot be cleared after it, `unknown` when the check ran out of its budget. The grid is
   * unchanged.
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
      removeAndSettle(e, pa, pb, rule.gravity);
      try {
        const kind = this.solve(budget).outcome.kind;
        return kind === 'impossible' ? 'dead' : kind === 'gave-up' ? 'unknown' : 'safe';
      } finally {
        e.grid.set(snapshot);
      }
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
    tally: { dead: number; choices: number },
  ): void {
    try {
      for (let w = 0; w < walks; w++) {
        this.e.grid.set(this.start);
        for (;;) {
          const { pairsA, pairsB } = this.pairs();
          if (pairsA.length === 0) break;
          const kinds = this.classify(pairsA, pairsB, budget);
          tally.choices += kinds.length;
          for (const c of kinds) if (c === 'dead') tally.dead++;
          const k = walkRng.below(kinds.length);
          if (kinds[k] !== 'safe') break; // the walk lost (or cannot be followed further)
          removeAndSettle(this.e, pairsA[k]!, pairsB[k]!, this.rule.gravity);
        }
      }
    } finally {
      this.e.grid.set(this.start);
    }
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
 * Every stage counts its work on the one budget (`nodes`: a listing of every playable pair, a
 * solver node or a step of random play; default no bound, since the stages have their own: the
 * playouts, `lineNodes` and `deadEndBudget` per check). When the budget or the clock cuts the
 * rating short, the result is `gave-up` with what was measured as `partial`.
 *
 * @throws InvalidInputError on a malformed board or bad options.
 */
export function rateBoard(board: Board, options: RateOptions = {}): RateResult {
  const playouts = checkCount(options.playouts ?? 200, 'playouts', 0, 1_000_000);
  const lineNodes = checkCount(
    options.lineNodes ?? 200_000,
    'lineNodes',
    1,
    Number.MAX_SAFE_INTEGER,
  );
  const budget = checkCount(
    options.deadEndBudget ?? 5000,
    'deadEndBudget',
    1,
    Number.MAX_SAFE_INTEGER,
  );
  const walkCount = checkCount(options.deadEndPlayouts ?? 2, 'deadEndPlayouts', 0, 1_000_000);
  const meter = new BudgetMeter(
    { ...options, maxWork: options.maxWork ?? Infinity },
    { unit: RATE_UNIT },
  );
  const rule = ruleOf(options);
  const rng = options.rng ?? Rng.from(options.seed ?? 0);
  const loaded = loadBoard(board, rule);
  const line = lineOfPlay(board, rule, options.order);
  const rating = new Rating(loaded, rule, meter);
  const { tiles } = loaded;
  const random = { cleared: 0, removed: 0, played: 0 };
  const along: number[] = [];
  const early: number[] = [];
  let startMoves = 0;
  let solved: SolveResult | null = line;
  let deadLine: { dead: number; undecided: number; choices: number } | null = null;
  let walks: { dead: number; choices: number } | null = null;
  const report = (): DifficultyReport => {
    const { cleared, removed, played } = random;
    const solvable =
      solved === null
        ? null
        : solved.outcome.kind === 'gave-up'
          ? null
          : solved.outcome.kind === 'solved';
    return {
      tiles,
      startMoves,
      solvable,
      line: solved?.outcome.kind === 'solved' ? solved.source : null,
      movesAlongPlay: along,
      minMoves: early.length ? Math.min(...early) : startMoves,
      meanMoves: along.length ? along.reduce((s, x) => s + x, 0) / along.length : startMoves,
      playouts: played,
      randomClearRate: played ? cleared / played : 0,
      randomProgress: played ? removed / played : 0,
      deadEndChoices: deadLine?.dead ?? null,
      undecidedChoices: deadLine?.undecided ?? null,
      choices: deadLine?.choices ?? null,
      randomWalkDeadEnds: walks?.dead ?? null,
      randomWalkChoices: walks?.choices ?? null,
    };
  };
  try {
    startMoves = rating.count();
    // The line of play first (its moves along play are the main measure), then random play.
    solved ??= rating.solve(lineNodes);
    rating.randomPlay(rng, playouts, random);
    // Moves along the line of play, then dead ends along it and along a few random walks.
    if (isSolved(solved)) {
      const solution = solved.value;
      // First the playable pairs along the whole line (one listing per step), then the dead-end
      // checks (a solver call per pair).
      rating.walkLine(solution, (left) => {
        if (left === 0) return;
        const n = rating.count();
        along.push(n);
        if (left * 4 >= tiles) early.push(n);
      });
      if (options.deadEnds ?? true) {
        const counted = { dead: 0, undecided: 0, choices: 0 };
        deadLine = counted;
        rating.walkLine(solution, (left) => {
          if (left === 0) return;
          const { pairsA, pairsB } = rating.pairs();
          for (const c of rating.classify(pairsA, pairsB, budget)) {
            counted.choices++;
            if (c === 'dead') counted.dead++;
            else if (c === 'unknown') counted.undecided++;
          }
        });
        walks = { dead: 0, choices: 0 };
        if (walkCount > 0) rating.randomWalkDeadEnds(rng.fork(), walkCount, budget, walks);
      }
    }
  } catch (err) {
    if (!(err instanceof Stop)) throw err;
    return gaveUpResult(meter.gaveUp(err.bound), meter.work, report());
  }
  return solvedResult(report(), meter.work);
}

/** The line of play from a given order, once it replays to a clear board; null without one. */
function lineOfPlay(
  board: Board,
  rule: RuleOptions,
  given: readonly Move[] | undefined,
): SolveResult | null {
  if (given === undefined) return null;
  const check = replay(board, given, rule);
  if (!check.cleared)
    throw new InvalidInputError(
      `the given order does not clear the board: ${check.error ?? 'tiles remain at the end'}`,
      { path: '$.order' },
    );
  return { ...solvedResult(given, 0), source: 'order' };
}
