import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError, ParseError } from '@puzzlekit/errors';
import { readOptions, valueOf, type NamedLevel } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import { game } from './game.js';
import { TINY, generated } from './testing/levels.js';
import { replaySolution } from './simulate/simulate.js';
import type { Level, LevelSolution } from './model.js';

/** A small generated level and its answer, from the descriptor itself. */
function made(seed: number, index: number) {
  const options = readOptions(game.generate!.options, {
    colors: 3,
    boxesPerColor: 1,
    layers: 3,
    width: 5,
    height: 5,
  });
  const r = game.generate!.run(options, Rng.forIndex(seed, index), game.generate!.budget);
  const g = valueOf(r);
  if (!g) throw new Error('generation gave up');
  return g;
}

function pathOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidInputError);
    return (e as InvalidInputError).path;
  }
  return undefined;
}

describe('the Screw Jam descriptor', () => {
  it('names the game and its jobs with their units', () => {
    expect(game.id).toBe('screw-jam');
    expect(game.packageName).toBe('@puzzlekit/screw-jam-difficulty');
    expect([game.generate!.unit, game.solve!.unit, game.rate!.unit]).toEqual([
      'candidates',
      'nodes',
      'colours',
    ]);
  });

  it('prints a collection that parses back to the same levels, titles and answers (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            seed: fc.nat({ max: 1000 }),
            title: fc.option(fc.string({ minLength: 1, maxLength: 12 }), { nil: undefined }),
            withAnswer: fc.boolean(),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (specs) => {
          const entries: NamedLevel<Level, LevelSolution>[] = specs.map(
            ({ seed, title, withAnswer }) => {
              const { level, answer } = made(seed, 0);
              const { solution: _drop, ...bare } = level;
              return {
                level: withAnswer ? level : bare,
                ...(title === undefined ? {} : { title }),
                ...(withAnswer ? { answer: answer! } : {}),
              };
            },
          );
          const back = game.format!.parse(game.format!.print(entries));
          expect(back).toHaveLength(entries.length);
          back.forEach((b, i) => {
            const e = entries[i]!;
            expect(b.title).toBe(e.title);
            expect(b.answer).toEqual(e.answer);
            // The level reads back with the title as its name and the answer as its solution.
            const { name: _n, solution: _s, ...shape } = b.level;
            const { name: _n2, solution: _s2, ...want } = e.level;
            expect(shape).toEqual(want);
          });
          // Printing what was read gives the same bytes.
          expect(game.format!.print(back)).toBe(game.format!.print(entries));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('reads a single level file, and names the level and the field of a bad collection entry', () => {
    const one = game.format!.parse(JSON.stringify(TINY));
    expect(one).toEqual([{ level: TINY, title: 'tiny' }]);
    const bad = JSON.stringify({ levels: [TINY, { ...TINY, width: -1 }] });
    expect(pathOf(() => game.format!.parse(bad))).toBe('$.levels[1].width');
    expect(() => game.format!.parse('{"levels": [}')).toThrow(ParseError);
  });

  it('round-trips levels and answers through JSON, with paths under the caller’s root', () => {
    const { level, answer } = made(7, 1);
    const text = JSON.stringify(game.levelToJson(level));
    expect(game.levelFromJson(JSON.parse(text))).toEqual(level);
    expect(game.answerFromJson(JSON.parse(JSON.stringify(game.answerToJson(answer!))))).toEqual(
      answer,
    );
    expect(pathOf(() => game.levelFromJson({ ...TINY, traySize: 'x' }, '$.records[3].level'))).toBe(
      '$.records[3].level.traySize',
    );
    expect(pathOf(() => game.answerFromJson({ boxes: ['red'], taps: [1, -2] }, '$.a'))).toBe(
      '$.a.taps[1]',
    );
    expect(pathOf(() => game.answerFromJson({ boxes: [], taps: [], extra: 1 }))).toBe('$.extra');
  });

  it('every generated answer verifies; a corrupted one fails and says where', () => {
    for (let i = 0; i < 8; i++) {
      const { level, answer } = made(11, i);
      expect(game.verify!(level, answer!)).toEqual({ ok: true });
      // Independent truth: the replay under the rules wins too.
      expect(replaySolution(level, answer!).won).toBe(true);
      // The first screw tapped twice.
      const first = answer!.taps[0]!;
      const twice = game.verify!(level, {
        ...answer!,
        taps: [first, ...answer!.taps.slice(0, -1)],
      });
      expect(twice).toEqual({
        ok: false,
        reason: `tap 2 of 9: screw ${first} was already removed`,
      });
      const short = game.verify!(level, { ...answer!, taps: answer!.taps.slice(0, -1) });
      expect(short).toEqual({
        ok: false,
        reason: 'after all 8 taps: 1 screw(s) left on the board',
      });
      const wrongBoxes = game.verify!(level, { ...answer!, boxes: answer!.boxes.slice(1) });
      expect(wrongBoxes.ok).toBe(false);
      if (!wrongBoxes.ok) expect(wrongBoxes.reason).toMatch(/box order has 0 box/);
    }
  });

  it('the same options and stream give the same bytes; a generated level’s answer solves', () => {
    for (let i = 0; i < 5; i++) {
      expect(JSON.stringify(made(3, i))).toBe(JSON.stringify(made(3, i)));
    }
    expect(JSON.stringify(made(3, 0))).not.toBe(JSON.stringify(made(3, 1)));
    const { level } = made(3, 2);
    const solved = game.solve!.run(level, game.solve!.budget, readOptions(game.solve!.options, {}));
    expect(solved.outcome.kind).toBe('solved');
    expect(game.verify!(level, valueOf(solved)!)).toEqual({ ok: true });
    const order = [...level.solution!.boxes].reverse().join(',');
    const reversed = game.solve!.run(
      level,
      game.solve!.budget,
      readOptions(game.solve!.options, { boxes: order, boxSlots: '1' }),
    );
    expect(reversed.outcome.kind).not.toBe('gave-up');
    const play = valueOf(reversed);
    if (play) expect(play.boxes.join(',')).toBe(order);
  });

  it('a budget of no work gives up in every job, naming its unit', () => {
    const { level } = made(5, 0);
    const none = { maxWork: 0 };
    expect(game.generate!.run(readOptions(game.generate!.options, {}), Rng.from(1), none)).toEqual({
      outcome: { kind: 'gave-up', bound: 'work', limit: 0, unit: 'candidates' },
      work: 0,
    });
    expect(game.solve!.run(level, none, {}).outcome).toMatchObject({
      kind: 'gave-up',
      unit: 'nodes',
    });
    expect(game.rate!.run(level, none).outcome).toMatchObject({ kind: 'gave-up', unit: 'colours' });
  });

  it('rates a level by the article’s index at the start, with its words', () => {
    // TINY by hand (prose reading): layers 0..2 up, so l = 3 > 2; the top two layers are 2 and 1,
    // holding one red (B) and one blue (C) screw; N = 3, M = 0: dct = (3 − 1)/3 · 70 = 46.67 each.
    const r = valueOf(game.rate!.run(TINY, {}))!;
    expect(r.middle.map((m) => [m.color, m.dct.toFixed(2)])).toEqual([
      ['red', '46.67'],
      ['blue', '46.67'],
    ]);
    expect(r.score).toBeCloseTo(140 / 3, 10);
    expect(r.grade).toBe('easy');
    const level = generated({ colors: 4, layers: 6, width: 4, height: 4, seed: 9 });
    const rated = valueOf(game.rate!.run(level, {}))!;
    expect(rated.grade).toBe(rated.score > 55 ? 'hard' : 'easy');
  });

  it('draws a level for a terminal (TINY by hand)', () => {
    expect(game.render(TINY)).toBe(
      [
        "'tiny': 4×2, 4 bars in 3 layer(s), 6 screws, 2 colour(s), tray 5",
        'AbaB',
        'AB..',
        "screws by colour (capital: nothing covers it): a 'red', b 'blue'; digits: the top bar's layer",
      ].join('\n'),
    );
    // A name from the file never reaches the terminal raw.
    const hostile = game.render({ ...TINY, name: 'x\u001b[2J\ny' });
    expect(hostile.split('\n')[0]).toBe(
      "'x\\u001b[2J\\u000ay': 4×2, 4 bars in 3 layer(s), 6 screws, 2 colour(s), tray 5",
    );
  });
});
