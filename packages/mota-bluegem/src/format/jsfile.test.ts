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

  it('reads what the engine loads as a script: comments, trailing commas, any literal form', () => {
    const text = [
      '// exported by the editor',
      'var enemys_x = {',
      "  /* a block comment */ slime: {hp: 1e3, atk: 0x3, def: (3), gold: -5, 'name': 'Slime',},",
      '  bat: {hp: .5, atk: 1_000, special: [1, 2,], flag: !0, off: !1, none: null, tpl: `t`},',
      '  "__proto__": {hp: 7}, // a plain key, as JSON.parse reads it',
      '};',
    ].join('\n');
    const value = parseAssignment(text, 'enemys.js') as Record<string, Record<string, unknown>>;
    expect(value.slime).toEqual({ hp: 1000, atk: 3, def: 3, gold: -5, name: 'Slime' });
    expect(value.bat).toEqual({
      hp: 0.5,
      atk: 1000,
      special: [1, 2],
      flag: true,
      off: false,
      none: null,
      tpl: 't',
    });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['slime', 'bat', '__proto__']);
    expect(value['__proto__']).toEqual({ hp: 7 });
    expect(parseAssignment('main.floors.MT1 = {ratio: 2 * 3 - 1};', 'floors/MT1.js')).toEqual({
      ratio: 5,
    });
  });

  it('refuses anything that is not data (calls, names, functions) at its line and column, never running it', () => {
    for (const [text, at, what] of [
      ['var x = {a: alert(1)}', [1, 13], /a CallExpression/],
      ['var x = {a: window}', [1, 13], /the name window/],
      ['var x = {\n a: () => 1}', [2, 5], /a function/],
      ['var x = {[k]: 1}', [1, 10], /a computed key/],
      ['var x = `${1}`', [1, 9], /substitutions/],
    ] as const) {
      const e = catchParse(() => parseAssignment(text, 'data.js'));
      expect([e.line, e.column]).toEqual(at);
      expect(e.reason).toMatch(what);
    }
  });

  it('reports a file that is not one assignment at the statement', () => {
    const e = catchParse(() => parseAssignment('\n  load({"a":1})', 'items.js'));
    expect(e.source).toBe('items.js');
    expect([e.line, e.column]).toEqual([2, 3]);
    expect(e.message).toMatch(/^items\.js:2:3: expected the file to hold one/);
    expect(catchParse(() => parseAssignment('var a = 1; var b = 2', 'x.js')).column).toBe(12);
  });

  it('points at the line and column of a syntax error, naming the file', () => {
    const text = 'var enemys_x = \n{\n\t"slime": {"hp": 50,, "atk": 3}\n}';
    const e = catchParse(() => parseAssignment(text, 'enemys.js'));
    expect([e.line, e.column]).toEqual([3, 21]);
    expect(e.reason).toMatch(/Unexpected token/);
    const unterminated = catchParse(() =>
      parseAssignment('main.floors.A=\n{"map": [[1, 2]', 'floors/A.js'),
    );
    expect([unterminated.line, unterminated.column]).toEqual([2, 16]);
    expect(unterminated.reason).toMatch(/Unexpected token/);
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
          // Some insertions keep the script valid: a newline between tokens, a character inside a
          // string, a trailing comma (legal JavaScript, as the engine reads the file).
          expect(parsed).not.toBeInstanceOf(Error);
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
