import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError, ParseError } from '@puzzlekit/errors';
import { Rng } from '@puzzlekit/rng';
import { hasControlCharacter, openGardenField } from '../test-support.js';
import { PAPER_FLOWERS, type GardenLevel, type Planting } from './model.js';
import { INVALID_PLANTING, simulateGarden } from './planting.js';
import { solveGarden } from './solve.js';
import { generateGardenCampaign, generateGardenLevel } from './generate.js';
import { formatGarden, parseGarden, validateGarden } from './format.js';

const rose = PAPER_FLOWERS.find((f) => f.name === 'rose')!;

/** 3×3: wet (55) L-shape on the left/top, dry (35) elsewhere. */
const level: GardenLevel = {
  size: 3,
  humidity: [55, 55, 55, 55, 35, 35, 55, 35, 35],
  flowerTypes: PAPER_FLOWERS,
  seeds: { rose: 1 },
  rounds: 2,
  target: ['rose', 'rose', 'rose', 'rose', null, null, 'rose', null, null],
};

/** Every planting of the given seeds on any cells, simulated: the brute-force oracle. */
function bruteForce(l: GardenLevel): string[] {
  const names = Object.entries(l.seeds).flatMap(([f, k]) => Array.from({ length: k }, () => f));
  const out = new Set<string>();
  const cells = l.size * l.size;
  const rec = (k: number, p: Planted[], used: Set<number>): void => {
    if (k === names.length) {
      const grown = simulateGarden(l, p);
      if (grown.every((g, i) => g === l.target[i])) out.add(key(p));
      return;
    }
    for (let i = 0; i < cells; i++) {
      if (used.has(i)) continue;
      used.add(i);
      rec(k + 1, [...p, { flower: names[k]!, x: i % l.size, y: Math.floor(i / l.size) }], used);
      used.delete(i);
    }
  };
  rec(0, [], new Set());
  return [...out].sort();
}
type Planted = Planting[number];
const key = (p: Planting): string =>
  [...p]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((q) => `${q.flower}@${q.x},${q.y}`)
    .join(' ');

describe('Beautiful Garden', () => {
  it('grows only into suitable empty neighbours, from suitable cells', () => {
    expect(simulateGarden({ ...level, rounds: 1 }, [{ flower: 'rose', x: 0, y: 0 }])).toEqual([
      'rose',
      'rose',
      null,
      'rose',
      null,
      null,
      null,
      null,
      null,
    ]);
    // Planted on unsuitable soil: stays, does not spread.
    expect(simulateGarden(level, [{ flower: 'rose', x: 1, y: 1 }])).toEqual([
      null,
      null,
      null,
      null,
      'rose',
      null,
      null,
      null,
      null,
    ]);
    expect(rose.min).toBe(50);
  });

  it('refuses a planting that does not fit the level, with a typed one-line error', () => {
    // The field report: three daisies where the level gives one, one cell planted twice, was said
    // to "match the target".
    const daisy: GardenLevel = {
      ...level,
      seeds: { daisy: 1 },
      target: level.target.map((t) => t && 'daisy'),
    };
    const errorOf = (planting: Planting): InvalidInputError => {
      try {
        simulateGarden(daisy, planting);
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidInputError);
        return e as InvalidInputError;
      }
      throw new Error('accepted');
    };
    const three = [
      { flower: 'daisy', x: 0, y: 0 },
      { flower: 'daisy', x: 1, y: 0 },
      { flower: 'daisy', x: 0, y: 0 },
    ];
    expect(errorOf(three).message).toBe('$[2]: cell 0,0 is planted twice (flowers 1 and 3)');
    expect(errorOf(three.slice(0, 2)).message).toBe(
      "$: the planting does not use the level's flowers: 2 'daisy' planted where the level gives 1",
    );
    expect(errorOf([]).code).toBe(INVALID_PLANTING);
    expect(errorOf([{ flower: 'rose', x: 0, y: 0 }]).reason).toMatch(
      /0 'daisy' planted where the level gives 1/,
    );
    expect(errorOf([{ flower: 'tulipx', x: 0, y: 0 }]).reason).toBe(
      "flower 1: unknown flower 'tulipx'",
    );
    expect(errorOf([{ flower: 'daisy', x: 3, y: 0 }]).reason).toBe(
      'flower 1: cell 3,0 is outside the 3×3 garden',
    );
    // The fitting planting grows as before.
    expect(simulateGarden(daisy, [{ flower: 'daisy', x: 0, y: 0 }])).toEqual(daisy.target);
    // Any planting of fitting counts on distinct cells is accepted (property): the check refuses only
    // what the rules forbid.
    fc.assert(
      fc.property(
        fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6, 7, 8], { minLength: 2, maxLength: 2 }),
        ([a, b]) => {
          const two: GardenLevel = { ...level, seeds: { rose: 1, daisy: 1 } };
          const planting = [
            { flower: 'rose', x: a! % 3, y: Math.floor(a! / 3) },
            { flower: 'daisy', x: b! % 3, y: Math.floor(b! / 3) },
          ];
          expect(() => simulateGarden(two, planting)).not.toThrow();
          expect(() => simulateGarden(two, [...planting, planting[0]!])).toThrow(InvalidInputError);
        },
      ),
    );
  });

  it('leaves a cell two kinds reach in the same round empty', () => {
    const l: GardenLevel = {
      ...level,
      humidity: new Array<number>(9).fill(55),
      rounds: 1,
      seeds: { rose: 1, daisy: 1 },
    };
    const g = simulateGarden(l, [
      { flower: 'rose', x: 0, y: 0 },
      { flower: 'daisy', x: 2, y: 0 },
    ]);
    expect(g.slice(0, 3)).toEqual(['rose', null, 'daisy']);
  });

  it('solves the L-shaped garden: the corner seed is the only answer', () => {
    const r = solveGarden(level);
    expect(r.outcome).toEqual({ kind: 'solved' });
    expect(r.count).toBe(1);
    expect(r.solutions[0]).toEqual([{ flower: 'rose', x: 0, y: 0 }]);
    expect(r.solutions.map(key)).toEqual(bruteForce(level));
  });

  it('proves there is no answer', () => {
    const r = solveGarden({ ...level, rounds: 1 });
    expect(r).toMatchObject({ count: 0, outcome: { kind: 'impossible' } });
    expect(bruteForce({ ...level, rounds: 1 })).toEqual([]);
    expect(solveGarden({ ...level, seeds: { rose: 6 } }).noSolution).toMatch(/only 5/);
    expect(solveGarden({ ...level, seeds: { daisy: 1 } }).noSolution).toMatch(
      /1 daisy must be planted but the target has only 0/,
    );
    expect(solveGarden({ ...level, seeds: {} }).noSolution).toMatch(/rose but none is given/);
  });

  it('agrees with brute force on random small levels', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = Rng.from(seed);
        const size = rng.int(2, 3);
        const humidity = Array.from({ length: size * size }, () => rng.pick([35, 55, 65]));
        const kinds = rng.sample(['sunflower', 'rose', 'lilac'], rng.int(1, 2));
        const seeds: Record<string, number> = {};
        const planting: Planted[] = [];
        const cells = rng.sample(
          Array.from({ length: size * size }, (_, i) => i),
          kinds.length + rng.int(0, 1),
        );
        cells.forEach((c, i) => {
          const f = kinds[i % kinds.length]!;
          seeds[f] = (seeds[f] ?? 0) + 1;
          planting.push({ flower: f, x: c % size, y: Math.floor(c / size) });
        });
        const base: GardenLevel = {
          size,
          humidity,
          flowerTypes: PAPER_FLOWERS,
          seeds,
          rounds: rng.int(1, 2),
          target: [],
        };
        const l = { ...base, target: simulateGarden(base, planting) };
        const r = solveGarden(l, {}, { listLimit: Infinity });
        expect(r.solutions.map(key).sort()).toEqual(bruteForce(l));
        expect(r.count).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 60 },
    );
  });

  it('generates unique levels of growing size, deterministically', () => {
    const campaign = generateGardenCampaign(Rng.from('garden'), 6);
    const b = generateGardenCampaign(Rng.from('garden'), 6);
    expect(b).toEqual(campaign);
    expect(campaign).toMatchObject({ missing: 0, outcome: { kind: 'solved' } });
    const a = campaign.levels;
    expect(a.map((g) => g.level.size)).toEqual([2, 2, 3, 3, 4, 4]);
    for (const g of a) {
      const r = solveGarden(g.level);
      expect(r.count).toBe(1);
      expect(r.solutions[0]).toEqual(g.solution);
      expect(g.level.target.filter((t) => t !== null).length).toBeGreaterThan(g.solution.length);
    }
    expect(() => generateGardenLevel(Rng.from(1), { size: 1 })).toThrow(InvalidInputError);
  });

  it('reads and writes the JSON format with paths and positions in errors', () => {
    const text = formatGarden(level);
    expect(parseGarden(text)).toEqual(level);
    const bad = JSON.parse(text) as Record<string, unknown>;
    (bad.target as unknown[][])[1]![2] = 'weed';
    expect(() => validateGarden(bad)).toThrow(/\$\.target\[1\]\[2\]: unknown flower/);
    expect(() => validateGarden({ ...bad, humidity: [[1]] })).toThrow(
      /\$\.humidity: expected 3 rows/,
    );
    expect(() => parseGarden('{"size": 3,\n "rounds": }')).toThrow(ParseError);
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        try {
          validateGarden(v);
        } catch (e) {
          expect(e).toBeInstanceOf(InvalidInputError);
        }
      }),
      { numRuns: 200 },
    );
  });
});

/** A clock that advances `step` ms on every reading: budgets run out after a known number of checks. */
const tickingClock = (step: number): (() => number) => {
  let t = 0;
  return () => (t += step);
};

/** The L-shaped level with every flower name replaced by `name` (a custom flower type). */
function renamed(name: string): GardenLevel {
  return {
    ...level,
    flowerTypes: [{ name, min: 50, max: 60 }],
    seeds: Object.fromEntries([[name, 1]]),
    target: level.target.map((t) => (t === null ? null : name)),
  };
}

describe('Beautiful Garden on hostile input', () => {
  it('refuses JSON nested 5,000 deep in any field with a typed error, never a stack overflow', () => {
    let deep: unknown = 'rose';
    for (let i = 0; i < 5000; i++) deep = [deep];
    const text = formatGarden(level);
    const nested = '['.repeat(5000) + '"rose"' + ']'.repeat(5000);
    for (const field of ['target', 'humidity', 'flowers', 'flowerTypes', 'size'] as const) {
      const value = { ...(JSON.parse(text) as Record<string, unknown>), [field]: deep };
      expect(() => validateGarden(value)).toThrow(InvalidInputError);
      const raw = text.replace(new RegExp(`"${field}": `), `"${field}": ${nested}, "x": `);
      expect(() => parseGarden(raw)).toThrow(ParseError);
    }
    // One deep cell inside the target, as a fuzzer found it.
    const cell = JSON.parse(text) as { target: unknown[][] };
    cell.target[1]![2] = deep;
    expect(() => validateGarden(cell)).toThrow(/\$\.target\[1\]\[2\]: unknown flower an array/);
  });

  it('treats __proto__, constructor, toString and any other name like rose', () => {
    const names = fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'),
      fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/[\s@]/.test(s)),
    );
    const reference = solveGarden(level);
    fc.assert(
      fc.property(names, (name) => {
        const l = renamed(name);
        const text = formatGarden(l);
        const parsed = parseGarden(text);
        expect(Object.keys(parsed.seeds)).toEqual([name]);
        const r = solveGarden(parsed);
        expect(r.count).toBe(reference.count);
        expect(r.solutions[0]).toEqual([{ flower: name, x: 0, y: 0 }]);
        expect(simulateGarden(parsed, r.solutions[0]!)).toEqual(parsed.target);
      }),
      { numRuns: 150 },
    );
    // Names the player is not given are 0 seeds, not Object.prototype's functions.
    const noSeeds = { ...renamed('constructor'), seeds: {} };
    expect(solveGarden(noSeeds).noSolution).toBe('the target has constructor but none is given');
  });

  it('reads a byte-order mark and CRLF line ends; cuts and escapes NUL and huge names in errors', () => {
    const text = formatGarden(level);
    expect(parseGarden('\uFEFF' + text.replace(/\n/g, '\r\n'))).toEqual(level);
    const huge = 'x'.repeat(1_000_000);
    const withName = (name: string): string =>
      text.replace('"flowers": {"rose":1}', `"flowers": {${JSON.stringify(name)}:1}`);
    for (const name of ['a\u0000b', huge, '\u001b[31mred']) {
      let message = '';
      try {
        parseGarden(withName(name));
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidInputError);
        message = (e as Error).message;
      }
      expect(message.length).toBeLessThan(400);
      expect(hasControlCharacter(message)).toBe(false);
    }
  });

  it('refuses huge counts and sizes with the limit in the message', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 17, max: Number.MAX_SAFE_INTEGER }).map(String),
          fc.constantFrom('1e300', '-1', '0.5', '1e400'),
        ),
        (n) => {
          const text = formatGarden(level);
          expect(() => parseGarden(text.replace('"rose":1', `"rose":${n}`))).toThrow(
            InvalidInputError,
          );
          expect(() => parseGarden(text.replace('"size": 3', `"size": ${n}`))).toThrow(
            /\$\.size: expected an integer from 1 to 16/,
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('stops at its node or time budget and says which', () => {
    const big = openGardenField();
    const byWork = solveGarden(big, { maxWork: 1000 });
    expect(byWork).toMatchObject({
      work: 1000,
      outcome: { kind: 'gave-up', bound: 'work', limit: 1000, unit: 'nodes' },
    });
    const seen: number[] = [];
    const byTime = solveGarden(big, { maxMs: 20, now: tickingClock(1), maxWork: 40_000 });
    // The clock is read at the start and every 256 nodes, a tick each: the 20th check is at 20 ms.
    expect(byTime).toMatchObject({ work: 20 * 256 });
    expect(byTime.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 20, unit: 'ms' });
    solveGarden(big, { maxWork: 40_000, onProgress: (k) => seen.push(k) });
    expect(seen).toEqual([16_384, 32_768]);
    expect(solveGarden(level, { maxMs: 60_000 }).outcome).toEqual({ kind: 'solved' });
    expect(solveGarden(level, { maxWork: 0 }).outcome).toMatchObject({
      kind: 'gave-up',
      bound: 'work',
    });
    const campaign = generateGardenCampaign(
      Rng.from(1),
      40,
      {},
      { maxMs: 3, now: tickingClock(1) },
    );
    expect(campaign.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 3, unit: 'ms' });
    expect(campaign.levels.length + campaign.missing).toBe(40);
    expect(campaign.missing).toBeGreaterThan(0);
  });
});
