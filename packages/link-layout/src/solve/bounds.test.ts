// Bounded work and the invariants behind it (issue 12): the solver runs on an explicit stack and
// stops at every bound with the bound named; fixed cells never take a tile; generated boards with
// holes keep their shape under gravity.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '@puzzlekit/rng';
import { InvalidInputError } from '@puzzlekit/errors';
import { built } from '../test-helpers.js';
import { isSettledBoard } from '../generate/settled.js';
import { parseBoard, printBoard } from '../format/text.js';
import { playablePairs } from '../link/path.js';
import { playMove, replay } from '../link/play.js';
import { FIXED, GRAVITIES, type Board, type Gravity } from '../model.js';
import { hintMove, solveBoard } from './solve.js';

/** Exhaustive truth on tiny boards: try every playable pair, memo on the printed board. */
function bruteSolvable(board: Board, gravity: Gravity, memo = new Map<string, boolean>()): boolean {
  if (!board.cells.some((v) => v > 0)) return true;
  const key = printBoard(board);
  const known = memo.get(key);
  if (known !== undefined) return known;
  let ok = false;
  for (const m of playablePairs(board, { gravity })) {
    if (bruteSolvable(playMove(board, m, { gravity }), gravity, memo)) {
      ok = true;
      break;
    }
  }
  memo.set(key, ok);
  return ok;
}

/** A small board with tiles resting on fixed cells (`:`), as a shaped Onet board under gravity. */
const fixedBoards = fc
  .record({
    rows: fc.integer({ min: 2, max: 4 }),
    cols: fc.integer({ min: 2, max: 4 }),
    seed: fc.integer(),
    gravity: fc.constantFrom(...GRAVITIES),
  })
  .map(({ rows, cols, seed, gravity }) => {
    const rng = Rng.from(seed);
    const n = rows * cols;
    const cells: number[] = [];
    for (let i = 0; i < n; i++) cells.push(rng.pick([0, FIXED, FIXED, 1]));
    // Pair up the tile cells with faces 1..3 (an odd one out becomes empty).
    const tileAt = cells.flatMap((v, i) => (v === 1 ? [i] : []));
    if (tileAt.length % 2) cells[tileAt.pop()!] = 0;
    rng.shuffle(tileAt);
    for (let k = 0; k < tileAt.length; k += 2) {
      const f = 1 + rng.below(3);
      cells[tileAt[k]!] = f;
      cells[tileAt[k + 1]!] = f;
    }
    return { board: { rows, cols, cells }, gravity };
  })
  .filter(({ board, gravity }) => isSettledBoard(board, gravity));

describe('solver bounds and invariants (fast-check)', () => {
  it('agrees with brute force on boards with fixed cells, and fixed cells never take a tile', () => {
    fc.assert(
      fc.property(fixedBoards, ({ board, gravity }) => {
        const r = solveBoard(board, { gravity });
        expect(r.outcome.kind).toBe(bruteSolvable(board, gravity) ? 'solved' : 'impossible');
        if (r.outcome.kind === 'solved' && 'value' in r) {
          const fixedAt = board.cells.flatMap((v, i) => (v === FIXED ? [i] : []));
          let b: Board = board;
          for (const m of r.value) {
            b = playMove(b, m, { gravity });
            for (const i of fixedAt) expect(b.cells[i]).toBe(FIXED);
          }
          expect(b.cells.some((v) => v > 0)).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('every bound stops the search, and the outcome names the bound and its unit', () => {
    const { board } = built({ rows: 12, cols: 16, seed: 4, difficulty: 1 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), (budget) => {
        const r = solveBoard(board, { maxWork: budget });
        expect(r.work).toBeLessThanOrEqual(budget);
        if (r.outcome.kind === 'gave-up')
          expect(r.outcome).toEqual({
            kind: 'gave-up',
            bound: 'work',
            limit: budget,
            unit: 'nodes',
          });
      }),
      { numRuns: 20 },
    );
    expect(solveBoard(board, { maxStates: 4 }).outcome).toEqual({
      kind: 'gave-up',
      bound: 'memory',
      limit: 4,
      unit: 'states',
    });
    const hint = hintMove(board, { maxWork: 1 });
    expect(hint.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 1, unit: 'nodes' });
    expect(hint.playablePairs).toBe(playablePairs(board).length);
  });

  it('takes the one budget and reports the one outcome; the work decides, the clock only stops', () => {
    const { board } = built({ rows: 12, cols: 16, seed: 4, difficulty: 1 });
    const solved = solveBoard(board);
    expect(solved.outcome).toEqual({ kind: 'solved' });
    // A node budget below what the full search used stops it.
    expect(solved.work).toBeGreaterThan(1);
    const nodes = solved.work - 1;
    const cut = solveBoard(board, { maxWork: nodes });
    expect(cut.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: nodes, unit: 'nodes' });
    expect(cut.work).toBe(nodes);
    // Exactly the work it needs: the same answer, byte for byte; a far time limit changes nothing.
    expect(solveBoard(board, { maxWork: solved.work })).toEqual(solved);
    expect(solveBoard(board, { maxMs: 1e9 })).toEqual(solved);
    // An injected clock past the limit at the first node: gave up on time, nothing proven.
    let t = 0;
    const late = solveBoard(board, { maxMs: 5, now: () => (t += 10) });
    expect(late.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 5, unit: 'ms' });
    expect('value' in late).toBe(false);
    // An exhaustive search is a proof.
    const stuck = solveBoard(parseBoard('AB\nBA'), { ring: false, maxWork: 10 });
    expect(stuck.outcome).toEqual({ kind: 'impossible' });
  });

  it('a search 1000 moves deep completes and its line replays', () => {
    // 2 × 1000 tiles, 8 copies: 1000 moves on the solver's line, each level a search node.
    const g = built({ rows: 2, cols: 1000, copies: 8, seed: 3, difficulty: 0 });
    const r = solveBoard(g.board, { maxWork: 100_000 });
    expect(r.outcome.kind).toBe('solved');
    expect('value' in r && replay(g.board, r.value).cleared).toBe(true);
  });

  it('rejects bad budgets with typed errors', () => {
    const b = parseBoard('AA');
    for (const options of [
      { maxWork: -1 },
      { maxWork: Number.NaN },
      { maxMs: -1 },
      { maxMs: Number.NaN },
      { maxStates: -5 },
      { deadline: Number.NaN },
    ])
      expect(() => solveBoard(b, options)).toThrow(InvalidInputError);
  });
});

describe('generation under gravity keeps a mask with holes in shape (fast-check)', () => {
  it('tile cells stay where the mask put them; holes under tiles become fixed; replay clears', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom<Gravity>('down', 'up', 'left', 'right'),
        (seed, gravity) => {
          // A diamond with a hole in the middle: under gravity a plain mask would collapse.
          const mask = parseBoardMask(['..XX..', '.XXXX.', 'XX..XX', '.XXXX.', '..XX..']);
          const g = built({ mask, copies: 2, seed, gravity });
          expect(isSettledBoard(g.board, gravity)).toBe(true);
          for (let i = 0; i < mask.cells.length; i++)
            expect(g.board.cells[i]! > 0).toBe(mask.cells[i] === 1);
          expect(g.board.cells.includes(FIXED)).toBe(true);
          expect(replay(g.board, g.order, { gravity }).cleared).toBe(true);
          const fall = built({ mask, copies: 2, seed, gravity, holes: 'fall' });
          expect(fall.board.cells.includes(FIXED)).toBe(false);
          expect(replay(fall.board, fall.order, { gravity }).cleared).toBe(true);
        },
      ),
      { numRuns: 20 },
    );
  });
});

function parseBoardMask(rows: string[]): { rows: number; cols: number; cells: (0 | 1)[] } {
  return {
    rows: rows.length,
    cols: rows[0]!.length,
    cells: rows.flatMap((r) => [...r].map((ch) => (ch === 'X' ? 1 : 0))),
  };
}
