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
    const r = verify(microban1, [{ box: 3 * 6 + 1, direction: 0 }]);
    expect(r.legal).toBe(false);
    expect(r.failure?.step).toBe(0);
  });
});
