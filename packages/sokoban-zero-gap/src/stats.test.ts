import { describe, expect, it } from 'vitest';
import { parseLevel } from './format/xsb.js';
import { describeLowerBound, levelStats } from './stats.js';

describe('levelStats', () => {
  it('counts a level and bounds its pushes (hand-checked: one box two pushes from its goal)', () => {
    const s = levelStats(parseLevel('######\n#@$ .#\n######'));
    expect(s).toMatchObject({ width: 6, height: 3, boxes: 1, goals: 1, boxesOnGoals: 0, floor: 4 });
    expect(s.lowerBound).toEqual({ kind: 'pushes', pushes: 2 });
    expect(describeLowerBound(s.lowerBound)).toBe('≥ 2 pushes');
  });

  it('calls a walled-in box unsolvable instead of "≥ -1 pushes" (issue 29)', () => {
    // the box at column 3, row 2 sits in a dead corner: it can never move onto the goal
    const s = levelStats(parseLevel(['#####', '#$ @#', '#  .#', '#####'].join('\n')));
    expect(s.lowerBound).toEqual({
      kind: 'unsolvable',
      reason: 'the box at column 2, row 2 can reach no goal',
    });
    expect(describeLowerBound(s.lowerBound)).toBe(
      'none: unsolvable (the box at column 2, row 2 can reach no goal)',
    );
    expect(describeLowerBound(s.lowerBound)).not.toMatch(/-1/);
  });

  it('says when the bound was not computed (the clock), and box and goal counts that differ', () => {
    let t = 0;
    const big = parseLevel(
      [
        '#'.repeat(40),
        ...Array.from({ length: 18 }, (_, y) => `#${y === 0 ? '@' : ' '}${'$.'.repeat(19)}#`),
        '#'.repeat(40),
      ].join('\n'),
    );
    const s = levelStats(big, { maxMs: 1, now: () => (t += 1) });
    expect(s.lowerBound).toEqual({ kind: 'not-computed', reason: 'time limit of 1 ms reached' });
    expect(describeLowerBound(s.lowerBound)).toBe('not computed (time limit of 1 ms reached)');
  });
});
