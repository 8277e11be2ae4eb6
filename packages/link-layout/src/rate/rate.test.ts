import { describe, expect, it } from 'vitest';
import { parseBoard } from '../format/text.js';
import { replay } from '../link/play.js';
import { built, solvedValue } from '../test-helpers.js';
import { rateBoard } from './rate.js';

describe('difficulty measures', () => {
  it('hand-checked: the trap board has one dead-end choice at the start', () => {
    // No ring. Playable at the start: C-C (safe) and A(1,0)-A(2,0) (a dead end).
    const b = parseBoard(`
.C..
ACAB
A.BA`);
    const r = solvedValue(rateBoard(b, { ring: false, playouts: 400, seed: 1 }));
    expect(r.tiles).toBe(8);
    expect(r.startMoves).toBe(2);
    expect(r.solvable).toBe(true);
    expect(r.line).toBe('search');
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
    const g = built({ rows: 4, cols: 6, copies: 2, seed: 9 });
    const r = solvedValue(rateBoard(g.board, { playouts: 50, seed: 2 }));
    expect(r.randomClearRate).toBe(1);
    expect(r.randomProgress).toBe(1);
    expect(r.deadEndChoices).toBe(0);
    expect(r.randomWalkDeadEnds).toBe(0);
  });

  it('is reproducible for a seed, and rejects bad options', () => {
    const g = built({ rows: 4, cols: 6, copies: 4, seed: 4, difficulty: 1, gravity: 'down' });
    const a = rateBoard(g.board, { gravity: 'down', seed: 3, playouts: 60 });
    const b = rateBoard(g.board, { gravity: 'down', seed: 3, playouts: 60 });
    expect(a).toEqual(b);
    expect(solvedValue(a).solvable).toBe(true);
    expect(() => rateBoard(g.board, { playouts: -1 })).toThrow(/playouts/);
    expect(() => rateBoard(g.board, { deadEndBudget: 0 })).toThrow(/deadEndBudget/);
    expect(() => rateBoard(g.board, { lineNodes: 1.5 })).toThrow(/lineNodes/);
    expect(() => rateBoard(g.board, { maxMs: -1 })).toThrow(/maxMs/);
  });

  it('takes a known order as the line of play, and refuses one that does not clear', () => {
    const g = built({ rows: 8, cols: 12, seed: 2, difficulty: 1, gravity: 'left' });
    const r = solvedValue(
      rateBoard(g.board, { gravity: 'left', order: g.order, playouts: 20, deadEnds: false }),
    );
    expect(r.solvable).toBe(true);
    expect(r.line).toBe('order');
    expect(r.movesAlongPlay).toHaveLength(g.order.length);
    expect(r.movesAlongPlay[0]).toBe(r.startMoves);
    const wrong = [g.order[1]!, g.order[0]!, ...g.order.slice(2)];
    if (!replay(g.board, wrong, { gravity: 'left' }).cleared)
      expect(() => rateBoard(g.board, { gravity: 'left', order: wrong })).toThrow(/\$\.order/);
  });

  it('counts its work in nodes: a budget cut keeps what was measured; the clock only stops it', () => {
    const g = built({ rows: 4, cols: 6, copies: 4, seed: 7, difficulty: 1 });
    const full = rateBoard(g.board, { playouts: 30, seed: 5 });
    expect(full.outcome).toEqual({ kind: 'solved' });
    // The same work, or a time limit that does not stop it, gives the same rating byte for byte.
    expect(rateBoard(g.board, { playouts: 30, seed: 5, maxWork: full.work })).toEqual(full);
    expect(rateBoard(g.board, { playouts: 30, seed: 5, maxMs: 1e9 })).toEqual(full);
    const cut = rateBoard(g.board, { playouts: 30, seed: 5, maxWork: 40 });
    expect(cut.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 40, unit: 'nodes' });
    expect(cut.work).toBe(40);
    const partial = 'partial' in cut ? cut.partial : undefined;
    expect(partial?.startMoves).toBe(solvedValue(full).startMoves);
    expect(partial?.playouts).toBeLessThan(30);
    let t = 0;
    const late = rateBoard(g.board, { playouts: 1_000_000, maxMs: 30, now: () => (t += 1) });
    expect(late.outcome).toEqual({ kind: 'gave-up', bound: 'time', limit: 30, unit: 'ms' });
  });
});
