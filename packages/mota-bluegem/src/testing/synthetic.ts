// Test helper: a tiny H5 project built from an ASCII picture.
import type { ProjectFiles } from '../model.js';

export const TILE_CODES: Readonly<Record<string, number>> = {
  '#': 1,
  '.': 0,
  '@': 0,
  b: 28,
  B: 29,
  r: 27,
  p: 31,
  d: 81,
  k: 21,
  s: 87,
  v: 88,
  P: 91,
  n: 95,
  A: 201,
  C: 202,
  E: 203,
  F: 204,
  G: 205,
  X: 206,
};

export interface SyntheticOptions {
  readonly hero?: { hp: number; atk: number; def: number; mdef?: number };
  readonly enemies?: Record<string, Record<string, unknown>>;
  readonly values?: Record<string, number>;
  readonly ratio?: number;
  /** Keys the hero starts with (`firstData.hero.items.tools`). */
  readonly keys?: Record<string, number>;
  /** Extra fields of the floor file (`changeFloor`, `cannotMove`, …). */
  readonly floor?: Record<string, unknown>;
}

const DEFAULT_ENEMIES: Record<string, Record<string, unknown>> = {
  greenSlime: { name: 'A', hp: 50, atk: 20, def: 1, special: 0 },
  redSlime: { name: 'C', hp: 70, atk: 15, def: 2, special: 0 },
  blackSlime: { name: 'E', hp: 200, atk: 35, def: 5, special: 0 },
  slimelord: { name: 'F', hp: 100, atk: 25, def: 0, special: [4] },
  bat: { name: 'G', hp: 120, atk: 30, def: 3, special: 0 },
  bigBat: { name: 'X', hp: 500, atk: 500, def: 500, special: 0 },
};

/** Files of a one-floor project `F1` drawn with {@link TILE_CODES}; `@` is the hero. */
export function syntheticProject(
  picture: readonly string[],
  options: SyntheticOptions = {},
): ProjectFiles {
  let hx = 0;
  let hy = 0;
  const map = picture.map((row, y) =>
    [...row].map((ch, x) => {
      if (ch === '@') {
        hx = x;
        hy = y;
      }
      const code = TILE_CODES[ch];
      if (code === undefined) throw new Error(`unknown picture char ${ch}`);
      return code;
    }),
  );
  const hero = options.hero ?? { hp: 5000, atk: 60, def: 10, mdef: 0 };
  const data = {
    main: { floorIds: ['F1'] },
    firstData: {
      title: 'synthetic',
      version: 'Ver 2.10.3',
      floorId: 'F1',
      hero: {
        ...hero,
        mdef: hero.mdef ?? 0,
        loc: { direction: 'up', x: hx, y: hy },
        items: { tools: { ...options.keys } },
      },
    },
    values: {
      blueGem: 3,
      redGem: 3,
      greenGem: 5,
      breakArmor: 0.9,
      counterAttack: 0.1,
      purify: 3,
      hatred: 2,
      ...options.values,
    },
    flags: {},
  };
  const maps = {
    '1': { cls: 'animates', id: 'yellowWall', doorInfo: { keys: {} } },
    '21': { cls: 'items', id: 'yellowKey' },
    '27': { cls: 'items', id: 'redGem' },
    '28': { cls: 'items', id: 'blueGem' },
    '29': { cls: 'items', id: 'shield1' },
    '31': { cls: 'items', id: 'redPotion' },
    '81': { cls: 'animates', id: 'yellowDoor', doorInfo: { keys: { yellowKey: 1 } } },
    '87': { cls: 'terrains', id: 'upFloor', canPass: true },
    '88': { cls: 'terrains', id: 'downFloor', canPass: true },
    '91': { cls: 'animates', id: 'upPortal', canPass: true },
    '95': { cls: 'terrains', id: 'grass', canPass: true },
    '201': { cls: 'enemys', id: 'greenSlime' },
    '202': { cls: 'enemys', id: 'redSlime' },
    '203': { cls: 'enemys', id: 'blackSlime' },
    '204': { cls: 'enemys', id: 'slimelord' },
    '205': { cls: 'enemys', id: 'bat' },
    '206': { cls: 'enemys', id: 'bigBat' },
  };
  const items = {
    yellowKey: { cls: 'tools', name: 'key' },
    redGem: {
      cls: 'items',
      name: 'red',
      itemEffect: 'core.status.hero.atk += core.values.redGem * core.status.thisMap.ratio',
    },
    blueGem: {
      cls: 'items',
      name: 'blue',
      itemEffect: 'core.status.hero.def += core.values.blueGem * core.status.thisMap.ratio',
    },
    shield1: { cls: 'items', name: 'shield', itemEffect: 'core.status.hero.def += 10' },
    redPotion: { cls: 'items', name: 'potion', itemEffect: 'core.status.hero.hp += 100' },
  };
  const floor = {
    floorId: 'F1',
    title: 'F1',
    width: map[0]?.length ?? 0,
    height: map.length,
    ratio: options.ratio ?? 1,
    map,
    events: {},
    changeFloor: {},
    ...options.floor,
  };
  return {
    'data.js': `var data_x = \n${JSON.stringify(data, null, 1)}`,
    'maps.js': `var maps_x = \n${JSON.stringify(maps)}`,
    'enemys.js': `var enemys_x = \n${JSON.stringify({ ...DEFAULT_ENEMIES, ...options.enemies })}`,
    'items.js': `var items_x = \n${JSON.stringify(items)}`,
    floors: { F1: `main.floors.F1=\n${JSON.stringify(floor, null, 1)}` },
  };
}

/** Files of a tower whose floors are drawn like {@link syntheticProject}'s; the hero starts on the first. */
export function syntheticTower(
  floors: Readonly<Record<string, { picture: readonly string[]; floor?: Record<string, unknown> }>>,
  options: Omit<SyntheticOptions, 'floor'> = {},
): ProjectFiles {
  const ids = Object.keys(floors);
  const texts: Record<string, string> = {};
  let first: ProjectFiles | undefined;
  for (const id of ids) {
    const one = syntheticProject(floors[id]!.picture, {
      ...options,
      floor: { floorId: id, title: id, ...floors[id]!.floor },
    });
    first ??= one;
    texts[id] = (one.floors.F1 ?? '').replace('main.floors.F1=', `main.floors.${id}=`);
  }
  if (first === undefined) throw new Error('no floors');
  const data = JSON.parse(first['data.js'].slice(first['data.js'].indexOf('=') + 1)) as {
    main: { floorIds: string[] };
    firstData: { floorId: string };
  };
  data.main.floorIds = ids;
  data.firstData.floorId = ids[0]!;
  return { ...first, 'data.js': `var data_x = \n${JSON.stringify(data, null, 1)}`, floors: texts };
}
