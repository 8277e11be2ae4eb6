import { describe, expect, it } from 'vitest';
import { decodeMoves, h5Route, parseH5Route, printH5Route } from '../format/h5route.js';
import { loadProject } from '../format/project.js';
import { fixtureTower } from '../testing/fixtures.js';
import { syntheticTower } from '../testing/synthetic.js';
import { walkTowerRoute } from '../walk/replay.js';
import { planTower } from './tower.js';
import { towerReplay } from './replay.js';

/** The moves a replay file written for `moves` holds, read back as the engine reads them. */
const throughFile = (project: Parameters<typeof h5Route>[0], moves: string): string =>
  decodeMoves(parseH5Route(printH5Route(h5Route(project, moves))).route);

/** Keys held (a count of 0 is no key). */
const held = (keys: Readonly<Record<string, number>>): Record<string, number> =>
  Object.fromEntries(Object.entries(keys).filter(([, n]) => n > 0));

describe('towerReplay: a whole-tower plan as one route the engine replays', () => {
  it('joins the planned floors of the fixture tower by their stairs; our walker ends as the plan does', async () => {
    const onlyUp = await fixtureTower('only-up');
    // A hero who clears the first floors (the game's own stops on MT1: see planTower's offer).
    const hero = { hp: 100_000, atk: 400, def: 300, mdef: 0 };
    const plan = planTower(onlyUp, { hero, budget: { maxWork: 60_000 } });
    const replay = towerReplay(onlyUp, plan);
    expect(replay.floors.length).toBeGreaterThanOrEqual(2);
    const played = replay.floors.map((f) => f.floorId);
    const plans = played.map((id) => plan.floors.find((f) => f.floorId === id)!);
    expect(played).toEqual(
      plan.floors
        .filter((f) => f.status === 'planned')
        .map((f) => f.floorId)
        .slice(0, played.length),
    );
    const moves = throughFile(onlyUp, replay.moves);
    expect(moves).toBe(replay.moves);
    const walk = walkTowerRoute(onlyUp, moves, { hero });
    expect(walk.ok, walk.reason).toBe(true);
    expect(walk.moves).toBe(moves.length);
    const last = plans.at(-1)!;
    expect(walk.floorId).toBe(last.floorId);
    expect(walk.hero).toEqual(last.heroOut);
    expect(walk.hero).toEqual(replay.hero);
    expect(held(walk.keys)).toEqual(held(last.keysOut));
    expect(walk.damage).toBe(plans.reduce((sum, f) => sum + f.damage, 0));
    expect(walk.fights).toHaveLength(plans.reduce((sum, f) => sum + f.fights, 0));
    // Each floor starts where the plan starts it, with the plan's hero and keys.
    for (const [k, f] of replay.floors.entries()) {
      const upTo = walkTowerRoute(onlyUp, moves.slice(0, f.start), { hero });
      expect(upTo.ok, upTo.reason).toBe(true);
      expect({ floorId: upTo.floorId, x: upTo.x, y: upTo.y }).toEqual({
        floorId: f.floorId,
        ...plans[k]!.arrival,
      });
      expect(upTo.hero).toEqual(plans[k]!.heroIn);
      expect(held(upTo.keys)).toEqual(held(plans[k]!.keysIn));
    }
    // The floors after are not played, and the replay says why.
    if (replay.floors.length < replay.planned) expect(replay.stopped).toMatch(/stops after/);
  });

  it('walks to the stair without touching anything, changes floor on it, and opens a door only with its key', () => {
    const floors = {
      A: {
        // key, door, gem behind it; the stair up at the end of a corridor with a potion aside
        picture: ['#########', '#@kdb..s#', '#####p###', '#########'],
        floor: { changeFloor: { '7,1': { floorId: 'B', stair: 'downFloor' } } },
      },
      B: {
        picture: ['#######', '#v.A.b#', '#######'],
        floor: { changeFloor: { '1,1': { floorId: 'A', stair: 'upFloor' } } },
      },
    };
    const project = loadProject(syntheticTower(floors, { hero: { hp: 1000, atk: 100, def: 10 } }));
    const plan = planTower(project);
    const replay = towerReplay(project, plan);
    expect(replay.stopped).toBeUndefined();
    expect(replay.floors.map((f) => [f.floorId, f.join])).toEqual([
      ['A', 3],
      ['B', 0],
    ]);
    const moves = throughFile(project, replay.moves);
    const walk = walkTowerRoute(project, moves);
    expect(walk.ok, walk.reason).toBe(true);
    expect(walk.floors).toEqual(['A', 'B']);
    expect(walk.doorsOpened).toBe(1);
    expect(walk.hero).toEqual(plan.heroOut);
    expect(held(walk.keys)).toEqual(held(plan.keysOut));
    // The potion beside the corridor stays (the plan did not count it): stats match the plan.
    expect(walk.hero.hp).toBe(1000 - plan.totals.damage);
    // Without the key on the map, the same moves stop at the door.
    const keyless = loadProject(
      syntheticTower(
        {
          ...floors,
          A: { ...floors.A, picture: ['#########', '#@.db..s#', '#####p###', '#########'] },
        },
        { hero: { hp: 1000, atk: 100, def: 10 } },
      ),
    );
    const stopped = walkTowerRoute(keyless, moves);
    expect(stopped.ok).toBe(false);
    expect(stopped.reason).toMatch(/no yellowKey for the door at \(3,1\)/);
  });

  it('goes back through a floor already played when the next planned floor is entered from there', () => {
    // The plan's order is A, B, C: B and C are both entered from A (the stair s and the portal P).
    const project = loadProject(
      syntheticTower({
        A: {
          picture: ['#########', '#s.@.b.P#', '#########'],
          floor: {
            changeFloor: {
              '1,1': { floorId: 'B', stair: 'downFloor' },
              '7,1': { floorId: 'C', loc: [1, 1] },
            },
          },
        },
        B: {
          picture: ['#####', '#v.b#', '#####'],
          floor: { changeFloor: { '1,1': { floorId: 'A', stair: 'upFloor' } } },
        },
        C: { picture: ['#####', '#.b.#', '#####'] },
      }),
    );
    const plan = planTower(project);
    expect(plan.floors.map((f) => f.floorId)).toEqual(['A', 'B', 'C']);
    const replay = towerReplay(project, plan);
    expect(replay.stopped).toBeUndefined();
    // B's end (3,1) → its stair down (1,1) → A's upFloor (1,1) → the portal (7,1) → C (1,1)
    expect(replay.floors[1]).toMatchObject({ floorId: 'B', join: 8 });
    const walk = walkTowerRoute(project, throughFile(project, replay.moves));
    expect(walk.ok, walk.reason).toBe(true);
    expect(walk.floors).toEqual(['A', 'B', 'A', 'C']);
    expect(walk.hero).toEqual(plan.heroOut);
    expect(walk.hero.def).toBe(project.hero.def + 9);
  });

  it('stops where the next floor is reached only through an event, and says so', () => {
    const project = loadProject(
      syntheticTower({
        A: {
          picture: ['#######', '#@.b..#', '#######'],
          floor: { events: { '5,1': [{ type: 'changeFloor', floorId: 'B', loc: [1, 1] }] } },
        },
        B: { picture: ['#####', '#.b.#', '#####'] },
      }),
    );
    const plan = planTower(project);
    expect(plan.totals.planned).toBe(2);
    const replay = towerReplay(project, plan);
    expect(replay.floors.map((f) => f.floorId)).toEqual(['A']);
    expect(replay.planned).toBe(2);
    expect(replay.stopped).toMatch(/after A: the plan enters B \(1,1\) through an event's script/);
    const walk = walkTowerRoute(project, replay.moves);
    expect(walk.ok, walk.reason).toBe(true);
    expect(walk.hero).toEqual(replay.hero);
    // our walker does not play the script either: stepping on the event cell stops it
    expect(walkTowerRoute(project, `${replay.moves}RRRRR`).reason).toMatch(/event at \(5,1\)/);
  });

  it('plays nothing when the plan does not start at the game start', () => {
    const project = loadProject(syntheticTower({ A: { picture: ['#####', '#@b.#', '#####'] } }));
    const plan = planTower(project, { hero: { hp: 0, atk: 1, def: 1, mdef: 0 } });
    const moved = { ...plan, floors: plan.floors.map((f) => ({ ...f, arrival: { x: 3, y: 1 } })) };
    const replay = towerReplay(project, moved);
    expect(replay.moves).toBe('');
    expect(replay.stopped).toMatch(/does not start at the game's start/);
  });
});
