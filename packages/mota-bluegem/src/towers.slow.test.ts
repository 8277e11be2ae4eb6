import { describe, expect, it } from 'vitest';
import { arrivalsOf } from './graph/arrivals.js';
import { buildFloorGraph } from './graph/floor-graph.js';
import { planTower } from './plan/tower.js';
import { solveFloor } from './solve/floor.js';
import { probeHero } from './graph/summary.js';
import { bruteForce } from './testing/brute.js';
import { replay } from './testing/replay.js';
import { FIXTURE_TOWERS, fixtureTower } from './testing/fixtures.js';

describe.each(FIXTURE_TOWERS)('%s: every floor, every arrival cell', (name) => {
  it('each proven order costs what a brute force over fight and door sets finds (≤ 14 monsters and doors in reach; starting keys and keys for every door)', async () => {
    const project = await fixtureTower(name);
    const everyKey = { yellowKey: 99, blueKey: 99, redKey: 99, greenKey: 99, specialKey: 99 };
    let compared = 0;
    for (const floorId of project.floorIds) {
      // HP enough for every fight: the engine refuses fights the hero would not survive, and this
      // compares orders, not survival.
      const hero = { ...probeHero(project, floorId), hp: 1e300 };
      for (const a of arrivalsOf(project, floorId)) {
        for (const keys of [project.keys, everyKey]) {
          const at = { hero, x: a.x, y: a.y, arrival: true };
          let graph;
          try {
            graph = buildFloorGraph(project, floorId, at);
          } catch {
            continue; // an arrival on a monster: no plan from there
          }
          const brute = bruteForce(project, graph, 14, keys);
          if (brute === null) continue;
          const sol = solveFloor(project, floorId, { ...at, keys });
          if (!sol.searchProven) continue;
          const where = `${floorId} (${a.x},${a.y})`;
          expect(`${where}: ${sol.modelDamage} for ${sol.defenceAllowed}`).toBe(
            `${where}: ${brute.damage} for ${Math.min(brute.gained, sol.totalReward)}`,
          );
          expect(sol.routeComplete).toBe(true);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('every route of every arrival cell replays legally on the raw map (exits, keys, one-way cells, damage)', async () => {
    const project = await fixtureTower(name);
    let routes = 0;
    for (const floorId of project.floorIds) {
      for (const hero of [project.hero, probeHero(project, floorId)]) {
        for (const a of arrivalsOf(project, floorId)) {
          let sol;
          try {
            sol = solveFloor(project, floorId, {
              hero,
              x: a.x,
              y: a.y,
              arrival: true,
              budget: { maxStates: 50_000 },
            });
          } catch {
            continue; // an arrival on a monster
          }
          const r = replay(project, floorId, sol, a, hero);
          expect(r.damage).toBe(sol.totalDamage);
          expect(r.doors).toBe(sol.doorsOpened);
          expect(r.fights).toHaveLength(sol.fights.length);
          routes++;
        }
      }
    }
    expect(routes).toBeGreaterThan(project.floorIds.length);
  });

  it('the whole-tower plan carries a living hero and its totals add up', async () => {
    const project = await fixtureTower(name);
    const plan = planTower(project, { budget: { maxStates: 100_000 } });
    expect(plan.floors).toHaveLength(project.floorIds.length);
    let hp = project.hero.hp;
    for (const f of plan.floors) {
      if (f.status !== 'planned') continue;
      expect(f.heroIn.hp).toBe(hp);
      expect(f.heroOut.hp).toBeGreaterThan(0);
      expect(f.heroIn.hp - f.heroOut.hp).toBeLessThanOrEqual(f.damage);
      hp = f.heroOut.hp;
    }
    expect(plan.totals.approximate > 0).toBe(project.engine.damageCode.status === 'custom');
  });
});
