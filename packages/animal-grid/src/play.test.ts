import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ParseError, InvalidInputError } from '@puzzlekit/errors';
import { valueOf } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import type { Placement, Puzzle } from './model.js';
import { solve } from './solve/solver.js';
import { explainNoSolution } from './solve/explain.js';
import { checkAnswer, hint } from './play.js';
import { formatBoard, parseBoard } from './text/board.js';
import { cellsText, describeConstraint, describeConditions } from './text/words.js';
import {
  GRADES,
  PAPER_GRADE_BANDS,
  gradeOf,
  gradeText,
  paperGradeBandText,
  paperGradeOf,
  reasoningOf,
  techniquesOf,
} from './rate/grade.js';
import { PAPER_TABLE, paperDifficulty } from './rate/difficulty.js';
import { rateByDeduction } from './rate/deduction.js';
import { formatCollection, parseCollection, parsePuzzleOrCollection } from './format/collection.js';
import { formatPuzzle } from './format/puzzle-json.js';
import { generatePuzzle } from './generate/generator.js';
import {
  LEVEL_50,
  LEVEL_50_ANSWER,
  bruteForce,
  hasControlCharacter,
  puzzleArb,
} from './test-support.js';

const answer50 = solve(LEVEL_50).solutions[0]!;
const at = (s: readonly Placement[], x: number, y: number): Placement =>
  s.find((p) => p.x === x && p.y === y)!;

describe('words', () => {
  it('names cells by their fruits and conditions as sentences', () => {
    expect(cellsText(0b111 << 6)).toBe('the apple row');
    expect(cellsText(0b001001001)).toBe('the pineapple column');
    expect(cellsText((1 << 4) | (1 << 7))).toBe('apple/banana and lemon/banana');
    expect(describeConditions(LEVEL_50)).toEqual([
      '1. Every lion stands at height 2.',
      '2. No panda is in the banana column.',
      '3. The elephant is not in the lemon row.',
      '4. The elephant is next to a hippo, and every hippo is next to an elephant.',
      '5. The monkey is next to a lion, and every lion is next to a monkey.',
      '6. The tiger is next to a panda, and every panda is next to a tiger.',
    ]);
    expect(
      describeConstraint({
        type: 'relativeHeight',
        animal: 'lion',
        relation: 'same',
        than: 'panda',
      }),
    ).toBe('The lions and the pandas all stand at one height.');
    expect(
      describeConstraint({ type: 'row', animal: 'panda', fruits: ['orange', 'lemon'], in: true }),
    ).toBe('Every panda is in the orange or lemon rows.');
  });

  it('never prints cell coordinates in deduction steps', () => {
    const g = valueOf(generatePuzzle(Rng.from(3)))!;
    for (const s of g.deduction.steps) expect(s.detail).not.toMatch(/\(\d,\d\)/);
  });
});

describe('board text', () => {
  it('prints the fruits around the board and reads it back, full or partial', () => {
    expect(formatBoard(answer50)).toBe(
      [
        '       pineapple  banana     strawberry',
        'apple  panda      lion       monkey',
        'lemon  tiger      hippo      lion',
        'orange panda      elephant   hippo',
      ].join('\n'),
    );
    expect(answer50.map((p) => p.animal).join(' ')).toBe(LEVEL_50_ANSWER);
    fc.assert(
      fc.property(fc.subarray([...answer50]), (part) => {
        const back = parseBoard(formatBoard(part));
        expect(formatBoard(back)).toBe(formatBoard(part));
        expect(back).toHaveLength(part.length);
      }),
      { numRuns: 100 },
    );
    // Without labels, top row first; JSON placements too.
    expect(parseBoard('. lion .\n. . .\n\r\n. . hippo\r\n')).toEqual([
      { animal: 'lion', x: 1, y: 2 },
      { animal: 'hippo', x: 2, y: 0 },
    ]);
    expect(parseBoard(JSON.stringify(answer50))).toEqual(answer50);
  });

  it('rejects broken boards with line and column, never echoing raw input', () => {
    const bad = (text: string): ParseError | InvalidInputError => {
      try {
        parseBoard(text, 'b.txt');
      } catch (e) {
        expect(e instanceof ParseError || e instanceof InvalidInputError).toBe(true);
        return e as ParseError;
      }
      throw new Error('accepted');
    };
    expect(bad('lion . .\n. dragon .\n. . .')).toMatchObject({ line: 2, column: 3 });
    expect(bad('lion . .\n. . .')).toMatchObject({ reason: 'a board has three rows, got 2' });
    expect(bad('apple . . .\napple . . .\n. . .')).toMatchObject({ line: 2 });
    expect(bad('[{"animal":"lion","x":3,"y":0}]')).toMatchObject({ path: '$[0].x' });
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        try {
          parseBoard(text);
        } catch (e) {
          expect(e instanceof ParseError || e instanceof InvalidInputError).toBe(true);
          expect(hasControlCharacter((e as Error).message)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
    expect(bad('a\u0000 . .\n. . .\n. . .').message).toContain('\\u0000');
  });
});

describe('puzzles with no solution', () => {
  it('says which animal is left too few cells', () => {
    const p: Puzzle = {
      ...LEVEL_50,
      constraints: [...LEVEL_50.constraints, { type: 'height', animal: 'lion', height: 3 }],
    };
    const r = solve(p);
    expect(r).toMatchObject({ count: 0, outcome: { kind: 'impossible' } });
    expect(bruteForce(p)).toEqual([]);
    expect(r.noSolution).toEqual({
      text: 'conditions 1 and 7 leave lion no cell for its 2 pieces',
      conditions: [0, 6],
    });
    const hippos: Puzzle = {
      animals: { hippo: 2, panda: 5, lion: 2 },
      constraints: [{ type: 'height', animal: 'hippo', height: 3 }],
    };
    expect(solve(hippos).noSolution?.text).toBe(
      'condition 1 leaves hippo 1 cell (apple/strawberry) for its 2 pieces'.replace(
        'leaves',
        'leave',
      ),
    );
  });

  it('finds a smallest set of conditions that clash, each needed', () => {
    fc.assert(
      fc.property(puzzleArb, (p) => {
        const reason = explainNoSolution(p);
        if (bruteForce(p).length > 0) {
          expect(reason).toBeNull();
          return;
        }
        expect(reason).not.toBeNull();
        const core = reason!.conditions;
        const sub = (keep: readonly number[]): Puzzle => ({
          animals: p.animals,
          constraints: keep.map((i) => p.constraints[i]!),
        });
        // (solve agrees with the brute force: tested in solver.test.ts)
        expect(solve(sub(core)).count).toBe(0);
        // The Hall reason names the absolute conditions of the crowded animals; the clash set is minimal.
        if (!/leave|keep every animal off/.test(reason!.text)) {
          for (const i of core)
            expect(solve(sub(core.filter((j) => j !== i))).count).toBeGreaterThan(0);
        }
      }),
      { numRuns: 60 },
    );
    const clash: Puzzle = {
      ...LEVEL_50,
      constraints: [
        ...LEVEL_50.constraints,
        { type: 'relativeHeight', animal: 'tiger', relation: 'higher', than: 'monkey' },
        { type: 'relativeHeight', animal: 'monkey', relation: 'higher', than: 'tiger' },
      ],
    };
    expect(explainNoSolution(clash)?.conditions).toEqual([6, 7]);
    expect(explainNoSolution(clash)?.text).toMatch(
      /^conditions 7 and 8 cannot all hold at once: 7\. The tiger stands higher than the monkey\./,
    );
  });
});

describe('checkAnswer', () => {
  it('accepts the answer, names broken conditions and wrong pieces', () => {
    expect(checkAnswer(LEVEL_50, answer50)).toMatchObject({
      valid: true,
      unique: true,
      broken: [],
      pieces: null,
    });
    const swapped = answer50.map((p) =>
      p.x === 2 && p.y === 2
        ? { ...p, animal: 'lion' as const }
        : p.x === 1 && p.y === 2
          ? { ...p, animal: 'monkey' as const }
          : p,
    );
    const r = checkAnswer(LEVEL_50, swapped);
    expect(r.valid).toBe(false);
    expect(r.broken.map((b) => b.index)).toEqual([0, 4]);
    expect(r.broken[0]!.text).toBe('Every lion stands at height 2.');
    expect(checkAnswer(LEVEL_50, answer50.slice(1)).pieces).toBe(
      'the pieces do not match the puzzle: 1 panda where the puzzle has 2',
    );
    const open: Puzzle = { animals: { panda: 5, lion: 2, hippo: 2 }, constraints: [] };
    const any = solve(open, { listLimit: 1 }).solutions[0]!;
    const leaky = checkAnswer(open, any);
    expect(leaky).toMatchObject({ valid: true, unique: false, solutions: 2 });
    expect(leaky.another).not.toBeNull();
  });
});

describe('hint', () => {
  it('walks Level 50 from an empty board to the answer, every hint true', () => {
    let board: Placement[] = [];
    for (let k = 0; k < 12; k++) {
      const h = hint(LEVEL_50, board);
      if (h.status === 'solved') break;
      expect(h.status).toBe('next');
      expect(h.placed.length).toBeGreaterThan(0);
      for (const p of h.placed) expect(at(answer50, p.x, p.y).animal).toBe(p.animal);
      expect(h.text).toMatch(/ goe?s? on /);
      expect(h.text).not.toMatch(/\(\d,\d\)/);
      board = [...board, ...h.placed];
    }
    expect(hint(LEVEL_50, board).status).toBe('solved');
    expect(board).toHaveLength(9);
  });

  it('names the first hint: which animal, which cells, why', () => {
    const h = hint(LEVEL_50, []);
    expect(h.placed).toEqual([
      { animal: 'lion', x: 2, y: 1 },
      { animal: 'lion', x: 1, y: 2 },
    ]);
    expect(h.text).toBe(
      '2 lions go on lemon/strawberry and apple/banana: lion has exactly 2 cells left for its 2 pieces: apple/banana and lemon/strawberry',
    );
    expect(h.steps.some((s) => s.condition === 0)).toBe(true);
  });

  it('reports mistakes: a broken condition, a piece no answer has, too many pieces', () => {
    expect(hint(LEVEL_50, [{ animal: 'lion', x: 0, y: 0 }]).text).toBe(
      'the board breaks condition 1 (Every lion stands at height 2)',
    );
    expect(hint(LEVEL_50, [{ animal: 'tiger', x: 1, y: 1 }])).toMatchObject({
      status: 'mistake',
      text: 'no solution has the tiger on lemon/banana',
    });
    expect(
      hint(LEVEL_50, [
        { animal: 'tiger', x: 0, y: 0 },
        { animal: 'tiger', x: 1, y: 0 },
      ]).text,
    ).toBe('the pieces do not match the puzzle: 2 tigers where the puzzle has 1');
    expect(hint(LEVEL_50, [{ animal: 'tiger', x: 3, y: 0 }]).text).toBe(
      "a piece is not an animal on the board: 'tiger' at x '3', y '0'",
    );
  });
});

describe('grades', () => {
  it('the paper’s bands cover every D without gaps and agree with the paper’s table', () => {
    let lo = -Infinity;
    for (const g of GRADES) {
      expect(PAPER_GRADE_BANDS[g][0]).toBe(lo);
      lo = PAPER_GRADE_BANDS[g][1];
    }
    expect(lo).toBe(Infinity);
    expect([0, 9.99, 10, 24.9, 25, 49.9, 50, 1e6].map(paperGradeOf)).toEqual([
      'easy',
      'easy',
      'medium',
      'medium',
      'hard',
      'hard',
      'expert',
      'expert',
    ]);
    expect(paperGradeOf(Infinity)).toBeNull();
    expect(paperGradeBandText('medium')).toBe('D 10 to below 25');
    // The paper's own table: levels 10 and 11 are easy, 18 and 23 medium, Level 50 expert.
    const byLevel = Object.fromEntries(
      PAPER_TABLE.filter((r) => r.level !== 33).map((r) => [
        r.level,
        paperGradeOf(paperDifficulty(r)),
      ]),
    );
    expect(byLevel).toEqual({
      1: 'easy',
      2: 'easy',
      3: 'easy',
      10: 'easy',
      11: 'easy',
      18: 'medium',
      23: 'medium',
      50: 'expert',
    });
  });

  it('grade by reasoning and D: each grade needs what the one below does not', () => {
    expect(techniquesOf('trial')).toEqual(['trial-contradiction', 'guess']);
    expect(techniquesOf('combining')).toEqual(['reserved-cells', 'pair-analysis']);
    for (const d of [0, 9.9, 10, 24.9, 25, 49.9, 50, 1000]) {
      for (const hardest of [1, 2, 3, 4, 6, 10]) {
        const g = gradeOf(d, hardest)!;
        const r = reasoningOf(hardest);
        expect(g === 'expert').toBe(r === 'trial');
        if (g === 'hard') expect(r).toBe('combining');
        if (g === 'easy') expect(d).toBeLessThan(10);
        if (g === 'medium') expect(r).not.toBe('trial');
      }
    }
    expect(gradeOf(Infinity, 1)).toBeNull();
    // Level 50: expert by the paper's D (68.09 from its X values); by ours (49.48 from our trace)
    // and its hardest step, pair analysis with no trial, it is hard.
    const rating = rateByDeduction(LEVEL_50);
    expect(reasoningOf(rating.hardest)).toBe('combining');
    expect(gradeOf(49.479, rating.hardest)).toBe('hard');
    expect(gradeOf(68.0941, rating.hardest)).toBe('hard');
    expect(gradeText('hard', 49.479, rating.hardest)).toBe(
      "hard: needs combining conditions (animals that share out cells, or two animals placed together); the paper's difficulty D 49.48",
    );
  });

  it('generates within a grade, and the grade matches the puzzle’s own trace', () => {
    for (const grade of GRADES) {
      const g = valueOf(generatePuzzle(Rng.from(8), { grade }))!;
      expect(g.grade).toBe(grade);
      expect(gradeOf(g.difficulty, rateByDeduction(g.puzzle).hardest)).toBe(grade);
    }
  });
});

describe('collections', () => {
  it('round-trip, and single puzzle files read the same way', () => {
    const rng = Rng.from('collection');
    const entries = Array.from({ length: 4 }, (_, i) => {
      const g = valueOf(generatePuzzle(rng))!;
      return {
        name: String(i + 1),
        puzzle: g.puzzle,
        answer: g.solution,
        difficulty: Number(g.difficulty.toFixed(4)),
        grade: g.grade,
      };
    });
    const text = formatCollection(entries);
    expect(parseCollection(text)).toEqual(entries);
    expect(parsePuzzleOrCollection(text, 'c.json', 3).puzzle).toEqual(entries[2]!.puzzle);
    expect(() => parsePuzzleOrCollection(text, 'c.json', 5)).toThrow(
      /no puzzle 5: the collection holds 4/,
    );
    expect(parsePuzzleOrCollection(formatPuzzle(LEVEL_50)).puzzle).toEqual(LEVEL_50);
    const broken = text.replace('"animals": {', '"animals": {"dragon": 1, ');
    expect(() => parseCollection(broken)).toThrow(/^\$\.puzzles\[0\]\.puzzle\.animals\.dragon: /);
  });
});
