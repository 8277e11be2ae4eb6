import { describe, expect, it } from 'vitest';
import { Rng } from '@puzzlekit/rng';
import { parseBoard, printBoard } from '../format/text.js';
import { playablePairs } from '../link/path.js';
import { playMove, replay } from '../link/play.js';
import type { Board, Gravity, RuleOptions } from '../model.js';
import { hintMove, solveBoard } from './solve.js';
import { shuffleBoard } from '../generate/generate.js';
import { built, solvedValue } from '../test-helpers.js';

/** Independent truth: plain exhaustive search over every playable pair, memo on the printed board. */
function bruteSolvable(
  board: Board,
  rule: RuleOptions,
  memo = new Map<string, boolean>(),
): boolean {
  if (!board.cells.some((v) => v > 0)) return true;
  const key = printBoard(board);
  const known = memo.get(key);
  if (known !== undefined) return known;
  let ok = false;
  for (const m of playablePairs(board, rule)) {
    if (bruteSolvable(playMove(board, m, rule), rule, memo)) {
      ok = true;
      break;
    }
  }
  memo.set(key, ok);
  return ok;
}

function deal(rng: Rng, rows: number, cols: number, faces: number, copies: number): Board {
  const cells: number[] = [];
  for (let f = 1; f <= faces; f++) for (let k = 0; k < copies; k++) cells.push(f);
  while (cells.length < rows * cols) cells.push(rng.bool(0.7) ? 0 : -1);
  rng.shuffle(cells);
  return { rows, cols, cells };
}

function settle(board: Board, gravity: Gravity): Board {
  // Let tiles fall column by column / row by row (blocked cells hold them), as a plain reference.
  const { rows, cols } = board;
  const cells = board.cells.slice();
  const lines: number[][] = [];
  if (gravity === 'down' || gravity === 'up')
    for (let c = 0; c < cols; c++) lines.push([...Array(rows).keys()].map((r) => r * cols + c));
  else for (let r = 0; r < rows; r++) lines.push([...Array(cols).keys()].map((c) => r * cols + c));
  for (let line of lines) {
    if (gravity === 'down' || gravity === 'right') line = line.reverse();
    let w = 0;
    for (let k = 0; k < line.length; k++) {
      const v = cells[line[k]!]!;
      if (v === -1) w = k + 1;
      else if (v > 0) {
        cells[line[k]!] = 0;
        cells[line[w++]!] = v;
      }
    }
  }
  return { rows, cols, cells };
}

describe('exact solver', () => {
  it('agrees with a brute-force search on small random deals, with and without gravity', () => {
    const rng = Rng.from('solver-vs-brute');
    const gravities: Gravity[] = ['none', 'down', 'up', 'left', 'right'];
    let solvable = 0;
    let unsolvable = 0;
    for (let trial = 0; trial < 150; trial++) {
      const rows = 2 + rng.below(3);
      const cols = 2 + rng.below(4);
      const picked = rng.pick([2, 4, 4, 6]);
      const copies = rows * cols >= picked + 2 ? picked : 2;
      const faces = Math.max(1, Math.min(4, Math.floor((rows * cols * 0.8) / copies)));
      const gravity = gravities[trial % 5]!;
      const rule = { gravity, ring: rng.bool(0.6) };
      const board = settle(deal(rng, rows, cols, faces, copies), gravity);
      const truth = bruteSolvable(board, rule);
      const r = solveBoard(board, rule);
      expect(r.outcome.kind).toBe(truth ? 'solved' : 'impossible');
      if (truth) {
        solvable++;
        const check = replay(board, solvedValue(r), rule);
        expect(check.ok).toBe(true);
        expect(check.cleared).toBe(true);
      } else unsolvable++;
    }
    expect(solvable).toBeGreaterThan(10);
    expect(unsolvable).toBeGreaterThan(10);
  });

  it('proves a hand-made board unsolvable and solves a hand-made one', () => {
    // The two A's and two B's block each other in a walled box: nothing is playable.
    const stuck = parseBoard(`
#####
#AB##
#BA##
#####`);
    expect(solveBoard(stuck).outcome).toEqual({ kind: 'impossible' });
    // With four copies the pairing matters: A(0,0)-A(0,1) first leaves the right pairing.
    const b = parseBoard(`
AAB
BAA
BBC
..C`);
    const r = solveBoard(b, { ring: false });
    expect(replay(b, solvedValue(r), { ring: false }).cleared).toBe(true);
  });

  it('many copies of one face: the matching rule clears it without branching', () => {
    const board = { rows: 20, cols: 20, cells: new Array<number>(400).fill(1) };
    const r = solveBoard(board, { maxWork: 5 });
    expect(replay(board, solvedValue(r)).cleared).toBe(true);
  });

  it('solves generated 18×8 boards and reports a spent budget as gave-up', () => {
    for (const gravity of ['none', 'down'] as const) {
      const g = built({ rows: 8, cols: 18, copies: 4, seed: 3, gravity });
      const r = solveBoard(g.board, { gravity });
      expect(r.source).toBe('search');
      expect(replay(g.board, solvedValue(r), { gravity }).cleared).toBe(true);
    }
    const rng = Rng.from('budget');
    const hard = deal(rng, 8, 18, 36, 4);
    const r = solveBoard(hard, { maxWork: 1 });
    if (r.outcome.kind === 'gave-up')
      expect(r.outcome).toMatchObject({ bound: 'work', unit: 'nodes' });
    else expect(r.work).toBeLessThanOrEqual(1);
    expect(solveBoard(hard, { maxWork: 0 }).outcome).toEqual({
      kind: 'gave-up',
      bound: 'work',
      limit: 0,
      unit: 'nodes',
    });
    expect(() => solveBoard(hard, { maxWork: -1 })).toThrow(/maxWork/);
    expect(() => solveBoard(parseBoard('A.\n.A'), { gravity: 'down' })).toThrow(/not at rest/);
  });
});

describe('hints and shuffles', () => {
  it('a hint is a playable pair that keeps the board solvable', () => {
    const rng = Rng.from('hint');
    let hints = 0;
    for (let trial = 0; trial < 60; trial++) {
      const board = deal(rng, 3, 4, 3, 4);
      const h = hintMove(board);
      const truth = bruteSolvable(board, {});
      expect(h.playablePairs).toBe(playablePairs(board).length);
      if (truth) {
        const { move, path } = solvedValue(h);
        const after = playMove(board, move);
        expect(bruteSolvable(after, {})).toBe(true);
        expect(path.length).toBeGreaterThanOrEqual(2);
        hints++;
      } else expect(h.outcome.kind).toBe('impossible');
    }
    expect(hints).toBeGreaterThan(5);
    expect(() => hintMove(parseBoard('..'))).toThrow(/no tiles left/);
  });

  it('a hint avoids the tempting pair that loses (hand-checked)', () => {
    // No ring. Playable: C-C, and A(1,0)-A(2,0). Taking those A's leaves A(1,2)/A(2,3) and
    // B(1,3)/B(2,2) crossing each other: every route needs three turns, a dead end.
    const b = parseBoard(`
.C..
ACAB
A.BA`);
    const rule = { ring: false };
    expect(playablePairs(b, rule)).toEqual([
      [
        [0, 1],
        [1, 1],
      ],
      [
        [1, 0],
        [2, 0],
      ],
    ]);
    expect(
      solveBoard(
        playMove(
          b,
          [
            [1, 0],
            [2, 0],
          ],
          rule,
        ),
        rule,
      ).outcome.kind,
    ).toBe('impossible');
    expect(
      bruteSolvable(
        playMove(
          b,
          [
            [1, 0],
            [2, 0],
          ],
          rule,
        ),
        rule,
      ),
    ).toBe(false);
    const h = hintMove(b, rule);
    expect(solvedValue(h).move).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it('shuffles the remaining tiles into a solvable board with the same faces', () => {
    const rng = Rng.from('shuffle');
    for (const gravity of ['none', 'down', 'right'] as const) {
      for (let trial = 0; trial < 5; trial++) {
        const board = settle(deal(rng, 4, 6, 5, 4), gravity);
        const s = solvedValue(shuffleBoard(board, { gravity, rng }));
        const check = replay(s.board, s.order, { gravity });
        expect(check.cleared).toBe(true);
        // same occupied cells, same multiset of faces
        expect(s.board.cells.map((v) => v > 0)).toEqual(board.cells.map((v) => v > 0));
        expect([...s.board.cells].sort()).toEqual([...board.cells].sort());
      }
    }
  });

  it('never deals the same board back while two faces remain, not even on a board generated with the same seed', () => {
    for (const gravity of ['none', 'down'] as const) {
      for (let seed = 0; seed < 12; seed++) {
        const { board } = built({ rows: 4, cols: 6, faces: 6, copies: 4, seed, gravity });
        const s = solvedValue(shuffleBoard(board, { seed, gravity }));
        expect(s.board.cells).not.toEqual(board.cells);
        expect(replay(s.board, s.order, { gravity }).cleared).toBe(true);
      }
    }
    // one face left: the only arrangement is the board itself
    const single: Board = { rows: 1, cols: 4, cells: [3, 3, 3, 3] };
    expect(solvedValue(shuffleBoard(single, { seed: 1 })).board.cells).toEqual(single.cells);
  });
});
