import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ParseError } from './index.js';
import { locateJsonError, parseJson } from './json.js';

describe('locateJsonError', () => {
  it('finds hand-checked offsets and reasons', () => {
    expect(locateJsonError('{"a": tru}')).toEqual({ offset: 6, reason: "unexpected 't'" });
    expect(locateJsonError('[1, 2')?.offset).toBe(5);
    expect(locateJsonError('{"a" 1}')?.reason).toMatch(/expected ':'/);
    expect(locateJsonError('{"a":1,}')?.reason).toMatch(/property name/);
    expect(locateJsonError('"abc')?.reason).toBe('unterminated string');
    expect(locateJsonError('[1] x')?.reason).toMatch(/after the JSON value/);
    expect(locateJsonError('{"a": [1, {"b": null}]}')).toBeNull();
  });

  it('agrees with JSON.parse about validity, on valid JSON and on mutations of it (property)', () => {
    fc.assert(
      fc.property(
        fc.json(),
        fc.nat(),
        fc.constantFrom('', '}', ']', ',', ':', '"', 'x', '\n'),
        (json, at, insert) => {
          expect(locateJsonError(json)).toBeNull();
          const cut = at % (json.length + 1);
          const broken = json.slice(0, cut) + insert + json.slice(cut + (insert === '' ? 1 : 0));
          let valid = true;
          try {
            JSON.parse(broken);
          } catch {
            valid = false;
          }
          const problem = locateJsonError(broken);
          expect(problem === null).toBe(valid);
          if (problem) expect(problem.offset).toBeLessThanOrEqual(broken.length);
        },
      ),
    );
  });
});

describe('parseJson', () => {
  it('parses valid JSON, with or without a byte-order mark', () => {
    expect(parseJson('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(parseJson('\uFEFF[true]')).toEqual([true]);
  });

  it('throws a ParseError with line, column and source', () => {
    let caught: unknown;
    try {
      parseJson('{\n  "a": 1,\n  "b": tru\n}', 'level.json');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ParseError);
    expect(caught).toMatchObject({ line: 3, column: 8, source: 'level.json', code: 'PARSE_ERROR' });
    expect((caught as Error).message).toBe("level.json:3:8: invalid JSON: unexpected 't'");
  });
});

describe('parseJson nesting limit', () => {
  it('refuses 5,000-deep nesting with a TOO_DEEP ParseError at the opening bracket', () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const error = (() => {
      try {
        parseJson(`\n  ${deep}`, 'garden.json');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ParseError);
    const p = error as ParseError;
    expect(p.code).toBe('TOO_DEEP');
    expect(p.line).toBe(2);
    // The 257th '{' opens the level past 256: 2 spaces, then 256 × '{"a":' before it.
    expect(p.column).toBe(3 + 256 * 5);
    expect(p.message).toMatch(/^garden\.json:2:\d+: JSON nested deeper than 256 levels$/);
    expect(() => parseJson('['.repeat(100_000))).toThrow(/nested deeper/);
  });

  it('accepts nesting up to the limit, and brackets inside strings do not count (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.string(), (depth, text) => {
        const value = JSON.stringify(text);
        const nested = '['.repeat(depth) + value + ']'.repeat(depth);
        expect(parseJson(nested, 'x', { maxDepth: 40 })).toEqual(JSON.parse(nested));
        expect(() => parseJson(`[${nested}]`, 'x', { maxDepth: depth })).toThrow(ParseError);
        // A string full of brackets stays a flat string.
        expect(parseJson(JSON.stringify('[{'.repeat(depth) + text), 'x', { maxDepth: 1 })).toBe(
          '[{'.repeat(depth) + text,
        );
      }),
    );
  });
});

describe('locateJsonError quotes the offending character escaped', () => {
  it('never repeats a raw control character', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x1f }), (code) => {
        const problem = locateJsonError(`{"a": ${String.fromCharCode(code)}}`);
        if (problem === null) return;
        expect([...problem.reason].every((ch) => ch.charCodeAt(0) >= 0x20)).toBe(true);
      }),
    );
    expect(locateJsonError('[1,\u0000]')?.reason).toBe("unexpected '\\u0000'");
  });
});
