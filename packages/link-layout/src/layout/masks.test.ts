import { describe, expect, it } from 'vitest';
import { Rng } from '@puzzlekit/rng';
import {
  checkMaskFits,
  isMaskConnected,
  maskTileCount,
  randomMask,
  rectangleMask,
  type Symmetry,
} from './masks.js';

describe('masks', () => {
  it('full rectangles, and a clear error for an odd cell count', () => {
    const m = rectangleMask(8, 18);
    expect(maskTileCount(m)).toBe(144);
    expect(() => rectangleMask(3, 3)).toThrow(/odd/);
    expect(() => rectangleMask(0, 3)).toThrow(/rows/);
  });

  it('random masks are connected, even, near the fill and mirror-symmetric as asked', () => {
    const rng = Rng.from('masks');
    const syms: Symmetry[] = ['none', 'horizontal', 'vertical', 'both'];
    for (let trial = 0; trial < 200; trial++) {
      const rows = 2 + rng.below(12);
      const cols = 2 + rng.below(20);
      const fill = 0.2 + rng.float() * 0.8;
      const symmetry = syms[trial % 4]!;
      let m;
      try {
        m = randomMask({ rows, cols, fill, symmetry, rng });
      } catch (e) {
        // only the documented parity failure is acceptable
        expect((e as { code?: string }).code).toBe('ODD_MASK');
        continue;
      }
      const n = maskTileCount(m);
      expect(n % 2).toBe(0);
      expect(n).toBeGreaterThanOrEqual(2);
      expect(isMaskConnected(m)).toBe(true);
      expect(Math.abs(n - fill * rows * cols)).toBeLessThanOrEqual(5);
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) {
          const v = m.cells[r * cols + c];
          if (symmetry === 'horizontal' || symmetry === 'both')
            expect(m.cells[r * cols + (cols - 1 - c)]).toBe(v);
          if (symmetry === 'vertical' || symmetry === 'both')
            expect(m.cells[(rows - 1 - r) * cols + c]).toBe(v);
        }
    }
  });

  it('is deterministic for a seed and needs no recursion on large boards', () => {
    const a = randomMask({ rows: 200, cols: 300, fill: 0.9, rng: Rng.from(5) });
    const b = randomMask({ rows: 200, cols: 300, fill: 0.9, rng: Rng.from(5) });
    expect(a).toEqual(b);
    expect(isMaskConnected(a)).toBe(true);
  });

  it('says what fits when a mask cannot take the tiles', () => {
    expect(() => checkMaskFits(rectangleMask(8, 18), 36, 2)).toThrow(
      /144 tile cells but 36 faces × 2 copies = 72 tiles; use 72 faces × 2 copies/,
    );
    expect(() => checkMaskFits(rectangleMask(2, 3), 1, 4)).toThrow(/not a multiple of 4/);
    expect(() => checkMaskFits(rectangleMask(8, 18), 36, 4)).not.toThrow();
    expect(() => randomMask({ rows: 4, cols: 4, fill: 0, rng: Rng.from(1) })).toThrow(/fill/);
  });
});
