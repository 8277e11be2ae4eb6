import { InvalidInputError } from '@puzzlekit/errors';
import { BudgetMeter, SOLVED, type Bound, type Budget, type Outcome } from '@puzzlekit/job';
import { BOX, GOAL, WALL, type Direction, type Level, type Push } from '../model.js';
import { parseLurd } from '../format/lurd.js';
import { lurdToPushes, pushAt, pushesToLurd, replay } from '../play.js';
import { Space } from './space.js';
import { solveLines } from './lines.js';

/** True when every box and goal sits on a cell with x+y odd (the slots of the b/e lattice). */
export function isLineLevel(level: Level): boolean {
  const { width, cells } = level;
  let any = false;
  for (let c = 0; c < cells.length; c++) {
    if (!(cells[c]! & (BOX | GOAL))) continue;
    any = true;
    const x = c % width;
    if ((x + (c - x) / width) % 2 !== 1) return false;
  }
  return any;
}

/** Options of {@link optimize}. */
export interface OptimizeOptions {
  /** Deepest shortcut searched from each state of the answer, in pushes (default 8). */
  readonly depth?: number;
  /** States explored per shortcut search (default 400). */
  readonly nodesPerWindow?: number;
  /**
   * b/e levels (every box and goal between two pillars): length in pushes of the stretches re-solved
   * exactly under the line rule by {@link solveLines} (default 60; 0 turns it off).
   */
  readonly lineWindow?: number;
  /** Called now and then with the index reached in the answer and its length. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** The result of {@link optimize}. */
export interface OptimizeResult {
  /** Pushes of the answer given. */
  readonly originalPushes: number;
  /** Moves of the answer given. */
  readonly originalMoves: number;
  /** Pushes of the best answer found. */
  readonly pushes: number;
  /** Moves of the best answer found. */
  readonly moves: number;
  /** The best answer in LURD (walks between pushes are shortest). */
  readonly solution: string;
  /** Pushes removed by cutting loops (a state visited twice). */
  readonly removedByLoops: number;
  /** Pushes removed by re-solving stretches under the line rule (b/e levels). */
  readonly removedByLineSolves: number;
  /** Pushes removed by shortcuts found by the bounded searches. */
  readonly removedByShortcuts: number;
  /**
   * `solved` when every state of the answer was searched; `gave-up` (work or time) when the budget
   * ran out first: the answer above is still right and never longer than the input, but the rest
   * of it was only loop-cut.
   */
  readonly outcome: Outcome;
  /** States explored by the shortcut searches and line re-solves (the unit `nodes`). */
  readonly work: number;
}

/** Default budget of {@link optimize}: 2,000,000 nodes, and a minute on the clock at most. */
export const DEFAULT_OPTIMIZE_BUDGET: Budget = Object.freeze({ maxWork: 2_000_000, maxMs: 60_000 });

/** The shared budget of one {@link optimize} call, and the bound that stopped it. */
class OptimizeBudget {
  stoppedBy: Bound | null = null;
  constructor(readonly meter: BudgetMeter) {}

  get left(): boolean {
    if (this.stoppedBy !== null) return false;
    if (this.meter.remaining() <= 0) this.stoppedBy = 'work';
    else if (this.meter.timeUp()) this.stoppedBy = 'time';
    return this.stoppedBy === null;
  }
}

/**
 * Shortens a solving answer of a level too large to solve exactly. First every loop is cut (when the
 * answer passes the same state twice — same boxes, player in the same region — the part between goes),
 * then on b/e levels stretches are re-solved exactly under the line rule, then from each state a
 * breadth-first push search up to `depth` looks for a later state of the answer that it reaches in
 * fewer pushes, and splices the shortcut in. Walks are re-made shortest. The result is replayed
 * before it is returned; it is never longer than the input. Work unit: `nodes` (states explored);
 * default budget {@link DEFAULT_OPTIMIZE_BUDGET}. The loop cuts always run.
 *
 * @throws InvalidInputError (code `NOT_SOLVED`) when the answer does not solve the level.
 */
export function optimize(
  level: Level,
  answer: string | readonly Push[] | Int32Array,
  budget: Budget = DEFAULT_OPTIMIZE_BUDGET,
  options: OptimizeOptions = {},
): OptimizeResult {
  const meter = new BudgetMeter(budget, { unit: 'nodes' });
  const moves0 = typeof answer === 'string' ? parseLurd(answer) : pushesToLurd(level, answer);
  const check = replay(level, moves0);
  if (!check.solved) {
    throw new InvalidInputError(
      check.failure
        ? `the answer is illegal at move ${check.failure.step + 1}: ${check.failure.reason}`
        : 'the answer does not solve the level',
      { code: 'NOT_SOLVED' },
    );
  }
  const original =
    typeof answer === 'string'
      ? lurdToPushes(level, moves0)
      : Array.from({ length: answer.length }, (_, i) => pushAt(answer, i));
  const sp = new Space(level);
  const spent = new OptimizeBudget(meter);
  const afterLoops = cutLoops(level, sp, original);
  const lineWindow = options.lineWindow ?? 60;
  const afterLines =
    lineWindow > 0 && isLineLevel(level)
      ? resolveLineStretches(level, sp, afterLoops, lineWindow, spent)
      : afterLoops;
  const shortcut = spliceShortcuts(level, sp, afterLines, options, spent);
  let pushes = shortcut.pushes;
  let solution = pushesToLurd(level, pushes);
  if (!replay(level, solution).solved || solution.length > moves0.length) {
    // never worse than the input: keep it when the rewrite did not pay off
    if (pushes.length >= original.length) {
      solution = moves0;
      pushes = lurdToPushes(level, moves0);
    }
  }
  return {
    originalPushes: original.length,
    originalMoves: moves0.length,
    pushes: pushes.length,
    moves: solution.length,
    solution,
    removedByLoops: original.length - afterLoops.length,
    removedByLineSolves: afterLoops.length - afterLines.length,
    removedByShortcuts: afterLines.length - pushes.length,
    outcome: spent.stoppedBy === null ? SOLVED : meter.gaveUp(spent.stoppedBy),
    work: meter.work,
  };
}

/** A 53-bit key of a state (64-bit Zobrist box key and player part, folded). */
function stateKey(sp: Space, hi: number, lo: number, normPlayer: number): number {
  return (
    ((hi ^ sp.zPlayerHi[normPlayer]!) >>> 0) * 2097152 + ((lo ^ sp.zPlayerLo[normPlayer]!) >>> 11)
  );
}

/** The state keys along `list` from the start: entry i is the state before push i. */
function keysAlong(level: Level, sp: Space, list: readonly Push[]): number[] {
  const occ = new Uint8Array(sp.size);
  let hi = 0;
  let lo = 0;
  for (const c of sp.startBoxes) {
    occ[c] = 1;
    hi ^= sp.zBoxHi[c]!;
    lo ^= sp.zBoxLo[c]!;
  }
  const keys: number[] = [stateKey(sp, hi, lo, sp.flood(occ, level.player))];
  for (const p of list) {
    const t = p.box + sp.off[p.direction]!;
    occ[p.box] = 0;
    occ[t] = 1;
    hi ^= sp.zBoxHi[p.box]! ^ sp.zBoxHi[t]!;
    lo ^= sp.zBoxLo[p.box]! ^ sp.zBoxLo[t]!;
    keys.push(stateKey(sp, hi, lo, sp.flood(occ, p.box)));
  }
  return keys;
}

/** Loop cuts: from each state jump to its last occurrence in the answer. */
function cutLoops(level: Level, sp: Space, pushes: readonly Push[]): Push[] {
  const keys = keysAlong(level, sp, pushes);
  const last = new Map<number, number>();
  keys.forEach((k, i) => last.set(k, i));
  const out: Push[] = [];
  let i = 0;
  while (i < pushes.length) {
    const j = last.get(keys[i]!)!;
    if (j > i) {
      i = j;
      continue;
    }
    out.push(pushes[i]!);
    i++;
  }
  return out;
}

/**
 * On b/e levels: from each whole-move state (every box on a slot), the farthest whole-move state
 * within `window` pushes is re-solved exactly under the line rule ({@link solveLines}, 2,000 states),
 * and the stretch is replaced when that is shorter.
 */
function resolveLineStretches(
  level: Level,
  sp: Space,
  pushes: readonly Push[],
  window: number,
  budget: OptimizeBudget,
): Push[] {
  const { width } = level;
  const slot = (c: number): boolean => {
    const x = c % width;
    return (x + (c - x) / width) % 2 === 1;
  };
  const boxes = new Uint8Array(sp.size);
  for (const c of sp.startBoxes) boxes[c] = 1;
  let offSlot = 0;
  const out: Push[] = [];
  let i = 0;
  while (i < pushes.length) {
    if (offSlot === 0 && budget.left) {
      // the farthest whole-move state within the window
      const probe = boxes.slice();
      let off = 0;
      let j = -1;
      for (let k = i; k < pushes.length && k < i + window; k++) {
        const p = pushes[k]!;
        const t = p.box + sp.off[p.direction]!;
        off += (slot(t) ? 0 : 1) - (slot(p.box) ? 0 : 1);
        probe[p.box] = 0;
        probe[t] = 1;
        if (off === 0) j = k + 1;
      }
      if (j > i + 2) {
        const sub = solveStretch(level, sp, boxes, probe, budget);
        if (sub && sub.length < j - i) {
          out.push(...sub);
          boxes.set(probe);
          i = j;
          continue;
        }
      }
    }
    const p = pushes[i]!;
    const t = p.box + sp.off[p.direction]!;
    offSlot += (slot(t) ? 0 : 1) - (slot(p.box) ? 0 : 1);
    boxes[p.box] = 0;
    boxes[t] = 1;
    out.push(p);
    i++;
  }
  return out;
}

/** The line-rule optimum from box set `from` to box set `to` (as goals), or null. */
function solveStretch(
  level: Level,
  sp: Space,
  from: Uint8Array,
  to: Uint8Array,
  budget: OptimizeBudget,
): readonly Push[] | null {
  const cells = new Uint8Array(sp.size);
  let player = -1;
  for (let c = 0; c < sp.size; c++) {
    cells[c] = (level.cells[c]! & WALL) | (from[c] ? BOX : 0) | (to[c] ? GOAL : 0);
    if (player < 0 && !sp.wall[c] && !from[c]) player = c;
  }
  const sub = solveLines(
    { width: level.width, height: level.height, cells, player },
    budget.meter.share(2_000),
  );
  budget.meter.charge(sub.work);
  return 'value' in sub ? sub.value.pushList : null;
}

/**
 * Shortcuts: from each state of the answer a breadth-first push search ({@link shortcutFrom}) looks
 * for a later state reached in fewer pushes; the best one is spliced in and the walk goes on from
 * its end.
 */
function spliceShortcuts(
  level: Level,
  sp: Space,
  answer: readonly Push[],
  options: OptimizeOptions,
  budget: OptimizeBudget,
): { pushes: Push[]; exhausted: boolean } {
  let pushes = answer.slice();
  let exhausted = false;
  const out: Push[] = [];
  let keys = keysAlong(level, sp, pushes);
  const indexOf = new Map<number, number>();
  keys.forEach((k, i) => indexOf.set(k, i));
  // the state at index i, kept up to date push by push
  const boxesAt = new Uint8Array(sp.size);
  for (const c of sp.startBoxes) boxesAt[c] = 1;
  let playerAt = level.player;
  let i = 0;
  const advance = (p: Push): void => {
    boxesAt[p.box] = 0;
    boxesAt[p.box + sp.off[p.direction]!] = 1;
    playerAt = p.box;
    out.push(p);
  };
  while (i < pushes.length) {
    options.onProgress?.(i, pushes.length);
    let found: { readonly segment: Push[]; readonly to: number } | null = null;
    if (!budget.left) exhausted = true;
    else {
      found = shortcutFrom(sp, boxesAt, playerAt, keys[i]!, i, indexOf, options, budget);
      if (!budget.left) exhausted = true;
    }
    if (found) {
      pushes = [...out, ...found.segment, ...pushes.slice(found.to)];
      // restart from the end of the shortcut with fresh keys
      const done = out.length + found.segment.length;
      keys = keysAlong(level, sp, pushes);
      indexOf.clear();
      keys.forEach((k, x) => indexOf.set(k, x));
      for (const p of found.segment) advance(p);
      i = done;
      continue;
    }
    advance(pushes[i]!);
    i++;
  }
  return { pushes: out, exhausted };
}

/**
 * Breadth-first push search from the state (`boxes`, `player`) at answer index `from` (up to
 * `depth` pushes, `nodesPerWindow` states): the shortcut that saves the most pushes to a later state
 * of the answer (`indexOf` maps state keys to their index), or null.
 */
function shortcutFrom(
  sp: Space,
  boxes: Uint8Array,
  player: number,
  key: number,
  from: number,
  indexOf: ReadonlyMap<number, number>,
  options: OptimizeOptions,
  budget: OptimizeBudget,
): { segment: Push[]; to: number } | null {
  const depth = options.depth ?? 8;
  const perWindow = options.nodesPerWindow ?? 400;
  const seen = new Map<number, number>([[key, 0]]);
  const parent: number[] = [-1];
  const push: number[] = [-1];
  const stBoxes: Uint8Array[] = [boxes.slice()];
  const stPlayer: number[] = [player];
  const stDepth: number[] = [0];
  let best = -1;
  let bestNode = -1;
  for (let head = 0; head < stBoxes.length && stBoxes.length < perWindow; head++) {
    const d0 = stDepth[head]!;
    if (d0 >= depth) break;
    const bx = stBoxes[head]!;
    sp.flood(bx, stPlayer[head]!);
    sp.markRegion();
    for (let c = 0; c < sp.size && stBoxes.length < perWindow; c++) {
      if (!bx[c]) continue;
      for (let d = 0; d < 4; d++) {
        const o = sp.off[d]!;
        const t = c + o;
        if (sp.wall[t] || bx[t] || !sp.isMarked(c - o)) continue;
        const nb = bx.slice();
        nb[c] = 0;
        nb[t] = 1;
        let hi = 0;
        let lo = 0;
        for (let x = 0; x < sp.size; x++) {
          if (nb[x]) {
            hi ^= sp.zBoxHi[x]!;
            lo ^= sp.zBoxLo[x]!;
          }
        }
        const k = stateKey(sp, hi, lo, sp.flood(nb, c));
        if (seen.has(k)) continue;
        budget.meter.charge(1);
        const id = stBoxes.length;
        seen.set(k, id);
        stBoxes.push(nb);
        stPlayer.push(c);
        stDepth.push(d0 + 1);
        parent.push(head);
        push.push(c * 4 + d);
        const j = indexOf.get(k);
        if (
          j !== undefined &&
          j > from + d0 + 1 &&
          j - (d0 + 1) > best - (bestNode >= 0 ? stDepth[bestNode]! : 0)
        ) {
          best = j;
          bestNode = id;
        }
      }
    }
  }
  if (bestNode < 0) return null;
  const segment: Push[] = [];
  for (let x = bestNode; parent[x]! >= 0; x = parent[x]!) {
    segment.push({ box: push[x]! >> 2, direction: (push[x]! & 3) as Direction });
  }
  return { segment: segment.reverse(), to: best };
}
