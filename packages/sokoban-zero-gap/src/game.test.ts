import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import { readOptions } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import { describe, expect, it } from 'vitest';
import { parseLevel, printBoard } from './format/xsb.js';
import { replay } from './play.js';
import { game, levelFromJson, verifyCollection } from './index.js';
import { generated } from './testing/generated.js';

const microbanText = readFileSync(
  new URL('../../../fixtures/sokoban/microban_155.xsb', import.meta.url),
  'utf8',
);

const SMALL = fc.record({
  type: fc.constantFrom('b', 'e', 'w', 'g'),
  size: fc.integer({ min: 3, max: 4 }),
  pushes: fc.integer({ min: 20, max: 200 }).map((k) => k * 2 + 2),
  seed: fc.integer({ min: 0, max: 1000 }),
});

const same = (a: { cells: Uint8Array; player: number }, b: { cells: Uint8Array; player: number }) =>
  expect([Array.from(a.cells), a.player]).toEqual([Array.from(b.cells), b.player]);

describe('the sokoban descriptor', () => {
  it('names itself and its jobs with their units and default budgets', () => {
    expect(game.id).toBe('sokoban');
    expect(game.packageName).toBe('@puzzlekit/sokoban-zero-gap');
    expect(game.generate?.unit).toBe('attempts');
    expect(game.solve?.unit).toBe('nodes');
    expect(game.rate?.unit).toBe('nodes');
    expect(readOptions(game.generate!.options, {})).toMatchObject({
      type: 'b',
      size: 5,
      pushes: 1000,
    });
  });

  it('format: print → parse keeps every level, title and answer (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            spec: SMALL,
            title: fc.option(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,18}[A-Za-z0-9]$/), {
              nil: undefined,
            }),
            answer: fc.option(fc.stringMatching(/^[lurdLURD]{1,40}$/), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (entries) => {
          const levels = entries.map((e) => {
            const level = generated(e.spec).level;
            return {
              level,
              ...(e.title === undefined ? {} : { title: e.title }),
              ...(e.answer === undefined ? {} : { answer: e.answer }),
            };
          });
          const back = game.format!.parse(game.format!.print(levels));
          expect(back).toHaveLength(levels.length);
          back.forEach((b, i) => {
            same(b.level, levels[i]!.level);
            expect(b.title).toBe(levels[i]!.title ?? levels[i]!.level.title);
            expect(b.answer).toBe(levels[i]!.answer);
          });
        },
      ),
      { numRuns: 25 },
    );
  });

  it('level and answer JSON round trip, and bad JSON is a typed error with its path', () => {
    for (const level of game.format!.parse(microbanText).slice(0, 20)) {
      const json = JSON.parse(JSON.stringify(game.levelToJson(level.level))) as unknown;
      const back = game.levelFromJson(json);
      same(back, level.level);
      expect(back.title).toBe(level.level.title);
    }
    expect(game.answerFromJson(game.answerToJson('uuLLdr'))).toBe('uuLLdr');
    const pathOf = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidInputError);
        return (e as InvalidInputError).path;
      }
      return undefined;
    };
    expect(pathOf(() => levelFromJson([]))).toBe('$');
    expect(pathOf(() => levelFromJson({ board: ['#####', '#@$.#', '#####'], x: 1 }))).toBe('$.x');
    expect(pathOf(() => levelFromJson({ board: ['#####', '#@$.#', 5] }, '$.levels[2]'))).toBe(
      '$.levels[2].board[2]',
    );
    expect(pathOf(() => levelFromJson({ board: ['#####', '#@$$#', '#####'] }))).toMatch(
      /^\$\.board\[\d\]$/,
    );
    expect(pathOf(() => game.answerFromJson('uux', '$.answer'))).toBe('$.answer');
    expect(pathOf(() => game.answerFromJson(5))).toBe('$');
  });

  it('every generated answer passes verify; a corrupted one fails with a reason', () => {
    fc.assert(
      fc.property(SMALL, fc.nat(), ({ seed, ...spec }, at) => {
        const r = game.generate!.run(
          readOptions(game.generate!.options, spec),
          Rng.forIndex(seed, 0),
          { maxWork: 500 },
        );
        if (!('value' in r)) return; // b n=2 may have no level: the attempts ran out
        const { level, answer } = r.value;
        expect(game.verify!(level, answer!)).toEqual({ ok: true });
        // cut the answer short: legal, but boxes are left off goals
        const short = answer!.slice(0, answer!.search(/[LURD]/) + 1);
        const v = game.verify!(level, short);
        expect(v.ok).toBe(false);
        if (!v.ok) expect(v.reason).toMatch(/box(es)? (is|are) not on a goal at the end/);
        // turn one walk into a wall step or a push the other way
        const i = at % answer!.length;
        const flipped =
          answer!.slice(0, i) + (answer![i] === 'u' ? 'd' : 'u') + answer!.slice(i + 1);
        if (replay(level, flipped).solved) return;
        const w = game.verify!(level, flipped);
        expect(w.ok).toBe(false);
        if (!w.ok) expect(w.reason).toMatch(/^move \d+ \('[a-zA-Z]'\) is illegal: |not on a goal/);
      }),
      { numRuns: 30 },
    );
    expect(game.verify!(parseLevel('#####\n#@$.#\n#####'), 'rx')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^not LURD/) as unknown,
    });
  });

  it('the same options and Rng.forIndex(seed, i) give the same JSON bytes twice', () => {
    const options = readOptions(game.generate!.options, { type: 'w', size: 3, pushes: 300 });
    for (let i = 0; i < 4; i++) {
      const a = game.generate!.run(options, Rng.forIndex(9, i), {});
      const b = game.generate!.run(options, Rng.forIndex(9, i), {});
      const bytes = (r: typeof a): string =>
        JSON.stringify('value' in r ? [game.levelToJson(r.value.level), r.value.answer] : r);
      expect(bytes(a)).toBe(bytes(b));
      expect(structuredClone(a)).toEqual(a);
    }
  });

  it('maxWork 0 gives gave-up for every job', () => {
    const level = game.format!.parse(microbanText)[1]!.level;
    const none = { maxWork: 0 };
    const options = readOptions(game.generate!.options, {});
    expect(game.generate!.run(options, Rng.forIndex(1, 0), none).outcome).toEqual({
      kind: 'gave-up',
      bound: 'work',
      limit: 0,
      unit: 'attempts',
    });
    for (const mode of ['optimal', 'fast']) {
      expect(game.solve!.run(level, none, { mode }).outcome).toMatchObject({
        kind: 'gave-up',
        bound: 'work',
        limit: 0,
      });
    }
    expect(game.rate!.run(level, none).outcome).toMatchObject({ kind: 'gave-up', bound: 'work' });
  });

  it('solves and rates: the rating is the fewest pushes (Microban 1: 8, hand-checked)', () => {
    const level = game.format!.parse(microbanText)[0]!.level;
    const solved = game.solve!.run(level, { maxWork: 100_000 }, { mode: 'optimal' });
    expect('value' in solved && game.verify!(level, solved.value)).toEqual({ ok: true });
    const rating = game.rate!.run(level, { maxWork: 200_000 });
    expect('value' in rating && rating.value).toEqual({ score: 8 });
    expect(game.render(level)).toBe(printBoard(level));
  });
});

describe('verifyCollection', () => {
  it('checks every level of a 10-level file, not only the first, and says which failed', () => {
    const levels = Array.from({ length: 10 }, (_, i) => {
      const g = generated({ type: 'b', size: 3, pushes: 100, seed: i });
      return { level: g.level, answer: g.solution! };
    });
    const file = game.format!.print(levels.map((l, i) => (i === 6 ? { level: l.level } : l)));
    const parsed = game.format!.parse(file);
    const r = verifyCollection(parsed);
    expect(r).toMatchObject({ ok: false, solved: 9, failed: 0, missing: 1 });
    expect(r.levels[6]!.verdict).toEqual({ ok: false, reason: 'no answer given' });
    const wrong = verifyCollection(parsed, [
      undefined,
      undefined,
      'dd',
      ...Array(7).fill(undefined),
    ]);
    expect(wrong.levels.map((l) => l.verdict.ok)).toEqual([
      true,
      true,
      false,
      true,
      true,
      true,
      false,
      true,
      true,
      true,
    ]);
    const fixed = verifyCollection(
      parsed,
      levels.map((l) => l.answer),
    );
    expect(fixed).toMatchObject({ ok: true, solved: 10, failed: 0, missing: 0 });
    expect(fixed.levels.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
