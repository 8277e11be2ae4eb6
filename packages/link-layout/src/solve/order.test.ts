// Issue 29: on any board the generator made, hints, solves and ratings answer from its clearing
// order where the exact search gives up. Budgets here are work units, never time.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseCollection, printCollection, levelToJson, levelFromJson } from '../format/json.js';
import { playMove, replay } from '../link/play.js';
import { GRAVITIES, type Board, type Gravity, type Move } from '../model.js';
import { rateBoard } from '../rate/rate.js';
import { built, solvedValue } from '../test-helpers.js';
import { hintMove, resumeOrder, solveBoard } from './solve.js';

/** A hint's move is safe: playing it, then the rest of `rest`, clears the board. */
function expectSafe(board: Board, move: Move, rest: readonly Move[], gravity: Gravity): void {
  const after = playMove(board, move, { gravity });
  expect(replay(after, rest, { gravity }).cleared).toBe(true);
}

describe('the clearing order answers where the search gives up (issue 29)', () => {
  // The reported boards: 30×16 with left gravity, 16×16 down and 24×24 with gravity, difficulty 1.
  const cases = [
    { rows: 16, cols: 30, gravity: 'left' },
    { rows: 16, cols: 16, gravity: 'down' },
    { rows: 24, cols: 24, gravity: 'down' },
    { rows: 24, cols: 24, gravity: 'right' },
  ] as const;

  for (const { rows, cols, gravity } of cases) {
    it(`${cols}×${rows}, gravity ${gravity}, difficulty 1: hint, solve and rate answer from the order`, () => {
      const { board, order } = built({ rows, cols, gravity, difficulty: 1, seed: 2 });
      // The search alone gives up within this budget (deterministic: a budget of work units).
      const searchOnly = hintMove(board, { gravity, maxWork: 500 });
      expect(searchOnly.outcome).toEqual({
        kind: 'gave-up',
        bound: 'work',
        limit: 500,
        unit: 'nodes',
      });
      expect(solveBoard(board, { gravity, maxWork: 500 }).outcome.kind).toBe('gave-up');
      // With the order, even no search budget at all is enough.
      const hint = hintMove(board, { gravity, order, maxWork: 0 });
      expect(hint.work).toBe(0);
      const { move, path, source } = solvedValue(hint);
      expect(source).toBe('order');
      expect(move).toEqual(order[0]);
      expect(path.length).toBeGreaterThanOrEqual(2);
      expectSafe(board, move, order.slice(1), gravity);
      const solved = solveBoard(board, { gravity, order, maxWork: 0 });
      expect(solved.source).toBe('order');
      expect(replay(board, solvedValue(solved), { gravity }).cleared).toBe(true);
      const rating = solvedValue(
        rateBoard(board, { gravity, order, playouts: 2, deadEnds: false, maxWork: 10_000 }),
      );
      expect([rating.solvable, rating.line]).toEqual([true, 'order']);
      expect(rating.movesAlongPlay).toHaveLength(order.length);
    });
  }

  it('the order travels with the level in its JSON, and hint reads it from there', () => {
    const { board, order } = built({ rows: 16, cols: 30, gravity: 'left', difficulty: 1, seed: 1 });
    const text = printCollection([{ level: { board, gravity: 'left', ring: true, order } }]);
    const [entry] = parseCollection(text);
    const level = entry!.level;
    expect(level.order).toEqual(order);
    expect(levelFromJson(levelToJson(level))).toEqual(level);
    const hint = hintMove(level.board, { ...level, maxWork: 0 });
    expect(solvedValue(hint).move).toEqual(order[0]);
  });

  it('hint answers at every position along the order, under every gravity (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 2, max: 8 }),
        fc.constantFrom(...GRAVITIES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(),
        fc.nat(),
        (rows, cols, gravity, difficulty, seed, at) => {
          if ((rows * cols) % 2 !== 0) return;
          const { board, order } = built({ rows, cols, gravity, difficulty, seed, copies: 2 });
          // Play k moves along the order; the position is part-way through play.
          const k = at % order.length;
          let position = board;
          for (const move of order.slice(0, k)) position = playMove(position, move, { gravity });
          const hint = hintMove(position, { gravity, order, maxWork: 0 });
          const { move } = solvedValue(hint);
          expect(move).toEqual(order[k]);
          expectSafe(position, move, order.slice(k + 1), gravity);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('without gravity, a position reached by the order’s pairs in any order resumes from the rest', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (seed, pick) => {
        const { board, order } = built({ rows: 6, cols: 8, difficulty: 1, seed });
        // Play some of the order's later pairs first, where they are already playable (a later
        // pair may still be walled in by tiles the order removes before it).
        let position = board;
        const played = new Set<number>();
        for (
          let k = order.length - 1;
          k >= 0 && played.size < 1 + (pick % 5);
          k -= 1 + (pick % 3)
        ) {
          if (replay(position, [order[k]!]).ok) {
            position = playMove(position, order[k]!);
            played.add(k);
          }
        }
        const resumed = resumeOrder(position, order);
        expect(resumed).not.toBeNull();
        expect(resumed).toHaveLength(order.length - played.size);
        expect(replay(position, resumed!).cleared).toBe(true);
        expect(solvedValue(hintMove(position, { order, maxWork: 0 })).source).toBe('order');
      }),
      { numRuns: 40 },
    );
  });

  it('an order that does not fit the position is ignored, and the search decides', () => {
    const { board, order } = built({ rows: 4, cols: 6, seed: 3 });
    const other = built({ rows: 4, cols: 6, seed: 4 }).order;
    const fits = replay(board, other).cleared;
    const r = solveBoard(board, { order: other });
    expect(r.source).toBe(fits ? 'order' : 'search');
    expect(replay(board, solvedValue(r)).cleared).toBe(true);
    expect(resumeOrder(board, order)).toBe(order);
    expect(() => resumeOrder(board, 'AB' as never)).toThrow(/order must be a list/);
  });
});
