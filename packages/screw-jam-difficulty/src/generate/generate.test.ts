import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { valueOf } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import { generateLevel, type GenerateOptions } from './generate.js';
import { validateLevel } from '../format/level.js';
import { replaySolution } from '../simulate/simulate.js';
import { screwDepths } from '../board.js';

/** The level generated from the stream of `seed` (solved with the default budget). */
function gen(options: GenerateOptions, seed: number | string) {
  const made = valueOf(generateLevel(options, Rng.from(seed)));
  if (!made) throw new Error('gave up');
  return made.level;
}

describe('generateLevel', () => {
  it('makes valid levels whose recorded play wins under the real rules (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer(),
        (colors, boxesPerColor, layers, traySlack, seed) => {
          const made = generateLevel(
            { colors, boxesPerColor, layers, traySlack, width: 10, height: 10 },
            Rng.from(seed),
          );
          expect(made.outcome).toEqual({ kind: 'solved' });
          const { level, replay } = valueOf(made)!;
          // The replay returned is the recorded play replayed under the real rules.
          expect(replay).toEqual(replaySolution(level, level.solution!));
          expect(validateLevel(JSON.parse(JSON.stringify(level)))).toEqual(level);
          const count = level.bars.reduce((n, b) => n + b.screws.length, 0);
          expect(count).toBe(colors * boxesPerColor * 3);
          const r = replaySolution(level, level.solution!);
          expect(r.won).toBe(true);
          expect(r.maxTray).toBeLessThanOrEqual(traySlack);
          for (const c of level.colors)
            expect(level.solution!.boxes.filter((b) => b === c)).toHaveLength(boxesPerColor);
        },
      ),
      { numRuns: 30 },
    );
  });
  it('is deterministic and uses the layers (some screw is buried)', () => {
    const a = gen({ colors: 6, layers: 4 }, 'x');
    expect(JSON.stringify(gen({ colors: 6, layers: 4 }, 'x'))).toBe(JSON.stringify(a));
    expect(Math.max(...screwDepths(a))).toBeGreaterThanOrEqual(1);
    expect(gen({ colors: 6, layers: 4 }, 'y')).not.toEqual(a);
  });
  it('uses the tray in the recorded play when slack allows', () => {
    const maxTrays = [1, 2, 3, 4, 5].map(
      (seed) =>
        replaySolution(
          ...(() => {
            const l = gen({ colors: 6, traySlack: 3 }, seed);
            return [l, l.solution!] as const;
          })(),
        ).maxTray,
    );
    expect(Math.max(...maxTrays)).toBeGreaterThan(0);
  });
  it('refuses boards too small for the screws, and bad options', () => {
    expect(() => gen({ colors: 40, boxesPerColor: 5, layers: 1, width: 3, height: 3 }, 1)).toThrow(
      /cannot hold/,
    );
    expect(() => gen({ colors: 0 }, 1)).toThrow(/colors/);
  });
  it('counts candidate swaps: a smaller work budget gives up with the level so far, still winnable', () => {
    const options = { colors: 6, boxesPerColor: 2, layers: 4 };
    const full = generateLevel(options, Rng.from(5));
    expect(full.work).toBe(6 * 2 * 3 * 2);
    const cut = generateLevel(options, Rng.from(5), { maxWork: 10 });
    expect(cut.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 10, unit: 'candidates' });
    expect(cut.work).toBe(10);
    const partial = 'partial' in cut ? cut.partial : undefined;
    expect(replaySolution(partial!.level, partial!.level.solution!).won).toBe(true);
    // A time limit that never strikes changes nothing, however slow the clock.
    let t = 0;
    const slow = generateLevel(options, Rng.from(5), { maxMs: 1e9, now: () => (t += 1e3) });
    expect(JSON.stringify(slow)).toBe(JSON.stringify(full));
  });
});
