import { ParseError } from '@puzzlekit/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAssignment } from './jsfile.js';

describe('parseAssignment', () => {
  it('strips `var x =` and `main.floors.X=` prefixes and a trailing semicolon', () => {
    expect(parseAssignment('var maps_90f3 = \n{"1": {"cls": "animates"}}', 'maps.js')).toEqual({
      '1': { cls: 'animates' },
    });
    expect(parseAssignment('main.floors.MT1=\n{"floorId":"MT1"};\n', 'floors/MT1.js')).toEqual({
      floorId: 'MT1',
    });
    expect(parseAssignment('\uFEFFvar data_a1 =\r\n[1,2]\r\n', 'data.js')).toEqual([1, 2]);
  });

  it('reports a missing prefix at the first character', () => {
    const e = catchParse(() => parseAssignment('\n  {"a":1}', 'items.js'));
    expect(e.source).toBe('items.js');
    expect([e.line, e.column]).toEqual([2, 3]);
    expect(e.message).toMatch(/^items\.js:2:3: expected the file to start with/);
  });

  it('points at the line and column of bad JSON, naming the file', () => {
    const text = 'var enemys_x = \n{\n\t"slime": {"hp": 50,, "atk": 3}\n}';
    const e = catchParse(() => parseAssignment(text, 'enemys.js'));
    expect([e.line, e.column]).toEqual([3, 21]);
    expect(e.reason).toMatch(/property name/);
    const unterminated = catchParse(() =>
      parseAssignment('main.floors.A=\n{"map": [[1, 2]', 'floors/A.js'),
    );
    expect([unterminated.line, unterminated.column]).toEqual([2, 16]);
    expect(unterminated.reason).toMatch(/end of input/);
    const js = catchParse(() =>
      parseAssignment('var f = function () { return 1; }', 'functions.js'),
    );
    expect([js.line, js.column]).toEqual([1, 9]);
  });

  it('round-trips any JSON value behind a prefix (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom('var data_x = \n', 'main.floors.MT7=', 'var   maps_a_b=\t'),
        (value, prefix) => {
          const text = prefix + JSON.stringify(value, null, 2);
          expect(parseAssignment(text, 'f.js')).toEqual(JSON.parse(JSON.stringify(value)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('throws only ParseError with an in-range position on corrupted files (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.nat(),
        fc.constantFrom('{', '}', ',', ':', '"', 'x', ']', '\n'),
        (value, at, junk) => {
          const body = JSON.stringify(value, null, 1);
          const k = at % (body.length + 1);
          const text = `var x = ${body.slice(0, k)}${junk}${body.slice(k)}`;
          let parsed: unknown;
          try {
            parsed = parseAssignment(text, 'x.js');
          } catch (error) {
            expect(error).toBeInstanceOf(ParseError);
            const e = error as ParseError;
            const lines = text.split('\n');
            expect(e.line).toBeGreaterThanOrEqual(1);
            expect(e.line).toBeLessThanOrEqual(lines.length);
            expect(e.column).toBeGreaterThanOrEqual(1);
            expect(e.column).toBeLessThanOrEqual((lines[e.line - 1]?.length ?? 0) + 1);
            return;
          }
          // Some insertions keep the JSON valid (a newline between tokens, a character inside a string).
          expect(parsed).toEqual(JSON.parse(text.slice(8)));
        },
      ),
      { numRuns: 500 },
    );
  });
});

function catchParse(fn: () => unknown): ParseError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}
