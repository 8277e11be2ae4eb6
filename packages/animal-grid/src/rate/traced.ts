/**
 * The paper's human-like procedure (sections 1.1.3 and 1.2), as a traced breadth-first solver that
 * counts X1 (thinking steps of relative conditions), X2 (positions for the first subject), X3 (nodes),
 * X4 (dead ends) and N (solutions).
 */
import { BudgetMeter, SOLVED, type Budget, type Outcome } from '@puzzlekit/job';
import { ANIMALS, type Animal, type Puzzle } from '../model.js';
import { compile, REL_ADJ, REL_HIGHER, type Compiled } from '../compile.js';
import { relationHolds } from '../compile.js';
import {
  HSET,
  MASKS_BY_POP,
  MAX_H,
  MIN_H,
  NB,
  POP,
  cellsAbove,
  cellsBelow,
  choose,
  HEIGHT_MASK,
} from '../masks.js';

/** The paper's parameters of one solving run. */
export interface PaperMetrics {
  /** X1: relative conditions processed (one per relative condition applied to a partial map). */
  readonly x1: number;
  /** X2: placements of the first subject (C(cells, copies) of its region). */
  readonly x2: number;
  /** X3: nodes, the partial maps the procedure keeps (one per successful placement of a subject). */
  readonly x3: number;
  /** X4: dead ends, placements tried that break a condition or find too few cells. */
  readonly x4: number;
  /** N: number of solutions. */
  readonly n: number;
}

/** One layer of the trace: a subject placed into every kept partial map. */
export interface TraceStep {
  /** The subject (animal kind) placed in this layer. */
  readonly animal: Animal;
  /** Why it came now: smallest absolute region, related to the previous subjects, or the rest. */
  readonly reason: 'smallest-region' | 'related' | 'remaining';
  /** Partial maps going in. */
  readonly mapsIn: number;
  /** Partial maps coming out (nodes added). */
  readonly mapsOut: number;
  /** Dead ends met in this layer. */
  readonly deadEnds: number;
  /** Relative conditions processed in this layer. */
  readonly relativeSteps: number;
}

/** Result of {@link paperTrace}. */
export interface PaperTrace {
  /** X1..X4 and N of the run. */
  readonly metrics: PaperMetrics;
  /** One entry per subject, in the order the procedure placed them. */
  readonly steps: readonly TraceStep[];
  /**
   * `solved` (the run finished), or `gave-up`: on `memory` when one layer would hold more than
   * `maxStates` partial maps, on `work` (unit `maps`) or `time`. The metrics are then partial.
   */
  readonly outcome: Outcome;
  /** Partial maps kept over the run (the work unit: X3 when the run finished). */
  readonly work: number;
}

/** Default memory budget of {@link paperTrace}: partial maps held in one layer. */
export const TRACE_MAX_STATES = 200_000;

/**
 * The order in which the procedure takes the subjects. Step 1–2: among animals with absolute
 * conditions, the one with the smallest region (fewest placements C(cells, copies); ties by the
 * package's animal order). Step 3: then its related subjects (breadth-first over relative conditions,
 * each group smallest region first). Repeat with the next smallest region; animals with no absolute
 * condition come last, again smallest region first and followed by their related subjects.
 */
export function paperOrder(c: Compiled): { order: number[]; reasons: TraceStep['reason'][] } {
  const ways = (t: number): number => choose(POP[c.domain[t]!]!, c.count[t]!);
  const neighbours = (t: number): number[] => {
    const out: number[] = [];
    for (const r of c.relations) {
      if (r.a === t && !out.includes(r.b)) out.push(r.b);
      if (r.b === t && !out.includes(r.a)) out.push(r.a);
    }
    return out.sort((p, q) => ways(p) - ways(q) || p - q);
  };
  const order: number[] = [];
  const reasons: TraceStep['reason'][] = [];
  const taken = new Set<number>();
  const byRegion = (list: number[]): number[] =>
    [...list].sort((p, q) => ways(p) - ways(q) || p - q);
  const withAbsolute = byRegion(c.types.filter((t) => c.absoluteCount[t]! > 0));
  const without = byRegion(c.types.filter((t) => c.absoluteCount[t] === 0));
  for (const [group, reason] of [
    [withAbsolute, 'smallest-region'],
    [without, 'remaining'],
  ] as const) {
    for (const start of group) {
      if (taken.has(start)) continue;
      taken.add(start);
      order.push(start);
      reasons.push(reason);
      const queue = [start];
      while (queue.length > 0) {
        const t = queue.shift()!;
        for (const u of neighbours(t)) {
          if (taken.has(u)) continue;
          taken.add(u);
          order.push(u);
          reasons.push('related');
          queue.push(u);
        }
      }
    }
  }
  return { order, reasons };
}

/**
 * Runs the paper's procedure on a puzzle, within `budget` (work unit: a partial map kept; memory: the
 * maps of one layer, default {@link TRACE_MAX_STATES}). Every partial map of a layer is extended by every placement
 * of the next subject (breadth first, as the paper's `work`/`get_process_maps`): the subject's cells
 * are its absolute region minus occupied cells, narrowed by each relative condition whose partner is
 * already on the map (X1 counts each such use); too few cells is a dead end, and so is a completed
 * placement that breaks a condition with a placed partner (X4); each kept map is a node (X3).
 *
 * Deliberate differences from the paper's code: an animal may have several relative conditions (the
 * code keeps one neighbour and one height relation per animal), and nodes are counted once (the code's
 * `count_point += len(t)` adds the running list again for every map).
 */
export function paperTrace(puzzle: Puzzle, budget: Budget = {}): PaperTrace {
  const c = compile(puzzle);
  const meter = new BudgetMeter({ maxStates: TRACE_MAX_STATES, ...budget }, { unit: 'maps' });
  let stoppedBy = null as 'work' | 'time' | 'memory' | null;
  const { order, reasons } = paperOrder(c);
  let x1 = 0;
  let x3 = 0;
  let x4 = 0;
  const first = order[0];
  const x2 = first === undefined ? 0 : choose(POP[c.domain[first]!]!, c.count[first]!);
  // A partial map: one mask per animal index, packed 9 × Int16 in a flat array.
  let layer = new Int16Array(9);
  let size = 1;
  const steps: TraceStep[] = [];
  let complete = true;
  for (let k = 0; k < order.length; k++) {
    const t = order[k]!;
    const need = c.count[t]!;
    const rels = c.relations.filter((r) => r.a === t || r.b === t);
    const next: number[] = [];
    let dead = 0;
    let relSteps = 0;
    for (let s = 0; s < size && complete; s++) {
      const base = s * 9;
      let used = 0;
      for (let u = 0; u < 9; u++) used |= layer[base + u]!;
      let cells = c.domain[t]! & ~used;
      for (const r of rels) {
        const other = r.a === t ? r.b : r.a;
        const om = layer[base + other]!;
        if (om === 0) continue;
        relSteps++;
        cells &= narrow(r.kind, r.a === t, om);
      }
      if (POP[cells]! < need) {
        dead++;
        continue;
      }
      for (const m of MASKS_BY_POP[need]!) {
        if ((m & ~cells) !== 0) continue;
        let ok = true;
        for (const r of rels) {
          const other = r.a === t ? r.b : r.a;
          const om = layer[base + other]!;
          if (om === 0) continue;
          if (!(r.a === t ? relationHolds(r.kind, m, om) : relationHolds(r.kind, om, m))) {
            ok = false;
            break;
          }
        }
        if (!ok) {
          dead++;
          continue;
        }
        const bound = meter.spend();
        if (bound !== null) {
          stoppedBy = bound;
          complete = false;
          break;
        }
        for (let u = 0; u < 9; u++) next.push(u === t ? m : layer[base + u]!);
        if (meter.storesTooMany(next.length / 9)) {
          stoppedBy = 'memory';
          complete = false;
          break;
        }
      }
    }
    const out = next.length / 9;
    x1 += relSteps;
    x3 += out;
    x4 += dead;
    steps.push({
      animal: ANIMALS[t]!,
      reason: reasons[k]!,
      mapsIn: size,
      mapsOut: out,
      deadEnds: dead,
      relativeSteps: relSteps,
    });
    layer = Int16Array.from(next);
    size = out;
    if (!complete) break;
  }
  return {
    metrics: { x1, x2, x3, x4, n: complete ? size : 0 },
    steps,
    outcome: stoppedBy === null ? SOLVED : meter.gaveUp(stoppedBy),
    work: meter.work,
  };
}

/** Cells a subject may take given one relation with a placed partner (mask `om`). */
function narrow(kind: number, subjectIsA: boolean, om: number): number {
  if (kind === REL_ADJ) return NB[om]!;
  if (kind === REL_HIGHER) return subjectIsA ? cellsAbove(MAX_H[om]!) : cellsBelow(MIN_H[om]!);
  const hs = HSET[om]!;
  let m = 0;
  for (let h = 1; h <= 3; h++) if ((hs >> h) & 1) m |= HEIGHT_MASK[h]!;
  return POP[hs] === 1 ? m : 0;
}
