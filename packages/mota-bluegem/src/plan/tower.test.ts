import { describe, expect, it } from 'vitest';
import { loadProject } from '../format/project.js';
import { fixtureTower } from '../testing/fixtures.js';
import { syntheticTower } from '../testing/synthetic.js';
import { planTower, playOrder } from './tower.js';

describe('planTower: a plan a player would follow', () => {
  // Listed Z, A, B, Side; play starts on A, whose stair leads to B and B's portal to Z; nothing leads
  // onto Side.
  const project = loadProject(
    syntheticTower(
      {
        Z: { picture: ['#####', '#.b.#', '#####'] },
        A: {
          picture: ['######', '#@.As#', '######'],
          floor: { changeFloor: { '4,1': { floorId: 'B', loc: [1, 1] } } },
        },
        B: {
          picture: ['######', '#.b.P#', '######'],
          floor: { changeFloor: { '4,1': { floorId: 'Z', loc: [1, 1] } } },
        },
        Side: { picture: ['#####', '#.b.#', '#####'] },
      },
      { hero: { hp: 1000, atk: 100, def: 10 } },
    ),
  );

  it('visits the floors in the order the hero reaches them, the unreachable last', () => {
    // syntheticTower starts on the first floor it is given: make A the start.
    const fromA = { ...project, start: { floorId: 'A', x: 1, y: 1 } };
    expect(playOrder(fromA)).toEqual({
      reached: ['A', 'B', 'Z'],
      cameFrom: { B: 'A', Z: 'B' },
      unreached: ['Side'],
    });
    const plan = planTower(fromA);
    expect(plan.floors.map((f) => `${f.floorId}:${f.status}`)).toEqual([
      'A:planned',
      'B:planned',
      'Z:planned',
      'Side:unreachable',
    ]);
    expect(plan.floors.find((f) => f.floorId === 'Z')?.arrival).toEqual({ x: 1, y: 1 });
    expect(plan.outcome).toEqual({ kind: 'solved' });
    expect(plan.stopped).toBeUndefined();
  });

  it('stops where the hero can fight nothing, says why, and proves no floor he could not play', async () => {
    // The fixture tower's hero (attack 1, HP 101) survives no fight the first floor offers.
    const onlyUp = await fixtureTower('only-up');
    const plan = planTower(onlyUp);
    const planned = plan.floors.filter((f) => f.status === 'planned');
    expect(planned).toHaveLength(1);
    expect(plan.stopped).toBe(
      'stopped on MT1: the hero can fight none of the monsters in his way (stopped before the fight at (8,7) (blackSlime): the engine refuses it (damage 360 ≥ HP 101)); shops, level-ups, equipment and scripted events are not played',
    );
    expect(planned[0]?.fights).toBe(0);
    expect(planned[0]?.proven).toBe(false);
    expect(planned[0]?.solution?.why).toMatch(/the walk stops before a fight the engine refuses/);
    expect(plan.floors.slice(1).every((f) => f.status !== 'planned')).toBe(true);
    // Floors nothing reachable leads onto (2 with no way in at all, 3 entered only from those or from
    // floors the start does not reach) stay `unreachable` after the stop; the others are skipped.
    expect(plan.totals.unreachable).toBe(5);
    expect(plan.floors.filter((f) => f.status === 'skipped')).toHaveLength(40);
  });

  it('never calls a floor proven when the hero fought nothing because he could not damage anything', () => {
    const walled = loadProject(
      syntheticTower(
        { F: { picture: ['######', '#@.Xb#', '######'] } },
        { hero: { hp: 1000, atk: 100, def: 10 } },
      ),
    );
    const plan = planTower(walled);
    const floor = plan.floors[0];
    expect(floor?.unbeatable).toBe(1);
    expect(floor?.proven).toBe(false);
    expect(floor?.solution?.why).toBe(
      'the hero fought nothing: 1 monster(s) he cannot damage are walls, and what lies behind them is not planned',
    );
    expect(plan.stopped).toMatch(/^stopped on F: .*\(1 he cannot damage\)/);
  });

  it('gives up at once with no work allowed, naming the bound', async () => {
    const onlyUp = await fixtureTower('only-up');
    const plan = planTower(onlyUp, { budget: { maxWork: 0 } });
    expect(plan.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 0, unit: 'nodes' });
    expect(plan.totals.planned).toBe(0);
  });
});
