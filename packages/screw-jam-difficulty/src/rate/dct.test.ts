import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import {
  checkParams,
  dctCurrent,
  dctLeft,
  dctMiddle,
  isHard,
  rateSnapshot,
  SEED_PARAMS,
} from './dct.js';
import { parseSnapshot, validateSnapshot } from '../format/snapshot.js';
import type { Snapshot } from '../model.js';

describe("dctMiddle (the seed's first index), hand-computed", () => {
  it('l > 2: M/5·30 + (N − n_c)/N·70', () => {
    expect(dctMiddle({ M: 2, N: 6, nc: 3, deep: true })).toBeCloseTo(12 + 35, 10);
    expect(dctMiddle({ M: 0, N: 6, nc: 6, deep: true })).toBe(0);
    expect(dctMiddle({ M: 4, N: 6, nc: 0, deep: true })).toBeCloseTo(24 + 70, 10);
  });
  it('l ≤ 2: M/5·100', () => {
    expect(dctMiddle({ M: 3, N: 6, nc: 0, deep: false })).toBeCloseTo(60, 10);
    expect(dctMiddle({ M: 0, N: 6, nc: 0, deep: false })).toBe(0);
  });
  it('M = 5 gives 100 (the prose; the C# would give 30 + 35 = 65 here)', () => {
    expect(dctMiddle({ M: 5, N: 6, nc: 3, deep: true })).toBe(100);
    expect(dctMiddle({ M: 5, N: 6, nc: 3, deep: false })).toBe(100);
  });
  it('N = 0 makes the supply term 0', () => {
    expect(dctMiddle({ M: 1, N: 0, nc: 0, deep: true })).toBeCloseTo(6, 10);
  });
  it('weights and tray size are parameters', () => {
    const p = { trayWeight: 50, supplyWeight: 50, threshold: 40, traySize: 4 };
    expect(dctMiddle({ M: 2, N: 6, nc: 3, deep: true }, p)).toBeCloseTo(25 + 25, 10);
    expect(dctMiddle({ M: 4, N: 6, nc: 3, deep: true }, p)).toBe(100);
    expect(isHard(50, p)).toBe(true);
    expect(isHard(55)).toBe(false);
    expect(isHard(55.01)).toBe(true);
  });
});

describe("dctLeft (the seed's second index), hand-computed", () => {
  const base = { M: 4, K: 1, N: 6, na: 2, nb: 5, deep: true, hasCurrent: true };
  it('K < 3, l > 2: max((M − K)/5·30 + (N − n_b)/N·70, dct(a))', () => {
    // dct(a) = 4/5·30 + 4/6·70 = 24 + 46.67; own = 3/5·30 + 1/6·70 = 18 + 11.67.
    expect(dctCurrent(base)).toBeCloseTo(24 + 280 / 6, 10);
    expect(dctLeft(base)).toBeCloseTo(24 + 280 / 6, 10);
    expect(dctLeft({ ...base, na: 6, nb: 0, K: 0, M: 1 })).toBeCloseTo(6 + 70, 10);
  });
  it('K ≥ 3: dct(a)', () => {
    expect(dctLeft({ ...base, K: 3, nb: 0 })).toBeCloseTo(24 + 280 / 6, 10);
    expect(dctLeft({ ...base, K: 4, hasCurrent: false })).toBe(0);
  });
  it('K < 3, l ≤ 2: max((M − K)/5·100, dct(a))', () => {
    expect(dctLeft({ ...base, M: 3, K: 1, deep: false })).toBeCloseTo(60, 10);
    expect(dctLeft({ ...base, M: 3, K: 1, deep: false, hasCurrent: false })).toBeCloseTo(40, 10);
  });
  it('no current box: dct(a) = 0', () => {
    expect(dctLeft({ ...base, M: 2, K: 0, nb: 6, hasCurrent: false })).toBeCloseTo(12, 10);
  });
  it('M = 5 gives 100 whatever K', () => {
    expect(dctLeft({ ...base, M: 5, K: 3 })).toBe(100);
  });
  it('is never below dct(a) nor above 100 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 5 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (N, M, k0, a0, b0, deep) => {
          const i = {
            M,
            K: k0 % (M + 1),
            N,
            na: a0 % (N + 1),
            nb: b0 % (N + 1),
            deep,
            hasCurrent: true,
          };
          const d = dctLeft(i);
          expect(d).toBeGreaterThanOrEqual(dctCurrent(i) - 1e-9);
          expect(d).toBeLessThanOrEqual(100 + 1e-9);
          expect(d).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('rateSnapshot', () => {
  const snap: Snapshot = {
    maxPerColor: 6,
    screws: [
      { color: 'red', depth: 0 },
      { color: 'red', depth: 1 },
      { color: 'red', depth: 2 },
      { color: 'blue', depth: 0 },
      { color: 'blue', depth: 0 },
      { color: 'blue', depth: 1 },
      { color: 'green', depth: 3 },
    ],
    tray: ['blue', 'green', 'green'],
    currentBox: { color: 'red', filled: 1 },
  };
  const cover = { ...SEED_PARAMS, reading: 'cover' } as const;
  it('gives the hand-computed middle and left tables (C# reading, by covering bars)', () => {
    const r = rateSnapshot(snap, cover);
    expect(r.reading).toBe('cover');
    expect(r.colors).toEqual(['red', 'blue', 'green']);
    // middle: red M=3 n=2; blue M=2 n=3; green M=1 n=0.
    expect(r.middle.red).toBeCloseTo(18 + 280 / 6, 10);
    expect(r.middle.blue).toBeCloseTo(12 + 35, 10);
    expect(r.middle.green).toBeCloseTo(6 + 70, 10);
    // left: M=3, dct(a=red) = 18 + 46.67; blue K=1 own 12 + 35; green K=2 own 6 + 70.
    expect(r.current).toBeCloseTo(18 + 280 / 6, 10);
    expect(r.left.red).toBeCloseTo(18 + 280 / 6, 10);
    expect(r.left.blue).toBeCloseTo(18 + 280 / 6, 10);
    expect(r.left.green).toBeCloseTo(76, 10);
    // red has 3 screws left and the current box needs 2 of them: no new red box.
    expect(r.spawnable).toEqual(['blue', 'green']);
    expect(r.threshold).toBe(SEED_PARAMS.threshold);
  });
  it('without a current box the left index uses dct(a) = 0', () => {
    const r = rateSnapshot({ ...snap, currentBox: null }, cover);
    expect(r.current).toBeNull();
    // blue: own = (3 − 1)/5·30 + 3/6·70 = 12 + 35.
    expect(r.left.blue).toBeCloseTo(47, 10);
    expect(r.spawnable).toEqual(['red', 'blue', 'green']);
  });
  it('an empty board with an empty tray rates nothing and N = 0 is accepted', () => {
    expect(rateSnapshot({ maxPerColor: 0, screws: [], tray: [], currentBox: null }).colors).toEqual(
      [],
    );
  });
});

describe('the two readings of the article\'s "top two layers" and l', () => {
  // Layers on the board: 0..3 (l = 4). Top two layers: 3 and 2.
  const snap: Snapshot = {
    maxPerColor: 6,
    screws: [
      { color: 'red', depth: 0, layer: 3 },
      { color: 'red', depth: 0, layer: 1 },
      { color: 'red', depth: 2, layer: 0 },
      { color: 'blue', depth: 0, layer: 2 },
      { color: 'blue', depth: 1, layer: 1 },
      { color: 'green', depth: 0, layer: 0 },
    ],
    tray: [],
    currentBox: null,
  };
  it('prose (default): n_c counts screws in the two highest layers with a bar up', () => {
    const r = rateSnapshot(snap);
    expect(r.reading).toBe('layers');
    // red n = 1 (layer 3), blue n = 1 (layer 2), green n = 0; M = 0, l = 4 > 2.
    expect(r.middle.red).toBeCloseTo((5 / 6) * 70, 10);
    expect(r.middle.blue).toBeCloseTo((5 / 6) * 70, 10);
    expect(r.middle.green).toBeCloseTo(70, 10);
  });
  it('C#: n_c counts screws covered by at most one bar', () => {
    const r = rateSnapshot(snap, { ...SEED_PARAMS, reading: 'cover' });
    // red n = 2, blue n = 2, green n = 1; some screw has depth 2.
    expect(r.middle.red).toBeCloseTo((4 / 6) * 70, 10);
    expect(r.middle.blue).toBeCloseTo((4 / 6) * 70, 10);
    expect(r.middle.green).toBeCloseTo((5 / 6) * 70, 10);
  });
  it('two layers but a screw under two bars of one layer: l ≤ 2 in prose, l > 2 in the C#', () => {
    const two: Snapshot = {
      maxPerColor: 3,
      screws: [
        { color: 'red', depth: 2, layer: 0 },
        { color: 'red', depth: 0, layer: 1 },
        { color: 'red', depth: 0, layer: 1 },
      ],
      tray: ['blue'],
      currentBox: null,
    };
    // Prose: M/5·100 = 20. C#: 1/5·30 + (3 − 2)/3·70.
    expect(rateSnapshot(two).middle.red).toBeCloseTo(20, 10);
    expect(rateSnapshot(two, { ...SEED_PARAMS, reading: 'cover' }).middle.red).toBeCloseTo(
      6 + 70 / 3,
      10,
    );
  });
  it('the layer reading names the first screw without a layer', () => {
    const noLayer = { ...snap, screws: [...snap.screws, { color: 'red', depth: 0 }] };
    expect(() => rateSnapshot(noLayer)).toThrow(InvalidInputError);
    expect(() => rateSnapshot(noLayer)).toThrow(/\$\.screws\[6\]\.layer/);
    expect(() => checkParams({ ...SEED_PARAMS, reading: 'depth' as 'cover' })).toThrow(
      /\$\.reading/,
    );
  });
});

describe('colour names that are built-in object keys (property)', () => {
  const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'red', 'a'];
  it('every colour is rated, and equals the rating of the same board with plain names', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.nat(4), fc.nat(3), fc.nat(3)), { minLength: 1, maxLength: 20 }),
        fc.array(fc.nat(4), { maxLength: 4 }),
        fc.constantFrom<'layers' | 'cover'>('layers', 'cover'),
        (colors, screwsIn, trayIn, reading) => {
          const pick = (i: number): string => colors[i % colors.length]!;
          const make = (name: (i: number) => string): Snapshot => ({
            maxPerColor: 40,
            screws: screwsIn.map(([c, depth, layer]) => ({ color: name(c), depth, layer })),
            tray: trayIn.map(name),
            currentBox: { color: name(0), filled: 1 },
          });
          const hostile = make(pick);
          const plain = make((i) => `c${colors.indexOf(pick(i))}`);
          const params = { ...SEED_PARAMS, reading };
          const r = rateSnapshot(validateSnapshot(JSON.parse(JSON.stringify(hostile))), params);
          const p = rateSnapshot(plain, params);
          expect(r.colors).toEqual(p.colors.map((c) => colors[Number(c.slice(1))]));
          expect(Object.keys(r.middle)).toEqual(r.colors);
          expect(Object.keys(r.left)).toEqual(r.colors);
          r.colors.forEach((c, i) => {
            expect(typeof r.middle[c]).toBe('number');
            expect(r.middle[c]).toBe(p.middle[p.colors[i]!]);
            expect(r.left[c]).toBe(p.left[p.colors[i]!]);
          });
          expect(r.spawnable).toEqual(p.spawnable.map((c) => colors[Number(c.slice(1))]));
          expect(JSON.parse(JSON.stringify(r.middle))).toEqual(
            Object.fromEntries(r.colors.map((c) => [c, r.middle[c]])),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('snapshot validation', () => {
  it("parses the issue's form", () => {
    const s = parseSnapshot(
      '{"maxPerColor": 6, "screws": [{"color": "red", "depth": 0}], "tray": ["blue"], "currentBox": {"color": "red", "filled": 1}}',
    );
    expect(s.currentBox).toEqual({ color: 'red', filled: 1 });
  });
  it.each([
    [
      { maxPerColor: 3, screws: [], tray: ['a', 'a', 'b', 'b', 'c', 'c'], currentBox: null },
      '$.tray',
    ],
    [
      { maxPerColor: 3, screws: [{ color: 'a', depth: -1 }], tray: [], currentBox: null },
      '$.screws[0].depth',
    ],
    [
      {
        maxPerColor: 1,
        screws: [
          { color: 'a', depth: 0 },
          { color: 'a', depth: 0 },
        ],
        tray: [],
        currentBox: null,
      },
      '$.maxPerColor',
    ],
    [
      { maxPerColor: 3, screws: [], tray: [], currentBox: { color: 'a', filled: 3 } },
      '$.currentBox.filled',
    ],
    [
      { maxPerColor: 3, screws: [{ colour: 'a', depth: 0 }], tray: [], currentBox: null },
      '$.screws[0].colour',
    ],
    [{ screws: [], tray: [], currentBox: null }, '$.maxPerColor'],
  ])('rejects %j at %s', (input, path) => {
    try {
      validateSnapshot(input);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInputError);
      expect((e as InvalidInputError).path).toBe(path);
      expect((e as InvalidInputError).code).toBe('INVALID_SNAPSHOT');
    }
  });
});

describe('checkParams', () => {
  it('rejects non-finite weights and a bad tray size, naming the field', () => {
    expect(() => checkParams({ ...SEED_PARAMS, trayWeight: NaN })).toThrow(/\$\.trayWeight/);
    expect(() => checkParams({ ...SEED_PARAMS, traySize: 0 })).toThrow(/\$\.traySize/);
    expect(checkParams(SEED_PARAMS)).toBe(SEED_PARAMS);
  });
});
