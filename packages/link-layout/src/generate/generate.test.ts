import { describe, expect, it } from 'vitest';
import { Rng } from '@puzzlekit/rng';
import { GRAVITIES } from '../model.js';
import { parseMask, printBoard } from '../format/text.js';
import { randomMask } from '../layout/masks.js';
import { playablePairs } from '../link/path.js';
import { replay } from '../link/play.js';
import { isSettledBoard } from './settled.js';
import { describeOutcome } from '@puzzlekit/job';
import { built } from '../test-helpers.js';
import { generateBoard, shuffleBoard } from './generate.js';

function faceCounts(cells: readonly number[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const v of cells) if (v > 0) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

describe('generation solvable by construction', () => {
  it('every gravity variant: the returned solution clears the board under that gravity', () => {
    for (const gravity of GRAVITIES) {
      for (let seed = 0; seed < 4; seed++) {
        const g = built({ rows: 8, cols: 18, copies: 4, seed, gravity, difficulty: 0.4 });
        expect(isSettledBoard(g.board, gravity)).toBe(true);
        const r = replay(g.board, g.order, { gravity });
        expect(r.error).toBeUndefined();
        expect(r.cleared).toBe(true);
        const counts = faceCounts(g.board.cells);
        expect(counts.size).toBe(36);
        for (const n of counts.values()) expect(n).toBe(4);
      }
    }
  });

  it('is deterministic for a seed, and seeds differ', () => {
    const a = built({ rows: 6, cols: 8, copies: 2, seed: 'level-1' });
    const b = built({ rows: 6, cols: 8, copies: 2, seed: 'level-1' });
    const c = built({ rows: 6, cols: 8, copies: 2, seed: 'level-2' });
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
    const g = built({ mask, copies: 2, seed: 7 });
    expect(g.board.cells.map((v) => (v > 0 ? 1 : v))).toEqual(mask.cells);
    expect(replay(g.board, g.order).cleared).toBe(true);
    const noRing = built({ mask, copies: 2, faces: 13, seed: 8, ring: false });
    expect(replay(noRing.board, noRing.order, { ring: false }).cleared).toBe(true);
    const rng = Rng.from('sym');
    for (let k = 0; k < 5; k++) {
      const m = randomMask({ rows: 10, cols: 14, fill: 0.6, symmetry: 'horizontal', rng });
      const tiles = m.cells.filter((v) => v === 1).length;
      const g2 = built({ mask: m, copies: 2, rng, gravity: 'down' });
      expect(replay(g2.board, g2.order, { gravity: 'down' }).cleared).toBe(true);
      expect(g2.board.cells.filter((v) => v > 0)).toHaveLength(tiles);
    }
  });

  it('faces and copies are configurable, with clear errors when they do not fit', () => {
    const six = built({ rows: 4, cols: 6, copies: 6, seed: 1 });
    for (const n of faceCounts(six.board.cells).values()) expect(n).toBe(6);
    expect(() => built({ rows: 8, cols: 18, faces: 36, copies: 2 })).toThrow(
      /144 tile cells but 36 faces × 2 copies = 72 tiles/,
    );
    expect(() => built({ rows: 8, cols: 18, copies: 3 })).toThrow(/even integer/);
    expect(() => built({ rows: 3, cols: 3 })).toThrow(/odd/);
    expect(() => built({ rows: 8, cols: 18, difficulty: 2 })).toThrow(/difficulty/);
    expect(() => built({ rows: 2, cols: 4, gravity: 'sideways' as never })).toThrow(/gravity/);
  });

  it('reports a layout that cannot be cleared instead of hanging', () => {
    // Without the ring, the two cells are walled apart: no linkable pair ever exists (a proof).
    const walled = generateBoard({ mask: parseMask('X#X'), copies: 2, ring: false });
    expect(walled.outcome).toEqual({ kind: 'impossible' });
    // Two tiles link at the start, but then the other two are walled apart: the construction keeps
    // backtracking until the work budget (in steps) is spent, the same on every machine.
    const trap = parseMask('XX#X#X');
    const stuck = generateBoard({ mask: trap, copies: 2, ring: false, maxWork: 50 });
    expect(stuck.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 50, unit: 'steps' });
    expect(stuck.work).toBe(50);
  });

  it('difficulty lowers the playable pairs at the start under every gravity', () => {
    for (const gravity of GRAVITIES) {
      const start = (difficulty: number): number => {
        let sum = 0;
        for (let seed = 1; seed <= 3; seed++) {
          const g = built({ rows: 8, cols: 12, seed, difficulty, gravity });
          expect(replay(g.board, g.order, { gravity }).cleared).toBe(true);
          sum += playablePairs(g.board, { gravity }).length;
        }
        return sum;
      };
      const [easy, mid, hard] = [start(0), start(0.5), start(1)];
      expect(mid).toBeLessThanOrEqual(easy);
      expect(hard).toBeLessThan(mid);
    }
  });
});

describe('generation budget', () => {
  it('counts construction steps; the clock only stops it early and says so', () => {
    const big = { rows: 60, cols: 60, copies: 10, seed: 1 };
    const done = generateBoard({ rows: 8, cols: 18, seed: 1 });
    expect(done.outcome).toEqual({ kind: 'solved' });
    expect(done.work).toBe(72); // one step per pair, no backtrack with the ring
    expect(generateBoard({ rows: 8, cols: 18, seed: 1, maxWork: 71 }).outcome).toEqual({
      kind: 'gave-up',
      bound: 'work',
      limit: 71,
      unit: 'steps',
    });
    expect(generateBoard({ ...big, maxWork: 0 }).work).toBe(0);
    let t = 0;
    const late = generateBoard({ ...big, maxMs: 5, now: () => (t += 1) });
    expect(late.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 5, unit: 'ms' });
    expect(describeOutcome(late.outcome)).toBe('gave up: time limit of 5 ms reached');
    // A time limit that does not stop the job changes nothing.
    expect(generateBoard({ rows: 8, cols: 18, seed: 1, maxMs: 1e9 })).toEqual(done);
    expect(() => generateBoard({ ...big, maxMs: -1 })).toThrow(/maxMs must be a number ≥ 0/);
  });

  it('a shuffle reports the same outcomes', () => {
    const { board } = built({ rows: 4, cols: 6, seed: 3 });
    expect(shuffleBoard(board, { seed: 1, maxWork: 0 }).outcome).toMatchObject({ bound: 'work' });
    const walled = shuffleBoard({ rows: 1, cols: 3, cells: [1, -1, 1] }, { ring: false });
    expect(walled.outcome).toEqual({ kind: 'impossible' });
  });
});
