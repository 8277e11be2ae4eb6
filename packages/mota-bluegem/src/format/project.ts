import { InvalidInputError, ParseError, positionAt } from '@puzzlekit/errors';
import { dict, own } from '../lookup.js';
import type {
  Direction,
  EngineInfo,
  Enemy,
  Floor,
  FloorChange,
  HeroStats,
  Item,
  Project,
  ProjectFiles,
  SkippedFile,
  TileInfo,
  TileKind,
  Transfer,
} from '../model.js';
import { readDamageCode } from './functions.js';
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
const OLD_VALUE_NAMES: readonly (readonly [string, string])[] = [
  ['redJewel', 'redGem'],
  ['blueJewel', 'blueGem'],
  ['greenJewel', 'greenGem'],
];

function readValues(data: Json): Record<string, number> {
  const raw = isObject(data.values) ? data.values : {};
  const values = dict<number>();
  const defaults: [string, number][] = [
    ['breakArmor', 0.9],
    ['counterAttack', 0.1],
    ['purify', 3],
    ['hatred', 2],
    ['redGem', 3],
    ['blueGem', 3],
    ['greenGem', 5],
  ];
  for (const [k, v] of defaults) values[k] = v;
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === 'number' && Number.isFinite(v)) values[k] = v;
  }
  for (const [oldName, newName] of OLD_VALUE_NAMES) {
    const v = own(raw, oldName);
    if (typeof v === 'number' && Number.isFinite(v) && own(raw, newName) === undefined)
      values[newName] = v;
  }
  return values;
}

/** Tiles that take the hero to another floor when a `changeFloor` is attached (or by design). */
export const EXIT_TILES: ReadonlySet<string> = new Set([
  'upFloor',
  'downFloor',
  'leftPortal',
  'rightPortal',
  'upPortal',
  'downPortal',
  'starPortal',
]);

/**
 * Whether the engine lets the hero stand on a tile: `noPass` when given (engine ≤ 2.6 writes
 * `"noPass": false` for walkable terrain), else `canPass`, else only items (as the engine decides).
 */
function tilePassable(cls: string, entry: Json): boolean {
  const noPass = entry.noPass === 'true' ? true : entry.noPass === 'false' ? false : entry.noPass;
  if (typeof noPass === 'boolean') return !noPass;
  if (typeof entry.canPass === 'boolean') return entry.canPass;
  return cls === 'items';
}

/**
 * Doors of engines before `doorInfo` (2.6 and older) open by name: `yellowDoor` spends a `yellowKey`,
 * and so on; `specialDoor` is opened by events only.
 */
const NAMED_DOOR = /^(yellow|blue|red|green|steel)Door$/;

function tileKind(
  cls: string,
  id: string,
  entry: Json,
  namedDoors: boolean,
): { kind: TileKind; passable: boolean } {
  if (cls === 'enemys' || cls === 'enemy48') return { kind: 'enemy', passable: false };
  if (cls === 'items') return { kind: 'item', passable: true };
  const passable = tilePassable(cls, entry);
  if (cls === 'npcs' || cls === 'npc48') return { kind: 'npc', passable };
  // A stair or portal leaves the floor through the changeFloor attached to its cell (the floor graph
  // makes such cells exits); the tile alone is walkable when the engine says so.
  if (EXIT_TILES.has(id)) return { kind: 'stair', passable };
  const door = entry.doorInfo;
  if (isObject(door) && isObject(door.keys) && Object.keys(door.keys).length > 0)
    return { kind: 'door', passable: true };
  if (namedDoors && NAMED_DOOR.test(id)) return { kind: 'door', passable: true };
  return passable ? { kind: 'terrain', passable: true } : { kind: 'wall', passable: false };
}

const DIRECTIONS: readonly Direction[] = ['up', 'down', 'left', 'right'];

function directions(v: unknown): Direction[] {
  if (!Array.isArray(v)) return [];
  return DIRECTIONS.filter((d) => v.includes(d));
}

function readTiles(maps: Json): Record<string, TileInfo> {
  const tiles = dict<TileInfo>();
  // No tile with doorInfo: an engine that opens doors by their name.
  const namedDoors = !Object.values(maps).some(
    (e) => isObject(e) && own(e, 'doorInfo') !== undefined,
  );
  for (const [key, entry] of Object.entries(maps)) {
    if (!isObject(entry) || !/^\d{1,9}$/.test(key)) continue;
    const cls = typeof entry.cls === 'string' ? entry.cls : '';
    const id = typeof entry.id === 'string' ? entry.id : key;
    const { kind, passable } = tileKind(cls, id, entry, namedDoors);
    const door = entry.doorInfo;
    let keys: Record<string, number> | undefined;
    if (kind === 'door' && isObject(door) && isObject(door.keys)) {
      keys = dict<number>();
      for (const [k, v] of Object.entries(door.keys)) keys[k] = num(v, 1);
    } else if (kind === 'door') {
      keys = dict<number>();
      keys[id.replace(/Door$/, 'Key')] = 1;
    }
    const cannotOut = directions(entry.cannotOut);
    const cannotIn = directions(entry.cannotIn);
    tiles[key] = {
      number: Number(key),
      cls,
      id,
      kind,
      passable,
      ...(keys ? { keys } : {}),
      ...(cannotOut.length > 0 ? { cannotOut } : {}),
      ...(cannotIn.length > 0 ? { cannotIn } : {}),
    };
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

/** The monster fields of each engine generation, by the special they belong to. */
const SPECIAL_FIELDS: Readonly<Record<EngineInfo['fields'], Readonly<Record<string, string>>>> = {
  '2.9+': {
    purify: 'purify',
    vampire: 'vampire',
    counterAttack: 'counterAttack',
    breakArmor: 'breakArmor',
  },
  '2.0-2.8': { purify: 'n', vampire: 'value', counterAttack: 'atkValue', breakArmor: 'defValue' },
};

function readEnemies(enemys: Json, fields: EngineInfo['fields']): Record<string, Enemy> {
  const out = dict<Enemy>();
  const names = SPECIAL_FIELDS[fields];
  for (const [id, e] of Object.entries(enemys)) {
    if (!isObject(e)) continue;
    const opt = (k: string | undefined): number | undefined => {
      const v = k === undefined ? undefined : own(e, k);
      return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
    };
    const field = (name: string): Record<string, number> => {
      const v = opt(names[name]);
      return v === undefined ? {} : { [name]: v };
    };
    const damage = opt('damage');
    const n = opt('n');
    out[id] = {
      id,
      name: typeof e.name === 'string' ? e.name : id,
      hp: num(e.hp, 0),
      atk: num(e.atk, 0),
      def: num(e.def, 0),
      specials: readSpecials(e.special),
      ...(n !== undefined ? { n } : {}),
      ...field('purify'),
      ...field('vampire'),
      ...(e.add === true ? { add: true } : {}),
      ...field('counterAttack'),
      ...field('breakArmor'),
      ...(damage !== undefined ? { damage } : {}),
    };
  }
  return out;
}

const NEW_ENEMY_FIELDS = ['purify', 'vampire', 'breakArmor', 'counterAttack'];

/**
 * Decides the tower's engine generation: the fields its `functions.js` damage code reads when there is
 * one; else whether `enemys.js` uses a 2.9+ field; else `firstData.version` (`Ver 2.9` or later);
 * else the old fields when a monster carries one, else 2.9+ (the current engine).
 */
function readEngine(files: ProjectFiles, enemys: Json, version: string, maps: Json): EngineInfo {
  const damageCode = readDamageCode(files['functions.js']);
  const noPass = Object.values(maps).some((t) => isObject(t) && own(t, 'noPass') !== undefined);
  const make = (fields: EngineInfo['fields'], evidence: string): EngineInfo => ({
    fields,
    noPass,
    evidence,
    damageCode,
  });
  if (damageCode.fields === 'new') return make('2.9+', 'functions.js reads 2.9+ monster fields');
  if (damageCode.fields === 'old')
    return make('2.0-2.8', 'functions.js reads n/value/defValue/atkValue');
  const monsters = Object.values(enemys).filter(isObject);
  const uses = (keys: readonly string[]): boolean =>
    monsters.some((e) => keys.some((k) => typeof own(e, k) === 'number'));
  if (uses(NEW_ENEMY_FIELDS)) return make('2.9+', 'enemys.js uses 2.9+ monster fields');
  const v = /(\d+)\.(\d+)/.exec(version);
  if (v !== null && Number(v[1]) === 2)
    return Number(v[2]) >= 9
      ? make('2.9+', `firstData.version ${version}`)
      : make('2.0-2.8', `firstData.version ${version}`);
  if (noPass) return make('2.0-2.8', 'maps.js uses noPass (engine 2.6 or older)');
  return make('2.9+', 'no evidence of an older engine');
}

function readItems(items: Json, values: Record<string, number>): Record<string, Item> {
  // Engine ≤ 2.5: { items: {...}, itemEffect: { id: "script" } }; 2.6+: one object per item.
  const old = isObject(items.items) && isObject(items.itemEffect);
  const table = old ? (items.items as Json) : items;
  const effects = old ? (items.itemEffect as Json) : {};
  const out = dict<Item>();
  for (const [id, it] of Object.entries(table)) {
    if (!isObject(it)) continue;
    const script = old ? own(effects, id) : it.itemEffect;
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
      const cell = parseCell(key);
      if (cell === null) continue;
      const row = grid[cell.y];
      if (row !== undefined && cell.x < width) row[cell.x] = 0;
    }
  }
  const changeFloor = dict<FloorChange>();
  if (isObject(json.changeFloor)) {
    for (const [key, ev] of Object.entries(json.changeFloor)) {
      const change = readChange(ev);
      if (change !== null && parseCell(key) !== null) changeFloor[key] = change;
    }
  }
  const { transfers, eventExits } = readTransfers(json, changeFloor);
  const stairCells = dict<{ x: number; y: number }>();
  for (const name of ['upFloor', 'downFloor', 'flyPoint']) {
    const loc = readLoc(own(json, name));
    if (loc !== null) stairCells[name] = loc;
  }
  return {
    id, // the file name: every lookup (main.floorIds, changeFloor targets) uses it
    title: typeof json.title === 'string' ? json.title : id,
    width,
    height,
    ratio: num(json.ratio ?? json.item_ratio, 1),
    map: grid,
    changeFloor,
    transfers,
    eventExits,
    stairCells,
    cannotMove: readDirections(json.cannotMove),
    cannotMoveIn: readDirections(json.cannotMoveIn),
  };
}

function parseCell(key: string): { x: number; y: number } | null {
  const m = /^(\d{1,6}),(\d{1,6})$/.exec(key);
  return m === null ? null : { x: Number(m[1]), y: Number(m[2]) };
}

function readLoc(v: unknown): { x: number; y: number } | null {
  if (!Array.isArray(v) || v.length < 2) return null;
  const [x, y] = v as unknown[];
  return typeof x === 'number' &&
    typeof y === 'number' &&
    Number.isInteger(x) &&
    Number.isInteger(y)
    ? { x, y }
    : null;
}

/** A `changeFloor` entry or action: target floor (`:now` when absent), `stair` and `loc`. */
function readChange(ev: unknown): FloorChange | null {
  if (!isObject(ev)) return null;
  if (ev.floorId !== undefined && typeof ev.floorId !== 'string') return null;
  const loc = readLoc(ev.loc);
  return {
    floorId: typeof ev.floorId === 'string' && ev.floorId !== '' ? ev.floorId : ':now',
    ...(typeof ev.stair === 'string' ? { stair: ev.stair } : {}),
    ...(loc !== null ? { loc } : {}),
  };
}

function readDirections(v: unknown): Record<string, Direction[]> {
  const out = dict<Direction[]>();
  if (!isObject(v)) return out;
  for (const [key, list] of Object.entries(v)) {
    const dirs = directions(list);
    if (parseCell(key) !== null && dirs.length > 0) out[key] = dirs;
  }
  return out;
}

/**
 * Every change of floor a floor file can make: its `changeFloor` table, and every `changeFloor` action
 * anywhere in its events (`events`, `afterBattle`, `firstArrive`, …), with the `"x,y"` key of the event
 * it belongs to. An event at a cell whose script changes floor makes that cell an exit. The walk is an
 * explicit stack (the JSON is at most 256 levels deep; parseJson refuses deeper).
 */
function readTransfers(
  json: Json,
  changeFloor: Readonly<Record<string, FloorChange>>,
): { transfers: Transfer[]; eventExits: string[] } {
  const transfers: Transfer[] = [];
  for (const [key, change] of Object.entries(changeFloor)) {
    const from = parseCell(key);
    transfers.push({ ...change, ...(from !== null ? { from } : {}), via: 'stair' });
  }
  const exits = new Set<string>();
  const stack: { value: unknown; cell: string | null; top: string | null }[] = [];
  for (const [key, value] of Object.entries(json))
    if (key !== 'changeFloor' && key !== 'map' && key !== 'bgmap' && key !== 'fgmap')
      stack.push({ value, cell: null, top: key });
  while (stack.length > 0) {
    const { value, cell, top } = stack.pop() ?? { value: null, cell: null, top: null };
    if (Array.isArray(value)) {
      for (const v of value) stack.push({ value: v, cell, top });
      continue;
    }
    if (!isObject(value) || value.enable === false) continue;
    if (value.type === 'changeFloor') {
      const change = readChange(value);
      const from = cell === null ? null : parseCell(cell);
      if (change !== null) {
        transfers.push({ ...change, ...(from !== null ? { from } : {}), via: 'event' });
        // Stepping on an event cell runs its script: the cell takes the hero away.
        if (top === 'events' && cell !== null) exits.add(cell);
      }
    }
    for (const [key, v] of Object.entries(value))
      stack.push({ value: v, cell: parseCell(key) !== null ? key : cell, top });
  }
  return { transfers, eventExits: [...exits].sort() };
}

/**
 * A starting hero's stat: absent is 0; present, it must be a finite number as the engine needs it (a
 * string such as `"100"` would be concatenated by the engine, not added). The same rule as
 * `checkHero` for heroes given from outside, so every command accepts the same heroes.
 */
function heroNumber(hero: Json, stat: string, text: string): number {
  const v = own(hero, stat);
  if (v === undefined) return 0;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw shapeError(
    text,
    'data.js',
    stat,
    `firstData.hero.${stat} must be a number, got ${typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : typeof v}`,
  );
}

/** The start cell's coordinate: absent is 0; present, a whole number ≥ 0. */
function heroCell(loc: Json, axis: 'x' | 'y', text: string): number {
  const v = own(loc, axis);
  if (v === undefined) return 0;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  throw shapeError(
    text,
    'data.js',
    'loc',
    `firstData.hero.loc.${axis} must be a whole number ≥ 0, got ${typeof v === 'number' ? String(v) : typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : typeof v}`,
  );
}

function readHero(
  data: Json,
  text: string,
): { hero: HeroStats; keys: Record<string, number>; floorId: string; x: number; y: number } {
  const first = data.firstData;
  if (!isObject(first)) throw shapeError(text, 'data.js', 'firstData', '`firstData` is missing');
  const hero = isObject(first.hero) ? first.hero : {};
  const loc = isObject(hero.loc) ? hero.loc : {};
  const keys = dict<number>();
  const items = isObject(hero.items) ? hero.items : {};
  const tools = isObject(items.tools) ? items.tools : isObject(hero.keys) ? hero.keys : {};
  for (const [id, count] of Object.entries(tools))
    if (/Key$/.test(id) && num(count, 0) > 0) keys[id] = num(count, 0);
  return {
    keys,
    hero: {
      hp: heroNumber(hero, 'hp', text),
      atk: heroNumber(hero, 'atk', text),
      def: heroNumber(hero, 'def', text),
      mdef: heroNumber(hero, 'mdef', text),
    },
    floorId: typeof first.floorId === 'string' ? first.floorId : '',
    x: heroCell(loc, 'x', text),
    y: heroCell(loc, 'y', text),
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

  const main = isObject(data.main) ? data.main : {};
  const listedIds = new Set(listedFloorIds(main));
  const floors = dict<Floor>();
  const skipped: SkippedFile[] = [...(files.skipped ?? [])];
  for (const id of Object.keys(files.floors).sort()) {
    const text = own(files.floors, id) ?? '';
    try {
      floors[id] = readFloor(id, text, `floors/${id}.js`);
    } catch (error) {
      // A floor file the tower does not list is never loaded by the engine: report it, go on.
      if (listedIds.has(id) || !(error instanceof ParseError)) throw error;
      skipped.push({ file: `floors/${id}.js`, reason: error.message });
    }
  }
  const floorIds: string[] = [];
  const listed = new Set<string>();
  for (const f of listedFloorIds(main)) {
    if (own(floors, f) === undefined || listed.has(f)) continue;
    listed.add(f);
    floorIds.push(f);
  }
  for (const id of Object.keys(floors)) if (!listed.has(id)) floorIds.push(id);

  const { hero, keys, floorId, x, y } = readHero(data, dataText);
  const first = isObject(data.firstData) ? data.firstData : {};
  const flags = isObject(data.flags) ? data.flags : {};
  const version = typeof first.version === 'string' ? first.version : '';
  const engine = readEngine(files, enemys, version, maps);
  return {
    title:
      typeof first.title === 'string'
        ? first.title
        : typeof first.name === 'string'
          ? first.name
          : '',
    version,
    name: typeof first.name === 'string' ? first.name : '',
    difficulties: difficultyNames(main),
    values,
    negativeDamage: flags.enableNegativeDamage === true,
    hero,
    keys,
    engine,
    start: { floorId, x, y },
    floorIds,
    tiles: readTiles(maps),
    enemies: readEnemies(enemys, engine.fields),
    items: readItems(items, values),
    floors,
    skipped,
  };
}

/**
 * The names of `main.levelChoose`: objects `{title, name, hard}` (engine 2.7+) or pairs
 * `[title, name]` (older); entries of neither shape are left out.
 */
function difficultyNames(main: Json): string[] {
  const list: unknown[] = Array.isArray(main.levelChoose) ? main.levelChoose : [];
  const names: string[] = [];
  for (const entry of list) {
    const name: unknown = Array.isArray(entry)
      ? (entry as unknown[])[1]
      : isObject(entry)
        ? entry.name
        : undefined;
    if (typeof name === 'string') names.push(name);
  }
  return names;
}

/** `main.floorIds`: the strings of the list, each once, in order. */
function listedFloorIds(main: Json): string[] {
  const list = Array.isArray(main.floorIds) ? main.floorIds : [];
  return [...new Set(list.filter((f): f is string => typeof f === 'string'))];
}

/** A floor id that names a file inside the `floors` folder: no path separators, no `..`. */
export function isSafeFloorId(id: string): boolean {
  return /^[^/\\\0]{1,200}$/.test(id) && id !== '.' && id !== '..';
}

/**
 * Gathers a project's file texts through any reader (a `fetch` wrapper in a browser, the file system
 * in Node, an in-memory map in tests): `data.js`, `maps.js`, `enemys.js`, `items.js`, then
 * `floors/<id>.js` for every id in `data.js` → `main.floorIds` (each once), and `functions.js` as text
 * when it can be read (`options.functions: false` skips it); `functions.js` is never run. A floor id
 * that is not a plain file name (`../x`, `a/b`) is refused before anything is read.
 *
 * @param read - Returns the text of a path relative to the `project` folder (for example `floors/MT1.js`).
 * @throws ParseError when `data.js` is malformed (the floor list comes from it).
 */
export async function collectProjectFiles(
  read: (path: string) => Promise<string>,
  options: { readonly functions?: boolean } = {},
): Promise<ProjectFiles> {
  const data = await read('data.js');
  const json = parseAssignment(data, 'data.js');
  const main = isObject(json) && isObject(json.main) ? json.main : {};
  const ids = listedFloorIds(main);
  const unsafe = ids.find((id) => !isSafeFloorId(id));
  if (unsafe !== undefined)
    throw shapeError(
      data,
      'data.js',
      unsafe,
      `floor id ${JSON.stringify(unsafe.slice(0, 60))} is not a file name inside floors/`,
    );
  const [maps, enemys, items] = await Promise.all(
    ['maps.js', 'enemys.js', 'items.js'].map((f) => read(f)),
  );
  const floors = dict<string>();
  for (const id of ids) floors[id] = await read(`floors/${id}.js`);
  let functions: string | undefined;
  if (options.functions !== false) {
    try {
      functions = await read('functions.js');
    } catch (error) {
      // Towers without functions.js use the engine's own damage code; a file refused as hostile
      // (not a regular file, too large, outside the tower) is an error, never silently skipped.
      if (error instanceof InvalidInputError) throw error;
      functions = undefined;
    }
  }
  return {
    'data.js': data,
    'maps.js': maps ?? '',
    'enemys.js': enemys ?? '',
    'items.js': items ?? '',
    floors,
    ...(functions !== undefined ? { 'functions.js': functions } : {}),
  };
}
