import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '@puzzlekit/errors';
import { compileLevel, MAX_COVERINGS } from './board.js';
import type { Bar, Level } from './model.js';

describe('compileLevel on a hostile level (slow)', () => {
  it('refuses more (bar, covered screw) pairs than the memory bound, with a typed error', () => {
    // 4,000 screws on one bottom bar, under 2,600 stacked bars that each cover the whole board:
    // over 10 million coverings, from a file of a few hundred kilobytes.
    const whole: [number, number][] = [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
    ];
    const bottom: Bar = {
      layer: 0,
      polygon: whole,
      screws: Array.from({ length: 4000 }, (_, i) => ({
        x: 1 + (i % 90),
        y: 1 + Math.floor(i / 90),
        color: 'a',
      })),
    };
    const stack: Bar[] = Array.from({ length: 2600 }, (_, i) => ({
      layer: i + 1,
      polygon: whole,
      screws: [{ x: 95.5, y: 95.5, color: 'a' }],
    }));
    const level: Level = {
      width: 100,
      height: 100,
      colors: ['a'],
      traySize: 5,
      bars: [bottom, ...stack],
    };
    expect(4000 * 2600).toBeGreaterThan(MAX_COVERINGS);
    try {
      compileLevel(level);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInputError);
      expect((e as InvalidInputError).code).toBe('LEVEL_TOO_COMPLEX');
    }
  });
});
