import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import {
  DIRECTIONS4,
  DIRECTIONS8,
  DX4,
  DX8,
  DY4,
  DY8,
  Dir4,
  chebyshev,
  directionBetween,
  directionFromLetter,
  directionLetter,
  manhattan,
  opposite4,
  opposite8,
  step4,
  step8,
  turnLeft4,
  turnLeft8,
  turnRight4,
  turnRight8,
  type Direction4,
} from './index.js';

describe('directions', () => {
  it('have the hand-checked steps (y grows downwards)', () => {
    expect(step4({ x: 5, y: 5 }, Dir4.Up)).toEqual({ x: 5, y: 4 });
    expect(step4({ x: 5, y: 5 }, Dir4.Right)).toEqual({ x: 6, y: 5 });
    expect(step4({ x: 5, y: 5 }, Dir4.Down)).toEqual({ x: 5, y: 6 });
    expect(step4({ x: 5, y: 5 }, Dir4.Left)).toEqual({ x: 4, y: 5 });
    expect(step8({ x: 0, y: 0 }, 1)).toEqual({ x: 1, y: -1 });
    expect(step8({ x: 0, y: 0 }, 5)).toEqual({ x: -1, y: 1 });
    expect(DIRECTIONS4.map(directionLetter).join('')).toBe('URDL');
  });

  it('the even compass directions are the four orthogonal ones', () => {
    for (const d of DIRECTIONS4) {
      expect(DX8[2 * d]).toBe(DX4[d]);
      expect(DY8[2 * d]).toBe(DY4[d]);
    }
    // all eight steps are distinct and non-zero
    const seen = new Set(DIRECTIONS8.map((d) => `${DX8[d]},${DY8[d]}`));
    expect(seen.size).toBe(8);
    expect(seen.has('0,0')).toBe(false);
  });

  it('opposite negates the step; turning is a rotation by 90° / 45°', () => {
    for (const d of DIRECTIONS4) {
      expect(DX4[opposite4(d)]).toBe(0 - DX4[d]!);
      expect(DY4[opposite4(d)]).toBe(0 - DY4[d]!);
      // clockwise on screen (y down): (dx, dy) -> (-dy, dx)
      expect(DX4[turnRight4(d)]).toBe(0 - DY4[d]!);
      expect(DY4[turnRight4(d)]).toBe(DX4[d]);
      expect(turnLeft4(turnRight4(d))).toBe(d);
      expect(turnRight4(turnRight4(d))).toBe(opposite4(d));
    }
    for (const d of DIRECTIONS8) {
      expect(DX8[opposite8(d)]).toBe(0 - DX8[d]!);
      expect(DY8[opposite8(d)]).toBe(0 - DY8[d]!);
      expect(turnLeft8(turnRight8(d))).toBe(d);
      let e = d;
      for (let i = 0; i < 4; i++) e = turnRight8(e);
      expect(e).toBe(opposite8(d));
    }
  });

  it('letters round-trip, in either case, and reject anything else', () => {
    for (const d of DIRECTIONS4) {
      expect(directionFromLetter(directionLetter(d))).toBe(d);
      expect(directionFromLetter(directionLetter(d).toLowerCase())).toBe(d);
    }
    expect(() => directionFromLetter('x')).toThrow(InvalidInputError);
    expect(() => directionFromLetter('UR')).toThrow(/not a direction letter/);
  });

  it('directionBetween inverts step4', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: -50, max: 50 }),
        fc.nat(3),
        (x, y, d) => {
          const p = { x, y };
          expect(directionBetween(p, step4(p, d as Direction4))).toBe(d);
        },
      ),
    );
    expect(directionBetween({ x: 0, y: 0 }, { x: 1, y: 1 })).toBeUndefined();
    expect(directionBetween({ x: 0, y: 0 }, { x: 0, y: 0 })).toBeUndefined();
  });

  it('distances', () => {
    expect(manhattan({ x: 1, y: 2 }, { x: 4, y: -2 })).toBe(7);
    expect(chebyshev({ x: 1, y: 2 }, { x: 4, y: -2 })).toBe(4);
  });
});
