import { valueOf } from '@puzzlekit/job';
import { Rng, type Seed } from '@puzzlekit/rng';
import type { Level } from '../model.js';
import { generateLevel, type GenerateOptions } from '../generate/generate.js';

/**
 * A tiny hand-made level used by the tests. Depths by hand: A-red 0, A-blue 1 (under B), B-red 1
 * (under C), C-blue 0, D-red 0, D-blue 0.
 */
export const TINY: Level = {
  name: 'tiny',
  width: 4,
  height: 2,
  colors: ['red', 'blue'],
  traySize: 5,
  bars: [
    {
      layer: 0,
      cells: [
        [0, 0],
        [1, 0],
      ],
      screws: [
        { x: 0.5, y: 0.5, color: 'red' },
        { x: 1.5, y: 0.5, color: 'blue' },
      ],
    },
    {
      layer: 1,
      cells: [
        [1, 0],
        [2, 0],
      ],
      screws: [{ x: 2.5, y: 0.5, color: 'red' }],
    },
    {
      layer: 2,
      cells: [
        [2, 0],
        [3, 0],
      ],
      screws: [{ x: 3.5, y: 0.5, color: 'blue' }],
    },
    {
      layer: 0,
      cells: [
        [0, 1],
        [1, 1],
      ],
      screws: [
        { x: 0.5, y: 1.5, color: 'red' },
        { x: 1.5, y: 1.5, color: 'blue' },
      ],
    },
  ],
};

/** A flat level: every screw on its own bar at depth 0; `counts[i]` screws of colour i. */
export function flatLevel(colors: readonly string[], perColor: number, traySize = 5): Level {
  const bars = [];
  let x = 0;
  for (const c of colors) {
    for (let k = 0; k < perColor; k++) {
      bars.push({ layer: 0, cells: [[x, 0] as const], screws: [{ x: x + 0.5, y: 0.5, color: c }] });
      x++;
    }
  }
  return { width: Math.max(x, 1), height: 1, colors, traySize, bars };
}

/**
 * A generated level for tests and benchmarks: {@link generateLevel} on the stream of `seed`, with
 * the default budget (which every size the tests use stays far inside).
 */
export function generated(options: GenerateOptions & { readonly seed: Seed }): Level {
  const { seed, ...sizes } = options;
  const made = valueOf(generateLevel(sizes, Rng.from(seed)));
  if (!made) throw new Error('generation gave up');
  return made.level;
}
