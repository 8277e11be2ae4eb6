// Project files as real towers ship them (issue 27 items 1 and 3), hand-written: JavaScript rather than
// JSON (comments, trailing commas, unquoted keys, 1e3, 0x3, (3), negative numbers, single quotes), an
// engine 2.x layout before doorInfo (doors opened by name, noPass), item effects as expressions, an
// unlisted broken floor file, a floor with an effect that cannot be read.
import { describe, expect, it } from 'vitest';
import { solveFloor } from '../solve/floor.js';
import { walkRoute } from '../walk/replay.js';
import { loadProject } from './project.js';
import type { ProjectFiles } from '../model.js';

// Map: 1 wall, 0 floor, 81 yellowDoor, 21 yellowKey, 28 blueGem, 201 greenSlime, 31 redPotion.
//   #########
//   #@k.Y.A.g#   (row 1: hero, key, door, slime, gem)
const OLD_TOWER: ProjectFiles = {
  'data.js': `var data_a1b2 = {
    // the start of the game
    firstData: {
      title: 'Old tower', version: 'Ver 2.5.3',
      floorId: 'MT1',
      hero: { hp: 1e3, atk: 0x14, def: (3), mdef: 0, loc: { x: 1, y: 1 }, items: { tools: {}, }, },
    },
    main: { floorIds: ['MT1',], },
    values: { blueJewel: 2, redPotion: 50, },
    flags: {},
  };`,
  'maps.js': `var maps_a1b2 = {
    '1': { cls: 'terrains', id: 'yellowWall', noPass: true },
    21: { cls: 'items', id: 'yellowKey' },   /* no doorInfo anywhere: 2.5 opens doors by name */
    28: { cls: 'items', id: 'blueJewel' },
    31: { cls: 'items', id: 'redPotion' },
    81: { cls: 'terrains', id: 'yellowDoor', noPass: true },
    82: { cls: 'terrains', id: 'specialDoor', noPass: true },
    201: { cls: 'enemys', id: 'greenSlime' },
  };`,
  'enemys.js': `var enemys_a1b2 = {
    greenSlime: { name: 'Green slime', hp: 35, atk: 18, def: 1, money: 1, experience: 1, special: 0, },
  };`,
  'items.js': `var items_a1b2 = {
    items: {
      yellowKey: { cls: 'tools', name: 'Yellow key' },
      blueJewel: { cls: 'items', name: 'Blue gem' },
      redPotion: { cls: 'items', name: 'Red potion' },
    },
    itemEffect: {
      blueJewel: "core.status.hero.def += core.values.blueJewel*(item_ratio||ratio) // 2.5 style",
      redPotion: 'core.status.hero.hp += core.values.redPotion * 2 - 0x0',
    },
  };`,
  floors: {
    MT1: `main.floors.MT1 = {
      floorId: 'MT1', title: 'Floor 1', item_ratio: 1,
      map: [
        [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        [1, 0, 21, 0, 81, 0, 201, 0, 28, 1],
        [1, 31, 1, 1, 1, 1, 1, 1, 82, 1],
        [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
      ],
      events: {}, changeFloor: {},
    };`,
    // Not in main.floorIds, and broken: the engine never loads it.
    Draft: 'main.floors.Draft = { map: [[1, 1,, }',
  },
};

describe('a tower written as the 2.5 engine loads it', () => {
  const project = loadProject(OLD_TOWER);

  it('reads every literal form, comment and trailing comma, and skips the broken unlisted floor', () => {
    expect(project.hero).toEqual({ hp: 1000, atk: 20, def: 3, mdef: 0 });
    expect(project.floorIds).toEqual(['MT1']);
    expect(project.skipped).toHaveLength(1);
    expect(project.skipped[0]?.file).toBe('floors/Draft.js');
    expect(project.skipped[0]?.reason).toMatch(/^floors\/Draft\.js:1:\d+: Unexpected token/);
    expect(project.items.blueJewel?.effect).toMatchObject({
      def: { base: 0, perRatio: 2 },
      exact: true,
    });
    expect(project.items.redPotion?.effect.hp).toEqual({ base: 100, perRatio: 0 });
  });

  it('opens doors by name with their keys (no doorInfo), and keeps specialDoor a wall', () => {
    expect(project.tiles['81']).toMatchObject({ kind: 'door', keys: { yellowKey: 1 } });
    expect(project.tiles['82']?.kind).toBe('wall');
    expect(project.tiles['1']?.passable).toBe(false);
    const sol = solveFloor(project, 'MT1');
    // Key, door, slime, gem: the door costs no HP, the slime 2 rounds at 15 per round.
    expect(sol.doorsOpened).toBe(1);
    expect(sol.fights.map((f) => f.id)).toEqual(['greenSlime']);
    expect(sol.totalDamage).toBe(15);
    expect(sol.optimal).toBe(true);
    const walk = walkRoute(project, 'MT1', sol.route, { x: 1, y: 1 });
    expect(walk).toMatchObject({ ok: true, damage: 15, doorsOpened: 1 });
    // Without the key (starting past it) the door stays shut.
    expect(walkRoute(project, 'MT1', 'R', { x: 3, y: 1 }).reason).toBe(
      'move 1 (R) from (3,1): no yellowKey for the door at (4,1)',
    );
  });

  it('never calls a floor proven when an item effect on it could not be read', () => {
    const unread = loadProject({
      ...OLD_TOWER,
      'items.js': OLD_TOWER['items.js'].replace(
        "'core.status.hero.hp += core.values.redPotion * 2 - 0x0'",
        "'core.status.hero.hp += core.status.hero.hpmax / 10'",
      ),
    });
    const sol = solveFloor(unread, 'MT1');
    expect(sol.searchProven).toBe(true);
    expect(sol.optimal).toBe(false);
    expect(sol.why).toBe('the effect of redPotion could not be read: figures approximate');
  });

  it('never fights a monster the engine refuses (damage ≥ HP)', () => {
    const weak = loadProject({
      ...OLD_TOWER,
      'data.js': OLD_TOWER['data.js'].replace('hp: 1e3', 'hp: 15'),
    });
    const sol = solveFloor(weak, 'MT1');
    expect(sol.fights).toHaveLength(0);
    expect(sol.optimal).toBe(false);
    expect(sol.routeNotes[0]).toBe(
      'stopped before the fight at (6,1) (greenSlime): the engine refuses it (damage 15 ≥ HP 15)',
    );
  });
});
