import { describe, expect, it } from 'vitest';
import { parseXsb } from '../format/xsb.js';
import { verify } from '../play.js';
import { CORRAL_DEADLOCK, NO_CORRAL } from './corral.js';
import { GoalMacro } from './macro.js';
import { PackingOrder } from './packing.js';
import { solve } from './solve.js';
import { flat } from '../testing/generated.js';
import { Space } from './space.js';
import { analyseStartCorral } from '../testing/corral.js';

const level = (rows: string[]) => parseXsb(rows.join('\n')).levels[0]!;

/** The corral analysis of a level's start position, and the pushes into its corral. */
function analyseStart(rows: string[]): { result: number; pushes: number[] } {
  const { result, pruner } = analyseStartCorral(level(rows));
  return { result, pushes: result > 0 ? [...pruner.pushes.subarray(0, result)] : [] };
}

describe('PI-corral pruning', () => {
  it('keeps only the push into a closed room with an empty goal (hand-checked)', () => {
    // the box in the doorway can only go left (right needs the player inside, up/down are walls)
    const { result, pushes } = analyseStart(['#######', '#  #  #', '#. $ @#', '#######']);
    expect(result).toBe(1);
    const box = 2 * 7 + 3;
    expect(pushes).toEqual([box * 4 + 3]); // direction 3 = left
  });

  it('finds nothing to prune when every box touches the player’s area only', () => {
    expect(analyseStart(['#######', '#.  $ #', '#    @#', '#######']).result).toBe(NO_CORRAL);
  });

  it('finds a corral deadlock that a box outside the corral keeps shut (XSokoban 3, late)', () => {
    // (5,9) is a pocket behind two boxes; both pushes into it end on a dead square, and the boxes
    // around only hold each other: the freeze test alone cannot see it
    const rows = [
      '#################',
      '#########@     ##',
      '#########  #  ###',
      '#########     ###',
      '##########$   ###',
      '######### $ # ###',
      '#***.  ##$$     #',
      '##*..           #',
      '#***.  ##########',
      '#################',
    ];
    expect(analyseStart(rows).result).toBe(CORRAL_DEADLOCK);
    expect(flat(solve(level(rows))).outcome).toEqual({ kind: 'impossible' });
  });

  it('keeps the optimum: push-optimal answers with the pruning equal the brute-force ones', () => {
    // the corral push is the first push of the optimal answer
    const l = level(['#######', '#  #  #', '#. $ @#', '#######']);
    const r = flat(solve(l));
    expect(r.solved).toBe(true);
    expect(r.optimal).toBe(true);
    expect(r.pushes).toBe(2);
    expect(verify(l, r.solution).solved).toBe(true);
  });
});

describe('packing order and goal-room macros', () => {
  const room = ['########', '#...   #', '# $$$ @#', '########'];

  it('fills a dead-end row of goals from the far end (retrograde pull analysis)', () => {
    const sp = new Space(level(room));
    const order = new PackingOrder(sp);
    const at = (x: number) => order.fillRank[1 * 8 + x]!;
    expect(at(1)).toBeGreaterThan(at(2));
    expect(at(2)).toBeGreaterThan(at(3));
    // a box on the entrance goal shuts both goals behind it
    const occ = new Uint8Array(sp.size);
    occ[1 * 8 + 3] = 1;
    expect(order.penalty(occ)).toBe(2);
    occ[1 * 8 + 1] = 1;
    expect(order.penalty(occ)).toBe(1);
  });

  it('routes a box entering the room on to the deepest empty goal', () => {
    const sp = new Space(level(room));
    const macro = new GoalMacro(sp, new PackingOrder(sp).fillRank);
    expect(macro.active).toBe(true);
    const occ = new Uint8Array(sp.size);
    const entrance = 1 * 8 + 3;
    occ[entrance] = 1; // just pushed left from (4, 1); the player stands there
    const n = macro.route(occ, entrance, entrance + 1);
    expect([...macro.pushes.subarray(0, n)]).toEqual([entrance * 4 + 3, (entrance - 1) * 4 + 3]); // left, left
  });

  it('the fast mode solves goal-room levels with answers that replay', () => {
    const l = level([
      '############',
      '#..  #     ###',
      '#..  # $  $  #',
      '#..  #$####  #',
      '#..    @ ##  #',
      '#..  # #  $ ##',
      '###### ##$ $ #',
      '  # $  $ $ $ #',
      '  #    #     #',
      '  ############',
    ]); // XSokoban 2
    const r = flat(solve(l, { maxWork: 300_000 }, { mode: 'fast' }));
    expect(r.solved).toBe(true);
    expect(verify(l, r.solution).solved).toBe(true);
  });
});
