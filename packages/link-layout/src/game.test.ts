import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError, ParseError } from '@puzzlekit/errors';
import { readOptions, type NamedLevel } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import { GRAVITIES, type Move } from './model.js';
import { levelFromJson, toEngineGrid, type Level } from './format/json.js';
import { printBoard } from './format/text.js';
import { replay } from './link/play.js';
import { game } from './game.js';
import { solvedValue } from './test-helpers.js';

const generate = game.generate!;
const solve = game.solve!;
const rate = game.rate!;

/** A generated level through the descriptor, as the pack runner makes level i of a pack. */
function levelAt(raw: Record<string, unknown>, seed: number, index: number) {
  return solvedValue(
    generate.run(readOptions(generate.options, raw), Rng.forIndex(seed, index), generate.budget),
  );
}

const smallSpecs = fc.record({
  rows: fc.integer({ min: 2, max: 6 }),
  cols: fc.integer({ min: 2, max: 6 }),
  gravity: fc.constantFrom(...GRAVITIES),
  difficulty: fc.double({ min: 0, max: 1, noNaN: true }),
  ring: fc.boolean(),
  seed: fc.nat(),
});

/** Small specs whose tile count takes 2 copies (every board of even area does). */
const evenSpecs = smallSpecs.filter(({ rows, cols }) => (rows * cols) % 2 === 0);

describe('the link descriptor', () => {
  it('names itself and its jobs', () => {
    expect([game.id, game.packageName, game.format?.extension]).toEqual([
      'link',
      '@puzzlekit/link-layout',
      'json',
    ]);
    expect([generate.unit, solve.unit, rate.unit]).toEqual(['steps', 'nodes', 'nodes']);
    expect(readOptions(generate.options, {})).toEqual({
      rows: 8,
      cols: 18,
      copies: 4,
      gravity: 'none',
      difficulty: 0.5,
      holes: 'fixed',
      ring: true,
    });
  });

  it('the same options and stream give the same JSON bytes; level and answer survive JSON and structured clone', () => {
    fc.assert(
      fc.property(evenSpecs, fc.nat({ max: 1000 }), ({ seed, ...spec }, index) => {
        const raw = { ...spec, copies: 2 };
        const a = levelAt(raw, seed, index);
        const b = levelAt(raw, seed, index);
        expect(JSON.stringify(game.levelToJson(a.level))).toBe(
          JSON.stringify(game.levelToJson(b.level)),
        );
        expect(structuredClone(a)).toEqual(a);
        const level = game.levelFromJson(JSON.parse(JSON.stringify(game.levelToJson(a.level))));
        expect(level).toEqual(a.level);
        const answer = game.answerFromJson(
          JSON.parse(JSON.stringify(game.answerToJson(a.answer!))),
        );
        expect(answer).toEqual(a.answer);
      }),
      { numRuns: 40 },
    );
  });

  it('every generated answer passes verify; a corrupted one fails with a reason saying where', () => {
    fc.assert(
      fc.property(evenSpecs, fc.nat({ max: 1000 }), fc.nat(), ({ seed, ...spec }, index, pick) => {
        const { level, answer } = levelAt({ ...spec, copies: 2 }, seed, index);
        expect(game.verify!(level, answer!)).toEqual({ ok: true });
        // Independent truth: the replay of the rules clears the board.
        expect(replay(level.board, answer!, level).cleared).toBe(true);
        const moves = answer!;
        const short = game.verify!(level, moves.slice(0, -1));
        expect(short).toEqual({
          ok: false,
          reason: 'after all ' + (moves.length - 1) + ' moves, 2 tiles remain',
        });
        // A move onto a cell that holds no tile at that time (or off the board).
        const k = pick % moves.length;
        const bad: Move[] = [...moves];
        bad[k] = [
          [moves[k]![0][0], moves[k]![0][1]],
          [level.board.rows, 0],
        ];
        const verdict = game.verify!(level, bad);
        expect(verdict.ok).toBe(false);
        expect(!verdict.ok && verdict.reason).toMatch(new RegExp(`^move ${k + 1}: `));
      }),
      { numRuns: 40 },
    );
  });

  it('the collection file round-trips print → parse, with titles and answers (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            spec: evenSpecs,
            title: fc.option(fc.string(), { nil: undefined }),
            withAnswer: fc.boolean(),
          }),
          { maxLength: 4 },
        ),
        (entries) => {
          const levels: NamedLevel<Level, readonly Move[]>[] = entries.map(
            ({ spec, title, withAnswer }, i) => {
              const { seed, ...rest } = spec;
              const { level, answer } = levelAt({ ...rest, copies: 2 }, seed, i);
              return {
                level,
                ...(title === undefined ? {} : { title }),
                ...(withAnswer ? { answer: answer! } : {}),
              };
            },
          );
          const text = game.format!.print(levels);
          expect(game.format!.parse(text)).toEqual(levels);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('reads a board in the text format and one level JSON as one-level collections', () => {
    const [fromText] = game.format!.parse('AB\nBA\n');
    expect(fromText).toEqual({
      level: { board: { rows: 2, cols: 2, cells: [1, 2, 2, 1] }, gravity: 'none', ring: true },
    });
    const [fromJson] = game.format!.parse('{"board":["AA"],"gravity":"down","ring":false}');
    expect(fromJson!.level).toMatchObject({ gravity: 'down', ring: false });
    expect(() => game.format!.parse('{"board": ["AA"],\n "gravity": }')).toThrow(ParseError);
    try {
      game.format!.parse('{"board": ["AA"],\n "gravity": }');
    } catch (e) {
      expect((e as ParseError).line).toBe(2);
    }
  });

  it('refuses bad level JSON with the JSON path of the first problem', () => {
    const cases: [unknown, string][] = [
      [{ board: ['AB', 'A'] }, '$.board[1]'],
      [{ board: ['AB', 'AC'] }, '$.board[0]'],
      [{ board: ['A,'] }, '$.board[0]'],
      [{ board: ['AA'], gravity: 'sideways' }, '$.gravity'],
      [{ board: ['.A', '.A'], gravity: 'left' }, '$.board'],
      [
        {
          board: ['AB', 'BA'],
          order: [
            [
              [0, 0],
              [0, 1],
            ],
          ],
        },
        '$.order',
      ],
      [
        {
          board: ['AA'],
          order: [
            [
              [0, 0],
              [0, -1],
            ],
          ],
        },
        '$.order[0][1][1]',
      ],
      [{ board: ['AA'], colour: 'red' }, '$.colour'],
      [[], '$'],
    ];
    for (const [json, path] of cases) {
      let caught: unknown;
      try {
        game.levelFromJson(json);
      } catch (e) {
        caught = e;
      }
      expect(caught, JSON.stringify(json)).toBeInstanceOf(InvalidInputError);
      expect((caught as InvalidInputError).path).toBe(path);
    }
  });

  it('a budget of no work gives up, naming the unit; the clearing order answers where the search gives up', () => {
    const none = { maxWork: 0 };
    const options = readOptions(generate.options, { rows: 4, cols: 6 });
    expect(generate.run(options, Rng.forIndex(1, 0), none).outcome).toEqual({
      kind: 'gave-up',
      bound: 'work',
      limit: 0,
      unit: 'steps',
    });
    const { level } = levelAt({ rows: 4, cols: 6 }, 1, 0);
    const { order: _, ...withoutOrder } = level;
    expect(solve.run(withoutOrder, none, {}).outcome).toMatchObject({
      kind: 'gave-up',
      unit: 'nodes',
    });
    expect(rate.run(level, none).outcome).toMatchObject({ kind: 'gave-up', unit: 'nodes' });
    // With the order the level carries, no search is needed: the answer is the order itself.
    expect(solvedValue(solve.run(level, none, {}))).toEqual(level.order);
  });

  it('rates in a score from 0 to 100 that grows with the difficulty knob (hand-sized sample)', () => {
    const scoreAt = (difficulty: number): number => {
      let sum = 0;
      for (let i = 0; i < 3; i++) {
        const { level } = levelAt({ rows: 8, cols: 12, gravity: 'down', difficulty }, 7, i);
        sum += solvedValue(rate.run(level, rate.budget)).score;
      }
      return sum / 3;
    };
    const [easy, hard] = [scoreAt(0), scoreAt(1)];
    expect(easy).toBeGreaterThanOrEqual(0);
    expect(hard).toBeLessThanOrEqual(100);
    expect(hard).toBeGreaterThan(easy);
  });

  it('renders the board with its rule', () => {
    const level = levelFromJson({ board: ['AB', 'BA'], gravity: 'down', ring: false });
    expect(game.render(level)).toBe(`${printBoard(level.board)}\n(gravity down, no ring)`);
    expect(game.render({ ...level, gravity: 'none', ring: true })).toBe('AB\nBA');
  });

  it('exports a plain grid of cell codes with a legend', () => {
    const level = levelFromJson({ board: ['A:B', 'A#B'], gravity: 'none' });
    const grid = toEngineGrid(level);
    expect(grid.grid).toEqual([
      [1, -2, 2],
      [1, -1, 2],
    ]);
    expect(grid.legend.map((e) => [e.code, e.kind, e.char])).toEqual([
      [-2, 'fixed', ':'],
      [-1, 'blocked', '#'],
      [0, 'empty', '.'],
      [1, 'tile', 'A'],
      [2, 'tile', 'B'],
    ]);
  });
});
