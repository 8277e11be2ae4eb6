import { InvalidInputError } from '@puzzlekit/errors';
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
  /** Total states explored by all shortcut searches (default 2,000,000); loop removal always runs. */
  readonly maxNodes?: number;
  /**
   * b/e levels (every box and goal between two pillars): length in pushes of the stretches re-solved
   * exactly under the line rule by {@link solveLines} (default 60; 0 turns it off).
   */
  readonly lineWindow?: number;
  /**
   * Stop searching after this many milliseconds (default: no limit); the loop cuts always run and
   * the rest of the answer is kept as it is. `budgetExhausted` then says so.
   */
  readonly maxMs?: number;
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
  /** States explored by the shortcut searches. */
  readonly nodes: number;
  /** True when the node or time budget ran out before the end of the answer (the rest was only loop-cut). */
  readonly budgetExhausted: boolean;
}

/**
 * Shortens a solving answer of a level too large to solve exactly. First every loop is cut (when the
 * answer passes the same state twice — same boxes, player in the same region — the part between goes),
 * then from each state a breadth-first push search up to `depth` looks for a later state of the answer
 * that it reaches in fewer pushes, and splices the shortcut in. Walks are re-made shortest. The result
 * is replayed before it is returned; it is never longer than the input.
 */
export function optimize(
  level: Level,
  answer: string | readonly Push[] | Int32Array,
  options: OptimizeOptions = {},
): OptimizeResult {
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
  let pushes: Push[] =
    typeof answer === 'string'
      ? lurdToPushes(level, moves0)
      : Array.from({ length: answer.length }, (_, i) => pushAt(answer, i));
  const original = pushes.length;
  const sp = new Space(level);
  const occ = new Uint8Array(sp.size);

  // State keys along the answer.
  const keysAlong = (list: readonly Push[]): number[] => {
    occ.fill(0);
    let hi = 0;
    let lo = 0;
    for (const c of sp.startBoxes) {
      occ[c] = 1;
      hi ^= sp.zBoxHi[c]!;
      lo ^= sp.zBoxLo[c]!;
    }
    const keys: number[] = [];
    const key = (player: number): number => {
      const norm = sp.flood(occ, player);
      return ((hi ^ sp.zPlayerHi[norm]!) >>> 0) * 2097152 + ((lo ^ sp.zPlayerLo[norm]!) >>> 11);
    };
    keys.push(key(level.player));
    for (const p of list) {
      const t = p.box + sp.off[p.direction]!;
      occ[p.box] = 0;
      occ[t] = 1;
      hi ^= sp.zBoxHi[p.box]! ^ sp.zBoxHi[t]!;
      lo ^= sp.zBoxLo[p.box]! ^ sp.zBoxLo[t]!;
      keys.push(key(p.box));
    }
    return keys;
  };

  // 1. Cut loops: from each state jump to its last occurrence.
  {
    const keys = keysAlong(pushes);
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
    pushes = out;
  }
  const afterLoops = pushes.length;

  // 1b. On b/e levels, re-solve stretches between whole-move states exactly under the line rule.
  let removedByLines = 0;
  let nodes = 0;
  const lineWindow = options.lineWindow ?? 60;
  const maxNodesAll = options.maxNodes ?? 2_000_000;
  const deadline = performance.now() + (options.maxMs ?? Infinity);
  const inBudget = (): boolean => nodes < maxNodesAll && performance.now() < deadline;
  if (lineWindow > 0 && isLineLevel(level)) {
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
      if (offSlot === 0 && inBudget()) {
        // the farthest whole-move state within the window
        const probe = boxes.slice();
        let off = 0;
        let j = -1;
        for (let k = i; k < pushes.length && k < i + lineWindow; k++) {
          const p = pushes[k]!;
          const t = p.box + sp.off[p.direction]!;
          off += (slot(t) ? 0 : 1) - (slot(p.box) ? 0 : 1);
          probe[p.box] = 0;
          probe[t] = 1;
          if (off === 0) j = k + 1;
        }
        if (j > i + 2) {
          const cells = new Uint8Array(sp.size);
          let player = -1;
          for (let c = 0; c < sp.size; c++) {
            cells[c] = (level.cells[c]! & WALL) | (boxes[c] ? BOX : 0) | (probe[c] ? GOAL : 0);
            if (player < 0 && !sp.wall[c] && !boxes[c]) player = c;
          }
          const sub = solveLines(
            { width, height: level.height, cells, player },
            { maxNodes: Math.min(2_000, maxNodesAll - nodes) },
          );
          nodes += sub.nodes;
          if (sub.solved && sub.pushes < j - i) {
            removedByLines += j - i - sub.pushes;
            out.push(...sub.pushList);
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
    pushes = out;
  }
  const afterLines = pushes.length;

  // 2. Shortcuts by bounded breadth-first search.
  const depth = options.depth ?? 8;
  const perWindow = options.nodesPerWindow ?? 400;
  let exhausted = false;
  {
    const out: Push[] = [];
    let keys = keysAlong(pushes);
    // state boxes at index i, rebuilt incrementally
    const boxesAt = new Uint8Array(sp.size);
    for (const c of sp.startBoxes) boxesAt[c] = 1;
    let playerAt = level.player;
    const indexOf = new Map<number, number>();
    keys.forEach((k, i) => indexOf.set(k, i));
    let i = 0;
    const bfsKey = new Map<number, number>();
    const par: number[] = [];
    const mv: number[] = [];
    const stBoxes: Uint8Array[] = [];
    const stPlayer: number[] = [];
    const stDepth: number[] = [];
    while (i < pushes.length) {
      options.onProgress?.(i, pushes.length);
      let best = -1;
      let bestNode = -1;
      if (!inBudget()) exhausted = true;
      else {
        bfsKey.clear();
        par.length = 0;
        mv.length = 0;
        stBoxes.length = 0;
        stPlayer.length = 0;
        stDepth.length = 0;
        stBoxes.push(boxesAt.slice());
        stPlayer.push(playerAt);
        stDepth.push(0);
        par.push(-1);
        mv.push(-1);
        bfsKey.set(keys[i]!, 0);
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
              const norm = sp.flood(nb, c);
              const key =
                ((hi ^ sp.zPlayerHi[norm]!) >>> 0) * 2097152 + ((lo ^ sp.zPlayerLo[norm]!) >>> 11);
              if (bfsKey.has(key)) continue;
              nodes++;
              const id = stBoxes.length;
              bfsKey.set(key, id);
              stBoxes.push(nb);
              stPlayer.push(c);
              stDepth.push(d0 + 1);
              par.push(head);
              mv.push(c * 4 + d);
              const j = indexOf.get(key);
              if (
                j !== undefined &&
                j > i + d0 + 1 &&
                j - (d0 + 1) > best - (bestNode >= 0 ? stDepth[bestNode]! : 0)
              ) {
                best = j;
                bestNode = id;
              }
            }
          }
        }
        if (!inBudget()) exhausted = true;
      }
      if (bestNode >= 0) {
        const seg: Push[] = [];
        for (let x = bestNode; par[x]! >= 0; x = par[x]!) {
          seg.push({ box: mv[x]! >> 2, direction: (mv[x]! & 3) as Direction });
        }
        seg.reverse();
        pushes = [...out, ...seg, ...pushes.slice(best)];
        // restart from the end of the shortcut with fresh keys
        const done = out.length + seg.length;
        keys = keysAlong(pushes);
        indexOf.clear();
        keys.forEach((k, x) => indexOf.set(k, x));
        for (const p of seg) {
          boxesAt[p.box] = 0;
          boxesAt[p.box + sp.off[p.direction]!] = 1;
          playerAt = p.box;
          out.push(p);
        }
        i = done;
        continue;
      }
      const p = pushes[i]!;
      boxesAt[p.box] = 0;
      boxesAt[p.box + sp.off[p.direction]!] = 1;
      playerAt = p.box;
      out.push(p);
      i++;
    }
    pushes = out;
  }
  let solution = pushesToLurd(level, pushes);
  if (!replay(level, solution).solved || solution.length > moves0.length) {
    // never worse than the input: keep it when the rewrite did not pay off
    if (pushes.length >= original) {
      solution = moves0;
      pushes = lurdToPushes(level, moves0);
    }
  }
  return {
    originalPushes: original,
    originalMoves: moves0.length,
    pushes: pushes.length,
    moves: solution.length,
    solution,
    removedByLoops: original - afterLoops,
    removedByLineSolves: removedByLines,
    removedByShortcuts: afterLines - pushes.length,
    nodes,
    budgetExhausted: exhausted,
  };
}
