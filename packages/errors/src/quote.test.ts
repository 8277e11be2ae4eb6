import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_QUOTED_CHARS, quoteInput, stripBom } from './quote.js';

describe('quoteInput', () => {
  it('quotes short text as it is', () => {
    expect(quoteInput('abc')).toBe("'abc'");
  });

  it('escapes control characters, quotes and backslashes', () => {
    expect(quoteInput('a\u0000b\nc\u001b[31m')).toBe("'a\\u0000b\\u000ac\\u001b[31m'");
    expect(quoteInput("it's \\")).toBe("'it\\'s \\\\'");
  });

  it('cuts long text and says how long it was', () => {
    const quoted = quoteInput('x'.repeat(1_000_000));
    expect(quoted).toBe(`'${'x'.repeat(MAX_QUOTED_CHARS)}…' (1000000 characters)`);
  });

  it('never lets a control character or more than the limit through (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.integer({ min: 1, max: 100 }),
        (s, max) => {
          const quoted = quoteInput(s, max);
          // eslint-disable-next-line no-control-regex
          expect(quoted).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u);
          // Each shown character escapes to at most 6 characters, plus quotes and the length note.
          expect(quoted.length).toBeLessThanOrEqual(max * 6 + 40);
        },
      ),
    );
  });
});

describe('stripBom', () => {
  it('removes one leading byte-order mark and nothing else', () => {
    expect(stripBom('\uFEFF#@$.#')).toBe('#@$.#');
    expect(stripBom('#@$.#')).toBe('#@$.#');
    expect(stripBom('a\uFEFF')).toBe('a\uFEFF');
  });
});

describe('quoteInput and surrogate pairs', () => {
  it('never cuts an emoji in half, and escapes a lone surrogate', () => {
    expect(quoteInput('ab😀cd', 3)).toBe(`'ab😀…' (5 characters)`);
    expect(quoteInput('😀'.repeat(3), 2)).toBe(`'😀😀…' (3 characters)`);
    expect(quoteInput('a\ud83d')).toBe(`'a\\ud83d'`);
  });
});
