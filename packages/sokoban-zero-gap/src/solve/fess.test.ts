import { readFileSync } from 'node:fs';
import { BudgetMeter } from '@puzzlekit/job';
import { describe, expect, it } from 'vitest';
import { parseXsb } from '../format/xsb.js';
import { pushesToLurd, verify } from '../play.js';
import { greedyRun, greedySearch } from './greedy.js';
import { solve } from './solve.js';
import { FeatureSpace, FessFrontier, cellKey, compareFeatures, type Features } from './fess.js';
import { PackingOrder } from './packing.js';
import { Space } from './space.js';

function featureSpaceOf(rows: readonly string[]): { sp: Space; fs: FeatureSpace } {
  const sp = new Space(parseXsb(rows.join('\n')).levels[0]!);
  return { sp, fs: new FeatureSpace(sp, new PackingOrder(sp)) };
}

/** Box flags with boxes on the given (column, row) cells. */
function boxesAt(sp: Space, cells: readonly (readonly [number, number])[]): Uint8Array {
  const occ = new Uint8Array(sp.size);
  for (const [x, y] of cells) occ[y * sp.width + x] = 1;
  return occ;
}

describe('FeatureSpace (hand-checked boards)', () => {
  // Two rooms joined by one doorway at (4, 2): walls above and below it.
  const rooms = ['########', '#   #  #', '#@$   .#', '#   #  #', '########'];

  it('finds the doorway as the one passage between two rooms', () => {
    const { sp, fs } = featureSpaceOf(rooms);
    expect(fs.roomCount).toBe(2);
    const passages = [...fs.passage.keys()].filter((c) => fs.passage[c]);
    expect(passages).toEqual([2 * sp.width + 4]);
  });

  it('a box in the doorway cuts the floor in two and blocks the room connection', () => {
    const { sp, fs } = featureSpaceOf(rooms);
    expect(fs.of(boxesAt(sp, [[2, 2]]))).toEqual({
      packed: 0,
      connectivity: 1,
      rooms: 0,
      outOfPlan: 0,
      hotspots: 0,
    });
    expect(fs.of(boxesAt(sp, [[4, 2]]))).toEqual({
      packed: 0,
      connectivity: 2,
      rooms: 1,
      outOfPlan: 0,
      hotspots: 0,
    });
    expect(fs.of(boxesAt(sp, [[6, 2]]))).toEqual({
      packed: 1,
      connectivity: 1,
      rooms: 0,
      outOfPlan: 0,
      hotspots: 0,
    });
  });

  // A dead-end goal corridor: the deeper goal (5, 1) must be filled before the entrance goal (4, 1).
  const corridor = ['#######', '#@$$..#', '#######'];

  it('counts a goal filled before the goal behind it as out of plan, not packed', () => {
    const { sp, fs } = featureSpaceOf(corridor);
    // the start: both boxes stand in the one-wide corridor, which cuts the floor in two; each
    // keeps the other from every goal (with one standing, the other cannot be pushed past it)
    expect(
      fs.of(
        boxesAt(sp, [
          [2, 1],
          [3, 1],
        ]),
      ),
    ).toEqual({ packed: 0, connectivity: 2, rooms: 2, outOfPlan: 0, hotspots: 2 });
    // the entrance goal filled while the deeper one is empty: out of plan
    expect(
      fs.of(
        boxesAt(sp, [
          [3, 1],
          [4, 1],
        ]),
      ),
    ).toEqual({ packed: 0, connectivity: 2, rooms: 1, outOfPlan: 1, hotspots: 0 });
    // the deeper goal first: packed
    expect(
      fs.of(
        boxesAt(sp, [
          [3, 1],
          [5, 1],
        ]),
      ),
    ).toEqual({ packed: 1, connectivity: 2, rooms: 1, outOfPlan: 0, hotspots: 0 });
    // both: packed, one free area left
    expect(
      fs.of(
        boxesAt(sp, [
          [4, 1],
          [5, 1],
        ]),
      ),
    ).toEqual({ packed: 2, connectivity: 1, rooms: 0, outOfPlan: 0, hotspots: 0 });
  });
});

describe('feature order and cells', () => {
  const f = (packed: number, connectivity: number, rooms: number, outOfPlan: number): Features => ({
    packed,
    connectivity,
    rooms,
    outOfPlan,
  });

  it('prefers more packed boxes, then fewer areas, boxes in passages, boxes out of plan', () => {
    expect(compareFeatures(f(2, 5, 5, 5), f(1, 1, 1, 1))).toBeLessThan(0);
    expect(compareFeatures(f(1, 1, 5, 5), f(1, 2, 1, 1))).toBeLessThan(0);
    expect(compareFeatures(f(1, 1, 1, 5), f(1, 1, 2, 1))).toBeLessThan(0);
    expect(compareFeatures(f(1, 1, 1, 1), f(1, 1, 1, 2))).toBeLessThan(0);
    expect(compareFeatures(f(1, 2, 3, 4), f(1, 2, 3, 4))).toBe(0);
  });

  it('gives equal features one cell and different features different cells', () => {
    expect(cellKey(f(1, 2, 3, 4))).toBe(cellKey(f(1, 2, 3, 4)));
    const keys = new Set<number>();
    for (let a = 0; a < 3; a++)
      for (let b = 0; b < 3; b++)
        for (let c = 0; c < 3; c++) for (let d = 0; d < 3; d++) keys.add(cellKey(f(a, b, c, d)));
    expect(keys.size).toBe(81);
  });
});

describe('FessFrontier', () => {
  const f = (packed: number, connectivity: number): Features => ({
    packed,
    connectivity,
    rooms: 0,
    outOfPlan: 0,
  });

  it('gives each advisor’s best child weight 0, the others 1, and cycles over the cells', () => {
    const frontier = new FessFrontier();
    frontier.addRoot(0, 10, f(0, 2));
    expect(frontier.pop()).toBe(0);
    // children of 0: 1 and 2 pack a box (the packing advisor takes 2: fewer areas); 2 and 3 join
    // the areas (the connectivity advisor takes 2 too: it packs a box as well); 4 changes nothing
    frontier.add(1, 5, f(1, 2), false);
    frontier.add(2, 7, f(1, 1), false);
    frontier.add(3, 3, f(0, 1), false);
    frontier.add(4, 1, f(0, 2), false);
    frontier.commit(0);
    expect(frontier.size).toBe(4);
    expect(frontier.weightOf(2)).toBe(0);
    expect(frontier.weightOf(1)).toBe(1);
    expect(frontier.weightOf(3)).toBe(1);
    expect(frontier.weightOf(4)).toBe(1);
    // the cells in the order first reached: (0,2) holds 4; (1,2) holds 1; (1,1) holds 2; (0,1) 3
    expect([frontier.pop(), frontier.pop(), frontier.pop(), frontier.pop()]).toEqual([4, 1, 2, 3]);
    expect(frontier.pop()).toBe(-1);
    expect(frontier.cellCount).toBe(4);
  });

  it('within a cell takes the least weight first, then the smaller secondary priority', () => {
    const frontier = new FessFrontier();
    frontier.addRoot(0, 0, f(0, 1));
    frontier.pop();
    frontier.add(1, 9, f(0, 1), false);
    frontier.add(2, 4, f(0, 1), false);
    frontier.add(3, 6, f(1, 1), false); // the packing advisor's: weight 0
    frontier.commit(0);
    frontier.pop(); // the cycle's first cell, (0,1): node 2 (weight 1, secondary 4)
    frontier.add(5, 0, f(0, 1), true); // pushes on the same box: no weight either
    frontier.commit(2);
    expect(frontier.weightOf(5)).toBe(1);
    const order = [frontier.pop(), frontier.pop(), frontier.pop()];
    expect(order).toEqual([3, 5, 1]);
  });

  it('with bestEveryOther takes every other position from the best non-empty cell', () => {
    const frontier = new FessFrontier({ bestEveryOther: true });
    frontier.addRoot(0, 0, f(0, 2));
    expect(frontier.pop()).toBe(0); // the cycle's turn
    frontier.add(1, 0, f(0, 2), false);
    frontier.add(2, 0, f(0, 2), false);
    frontier.add(3, 0, f(1, 1), false); // the best cell: one packed box
    frontier.add(4, 0, f(1, 1), false);
    frontier.commit(0);
    // best, cycle (cell (0,2) first), best, cycle
    expect([frontier.pop(), frontier.pop(), frontier.pop(), frontier.pop()]).toEqual([3, 1, 4, 2]);
    expect(frontier.pop()).toBe(-1);
  });

  it('gives the hotspot advisor’s child weight 0 (hotspots are no part of the cell)', () => {
    const frontier = new FessFrontier();
    frontier.addRoot(0, 0, { ...f(0, 1), hotspots: 2 });
    frontier.pop();
    frontier.add(1, 0, { ...f(0, 1), hotspots: 2 }, false);
    frontier.add(2, 5, { ...f(0, 1), hotspots: 1 }, false);
    frontier.commit(0);
    expect(frontier.weightOf(1)).toBe(1);
    expect(frontier.weightOf(2)).toBe(0);
    expect(frontier.cellCount).toBe(1);
  });
});

describe('the FESS run and the fast mode built on it', () => {
  const xsokoban = parseXsb(
    readFileSync(new URL('../../../../fixtures/sokoban/xsokoban_20.xsb', import.meta.url), 'utf8'),
  ).levels;
  const microban = parseXsb(
    readFileSync(new URL('../../../../fixtures/sokoban/microban_155.xsb', import.meta.url), 'utf8'),
  ).levels;

  it('the FESS run alone solves Microban levels, by pushes and by box moves; answers replay', () => {
    for (const boxMoves of [false, true]) {
      for (const i of [0, 10, 40, 80, 120]) {
        const level = microban[i]!;
        const sp = new Space(level);
        const r = greedySearch(sp, level.player, {
          meter: new BudgetMeter({ maxWork: 200_000 }),
          memoryBytes: 64 << 20,
          macros: !boxMoves,
          areas: true,
          fess: true,
          boxMoves,
        });
        expect(r.pushes, `Microban ${i + 1}`).not.toBeNull();
        expect(verify(level, pushesToLurd(level, r.pushes!)).solved).toBe(true);
      }
    }
  });

  it('box moves: an exhausted search proves a level unsolvable', () => {
    // two boxes in a one-wide corridor, the goals behind the player: no push brings one home
    const level = parseXsb(['########', '#..@$$ #', '########'].join('\n')).levels[0]!;
    const sp = new Space(level);
    const r = greedySearch(sp, level.player, {
      meter: new BudgetMeter({ maxWork: 10_000 }),
      memoryBytes: 16 << 20,
      macros: false,
      areas: true,
      fess: true,
      boxMoves: true,
    });
    expect(r.pushes).toBeNull();
    expect(r.stop).toBe('unsolvable');
  });

  it.each([false, true])('pausing a run does not change its search (box moves: %s)', (boxMoves) => {
    const level = xsokoban[0]!;
    const sp = new Space(level);
    const limits = () => ({
      meter: new BudgetMeter({ maxWork: 100_000 }),
      memoryBytes: 64 << 20,
      macros: !boxMoves,
      areas: true,
      fess: true,
      boxMoves,
    });
    const whole = greedySearch(sp, level.player, limits());
    const paused = limits();
    const run = greedyRun(sp, level.player, paused, 7);
    let pauses = 0;
    let step = run.next();
    for (; !step.done; step = run.next()) pauses++;
    expect(pauses).toBeGreaterThan(1);
    expect(step.value).toEqual(whole);
  });

  it('gives the same answer bytes under any clock, and the answer replays', () => {
    // Microban 105: the exact search's share (2,000 nodes) does not solve it; the FESS portfolio does
    const level = microban[104]!;
    let slow = 0;
    const answers = [
      solve(level, { maxWork: 20_000 }, { mode: 'fast' }),
      solve(level, { maxWork: 20_000, maxMs: 1e9, now: () => (slow += 1000) }, { mode: 'fast' }),
    ].map((r) => {
      expect(r.outcome).toEqual({ kind: 'solved' });
      return 'value' in r ? r.value : null;
    });
    expect(answers[0]!.optimal).toBe(false);
    expect(answers[1]!.solution).toBe(answers[0]!.solution);
    expect(verify(level, answers[0]!.solution).solved).toBe(true);
  });

  it('maxWork: 0 gives up on work in the fast mode too', () => {
    expect(solve(xsokoban[0]!, { maxWork: 0 }, { mode: 'fast' }).outcome).toEqual({
      kind: 'gave-up',
      bound: 'work',
      limit: 0,
      unit: 'nodes',
    });
  });
});
