import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError, ParseError } from '@puzzlekit/errors';
import { formatPuzzle, parsePuzzle, validatePuzzle } from './puzzle-json.js';
import { LEVEL_50, puzzleArb } from '../test-support.js';

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
        let parsed;
        try {
          parsed = parsePuzzle(formatPuzzle(p));
        } catch (e) {
          // Random conditions may be contradictory on their own; that is reported, with a path.
          expect(e).toBeInstanceOf(InvalidInputError);
          expect((e as InvalidInputError).path).toMatch(/^\$\.constraints\[\d+\]$/);
          return;
        }
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
    expect(
      pathOf(() =>
        validatePuzzle(
          variant((o) => o.constraints.push({ type: 'height', animal: 'lion', height: 3 })),
        ),
      ),
    ).toBe('$.constraints[6]');
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
});
