import { describe, expect, it } from 'vitest';
import { parseLevel } from './format/xsb.js';
import { lurdToPushes, pushesToLurd, replay, verify } from './play.js';

// Microban 1, solved by hand.
const microban1 = parseLevel(
  ['####', '# .#', '#  ###', '#*@  #', '#  $ #', '#  ###', '####'].join('\n'),
);

describe('replay and verify', () => {
  it('accepts a hand-checked answer and counts moves and pushes', () => {
    const r = verify(microban1, 'dlUrrrdLullddrUluRuulDrddrruLdlUU');
    expect(r.legal).toBe(true);
    expect(r.moves).toBe(33);
    expect(r.pushes).toBe(8);
    expect(r.solved).toBe(true);
  });

  it('stops at the first illegal step with its index', () => {
    const wall = replay(microban1, 'rrr');
    expect(wall.legal).toBe(false);
    expect(wall.failure).toMatchObject({ step: 2, reason: /wall/ });
    expect(wall.moves).toBe(2);
    const lower = replay(microban1, 'dlu');
    expect(lower.failure).toMatchObject({ step: 2, move: 'u' });
    const upper = replay(microban1, 'D');
    expect(upper.failure?.reason).toMatch(/pushes nothing/);
    const blocked = replay(microban1, 'L');
    expect(blocked.failure?.reason).toMatch(/box cannot move/);
  });

  it('a legal but unfinished answer is legal and unsolved', () => {
    const r = verify(microban1, 'dlU');
    expect(r).toMatchObject({ legal: true, solved: false, moves: 3, pushes: 1 });
  });

  it('turns LURD into pushes and back with the same pushes', () => {
    const moves = 'dlUrrrdLullddrUluRuulDrddrruLdlUU';
    const pushes = lurdToPushes(microban1, moves);
    expect(pushes).toHaveLength(8);
    const walked = pushesToLurd(microban1, pushes);
    expect(walked.replace(/[a-z]/g, '')).toBe(moves.replace(/[a-z]/g, ''));
    expect(walked.length).toBeLessThanOrEqual(moves.length);
    expect(verify(microban1, pushes).solved).toBe(true);
  });

  it('reports an impossible push in a push list', () => {
    const r = verify(microban1, [{ box: 3 * 6 + 1, direction: 3 }]); // left, into the wall
    expect(r.legal).toBe(false);
    expect(r.failure?.step).toBe(0);
  });

  it('reports the first impossible push after legal ones, with the position before it', () => {
    const pushes = lurdToPushes(microban1, 'dlUrrrdLullddrUluRuulDrddrruLdlUU');
    // the third push again, after the first three: that box has left the cell
    const broken = [...pushes.slice(0, 3), pushes[2]!, ...pushes.slice(3)];
    const r = verify(microban1, broken);
    expect(r).toMatchObject({ legal: false, solved: false, pushes: 3 });
    expect(r.failure).toMatchObject({ step: 3, reason: /no box at cell/ });
    const before = replay(microban1, pushesToLurd(microban1, pushes.slice(0, 3)));
    expect(r.final.cells).toEqual(before.final.cells);
    expect(r.moves).toBe(before.moves);
    // a push the player cannot get behind: box (3,4) pushed up needs the wall cell below it
    const cut = verify(microban1, [{ box: 4 * 6 + 3, direction: 0 }]); // up
    expect(cut.failure).toMatchObject({ step: 0, reason: /cannot reach|cannot move/ });
    expect(() => pushesToLurd(microban1, broken)).toThrow(/push 4: no box at cell/);
  });
});
