import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseXsb } from '../format/xsb.js';
import { PackingPlan, oopZones, scoreSteps, tidySteps, type PlanStep } from './plan.js';
import { Space } from './space.js';

const spaceOf = (rows: readonly string[]): Space => new Space(parseXsb(rows.join('\n')).levels[0]!);

describe('packing plan (Festival backward packing search)', () => {
  it('fills a dead-end row of goals from the far end', () => {
    const sp = spaceOf(['########', '#..$$ @#', '########']);
    const plan = new PackingPlan(sp);
    expect(plan.complete).toBe(true);
    expect(plan.parks).toBe(false);
    // forward: the far goal (1, 1) first, then (2, 1); each box comes from a start cell
    expect(plan.steps).toEqual([
      { from: -1, to: 1 * 8 + 1, until: -1 },
      { from: -1, to: 1 * 8 + 2, until: -1 },
    ]);
    const occ = new Uint8Array(sp.size);
    occ[1 * 8 + 2] = 1;
    expect(plan.packed(occ)).toBe(0); // the near goal filled first: out of the plan's order
    occ[1 * 8 + 2] = 0;
    occ[1 * 8 + 1] = 1;
    expect(plan.packed(occ)).toBe(1);
    occ[1 * 8 + 2] = 1;
    expect(plan.packed(occ)).toBe(2);
  });

  it('lets a box that starts on a goal it cannot leave stay there', () => {
    // the box on (1, 1) can never be pulled; it leaves the board where it starts
    const sp = spaceOf(['#######', '#*.$@ #', '#######']);
    const plan = new PackingPlan(sp);
    expect(plan.complete).toBe(true);
    expect(plan.steps.map((s) => s.to)).toEqual([1 * 7 + 1, 1 * 7 + 2]);
    expect(plan.parks).toBe(false);
    const occ = new Uint8Array(sp.size);
    occ[1 * 7 + 1] = 1;
    occ[1 * 7 + 3] = 1;
    expect(plan.packed(occ)).toBe(1); // the start position: the first step is done
  });

  it('scores a plan that parks a box (score_parked_boxes)', () => {
    // A: a box parked on cell 10 until step 2 moves it on to 30; B: a box to 20 for good
    const steps: PlanStep[] = [
      { from: -1, to: 10, until: 2 },
      { from: -1, to: 20, until: -1 },
      { from: 10, to: 30, until: -1 },
    ];
    const occ = new Uint8Array(40);
    const at = (...cells: number[]): number => {
      occ.fill(0);
      for (const c of cells) occ[c] = 1;
      return scoreSteps(steps, 0, occ);
    };
    expect(at()).toBe(0);
    expect(at(10)).toBe(1); // parked
    expect(at(10, 20)).toBe(2); // parked, and B in place
    expect(at(20)).toBe(0); // B without the parked box: the plan has not begun
    expect(at(20, 30)).toBe(3); // the parked box moved on: done
    expect(at(10, 20, 30)).toBe(3);
  });

  it('merges a box’s consecutive moves and sets until', () => {
    const steps = tidySteps([
      { from: -1, to: 10, until: -1 },
      { from: 10, to: 11, until: -1 },
      { from: -1, to: 20, until: -1 },
      { from: 11, to: 30, until: -1 },
      { from: -2, to: 40, until: -1 },
    ]);
    expect(steps).toEqual([
      { from: -2, to: 40, until: -1 },
      { from: -1, to: 11, until: 3 },
      { from: -1, to: 20, until: -1 },
      { from: 11, to: 30, until: -1 },
    ]);
  });

  it('marks the cells a box must leave before the plan goes on (out-of-plan zone)', () => {
    const sp = spaceOf(['##########', '#..      #', '#        #', '#    $$ @#', '##########']);
    const cell = (x: number, y: number): number => y * sp.width + x;
    const zoneCells = (zone: Uint8Array): number[] =>
      [...zone.keys()].filter((c) => zone[c] === 1).sort((a, b) => a - b);
    // (1, 1) first: a box on (1, 2) can then reach no goal (it could only go up)
    const far = oopZones(sp, [
      { from: -1, to: cell(1, 1), until: -1 },
      { from: -1, to: cell(2, 1), until: -1 },
    ]);
    expect(far.length).toBe(1);
    expect(zoneCells(far[0]!)).toEqual([cell(1, 2)]);
    // (2, 1) first: the rest of the top row is cut off from (1, 1)
    const near = oopZones(sp, [
      { from: -1, to: cell(2, 1), until: -1 },
      { from: -1, to: cell(1, 1), until: -1 },
    ]);
    expect(zoneCells(near[0]!)).toEqual([3, 4, 5, 6, 7].map((x) => cell(x, 1)));
  });

  it('parks a box below the goal room of XSokoban 15 and later pushes it in', () => {
    const text = readFileSync(
      new URL('../../../../fixtures/sokoban/xsokoban_20.xsb', import.meta.url),
      'utf8',
    );
    const names = text
      .split('\n')
      .filter((l) => l.startsWith('; XSokoban'))
      .map((l) => l.slice(11));
    const sp = new Space(parseXsb(text).levels[names.indexOf('15')]!);
    const plan = new PackingPlan(sp);
    const cell = (row: number, column: number): number => row * sp.width + column;
    expect(plan.complete).toBe(true);
    expect(plan.parks).toBe(true);
    const parked = plan.steps.findIndex((s) => s.to === cell(11, 7));
    expect(parked).toBeGreaterThanOrEqual(0);
    expect(sp.goal[cell(11, 7)]).toBe(0);
    const on = plan.steps[parked]!.until;
    expect(plan.steps[on]).toEqual({ from: cell(11, 7), to: cell(10, 7), until: -1 });
  });
});
