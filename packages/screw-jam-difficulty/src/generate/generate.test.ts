import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateLevel } from './generate.js';
import { validateLevel } from '../format/level.js';
import { replaySolution } from '../simulate/simulate.js';
import { screwDepths } from '../board.js';

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
          const level = generateLevel({
            colors,
            boxesPerColor,
            layers,
            traySlack,
            width: 10,
            height: 10,
            seed,
          });
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
    const a = generateLevel({ colors: 6, layers: 4, seed: 'x' });
    expect(generateLevel({ colors: 6, layers: 4, seed: 'x' })).toEqual(a);
    expect(Math.max(...screwDepths(a))).toBeGreaterThanOrEqual(1);
    expect(generateLevel({ colors: 6, layers: 4, seed: 'y' })).not.toEqual(a);
  });
  it('uses the tray in the recorded play when slack allows', () => {
    const maxTrays = [1, 2, 3, 4, 5].map(
      (seed) =>
        replaySolution(
          ...(() => {
            const l = generateLevel({ colors: 6, traySlack: 3, seed });
            return [l, l.solution!] as const;
          })(),
        ).maxTray,
    );
    expect(Math.max(...maxTrays)).toBeGreaterThan(0);
  });
  it('refuses boards too small for the screws, and bad options', () => {
    expect(() =>
      generateLevel({ colors: 40, boxesPerColor: 5, layers: 1, width: 3, height: 3, seed: 1 }),
    ).toThrow(/cannot hold/);
    expect(() => generateLevel({ colors: 0, seed: 1 })).toThrow(/colors/);
  });
});
