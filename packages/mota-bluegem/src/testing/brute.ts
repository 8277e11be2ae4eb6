// Test helper: an independent brute force over the sets of monsters fought, on a floor's cells.
import { battle } from '../graph/damage.js';
import { CELL, type FloorGraph } from '../graph/floor-graph.js';
import { gainAt } from '../format/item-effect.js';
import type { Project } from '../model.js';

/**
 * The least total damage that reaches every defence reward reachable with all monsters beaten,
 * searching the sets of monster cells beaten (no rooms, no gates, no pruning): from a set, any monster
 * next to the reached area may be fought, at the starting defence plus the defence of the rewards
 * reached. Uses only the graph's cell classes and closed passages. Returns null when the floor has
 * more than `maxMonsters` monsters in reach (too many sets). With `keys`, keys are resources: doors
 * are opened as part of the set (no damage, their keys spent), keys lying on reached cells are gained,
 * and the answer is the most defence the keys allow, then the least damage for it.
 */
export function bruteForce(
  project: Project,
  graph: FloorGraph,
  maxMonsters = 16,
  keys?: Readonly<Record<string, number>>,
): { damage: number; gained: number } | null {
  const { width: w, height: h } = graph;
  const floor = project.floors[graph.floorId];
  if (floor === undefined) throw new Error('no floor');
  const start = graph.start.y * w + graph.start.x;
  const passable = (c: number): boolean =>
    c === CELL.free ||
    c === CELL.item ||
    c === CELL.reward ||
    (c === CELL.door && keys === undefined);
  // With keys, doors are obstacles opened like monsters.
  const obstacle = (c: number): boolean =>
    c === CELL.monster || (c === CELL.door && keys !== undefined);
  const keyOf = (i: number): string | null => {
    const id = graph.ids[i] ?? '';
    return graph.cells[i] === CELL.item && /Key$/.test(id) && project.items[id]?.cls === 'tools'
      ? id
      : null;
  };
  const rewardOf = (i: number): number => {
    if (graph.cells[i] !== CELL.reward) return 0;
    const item = project.items[graph.ids[i] ?? ''];
    return item === undefined ? 0 : gainAt(item.effect.def, floor.ratio);
  };
  const reach = (beaten: (cell: number) => boolean) => {
    const seen = new Uint8Array(w * h);
    const stack = [start];
    seen[start] = 1;
    let gained = 0;
    const found = new Map<string, number>();
    const frontier = new Set<number>();
    while (stack.length > 0) {
      const u = stack.pop()!;
      gained += rewardOf(u);
      const key = keyOf(u);
      if (key !== null) found.set(key, (found.get(key) ?? 0) + 1);
      const x = u % w;
      const y = (u - x) / w;
      const steps: [number, number, number][] = [
        [x, y - 1, 1],
        [x, y + 1, 2],
        [x - 1, y, 4],
        [x + 1, y, 8],
      ];
      for (const [nx, ny, bit] of steps) {
        if (nx < 0 || ny < 0 || nx >= w || ny >= h || ((graph.closed[u] ?? 0) & bit) !== 0)
          continue;
        const v = ny * w + nx;
        if (seen[v] === 1) continue;
        const c = graph.cells[v] ?? CELL.wall;
        if (obstacle(c) && !beaten(v)) {
          frontier.add(v);
          continue;
        }
        if (!obstacle(c) && !passable(c)) continue;
        seen[v] = 1;
        stack.push(v);
      }
    }
    return { gained, found, frontier: [...frontier] };
  };
  // The monsters in reach when every monster is beaten (a state's frontier never leaves this set).
  const cells: number[] = [];
  const met = new Set<number>();
  const everything = reach((v) => {
    if (!met.has(v)) {
      met.add(v);
      cells.push(v);
    }
    return true;
  });
  if (cells.length > maxMonsters) return null;
  const bit = new Map(cells.map((c, k) => [c, k]));
  const target = everything.gained;
  const cost = (cell: number, gained: number): number => {
    const enemy = project.enemies[graph.ids[cell] ?? ''];
    if (enemy === undefined) return 0;
    const hero = { ...graph.hero, def: graph.hero.def + gained };
    const d = battle(enemy, hero, project.values, { negativeDamage: project.negativeDamage });
    return Math.max(0, d?.damage ?? Number.POSITIVE_INFINITY);
  };
  const keysLeft = (mask: number, found: ReadonlyMap<string, number>): Map<string, number> => {
    const left = new Map<string, number>(Object.entries(keys ?? {}));
    for (const [id, n] of found) left.set(id, (left.get(id) ?? 0) + n);
    cells.forEach((cell, k) => {
      if (((mask >> k) & 1) === 0) return;
      for (const [id, n] of Object.entries(graph.doorKeys.get(cell) ?? {}))
        left.set(id, (left.get(id) ?? 0) - n);
    });
    return left;
  };
  let best = new Map<number, number>([[0, 0]]);
  let answer = { damage: Number.POSITIVE_INFINITY, gained: -1 };
  for (let size = 0; size <= cells.length && best.size > 0; size++) {
    const next = new Map<number, number>();
    for (const [mask, soFar] of best) {
      const { gained, found, frontier } = reach((v) => ((mask >> (bit.get(v) ?? 31)) & 1) === 1);
      if (gained > answer.gained || (gained === answer.gained && soFar < answer.damage))
        answer = { damage: soFar, gained };
      if (gained >= target) continue;
      const left = keys === undefined ? null : keysLeft(mask, found);
      for (const m of frontier) {
        const k = bit.get(m);
        if (k === undefined) continue;
        if (left !== null) {
          const need = Object.entries(graph.doorKeys.get(m) ?? {});
          if (need.some(([id, n]) => (left.get(id) ?? 0) < n)) continue;
        }
        const nm = mask | (1 << k);
        const total = soFar + (graph.cells[m] === CELL.door ? 0 : cost(m, gained));
        const old = next.get(nm);
        if (old === undefined || total < old) next.set(nm, total);
      }
    }
    best = next;
  }
  return answer;
}
