/**
 * A deduction-based rating in the style of Sudoku raters (Sudoku Explainer, HoDoKu, Tatham): solve
 * with an ordered list of human deductions, always using the easiest one that makes progress, and
 * rate by the hardest step and by the summed cost of the steps.
 */
import { ANIMALS, type Animal, type Placement, type Puzzle, type Solution } from '../model.js';
import { article, cellNameAt, cellsText, describeConstraint, listWords } from '../text/words.js';
import { masksToSolution } from '../solve/solver.js';
import {
  absoluteMask,
  compile,
  relationHolds,
  REL_ADJ,
  REL_HIGHER,
  type Compiled,
  type Relation,
} from '../compile.js';
import { FULL, HEIGHT, HEIGHT_MASK, MASKS_BY_POP, NEIGHBORS, POP } from '../masks.js';

/** The deductions, easiest first, with their cost. */
export const TECHNIQUES = {
  /** Read one absolute condition and cross out the cells it forbids. */
  'absolute-condition': 1,
  /** A cell where only one animal can still stand. */
  'single-cell': 1,
  /** An animal with exactly as many cells left as it has copies. */
  'last-cells': 1,
  /** A relative condition crosses out cells with no possible partner (arc consistency). */
  'relative-condition': 2,
  /** Two or three animals whose cells, together, are exactly as many as their copies: reserve them. */
  'reserved-cells': 3,
  /** Try every joint placement of the two animals of one relative condition; keep only cells used. */
  'pair-analysis': 4,
  /** Assume a placement, follow the deductions above to a contradiction, cross it out. */
  'trial-contradiction': 6,
  /** No deduction helps: guess and backtrack. */
  guess: 10,
} as const;

/** A deduction's name. */
export type Technique = keyof typeof TECHNIQUES;

/** One step of the deduction solve. */
export interface DeductionStep {
  /** Which deduction. */
  readonly technique: Technique;
  /** Its cost (see {@link TECHNIQUES}). */
  readonly cost: number;
  /** What the step did and why, in words: animals by name, cells by their row and column fruits. */
  readonly detail: string;
  /** The animals the step is about. */
  readonly animals: readonly Animal[];
  /** Index (0-based) of the condition the step reads, if it reads one. */
  readonly condition: number | null;
  /** Animals the step puts on the board. */
  readonly placed: readonly Placement[];
  /** Cells the step crosses out, per animal (the animal can no longer stand there). */
  readonly excluded: readonly Placement[];
}

/** What a finder found: everything of a step but its technique and cost. */
type Finding = Omit<DeductionStep, 'technique' | 'cost'>;

/** Placements of `animal` on every cell of `mask`. */
function placementsOf(animal: Animal, mask: number): Placement[] {
  const out: Placement[] = [];
  for (let i = 0; i < 9; i++)
    if ((mask >> i) & 1) out.push({ animal, x: i % 3, y: Math.floor(i / 3) });
  return out;
}

/** "no monkey on X; no lion on Y" for the cells a step took from each animal. */
function exclusionText(parts: readonly [Animal, number][]): string {
  return parts
    .filter(([, m]) => m !== 0)
    .map(([a, m]) => `no ${a} on ${cellsText(m)}`)
    .join('; ');
}

/** Result of {@link rateByDeduction}. */
export interface DeductionRating {
  /** True when deductions alone placed every animal (no guess). */
  readonly solvedByLogic: boolean;
  /** False when the deductions found a contradiction: the puzzle has no solution. */
  readonly consistent: boolean;
  /** Cost of the hardest step (the Sudoku Explainer style rating). */
  readonly hardest: number;
  /** Sum of step costs (the HoDoKu style score). */
  readonly total: number;
  /** The steps in order. */
  readonly steps: readonly DeductionStep[];
  /** The arrangement the deductions reached, when `solvedByLogic`. */
  readonly solution: Solution | null;
}

interface State {
  cand: Int16Array;
  placed: Int16Array;
}

const clone = (s: State): State => ({ cand: s.cand.slice(), placed: s.placed.slice() });

/** Free bookkeeping: a fully placed animal keeps only its cells; a placed cell is nobody else's. */
function settle(c: Compiled, s: State): boolean {
  let changed = true;
  while (changed) {
    changed = false;
    let taken = 0;
    for (const t of c.types) taken |= s.placed[t]!;
    for (const t of c.types) {
      let next = s.cand[t]! & (~taken | s.placed[t]!);
      if (POP[s.placed[t]!] === c.count[t]) next &= s.placed[t]!;
      if (next !== s.cand[t]) {
        s.cand[t] = next;
        changed = true;
      }
    }
  }
  return ok(c, s);
}

function ok(c: Compiled, s: State): boolean {
  let cover = 0;
  for (const t of c.types) {
    if (
      POP[s.cand[t]!]! < c.count[t]! ||
      POP[s.placed[t]!]! > c.count[t]! ||
      (s.placed[t]! & ~s.cand[t]!) !== 0
    )
      return false;
    cover |= s.cand[t]!;
  }
  if (cover !== FULL) return false;
  // Once both animals of a relative condition are fully placed, the condition must hold.
  for (const r of c.relations) {
    if (POP[s.placed[r.a]!] === c.count[r.a] && POP[s.placed[r.b]!] === c.count[r.b]) {
      if (!relationHolds(r.kind, s.placed[r.a]!, s.placed[r.b]!)) return false;
    }
  }
  return true;
}

function solved(c: Compiled, s: State): boolean {
  return c.types.every((t) => POP[s.placed[t]!] === c.count[t]);
}

/** k-th smallest (k ≥ 1) height among the cells of m, or 4 if m has fewer than k cells. */
function kthLowest(m: number, k: number): number {
  let seen = 0;
  for (let h = 1; h <= 3; h++) {
    seen += POP[m & HEIGHT_MASK[h]!]!;
    if (seen >= k) return h;
  }
  return 4;
}
function kthHighest(m: number, k: number): number {
  let seen = 0;
  for (let h = 3; h >= 1; h--) {
    seen += POP[m & HEIGHT_MASK[h]!]!;
    if (seen >= k) return h;
  }
  return 0;
}

/** Arc consistency of one relation: cells of each side that have support on the other side. */
function relationSupport(c: Compiled, s: State, r: Relation): [number, number] {
  const ca = s.cand[r.a]!;
  const cb = s.cand[r.b]!;
  const na = c.count[r.a]!;
  const nb = c.count[r.b]!;
  if (r.kind === REL_ADJ) {
    let ka = 0;
    let kb = 0;
    for (let i = 0; i < 9; i++) {
      if ((ca >> i) & 1 && (NEIGHBORS[i]! & cb) !== 0) ka |= 1 << i;
      if ((cb >> i) & 1 && (NEIGHBORS[i]! & ca) !== 0) kb |= 1 << i;
    }
    return [ka, kb];
  }
  if (r.kind === REL_HIGHER) {
    // a above all of b: a's cells need height > the lowest possible top of b, and vice versa.
    const bTop = Math.max(kthLowest(cb, nb), maxPlacedHeight(s.placed[r.b]!));
    const aBottom = Math.min(kthHighest(ca, na), minPlacedHeight(s.placed[r.a]!));
    let ka = 0;
    let kb = 0;
    for (let i = 0; i < 9; i++) {
      if ((ca >> i) & 1 && HEIGHT[i]! > bTop) ka |= 1 << i;
      if ((cb >> i) & 1 && HEIGHT[i]! < aBottom) kb |= 1 << i;
    }
    return [ka, kb];
  }
  let ka = 0;
  let kb = 0;
  const fixed = heightsOf(s.placed[r.a]! | s.placed[r.b]!);
  for (let h = 1; h <= 3; h++) {
    if (fixed !== 0 && fixed !== 1 << h) continue;
    const ha = ca & HEIGHT_MASK[h]!;
    const hb = cb & HEIGHT_MASK[h]!;
    if (POP[ha]! >= na && POP[hb]! >= nb) {
      ka |= ha;
      kb |= hb;
    }
  }
  return [ka, kb];
}

function heightsOf(m: number): number {
  let hs = 0;
  for (let i = 0; i < 9; i++) if ((m >> i) & 1) hs |= 1 << HEIGHT[i]!;
  return hs;
}
function maxPlacedHeight(m: number): number {
  let h = 0;
  for (let i = 0; i < 9; i++) if ((m >> i) & 1) h = Math.max(h, HEIGHT[i]!);
  return h;
}
function minPlacedHeight(m: number): number {
  let h = 4;
  for (let i = 0; i < 9; i++) if ((m >> i) & 1) h = Math.min(h, HEIGHT[i]!);
  return h;
}

type Finder = (c: Compiled, s: State, p: Puzzle) => Finding | null;

/** "condition 3 (Every monkey is next to a lion, …)": conditions are numbered from 1 for people. */
function conditionText(p: Puzzle, index: number): string {
  return `condition ${index + 1} (${describeConstraint(p.constraints[index]!, p).replace(/\.$/, '')})`;
}

const name = (t: number): Animal => ANIMALS[t]!;

/** Each finder applies one instance of its deduction to `s` and describes it, or returns null. */
const FINDERS: readonly [Technique, Finder][] = [
  [
    'single-cell',
    (c, s) => {
      for (let i = 0; i < 9; i++) {
        let only = -1;
        let n = 0;
        for (const t of c.types) {
          if ((s.cand[t]! >> i) & 1) {
            n++;
            only = t;
          }
        }
        if (n === 1 && ((s.placed[only]! >> i) & 1) === 0) {
          s.placed[only] = s.placed[only]! | (1 << i);
          return {
            detail: `${cellNameAt(i)} can only take ${name(only)}: every other animal is ruled out there`,
            animals: [name(only)],
            condition: null,
            placed: placementsOf(name(only), 1 << i),
            excluded: [],
          };
        }
      }
      return null;
    },
  ],
  [
    'last-cells',
    (c, s) => {
      for (const t of c.types) {
        if (POP[s.cand[t]!] === c.count[t] && s.placed[t] !== s.cand[t]) {
          const fresh = s.cand[t]! & ~s.placed[t]!;
          s.placed[t] = s.cand[t]!;
          const n = c.count[t]!;
          return {
            detail:
              n === 1
                ? `${name(t)} has one cell left: ${cellsText(s.cand[t]!)}`
                : `${name(t)} has exactly ${n} cells left for its ${n} pieces: ${cellsText(s.cand[t]!)}`,
            animals: [name(t)],
            condition: null,
            placed: placementsOf(name(t), fresh),
            excluded: [],
          };
        }
      }
      return null;
    },
  ],
  [
    'relative-condition',
    (c, s, p) => {
      for (const r of c.relations) {
        const [ka, kb] = relationSupport(c, s, r);
        if (ka !== s.cand[r.a] || kb !== s.cand[r.b]) {
          const goneA = s.cand[r.a]! & ~ka;
          const goneB = s.cand[r.b]! & ~kb;
          s.cand[r.a] = ka;
          s.cand[r.b] = kb;
          return {
            detail: `${conditionText(p, r.index)}: ${exclusionText([
              [name(r.a), goneA],
              [name(r.b), goneB],
            ])}, as no partner could stand there`,
            animals: [name(r.a), name(r.b)],
            condition: r.index,
            placed: [],
            excluded: [...placementsOf(name(r.a), goneA), ...placementsOf(name(r.b), goneB)],
          };
        }
      }
      return null;
    },
  ],
  [
    'reserved-cells',
    (c, s) => {
      const ts = c.types.filter((t) => POP[s.placed[t]!] !== c.count[t]);
      const tryGroup = (group: number[]): Finding | null => {
        let u = 0;
        let need = 0;
        for (const t of group) {
          u |= s.cand[t]!;
          need += c.count[t]!;
        }
        if (POP[u] !== need) return null;
        const excluded: Placement[] = [];
        const others: Animal[] = [];
        for (const t of c.types) {
          if (group.includes(t)) continue;
          const next = s.cand[t]! & ~u;
          if (next !== s.cand[t]) {
            excluded.push(...placementsOf(name(t), s.cand[t]! & u));
            others.push(name(t));
            s.cand[t] = next;
          }
        }
        if (excluded.length === 0) return null;
        return {
          detail: `${listWords(group.map(name), 'and')} need all of ${cellsText(u)} (${need} pieces, ${need} cells), so no ${listWords(others)} goes there`,
          animals: group.map(name),
          condition: null,
          placed: [],
          excluded,
        };
      };
      for (let i = 0; i < ts.length; i++) {
        for (let j = i + 1; j < ts.length; j++) {
          const d = tryGroup([ts[i]!, ts[j]!]);
          if (d) return d;
        }
      }
      for (let i = 0; i < ts.length; i++) {
        for (let j = i + 1; j < ts.length; j++) {
          for (let k = j + 1; k < ts.length; k++) {
            const d = tryGroup([ts[i]!, ts[j]!, ts[k]!]);
            if (d) return d;
          }
        }
      }
      return null;
    },
  ],
  [
    'pair-analysis',
    (c, s, p) => {
      for (const r of c.relations) {
        let ua = 0;
        let ub = 0;
        const ca = s.cand[r.a]!;
        const cb = s.cand[r.b]!;
        for (const ma of MASKS_BY_POP[c.count[r.a]!]!) {
          if ((ma & ~ca) !== 0 || (s.placed[r.a]! & ~ma) !== 0) continue;
          for (const mb of MASKS_BY_POP[c.count[r.b]!]!) {
            if ((mb & ~cb) !== 0 || (mb & ma) !== 0 || (s.placed[r.b]! & ~mb) !== 0) continue;
            if (relationHolds(r.kind, ma, mb)) {
              ua |= ma;
              ub |= mb;
            }
          }
        }
        if (ua !== ca || ub !== cb) {
          s.cand[r.a] = ua;
          s.cand[r.b] = ub;
          return {
            detail: `${conditionText(p, r.index)}: in every way to place the ${name(r.a)} and ${name(r.b)} pieces that meets it, ${exclusionText(
              [
                [name(r.a), ca & ~ua],
                [name(r.b), cb & ~ub],
              ],
            )}`,
            animals: [name(r.a), name(r.b)],
            condition: r.index,
            placed: [],
            excluded: [...placementsOf(name(r.a), ca & ~ua), ...placementsOf(name(r.b), cb & ~ub)],
          };
        }
      }
      return null;
    },
  ],
];

/** Applies the easiest deduction that makes progress; returns its step, or null when stuck. */
function nextStep(c: Compiled, s: State, p: Puzzle, maxIndex: number): DeductionStep | null {
  for (let k = 0; k < FINDERS.length && k <= maxIndex; k++) {
    const [technique, find] = FINDERS[k]!;
    const found = find(c, s, p);
    if (found !== null) return { technique, cost: TECHNIQUES[technique], ...found };
  }
  return null;
}

/** Runs deductions up to `maxIndex` until stuck; false on contradiction. */
function propagate(c: Compiled, s: State, p: Puzzle, maxIndex: number): boolean {
  for (;;) {
    if (!settle(c, s)) return false;
    if (solved(c, s)) return true;
    if (!nextStep(c, s, p, maxIndex)) return true;
  }
}

/** The absolute conditions, read one step each: an animal's candidates shrink to the cells allowed. */
function readAbsoluteConditions(c: Compiled, s: State, puzzle: Puzzle): DeductionStep[] {
  const steps: DeductionStep[] = [];
  puzzle.constraints.forEach((con, index) => {
    if (con.type === 'height' || con.type === 'row' || con.type === 'column') {
      const t = ANIMALS.indexOf(con.animal);
      const before = s.cand[t]!;
      s.cand[t] = before & absoluteMask(con);
      steps.push({
        technique: 'absolute-condition',
        cost: TECHNIQUES['absolute-condition'],
        detail: `${conditionText(puzzle, index)}: ${con.animal} can only stand on ${cellsText(s.cand[t])}`,
        animals: [con.animal],
        condition: index,
        placed: [],
        excluded: placementsOf(con.animal, before & ~s.cand[t]),
      });
    }
  });
  return steps;
}

/** How a run of deductions ended. */
type Ending = 'solved' | 'contradiction' | 'guess' | 'stopped';

/**
 * Applies deductions to `s` until the puzzle is solved, a contradiction shows, nothing applies (a
 * guess step is recorded) or `stop` says the last step is enough. Steps are appended to `steps`.
 */
function deduce(
  c: Compiled,
  s: State,
  puzzle: Puzzle,
  steps: DeductionStep[],
  stop: (step: DeductionStep) => boolean = () => false,
): Ending {
  for (;;) {
    if (!settle(c, s)) return 'contradiction';
    if (solved(c, s)) return 'solved';
    const step = nextStep(c, s, puzzle, FINDERS.length - 1) ?? trialStep(c, s, puzzle);
    if (step) {
      steps.push(step);
      if (stop(step)) return 'stopped';
      continue;
    }
    steps.push({
      technique: 'guess',
      cost: TECHNIQUES.guess,
      detail: 'no deduction applies; a guess is needed',
      animals: [],
      condition: null,
      placed: [],
      excluded: [],
    });
    return 'guess';
  }
}

/**
 * Rates a puzzle by solving it with ordered human deductions (see {@link TECHNIQUES}): the absolute
 * conditions are read first (one step each), then each step uses the easiest deduction that makes
 * progress. When nothing applies, trial-and-contradiction (assume one placement, follow the cheaper
 * deductions) is tried; when that fails too the rater records a guess and stops (`solvedByLogic` false).
 */
export function rateByDeduction(puzzle: Puzzle): DeductionRating {
  const c = compile(puzzle);
  const s: State = { cand: new Int16Array(9), placed: new Int16Array(9) };
  for (const t of c.types) s.cand[t] = FULL;
  const steps = readAbsoluteConditions(c, s, puzzle);
  const ending = deduce(c, s, puzzle, steps);
  let hardest = 0;
  let total = 0;
  for (const st of steps) {
    hardest = Math.max(hardest, st.cost);
    total += st.cost;
  }
  return {
    solvedByLogic: ending === 'solved',
    consistent: ending !== 'contradiction',
    hardest,
    total,
    steps,
    solution: ending === 'solved' ? masksToSolution(s.placed) : null,
  };
}

/** The next deduction from a partly filled board, found by {@link nextDeduction}. */
export interface NextDeduction {
  /**
   * `step`: `steps` end with a deduction that places an animal not yet on the board; `solved`: the
   * board is complete; `contradiction`: the board cannot be completed (some placement is wrong);
   * `guess`: deductions run out before placing anything new.
   */
  readonly status: 'step' | 'solved' | 'contradiction' | 'guess';
  /**
   * The reasoning from the board to the next placement: the absolute conditions of the animals
   * involved, then every deduction after them, the last one placing the animal.
   */
  readonly steps: readonly DeductionStep[];
}

/**
 * From a partly filled board (taken as given), the deductions up to the next animal that can be
 * placed for sure. Pieces must match the puzzle (not more copies than it has) and stand on distinct
 * cells on the board; `hint` checks that first and is the function to call.
 */
export function nextDeduction(puzzle: Puzzle, board: readonly Placement[]): NextDeduction {
  const c = compile(puzzle);
  const s: State = { cand: new Int16Array(9), placed: new Int16Array(9) };
  for (const t of c.types) s.cand[t] = FULL;
  for (const p of board) {
    const t = ANIMALS.indexOf(p.animal);
    s.placed[t] = s.placed[t]! | (1 << (p.y * 3 + p.x));
  }
  const onBoard = (p: Placement): boolean =>
    board.some((q) => q.animal === p.animal && q.x === p.x && q.y === p.y);
  const absolute = readAbsoluteConditions(c, s, puzzle);
  const steps: DeductionStep[] = [];
  const ending = deduce(c, s, puzzle, steps, (st) => st.placed.some((p) => !onBoard(p)));
  // Keep the reasoning short: the absolute conditions of the animals the deductions touched.
  const touched = new Set(
    steps.flatMap((st) => [...st.animals, ...st.excluded.map((e) => e.animal)]),
  );
  const relevant = absolute.filter((st) => st.animals.some((a) => touched.has(a)));
  const all = [...relevant, ...steps];
  if (ending === 'stopped') return { status: 'step', steps: all };
  if (ending === 'solved') {
    // Bookkeeping may complete the board without a step of its own: report the last placements.
    const missing = masksToSolution(s.placed).filter((p) => !onBoard(p));
    if (missing.length === 0) return { status: 'solved', steps: all };
    const animals = [...new Set(missing.map((p) => p.animal))];
    return {
      status: 'step',
      steps: [
        ...all,
        {
          technique: 'single-cell',
          cost: TECHNIQUES['single-cell'],
          detail: `the last free cells take what is left: ${missing.map((p) => `${p.animal} on ${cellNameAt(p.y * 3 + p.x)}`).join(', ')}`,
          animals,
          condition: null,
          placed: missing,
          excluded: [],
        },
      ],
    };
  }
  return { status: ending, steps: all };
}

/** Trial and contradiction: suppose one placement, follow the cheaper deductions; a contradiction rules it out. */
function trialStep(c: Compiled, s: State, puzzle: Puzzle): DeductionStep | null {
  // Cells with fewest candidates first, as a player would try them.
  const order = Array.from({ length: 9 }, (_, i) => i).sort((p, q) => {
    const np = c.types.filter((t) => (s.cand[t]! >> p) & 1).length;
    const nq = c.types.filter((t) => (s.cand[t]! >> q) & 1).length;
    return np - nq || p - q;
  });
  for (const i of order) {
    for (const t of c.types) {
      if (((s.cand[t]! >> i) & 1) === 0 || (s.placed[t]! >> i) & 1) continue;
      const probe = clone(s);
      probe.placed[t] = probe.placed[t]! | (1 << i);
      if (!propagate(c, probe, puzzle, FINDERS.length - 1)) {
        s.cand[t] = s.cand[t]! & ~(1 << i);
        return {
          technique: 'trial-contradiction',
          cost: TECHNIQUES['trial-contradiction'],
          detail: `suppose ${article(name(t))} stands on ${cellNameAt(i)}: the simpler deductions then reach a contradiction, so no ${name(t)} goes there`,
          animals: [name(t)],
          condition: null,
          placed: [],
          excluded: placementsOf(name(t), 1 << i),
        };
      }
    }
  }
  return null;
}
