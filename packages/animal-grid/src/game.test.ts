/**
 * The descriptor against independent truth: the collection format round trip (fast-check), JSON round
 * trips, every generated puzzle's answer verified by the brute-force oracle and by `verify`, a corrupted
 * answer refused with a reason, the same stream giving the same bytes, and `maxWork: 0` giving up.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import { readOptions, valueOf, type NamedLevel } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import { game } from './index.js';
import type { Puzzle, Solution } from './model.js';
import { LEVEL_50, bruteForce, puzzleArb } from './test-support.js';

const key = (s: Solution): string => {
  const grid = new Array<string>(9);
  for (const p of s) grid[p.y * 3 + p.x] = p.animal;
  return grid.join(',');
};

const generated = Array.from({ length: 6 }, (_, i) => {
  const options = readOptions(game.generate!.options, {});
  return valueOf(
    game.generate!.run(options, Rng.forIndex('descriptor', i), game.generate!.budget),
  )!;
});

describe('animal-grid descriptor', () => {
  it('names itself and its jobs', () => {
    expect(game.id).toBe('animal-grid');
    expect(game.generate!.unit).toBe('candidates');
    expect(game.solve!.unit).toBe('nodes');
    expect(game.rate!.unit).toBe('maps');
  });

  it('prints and parses collections back (property)', () => {
    const entry = fc.record({
      level: puzzleArb,
      title: fc.string({ minLength: 1, maxLength: 30 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 5 }), (levels) => {
        const back = game.format!.parse(game.format!.print(levels));
        expect(back.map((l) => ({ level: game.levelToJson(l.level), title: l.title }))).toEqual(
          levels.map((l) => ({ level: game.levelToJson(l.level), title: l.title })),
        );
      }),
      { numRuns: 60 },
    );
    const withAnswers: NamedLevel<Puzzle, Solution>[] = generated.map((g, i) => ({
      level: g.level,
      title: `level ${i + 1}`,
      answer: g.answer!,
    }));
    expect(game.format!.parse(game.format!.print(withAnswers))).toEqual(withAnswers);
    // A file of one puzzle is a collection of one.
    expect(game.format!.parse(JSON.stringify(LEVEL_50))).toEqual([{ level: LEVEL_50 }]);
  });

  it('round-trips levels and answers through JSON, with paths in errors', () => {
    for (const g of generated) {
      const json = JSON.parse(JSON.stringify(game.levelToJson(g.level))) as unknown;
      expect(game.levelFromJson(json)).toEqual(g.level);
      const answer = JSON.parse(JSON.stringify(game.answerToJson(g.answer!))) as unknown;
      expect(game.answerFromJson(answer)).toEqual(g.answer);
    }
    expect(() =>
      game.levelFromJson({ animals: { lion: 9 }, constraints: [] }, '$.levels[4]'),
    ).toThrow(/^\$\.levels\[4\]\.animals\.lion: /);
    let caught: unknown;
    try {
      game.answerFromJson([{ animal: 'lion', x: 3, y: 0 }], '$.answer');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as InvalidInputError).path).toBe('$.answer');
  });

  it('generates puzzles whose answer is the only one (brute force) and passes verify', () => {
    for (const g of generated) {
      expect(bruteForce(g.level)).toEqual([key(g.answer!)]);
      expect(game.verify!(g.level, g.answer!)).toEqual({ ok: true });
      expect(valueOf(game.solve!.run(g.level, game.solve!.budget, {}))).toEqual(g.answer);
    }
  });

  it('refuses a corrupted answer with a reason that says where and what', () => {
    const g = generated[0]!;
    const swapped = g.answer!.map((p, i, all) => {
      // Swap the first two cells that hold different animals: the pieces still match.
      const j = all.findIndex((q) => q.animal !== all[0]!.animal);
      return i === 0
        ? { ...p, animal: all[j]!.animal }
        : i === j
          ? { ...p, animal: all[0]!.animal }
          : p;
    });
    const v = game.verify!(g.level, swapped);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.reason).toMatch(/^condition \d+ is broken: /);
    const twice = g.answer!.map((p, i) =>
      i === 1 ? { ...p, x: g.answer![0]!.x, y: g.answer![0]!.y } : p,
    );
    const w = game.verify!(g.level, twice);
    expect(w).toMatchObject({ ok: false });
    if (!w.ok) expect(w.reason).toMatch(/holds two pieces/);
  });

  it('gives the same JSON bytes for the same options and stream, and gives up at maxWork 0', () => {
    const options = readOptions(game.generate!.options, { grade: 'medium' });
    const a = game.generate!.run(options, Rng.forIndex(5, 3), game.generate!.budget);
    const b = game.generate!.run(options, Rng.forIndex(5, 3), game.generate!.budget);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(structuredClone(a)).toEqual(a);
    expect(game.generate!.run(options, Rng.forIndex(5, 3), { maxWork: 0 }).outcome).toMatchObject({
      kind: 'gave-up',
      bound: 'work',
      unit: 'candidates',
    });
    expect(game.solve!.run(LEVEL_50, { maxWork: 0 }, {}).outcome).toMatchObject({ bound: 'work' });
    expect(game.rate!.run(LEVEL_50, { maxWork: 0 }).outcome).toMatchObject({ bound: 'work' });
  });

  it('rates Level 50 with the paper’s D as its score, and says impossible for no solution', () => {
    const r = valueOf(game.rate!.run(LEVEL_50, game.rate!.budget))!;
    expect(r.score.toFixed(4)).toBe('49.4790');
    expect(r.metrics).toEqual({ x1: 26, x2: 3, x3: 35, x4: 30, n: 1 });
    const none: Puzzle = {
      ...LEVEL_50,
      constraints: [...LEVEL_50.constraints, { type: 'height', animal: 'lion', height: 3 }],
    };
    expect(game.rate!.run(none, {}).outcome).toEqual({ kind: 'impossible' });
    expect(game.solve!.run(none, {}, {}).outcome).toEqual({ kind: 'impossible' });
    expect(game.render(LEVEL_50).split('\n')[0]).toBe(
      'pieces: 1 elephant, 1 monkey, 1 tiger, 2 hippos, 2 lions, 2 pandas',
    );
  });
});
