import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError, ParseError, isPuzzlekitError } from '@puzzlekit/errors';
import { formatLevel, parseLevel, validateLevel } from './level.js';
import { TINY, generated } from '../testing/levels.js';

interface ScrewDoc {
  x: unknown;
  y: unknown;
  color: unknown;
}
interface BarDoc {
  layer: unknown;
  cells?: unknown[];
  polygon?: unknown;
  screws: ScrewDoc[];
  colour?: unknown;
}
interface Doc {
  width: unknown;
  colors?: unknown;
  traySize?: unknown;
  bars: BarDoc[];
  solution?: unknown;
}
const clone = (): Doc => JSON.parse(JSON.stringify(TINY)) as Doc;

function errorOf(fn: () => unknown): InvalidInputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InvalidInputError) return e;
    throw e;
  }
  throw new Error('expected an InvalidInputError');
}

describe('parseLevel', () => {
  it('reads a valid level and defaults the tray to 5 and the colours to first appearance', () => {
    const { colors: _c, traySize: _t, ...rest } = TINY;
    const level = parseLevel(JSON.stringify(rest));
    expect(level.traySize).toBe(5);
    expect(level.colors).toEqual(['red', 'blue']);
    expect(level.bars).toHaveLength(4);
  });

  it('reports JSON syntax errors with line and column', () => {
    try {
      parseLevel('{\n  "width": 4,\n  "height": ,\n}', 'lvl.json');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ParseError);
      const p = e as ParseError;
      expect(p.line).toBe(3);
      expect(p.column).toBeGreaterThan(1);
      expect(p.message).toMatch(/^lvl\.json:3:\d+: invalid JSON/);
    }
  });

  it.each([
    [
      'a screw count not a multiple of 3',
      (o: Doc) => o.bars[2]!.screws.push({ x: 3.5, y: 0.5, color: 'red' }),
      '$.bars[0].screws[0].color',
      /multiple of 3/,
    ],
    [
      'a cell outside the board',
      (o: Doc) => (o.bars[1]!.cells![1] = [4, 0]),
      '$.bars[1].cells[1]',
      /outside the 4×2 board/,
    ],
    [
      'a screw off its bar',
      (o: Doc) => (o.bars[1]!.screws[0]!.x = 0.5),
      '$.bars[1].screws[0]',
      /not on its bar/,
    ],
    [
      'a bar with no screws',
      (o: Doc) => (o.bars[2]!.screws = []),
      '$.bars[2].screws',
      /at least one screw/,
    ],
    [
      'an unknown colour',
      (o: Doc) => (o.bars[3]!.screws[1]!.color = 'green'),
      '$.bars[3].screws[1].color',
      /not in \$\.colors/,
    ],
    ['a wrong type', (o: Doc) => (o.width = '4'), '$.width', /integer|number/],
    [
      'both cells and polygon',
      (o: Doc) =>
        (o.bars[0]!.polygon = [
          [0, 0],
          [1, 0],
          [1, 1],
        ]),
      '$.bars[0]',
      /exactly one/,
    ],
    [
      'a polygon vertex off the board',
      (o: Doc) => {
        delete o.bars[2]!.cells;
        o.bars[2]!.polygon = [
          [2, 0],
          [5, 0],
          [4, 1],
        ];
      },
      '$.bars[2].polygon[1]',
      /outside/,
    ],
    [
      'an unknown field',
      (o: Doc) => (o.bars[0]!.colour = 'x'),
      '$.bars[0].colour',
      /unknown field/,
    ],
    ['a duplicate colour', (o: Doc) => (o.colors = ['red', 'red']), '$.colors[1]', /twice/],
    [
      'a solution tap out of range',
      (o: Doc) => (o.solution = { boxes: ['red'], taps: [6] }),
      '$.solution.taps[0]',
      /0\.\.5/,
    ],
  ])('rejects %s with a JSON path', (_name, mutate, path, message) => {
    const o = clone();
    mutate(o);
    const e = errorOf(() => validateLevel(o));
    expect(e.code).toBe('INVALID_LEVEL');
    expect(e.path).toBe(path);
    expect(e.message).toMatch(message);
  });

  it('accepts polygon bars and checks screws against the polygon', () => {
    const o = clone();
    delete o.bars[2]!.cells;
    o.bars[2]!.polygon = [
      [2, 0],
      [4, 0],
      [4, 1],
      [2, 1],
    ];
    expect(validateLevel(o).bars[2]!.polygon).toHaveLength(4);
    o.bars[2]!.polygon = [
      [3, 0],
      [4, 0],
      [4, 0.4],
    ];
    expect(errorOf(() => validateLevel(o)).path).toBe('$.bars[2].screws[0]');
  });

  it('round-trips generated levels through formatLevel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (seed) => {
        const level = generated({
          colors: 3,
          boxesPerColor: 1,
          layers: 2,
          width: 5,
          height: 5,
          seed,
        });
        expect(parseLevel(formatLevel(level))).toEqual(level);
      }),
      { numRuns: 15 },
    );
  });

  it('never crashes on arbitrary JSON: it returns a level or throws a puzzlekit error', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        try {
          validateLevel(value);
        } catch (e) {
          expect(isPuzzlekitError(e)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        try {
          parseLevel(text);
        } catch (e) {
          expect(isPuzzlekitError(e)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never crashes on mutated valid levels', () => {
    const paths: ((o: Doc, v: unknown) => void)[] = [
      (o, v) => (o.bars[0]!.screws[0]!.x = v),
      (o, v) => (o.bars[1]!.cells = v as unknown[]),
      (o, v) => (o.bars[2]!.layer = v),
      (o, v) => (o.colors = v),
      (o, v) => (o.traySize = v),
      (o, v) => ((o.bars as unknown[])[3] = v),
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: paths.length - 1 }), fc.jsonValue(), (k, v) => {
        const o = clone();
        paths[k]!(o, v);
        try {
          validateLevel(o);
        } catch (e) {
          expect(e).toBeInstanceOf(InvalidInputError);
          expect((e as InvalidInputError).path).toMatch(/^\$/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the README level example', () => {
  it('is valid, has the depths the README describes, and its solution wins', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const block = /```json\n(\{\n {2}"name": "tiny"[\s\S]*?)```/.exec(readme)![1]!;
    const level = parseLevel(block);
    const { screwDepths } = await import('../board.js');
    const { replaySolution } = await import('../simulate/simulate.js');
    expect(screwDepths(level)).toEqual([0, 1, 0, 0, 0, 0]);
    expect(replaySolution(level, level.solution!).won).toBe(true);
  });
});
