import { BucketQueue } from '@puzzlekit/graph-search';
import { BudgetMeter, type Bound } from '@puzzlekit/job';
import { GOAL, WALL, type Push } from '../model.js';
import { AreaCounter } from './areas.js';
import { CORRAL_DEADLOCK, CorralPruner } from './corral.js';
import { CorralDeadlocks } from './corraldead.js';
import { DualCache } from './duals.js';
import { FeatureSpace, FessFrontier } from './fess.js';
import { Assignment } from './hungarian.js';
import { GoalMacro } from './macro.js';
import { PackingOrder } from './packing.js';
import { PackingPlan } from './plan.js';
import { BoxPlaces } from './places.js';
import { StateStore, mix } from './store.js';
import { Space, UNREACHABLE } from './space.js';
import { LearnedDeadlocks } from './learned.js';
import { addRoot, exactSearch, type PushSearchLimits, type PushSearchOutcome } from './astar.js';
import { runToEnd, type ResumableRun } from './run.js';

/** How many pushes one (filled blocking goal, empty blocked goal) pair counts in the priority. */
const PACKING_WEIGHT = 2;
/**
 * How many pushes a push within a goal room counts in the priority when macros are on: such pushes
 * stay possible (some levels need them) but come after the macro moves.
 */
const ROOM_PUSH_PENALTY = 30;
/**
 * How many pushes one free floor area past the first counts in the priority (FESS's connectivity
 * feature, {@link AreaCounter}): boxes that cut the floor into pieces make jams the matching bound
 * does not see. 5 measured best of 2, 4, 5, 10 and 25 on XSokoban 4, 5, 8, 9, 10 and 15 (with 5,
 * XSokoban 4 and 9 take under a second; without, neither finishes in 30 s).
 */
const AREA_WEIGHT = 5;
/**
 * How many units of the secondary priority one unit of weight counts in a FESS cell when the moves
 * are box moves: one box move is one unit where a push search counts every push, so the weight
 * counts more (20 and 1000 measured alike on the tuning sample's XSokoban 5, 10 and 40).
 */
const BOX_MOVE_WEIGHT_SCALE = 20;
/** Nodes of one proof search of the box-move FESS (see `proveDeadOrSolve` in {@link greedyRun}). */
const PROOF_WORK = 2_000;
/** Nodes of one search that checks a smaller set of boxes while a pattern is learned. */
const SHRINK_WORK = 2_000;
/** The part of the run's work its proofs and pattern searches may take (plus one proof). */
const PROOF_SHARE = 0.6;
/**
 * The most a packing's proofs back off: after u proofs that did not finish, only every 2^u-th
 * position of that packing gets one (u at most this). On the tuning sample, FESS alone at 300,000
 * units solves the same 16 levels and XSokoban 25 and 40 in 28 % fewer units.
 */
const MAX_PROOF_BACKOFF = 12;
/** Bytes of stored states one proof search may take. */
const PROOF_MEMORY = 16 * 2 ** 20;

/**
 * Greedy best-first search over pushes (satisficing, no optimality claim): always expands a state
 * with the smallest priority — the lower bound (minimum-cost box–goal matching by lone-box push
 * distance, kept incrementally) plus a packing-order penalty ({@link PackingOrder}) — newest first
 * among equals, and generates the last pushed box's pushes last so that they come out first: the
 * search keeps working on one box while that helps, as a person does. The matching also proves
 * bipartite deadlocks (no box–goal matching left). Pruned: dead squares, 2×2 blocks, freeze
 * deadlocks, and everything but the pushes of a PI-corral ({@link CorralPruner}), whose empty push
 * list is a corral deadlock. A box entering a goal room goes on to its goal in one macro move
 * ({@link GoalMacro}) when `macros` is on; pushes within a room then come later in the priority.
 * With `areas` on (the guided run), every free floor area past the player's counts
 * {@link AREA_WEIGHT} pushes more, and corral deadlocks are also looked for by a small search on a
 * corral's boxes alone ({@link CorralDeadlocks}), corrals joined across touchable boxes too.
 */
export function greedySearch(sp: Space, player: number, limits: GreedyLimits): PushSearchOutcome {
  return runToEnd(greedyRun(sp, player, limits, Infinity));
}

/** Limits and switches of {@link greedySearch}. */
export type GreedyLimits = PushSearchLimits & {
  readonly macros: boolean;
  readonly areas: boolean;
  /** Keep the open positions by FESS feature-space cell ({@link FessFrontier}). */
  readonly fess?: boolean;
  /**
   * With `fess`: expand by **box moves** (Festival's unit): each box is taken by a single-box push
   * search, the other boxes standing, to every place it can reach, and each place is one child (one
   * move); every state that search stores costs one unit of work. Goal-room macros are not used.
   */
  readonly boxMoves?: boolean;
  /**
   * With `fess`: called with each position taken for expansion (and not a corral deadlock) that
   * packs more boxes than any before it (FESS's packed feature): its box flags (`occ`, valid only
   * during the call), the player's cell, the packed count and the run's work so far. For
   * diagnostics (the bench's FESS trace).
   */
  readonly onBestPacked?: (occ: Uint8Array, player: number, packed: number, work: number) => void;
};

/**
 * {@link greedySearch} as a {@link ResumableRun}: it pauses (yields) after `pauseEvery` nodes of its
 * meter's work (then as many as each `next(n)` asks), so that a portfolio can interleave several
 * runs by work, and returns the outcome.
 */
export function* greedyRun(
  sp: Space,
  player: number,
  limits: GreedyLimits,
  pauseEvery: number,
): ResumableRun<PushSearchOutcome> {
  const k = sp.startBoxes.length;
  const { size, off, dead, wall, zBoxHi, zBoxLo, zPlayerHi, zPlayerLo } = sp;
  const store = new StateStore(wall, limits.memoryBytes, limits.meter.maxStates);
  const words = store.words;
  const occ = new Uint8Array(size);
  const corrals = new CorralPruner(sp);
  // corral deadlocks by sub-search, and corrals joined across touchable boxes (the guided run)
  let playerNow = player;
  if (limits.areas) {
    const corralDeadlocks = new CorralDeadlocks(sp);
    corrals.deadlockTest = (boxes, n, inside) =>
      corralDeadlocks.isDead(boxes, n, playerNow, inside);
    corrals.mergeAcross = true;
  }
  const packing = new PackingOrder(sp);
  const macro = new GoalMacro(sp, packing.fillRank);
  const areas = limits.areas ? new AreaCounter(sp) : null;
  const boxMoves = limits.fess === true && limits.boxMoves === true;
  const useMacros = limits.macros && macro.active && !boxMoves;
  const parentA = new Assignment(k, size, sp.pushDist, UNREACHABLE);
  const childA = new Assignment(k, size, sp.pushDist, UNREACHABLE);
  const cache = new DualCache(k);
  const big = parentA.big;
  const maxReplay = Math.max(2, k >> 2);
  const cur = new Int32Array(Math.max(k, 1));
  const bits = new Int32Array(words);
  // The open list: node indices by priority, the newest first among equals (the core BucketQueue:
  // 0.98× the CPU time of hand-written per-priority arrays, compareCpu on XSokoban 4, 5 and 8).
  const open = new BucketQueue(1024);
  // With `fess`, the open positions are kept by feature-space cell instead (FESS).
  const features = limits.fess
    ? new FeatureSpace(sp, packing, boxMoves ? new PackingPlan(sp) : null)
    : null;
  const frontier = new FessFrontier(
    boxMoves ? { bestEveryOther: true, weightScale: BOX_MOVE_WEIGHT_SCALE, pathBest: true } : {},
  );
  // box moves: the single-box search's queue (box cell, stored state, pushes to try) and its states
  const queue = boxMoves ? new Int32Array(size * 4 * 3 + 3) : new Int32Array(0);
  // box moves: the player's regions and the free areas at every place of the box moved
  const places = boxMoves ? new BoxPlaces(sp) : null;
  const seen = new Set<number>();
  let bestPacked = -1;
  // proofs (FESS by box moves): nodes of a new best packing are checked by a small exact search,
  // and a dead one teaches a deadlock pattern (proveDeadOrSolve)
  const proofs =
    boxMoves && features
      ? {
          learned: new LearnedDeadlocks(sp),
          bestAlive: 1,
          work: 0,
          space: null as Space | null,
          // by packed count: positions that could have had a proof, and proofs that did not finish
          candidates: [] as number[],
          unfinished: [] as number[],
        }
      : null;
  let reached = -1;
  let reachedPushes = 0;
  let stopped: Bound | null = null;

  const h0 = addRoot(sp, sp.startBoxes, player, store, parentA, cache, occ, bits, limits.meter);
  if (Number.isNaN(h0)) return { pushes: null, nodes: 0, stop: 'time', states: 0 };
  if (h0 >= big) return { pushes: null, nodes: 0, stop: 'unsolvable', states: 0 };
  if (h0 === 0) return { pushes: [], nodes: 0, states: 0 };
  if (features) {
    for (const b of sp.startBoxes) occ[b] = 1;
    frontier.addRoot(0, h0, features.of(occ));
    for (const b of sp.startBoxes) occ[b] = 0;
  } else open.push(0, h0);

  const { meter } = limits;
  const start = meter.work;
  let nodes = 0;
  let pauseAt = start + pauseEvery;
  for (;;) {
    if (meter.work >= pauseAt) pauseAt = meter.work + ((yield) ?? pauseEvery);
    const node = features ? frontier.pop() : open.pop();
    if (node < 0) return { pushes: null, nodes, stop: 'unsolvable', states: store.count };
    const bound = meter.spend();
    nodes = meter.work - start;
    if (bound !== null) return { pushes: null, nodes, stop: bound, states: store.count };
    store.decode(node, cur);
    cache.restore(node, parentA, cur, store.parent, store.pushOf, off, maxReplay);
    for (let i = 0; i < k; i++) occ[cur[i]!] = 1;
    sp.flood(occ, store.player[node]!);
    sp.markRegion();
    playerNow = store.player[node]!;
    const corral = corrals.analyse(occ);
    if (corral !== CORRAL_DEADLOCK && limits.onBestPacked && features) {
      const packed = frontier.packedOf(node);
      if (packed > bestPacked) {
        bestPacked = packed;
        limits.onBestPacked(occ, playerNow, packed, meter.work - start);
      }
    }
    let provedDead = corral === CORRAL_DEADLOCK;
    if (proofs && !provedDead) {
      if (proofs.learned.matches(occ, playerNow, cur, k)) provedDead = true;
      else {
        const proof = proveDeadOrSolve(node);
        if (proof === 'dead') provedDead = true;
        else if (proof !== null) {
          nodes = meter.work - start;
          return { pushes: [...store.path(node), ...proof], nodes, states: store.count };
        }
      }
    }
    if (!provedDead) {
      const found = boxMoves ? expandBoxMoves(node, corral) : expandAll(node, corral);
      if (found !== PRUNED) {
        nodes = meter.work - start;
        if (found === OUT_OF_MEMORY)
          return { pushes: null, nodes, stop: 'memory', states: store.count };
        if (found === STOPPED) return { pushes: null, nodes, stop: stopped!, states: store.count };
        return { pushes: store.path(found), nodes, states: store.count };
      }
    }
    if (features) frontier.commit(node);
    for (let i = 0; i < k; i++) occ[cur[i]!] = 0;
  }

  /**
   * A push-optimal search of at most `work` nodes from boxes `boxes` alone (the goals all kept),
   * the player on `at`: its answer, 'dead' when it proves no answer exists, or null. Runs on a
   * Space of its own (the same board, made once a run), so the run's floods and marks stay as
   * they are.
   */
  function proveBoxes(boxes: ArrayLike<number>, at: number, work: number): Push[] | 'dead' | null {
    const p = proofs!;
    if (p.space === null) {
      const cells = new Uint8Array(size);
      for (let c = 0; c < size; c++) cells[c] = (wall[c] ? WALL : 0) | (sp.goal[c] ? GOAL : 0);
      p.space = new Space({ width: sp.width, height: size / sp.width, cells, player });
    }
    const proofMeter = new BudgetMeter(meter.share(work));
    const r = exactSearch(p.space, at, {
      meter: proofMeter,
      memoryBytes: PROOF_MEMORY,
      freeze: true,
      boxes,
    });
    meter.charge(proofMeter.work);
    p.work += proofMeter.work;
    if (r.pushes) return r.pushes;
    return r.stop === 'unsolvable' ? 'dead' : null;
  }

  /**
   * For a node about to be expanded (its boxes in `cur`, flags in `occ`) that packs at least as
   * many boxes as any node not proven dead (and at least one), while the proofs have used at most
   * {@link PROOF_SHARE} of the run's work and the packing's proofs have not backed off past it
   * ({@link MAX_PROOF_BACKOFF}): a push-optimal search of {@link PROOF_WORK} nodes from it.
   * Returns its answer, 'dead' when it proves the node dead, or null. A dead node teaches a
   * deadlock pattern ({@link LearnedDeadlocks}: its boxes are dropped, farthest from the box moved
   * last first, while {@link SHRINK_WORK}-node searches still prove the rest dead).
   */
  function proveDeadOrSolve(node: number): Push[] | 'dead' | null {
    const p = proofs!;
    if (p.work > PROOF_SHARE * (meter.work - start) + PROOF_WORK) return null;
    const packed = frontier.packedOf(node);
    if (packed < p.bestAlive || packed < 1) return null;
    // back off where proofs do not finish: after u unfinished proofs at this packing, only every
    // 2^u-th position of it gets one
    const seen = (p.candidates[packed] = (p.candidates[packed] ?? 0) + 1);
    const unfinished = p.unfinished[packed] ?? 0;
    if (seen % 2 ** Math.min(unfinished, MAX_PROOF_BACKOFF) !== 0) return null;
    const verdict = proveBoxes(cur.subarray(0, k), playerNow, PROOF_WORK);
    if (verdict === null) {
      p.bestAlive = packed;
      p.unfinished[packed] = unfinished + 1;
      return null;
    }
    if (verdict !== 'dead') return verdict;
    const seed = lastBoxOf(store.pushOf[node]!);
    p.learned.learn(cur, k, playerNow, seed, (boxes, at) => {
      const v = proveBoxes(boxes, at, SHRINK_WORK);
      return v === null ? null : v === 'dead' ? 'dead' : 'alive';
    });
    return 'dead';
  }

  /**
   * Whether box `b` can be pushed in direction `d` from the expanded node: onto free live floor,
   * from the player's region, and (when `corral` ≥ 0) among the PI-corral's pushes.
   */
  function canPush(b: number, d: number, corral: number): boolean {
    const t = b + off[d]!;
    if (wall[t] || occ[t] || dead[t] || !sp.isMarked(b - off[d]!)) return false;
    return corral < 0 || corrals.pushes.subarray(0, corral).includes(b * 4 + d);
  }

  /**
   * Generates the node's children (only the PI-corral's pushes when `corral` ≥ 0), the last pushed
   * box last. Returns a solved node, OUT_OF_MEMORY, or PRUNED when the search goes on.
   */
  function expandAll(node: number, corral: number): number {
    const penalty = packing.penalty(occ);
    const lastPush = store.pushOf[node]!;
    const lastBox = lastBoxOf(lastPush);
    for (let pass = 0; pass < 2; pass++) {
      for (let row = 1; row <= k; row++) {
        const b = parentA.rows[row]!;
        if ((b === lastBox) !== (pass === 1)) continue;
        for (let d = 0; d < 4; d++) {
          if (!canPush(b, d, corral)) continue;
          const t = b + off[d]!;
          const inRoom = macro.area[b]! >= 0 && macro.area[b] === macro.area[t];
          const childPenalty =
            penalty + packing.moveDelta(occ, b, t) + (useMacros && inRoom ? ROOM_PUSH_PENALTY : 0);
          occ[b] = 0;
          occ[t] = 1;
          const child = expand(b, d, t, row, node, childPenalty);
          occ[t] = 0;
          occ[b] = 1;
          if (child !== PRUNED) return child;
        }
      }
    }
    return PRUNED;
  }

  /**
   * Box moves (with `boxMoves`): for each box, a breadth-first single-box push search (the other
   * boxes standing; the first push from the node's player region, only the PI-corral's pushes when
   * `corral` ≥ 0) stores every state it reaches, and each new one with a box–goal matching is a
   * child. A state already stored is passed through (the search goes on from it) but not opened
   * again. Every new state costs one unit of work. Returns PRUNED when the search goes on, a
   * solved node, OUT_OF_MEMORY, or STOPPED (the meter's bound in `stopped`).
   */
  function expandBoxMoves(node: number, corral: number): number {
    const hiNode = store.boxHi[node]!;
    const loNode = store.boxLo[node]!;
    for (let row = 1; row <= k; row++) {
      const b = parentA.rows[row]!;
      let mask = 0;
      for (let d = 0; d < 4; d++) if (canPush(b, d, corral)) mask |= 1 << d;
      if (mask === 0) continue;
      seen.clear();
      seen.add(node);
      let head = 0;
      let tail = 0;
      queue[tail++] = b;
      queue[tail++] = node;
      queue[tail++] = mask;
      occ[b] = 0;
      places!.analyse(occ);
      store.copyBits(node, bits);
      store.toggle(bits, b);
      while (head < tail) {
        const x = queue[head++]!;
        const from = queue[head++]!;
        const dirs = queue[head++]!;
        for (let d = 0; d < 4; d++) {
          if ((dirs & (1 << d)) === 0) continue;
          const y = x + off[d]!;
          occ[y] = 1;
          reachedPushes = 0;
          const found = boxMoveChild(node, row, b, x, y, d, from, hiNode, loNode);
          occ[y] = 0;
          if (found !== PRUNED) {
            occ[b] = 1;
            return found;
          }
          if (reachedPushes !== 0) {
            queue[tail++] = y;
            queue[tail++] = reached;
            queue[tail++] = reachedPushes;
          }
        }
      }
      occ[b] = 1;
    }
    return PRUNED;
  }

  /**
   * One state of a box move: the box (from `b` in node `node`) pushed from `x` to `y` in direction
   * `d`, made from stored state `from`; `occ` holds the box at `y`, `bits` the node's boxes without
   * it. Queues the state's pushes of that box; opens it when new.
   */
  function boxMoveChild(
    node: number,
    row: number,
    b: number,
    x: number,
    y: number,
    d: number,
    from: number,
    hiNode: number,
    loNode: number,
  ): number {
    if (sp.blocked2x2(occ, y) || sp.frozenDeadlock(occ, y)) return PRUNED;
    store.toggle(bits, y);
    const hiB = hiNode ^ zBoxHi[b]! ^ zBoxHi[y]!;
    const loB = loNode ^ zBoxLo[b]! ^ zBoxLo[y]!;
    // the region and areas a flood and an area count would give, from the box's one analysis
    const pl = places!;
    const areaCount = pl.place(y);
    const norm = pl.regionMin(x);
    const key = mix(hiB ^ zPlayerHi[norm]!, loB ^ zPlayerLo[norm]!);
    let n = store.find(bits, norm, key);
    if (n >= 0 && seen.has(n)) {
      store.toggle(bits, y);
      return PRUNED;
    }
    let next = 0;
    for (let e = 0; e < 4; e++) {
      const z = y + off[e]!;
      const u = y - off[e]!;
      if (wall[z] || occ[z] || dead[z] || wall[u] || occ[u]) continue;
      if (pl.together(u, x)) next |= 1 << e;
    }
    if (n < 0) {
      const bound = meter.spend();
      if (bound !== null) {
        stopped = bound;
        store.toggle(bits, y);
        return STOPPED;
      }
      childA.copyFrom(parentA);
      const h = childA.move(row - 1, y);
      n = store.add(bits, norm, key, from, x * 4 + d, hiB, loB);
      if (n < 0) return OUT_OF_MEMORY;
      if (h === 0) return n;
      if (h < big && !proofs?.learned.matchesAt(occ, norm, y)) {
        cache.save(n, childA);
        const areaWeight = areas ? AREA_WEIGHT * areaCount : 0;
        const priority = h + PACKING_WEIGHT * packing.penalty(occ) + areaWeight;
        frontier.add(n, priority, features!.of(occ, areaCount), false);
      }
    }
    store.toggle(bits, y);
    seen.add(n);
    reached = n;
    reachedPushes = next;
    return PRUNED;
  }

  /** The cell the box of push `push` (cell × 4 + direction) went to; -1 for no push. */
  function lastBoxOf(push: number): number {
    return push >= 0 ? (push >> 2) + off[push & 3]! : -1;
  }

  /**
   * Makes and opens the child of pushing box `b` in direction `d` to `t` (`occ` already updated);
   * a box entering a goal room goes on by macro. Returns PRUNED (also when the child is merely
   * stored), a solved node, or OUT_OF_MEMORY.
   */
  function expand(
    b: number,
    d: number,
    t: number,
    row: number,
    node: number,
    penalty: number,
  ): number {
    if (sp.blocked2x2(occ, t) || sp.frozenDeadlock(occ, t)) return PRUNED;
    store.copyBits(node, bits);
    let hiB = store.boxHi[node]!;
    let loB = store.boxLo[node]!;
    childA.copyFrom(parentA);
    let parentNode = node;
    let bound = 0;
    let from = b;
    let to = t;
    let push = b * 4 + d;
    let lastGood = true;
    let steps = useMacros && macro.area[t]! >= 0 && macro.area[b] !== macro.area[t] ? -1 : 0;
    for (let step = 0; ; step++) {
      // one push from → to; occ is already updated
      store.toggle(bits, from);
      store.toggle(bits, to);
      hiB ^= zBoxHi[from]! ^ zBoxHi[to]!;
      loB ^= zBoxLo[from]! ^ zBoxLo[to]!;
      const norm = sp.flood(occ, from);
      const key = mix(hiB ^ zPlayerHi[norm]!, loB ^ zPlayerLo[norm]!);
      if (step === 0 && store.find(bits, norm, key) >= 0) return PRUNED;
      const moved = childA.move(row - 1, to);
      if (moved >= big) {
        // no box–goal matching: a bipartite deadlock (on a macro route: stop before it)
        if (step > 0) lastGood = false; // childA now holds the failed step's matching
        break;
      }
      bound = moved;
      const n = store.add(bits, norm, key, parentNode, push, hiB, loB);
      if (n < 0) return OUT_OF_MEMORY;
      if (bound === 0) return n;
      parentNode = n;
      if (steps === -1) steps = macro.route(occ, t, b);
      if (step >= steps || step >= macro.pushes.length) break;
      // the next push of the macro route
      push = macro.pushes[step]!;
      from = push >> 2;
      to = from + off[push & 3]!;
      penalty += packing.moveDelta(occ, from, to);
      occ[from] = 0;
      occ[to] = 1;
    }
    const areaCount = areas ? areas.count(occ) : 0;
    const childFeatures = features?.of(occ, areas ? areaCount : -1);
    // put occ back to the one-push child the caller expects
    if (to !== t) {
      occ[to] = 0;
      occ[t] = 1;
    }
    if (parentNode === node) return PRUNED;
    if (lastGood) cache.save(parentNode, childA);
    const priority = bound + PACKING_WEIGHT * penalty + AREA_WEIGHT * areaCount;
    if (childFeatures)
      frontier.add(parentNode, priority, childFeatures, b === lastBoxOf(store.pushOf[node]!));
    else open.push(parentNode, priority);
    return PRUNED;
  }
}

const PRUNED = -1;
const OUT_OF_MEMORY = -3;
const STOPPED = -4;
