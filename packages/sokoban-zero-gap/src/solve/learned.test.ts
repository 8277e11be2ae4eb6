import fc from 'fast-check';
import { BudgetMeter } from '@puzzlekit/job';
import { describe, expect, it } from 'vitest';
import { BOX, GOAL, WALL, type Level } from '../model.js';
import { bruteForcePushes } from '../testing/brute-force.js';
import { exactSearch } from './astar.js';
import { LearnedDeadlocks, type SubsetProver } from './learned.js';
import { Space } from './space.js';

/**
 * A level from rows ('#' wall, '$' box, '.' goal, '*' box on goal, '@' player), with any number
 * of boxes — fewer than goals too, which the XSB reader refuses.
 */
function board(rows: readonly string[]): Level {
  const width = Math.max(...rows.map((r) => r.length));
  const cells = new Uint8Array(width * rows.length);
  let player = -1;
  rows.forEach((row, y) =>
    [...row].forEach((ch, x) => {
      const c = y * width + x;
      if (ch === '#') cells[c] = WALL;
      if (ch === '$' || ch === '*') cells[c]! |= BOX;
      if (ch === '.' || ch === '*') cells[c]! |= GOAL;
      if (ch === '@') player = c;
    }),
  );
  return { width, height: rows.length, cells, player };
}

/** The level with boxes on `boxes` instead of its own (goals and player kept). */
function withBoxes(level: Level, boxes: readonly number[], player = level.player): Level {
  const cells = level.cells.map((f) => f & ~BOX);
  for (const b of boxes) cells[b]! |= BOX;
  return { ...level, cells, player };
}

/** exactSearch on `level` with a generous budget: its push count, -1 for unsolvable, or null. */
function exact(level: Level, work = 200_000): number | null {
  const sp = new Space(level);
  const r = exactSearch(sp, level.player, {
    meter: new BudgetMeter({ maxWork: work }),
    memoryBytes: 64 * 2 ** 20,
    freeze: true,
  });
  if (r.pushes) return r.pushes.length;
  return r.stop === 'unsolvable' ? -1 : null;
}

const BOARD = ['########', '#   #  #', '#      #', '## #   #', '#   ## #', '#      #', '########'];
const FLOOR: number[] = [];
BOARD.forEach((row, y) => [...row].forEach((ch, x) => ch === ' ' && FLOOR.push(y * 8 + x)));

/** BOARD with boxes, goals and the player on the given floor cells. */
function placed(boxes: readonly number[], goals: readonly number[], player: number): Level {
  const grid = BOARD.map((row) => [...row]);
  for (const c of goals) grid[Math.floor(c / 8)]![c % 8] = '.';
  for (const c of boxes)
    grid[Math.floor(c / 8)]![c % 8] = grid[Math.floor(c / 8)]![c % 8] === '.' ? '*' : '$';
  grid[Math.floor(player / 8)]![player % 8] = '@';
  return board(grid.map((r) => r.join('')));
}

describe('the exact search with fewer boxes than goals', () => {
  it('does not take an empty goal behind a box on its goal for unfinished (hand-checked)', () => {
    // the pocket on the left holds an empty goal behind the box on its goal; with three goals and
    // two boxes it need not be filled: push the right box twice. Were the pocket unfinished, the
    // PI-corral rule would push the left box into it first (3 pushes).
    expect(exact(board(['#########', '#.*@ $ .#', '#########']))).toBe(2);
  });

  it('finds the fewest pushes brute force finds, or proves none exists as it does', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(FLOOR, { minLength: 9, maxLength: 9 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (cells, k, extra) => {
          const m = k + extra;
          const level = placed(cells.slice(0, k), cells.slice(k, k + m), cells[8]!);
          const truth = bruteForcePushes(level, 200_000);
          if (truth === null) return;
          expect(exact(level)).toBe(truth);
        },
      ),
      { numRuns: 300, seed: 26 },
    );
  });
});

describe('learned deadlock patterns', () => {
  /** A prover as the FESS run uses it: the exact search on the boxes alone. */
  const proverFor =
    (level: Level): SubsetProver =>
    (boxes, player) => {
      const r = exact(withBoxes(level, boxes, player), 50_000);
      return r === null ? null : r < 0 ? 'dead' : 'alive';
    };

  it('learns the one box stuck in a corner, and sees it under other boxes (hand-checked)', () => {
    // the box at the top left can never leave its corner; the other two are free
    const level = board(['#######', '#$    #', '#  $  #', '# $ @ #', '#...  #', '#######']);
    const sp = new Space(level);
    const learned = new LearnedDeadlocks(sp);
    const boxes = Int32Array.from([8, 17, 23]);
    const cells = learned.learn(boxes, 3, level.player, 23, proverFor(level));
    expect(Array.from(cells!)).toEqual([8]);
    const occ = new Uint8Array(sp.size);
    for (const b of [8, 11, 12]) occ[b] = 1;
    expect(learned.matches(occ, level.player, Int32Array.from([8, 11, 12]), 3)).toBe(true);
    occ[8] = 0;
    occ[9] = 1;
    expect(learned.matches(occ, level.player, Int32Array.from([9, 11, 12]), 3)).toBe(false);
  });

  it('every pattern is dead by brute force, alone and under other boxes', () => {
    let learnedSome = 0;
    fc.assert(
      fc.property(
        fc.shuffledSubarray(FLOOR, { minLength: 10, maxLength: 10 }),
        fc.integer({ min: 2, max: 3 }),
        (cells, k) => {
          const boxes = cells.slice(0, k);
          const goals = cells.slice(k, 2 * k);
          const player = cells[9]!;
          const level = placed(boxes, goals, player);
          if (exact(level) !== -1) return; // only dead positions teach patterns
          const sp = new Space(level);
          const learned = new LearnedDeadlocks(sp);
          const pattern = learned.learn(
            Int32Array.from(boxes),
            k,
            player,
            boxes[0]!,
            proverFor(level),
          )!;
          learnedSome++;
          expect(pattern.length).toBeGreaterThan(0);
          // the pattern's boxes alone cannot all reach goals (independent truth)
          expect(bruteForcePushes(withBoxes(level, Array.from(pattern)), 200_000)).toBe(-1);
          // a position with the pattern and one more box elsewhere, the player where it was,
          // matches, and it is dead
          const spare = cells.slice(2 * k, 9).find((c) => !pattern.includes(c));
          if (spare === undefined || pattern.length >= k) return;
          const more = [...pattern, spare];
          const occ = new Uint8Array(sp.size);
          for (const b of more) occ[b] = 1;
          const norm = sp.flood(occ, player);
          if (!learned.matches(occ, norm, Int32Array.from(more), more.length)) return;
          expect(bruteForcePushes(withBoxes(level, more), 200_000)).toBe(-1);
        },
      ),
      { numRuns: 300, seed: 26 },
    );
    expect(learnedSome).toBeGreaterThan(10);
  });
});
