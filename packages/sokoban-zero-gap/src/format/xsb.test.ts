import { readFileSync } from 'node:fs';
import { ParseError } from '@puzzlekit/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOX, GOAL, WALL, type Level } from '../model.js';
import { parseLevel, parseXsb, printBoard, printLevel, printXsb } from './xsb.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../../fixtures/sokoban/${name}`, import.meta.url), 'utf8');

function sameBoard(a: Level, b: Level): void {
  expect(b.width).toBe(a.width);
  expect(b.height).toBe(a.height);
  expect(b.player).toBe(a.player);
  expect(Array.from(b.cells)).toEqual(Array.from(a.cells));
}

function parseError(fn: () => unknown): ParseError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}

describe('real collections', () => {
  for (const [file, count] of [
    ['box_world_100.xsb', 100],
    ['microban_155.xsb', 155],
    ['xsokoban_90.xsb', 90],
  ] as const) {
    it(`parses every level of ${file} and round-trips it`, () => {
      const c = parseXsb(fixture(file));
      expect(c.levels).toHaveLength(count);
      for (const l of c.levels) {
        let boxes = 0;
        let goals = 0;
        for (const v of l.cells) {
          if (v & BOX) boxes++;
          if (v & GOAL) goals++;
        }
        expect(boxes).toBe(goals);
        expect(l.cells[l.player]! & (WALL | BOX)).toBe(0);
      }
      for (const floor of ['-', ' ', '_'] as const) {
        const again = parseXsb(printXsb(c, { floor }));
        expect(again.levels).toHaveLength(count);
        c.levels.forEach((l, i) => {
          const m = again.levels[i]!;
          sameBoard(l, m);
          expect(m.title).toBe(l.title);
          expect(m.author).toBe(l.author);
          expect(m.comments).toEqual(l.comments);
        });
        expect(again.comments).toEqual(c.comments);
        expect(again.author).toBe(c.author);
      }
    });
  }

  it('reads the Box World header and per-level titles', () => {
    const c = parseXsb(fixture('box_world_100.xsb'));
    expect(c.author).toBe('Thinking Rabbit');
    expect(c.comments[0]).toBe('Box World levels extracted by Box World Extractor');
    expect(c.levels[0]!.title).toBe('Boxworld 1');
    expect(c.levels[0]!.comments).toEqual(['Level 1']);
    // Level 1 as printed in the file, hand-checked.
    expect(printBoard(c.levels[0]!)).toBe(
      ['  ###', '  #.#', '  #-####', '###$-$.#', '#.-$@###', '####$#', '   #.#', '   ###'].join(
        '\n',
      ),
    );
  });

  it('keeps Microban numbers as level comments and the intro as header', () => {
    const c = parseXsb(fixture('microban_155.xsb'));
    expect(c.comments[0]).toBe('Microban (155 puzzles, revised April, 2000)');
    expect(c.levels[0]!.comments).toEqual(['1']);
    const first = c.levels[0]!;
    expect([first.width, first.height]).toEqual([6, 7]);
  });
});

describe('run-length encoding', () => {
  it('expands counts, nested groups and | row breaks', () => {
    const a = parseLevel('5#|#@$.#|5#');
    const b = parseLevel('#####\n#@$.#\n#####');
    sameBoard(a, b);
    const c = parseLevel('2(2(#)#)|#@2(-)#|#$.-2#|6#');
    expect(printBoard(c)).toBe('######\n#@--#\n#$.-##\n######');
  });

  it('prints and re-reads its own RLE form', () => {
    const l = parseLevel('#######\n#@ $ .#\n#######');
    const rle = printBoard(l, { rle: true });
    expect(rle).toBe('7#|#@-$-.#|7#');
    sameBoard(l, parseLevel(rle));
  });
});

describe('errors carry line and column', () => {
  it('unknown character', () => {
    const e = parseError(() => parseXsb('Title: x\n#####\n#@$X#\n#####\n'));
    expect([e.line, e.column]).toEqual([3, 4]);
    expect(e.reason).toMatch(/unexpected character 'X'/);
  });
  it('unknown character inside RLE keeps the source column', () => {
    const e = parseError(() => parseXsb('3#2Z#'));
    expect([e.line, e.column]).toEqual([1, 4]);
  });
  it('no player', () => {
    const e = parseError(() => parseXsb('\n#####\n#.$ #\n#####'));
    expect(e.line).toBe(2);
    expect(e.reason).toMatch(/no player/);
  });
  it('two players', () => {
    const e = parseError(() => parseXsb('######\n#@$.@#\n######'));
    expect([e.line, e.column]).toEqual([2, 5]);
  });
  it('box and goal counts differ', () => {
    const e = parseError(() => parseXsb('######\n#@$$.#\n######'));
    expect(e.reason).toMatch(/2 boxes but 1 goals/);
    expect(e.line).toBe(1);
  });
  it('a board not closed by walls', () => {
    const e = parseError(() => parseXsb('#####\n#@$. \n#####'));
    expect(e.reason).toMatch(/not closed/);
    expect(e.line).toBe(2);
  });
  it('unbalanced group', () => {
    const e = parseError(() => parseXsb('2(#-\n'));
    expect([e.line, e.column]).toEqual([1, 2]);
  });
  it('parseLevel wants exactly one level', () => {
    expect(() => parseLevel('; nothing here')).toThrow(ParseError);
    expect(() => parseLevel('###\n#@#\n###\n\n###\n#@#\n###')).toThrow(/found 2/);
  });
});

/** Random closed levels: a wall ring around random interior cells, one player. */
const levelArb = fc
  .record({
    w: fc.integer({ min: 3, max: 9 }),
    h: fc.integer({ min: 3, max: 7 }),
    seed: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 100, maxLength: 100 }),
    pairs: fc.integer({ min: 0, max: 4 }),
    title: fc.option(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,12}[A-Za-z0-9]$/), {
      nil: undefined,
    }),
    comment: fc.option(fc.stringMatching(/^[a-z]([a-z ]{0,10}[a-z])?$/), { nil: undefined }),
  })
  .map(({ w, h, seed, pairs, title, comment }) => {
    const width = w + 2;
    const height = h + 2;
    const cells = new Uint8Array(width * height);
    const inner: number[] = [];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const c = y * width + x;
        if (x === 0 || y === 0 || x === width - 1 || y === height - 1) cells[c] = WALL;
        else inner.push(c);
      }
    }
    let k = 0;
    const next = (): number => seed[k++ % seed.length]!;
    const player = inner[next() % inner.length]!;
    for (const c of inner) if (c !== player && next() === 0) cells[c] = WALL;
    const free = inner.filter((c) => c !== player && cells[c] === 0);
    const n = Math.min(pairs, free.length);
    for (let i = 0; i < n; i++) {
      const a = free[(i * 7 + next()) % free.length]!;
      const b = free[(i * 5 + next() + 3) % free.length]!;
      cells[a] = cells[a]! | BOX;
      cells[b] = cells[b]! | GOAL;
    }
    // fix counts: make boxes equal goals by dropping extras
    let boxes = 0;
    let goals = 0;
    for (const v of cells) {
      if (v & BOX) boxes++;
      if (v & GOAL) goals++;
    }
    for (let c = 0; c < cells.length && boxes !== goals; c++) {
      if (boxes > goals && cells[c]! & BOX) {
        cells[c] = cells[c]! & ~BOX;
        boxes--;
      } else if (goals > boxes && cells[c]! & GOAL) {
        cells[c] = cells[c]! & ~GOAL;
        goals--;
      }
    }
    const level: Level = {
      width,
      height,
      cells,
      player,
      ...(title !== undefined ? { title } : {}),
      ...(comment !== undefined ? { comments: [comment] } : {}),
    };
    return level;
  });

describe('properties', () => {
  it('print then parse gives the same level (plain and RLE, every floor character)', () => {
    fc.assert(
      fc.property(levelArb, fc.constantFrom('-', ' ', '_'), fc.boolean(), (level, floor, rle) => {
        const back = parseLevel(printLevel(level, { floor, rle }));
        sameBoard(level, back);
        expect(back.title).toBe(level.title);
        expect(back.comments).toEqual(level.comments);
      }),
      { numRuns: 300 },
    );
  });

  it('a collection of random levels round-trips', () => {
    fc.assert(
      fc.property(fc.array(levelArb, { minLength: 1, maxLength: 5 }), (levels) => {
        const text = printXsb({ comments: ['header line'], properties: [], author: 'me', levels });
        const back = parseXsb(text);
        expect(back.levels).toHaveLength(levels.length);
        levels.forEach((l, i) => sameBoard(l, back.levels[i]!));
        expect(back.comments).toEqual(['header line']);
        expect(back.author).toBe('me');
      }),
      { numRuns: 100 },
    );
  });

  it('never throws anything but ParseError on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'#@+$*.-_ 0123()|\n;:Tx'.split('')), maxLength: 60 }),
        (t) => {
          try {
            parseXsb(t);
          } catch (error) {
            expect(error).toBeInstanceOf(ParseError);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
