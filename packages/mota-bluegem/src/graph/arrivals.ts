import { own } from '../lookup.js';
import type { Floor, Project, Transfer } from '../model.js';

/** Where something brings the hero onto a floor. */
export interface ArrivalSource {
  /** `start` (the game's first position), `stair` (a floor's `changeFloor` cell) or `event` (an event's `changeFloor` action). */
  readonly kind: 'start' | 'stair' | 'event';
  /** The floor it comes from (the start floor for `start`). */
  readonly floorId: string;
  /** The cell it leaves from, when known. */
  readonly x?: number;
  readonly y?: number;
}

/** A cell the hero can arrive on, and everything that brings him there. */
export interface Arrival {
  readonly x: number;
  readonly y: number;
  readonly sources: readonly ArrivalSource[];
}

/** The floor a transfer leads to: `:before`/`:next` by `main.floorIds` order, `:now` the same floor. */
function targetFloor(
  project: Project,
  order: ReadonlyMap<string, number>,
  fromId: string,
  floorId: string,
): string | undefined {
  const index = order.get(fromId) ?? -1;
  let id = floorId;
  if (floorId === ':now') id = fromId;
  else if (floorId === ':before') id = index > 0 ? (project.floorIds[index - 1] ?? fromId) : fromId;
  else if (floorId === ':next')
    id =
      index >= 0 && index < project.floorIds.length - 1
        ? (project.floorIds[index + 1] ?? fromId)
        : fromId;
  return own(project.floors, id) === undefined ? undefined : id;
}

/** Each floor id's first place in `main.floorIds` (what `:before`/`:next` count from). */
function floorOrder(project: Project): Map<string, number> {
  const order = new Map<string, number>();
  project.floorIds.forEach((id, k) => {
    if (!order.has(id)) order.set(id, k);
  });
  return order;
}

/** The first cell of each tile id on a floor (row by row), computed once per floor. */
const tileCells = new WeakMap<Floor, Map<string, { x: number; y: number }>>();

/** The first cell of the floor whose tile has the id `tileId` (row by row), or null. */
function findTile(project: Project, floor: Floor, tileId: string): { x: number; y: number } | null {
  let cells = tileCells.get(floor);
  if (cells === undefined) {
    cells = new Map();
    for (let y = 0; y < floor.height; y++) {
      const row = floor.map[y] ?? [];
      for (let x = 0; x < floor.width; x++) {
        const id = own(project.tiles, String(row[x] ?? 0))?.id;
        if (id !== undefined && !cells.has(id)) cells.set(id, { x, y });
      }
    }
    tileCells.set(floor, cells);
  }
  return cells.get(tileId) ?? null;
}

/**
 * The cell a transfer puts the hero on, as the engine's `_changeFloor_getHeroLoc` decides: `loc` when
 * given; else the `stair`: `:now` keeps the cell, `:symmetry(_x|_y)` mirrors it on the source floor,
 * a name the target floor defines (`upFloor`, `downFloor`, `flyPoint`) uses that cell, else the
 * first tile with that id; without either the hero keeps his cell. Null when the cell is unknown (an
 * event with no cell of its own and nothing that fixes the arrival).
 */
function arrivalCell(
  project: Project,
  from: Floor,
  to: Floor,
  t: Transfer,
): { x: number; y: number } | null {
  if (t.loc !== undefined) return t.loc;
  const here = t.from ?? null;
  const stair = t.stair;
  if (stair === undefined || stair === ':now') return here;
  if (stair === ':symmetry')
    return here === null ? null : { x: from.width - 1 - here.x, y: from.height - 1 - here.y };
  if (stair === ':symmetry_x')
    return here === null ? null : { x: from.width - 1 - here.x, y: here.y };
  if (stair === ':symmetry_y')
    return here === null ? null : { x: here.x, y: from.height - 1 - here.y };
  return own(to.stairCells, stair) ?? findTile(project, to, stair) ?? here;
}

/**
 * Every cell the hero can arrive on, per floor: the game's start position, and the target of every
 * `changeFloor` cell and every `changeFloor` action of every floor's events (portals included).
 * Cells off the target floor's map are dropped. A floor missing from the result has nothing leading
 * onto it.
 */
export function floorArrivals(project: Project): ReadonlyMap<string, readonly Arrival[]> {
  type Cells = Map<string, { x: number; y: number; sources: ArrivalSource[] }>;
  const byFloor = new Map<string, Cells>();
  const order = floorOrder(project);
  const add = (floorId: string, x: number, y: number, source: ArrivalSource): void => {
    const floor = own(project.floors, floorId);
    if (floor === undefined || x < 0 || y < 0 || x >= floor.width || y >= floor.height) return;
    let cells = byFloor.get(floorId);
    if (cells === undefined) {
      cells = new Map() as Cells;
      byFloor.set(floorId, cells);
    }
    const key = `${x},${y}`;
    let entry = cells.get(key);
    if (entry === undefined) cells.set(key, (entry = { x, y, sources: [] }));
    entry.sources.push(source);
  };
  const start = project.start;
  add(start.floorId, start.x, start.y, { kind: 'start', floorId: start.floorId });
  // Transfers from an event with no cell of its own (`firstArrive`, `eachArrive`, automatic events)
  // keep the hero's cell, which is where he arrived on the source floor: they are resolved once the
  // source floor's arrival cells are known, repeated until nothing new appears (a chain of such
  // floors).
  const pending: { fromId: string; toId: string; t: Transfer }[] = [];
  for (const fromId of project.floorIds) {
    const from = own(project.floors, fromId);
    if (from === undefined) continue;
    for (const t of from.transfers) {
      const toId = targetFloor(project, order, fromId, t.floorId);
      const to = toId === undefined ? undefined : own(project.floors, toId);
      if (toId === undefined || to === undefined) continue;
      const cell = arrivalCell(project, from, to, t);
      if (cell === null) {
        pending.push({ fromId, toId, t });
        continue;
      }
      if (toId === fromId && t.from !== undefined && cell.x === t.from.x && cell.y === t.from.y)
        continue; // a transfer onto its own cell brings nobody new
      add(toId, cell.x, cell.y, {
        kind: t.via,
        floorId: fromId,
        ...(t.from !== undefined ? { x: t.from.x, y: t.from.y } : {}),
      });
    }
  }
  // Worklist: a floor that gains an arrival cell passes it on through its cell-less transfers, once
  // per (transfer, cell) pair — linear in their number, however long the chain of such floors.
  const pendingFrom = new Map<string, { toId: string; t: Transfer }[]>();
  for (const { fromId, toId, t } of pending) {
    if (toId === fromId) continue;
    const list = pendingFrom.get(fromId) ?? [];
    list.push({ toId, t });
    pendingFrom.set(fromId, list);
  }
  const done = new Set<string>();
  const work = [...byFloor.keys()].filter((id) => pendingFrom.has(id));
  while (work.length > 0) {
    const fromId = work.pop() ?? '';
    const from = own(project.floors, fromId);
    if (from === undefined) continue;
    for (const here of [...(byFloor.get(fromId)?.values() ?? [])]) {
      for (const { toId, t } of pendingFrom.get(fromId) ?? []) {
        const key = `${fromId}\u0000${here.x},${here.y}\u0000${toId}\u0000${t.stair ?? ''}`;
        if (done.has(key)) continue;
        done.add(key);
        const to = own(project.floors, toId);
        if (to === undefined) continue;
        const cell = arrivalCell(project, from, to, { ...t, from: { x: here.x, y: here.y } });
        if (cell === null) continue;
        const fresh = byFloor.get(toId)?.get(`${cell.x},${cell.y}`) === undefined;
        add(toId, cell.x, cell.y, { kind: 'event', floorId: fromId });
        if (fresh && pendingFrom.has(toId)) work.push(toId);
      }
    }
  }
  const out = new Map<string, Arrival[]>();
  for (const [id, cells] of byFloor) {
    const index = order.get(id) ?? -1;
    const previous = index > 0 ? project.floorIds[index - 1] : undefined;
    // The game's start first, then arrivals from the floor before in tower order (the way up), then
    // the rest by cell.
    const rank = (a: Arrival): number =>
      a.sources.some((s) => s.kind === 'start')
        ? 0
        : a.sources.some((s) => s.floorId === previous && s.floorId !== id)
          ? 1
          : 2;
    out.set(
      id,
      [...cells.values()].sort((a, b) => rank(a) - rank(b) || a.y - b.y || a.x - b.x),
    );
  }
  return out;
}

/**
 * Where a stair or portal of the floor's `changeFloor` table (a transfer with its own cell) puts the
 * hero: the target floor and cell, as the engine's `changeFloor` decides; null when the target floor is
 * missing or the cell is unknown or off its map.
 */
export function transferLanding(
  project: Project,
  fromId: string,
  t: Transfer,
): { readonly floorId: string; readonly x: number; readonly y: number } | null {
  const from = own(project.floors, fromId);
  const toId = targetFloor(project, floorOrder(project), fromId, t.floorId);
  const to = toId === undefined ? undefined : own(project.floors, toId);
  if (from === undefined || toId === undefined || to === undefined) return null;
  const cell = arrivalCell(project, from, to, t);
  if (cell === null || cell.x < 0 || cell.y < 0 || cell.x >= to.width || cell.y >= to.height)
    return null;
  return { floorId: toId, x: cell.x, y: cell.y };
}

const cache = new WeakMap<Project, ReadonlyMap<string, readonly Arrival[]>>();

/** The arrival cells of one floor ({@link floorArrivals}, computed once per project), best first. */
export function arrivalsOf(project: Project, floorId: string): readonly Arrival[] {
  let all = cache.get(project);
  if (all === undefined) {
    all = floorArrivals(project);
    cache.set(project, all);
  }
  return all.get(floorId) ?? [];
}
