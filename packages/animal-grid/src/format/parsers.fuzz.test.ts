/**
 * One fuzz suite over every text parser of the package (puzzle, collection, board, placement, fit
 * rows; the garden level has its own in garden.test.ts): whatever the text, each parser returns a
 * value or throws a typed puzzlekit error whose message is short and holds no control character.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPuzzlekitError } from '@puzzlekit/errors';
import { formatPuzzle, parsePuzzle } from './puzzle-json.js';
import { formatCollection, parseCollection, parsePuzzleOrCollection } from './collection.js';
import { formatBoard, parseBoard, parsePlacement } from '../text/board.js';
import { MAX_FIT_ROWS, parseLevelRows } from '../rate/fit.js';
import { PAPER_TABLE } from '../rate/difficulty.js';
import { solve } from '../solve/solver.js';
import { LEVEL_50, hasControlCharacter } from '../test-support.js';

const PARSERS: Record<string, (text: string) => unknown> = {
  puzzle: (t) => parsePuzzle(t, 'p.json'),
  collection: (t) => parseCollection(t, 'c.json'),
  'puzzle or collection': (t) => parsePuzzleOrCollection(t, 'c.json', 1),
  board: (t) => parseBoard(t, 'b.txt'),
  placement: (t) => parsePlacement(t),
  'fit rows': (t) => parseLevelRows(t, 'rows.json'),
};

/** Runs `parse`; a thrown error must be a short, clean, typed puzzlekit error. */
function parsesOrFailsCleanly(parse: (text: string) => unknown, text: string): void {
  try {
    parse(text);
  } catch (e) {
    expect(isPuzzlekitError(e)).toBe(true);
    const message = (e as Error).message;
    expect(message.length).toBeLessThan(600);
    expect(hasControlCharacter(message)).toBe(false);
  }
}

const samples = {
  puzzle: formatPuzzle(LEVEL_50),
  collection: formatCollection([
    { name: '1', puzzle: LEVEL_50, answer: solve(LEVEL_50).solutions[0]! },
  ]),
  board: formatBoard(solve(LEVEL_50).solutions[0]!),
  rows: JSON.stringify(PAPER_TABLE),
};

/** Hostile variants of a valid text: nesting, prototype keys, BOM, CRLF, NUL, huge numbers. */
const hostile = (base: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constant('\uFEFF' + base.replace(/\n/g, '\r\n')),
    fc.nat({ max: 5000 }).map((d) => '['.repeat(d) + ']'.repeat(d)),
    fc.nat({ max: 5000 }).map((d) => '{"a":'.repeat(d) + '1' + '}'.repeat(d)),
    fc
      .constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'a\u0000b')
      .map((k) => base.replace(/"(animals|puzzles|level|name)"/, `${JSON.stringify(k)}`)),
    fc
      .constantFrom('1e400', '9007199254740993', '-0', '1e308')
      .map((n) => base.replace(/\b\d+\b/, n)),
    fc.string({ maxLength: 400 }).map((junk) => base.slice(0, base.length >> 1) + junk),
    fc.string({ maxLength: 2000 }),
    fc.constant(base.replace(/\n/g, '\u0000')),
  );

describe('every parser on hostile text', () => {
  for (const [name, parse] of Object.entries(PARSERS)) {
    it(`${name}: typed errors only`, () => {
      fc.assert(
        fc.property(fc.constantFrom(...Object.values(samples)).chain(hostile), (text) =>
          parsesOrFailsCleanly(parse, text),
        ),
        { numRuns: 150 },
      );
    });
  }

  it('reads the sample texts, with a byte-order mark and CRLF line ends too', () => {
    expect(parsePuzzle('\uFEFF' + samples.puzzle.replace(/\n/g, '\r\n'))).toEqual(LEVEL_50);
    expect(
      parseCollection('\uFEFF' + samples.collection.replace(/\n/g, '\r\n'))[0]!.puzzle,
    ).toEqual(LEVEL_50);
    expect(parseBoard('\uFEFF' + samples.board.replace(/\n/g, '\r\n'))).toHaveLength(9);
    expect(parseLevelRows(samples.rows)).toEqual(PAPER_TABLE);
  });

  it('refuses huge counts before working on them', () => {
    const rows = JSON.stringify(Array.from({ length: MAX_FIT_ROWS + 1 }, () => PAPER_TABLE[0]));
    expect(() => parseLevelRows(rows)).toThrow(`at most ${MAX_FIT_ROWS} rows`);
    expect(() => parseLevelRows(samples.rows.replace('"x1":0', '"x1":1e300'))).toThrow(
      /\$\[0\]\.x1: .*from -1000000000 to 1000000000/,
    );
    expect(() => parseBoard('lion '.repeat(30_000))).toThrow(/at most 100000 characters/);
    expect(parsePlacement('lion@apple/banana')).toEqual({ animal: 'lion', x: 1, y: 2 });
    expect(() => parsePlacement('lion@kiwi/banana')).toThrow(/no such cell/);
  });
});
