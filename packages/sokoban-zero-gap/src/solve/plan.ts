import { MinHeap } from '@puzzlekit/graph-search';
import { AreaCounter } from './areas.js';
import type { Space } from './space.js';

/** Most positions the backward packing search expands (setup work, before the forward search). */
const MAX_PLAN_NODES = 4_000;
/** Most cells its player floods may visit in all: past that it stops with the best found so far. */
const MAX_PLAN_WORK = 20_000_000;

/**
 * One step of a {@link PackingPlan}, forward: a box comes to `to` — from the cell `from`, from its
 * start (`from` = -1: the backward search took it off on a start cell), or it stands there from
 * the start (`from` = -2: the backward search ended with it on the board). `until`: the index of
 * the later step that moves it away again (a box **parked** on `to` for a while), -1 when it stays.
 */
export interface PlanStep {
  readonly from: number;
  readonly to: number;
  until: number;
}

/**
 * Festival's packing plan (Shoham and Schaeffer, FESS, CoG 2020; `packing_search.cpp`,
 * `park_order.cpp`), in this solver's own terms. A backward search from the solved position (a
 * box on every goal, the player in each area the goals close off) pulls boxes: one move takes one
 * box, the others standing, to any cell the pulls reach, and a box pulled onto a free start cell
 * leaves the board there (each start cell takes one box: Festival's bases); a box standing on a
 * free start cell may also leave without moving (a box that starts on a goal and keeps it: without
 * this, Microban 144's four such boxes made the plan park a box for nothing). It aims to empty the
 * board, best first: fewest boxes left, then fewest free-floor areas, fewest boxes on goals, and
 * the least lone-box push distance from the free start cells to the boxes (Festival runs a whole
 * FESS backwards; this greedy search empties every board of the tuning sample in at most 276
 * expansions). Read forward, its moves from the best position it reaches back to the solved one are
 * the plan: in which order the goals are filled, and which boxes are parked first — put on a cell
 * (a goal or not) and later moved on.
 *
 * {@link packed} counts how far a position has come along the plan (Festival's
 * `score_parked_boxes`): the largest `p` such that every step before `p` whose box still stands at
 * time `p` has a box on its cell.
 */
export class PackingPlan {
  /** The steps in forward order: the start-standing ones (`from` = -2) first. */
  readonly steps: PlanStep[];
  /** How many steps are start-standing (`from` = -2). */
  readonly initial: number;
  /** Boxes the backward search could not take off the board (0: a full plan). */
  readonly boxesLeft: number;
  /** Positions the backward search expanded. */
  readonly expanded: number;
  /** Cells its player floods visited. */
  readonly work: number;

  constructor(sp: Space, options: { maxNodes?: number; maxWork?: number } = {}) {
    const search = backwardSearch(
      sp,
      options.maxNodes ?? MAX_PLAN_NODES,
      options.maxWork ?? MAX_PLAN_WORK,
    );
    this.expanded = search.expanded;
    this.work = search.work;
    this.boxesLeft = search.boxesLeft;
    this.steps = search.steps;
    this.initial = this.steps.filter((s) => s.from === -2).length;
    // each zone as its list of cells: a count then costs the zone, not the board
    this.oopZones = (this.complete ? oopZones(sp, this.steps) : []).map((zone) => {
      const cells: number[] = [];
      for (let c = 0; c < zone.length; c++) if (zone[c]) cells.push(c);
      return Int32Array.from(cells);
    });
  }

  /**
   * Festival's out-of-plan zones (`oop.cpp`), by step count `p` (`p` < steps − 1): the floor cells,
   * dead squares and the cells of the boxes placed for good in steps 0..p left out, from which a lone
   * box can be pushed to none of the cells later steps fill (those boxes as walls). A box there
   * must be cleared away before the plan goes on; each count gets the zone of the next count at
   * which the zone changes, so boxes are cleared as early as they can be.
   */
  private readonly oopZones: Int32Array[];

  /** The boxes in `occ` that stand in the out-of-plan zone of the plan's step `packed`. */
  outOfPlan(occ: Uint8Array, packed: number): number {
    const zone = this.oopZones[packed];
    if (!zone) return 0;
    let n = 0;
    for (let i = 0; i < zone.length; i++) if (occ[zone[i]!]) n++;
    return n;
  }

  /** True when the plan takes every box off (a plan the forward search can follow). */
  get complete(): boolean {
    return this.boxesLeft === 0 && this.steps.length > 0;
  }

  /** True when the plan parks a box: puts it somewhere and later moves it on. */
  get parks(): boolean {
    return this.steps.some((s) => s.until >= 0);
  }

  /** How far the position `occ` (box flags) has come along the plan (see the class comment). */
  packed(occ: Uint8Array): number {
    return scoreSteps(this.steps, this.initial, occ);
  }
}

/**
 * Festival's `score_parked_boxes` on `steps` (the first `initial` start-standing): when a
 * start-standing box that stays is missing, the number of those that stand; else the largest `p`
 * such that every later-than-initial step before `p` whose box stays until `p` or later (`until` =
 * -1 or ≥ `p`) has its box, less the start-standing boxes missing before they were due to move.
 */
export function scoreSteps(steps: readonly PlanStep[], initial: number, occ: Uint8Array): number {
  let missing = false;
  let standing = 0;
  for (let i = 0; i < initial; i++) {
    const s = steps[i]!;
    if (s.until !== -1) continue;
    if (occ[s.to]) standing++;
    else missing = true;
  }
  if (missing) return standing;
  let packed = steps.length;
  for (let i = steps.length - 1; i >= initial; i--) {
    const s = steps[i]!;
    if (occ[s.to]) continue;
    if (s.until === -1 || s.until >= packed) packed = i;
  }
  let good = 0;
  for (let i = 0; i < initial; i++) {
    const s = steps[i]!;
    if (occ[s.to] || s.until < packed) good++;
  }
  return packed - (initial - good);
}

/**
 * Sets each step's `until` (the next step taking its box away from `to`), merges a box's moves that
 * follow one another (a→b, b→c: a→c) and drops moves that end where they began, then puts the
 * start-standing boxes that stay first. Festival's `recompute_until`, `fix_consecutive_pushes` and
 * `move_mandatory_boxes_to_beginning`.
 */
export function tidySteps(input: readonly PlanStep[]): PlanStep[] {
  const steps = input.map((s) => ({ ...s }));
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i]!;
      if (s.from === -2) continue;
      if (s.from === s.to) {
        steps.splice(i, 1);
        changed = true;
        break;
      }
      const next = steps[i + 1];
      if (next && next.from === s.to) {
        steps[i] = { from: s.from, to: next.to, until: -1 };
        steps.splice(i + 1, 1);
        changed = true;
        break;
      }
    }
  }
  setUntil(steps);
  const first = steps.filter((s) => s.from === -2 && s.until === -1);
  const rest = steps.filter((s) => s.from !== -2 || s.until !== -1);
  const ordered = [...first, ...rest];
  setUntil(ordered);
  return ordered;
}

/** The out-of-plan zones of `steps` (see {@link PackingPlan.outOfPlan}). */
export function oopZones(sp: Space, steps: readonly PlanStep[]): Uint8Array[] {
  const { size, wall, dead, off } = sp;
  const n = steps.length;
  const zones: Uint8Array[] = [];
  const placed = new Uint8Array(size);
  const live = new Uint8Array(size);
  const queue = new Int32Array(size);
  for (let step = 0; step < n - 1; step++) {
    if (steps[step]!.until === -1) placed[steps[step]!.to] = 1;
    // cells from which a lone box reaches a cell a later step fills, the placed boxes as walls
    live.fill(0);
    let tail = 0;
    for (let i = step + 1; i < n; i++) {
      const t = steps[i]!.to;
      if (live[t] || placed[t]) continue;
      live[t] = 1;
      queue[tail++] = t;
    }
    for (let head = 0; head < tail; head++) {
      const t = queue[head]!;
      for (const o of off) {
        const c = t - o;
        const p = c - o;
        if (wall[c] || wall[p] || placed[c] || placed[p] || live[c]) continue;
        live[c] = 1;
        queue[tail++] = c;
      }
    }
    const zone = new Uint8Array(size);
    for (let c = 0; c < size; c++) if (!wall[c] && !placed[c] && !dead[c] && !live[c]) zone[c] = 1;
    zones.push(zone);
  }
  // each step takes the zone of the next step at which the zone changes
  const same = (a: Uint8Array, b: Uint8Array): boolean => a.every((v, i) => v === b[i]);
  const out = zones.slice();
  let current: Uint8Array = new Uint8Array(size);
  let lastChange = 0;
  for (let i = 0; i < zones.length; i++) {
    if (same(zones[i]!, current)) continue;
    current = zones[i]!;
    for (let j = lastChange; j <= i; j++) out[j] = current;
    lastChange = i;
  }
  return out;
}

function setUntil(steps: PlanStep[]): void {
  for (let i = 0; i < steps.length; i++) {
    steps[i]!.until = -1;
    for (let j = i + 1; j < steps.length; j++) {
      if (steps[j]!.from === steps[i]!.to) {
        steps[i]!.until = j;
        break;
      }
    }
  }
}

interface SearchResult {
  steps: PlanStep[];
  boxesLeft: number;
  expanded: number;
  work: number;
}

/** The backward search of {@link PackingPlan}. */
function backwardSearch(sp: Space, maxNodes: number, maxWork: number): SearchResult {
  const { size, wall, goal, off, goals } = sp;
  const starts = sp.startBoxes;
  const baseIndex = new Int32Array(size).fill(-1);
  starts.forEach((s, i) => (baseIndex[s] = i));
  // per start cell: lone-box push distances from it (the board otherwise empty)
  const startDist = Array.from(starts, (st) => pushDistances(sp, st));
  // cells a lone box can be pushed to from some start cell: a pulled box must stand on one
  const fromStart = new Uint8Array(size);
  for (const dist of startDist)
    for (let c = 0; c < size; c++) if (dist[c] !== 255) fromStart[c] = 1;
  const areas = new AreaCounter(sp);

  // the nodes: boxes (sorted cells), player cell (normalised), bases left, parent and move
  const boxesOf: Int32Array[] = [];
  const playerOf: number[] = [];
  const basesOf: Uint8Array[] = [];
  const parentOf: number[] = [];
  const moveFrom: number[] = [];
  const moveTo: number[] = [];
  const known = new Set<string>();
  const open = new MinHeap(64);
  const occ = new Uint8Array(size);
  let work = 0;
  let best = -1;
  let bestRank = Infinity;

  // fewest boxes left, then fewest free areas, fewest boxes on goals, least pulling to a start
  const rank = (boxes: Int32Array, bases: Uint8Array): number => {
    let onGoals = 0;
    let dist = 0;
    for (const b of boxes) {
      occ[b] = 1;
      if (goal[b]) onGoals++;
      let near = 255;
      for (let j = 0; j < starts.length; j++)
        if (bases[j]) near = Math.min(near, startDist[j]![b]!);
      dist += near;
    }
    const free = areas.count(occ);
    for (const b of boxes) occ[b] = 0;
    return (
      ((boxes.length * 256 + Math.min(free, 255)) * 256 + onGoals) * 65536 + Math.min(dist, 65535)
    );
  };

  const add = (
    boxes: Int32Array,
    player: number,
    bases: Uint8Array,
    parent: number,
    from: number,
    to: number,
  ): void => {
    for (const b of boxes) occ[b] = 1;
    const norm = sp.flood(occ, player);
    work += sp.regionSize;
    for (const b of boxes) occ[b] = 0;
    const key = `${boxes.join(',')}|${norm}|${bases.join('')}`;
    if (known.has(key)) return;
    known.add(key);
    const n = boxesOf.length;
    boxesOf.push(boxes);
    playerOf.push(norm);
    basesOf.push(bases);
    parentOf.push(parent);
    moveFrom.push(from);
    moveTo.push(to);
    const r = rank(boxes, bases);
    open.push(n, r);
    if (r < bestRank) {
      bestRank = r;
      best = n;
    }
  };

  // roots: the solved position with the player in each area the goals close off
  const solved = Int32Array.from(goals).sort();
  const allBases = new Uint8Array(starts.length).fill(1);
  const zone = new Uint8Array(size);
  for (const g of goals) occ[g] = 1;
  for (let c = 0; c < size; c++) {
    if (wall[c] || occ[c] || zone[c]) continue;
    sp.flood(occ, c);
    for (let i = 0; i < sp.regionSize; i++) zone[sp.regionCells[i]!] = 1;
    let pulls = false;
    for (let i = 0; i < sp.regionSize && !pulls; i++) {
      const p = sp.regionCells[i]!;
      for (let d = 0; d < 4; d++) {
        // a box at p + o pulled towards p: the player steps on from p to p - o
        const o = off[d]!;
        if (occ[p + o] && !wall[p - o] && !occ[p - o]) pulls = true;
      }
    }
    if (!pulls) continue;
    for (const g of goals) occ[g] = 0;
    add(solved, c, allBases, -1, -1, -1);
    for (const g of goals) occ[g] = 1;
  }
  for (const g of goals) occ[g] = 0;

  const seen = new Int32Array(size * 4);
  const queueBox = new Int32Array(size * 4);
  const queuePlayer = new Int32Array(size * 4);
  let epoch = 0;
  let expanded = 0;
  while (open.size > 0 && expanded < maxNodes && work < maxWork && bestRank >= 65536 * 65536) {
    const node = open.pop();
    expanded++;
    const boxes = boxesOf[node]!;
    const bases = basesOf[node]!;
    const player = playerOf[node]!;
    for (const b of boxes) occ[b] = 1;
    // the work is checked box by box too: one expansion of a level of 100 boxes floods millions
    // of cells (it overshot the cap by up to 17 million, a second, when checked between expansions)
    for (let i = 0; i < boxes.length && work < maxWork; i++) {
      const b = boxes[i]!;
      // a box standing on a free start cell may leave the board there without moving
      if (baseIndex[b]! >= 0 && bases[baseIndex[b]!]) {
        const nextBases = bases.slice();
        nextBases[baseIndex[b]!] = 0;
        for (const c of boxes) occ[c] = 0;
        add(without(boxes, i), player, nextBases, node, b, -1);
        for (const c of boxes) occ[c] = 1;
      }
      // the pulls of box b, the others standing
      sp.flood(occ, player);
      work += sp.regionSize;
      const e = ++epoch;
      let head = 0;
      let tail = 0;
      for (let d = 0; d < 4; d++) {
        const p = b + off[d]!;
        if (wall[p] || occ[p] || !sp.inRegion(p)) continue;
        seen[b * 4 + d] = e;
        queueBox[tail] = b;
        queuePlayer[tail++] = p;
      }
      occ[b] = 0;
      const reached: number[] = [];
      while (head < tail) {
        const x = queueBox[head]!;
        const p = queuePlayer[head++]!;
        occ[x] = 1;
        sp.flood(occ, p);
        work += sp.regionSize;
        for (let d = 0; d < 4; d++) {
          const o = off[d]!;
          const to = x + o;
          const step = to + o;
          if (!sp.inRegion(to) || wall[step] || occ[step]) continue;
          if (seen[to * 4 + d] === e) continue;
          seen[to * 4 + d] = e;
          queueBox[tail] = to;
          queuePlayer[tail++] = step;
          if (fromStart[to]) reached.push(to, step);
        }
        occ[x] = 0;
      }
      for (const c of boxes) occ[c] = 0;
      for (let j = 0; j < reached.length; j += 2) {
        const to = reached[j]!;
        const base = baseIndex[to]!;
        if (base >= 0 && bases[base]) {
          // pulled onto a start cell: the box leaves the board there
          const nextBases = bases.slice();
          nextBases[base] = 0;
          add(without(boxes, i), reached[j + 1]!, nextBases, node, b, -1);
        } else add(replaced(boxes, i, to), reached[j + 1]!, bases, node, b, to);
      }
      for (const c of boxes) occ[c] = 1;
    }
    for (const b of boxes) occ[b] = 0;
  }

  // the plan: the moves from the best position back to the solved one, forward
  const steps: PlanStep[] = [];
  if (best >= 0) {
    const left = boxesOf[best]!;
    for (let i = left.length - 1; i >= 0; i--) steps.push({ from: -2, to: left[i]!, until: -1 });
    for (let n = best; parentOf[n]! >= 0; n = parentOf[n]!) {
      // backward: a box pulled from moveFrom to moveTo (-1: it left the board)
      steps.push({ from: moveTo[n]!, to: moveFrom[n]!, until: -1 });
    }
  }
  return {
    steps: tidySteps(steps),
    boxesLeft: best >= 0 ? boxesOf[best]!.length : goals.length,
    expanded,
    work,
  };
}

/** `boxes` (sorted) without its `i`-th entry. */
function without(boxes: Int32Array, i: number): Int32Array {
  const out = new Int32Array(boxes.length - 1);
  out.set(boxes.subarray(0, i));
  out.set(boxes.subarray(i + 1), i);
  return out;
}

/** `boxes` (sorted) with its `i`-th entry moved to `to`, sorted again. */
function replaced(boxes: Int32Array, i: number, to: number): Int32Array {
  const out = boxes.slice();
  out[i] = to;
  return out.sort();
}

/** Lone-box push distances from cell `s` (the board otherwise empty; 255: not reachable). */
function pushDistances(sp: Space, s: number): Uint8Array {
  const { size, off, wall } = sp;
  const dist = new Uint8Array(size).fill(255);
  dist[s] = 0;
  const queue = [s];
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i]!;
    for (const o of off) {
      const t = c + o;
      if (wall[t] || wall[c - o] || dist[t]! !== 255) continue;
      dist[t] = Math.min(dist[c]! + 1, 254);
      queue.push(t);
    }
  }
  return dist;
}
