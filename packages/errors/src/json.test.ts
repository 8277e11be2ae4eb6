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
