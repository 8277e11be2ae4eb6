import { ParseError } from '@puzzlekit/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLurd, parsePushList, printLurd, printPushList } from './lurd.js';

describe('LURD', () => {
  it('expands run-length counts and groups and ignores whitespace', () => {
    expect(parseLurd('3l2(uR)d')).toBe('llluRuRd');
    expect(parseLurd('ll uu\n  RR\r\nD')).toBe('lluuRRD');
    expect(parseLurd('2(2(lr)U)')).toBe('lrlrUlrlrU');
    expect(parseLurd('')).toBe('');
  });

  it('reports the first bad character with line and column', () => {
    try {
      parseLurd('lurd\nlu x');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ParseError);
      const e = error as ParseError;
      expect([e.line, e.column]).toEqual([2, 4]);
    }
    expect(() => parseLurd('3')).toThrow(/not followed/);
    expect(() => parseLurd('l|r')).toThrow(ParseError);
  });

  it('prints run-length encoded and wrapped text that parses back (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'lurdLURD'.split('')), maxLength: 200 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 30 }),
        (moves, rle, lineWidth) => {
          const text = printLurd(moves, { rle, lineWidth });
          expect(parseLurd(text)).toBe(moves);
          if (lineWidth > 0)
            for (const line of text.split('\n'))
              if (line.length > lineWidth) expect(line).toMatch(/^\d+[lurdLURD]$/);
        },
      ),
      { numRuns: 300 },
    );
    expect(printLurd('llllUUr', { rle: true })).toBe('4lUUr');
  });
});

describe('push lists', () => {
  it('round-trip and check the board bounds', () => {
    const pushes = [
      { box: 12, direction: 2 as const }, // down
      { box: 7, direction: 3 as const }, // left
    ];
    const text = printPushList(pushes, 5);
    expect(text).toBe('2 2 D\n2 1 L\n');
    expect(parsePushList(text, 5, 5)).toEqual(pushes);
    expect(printPushList(Int32Array.of(12 * 4 + 2), 5)).toBe('2 2 D\n');
    expect(() => parsePushList('9 1 L', 5, 5)).toThrow(/outside/);
    expect(() => parsePushList('1 1\n', 5, 5)).toThrow(ParseError);
  });
});
