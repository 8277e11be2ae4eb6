import fc from 'fast-check';
import { BudgetMeter } from '@puzzlekit/job';
import { describe, expect, it } from 'vitest';
import type { Level } from '../model.js';
import { parseXsb } from '../format/xsb.js';
import { verify } from '../play.js';
import { CORRAL_DEADLOCK } from './corral.js';
import { greedySearch } from './greedy.js';
import { solve } from './solve.js';
import { flat } from '../testing/generated.js';
import { Space } from './space.js';
import { bruteForcePushes } from '../testing/brute-force.js';
import { analyseStartCorral } from '../testing/corral.js';

/** Brute-force truth: solvable (true), unsolvable (false), or null past the state limit. */
function bruteSolvable(level: Level): boolean | null {
  const pushes = bruteForcePushes(level, 300_000);
  return pushes === null ? null : pushes >= 0;
}

/** The corral analysis of a level's start with the sub-search deadlock test on. */
const analyseWithSearch = (level: Level): number => analyseStartCorral(level, true).result;

const level = (rows: string[]): Level => parseXsb(rows.join('\n')).levels[0]!;

describe('corral deadlocks by sub-search', () => {
  it('finds the pocket two boxes shut for good (XSokoban 5, late; hand-checked)', () => {
    // (11,2) can only leave its alcove pushed down from (11,1), which the player reaches only by
    // (9,2); the box at (9,3) can only go up into that passage, and from there only onto dead cells
    const rows = [
      '#################',
      '#########   #####',
      '######### #$##  #',
      '#########$   $$ #',
      '######### ###   #',
      '#**+.  ##$    ###',
      '#*... $    $  ###',
      '#*...  ##      ##',
      '#########  $  ###',
      '#########     ###',
      '########### ## ##',
      '###########    ##',
      '#################',
    ];
    const l = level(rows);
    expect(analyseWithSearch(l)).toBe(CORRAL_DEADLOCK);
    // without the sub-search, the corral test alone does not see it
    expect(analyseStartCorral(l).result).not.toBe(CORRAL_DEADLOCK);
  });

  it('agrees with brute force: a position it calls dead has no solution', () => {
    // a small board with a pocket and a corridor; boxes and goals placed at random
    const board = [
      '########',
      '#   #  #',
      '#      #',
      '## #   #',
      '#   ## #',
      '#      #',
      '########',
    ];
    const floor: number[] = [];
    board.forEach((row, y) => [...row].forEach((ch, x) => ch === ' ' && floor.push(y * 8 + x)));
    let deadSeen = 0;
    fc.assert(
      fc.property(
        fc.shuffledSubarray(floor, { minLength: 7, maxLength: 7 }),
        fc.integer({ min: 2, max: 3 }),
        (cells, k) => {
          const boxes = cells.slice(0, k);
          const goals = cells.slice(k, 2 * k);
          const player = cells[2 * k]!;
          const grid = board.map((row) => [...row]);
          for (const c of boxes) grid[Math.floor(c / 8)]![c % 8] = '$';
          for (const c of goals) grid[Math.floor(c / 8)]![c % 8] = '.';
          grid[Math.floor(player / 8)]![player % 8] = '@';
          const l = level(grid.map((r) => r.join('')));
          if (analyseWithSearch(l) !== CORRAL_DEADLOCK) return;
          deadSeen++;
          expect(bruteSolvable(l)).toBe(false);
        },
      ),
      { numRuns: 400, seed: 15 },
    );
    expect(deadSeen).toBeGreaterThan(0);
  });

  it('the guided fast run never calls a solvable level unsolvable, and its answers replay', () => {
    const board = ['#######', '#     #', '# #   #', '#   # #', '#     #', '#######'];
    const floor: number[] = [];
    board.forEach((row, y) => [...row].forEach((ch, x) => ch === ' ' && floor.push(y * 7 + x)));
    fc.assert(
      fc.property(fc.shuffledSubarray(floor, { minLength: 7, maxLength: 7 }), (cells) => {
        const grid = board.map((row) => [...row]);
        for (const c of cells.slice(0, 3)) grid[Math.floor(c / 7)]![c % 7] = '$';
        for (const c of cells.slice(3, 6)) grid[Math.floor(c / 7)]![c % 7] = '.';
        grid[Math.floor(cells[6]! / 7)]![cells[6]! % 7] = '@';
        const l = level(grid.map((r) => r.join('')));
        const truth = bruteSolvable(l);
        const sp = new Space(l);
        const r = greedySearch(sp, l.player, {
          meter: new BudgetMeter({ maxWork: 1_000_000 }),
          memoryBytes: 64 * 1024 * 1024,
          macros: false,
          areas: true,
        });
        expect(r.pushes !== null).toBe(truth);
        const fast = flat(solve(l, { maxWork: 300_000 }, { mode: 'fast' }));
        expect(fast.solved).toBe(truth);
        if (fast.solved) expect(verify(l, fast.solution).solved).toBe(true);
      }),
      { numRuns: 150, seed: 15 },
    );
  });
});
