/**
 * What a designer or player does with a board: check a full answer, or ask for a hint on a partly
 * filled one. Both speak in words (animals by name, cells by their fruits) and build on the exact
 * solver and the deduction rater.
 */
import { quoteInput } from '@puzzlekit/errors';
import { ANIMALS, type Animal, type Placement, type Puzzle, type Solution } from './model.js';
import { absoluteMask, compile, relationHolds } from './compile.js';
import { boardMasks, solve } from './solve/solver.js';
import { nextDeduction, type DeductionStep } from './rate/deduction.js';
import { cellName, describeConstraint, listWords, plural } from './text/words.js';

/** A condition a board breaks, by index (0-based) and in words. */
export interface BrokenCondition {
  readonly index: number;
  readonly text: string;
}

/**
 * What is wrong with a board before any condition is read, in words; null when nothing is. `full`:
 * the board must hold every piece of the puzzle (an answer), not only no more than it has.
 */
export function pieceProblem(
  puzzle: Puzzle,
  board: readonly Placement[],
  full: boolean,
): string | null {
  const taken = new Map<number, Animal>();
  const copies = new Map<Animal, number>();
  for (const p of board) {
    const onBoard = (v: number): boolean => Number.isInteger(v) && v >= 0 && v <= 2;
    if (!onBoard(p.x) || !onBoard(p.y) || !(ANIMALS as readonly string[]).includes(p.animal))
      return `a piece is not an animal on the board: ${quoteInput(String(p.animal), 40)} at x ${quoteInput(String(p.x), 20)}, y ${quoteInput(String(p.y), 20)}`;
    const i = p.y * 3 + p.x;
    const there = taken.get(i);
    if (there !== undefined)
      return `${cellName(p.x, p.y)} holds two pieces (${there} and ${p.animal})`;
    taken.set(i, p.animal);
    copies.set(p.animal, (copies.get(p.animal) ?? 0) + 1);
  }
  const wrong: string[] = [];
  for (const a of ANIMALS) {
    const want = puzzle.animals[a] ?? 0;
    const have = copies.get(a) ?? 0;
    if (have > want || (full && have < want))
      wrong.push(`${have} ${a}${have === 1 ? '' : 's'} where the puzzle has ${want}`);
  }
  return wrong.length === 0
    ? null
    : `the pieces do not match the puzzle: ${listWords(wrong, 'and')}`;
}

/**
 * Conditions a (partly filled) board already breaks: an absolute condition broken by any placed
 * piece; a relative condition once every piece of both its animals is placed.
 */
export function brokenOnBoard(puzzle: Puzzle, board: readonly Placement[]): BrokenCondition[] {
  const c = compile(puzzle);
  const masks = boardMasks(board);
  const complete = (t: number): boolean => {
    let n = 0;
    for (let i = 0; i < 9; i++) n += (masks[t]! >> i) & 1;
    return n === c.count[t];
  };
  const out: BrokenCondition[] = [];
  puzzle.constraints.forEach((con, index) => {
    const rel = c.relations.find((r) => r.index === index);
    const broken =
      rel === undefined
        ? con.type !== 'adjacent' &&
          con.type !== 'relativeHeight' &&
          (masks[ANIMALS.indexOf(con.animal)]! & ~absoluteMask(con)) !== 0
        : complete(rel.a) &&
          complete(rel.b) &&
          !relationHolds(rel.kind, masks[rel.a]!, masks[rel.b]!);
    if (broken) out.push({ index, text: describeConstraint(con, puzzle) });
  });
  return out;
}

/** The verdict on a designer's answer. */
export interface AnswerCheck {
  /** True when the answer uses the puzzle's pieces and keeps every condition. */
  readonly valid: boolean;
  /** When the pieces themselves are wrong (two on a cell, wrong counts), what is wrong; else null. */
  readonly pieces: string | null;
  /** Conditions the answer breaks. */
  readonly broken: readonly BrokenCondition[];
  /** Solutions of the puzzle (counted up to 2), so the designer sees whether the answer is the only one. */
  readonly solutions: number;
  /** True when the puzzle has exactly one solution and this answer is it. */
  readonly unique: boolean;
  /** When the answer is valid but not unique: another solution, to show how the puzzle leaks. */
  readonly another: Solution | null;
}

/** Checks a full answer against a puzzle: pieces, every condition, and whether it is the only one. */
export function checkAnswer(puzzle: Puzzle, answer: readonly Placement[]): AnswerCheck {
  const pieces = pieceProblem(puzzle, answer, true);
  const broken = pieces === null ? brokenOnBoard(puzzle, answer) : [];
  const valid = pieces === null && broken.length === 0;
  const r = solve(puzzle, { countLimit: 2, listLimit: 2 }, { maxWork: Infinity });
  const key = (s: readonly Placement[]): string =>
    [...s]
      .sort((p, q) => p.y - q.y || p.x - q.x)
      .map((p) => p.animal)
      .join(',');
  const another = valid ? (r.solutions.find((s) => key(s) !== key(answer)) ?? null) : null;
  return { valid, pieces, broken, solutions: r.count, unique: valid && r.count === 1, another };
}

/** A hint for a partly filled board. */
export interface Hint {
  /**
   * `next`: `placed` can be put on the board for sure, `steps` say why; `solved`: the board is a
   * solution; `mistake`: some piece is wrong (`problem` says which, in words); `guess`: no deduction
   * places anything new (the puzzle needs trial and error from here).
   */
  readonly status: 'next' | 'solved' | 'mistake' | 'guess';
  /** The pieces the hint places (empty unless `next`). */
  readonly placed: readonly Placement[];
  /** The reasoning, in words, ending with the deduction that places them. */
  readonly steps: readonly DeductionStep[];
  /** For `mistake`: what is wrong. */
  readonly problem: string | null;
  /** The hint in one sentence. */
  readonly text: string;
}

const onCells = (ps: readonly Placement[]): string =>
  listWords(
    ps.map((p) => cellName(p.x, p.y)),
    'and',
  );

/**
 * The next deduction from a partly filled board: which animal goes where, and why (the conditions and
 * deductions that force it). Pieces that break a condition, or that no solution has where they
 * stand, are reported as a mistake instead.
 */
export function hint(puzzle: Puzzle, board: readonly Placement[]): Hint {
  const mistake = (problem: string): Hint => ({
    status: 'mistake',
    placed: [],
    steps: [],
    problem,
    text: problem,
  });
  const pieces = pieceProblem(puzzle, board, false);
  if (pieces !== null) return mistake(pieces);
  const broken = brokenOnBoard(puzzle, board);
  if (broken.length > 0)
    return mistake(
      `the board breaks ${broken.map((b) => `condition ${b.index + 1} (${b.text.replace(/\.$/, '')})`).join(' and ')}`,
    );
  // Nine pieces on nine cells: a search takes at most a few thousand nodes, so no bound is needed.
  if (solve(puzzle, { board, countLimit: 1, listLimit: 0 }, { maxWork: Infinity }).count === 0) {
    const all = solve(puzzle, { listLimit: 1000 }, { maxWork: Infinity });
    const wrong = board.filter(
      (p) =>
        !all.solutions.some((s) =>
          s.some((q) => q.animal === p.animal && q.x === p.x && q.y === p.y),
        ),
    );
    return mistake(
      all.count === 0
        ? `the puzzle has no solution: ${all.noSolution?.text ?? 'its conditions cannot all hold'}`
        : wrong.length > 0
          ? `no solution has ${listWords(
              wrong.map((p) => `the ${p.animal} on ${cellName(p.x, p.y)}`),
              'or',
            )}`
          : 'no solution completes this board: these pieces cannot all stay together',
    );
  }
  const next = nextDeduction(puzzle, board);
  if (next.status === 'solved')
    return { status: 'solved', placed: [], steps: [], problem: null, text: 'the board is solved' };
  if (next.status !== 'step')
    return {
      status: 'guess',
      placed: [],
      steps: next.steps,
      problem: null,
      text: 'no deduction places another animal from here: try a piece and see whether it leads to a contradiction',
    };
  const last = next.steps[next.steps.length - 1]!;
  const placed = last.placed.filter(
    (p) => !board.some((q) => q.animal === p.animal && q.x === p.x && q.y === p.y),
  );
  const animals = [...new Set(placed.map((p) => p.animal))];
  const who = animals.map((a) => {
    const n = placed.filter((p) => p.animal === a).length;
    return n === 1 ? `the ${a}` : `${n} ${plural(a)}`;
  });
  const sentence = `${listWords(who, 'and')} ${placed.length === 1 ? 'goes' : 'go'} on ${onCells(placed)}`;
  return {
    status: 'next',
    placed,
    steps: next.steps,
    problem: null,
    text: `${sentence[0]!.toUpperCase()}${sentence.slice(1)}: ${last.detail}`,
  };
}
