import { describe, expect, it } from 'vitest';
import { buildFloorGraph } from './graph/floor-graph.js';
import { solveFloor } from './solve/floor.js';
import { probeHero } from './graph/summary.js';
import { bruteForce } from './testing/brute.js';
import { fixtureTower } from './testing/fixtures.js';

const EVERY_KEY = { yellowKey: 99, blueKey: 99, redKey: 99, greenKey: 99, specialKey: 99 };

describe('real tower floors against a brute force over fight sets', () => {
  // A few small floors here; every floor and arrival cell of every tower in towers.slow.test.ts.
  it.each([
    ['only-up', 'MT12', 6, 0],
    ['only-up', 'MT10', 6, 0], // keys scarce: doors are opened in the search
    ['only-up', 'MT15', 6, 0], // keys scarce, 12 guard groups
    ['fate-splendor', 'MT10', 6, 0],
  ] as const)(
    '%s %s from (%i,%i), with the starting keys and with keys for every door',
    async (name, floorId, x, y) => {
      const project = await fixtureTower(name);
      // HP enough for every fight: the engine refuses fights the hero would not survive, and these
      // comparisons are about the order, not about surviving it.
      const at = { hero: { ...probeHero(project, floorId), hp: 1e300 }, x, y, arrival: true };
      for (const keys of [project.keys, EVERY_KEY]) {
        const brute = bruteForce(project, buildFloorGraph(project, floorId, at), 16, keys);
        expect(brute).not.toBeNull();
        const sol = solveFloor(project, floorId, { ...at, keys });
        expect(sol.searchProven).toBe(true);
        expect(sol.routeComplete).toBe(true);
        expect(sol.modelDamage).toBe(brute?.damage);
        expect(sol.defenceAllowed).toBe(Math.min(brute?.gained ?? 0, sol.totalReward));
      }
    },
  );

  it('scarce keys: the order takes the most defence the keys allow', async () => {
    const project = await fixtureTower('only-up');
    const at = { hero: probeHero(project, 'MT15'), x: 6, y: 0, arrival: true };
    const few = solveFloor(project, 'MT15', at);
    const many = solveFloor(project, 'MT15', { ...at, keys: EVERY_KEY });
    expect(few.notes.join(' ')).toMatch(/keys are scarce/);
    expect(few.notes.join(' ')).toMatch(/the keys allow 2,200,000 of the 2,300,000 defence/);
    expect(few.defenceAllowed).toBeLessThan(many.defenceAllowed);
    expect(many.defenceAllowed).toBe(many.totalReward);
  });
});
