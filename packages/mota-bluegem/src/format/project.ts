import { ParseError, positionAt } from '@puzzlekit/errors';
import type {
  Enemy,
  Floor,
  FloorChange,
  HeroStats,
  Item,
  Project,
  ProjectFiles,
  TileInfo,
  TileKind,
} from '../model.js';
import { readItemEffect } from './item-effect.js';
import { parseAssignment } from './jsfile.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A structural problem in a file that is valid JSON: points at the first occurrence of the key. */
function shapeError(text: string, source: string, key: string, reason: string): ParseError {
  const at = key === '' ? -1 : text.indexOf(`"${key}"`);
  const eq = text.indexOf('=') + 1;
  const json = eq + (/\S/.exec(text.slice(eq))?.index ?? 0);
  const offset = at >= 0 ? at : json;
  return new ParseError(reason, { ...positionAt(text, offset), source });
}

function num(v: unknown, fallback: number): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return fallback;
}

/** Old (≤ 2.6) names of tower values, copied to the 2.x names when those are missing. */
const OLD_VALUE_NAMES: Readonly<Record<string, string>> = {
  redJewel: 'redGem',
  blueJewel: 'blueGem',
  greenJewel: 'greenGem',
};

function readValues(data: Json): Record<string, number> {
  const raw = isObject(data.values) ? data.values : {};
  const values: Record<string, number> = {
    breakArmor: 0.9,
    counterAttack: 0.1,
    purify: 3,
    hatred: 2,
    redGem: 3,
    blueGem: 3,
    greenGem: 5,
  };
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === 'number' && Number.isFinite(v)) values[k] = v;
  }
  for (const [oldName, newName] of Object.entries(OLD_VALUE_NAMES)) {
    const v = raw[oldName];
    if (typeof v === 'number' && raw[newName] === undefined) values[newName] = v;
  }
  return values;
}

function tileKind(cls: string, id: string, entry: Json): { kind: TileKind; passable: boolean } {
  if (cls === 'enemys' || cls === 'enemy48') return { kind: 'enemy', passable: false };
  if (cls === 'items') return { kind: 'item', passable: true };
  if (cls === 'npcs' || cls === 'npc48') return { kind: 'npc', passable: entry.canPass === true };
  if (id === 'upFloor' || id === 'downFloor' || id === 'leftPortal' || id === 'rightPortal')
    return { kind: 'stair', passable: false };
  const door = entry.doorInfo;
  if (isObject(door) && isObject(door.keys) && Object.keys(door.keys).length > 0)
    return { kind: 'door', passable: true };
  if (entry.canPass === true) return { kind: 'terrain', passable: true };
  return { kind: 'wall', passable: false };
}

function readTiles(maps: Json): Record<string, TileInfo> {
  const tiles: Record<string, TileInfo> = {};
  for (const [key, entry] of Object.entries(maps)) {
    if (!isObject(entry) || !/^\d+$/.test(key)) continue;
    const cls = typeof entry.cls === 'string' ? entry.cls : '';
    const id = typeof entry.id === 'string' ? entry.id : key;
    const { kind, passable } = tileKind(cls, id, entry);
    const door = entry.doorInfo;
    const keys =
      kind === 'door' && isObject(door) && isObject(door.keys)
        ? Object.fromEntries(Object.entries(door.keys).map(([k, v]) => [k, num(v, 1)]))
        : undefined;
    tiles[key] = { number: Number(key), cls, id, kind, passable, ...(keys ? { keys } : {}) };
  }
  return tiles;
}

function readSpecials(v: unknown): number[] {
  const list = Array.isArray(v) ? v : [v];
  const out: number[] = [];
  for (const s of list) {
    const n = num(s, 0);
    if (n !== 0 && !out.includes(n)) out.push(n);
  }
  return out;
}

function readEnemies(enemys: Json): Record<string, Enemy> {
  const out: Record<string, Enemy> = {};
  for (const [id, e] of Object.entries(enemys)) {
    if (!isObject(e)) continue;
    const opt = (k: string): number | undefined => {
      const v = e[k];
      return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
    };
    const enemy: Enemy = {
      id,
      name: typeof e.name === 'string' ? e.name : id,
      hp: num(e.hp, 0),
      atk: num(e.atk, 0),
      def: num(e.def, 0),
      specials: readSpecials(e.special),
      ...(opt('n') !== undefined ? { n: opt('n') } : {}),
      ...(opt('value') !== undefined ? { value: opt('value') } : {}),
      ...(e.add === true ? { add: true } : {}),
      ...(opt('atkValue') !== undefined ? { atkValue: opt('atkValue') } : {}),
      ...(opt('defValue') !== undefined ? { defValue: opt('defValue') } : {}),
      ...(opt('damage') !== undefined ? { damage: opt('damage') } : {}),
    };
    out[id] = enemy;
  }
  return out;
}

function readItems(items: Json, values: Record<string, number>): Record<string, Item> {
  // Engine ≤ 2.5: { items: {...}, itemEffect: { id: "script" } }; 2.6+: one object per item.
  const old = isObject(items.items) && isObject(items.itemEffect);
  const table = old ? (items.items as Json) : items;
  const effects = old ? (items.itemEffect as Json) : {};
  const out: Record<string, Item> = {};
  for (const [id, it] of Object.entries(table)) {
    if (!isObject(it)) continue;
    const script = old ? effects[id] : it.itemEffect;
    out[id] = {
      id,
      cls: typeof it.cls === 'string' ? it.cls : 'items',
      name: typeof it.name === 'string' ? it.name : id,
      effect: readItemEffect(typeof script === 'string' ? script : '', values),
    };
  }
  return out;
}

/**
 * Reads one floor file's JSON into a {@link Floor}: checks the `map` is a `height × width` grid of tile
 * numbers and hides the tiles of events with `enable: false`.
 */
function readFloor(id: string, text: string, source: string): Floor {
  const json = parseAssignment(text, source);
  if (!isObject(json)) throw shapeError(text, source, '', 'a floor file must hold a JSON object');
  const map = json.map;
  if (!Array.isArray(map) || map.length === 0)
    throw shapeError(text, source, 'map', '`map` must be a non-empty array of rows');
  const height = map.length;
  const firstRow: unknown = map[0];
  const width = Array.isArray(firstRow) ? firstRow.length : 0;
  const grid: number[][] = [];
  for (let y = 0; y < height; y++) {
    const row: unknown = map[y];
    if (!Array.isArray(row) || row.length !== width || width === 0)
      throw shapeError(
        text,
        source,
        'map',
        `map row ${y} must be an array of ${width} tile numbers`,
      );
    const out: number[] = [];
    for (let x = 0; x < width; x++) {
      const v: unknown = row[x];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
        throw shapeError(
          text,
          source,
          'map',
          `map[${y}][${x}] must be a tile number, got ${JSON.stringify(v)}`,
        );
      out.push(v);
    }
    grid.push(out);
  }
  if (isObject(json.events)) {
    for (const [key, ev] of Object.entries(json.events)) {
      if (!isObject(ev) || ev.enable !== false) continue;
      const m = /^(\d+),(\d+)$/.exec(key);
      if (m === null) continue;
      const x = Number(m[1]);
      const y = Number(m[2]);
      const row = grid[y];
      if (row !== undefined && x < width) row[x] = 0;
    }
  }
  const changeFloor: Record<string, FloorChange> = {};
  if (isObject(json.changeFloor)) {
    for (const [key, ev] of Object.entries(json.changeFloor)) {
      if (!isObject(ev) || typeof ev.floorId !== 'string') continue;
      changeFloor[key] = {
        floorId: ev.floorId,
        ...(typeof ev.stair === 'string' ? { stair: ev.stair } : {}),
      };
    }
  }
  return {
    id: typeof json.floorId === 'string' ? json.floorId : id,
    title: typeof json.title === 'string' ? json.title : id,
    width,
    height,
    ratio: num(json.ratio ?? json.item_ratio, 1),
    map: grid,
    changeFloor,
  };
}

function readHero(
  data: Json,
  text: string,
): { hero: HeroStats; floorId: string; x: number; y: number } {
  const first = data.firstData;
  if (!isObject(first)) throw shapeError(text, 'data.js', 'firstData', '`firstData` is missing');
  const hero = isObject(first.hero) ? first.hero : {};
  const loc = isObject(hero.loc) ? hero.loc : {};
  return {
    hero: {
      hp: num(hero.hp, 0),
      atk: num(hero.atk, 0),
      def: num(hero.def, 0),
      mdef: num(hero.mdef, 0),
    },
    floorId: typeof first.floorId === 'string' ? first.floorId : '',
    x: num(loc.x, 0),
    y: num(loc.y, 0),
  };
}

/**
 * Reads an H5 Magic Tower project from its file texts, without evaluating any of them: each file's
 * `var x =` / `main.floors.X=` prefix is stripped and the rest parsed as JSON. Browser-safe (no file
 * system); see `@puzzlekit/mota-bluegem/node` for reading a folder.
 *
 * @param files - The texts of `data.js`, `maps.js`, `enemys.js`, `items.js` and the floor files.
 * @returns The project as plain data.
 * @throws ParseError naming the file and the line and column of what is wrong.
 */
export function loadProject(files: ProjectFiles): Project {
  const dataText = files['data.js'];
  const data = parseAssignment(dataText, 'data.js');
  if (!isObject(data)) throw shapeError(dataText, 'data.js', '', 'data.js must hold a JSON object');
  const values = readValues(data);
  const maps = parseAssignment(files['maps.js'], 'maps.js');
  if (!isObject(maps))
    throw shapeError(files['maps.js'], 'maps.js', '', 'maps.js must hold a JSON object');
  const enemys = parseAssignment(files['enemys.js'], 'enemys.js');
  if (!isObject(enemys))
    throw shapeError(files['enemys.js'], 'enemys.js', '', 'enemys.js must hold a JSON object');
  const items = parseAssignment(files['items.js'], 'items.js');
  if (!isObject(items))
    throw shapeError(files['items.js'], 'items.js', '', 'items.js must hold a JSON object');

  const floors: Record<string, Floor> = {};
  for (const id of Object.keys(files.floors).sort()) {
    const text = files.floors[id] ?? '';
    floors[id] = readFloor(id, text, `floors/${id}.js`);
  }
  const main = isObject(data.main) ? data.main : {};
  const listed = Array.isArray(main.floorIds)
    ? main.floorIds.filter((f): f is string => typeof f === 'string')
    : [];
  const floorIds = listed.filter((f) => floors[f] !== undefined);
  for (const id of Object.keys(floors)) if (!floorIds.includes(id)) floorIds.push(id);

  const { hero, floorId, x, y } = readHero(data, dataText);
  const first = isObject(data.firstData) ? data.firstData : {};
  const flags = isObject(data.flags) ? data.flags : {};
  return {
    title:
      typeof first.title === 'string'
        ? first.title
        : typeof first.name === 'string'
          ? first.name
          : '',
    version: typeof first.version === 'string' ? first.version : '',
    values,
    negativeDamage: flags.enableNegativeDamage === true,
    hero,
    start: { floorId, x, y },
    floorIds,
    tiles: readTiles(maps),
    enemies: readEnemies(enemys),
    items: readItems(items, values),
    floors,
  };
}

/**
 * Gathers a project's file texts through any reader (a `fetch` wrapper in a browser, the file system
 * in Node, an in-memory map in tests): `data.js`, `maps.js`, `enemys.js`, `items.js`, then
 * `floors/<id>.js` for every id in `data.js` → `main.floorIds`. Never reads `functions.js`.
 *
 * @param read - Returns the text of a path relative to the `project` folder (for example `floors/MT1.js`).
 * @throws ParseError when `data.js` is malformed (the floor list comes from it).
 */
export async function collectProjectFiles(
  read: (path: string) => Promise<string>,
): Promise<ProjectFiles> {
  const data = await read('data.js');
  const json = parseAssignment(data, 'data.js');
  const main = isObject(json) && isObject(json.main) ? json.main : {};
  const ids = Array.isArray(main.floorIds)
    ? main.floorIds.filter((f): f is string => typeof f === 'string')
    : [];
  const [maps, enemys, items] = await Promise.all(
    ['maps.js', 'enemys.js', 'items.js'].map((f) => read(f)),
  );
  const floors: Record<string, string> = {};
  for (const id of ids) floors[id] = await read(`floors/${id}.js`);
  return {
    'data.js': data,
    'maps.js': maps ?? '',
    'enemys.js': enemys ?? '',
    'items.js': items ?? '',
    floors,
  };
}
