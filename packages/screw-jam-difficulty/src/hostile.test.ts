// Hostile and huge input: every input path ends in a typed error or a budgeted answer.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPuzzlekitError, ParseError } from '@puzzlekit/errors';
import { valueOf } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import { parseLevel, formatLevel } from './format/level.js';
import { parseSnapshot } from './format/snapshot.js';
import { levelSnapshot } from './board.js';
import { rateSnapshot } from './rate/dct.js';
import { simulate } from './simulate/simulate.js';
import { solveLevel } from './solve/solve.js';
import { generateLevel } from './generate/generate.js';
import { runController } from './validate/validate.js';
import { TINY, flatLevel, generated } from './testing/levels.js';
import type { Level } from './model.js';

/** A clock that moves `step` ms each time it is read: time budgets run out after a known number of reads. */
function fakeClock(step: number): () => number {
  let t = 0;
  return () => (t += step);
}

const LEVEL_TEXT = formatLevel(TINY);
const SNAPSHOT_TEXT = JSON.stringify(levelSnapshot(TINY));

/** Puts `[[[…]]]` nested `depth` deep in place of the value at character `at` of a JSON text. */
function nestAt(text: string, depth: number, at: number): string {
  const spots = [...text.matchAll(/:\s*(\d+|"[^"]*")/g)];
  const spot = spots[at % spots.length]!;
  const start = spot.index + spot[0].length - spot[1]!.length;
  return `${text.slice(0, start)}${'['.repeat(depth)}${']'.repeat(depth)}${text.slice(start + spot[1]!.length)}`;
}

function expectTyped(run: () => unknown): void {
  try {
    run();
  } catch (e) {
    expect(isPuzzlekitError(e)).toBe(true);
  }
}

describe('JSON nested too deep, on every input path (property)', () => {
  it('levels and snapshots nested 300..20,000 deep anywhere are a TOO_DEEP ParseError', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 20_000 }),
        fc.nat(),
        fc.boolean(),
        (depth, at, level) => {
          const text = nestAt(level ? LEVEL_TEXT : SNAPSHOT_TEXT, depth, at);
          const parse = level ? () => parseLevel(text, 'l.json') : () => parseSnapshot(text);
          expect(parse).toThrow(ParseError);
          try {
            parse();
          } catch (e) {
            expect((e as ParseError).code).toBe('TOO_DEEP');
            expect((e as ParseError).line).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
  it('shallower nesting is an InvalidInputError with a path, never a crash', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 250 }), fc.nat(), (depth, at) => {
        expectTyped(() => parseLevel(nestAt(LEVEL_TEXT, depth, at)));
        expectTyped(() => rateSnapshot(parseSnapshot(nestAt(SNAPSHOT_TEXT, depth, at))));
      }),
      { numRuns: 60 },
    );
  });
});

describe('odd bytes: BOM, CRLF, NUL, long lines', () => {
  it('reads a level with a BOM and CRLF line ends', () => {
    const text = `\uFEFF${LEVEL_TEXT.replace(/\n/g, '\r\n')}`;
    expect(parseLevel(text)).toEqual(parseLevel(LEVEL_TEXT));
  });
  it('a NUL or a megabyte colour name is cut and escaped in the message', () => {
    // Two screws of the odd colour: not a multiple of 3, so the message names the colour.
    const withColour = (name: string): string =>
      JSON.stringify({
        ...TINY,
        colors: [name, 'blue'],
        bars: TINY.bars.map((b, i) => ({
          ...b,
          screws: b.screws
            .filter((s) => !(i === 3 && s.color === 'red'))
            .map((s) => (s.color === 'red' ? { ...s, color: name } : s)),
        })),
      });
    expect(() => parseLevel(withColour('re\u0000d'))).toThrow(/'re\\u0000d' has 2 screws/);
    try {
      parseLevel(withColour('x'.repeat(1_000_000)));
      expect.unreachable();
    } catch (e) {
      expect(isPuzzlekitError(e)).toBe(true);
      expect((e as Error).message).toMatch(/\(1000000 characters\)/);
      expect((e as Error).message.length).toBeLessThan(300);
    }
  });
  it('an unknown key with control characters is quoted, not echoed raw', () => {
    const text = LEVEL_TEXT.replace('"name"', '"na\\u001bme"');
    expect(() => parseLevel(text)).toThrow(/unknown field 'na\\u001bme'/);
  });
});

describe('huge counts', () => {
  it('more screws, or more cells and vertices, than a level may hold is refused with the limit', () => {
    const cells = Array.from({ length: 1_000_001 }, (_, i) => [
      i % 1000,
      Math.floor(i / 1000) % 1000,
    ]);
    const big = { width: 1000, height: 1000, bars: [{ layer: 0, cells, screws: [] }] };
    expect(() => parseLevel(JSON.stringify(big))).toThrow(/at most 1000000 cells and vertices/);
    const screws = Array.from({ length: 100_002 }, () => ({ x: 0.5, y: 0.5, color: 'a' }));
    const many = { width: 1, height: 1, bars: [{ layer: 0, cells: [[0, 0]], screws }] };
    expect(() => parseLevel(JSON.stringify(many))).toThrow(/at most 100000 screws/);
  });
});

describe('more colours than the spawners first make room for (issue 29)', () => {
  // 300 colours, each screw on its own bar: the spawners' candidate list starts at 64 entries.
  const colors = Array.from({ length: 300 }, (_, i) => `c${i}`);
  const level = flatLevel(colors, 3);
  const policies = [
    { kind: 'random' },
    { kind: 'band', low: 0, high: 55, choice: 'random' },
    { kind: 'blend', k: 0.5 },
    { kind: 'sequence', boxes: [] },
  ] as const;
  for (const policy of policies) {
    it(`simulate with the ${policy.kind} spawner plays every box of every colour`, () => {
      const r = simulate(level, { runs: 2, bot: { kind: 'greedy' }, policy, seed: 1 });
      expect(r.outcome).toEqual({ kind: 'solved' });
      // Every screw is tappable at once and the greedy bot fills each box as it comes: all won.
      expect(r.wins).toBe(2);
      expect(r.boxesSpawned).toBe(2 * 300);
      const seen = new Set(r.boxes.map((b) => b.color));
      expect(seen.size).toBe(300);
    });
  }
});

describe('colour names that are built-in object keys, through a whole level', () => {
  const rename = (level: Level, names: Record<string, string>): Level => ({
    ...level,
    colors: level.colors.map((c) => names[c]!),
    bars: level.bars.map((b) => ({
      ...b,
      screws: b.screws.map((s) => ({ ...s, color: names[s.color]! })),
    })),
    solution: level.solution && {
      ...level.solution,
      boxes: level.solution.boxes.map((c) => names[c]!),
    },
  });
  const base = generated({ colors: 3, layers: 3, width: 5, height: 5, seed: 4 });
  const names = Object.fromEntries(
    base.colors.map((c, i) => [c, ['__proto__', 'constructor', 'toString'][i]!]),
  );
  const hostile = parseLevel(formatLevel(rename(base, names)));
  it('parses, rates, simulates and solves exactly as with plain names', () => {
    expect(hostile.colors).toEqual(['__proto__', 'constructor', 'toString']);
    const plain = rateSnapshot(levelSnapshot(base));
    const rated = rateSnapshot(levelSnapshot(hostile));
    expect(rated.colors).toEqual(plain.colors.map((c) => names[c]));
    base.colors.forEach((c) => expect(rated.middle[names[c]!]).toBe(plain.middle[c]));
    const opts = {
      runs: 30,
      bot: { kind: 'greedy' },
      policy: { kind: 'random' },
      seed: 1,
    } as const;
    const a = simulate(base, opts);
    const b = simulate(hostile, opts);
    expect(b.tally).toEqual(a.tally);
    expect(b.boxes.map((r) => r.color)).toEqual(a.boxes.map((r) => names[r.color]));
    expect(valueOf(solveLevel(hostile))?.taps).toEqual(valueOf(solveLevel(base))?.taps);
  });
});

describe('budgets: every long job stops and says which bound it hit', () => {
  const level = generated({ colors: 8, layers: 5, width: 6, height: 8, seed: 3 });
  const lookahead = {
    runs: 1_000_000,
    bot: { kind: 'lookahead', depth: 6 },
    policy: { kind: 'random' },
    seed: 1,
  } as const;
  it('simulate stops on time after whole playouts and reports how many', () => {
    const r = simulate(level, lookahead, { maxMs: 150, now: fakeClock(1) });
    expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 150, unit: 'ms' });
    expect(r.requested).toBe(1_000_000);
    expect(r.work).toBeLessThan(150);
    // A stopped run is a prefix of the full run: the same playouts, the same figures.
    if (r.work > 0) {
      const full = simulate(level, { ...lookahead, runs: r.work });
      expect(full.outcome).toEqual({ kind: 'solved' });
      expect(full.tally).toEqual(r.tally);
    }
  });
  it('simulate counts playouts as its work: maxWork stops it deterministically', () => {
    const opts = {
      runs: 40,
      bot: { kind: 'greedy' },
      policy: { kind: 'random' },
      seed: 2,
    } as const;
    const cut = simulate(level, opts, { maxWork: 15 });
    expect(cut.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 15, unit: 'playouts' });
    expect(cut.work).toBe(15);
    expect(cut.tally).toEqual(simulate(level, { ...opts, runs: 15 }).tally);
    expect(simulate(level, opts, { maxWork: 0 }).work).toBe(0);
  });
  it('simulate stops when the kept box records reach their limit', () => {
    const opts = {
      runs: 500,
      bot: { kind: 'random' },
      policy: { kind: 'random' },
      seed: 1,
    } as const;
    const r = simulate(level, opts, { maxStates: 50 });
    expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'memory', limit: 50, unit: 'states' });
    expect(r.work).toBeLessThan(500);
    expect(r.boxes.length).toBeGreaterThanOrEqual(50);
    const kept = simulate(level, { ...opts, keepBoxes: false }, { maxStates: 50 });
    expect(kept.outcome).toEqual({ kind: 'solved' });
    expect(kept.work).toBe(500);
  });
  it('the solver names the bound: work, time or memory', () => {
    const boxes = [...level.solution!.boxes].reverse();
    expect(solveLevel(level, { maxWork: 10 }, { boxes }).outcome).toMatchObject({
      bound: 'work',
      unit: 'nodes',
    });
    const timed = solveLevel(level, { maxMs: 5, now: fakeClock(1) }, { boxes });
    expect(timed.outcome.kind === 'gave-up' ? timed.outcome.bound : 'time').toBe('time');
    expect(solveLevel(level, { maxStates: 10 }, { boxes }).outcome).toMatchObject({
      bound: 'memory',
    });
  });
  it('the difficulty controller stops on time or work and counts only whole games', () => {
    const opts = {
      levels: [level],
      target: 0.5,
      games: 100_000,
      bot: { kind: 'greedy' },
      seed: 1,
    } as const;
    const r = runController(opts, { maxMs: 200, now: fakeClock(1) });
    expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 200, unit: 'ms' });
    expect(r.work).toBeLessThan(200);
    const full = runController({ ...opts, games: 10 });
    expect(full).toMatchObject({ work: 10, outcome: { kind: 'solved' } });
    const cut = runController(opts, { maxWork: 10 });
    expect(cut.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 10, unit: 'games' });
    expect(cut.finalBand).toEqual(full.finalBand);
  });
  it('the generator stopped by time says so and returns the level so far as partial', () => {
    const big = generateLevel(
      { colors: 20, boxesPerColor: 5, layers: 6, width: 20, height: 20 },
      Rng.from(1),
      { maxMs: 1, now: fakeClock(1) },
    );
    // The clock is read every 256 candidates: the first read after the start is already past 1 ms.
    expect(big.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 1, unit: 'ms' });
    expect(big.work).toBe(256);
    expect('partial' in big && big.partial?.replay.won).toBe(true);
  });
});
