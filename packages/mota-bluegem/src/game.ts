import { InvalidInputError, isPuzzlekitError, ParseError, quoteInput } from '@puzzlekit/errors';
import {
  BudgetMeter,
  defineGame,
  gaveUpResult,
  solvedResult,
  type JsonValue,
} from '@puzzlekit/job';
import { gainAt } from './format/item-effect.js';
import { loadProject } from './format/project.js';
import { arrivalsOf } from './graph/arrivals.js';
import { checkHero, checkKeys } from './hero.js';
import { dict, own } from './lookup.js';
import type { HeroStats, Project, ProjectFiles } from './model.js';
import { SEARCH_UNIT } from './solve/exact.js';
import { solveFloor } from './solve/floor.js';
import { checkTree, solveTree, type TreeInput } from './solve/tree.js';
import { walkRoute } from './walk/replay.js';

/**
 * One floor of a tower as a level: the tower's own file texts (its tables and this one floor's file),
 * the floor, the cell the hero arrives on, and optionally the hero and keys to play with (default the
 * game's starting hero and keys). Plain JSON, so it goes into a pack record or a worker as it is.
 */
export interface FloorLevel {
  readonly kind: 'floor';
  readonly files: ProjectFiles;
  readonly floorId: string;
  readonly x: number;
  readonly y: number;
  readonly hero?: HeroStats;
  readonly keys?: Readonly<Record<string, number>>;
}

/** An abstract blue-gem tree (what `mota order` reads) as a level. */
export interface TreeLevel {
  readonly kind: 'tree';
  readonly tree: TreeInput;
}

/** A Magic Tower level: one floor of a tower, or an abstract tree. */
export type MotaLevel = FloorLevel | TreeLevel;

/**
 * The answer to a level: on a floor, the route (`U`/`R`/`D`/`L`; a move into a monster fights it, into a
 * door opens it); on a tree, the node ids in fighting order.
 */
export type MotaAnswer =
  | { readonly kind: 'route'; readonly route: string }
  | { readonly kind: 'order'; readonly order: readonly number[] };

// Loading a tower's texts is the slow part of a level: each level object is read once.
const loaded = new WeakMap<FloorLevel, Project>();

/** The project of a floor level (parsed once per level object). */
export function levelProject(level: FloorLevel): Project {
  let project = loaded.get(level);
  if (project === undefined) {
    project = loadProject(level.files);
    loaded.set(level, project);
  }
  return project;
}

/**
 * A floor of a tower as a level: the tables of `files` with only that floor's file, the hero's cell
 * (default: the floor's first arrival cell in the whole tower: the game's start, else where the floor
 * before leads, …), and the hero and keys when given.
 *
 * @throws InvalidInputError for an unknown floor, a floor nothing leads onto (without `x`/`y`), or a
 *   bad hero; ParseError for a malformed file.
 */
export function floorLevel(
  files: ProjectFiles,
  floorId: string,
  options: {
    readonly x?: number;
    readonly y?: number;
    readonly hero?: HeroStats;
    readonly keys?: Readonly<Record<string, number>>;
  } = {},
): FloorLevel {
  const text = own(files.floors, floorId);
  if (text === undefined)
    throw new InvalidInputError(`no floor ${quoteInput(floorId)} in the tower`, {
      path: '$.floorId',
    });
  let { x, y } = options;
  if (x === undefined || y === undefined) {
    const first = arrivalsOf(loadProject(files), floorId)[0];
    if (first === undefined)
      throw new InvalidInputError(
        `floor ${quoteInput(floorId)} is unreachable: no start, stair, portal or event leads onto it (give x and y)`,
        { path: '$.floorId', code: 'UNREACHABLE' },
      );
    ({ x, y } = first);
  }
  const floors = dict<string>();
  floors[floorId] = text;
  return levelFromJson({
    kind: 'floor',
    files: { ...files, floors },
    floorId,
    x,
    y,
    ...(options.hero !== undefined ? { hero: options.hero } : {}),
    ...(options.keys !== undefined ? { keys: options.keys } : {}),
  }) as FloorLevel;
}

function fail(path: string, message: string): never {
  throw new InvalidInputError(message, { path, code: 'INVALID_LEVEL' });
}

function isRecord(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const TABLES = ['data.js', 'maps.js', 'enemys.js', 'items.js'] as const;

/** Checks a floor level's JSON and reads its tower (errors name the JSON path, or the file and line). */
function floorFromJson(json: Readonly<Record<string, unknown>>, path: string): FloorLevel {
  const files = json.files;
  if (!isRecord(files)) fail(`${path}.files`, 'files must be an object of file texts');
  for (const name of TABLES)
    if (typeof files[name] !== 'string') fail(`${path}.files["${name}"]`, `${name} must be a text`);
  const fn = files['functions.js'];
  if (fn !== undefined && typeof fn !== 'string')
    fail(`${path}.files["functions.js"]`, 'functions.js must be a text');
  const floors = files.floors;
  if (!isRecord(floors)) fail(`${path}.files.floors`, 'floors must be an object {floorId: text}');
  const floorId = json.floorId;
  if (typeof floorId !== 'string') fail(`${path}.floorId`, 'floorId must be a text');
  const floorText = own(floors, floorId);
  if (typeof floorText !== 'string')
    fail(`${path}.files.floors`, `the floor file of ${quoteInput(floorId)} must be a text`);
  const floorTexts = dict<string>();
  floorTexts[floorId] = floorText;
  const { x, y } = json;
  for (const [name, v] of [
    ['x', x],
    ['y', y],
  ] as const)
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
      fail(`${path}.${name}`, `${name} must be a whole number ≥ 0`);
  const level: FloorLevel = {
    kind: 'floor',
    files: {
      'data.js': files['data.js'] as string,
      'maps.js': files['maps.js'] as string,
      'enemys.js': files['enemys.js'] as string,
      'items.js': files['items.js'] as string,
      ...(typeof fn === 'string' ? { 'functions.js': fn } : {}),
      floors: floorTexts,
    },
    floorId,
    x: x as number,
    y: y as number,
    ...(json.hero !== undefined ? { hero: checkHero(json.hero, `${path}.hero`) } : {}),
    ...(json.keys !== undefined ? { keys: checkKeys(json.keys, `${path}.keys`) } : {}),
  };
  let project: Project;
  try {
    project = levelProject(level);
  } catch (error) {
    // A file that does not read: the JSON path of that file's text, the file's line and column in words.
    if (!(error instanceof ParseError)) throw error;
    const file = error.source ?? '';
    const at = file.startsWith('floors/')
      ? `.floors[${JSON.stringify(file.slice(7, -3))}]`
      : `[${JSON.stringify(file)}]`;
    throw new InvalidInputError(error.message, {
      path: `${path}.files${at}`,
      code: 'INVALID_LEVEL',
    });
  }
  const floor = own(project.floors, floorId);
  if (floor === undefined || level.x >= floor.width || level.y >= floor.height)
    fail(path, `the hero's cell (${level.x},${level.y}) is off the floor's map`);
  return level;
}

/** A level from its JSON form (`{"kind":"floor",…}` or `{"kind":"tree","tree":{"nodes":[…]}}`). */
function levelFromJson(json: unknown, path = '$'): MotaLevel {
  if (!isRecord(json)) fail(path, 'a level must be an object with "kind": "floor" or "tree"');
  if (json.kind === 'tree') {
    try {
      return { kind: 'tree', tree: checkTree(json.tree) };
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      throw new InvalidInputError(error.message, {
        path: `${path}.tree${(error.path ?? '$').slice(1)}`,
        code: 'INVALID_LEVEL',
      });
    }
  }
  if (json.kind === 'floor') return floorFromJson(json, path);
  return fail(`${path}.kind`, 'kind must be "floor" or "tree"');
}

const ROUTE = /^[URDL]*$/;

function answerFromJson(json: unknown, path = '$'): MotaAnswer {
  if (typeof json === 'string') {
    if (!ROUTE.test(json))
      fail(path, `a route is a text of U, R, D and L, got ${quoteInput(json)}`);
    return { kind: 'route', route: json };
  }
  if (Array.isArray(json)) {
    json.forEach((id, k) => {
      if (typeof id !== 'number' || !Number.isSafeInteger(id))
        fail(`${path}[${k}]`, 'an order lists node ids (whole numbers)');
    });
    return { kind: 'order', order: json as number[] };
  }
  return fail(path, 'an answer is a route text ("LLUR…") or a list of node ids');
}

/** A floor's cells for a terminal: one character a cell, the hero `@`. */
const GLYPH: Readonly<Record<string, string>> = {
  wall: '#',
  terrain: '.',
  door: '+',
  stair: '>',
  enemy: 'M',
  item: '$',
  npc: 'N',
};

function renderFloor(level: FloorLevel): string {
  const project = levelProject(level);
  const floor = own(project.floors, level.floorId);
  if (floor === undefined) return `(no floor ${level.floorId})`;
  const rows = floor.map.map((row, y) =>
    row
      .map((n, x) => {
        if (x === level.x && y === level.y) return '@';
        if (n === 0) return '.';
        const tile = own(project.tiles, String(n));
        const item = tile?.kind === 'item' ? own(project.items, tile.id) : undefined;
        if (item?.cls === 'items' && gainAt(item.effect.def, floor.ratio) > 0) return 'g';
        return tile === undefined ? '?' : (GLYPH[tile.kind] ?? '?');
      })
      .join(''),
  );
  return [
    `${floor.title} (${floor.id}), ${floor.width}×${floor.height}`,
    ...rows,
    '@ hero  M monster  g defence gem  $ other item  + door  > stair  N NPC  # wall',
  ].join('\n');
}

function renderTree(level: TreeLevel): string {
  return level.tree.nodes
    .map((n) => `${n.id} ← ${n.parent === -1 ? 'root' : n.parent}: saving ${n.a}, gems ${n.g}`)
    .join('\n');
}

function verifyOrder(tree: TreeInput, order: readonly number[]): string | undefined {
  const parent = new Map(tree.nodes.map((n) => [n.id, n.parent]));
  const done = new Set<number>();
  for (const [k, id] of order.entries()) {
    const p = parent.get(id);
    if (p === undefined) return `order[${k}]: ${id} is not a node`;
    if (done.has(id)) return `order[${k}]: ${id} comes twice`;
    if (p !== -1 && !done.has(p)) return `order[${k}]: ${id} comes before its parent ${p}`;
    done.add(id);
  }
  return done.size === tree.nodes.length
    ? undefined
    : `the order has ${done.size} of the ${tree.nodes.length} nodes`;
}

/**
 * The Magic Tower (`mota`) front door. A tower is a folder, so there is no collection format: a level
 * is one floor ({@link floorLevel}) or an abstract tree, as plain JSON. `solve` finds the minimum-damage
 * fight order (Horn's algorithm on trees, the exact search on cycles; unit `nodes`, the search states
 * expanded) and answers with its route; `verify` walks a route with the route walker (doors need their
 * keys, one-way rules hold, the hero survives every fight) or checks a tree order.
 */
export const game = defineGame<MotaLevel, MotaAnswer>({
  id: 'mota',
  title: 'Magic Tower blue-gem order',
  packageName: '@puzzlekit/mota-bluegem',
  levelToJson: (level) => level as unknown as JsonValue,
  levelFromJson,
  answerToJson: (answer) => (answer.kind === 'route' ? answer.route : [...answer.order]),
  answerFromJson,
  render: (level) => (level.kind === 'floor' ? renderFloor(level) : renderTree(level)),
  solve: {
    options: [],
    unit: SEARCH_UNIT,
    budget: { maxWork: 2_000_000, maxMs: 20_000 },
    run(level, budget) {
      if (level.kind === 'tree') {
        // Horn's algorithm places one node per unit of work.
        const meter = new BudgetMeter(budget, { unit: SEARCH_UNIT });
        for (const _node of level.tree.nodes) {
          const bound = meter.spend();
          if (bound !== null) return gaveUpResult(meter.gaveUp(bound), meter.work);
        }
        const sol = solveTree(level.tree);
        return solvedResult<MotaAnswer>(
          { kind: 'order', order: sol.order },
          level.tree.nodes.length,
        );
      }
      const sol = solveFloor(levelProject(level), level.floorId, {
        x: level.x,
        y: level.y,
        arrival: true,
        budget,
        ...(level.hero !== undefined ? { hero: level.hero } : {}),
        ...(level.keys !== undefined ? { keys: level.keys } : {}),
      });
      // A search that gave up has an order (greedy or better), but an answer here means the least damage.
      return sol.outcome.kind === 'gave-up'
        ? gaveUpResult(sol.outcome, sol.work)
        : solvedResult<MotaAnswer>({ kind: 'route', route: sol.route }, sol.work);
    },
  },
  verify(level, answer) {
    if (level.kind === 'tree') {
      if (answer.kind !== 'order')
        return { ok: false, reason: 'a tree is answered by an order of node ids' };
      const reason = verifyOrder(level.tree, answer.order);
      return reason === undefined ? { ok: true } : { ok: false, reason };
    }
    if (answer.kind !== 'route')
      return { ok: false, reason: 'a floor is answered by a route (U, R, D, L)' };
    try {
      const project = levelProject(level);
      const walk = walkRoute(
        project,
        level.floorId,
        answer.route,
        { x: level.x, y: level.y },
        level.hero ?? project.hero,
        level.keys ?? project.keys,
      );
      return walk.ok
        ? { ok: true }
        : { ok: false, reason: walk.reason ?? 'the route breaks a rule' };
    } catch (error) {
      if (!isPuzzlekitError(error)) throw error;
      return { ok: false, reason: error.message };
    }
  },
});
