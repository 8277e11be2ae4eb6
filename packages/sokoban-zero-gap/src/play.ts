import { CellSearch } from '@puzzlekit/grid';
import { InvalidInputError, quoteInput } from '@puzzlekit/errors';
import {
  BOX,
  DIRECTION_LETTERS,
  GOAL,
  WALL,
  directionOffsets,
  type Direction,
  type Level,
  type Push,
} from './model.js';
import { MAX_LURD_MOVES, parseLurd } from './format/lurd.js';

/** Where and why a replay stopped. */
export interface ReplayFailure {
  /** 0-based index of the illegal move (LURD) or push (push list). */
  readonly step: number;
  /** The move letter, or the push as `x y D`. */
  readonly move: string;
  /** What is wrong, in words. */
  readonly reason: string;
}

/** The result of {@link verify} and {@link replay}. */
export interface VerifyResult {
  /** True when every step was legal. */
  readonly legal: boolean;
  /** True when the answer is legal and ends with every box on a goal. */
  readonly solved: boolean;
  /** Player steps taken (walks and pushes) up to the end or the first illegal step. */
  readonly moves: number;
  /** Pushes made up to the end or the first illegal step. */
  readonly pushes: number;
  /** Set when a step was illegal. */
  readonly failure?: ReplayFailure;
  /** The position reached (after the last legal step). */
  readonly final: Level;
}

function isSolved(cells: Uint8Array): boolean {
  for (const v of cells) if ((v & (BOX | GOAL)) === BOX) return false;
  return true;
}

/**
 * Replays moves (a string of `lurdLURD`, see {@link parseLurd}) on a level under standard Sokoban rules.
 * A lower-case letter must not push a box and an upper-case letter must push one; the first step that
 * breaks a rule stops the replay and is reported in `failure`.
 */
export function replay(level: Level, moves: string): VerifyResult {
  const { width } = level;
  const cells = level.cells.slice();
  const off = directionOffsets(width);
  let p = level.player;
  let pushes = 0;
  let failure: ReplayFailure | undefined;
  let i = 0;
  const n = cells.length;
  for (; i < moves.length; i++) {
    const ch = moves[i]!;
    const d = DIRECTION_LETTERS.indexOf(ch.toLowerCase());
    if (d < 0) {
      failure = { step: i, move: ch, reason: `${quoteInput(ch)} is not a LURD move` };
      break;
    }
    const o = off[d]!;
    const t = p + o;
    const x = p % width;
    if (
      t < 0 ||
      t >= n ||
      (d === 0 && x === 0) ||
      (d === 2 && x === width - 1) ||
      cells[t]! & WALL
    ) {
      failure = { step: i, move: ch, reason: 'the player walks into a wall' };
      break;
    }
    const upper = ch !== ch.toLowerCase();
    if (cells[t]! & BOX) {
      if (!upper) {
        failure = {
          step: i,
          move: ch,
          reason: `'${ch}' meets a box: a push must be written '${ch.toUpperCase()}'`,
        };
        break;
      }
      const b = t + o;
      const tx = t % width;
      if (
        b < 0 ||
        b >= n ||
        (d === 0 && tx === 0) ||
        (d === 2 && tx === width - 1) ||
        cells[b]! & (WALL | BOX)
      ) {
        failure = {
          step: i,
          move: ch,
          reason: 'the box cannot move: a wall or another box is behind it',
        };
        break;
      }
      cells[t] = cells[t]! & ~BOX;
      cells[b] = cells[b]! | BOX;
      pushes++;
    } else if (upper) {
      failure = {
        step: i,
        move: ch,
        reason: `'${ch}' pushes nothing: a walk must be written '${ch.toLowerCase()}'`,
      };
      break;
    }
    p = t;
  }
  const final: Level = { ...level, cells, player: p };
  const legal = failure === undefined;
  return {
    legal,
    solved: legal && isSolved(cells),
    moves: i,
    pushes,
    ...(failure ? { failure } : {}),
    final,
  };
}

/** Growable ASCII output for walked-out answers, bounded by a move limit. */
export class MoveBuffer {
  private bytes = new Uint8Array(1 << 12);
  length = 0;

  constructor(private readonly maxMoves: number) {}

  /** Room for `n` more moves; throws {@link InvalidInputError} past the limit. */
  reserve(n: number): Uint8Array {
    const need = this.length + n;
    if (need > this.maxMoves) {
      throw new InvalidInputError(
        `the answer would be longer than ${this.maxMoves.toLocaleString('en-US')} moves`,
        { code: 'TOO_LONG' },
      );
    }
    if (need > this.bytes.length) {
      let cap = this.bytes.length;
      while (cap < need) cap *= 2;
      const grown = new Uint8Array(cap);
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    return this.bytes;
  }

  push(code: number): void {
    this.reserve(1)[this.length++] = code;
  }

  text(): string {
    return new TextDecoder().decode(this.bytes.subarray(0, this.length));
  }
}

/** Character codes of `lurd` and `LURD` by direction. */
export const WALK_CODES = Uint8Array.from(DIRECTION_LETTERS, (c) => c.charCodeAt(0));
export const PUSH_CODES = Uint8Array.from(DIRECTION_LETTERS.toUpperCase(), (c) => c.charCodeAt(0));

/**
 * The player's shortest walks on one board size, written straight into a {@link MoveBuffer}: a
 * breadth-first search on `@puzzlekit/grid`'s {@link CellSearch}, whose buffers live between walks.
 * Sokoban boards are closed by walls, so the board's own outer ring serves as the search's border
 * (no padded copy): a player on that ring is a board that is not closed, an InvalidInputError.
 */
export class Walker {
  private readonly search: CellSearch;

  constructor(width: number, height: number) {
    this.search = new CellSearch(width, height);
  }

  /**
   * Appends the shortest walk from `start` to `goal` (ties broken by the search's direction order:
   * up, right, down, left) to `out`; false when `goal` cannot be reached.
   */
  walk(cells: Uint8Array, start: number, goal: number, out: MoveBuffer): boolean {
    if (start === goal) return true;
    if (!this.search.walk(start, cells, WALL | BOX, goal)) return false;
    const path = this.search.pathTo(goal)!;
    const bytes = out.reserve(path.length);
    for (const d of path) bytes[out.length++] = WALK_CODES[d]!;
    return true;
  }
}

/** Options of {@link pushesToLurd}. */
export interface WalkOutOptions {
  /** Longest answer to write (default {@link MAX_LURD_MOVES}); past it an {@link InvalidInputError}. */
  readonly maxMoves?: number;
  /**
   * Called now and then (about every 10⁷ cells of walking work, so often on huge boards) with the
   * pushes done, their total and the moves written so far; it may throw to stop.
   */
  readonly onProgress?: (done: number, total: number, moves: number) => void;
}

/** Where and why a push list stops being playable (see {@link walkOut}). */
interface PushFailure {
  /** 0-based index of the impossible push. */
  readonly step: number;
  /** What is wrong, in words (without the push number). */
  readonly reason: string;
}

/**
 * The walk-out of a push list: the LURD text of every push before the first impossible one, and that
 * push as a typed {@link PushFailure}. {@link pushesToLurd} throws on it; {@link verify} reports it.
 */
function walkOut(
  level: Level,
  pushes: readonly Push[] | Int32Array,
  options: WalkOutOptions,
): { readonly moves: string; readonly failure?: PushFailure } {
  const { width } = level;
  const cells = level.cells.slice();
  const off = directionOffsets(width);
  const walker = new Walker(width, level.height);
  const out = new MoveBuffer(options.maxMoves ?? MAX_LURD_MOVES);
  let p = level.player;
  const every = Math.max(1, Math.floor(10_000_000 / cells.length));
  const stop = (step: number, reason: string) => ({ moves: out.text(), failure: { step, reason } });
  for (let i = 0; i < pushes.length; i++) {
    if (options.onProgress && i % every === 0) options.onProgress(i, pushes.length, out.length);
    const { box, direction } = pushAt(pushes, i);
    const o = off[direction]!;
    const behind = box - o;
    const target = box + o;
    if (!(cells[box]! & BOX)) return stop(i, `no box at cell ${box}`);
    if (target < 0 || target >= cells.length || cells[target]! & (WALL | BOX)) {
      return stop(i, 'the box cannot move there');
    }
    // a failed walk writes nothing, so `out` then holds exactly the pushes before this one
    if (behind < 0 || behind >= cells.length || !walker.walk(cells, p, behind, out)) {
      return stop(i, 'the player cannot reach the cell behind the box');
    }
    out.push(PUSH_CODES[direction]!);
    cells[box] = cells[box]! & ~BOX;
    cells[target] = cells[target]! | BOX;
    p = box;
  }
  return { moves: out.text() };
}

/**
 * Walks a push list out into LURD moves: before each push the player takes a shortest walk to the
 * cell behind the box. Throws {@link InvalidInputError} (path `$[i]`) at the first push that is
 * impossible.
 */
export function pushesToLurd(
  level: Level,
  pushes: readonly Push[] | Int32Array,
  options: WalkOutOptions = {},
): string {
  const { moves, failure } = walkOut(level, pushes, options);
  if (failure) {
    throw new InvalidInputError(`push ${failure.step + 1}: ${failure.reason}`, {
      path: `$[${failure.step}]`,
    });
  }
  return moves;
}

/** The i-th push of a push list given as objects or packed as `box * 4 + direction`. */
export function pushAt(pushes: readonly Push[] | Int32Array, i: number): Push {
  if (pushes instanceof Int32Array) {
    const v = pushes[i]!;
    return { box: v >> 2, direction: (v & 3) as Direction };
  }
  return pushes[i]!;
}

/** The pushes of a legal LURD answer, in order (throws {@link InvalidInputError} if it is illegal). */
export function lurdToPushes(level: Level, moves: string): Push[] {
  const r = replay(level, moves);
  if (r.failure) {
    throw new InvalidInputError(
      `move ${r.failure.step + 1} (${quoteInput(r.failure.move)}): ${r.failure.reason}`,
      {
        path: `$[${r.failure.step}]`,
        code: 'ILLEGAL_MOVE',
      },
    );
  }
  const off = directionOffsets(level.width);
  const out: Push[] = [];
  let p = level.player;
  for (const ch of moves) {
    const d = DIRECTION_LETTERS.indexOf(ch.toLowerCase()) as Direction;
    p += off[d]!;
    if (ch !== ch.toLowerCase()) out.push({ box: p, direction: d });
  }
  return out;
}

/**
 * Replays an answer on a level and reports whether it is legal and solves it, with its move and push
 * counts. The answer is LURD text (run-length encoding allowed; a {@link ParseError} is thrown for
 * text that is not LURD) or a push list (walks are then taken as shortest).
 */
export function verify(level: Level, answer: string | readonly Push[]): VerifyResult {
  if (typeof answer === 'string') return replay(level, parseLurd(answer));
  const { moves, failure } = walkOut(level, answer, {});
  const r = replay(level, moves);
  if (!failure) return r;
  const push = answer[failure.step]!;
  return {
    ...r,
    legal: false,
    solved: false,
    failure: {
      step: failure.step,
      move: `${push.box % level.width} ${Math.floor(push.box / level.width)} ${DIRECTION_LETTERS[push.direction]!.toUpperCase()}`,
      reason: failure.reason,
    },
  };
}
