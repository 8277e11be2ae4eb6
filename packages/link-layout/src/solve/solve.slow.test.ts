// The reproducers of issue 12, item 3, at full size (minutes on a loaded machine: `pnpm test:slow`).
import { describe, expect, it } from 'vitest';
import { Rng } from '@puzzlekit/rng';
import { built, solvedValue } from '../test-helpers.js';
import { replay } from '../link/play.js';
import type { Board } from '../model.js';
import { hintMove, solveBoard } from './solve.js';

/** A random deal of `rows × cols` with 414 faces in pairs and a fraction of empty cells. */
function hugeDeal(rows: number, cols: number, empty: number, seed: string): Board {
  const rng = Rng.from(seed);
  const n = rows * cols;
  let tiles = Math.floor(n * (1 - empty));
  tiles -= tiles % 2;
  const cells: number[] = [];
  for (let i = 0; i < tiles / 2; i++) {
    const f = 1 + rng.below(414);
    cells.push(f, f);
  }
  while (cells.length < n) cells.push(0);
  rng.shuffle(cells);
  return { rows, cols, cells };
}

describe('issue 12 item 3 at full size', () => {
  it('solves and hints the 100×100 board of 50 copies (5000 moves deep)', () => {
    const g = built({ rows: 100, cols: 100, copies: 50, seed: 1 });
    const solution = solvedValue(solveBoard(g.board));
    expect(replay(g.board, solution).cleared).toBe(true);
    expect(solvedValue(hintMove(g.board)).move).toEqual(solution[0]);
  });

  it('500×500 and 1000×1000 random deals end in a budgeted answer, not an out-of-memory abort', () => {
    for (const [side, empty] of [
      [500, 0],
      [500, 0.5],
      [1000, 0],
      [1000, 0.5],
    ] as const) {
      const board = hugeDeal(side, side, empty, `huge ${side} ${empty}`);
      const r = solveBoard(board, { maxWork: 10, maxMs: 10_000 });
      expect(r.outcome.kind === 'gave-up' && ['work', 'time'].includes(r.outcome.bound)).toBe(true);
    }
  });
});
