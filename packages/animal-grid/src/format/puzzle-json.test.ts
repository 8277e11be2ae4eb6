import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError, ParseError } from '@puzzlekit/errors';
import { formatPuzzle, parsePuzzle, validatePuzzle } from './puzzle-json.js';
import { LEVEL_50, hasControlCharacter, puzzleArb } from '../test-support.js';

const pathOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    if (e instanceof InvalidInputError) return e.path;
    throw e;
  }
  return 'no error';
};

describe('puzzle JSON', () => {
  it('round-trips through formatPuzzle', () => {
    fc.assert(
      fc.property(puzzleArb, (p) => {
        // Every random puzzle is valid, contradictory ones included (they have 0 solutions).
        const parsed = parsePuzzle(formatPuzzle(p));
        expect(parsed).toEqual(p);
        expect(parsePuzzle(formatPuzzle(parsed))).toEqual(parsed);
      }),
      { numRuns: 200 },
    );
  });

  it('points at the bad value with a JSON path', () => {
    const base = JSON.parse(JSON.stringify(LEVEL_50)) as {
      animals: Record<string, unknown>;
      constraints: Record<string, unknown>[];
    };
    const variant = (edit: (o: typeof base) => void): unknown => {
      const o = JSON.parse(JSON.stringify(base)) as typeof base;
      edit(o);
      return o;
    };
    expect(pathOf(() => validatePuzzle(variant((o) => (o.animals.lion = 4))))).toBe(
      '$.animals.lion',
    );
    expect(pathOf(() => validatePuzzle(variant((o) => (o.animals.dragon = 1))))).toBe(
      '$.animals.dragon',
    );
    expect(pathOf(() => validatePuzzle(variant((o) => (o.animals.lion = 1))))).toBe('$.animals');
    expect(
      pathOf(() => validatePuzzle(variant((o) => (o.constraints[1]!.fruits = ['apple'])))),
    ).toBe('$.constraints[1].fruits[0]');
    expect(pathOf(() => validatePuzzle(variant((o) => (o.constraints[0]!.height = 4))))).toBe(
      '$.constraints[0].height',
    );
    expect(
      pathOf(() => validatePuzzle(variant((o) => (o.constraints[3]!.animals = ['cat', 'hippo'])))),
    ).toBe('$.constraints[3].animals[0]');
    expect(
      pathOf(() =>
        validatePuzzle(variant((o) => (o.constraints[3]!.animals = ['hippo', 'hippo']))),
      ),
    ).toBe('$.constraints[3].animals[1]');
    expect(
      pathOf(() => validatePuzzle(variant((o) => (o.constraints[2]!.type = 'diagonal')))),
    ).toBe('$.constraints[2].type');
    expect(pathOf(() => validatePuzzle(variant((o) => (o.constraints[2]!.in = 'no'))))).toBe(
      '$.constraints[2].in',
    );
    // Conditions that leave the lions no cell make a valid puzzle with no solution (solve says why).
    expect(
      pathOf(() =>
        validatePuzzle(
          variant((o) => o.constraints.push({ type: 'height', animal: 'lion', height: 3 })),
        ),
      ),
    ).toBe('no error');
    expect(
      pathOf(() =>
        validatePuzzle(
          variant((o) =>
            o.constraints.push({
              type: 'relativeHeight',
              animal: 'lion',
              relation: 'above',
              than: 'panda',
            }),
          ),
        ),
      ),
    ).toBe('$.constraints[6].relation');
    expect(pathOf(() => validatePuzzle([]))).toBe('$');
  });

  it('gives line and column for broken JSON', () => {
    try {
      parsePuzzle('{\n  "animals": {\n    "lion": 2,,\n  }\n}', 'p.json');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ParseError);
      expect((e as ParseError).line).toBe(3);
      expect((e as ParseError).message).toMatch(/^p\.json:3:/);
    }
  });

  it('never crashes on arbitrary JSON: it parses or throws a typed error', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        try {
          validatePuzzle(v);
        } catch (e) {
          expect(e).toBeInstanceOf(InvalidInputError);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads nesting, prototype keys, BOM, CRLF and NUL without crashing or echoing raw input', () => {
    const text = formatPuzzle(LEVEL_50);
    expect(parsePuzzle('\uFEFF' + text.replace(/\n/g, '\r\n'))).toEqual(parsePuzzle(text));
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    expect(() =>
      parsePuzzle(text.replace('"constraints": [', `"x": ${deep}, "constraints": [`)),
    ).toThrow(ParseError);
    let nested: unknown = 1;
    for (let i = 0; i < 5000; i++) nested = { a: [nested] };
    for (const key of ['animals', 'constraints'] as const)
      expect(() => validatePuzzle({ ...LEVEL_50, [key]: nested })).toThrow(InvalidInputError);
    const keys = fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'a\u0000b'),
      fc.string({ maxLength: 2000 }),
    );
    fc.assert(
      fc.property(keys, fc.jsonValue(), (key, value) => {
        const raw = `{"animals": {${JSON.stringify(key)}: ${JSON.stringify(value) ?? 'null'}, "panda": 5}, "constraints": []}`;
        try {
          parsePuzzle(raw);
        } catch (e) {
          expect(e).toBeInstanceOf(InvalidInputError);
          const message = (e as Error).message;
          expect(message.length).toBeLessThan(400);
          expect(hasControlCharacter(message)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
    const many = JSON.stringify({
      animals: { panda: 5, lion: 3, tiger: 1 },
      constraints: Array.from({ length: 1_000_000 }, () => ({
        type: 'height',
        animal: 'tiger',
        height: 3,
      })),
    });
    expect(pathOf(() => parsePuzzle(many))).toBe('$.constraints');
  });
});
