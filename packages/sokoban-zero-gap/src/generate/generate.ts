import { GenerationError, InvalidInputError } from '@puzzlekit/errors';
import {
  BudgetMeter,
  gaveUpResult,
  solvedResult,
  type Budget,
  type JobResult,
} from '@puzzlekit/job';
import { Rng, type Seed } from '@puzzlekit/rng';
import { BOX, GOAL, MAX_BOARD_SIDE, WALL, directionOffsets, type Level } from '../model.js';
import { pushesToLurd } from '../play.js';
import { Regions } from './regions.js';
import { LinkCutTree } from './link-cut.js';
import { walkOutLineMoves } from './walk-out.js';
import {
  boardSize,
  startBoard,
  type StartBoard,
  type TreeAlgorithm,
  type ZeroGapType,
} from './geometry.js';

export { boardSize, type TreeAlgorithm, type ZeroGapType } from './geometry.js';

/** Which scrambled state becomes the goal. */
export type Selection = 'last' | 'farthest';

/** How a b/e scramble step chooses its move (see {@link GenerateOptions.step}). */
export type ScrambleStep = 'move' | 'box' | 'lazy' | 'slide';

/** Options of {@link generate}. */
export interface GenerateOptions {
  /** Level type: b, e, w, g or s. */
  readonly type: ZeroGapType;
  /** Size parameter n (b/e: (2n+3)², w/g: (3n+3)², s: (2n+5)×(2n+3) with n ≥ 7). */
  readonly size: number;
  /**
   * Random pushes of the scramble (for s, after the channel rotation); with `step: 'slide'` or
   * `'lazy'`, the number of scramble steps (the source article's count).
   */
  readonly pushes: number;
  /**
   * Seed of the random stream ({@link generate}); it only names the level in the default title when
   * the stream is passed in ({@link generateLevel}).
   */
  readonly seed?: Seed;
  /** Goal selection: `last` scrambled state (cjcjc's program) or `farthest` (default `last`). */
  readonly select?: Selection;
  /** Reject candidates whose selected state is closer than this (see {@link GeneratedLevel.distance}). */
  readonly minDistance?: number;
  /** `lurd` (default) walks the answer out in LURD; `pushes` gives only the push list (fast for huge levels). */
  readonly answer?: 'lurd' | 'pushes';
  /**
   * Spanning-tree algorithm for b, e, w, g: `kruskal` (default, as Brian Damgaard's program),
   * `wilson` (uniform) or `growth` (cjcjc's program: grown from the top-left pillar).
   */
  readonly tree?: TreeAlgorithm;
  /**
   * How a b/e scramble step picks its move: `move` (default: uniform over all legal box moves),
   * `box` (a random movable box first, then one of its legal directions) or `lazy` (a random box and
   * direction; an illegal pick is a step without a move, so `pushes` counts attempts and the answer
   * may be shorter). Other types always use `move`.
   */
  readonly step?: ScrambleStep;
  /**
   * Called now and then during one level's scramble and walk-out with the steps done and their
   * total (for a progress bar; the budget's own `onProgress` counts attempts).
   */
  readonly onProgress?: (done: number, total: number) => void;
  /** Title line; default names the inputs. */
  readonly title?: string;
  /** Author line; default `puzzlekit sokoban-zero-gap`. */
  readonly author?: string;
}

/** A generated level with its answer. */
export interface GeneratedLevel {
  /** The level: boxes in the starting tree, goals at the selected scrambled state. */
  readonly level: Level;
  /** The answer as a push list, packed `box * 4 + direction` (see {@link pushAt}). */
  readonly pushList: Int32Array;
  /** The answer in LURD (unless `answer: 'pushes'` was asked for). */
  readonly solution?: string;
  /** Pushes of the answer. */
  readonly pushes: number;
  /** Moves of the LURD answer (0 when not walked out). */
  readonly moves: number;
  /** Number of boxes. */
  readonly boxes: number;
  /**
   * Distance of the goal state from the start: the sum over boxes of the Manhattan distance each box
   * travelled from its own starting cell (boxes followed by identity through the scramble). Under the b
   * and w rules boxes keep their line and order, so this is a lower bound on pushes under those rules;
   * under standard rules (boxes interchangeable) it is not a bound, only a measure of disorder.
   */
  readonly distance: number;
  /** The largest distance reached at any time in the scramble. */
  readonly farthestDistance: number;
  /** Pushes the scramble actually made (it stops early only if the player is shut in). */
  readonly scramblePushes: number;
  /** Attempts used (more than 1 after rejected candidates). */
  readonly attempts: number;
  /**
   * True when the goal's boxes again join all pillars in a spanning tree (always for b and e; for s
   * only when the scramble reached such a state after the rim rotation, see the README).
   */
  readonly goalIsTree: boolean;
}

export { GenerationError };

/** Most scramble pushes (or steps) one level may ask for: its push record takes 4 bytes a push. */
export const MAX_PUSHES = 20_000_000;
/** Longest LURD answer a generator walks out; past it, ask for the push list (`answer: 'pushes'`). */
export const MAX_GENERATED_MOVES = 200_000_000;
/** Most pushes a stepwise (`slide`) scramble may record. */
const MAX_RECORD = 4 * MAX_PUSHES;

/**
 * Largest s size: the rim rotation makes about 8n pushes, and each may split the player's region, a
 * search over the board's (2n)² cells, so an s level costs about n⁴ (measured at load 12 on two
 * cores, pushes 1: n = 50 1.2 s, 100 7.0 s, 150 40 s, 509 over 5 minutes).
 */
export const MAX_S_SIZE = 100;

/**
 * Largest size n of a type: the board's longer side stays within {@link MAX_BOARD_SIDE} (b/e 510,
 * w/g 340); s stops at {@link MAX_S_SIZE}.
 */
export function maxSize(type: ZeroGapType): number {
  if (type === 'w' || type === 'g') return Math.floor((MAX_BOARD_SIDE - 3) / 3);
  if (type === 's') return MAX_S_SIZE;
  return Math.floor((MAX_BOARD_SIDE - 3) / 2);
}

/** Work unit of the generator: one attempt (a new tree and its scramble). */
export const GENERATE_UNIT = 'attempts';
/** Attempts a generation makes before it gives up, when the budget sets no `maxWork`. */
export const DEFAULT_GENERATE_ATTEMPTS = 500;

/** s: how many trees in a row its rules may reject within one attempt (see `attempts`). */
const TREES_PER_ATTEMPT = 1000;

/** What {@link generate} returns: the one job result, and why the last attempt was thrown away. */
export type GenerateResult = JobResult<GeneratedLevel> & {
  /** When it gave up: why the last attempt was rejected (a blocked rotation, too short a distance…). */
  readonly lastRejection?: string;
};

/** Thrown inside a generation when the clock passed the deadline; caught by {@link generateLevel}. */
class TimeUp extends Error {}

/**
 * The one deadline and the progress reports of one generation, read every few thousand steps of
 * every loop inside an attempt (the attempts themselves are counted by the meter).
 */
class Ticker {
  constructor(
    private readonly meter: BudgetMeter,
    private readonly onProgress: ((done: number, total: number) => void) | undefined,
  ) {}

  tick(done: number, total: number): void {
    this.onProgress?.(done, total);
    if (this.meter.timeUp()) throw new TimeUp();
  }
}

interface ScrambleResult {
  /** s: whether the selected state is a spanning tree (other types: always). */
  readonly goalIsTree?: boolean;
  readonly record: Int32Array;
  readonly count: number;
  readonly selectedAt: number;
  readonly distance: number;
  readonly farthest: number;
}

/**
 * b and e: every state is a spanning tree of the pillar graph, so the player can walk everywhere and a
 * move is valid exactly when it keeps a tree. A move takes a box from its slot over the crossing ahead
 * into the next slot on its line (two pushes); a link-cut tree checks "still a tree" in O(log n).
 */
function scrambleTree(
  start: StartBoard,
  pushes: number,
  select: Selection,
  rng: Rng,
  step: ScrambleStep,
  budget: Ticker,
): ScrambleResult {
  const { width, boxAxis, rest } = start;
  const edgeA = start.edgeA!;
  const edgeB = start.edgeB!;
  const cells = start.cells.slice();
  const off = directionOffsets(width);
  const boxCount = start.boxCells.length;
  const boxPos = start.boxCells.slice();
  const lct = new LinkCutTree(start.vertexCount!);
  for (const c of boxPos) lct.link(edgeA[c]!, edgeB[c]!);
  const sx = new Int32Array(boxCount);
  const sy = new Int32Array(boxCount);
  for (let i = 0; i < boxCount; i++) {
    sx[i] = boxPos[i]! % width;
    sy[i] = (boxPos[i]! - sx[i]!) / width;
  }
  const moves = pushes >> 1;
  // slide steps may take several moves each: the record grows as needed
  let record = new Int32Array(
    step === 'move' || step === 'box' ? moves * 2 : Math.max(16, Math.min(pushes * 4, 1 << 20)),
  );
  const limit = moves * 2;
  let count = 0;
  let dist = 0;
  let best = 0;
  let bestAt = 0;
  // Cheap local test, then the tree test (which applies the move's edge swap when it succeeds).
  const tryMove = (id: number, d: number, commit: boolean): boolean => {
    const r = boxPos[id]!;
    const o = off[d]!;
    const j = r + o;
    const r2 = j + o;
    if (cells[j]! & (WALL | BOX) || cells[r - o]! & (WALL | BOX)) return false;
    if (r2 < 0 || r2 >= cells.length || !rest[r2] || cells[r2]! & BOX) return false;
    const a = edgeA[r]!;
    const b = edgeB[r]!;
    const a2 = edgeA[r2]!;
    const b2 = edgeB[r2]!;
    // The swap keeps a tree exactly when the old edge lies on the tree path between the new ends.
    if (!lct.pathHas(a2, b2, a, b)) return false;
    if (!commit) return true;
    lct.cut(a, b);
    lct.link(a2, b2);
    cells[r] = cells[r]! & ~BOX;
    cells[r2] = cells[r2]! | BOX;
    boxPos[id] = r2;
    if (count + 2 > record.length) {
      if (record.length * 2 > MAX_RECORD) {
        throw new GenerationError(
          `the scramble made more than ${MAX_RECORD.toLocaleString('en-US')} pushes; ask for fewer steps`,
        );
      }
      const grown = new Int32Array(record.length * 2);
      grown.set(record);
      record = grown;
    }
    record[count++] = r * 4 + d;
    record[count++] = j * 4 + d;
    const x = sx[id]!;
    const y = sy[id]!;
    const ox = r % width;
    const nx = r2 % width;
    dist +=
      Math.abs(nx - x) +
      Math.abs((r2 - nx) / width - y) -
      Math.abs(ox - x) -
      Math.abs((r - ox) / width - y);
    return true;
  };
  const candidates: number[] = [];
  let steps = 0;
  const stepwise = step === 'lazy' || step === 'slide';
  let rounds = 0;
  while (boxCount > 0 && (stepwise ? steps++ < pushes : count < limit)) {
    if ((++rounds & 4095) === 0) {
      budget.tick(stepwise ? steps : count, stepwise ? pushes : limit);
    }
    let moved = false;
    if (step === 'lazy') {
      const id = rng.below(boxCount);
      tryMove(id, rng.below(2) * 2 + boxAxis[id]!, true);
      if (dist > best) {
        best = dist;
        bestAt = count;
      }
      continue;
    }
    if (step === 'slide') {
      // a random legal move, then on in the same direction as long as the next move is legal
      candidates.length = 0;
      for (let tries = 0; tries < 64 && candidates.length === 0; tries++) {
        const id = rng.below(boxCount);
        const d = rng.below(2) * 2 + boxAxis[id]!;
        if (tryMove(id, d, false)) candidates.push(id * 4 + d);
      }
      if (candidates.length === 0) {
        for (let id = 0; id < boxCount; id++) {
          for (let k = 0; k < 2; k++) {
            const d = k * 2 + boxAxis[id]!;
            if (tryMove(id, d, false)) candidates.push(id * 4 + d);
          }
        }
        if (candidates.length === 0) break;
      }
      const v = candidates[rng.below(candidates.length)]!;
      while (tryMove(v >> 2, v & 3, true)) {
        if (dist > best) {
          best = dist;
          bestAt = count;
        }
      }
      continue;
    }
    for (let tries = 0; tries < 64 && !moved; tries++) {
      const id = rng.below(boxCount);
      if (step === 'box') {
        const d0 = boxAxis[id]!;
        const ok0 = tryMove(id, d0, false);
        const ok1 = tryMove(id, d0 + 2, false);
        if (ok0 || ok1) {
          const d = ok0 && ok1 ? rng.below(2) * 2 + d0 : ok0 ? d0 : d0 + 2;
          moved = tryMove(id, d, true);
        }
      } else {
        const d = rng.below(2) * 2 + boxAxis[id]!;
        moved = tryMove(id, d, true);
      }
    }
    if (!moved) {
      candidates.length = 0;
      for (let id = 0; id < boxCount; id++) {
        for (let k = 0; k < 2; k++) {
          const d = k * 2 + boxAxis[id]!;
          if (tryMove(id, d, false)) candidates.push(id * 4 + d);
        }
      }
      if (candidates.length === 0) break;
      const v = candidates[rng.below(candidates.length)]!;
      tryMove(v >> 2, v & 3, true);
    }
    if (dist > best) {
      best = dist;
      bestAt = count;
    }
  }
  const selectedAt = select === 'farthest' ? bestAt : count;
  return {
    record,
    count,
    selectedAt,
    distance: selectedAt === count ? dist : best,
    farthest: best,
  };
}

/** Runs the channel rotation (s) and the random scramble; returns null if the rotation is impossible. */
function scramble(
  start: StartBoard,
  pushes: number,
  select: Selection,
  rng: Rng,
  budget: Ticker,
): ScrambleResult | null {
  const { width, boxAxis, rest } = start;
  const cells = start.cells.slice();
  const size = cells.length;
  const off = directionOffsets(width);
  const boxCount = start.boxCells.length;
  const boxAt = new Int32Array(size).fill(-1);
  const boxPos = start.boxCells.slice();
  for (let i = 0; i < boxCount; i++) boxAt[boxPos[i]!] = i;
  const regions = new Regions(cells, width);
  const comp = regions.comp;
  let player = start.player;
  const frozen = new Uint8Array(boxCount);
  const noTarget = new Uint8Array(size);
  // s: the channel's pushes come on top of the scramble's
  const rimMoves = start.rimMoves ?? new Int32Array(0);
  const record = new Int32Array(2 * rimMoves.length + pushes);
  let count = 0;
  const sx = new Int32Array(boxCount);
  const sy = new Int32Array(boxCount);
  for (let i = 0; i < boxCount; i++) {
    sx[i] = boxPos[i]! % width;
    sy[i] = (boxPos[i]! - sx[i]!) / width;
  }
  let dist = 0;
  const apply = (id: number, d: number): void => {
    const c = boxPos[id]!;
    const t = c + off[d]!;
    cells[t] = cells[t]! | BOX;
    regions.occupy(t);
    cells[c] = cells[c]! & ~BOX;
    boxAt[c] = -1;
    boxAt[t] = id;
    boxPos[id] = t;
    regions.free(c);
    player = c;
    record[count++] = c * 4 + d;
    const ox = c % width;
    const oy = (c - ox) / width;
    const nx = t % width;
    const ny = (t - nx) / width;
    dist +=
      Math.abs(nx - sx[id]!) +
      Math.abs(ny - sy[id]!) -
      Math.abs(ox - sx[id]!) -
      Math.abs(oy - sy[id]!);
  };
  const legal = (id: number, d: number): boolean => {
    const c = boxPos[id]!;
    const o = off[d]!;
    const t = c + o;
    const b = c - o;
    return (
      !(cells[t]! & (WALL | BOX)) &&
      !noTarget[t] &&
      !(cells[b]! & (WALL | BOX)) &&
      comp[b] === comp[player]
    );
  };
  // s: the rim and the annex are left to the rotation below.
  if (start.rimCells) {
    for (const c of start.rimCells) {
      noTarget[c] = 1;
      if (boxAt[c]! >= 0) frozen[boxAt[c]!] = 1;
    }
  }
  const movable: number[] = [];
  for (let i = 0; i < boxCount; i++) if (!frozen[i]) movable.push(i);
  const m = movable.length;
  const undo = (): void => {
    const v = record[--count]!;
    const c = v >> 2;
    const d = v & 3;
    const t = c + off[d]!;
    const id = boxAt[t]!;
    cells[c] = cells[c]! | BOX;
    regions.occupy(c);
    cells[t] = cells[t]! & ~BOX;
    boxAt[t] = -1;
    boxAt[c] = id;
    boxPos[id] = c;
    regions.free(t);
    const ox = t % width;
    const oy = (t - ox) / width;
    const nx = c % width;
    const ny = (c - nx) / width;
    dist +=
      Math.abs(nx - sx[id]!) +
      Math.abs(ny - sy[id]!) -
      Math.abs(ox - sx[id]!) -
      Math.abs(oy - sy[id]!);
  };
  // One move = one push, or two pushes of the same box when the first alone would cut the player's
  // region (a box parked on a crossing); a move may never shrink the region the player can walk in.
  const attempt = (id: number, d1: number, d2: number): 0 | 1 | 2 => {
    if (!legal(id, d1)) return 0;
    const before = regions.sizeOf(comp[player]!);
    const p0 = player;
    apply(id, d1);
    if (rest[boxPos[id]!] && regions.sizeOf(comp[player]!) >= before) return 1;
    if (count < record.length && legal(id, d2)) {
      apply(id, d2);
      if (rest[boxPos[id]!] && regions.sizeOf(comp[player]!) >= before) return 2;
      undo();
    }
    undo();
    player = p0;
    return 0;
  };
  const secondOf = (id: number, d1: number, r: number): number => {
    if (boxAxis[id]! >= 0) return d1;
    return r === 0 ? d1 : r === 1 ? (d1 + 1) & 3 : (d1 + 3) & 3;
  };
  const candidates: number[] = [];
  // s: the rim turns first, each box one whole slot (two pushes) in the source article's order. The
  // states on the way and just after may enclose pockets (a rim pillar tied twice through inner
  // boxes); the scramble may open them but never closes new ones. The goal is the selected state
  // among those whose free cells are all connected (a spanning tree, as in the article's example)
  // when the scramble reaches one, else among all (`GeneratedLevel.goalIsTree` says which).
  const allFree = regions.sizeOf(comp[player]!);
  // (on a large board every rim move may split the player's region: a search each, so the clock
  // is read between any two of them)
  for (let i = 0; i < rimMoves.length; i++) {
    budget.tick(i, rimMoves.length);
    const v = rimMoves[i]!;
    const id = boxAt[v >> 2]!;
    const d = v & 3;
    const o = off[d]!;
    const c = v >> 2;
    if (id < 0 || cells[c + o]! & (WALL | BOX) || cells[c + 2 * o]! & (WALL | BOX)) return null;
    if (cells[c - o]! & (WALL | BOX) || comp[c - o] !== comp[player]) return null;
    apply(id, d);
    apply(id, d);
  }
  const selectable = (): boolean => regions.sizeOf(comp[player]!) === allFree;
  let best = selectable() ? dist : -1;
  let bestAt = count;
  // the farthest state of all, for when no spanning-tree state comes up
  let anyBest = dist;
  let anyBestAt = count;
  let rounds = 0;
  while (count < record.length && m > 0) {
    if ((++rounds & 1023) === 0) budget.tick(count, record.length);
    let moved = false;
    for (let tries = 0; tries < 48 && !moved; tries++) {
      const id = movable[rng.below(m)]!;
      const axis = boxAxis[id]!;
      const d = axis < 0 ? rng.below(4) : axis === 0 ? rng.below(2) * 2 : rng.below(2) * 2 + 1;
      const r = rng.below(3);
      moved = attempt(id, d, secondOf(id, d, r)) > 0;
    }
    if (!moved) {
      // Few moves are open: list them all and pick one uniformly.
      candidates.length = 0;
      const p0 = player;
      for (const id of movable) {
        for (let d = 0; d < 4; d++) {
          if (boxAxis[id]! >= 0 && boxAxis[id] !== (d & 1)) continue;
          for (let r = 0; r < 3; r++) {
            const k = attempt(id, d, secondOf(id, d, r));
            if (k === 0) continue;
            for (let u = 0; u < k; u++) undo();
            player = p0;
            candidates.push(id * 12 + d * 3 + r);
            if (k === 1 || boxAxis[id]! >= 0) break;
          }
        }
      }
      if (candidates.length === 0) break;
      const v = candidates[rng.below(candidates.length)]!;
      const id = Math.floor(v / 12);
      const d = Math.floor((v % 12) / 3);
      attempt(id, d, secondOf(id, d, v % 3));
    }
    if (selectable() && dist > best) {
      best = dist;
      bestAt = count;
    }
    if (dist > anyBest) {
      anyBest = dist;
      anyBestAt = count;
    }
  }
  const tree = select === 'last' ? selectable() : best >= 0;
  if (!tree) {
    best = anyBest;
    bestAt = anyBestAt;
  }
  const selectedAt = select === 'farthest' ? bestAt : count;
  let distance = dist;
  if (selectedAt !== count) distance = best;
  return {
    record,
    count,
    selectedAt,
    distance,
    farthest: Math.max(best, anyBest),
    goalIsTree: tree,
  };
}

/**
 * The LURD answer of a generated level (b/e: by the tree-path walk-out, the same text in time
 * proportional to its length); an over-long one is a {@link GenerationError}.
 */
function walkOut(level: Level, list: Int32Array, budget: Ticker, lineMoves: boolean): string {
  const options = {
    maxMoves: MAX_GENERATED_MOVES,
    onProgress: (done: number, total: number, moves: number): void => {
      budget.tick(done, total);
      // Far past the limit already by extrapolation: say so now rather than after walking it out.
      const estimate = done >= 50_000 ? (moves / done) * total : 0;
      if (estimate > 2 * MAX_GENERATED_MOVES) {
        throw new GenerationError(
          `the LURD answer would be about ${Math.round(estimate / 1e6).toLocaleString('en-US')} million moves (extrapolated from the first ${done.toLocaleString('en-US')} pushes), past the limit of ${MAX_GENERATED_MOVES.toLocaleString('en-US')}; ask for the push list instead (answer: 'pushes', --answer pushes)`,
        );
      }
    },
  };
  try {
    return (
      (lineMoves ? walkOutLineMoves(level, list, options) : null) ??
      pushesToLurd(level, list, options)
    );
  } catch (error) {
    if (error instanceof InvalidInputError && error.code === 'TOO_LONG') {
      throw new GenerationError(
        `the LURD answer would be longer than ${MAX_GENERATED_MOVES.toLocaleString('en-US')} moves; ask for the push list instead (answer: 'pushes', --answer pushes)`,
      );
    }
    throw error;
  }
}

/** Non-default tree and step, for the default title (so different inputs get different titles). */
function variant(o: GenerateOptions): string {
  const tree = o.tree && o.tree !== 'kruskal' ? ` ${o.tree}` : '';
  const step = o.step && o.step !== 'move' ? ` ${o.step}` : '';
  return tree + step;
}

function checkOptions(o: GenerateOptions): void {
  if (!['b', 'e', 'w', 'g', 's'].includes(o.type)) {
    throw new InvalidInputError(`type must be one of b, e, w, g, s, got '${String(o.type)}'`, {
      path: '$.type',
    });
  }
  if (!Number.isSafeInteger(o.pushes) || o.pushes < 1 || o.pushes > MAX_PUSHES) {
    throw new InvalidInputError(
      `pushes must be a whole number in 1..${MAX_PUSHES.toLocaleString('en-US')}, got ${o.pushes}`,
      { path: '$.pushes', code: 'INVALID_SIZE' },
    );
  }
  const largest = maxSize(o.type);
  const smallest = o.type === 's' ? 7 : 2;
  if (!Number.isSafeInteger(o.size) || o.size < smallest || o.size > largest) {
    const { width, height } = boardSize(o.type, largest);
    const why =
      o.type === 's'
        ? `an s level costs about n⁴; ${largest} gives ${width}×${height}`
        : `boards up to ${MAX_BOARD_SIDE}×${MAX_BOARD_SIDE}; ${largest} gives ${width}×${height}`;
    throw new InvalidInputError(
      `size must be a whole number in ${smallest}..${largest} for type ${o.type} (${why}), got ${o.size}`,
      { path: '$.size', code: 'INVALID_SIZE' },
    );
  }
  if (o.tree !== undefined && !['kruskal', 'wilson', 'growth'].includes(o.tree)) {
    throw new InvalidInputError(`tree must be 'kruskal', 'wilson' or 'growth'`, { path: '$.tree' });
  }
  if (o.step !== undefined && !['move', 'box', 'lazy', 'slide'].includes(o.step)) {
    throw new InvalidInputError(`step must be 'move', 'box', 'lazy' or 'slide'`, {
      path: '$.step',
    });
  }
  if (o.select !== undefined && o.select !== 'last' && o.select !== 'farthest') {
    throw new InvalidInputError(`select must be 'last' or 'farthest'`, { path: '$.select' });
  }
  if (o.minDistance !== undefined && !(o.minDistance >= 0)) {
    throw new InvalidInputError(`minDistance must be ≥ 0`, { path: '$.minDistance' });
  }
}

/**
 * How many pushes of `list` it takes until every box stands on a cell that holds a box in `goals`
 * (the first time the replay is solved). O(pushes), by counting boxes on goal cells.
 */
function firstArrival(
  start: Uint8Array | Int32Array,
  goals: Uint8Array | Int32Array,
  list: Int32Array,
  off: Int32Array,
): number {
  let total = 0;
  let onGoal = 0;
  for (let c = 0; c < start.length; c++) {
    if (start[c]! & BOX) {
      total++;
      if (goals[c]! & BOX) onGoal++;
    }
  }
  if (onGoal === total) return 0;
  for (let i = 0; i < list.length; i++) {
    const from = list[i]! >> 2;
    const to = from + off[list[i]! & 3]!;
    if (goals[from]! & BOX) onGoal--;
    if (goals[to]! & BOX) onGoal++;
    if (onGoal === total) return i + 1;
  }
  return list.length;
}

/**
 * Generates one zero-gap level with its answer, from a random spanning tree of pillars and a seeded
 * random scramble (see the README for each type's rule). The start is the tree, the goals are the
 * selected scrambled state, and the answer is the scramble up to that state, legal under standard
 * Sokoban rules. Identical options give identical output.
 *
 * Work unit: `attempts` (a tree and its scramble; an attempt is thrown away when its rotation is
 * blocked, its goal is the start, or it is closer than `minDistance`; for s, trees its rules reject
 * are drawn again within the attempt, up to 1,000 in a row); default budget
 * {@link DEFAULT_GENERATE_ATTEMPTS} attempts. A time limit stops it early, inside an attempt too.
 *
 * @throws InvalidInputError for options out of range; GenerationError for an answer past the
 *   length limits (ask for `answer: 'pushes'`).
 */
export function generate(
  options: GenerateOptions & { readonly seed: Seed },
  budget: Budget = {},
): GenerateResult {
  return generateLevel(options, Rng.from(options.seed), budget);
}

/** {@link generate} from a random stream of the caller's (a pack's `Rng.forIndex(seed, i)`). */
export function generateLevel(
  options: GenerateOptions,
  rng: Rng,
  budget: Budget = {},
): GenerateResult {
  checkOptions(options);
  const meter = new BudgetMeter(
    { ...budget, maxWork: budget.maxWork ?? DEFAULT_GENERATE_ATTEMPTS },
    { unit: GENERATE_UNIT, clockEvery: 1 },
  );
  const ticker = new Ticker(meter, options.onProgress);
  try {
    return attempts(options, rng, meter, ticker);
  } catch (error) {
    if (error instanceof TimeUp) return gaveUpResult(meter.gaveUp('time'), meter.work);
    throw error;
  }
}

function attempts(
  options: GenerateOptions,
  rng: Rng,
  meter: BudgetMeter,
  budget: Ticker,
): GenerateResult {
  const { type, size: n, pushes } = options;
  const select = options.select ?? 'last';
  const min = options.minDistance ?? 0;
  let lastReason = '';
  let rejectedTrees = 0;
  for (;;) {
    // A tree the s rules reject costs next to nothing, and at the tight size 7 about a thousand in a
    // row are rejected (seeds 1–10 needed 101 to 3,170), so one attempt takes up to
    // TREES_PER_ATTEMPT of them. The forks stay in order: a level comes from the same fork as before.
    const bound = rejectedTrees === 0 ? meter.spend() : null;
    if (bound !== null) {
      const { width, height } = boardSize(type, n);
      return {
        ...gaveUpResult(meter.gaveUp(bound), meter.work),
        ...(lastReason === ''
          ? {}
          : { lastRejection: `no ${type} level of size ${n} (${width}×${height}): ${lastReason}` }),
      };
    }
    const attempt = meter.work;
    const r = rng.fork();
    const start = startBoard(type, n, r, options.tree ?? 'kruskal');
    budget.tick(0, pushes);
    if (!start) {
      lastReason = 'the random tree left an inner line with fewer than two boxes';
      rejectedTrees = (rejectedTrees + 1) % TREES_PER_ATTEMPT;
      continue;
    }
    rejectedTrees = 0;
    const s = start.edgeA
      ? scrambleTree(start, pushes, select, r, options.step ?? 'move', budget)
      : scramble(start, pushes, select, r, budget);
    if (!s) {
      lastReason = 'the channel rotation was blocked or did not end in a spanning tree';
      continue;
    }
    if (s.distance < min) {
      lastReason = `the selected state was at distance ${s.distance} < ${min}`;
      continue;
    }
    const scrambled = s.record.slice(0, s.selectedAt);
    const cells = start.cells.slice();
    const goals = start.cells.slice();
    const off = directionOffsets(start.width);
    for (const v of scrambled) {
      const c = v >> 2;
      goals[c] = goals[c]! & ~BOX;
      goals[c + off[v & 3]!] = goals[c + off[v & 3]!]! | BOX;
    }
    // A random walk revisits states: the scramble may pass through the selected state before it
    // ends there. The answer stops at the first arrival, so pushes and moves count no detour.
    const list = scrambled.slice(0, firstArrival(start.cells, goals, scrambled, off));
    if (list.length === 0) {
      // the selected state is the start itself: the level would be solved before a single push
      lastReason = 'the selected state was the starting one (the level would be already solved)';
      continue;
    }
    for (let c = 0; c < cells.length; c++) if (goals[c]! & BOX) cells[c] = cells[c]! | GOAL;
    const level: Level = {
      width: start.width,
      height: start.height,
      cells,
      player: start.player,
      title: options.title ?? defaultTitle(options),
      author: options.author ?? 'puzzlekit sokoban-zero-gap',
    };
    const solution =
      options.answer === 'pushes' ? undefined : walkOut(level, list, budget, !!start.edgeA);
    return solvedResult(
      {
        level,
        pushList: list,
        ...(solution !== undefined ? { solution } : {}),
        pushes: list.length,
        moves: solution?.length ?? 0,
        boxes: start.boxCells.length,
        distance: s.distance,
        farthestDistance: s.farthest,
        scramblePushes: s.count,
        attempts: attempt,
        goalIsTree: s.goalIsTree ?? true,
      },
      meter.work,
    );
  }
}

/** The default title: the options that made the level. */
function defaultTitle(o: GenerateOptions): string {
  const seed = o.seed === undefined ? '' : ` seed ${String(o.seed)}`;
  return `zero-gap ${o.type}${o.size} k${o.pushes} ${o.select ?? 'last'}${variant(o)}${seed}`;
}
