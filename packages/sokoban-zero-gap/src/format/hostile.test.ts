// Hostile input for the two text formats: huge run-length counts, deep nesting, prototype keys, BOM,
// CRLF, NUL. Each property is one class of fault that once crashed, hung or ate gigabytes.
import { ParseError } from '@puzzlekit/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BOARD_SIDE, type Level } from '../model.js';
import { lurdLimit, parseLurd, printLurd } from './lurd.js';
import { MAX_RLE_DEPTH } from './rle.js';
import { parseLevel, parseXsb, printBoard, printLevel } from './xsb.js';
import { verify } from '../play.js';

/** Runs `fn`; returns its value or the ParseError it threw. Any other error fails the test. */
function parsedOrParseError<T>(fn: () => T): T | ParseError {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
}

const LURD_NOISE = [...'lurdLURD0123456789()| \n\r\t\0x', '\uFEFF', '9999999999'];
const XSB_NOISE = [
  ...'#@+$*.-_ 0123456789()|\n\r\t;:\0',
  '\uFEFF',
  '99999999',
  '__proto__: x\n',
  'constructor: y\n',
  'toString: z\n',
  'Comment:\n',
  'Title: t\n',
];

describe('run-length counts are bounded before anything is allocated', () => {
  it('a count or a product of nested counts past the limit is a ParseError naming the limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 2n ** 64n }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('l', 'uR', 'U'),
        (counts, body) => {
          // counts[0]( counts[1]( … body … ) )
          let text: string = body;
          for (const c of counts) text = `${c}(${text})`;
          const expected = counts.reduce((a, c) => a * c, BigInt(body.length));
          const r = parsedOrParseError(() => parseLurd(text));
          const limit = BigInt(lurdLimit(text.length));
          // refused when the whole expands too far, or a single count alone is past the limit
          if (expected <= limit && counts.every((c) => c <= limit)) {
            expect(typeof r === 'string' && BigInt(r.length) === expected).toBe(true);
          } else {
            expect(r).toBeInstanceOf(ParseError);
            expect((r as ParseError).reason).toMatch(/limit of [\d,]+ moves/);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the reported cases fail at once with line and column', () => {
    for (const text of ['49999999l', '42429496uR)', `${'9'.repeat(400)}l`]) {
      const e = parsedOrParseError(() => parseLurd(text));
      expect(e).toBeInstanceOf(ParseError);
      expect([(e as ParseError).line, (e as ParseError).column]).toEqual([1, 1]);
    }
    const board = parsedOrParseError(() => parseXsb('#####\n#@$.#\n#####\n49999999#\n'));
    expect(board).toBeInstanceOf(ParseError);
    expect([(board as ParseError).line, (board as ParseError).column]).toEqual([4, 1]);
    expect((board as ParseError).reason).toMatch(/1,049,600/);
  });

  it('a board wider or taller than the limit is refused, however it is written', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MAX_BOARD_SIDE + 1, max: 10 * MAX_BOARD_SIDE }),
        fc.constantFrom('row', 'rle-row', 'rle-rows', 'lines'),
        (n, form) => {
          const text =
            form === 'row'
              ? '#'.repeat(n)
              : form === 'rle-row'
                ? `${n}#`
                : form === 'rle-rows'
                  ? `${n}(#|)`
                  : '#\n'.repeat(n);
          const e = parsedOrParseError(() => parseXsb(text));
          expect(e).toBeInstanceOf(ParseError);
          expect((e as ParseError).reason).toMatch(new RegExp(`${MAX_BOARD_SIDE}|1,049,600`));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('nesting is bounded and never overflows the stack', () => {
  it(`groups nested deeper than ${MAX_RLE_DEPTH} levels are a ParseError, in LURD and XSB`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.boolean(), (depth, xsb) => {
        const text = `${'('.repeat(depth)}${xsb ? '#' : 'l'}${')'.repeat(depth)}`;
        const r = parsedOrParseError(() => (xsb ? parseXsb(text) : parseLurd(text)));
        if (depth > MAX_RLE_DEPTH) {
          expect(r).toBeInstanceOf(ParseError);
          expect((r as ParseError).reason).toMatch(/nested deeper than 100/);
        } else if (!xsb) expect(r).toBe('l');
      }),
      { numRuns: 60 },
    );
    expect(parsedOrParseError(() => parseXsb('130000(#|)'))).toBeInstanceOf(ParseError);
    expect(parsedOrParseError(() => parseLurd('('.repeat(130_000)))).toBeInstanceOf(ParseError);
  });
});

describe('arbitrary text', () => {
  it('parseLurd returns moves or throws a ParseError, nothing else', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LURD_NOISE), { maxLength: 80 }), (parts) => {
        const r = parsedOrParseError(() => parseLurd(parts.join('')));
        if (typeof r === 'string') expect(r).toMatch(/^[lurdLURD]*$/);
      }),
      { numRuns: 1000 },
    );
  });

  it('parseXsb returns levels or throws a ParseError, nothing else', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...XSB_NOISE), { maxLength: 80 }), (parts) => {
        const r = parsedOrParseError(() => parseXsb(parts.join('')));
        if (!(r instanceof ParseError)) {
          for (const l of r.levels) {
            expect(l.width).toBeLessThanOrEqual(MAX_BOARD_SIDE);
            expect(l.height).toBeLessThanOrEqual(MAX_BOARD_SIDE);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('a byte-order mark, CRLF and prototype-named keys read as plain data', () => {
    const text =
      '\uFEFF#####\r\n#@$.#\r\n#####\r\nconstructor: b\r\ntoString: c\r\n__proto__: a\r\n';
    const c = parseXsb(text);
    expect(c.levels).toHaveLength(1);
    expect(c.levels[0]!.properties).toEqual([
      ['constructor', 'b'],
      ['toString', 'c'],
    ]);
    // a key must start with a letter: `__proto__: a` is a comment line, kept as text
    expect(c.comments).toEqual(['__proto__: a']);
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(parseLurd('\uFEFFlu\r\nRD')).toBe('luRD');
    const nul = parsedOrParseError(() => parseXsb('#####\n#@$\0#\n#####'));
    expect(nul).toBeInstanceOf(ParseError);
    expect([(nul as ParseError).line, (nul as ParseError).column]).toEqual([2, 4]);
  });

  it('never writes a control character of the input into an error message (issue 29: ESC, NUL)', () => {
    const controls = fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f);
    fc.assert(
      fc.property(controls, fc.constantFrom('board', 'lurd', 'verify'), (code, where) => {
        const ch = String.fromCharCode(code);
        if (ch === '\n' || ch === '\r' || ch === '\t') return;
        const message = ((): string => {
          try {
            if (where === 'board') parseXsb(`#####\n#@$${ch}.#\n#####`);
            else if (where === 'lurd') parseLurd(`uu${ch}[2Jd`);
            else verify(parseLevel('#####\n#@$.#\n#####'), [{ box: 99, direction: 0 }]);
          } catch (error) {
            return (error as Error).message;
          }
          return '';
        })();
        // eslint-disable-next-line no-control-regex
        expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      }),
    );
    expect(() => parseXsb('#####\n#@$\u001b[31m.#\n#####')).toThrow(
      "input:2:4: unexpected character '\\u001b'",
    );
    // a character outside the BMP is named whole, never half of it
    expect(() => parseXsb('#####\n#@$😀.#\n#####')).toThrow("unexpected character '😀'");
  });
});

/** Boards made of closed blocks stacked with empty rows between them (the first holds the player). */
const blockedBoardArb = fc
  .array(
    fc.record({
      w: fc.integer({ min: 3, max: 6 }),
      h: fc.integer({ min: 3, max: 5 }),
      indent: fc.integer({ min: 0, max: 3 }),
      gap: fc.integer({ min: 0, max: 2 }),
      pair: fc.boolean(),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((blocks) => {
    const rows: string[] = [];
    blocks.forEach((b, i) => {
      if (i > 0) for (let g = 0; g < b.gap; g++) rows.push('');
      const pad = ' '.repeat(b.indent);
      rows.push(pad + '#'.repeat(b.w));
      for (let y = 1; y < b.h - 1; y++) {
        let inner = '-'.repeat(b.w - 2).split('');
        if (y === 1 && i === 0) inner[0] = '@';
        if (y === 1 && b.pair && b.w >= 5) inner = [inner[0]!, '$', '.', ...inner.slice(3)];
        rows.push(`${pad}#${inner.join('')}#`);
      }
      rows.push(pad + '#'.repeat(b.w));
    });
    return rows.join('|');
  });

function sameLevel(a: Level, b: Level): void {
  expect([b.width, b.height, b.player]).toEqual([a.width, a.height, a.player]);
  expect(Array.from(b.cells)).toEqual(Array.from(a.cells));
}

describe('printers parse back', () => {
  it('XSB with empty rows inside the board round-trips (plain and RLE)', () => {
    const level = parseLevel('#####|#@$.#|#####||###|#-#|###');
    expect(level.height).toBe(7);
    sameLevel(level, parseLevel(printBoard(level)));
    fc.assert(
      fc.property(blockedBoardArb, fc.boolean(), (text, rle) => {
        const level = parseLevel(text);
        sameLevel(level, parseLevel(printLevel(level, { rle })));
      }),
      { numRuns: 200 },
    );
  });

  it('LURD wrapped at any width, run-length or not, parses back; runs are never split', () => {
    expect(printLurd('l'.repeat(100), { rle: true, lineWidth: 3 })).toBe('100l');
    const movesArb = fc
      .array(
        fc.record({ move: fc.constantFrom(...'lurdLURD'), run: fc.integer({ min: 1, max: 150 }) }),
        { maxLength: 20 },
      )
      .map((runs) => runs.map((r) => r.move.repeat(r.run)).join(''));
    fc.assert(
      fc.property(movesArb, fc.boolean(), fc.integer({ min: 0, max: 12 }), (moves, rle, width) => {
        const text = printLurd(moves, { rle, lineWidth: width });
        expect(parseLurd(text)).toBe(moves);
        for (const line of text.split('\n')) {
          // a line is within the width unless it is one run too long to fit any line
          if (width > 0 && line.length > width) expect(line).toMatch(/^\d+[lurdLURD]$/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
