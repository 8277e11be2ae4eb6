import { describe, expect, it } from 'vitest';
import { barCovers, pointInPolygon } from './geometry.js';
import { levelSnapshot, screwDepths } from './board.js';
import { TINY } from './testing/levels.js';

describe('geometry', () => {
  const square: [number, number][] = [
    [0, 0],
    [2, 0],
    [2, 2],
    [0, 2],
  ];
  const lShape: [number, number][] = [
    [0, 0],
    [3, 0],
    [3, 1],
    [1, 1],
    [1, 3],
    [0, 3],
  ];
  it('point in polygon, boundary inside', () => {
    expect(pointInPolygon({ x: 1, y: 1 }, square)).toBe(true);
    expect(pointInPolygon({ x: 2, y: 1 }, square)).toBe(true);
    expect(pointInPolygon({ x: 0, y: 0 }, square)).toBe(true);
    expect(pointInPolygon({ x: 2.01, y: 1 }, square)).toBe(false);
    expect(pointInPolygon({ x: 0.5, y: 2.5 }, lShape)).toBe(true);
    expect(pointInPolygon({ x: 2, y: 2 }, lShape)).toBe(false);
    expect(pointInPolygon({ x: 2, y: 0.5 }, lShape)).toBe(true);
  });
  it('cells cover their closed unit squares', () => {
    const bar = { layer: 0, cells: [[1, 1]] as const, screws: [] };
    expect(barCovers(bar, { x: 1.5, y: 1.5 })).toBe(true);
    expect(barCovers(bar, { x: 2, y: 2 })).toBe(true);
    expect(barCovers(bar, { x: 0.5, y: 1.5 })).toBe(false);
  });
  it('depth counts the bars above that cover the screw (hand-computed)', () => {
    expect(screwDepths(TINY)).toEqual([0, 1, 1, 0, 0, 0]);
    const stacked = {
      ...TINY,
      bars: [
        ...TINY.bars,
        {
          layer: 5,
          polygon: [
            [1.2, 0.2],
            [1.8, 0.2],
            [1.8, 0.8],
          ] as [number, number][],
          screws: [
            { x: 1.7, y: 0.5, color: 'red' },
            { x: 1.7, y: 0.6, color: 'red' },
            { x: 1.7, y: 0.7, color: 'red' },
          ],
        },
      ],
    };
    // A-blue at (1.5, 0.5) is under B (layer 1) and inside the triangle (layer 5): depth 2.
    expect(screwDepths(stacked)).toEqual([0, 2, 1, 0, 0, 0, 0, 0, 0]);
    const snap = levelSnapshot(stacked);
    expect(snap.maxPerColor).toBe(6);
    expect(snap.screws[1]).toEqual({ color: 'blue', depth: 2, layer: 0 });
  });
});
