import { describe, expect, it } from 'vitest';
import { parseBoard } from '../format/text.js';
import { generateBoard } from '../generate/generate.js';
import { replay } from '../link/play.js';
import { rateBoard } from './rate.js';

describe('difficulty measures', () => {
  it('hand-checked: the trap board has one dead-end choice at the start', () => {
    // No ring. Playable at the start: C-C (safe) and A(1,0)-A(2,0) (a dead end).
    const b = parseBoard(`
.C..
ACAB
A.BA`);
    const r = rateBoard(b, { ring: false, playouts: 400, seed: 1 });
    expect(r.tiles).toBe(8);
    expect(r.startMoves).toBe(2);
    expect(r.solvable).toBe(true);
    expect(r.movesAlongPlay[0]).toBe(2);
    expect(r.movesAlongPlay).toHaveLength(4);
    expect(r.deadEndChoices).toBeGreaterThanOrEqual(1);
    expect(r.undecidedChoices).toBe(0);
    // each random walk checks the start, where A(1,0)-A(2,0) is the one dead end
    expect(r.randomWalkDeadEnds).toBeGreaterThanOrEqual(2);
    expect(r.randomWalkChoices).toBeGreaterThanOrEqual(4);
    // Random play takes the trap with probability about 1/2 at the first step (and maybe later).
    expect(r.randomClearRate).toBeGreaterThan(0.1);
    expect(r.randomClearRate).toBeLessThan(0.75);
    expect(r.minMoves).toBeLessThanOrEqual(r.meanMoves);
  });

  it('two copies without gravity: random play always clears a solvable board (playable pairs stay playable)', () => {
    const g = generateBoard({ rows: 4, cols: 6, copies: 2, seed: 9 });
    const r = rateBoard(g.board, { playouts: 50, seed: 2 });
    expect(r.randomClearRate).toBe(1);
    expect(r.randomProgress).toBe(1);
    expect(r.deadEndChoices).toBe(0);
    expect(r.randomWalkDeadEnds).toBe(0);
  });

  it('is reproducible for a seed, and rejects bad options', () => {
    const g = generateBoard({
      rows: 4,
      cols: 6,
      copies: 4,
      seed: 4,
      difficulty: 1,
      gravity: 'down',
    });
    const a = rateBoard(g.board, { gravity: 'down', seed: 3, playouts: 60 });
    const b = rateBoard(g.board, { gravity: 'down', seed: 3, playouts: 60 });
    expect(a).toEqual(b);
    expect(a.solvable).toBe(true);
    expect(() => rateBoard(g.board, { playouts: -1 })).toThrow(/playouts/);
  });

  it('takes a known solution as the line of play, and a time limit that keeps what was measured', () => {
    const g = generateBoard({ rows: 8, cols: 12, seed: 2, difficulty: 1, gravity: 'left' });
    const r = rateBoard(g.board, {
      gravity: 'left',
      solution: g.solution,
      playouts: 20,
      deadEnds: false,
    });
    expect(r.solvable).toBe(true);
    expect(r.movesAlongPlay).toHaveLength(g.solution.length);
    expect(r.movesAlongPlay[0]).toBe(r.startMoves);
    const wrong = [g.solution[1]!, g.solution[0]!, ...g.solution.slice(2)];
    const bad = replay(g.board, wrong, { gravity: 'left' }).cleared;
    if (!bad)
      expect(() => rateBoard(g.board, { gravity: 'left', solution: wrong })).toThrow(
        /\$\.solution/,
      );
    const cut = rateBoard(g.board, { gravity: 'left', playouts: 1_000_000, timeLimitMs: 50 });
    expect(cut.stopped).toMatch(/time limit \(50 ms\)/);
    expect(cut.playouts).toBeLessThan(1_000_000);
  });

  it('takes the shared budget names; the older ones give the same rating', () => {
    const g = generateBoard({ rows: 4, cols: 6, copies: 4, seed: 7, difficulty: 1 });
    const byNew = rateBoard(g.board, { playouts: 30, seed: 5, maxNodes: 50_000, maxMs: 60_000 });
    const byOld = rateBoard(g.board, {
      playouts: 30,
      seed: 5,
      nodeBudget: 50_000,
      timeLimitMs: 60_000,
    });
    expect(byNew).toEqual(byOld);
    const cut = rateBoard(g.board, { playouts: 1_000_000, maxMs: 30 });
    expect(cut.stopped).toMatch(/time limit \(30 ms\)/);
    expect(() => rateBoard(g.board, { deadEndBudget: 0 })).toThrow(/deadEndBudget/);
    expect(() => rateBoard(g.board, { maxNodes: 1.5 })).toThrow(/maxNodes/);
    expect(() => rateBoard(g.board, { maxMs: -1 })).toThrow(/maxMs/);
  });
});
