import { describe, expect, it } from 'vitest';
import { buildFloorGraph } from './graph.js';
import { solveFloor } from './solve.js';
import { probeHero } from './summary.js';
import { bruteForceFights } from './testing/brute.js';
import { fixtureTower } from './testing/fixtures.js';

describe('real tower floors against a brute force over fight sets', () => {
  // A few small floors here; every floor of every tower in towers.slow.test.ts.
  it.each([
    ['only-up', 'MT12', 6, 0, 'exact'],
    ['fate-splendor', 'MT10', 6, 0, 'horn'],
    ['fate-splendor', 'MA9', 6, 1, 'exact'],
    ['shengqishi', 'BH3', 6, 12, 'exact'],
  ] as const)(
    '%s %s from (%i,%i): the %s order costs what the brute force finds',
    async (name, floorId, x, y, method) => {
      const project = await fixtureTower(name);
      const hero = probeHero(project, floorId);
      const at = { hero, x, y, arrival: true };
      const brute = bruteForceFights(project, buildFloorGraph(project, floorId, at), 14);
      expect(brute).not.toBeNull();
      const sol = solveFloor(project, floorId, at);
      expect(sol.method).toBe(method);
      expect(sol.searchProven).toBe(true);
      expect(sol.modelDamage).toBe(brute);
    },
  );
});
