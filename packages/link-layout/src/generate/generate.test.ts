import { describe, expect, it } from 'vitest';
import { Rng } from '@puzzlekit/rng';
import { GRAVITIES } from '../model.js';
import { parseMask, printBoard } from '../format/text.js';
import { randomMask } from '../layout/masks.js';
import { playablePairs } from '../link/path.js';
import { replay } from '../link/play.js';
import { isSettledBoard } from './settled.js';
import { generateBoard } from './generate.js';

function faceCounts(cells: readonly number[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const v of cells) if (v > 0) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

describe('generation solvable by construction', () => {
  it('every gravity variant: the returned solution clears the board under that gravity', () => {
    for (const gravity of GRAVITIES) {
      for (let seed = 0; seed < 4; seed++) {
        const g = generateBoard({ rows: 8, cols: 18, copies: 4, seed, gravity, difficulty: 0.4 });
        expect(isSettledBoard(g.board, gravity)).toBe(true);
        const r = replay(g.board, g.solution, { gravity });
        expect(r.error).toBeUndefined();
        expect(r.cleared).toBe(true);
        const counts = faceCounts(g.board.cells);
        expect(counts.size).toBe(36);
        for (const n of counts.values()) expect(n).toBe(4);
      }
    }
  });

  it('is deterministic for a seed, and seeds differ', () => {
    const a = generateBoard({ rows: 6, cols: 8, copies: 2, seed: 'level-1' });
    const b = generateBoard({ rows: 6, cols: 8, copies: 2, seed: 'level-1' });
    const c = generateBoard({ rows: 6, cols: 8, copies: 2, seed: 'level-2' });
    expect(a).toEqual(b);
    expect(printBoard(a.board)).not.toBe(printBoard(c.board));
  });

  it('takes masks: ASCII, random symmetric, with blocked cells and without the ring', () => {
    const mask = parseMask(`
..XXXX..
.XXXXXX.
XXX##XXX
.XXXXXX.
..XXXX..`);
    const g = generateBoard({ mask, copies: 2, seed: 7 });
    expect(g.board.cells.map((v) => (v > 0 ? 1 : v))).toEqual(mask.cells);
    expect(replay(g.board, g.solution).cleared).toBe(true);
    const noRing = generateBoard({ mask, copies: 2, faces: 13, seed: 8, ring: false });
    expect(replay(noRing.board, noRing.solution, { ring: false }).cleared).toBe(true);
    const rng = Rng.from('sym');
    for (let k = 0; k < 5; k++) {
      const m = randomMask({ rows: 10, cols: 14, fill: 0.6, symmetry: 'horizontal', rng });
      const tiles = m.cells.filter((v) => v === 1).length;
      const g2 = generateBoard({ mask: m, copies: 2, rng, gravity: 'down' });
      expect(replay(g2.board, g2.solution, { gravity: 'down' }).cleared).toBe(true);
      expect(g2.board.cells.filter((v) => v > 0)).toHaveLength(tiles);
    }
  });

  it('faces and copies are configurable, with clear errors when they do not fit', () => {
    const six = generateBoard({ rows: 4, cols: 6, copies: 6, seed: 1 });
    for (const n of faceCounts(six.board.cells).values()) expect(n).toBe(6);
    expect(() => generateBoard({ rows: 8, cols: 18, faces: 36, copies: 2 })).toThrow(
      /144 tile cells but 36 faces × 2 copies = 72 tiles/,
    );
    expect(() => generateBoard({ rows: 8, cols: 18, copies: 3 })).toThrow(/even integer/);
    expect(() => generateBoard({ rows: 3, cols: 3 })).toThrow(/odd/);
    expect(() => generateBoard({ rows: 8, cols: 18, difficulty: 2 })).toThrow(/difficulty/);
    expect(() => generateBoard({ rows: 2, cols: 4, gravity: 'sideways' as never })).toThrow(
      /gravity/,
    );
  });

  it('reports a layout that cannot be cleared instead of hanging', () => {
    // Without the ring, the two cells are walled apart: no linkable pair ever exists.
    const mask = parseMask('X#X');
    expect(() => generateBoard({ mask, copies: 2, ring: false, maxBacktracks: 50 })).toThrow(
      /no sequence of linkable pairs/,
    );
  });

  it('difficulty lowers the playable pairs at the start under every gravity', () => {
    for (const gravity of GRAVITIES) {
      const start = (difficulty: number): number => {
        let sum = 0;
        for (let seed = 1; seed <= 3; seed++) {
          const g = generateBoard({ rows: 8, cols: 12, seed, difficulty, gravity });
          expect(replay(g.board, g.solution, { gravity }).cleared).toBe(true);
          sum += playablePairs(g.board, { gravity }).length;
        }
        return sum;
      };
      const [easy, mid, hard] = [start(0), start(0.5), start(1)];
      expect(mid).toBeLessThanOrEqual(easy);
      expect(hard).toBeLessThan(mid);
    }
  });

  it('mixing keeps the board solvable', () => {
    const hard = generateBoard({ rows: 8, cols: 18, seed: 5, difficulty: 1, mix: 0.3 });
    expect(hard.swaps).toBeGreaterThan(0);
    expect(replay(hard.board, hard.solution).cleared).toBe(true);
    const mixedDown = generateBoard({
      rows: 6,
      cols: 8,
      seed: 2,
      difficulty: 1,
      mix: 0.5,
      gravity: 'down',
    });
    expect(replay(mixedDown.board, mixedDown.solution, { gravity: 'down' }).cleared).toBe(true);
  });
});

describe('generation time limit', () => {
  it('gives up with the shared wording and the step it reached; the older name works too', () => {
    const big = { rows: 60, cols: 60, copies: 10, seed: 1 };
    for (const limit of [{ maxMs: 1 }, { timeLimitMs: 1 }])
      expect(() => generateBoard({ ...big, ...limit })).toThrow(
        /gave up: time limit of 1 ms reached while constructing \(\d+ of 1800 steps done\)/,
      );
    expect(() => generateBoard({ ...big, maxMs: 0 })).toThrow(/maxMs must be a positive number/);
  });
});
