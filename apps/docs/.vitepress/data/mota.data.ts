// Build-time data loader for the Magic Tower demo. It reads the fixture tower ("Only up" 2.1, an H5
// Magic Tower project kept in the repository's shared fixtures, not copied into the site's sources),
// parses it with the package's own reader, and keeps only the floors the demo shows and the tiles,
// monsters and items on them — so the page does not ship the whole tower. The browser then runs the
// package's floor analysis and solver on that data. The loader checks that pruning changes nothing:
// every demo floor must solve to the same answer on the pruned and on the full project.
import { readFileSync, readdirSync } from 'node:fs';
import { defineLoader } from 'vitepress';
import {
  defaultPosition,
  loadProject,
  probeHero,
  solveFloor,
  type Project,
} from '@puzzlekit/mota-bluegem';

/** The floors shown, with why each is interesting. */
const DEMO_FLOORS = [
  { id: 'MT1', note: 'guards form cycles: exact search over which guards to fight' },
  { id: 'MT33', note: "the guards form a tree: Horn's algorithm" },
] as const;

export interface MotaData {
  readonly project: Project;
  /** The demo floors, each with the cell the hero arrives on (found on the full tower). */
  readonly floors: readonly {
    readonly id: string;
    readonly note: string;
    readonly x: number;
    readonly y: number;
  }[];
  readonly source: string;
}

export declare const data: MotaData;

const towerDir = '../../../../fixtures/mota/only-up/project/';

function read(path: string): string {
  return readFileSync(new URL(towerDir + path, import.meta.url), 'utf8');
}

/** The project restricted to `floorIds` and to what stands on those floors. */
function prune(project: Project, floorIds: readonly string[]): Project {
  const keepFloors = Object.fromEntries(floorIds.map((id) => [id, project.floors[id]!]));
  const numbers = new Set<string>();
  for (const id of floorIds)
    for (const row of project.floors[id]!.map) for (const n of row) numbers.add(String(n));
  const tiles = Object.fromEntries(Object.entries(project.tiles).filter(([n]) => numbers.has(n)));
  const ids = new Set(Object.values(tiles).map((t) => t.id));
  return {
    ...project,
    floorIds: project.floorIds.filter((id) => floorIds.includes(id)),
    floors: keepFloors,
    tiles,
    enemies: Object.fromEntries(Object.entries(project.enemies).filter(([id]) => ids.has(id))),
    items: Object.fromEntries(Object.entries(project.items).filter(([id]) => ids.has(id))),
  };
}

export default defineLoader({
  watch: [`${towerDir}*.js`],
  load(): MotaData {
    const floorTexts: Record<string, string> = {};
    for (const file of readdirSync(new URL(`${towerDir}floors/`, import.meta.url))) {
      if (file.endsWith('.js')) floorTexts[file.slice(0, -3)] = read(`floors/${file}`);
    }
    const full = loadProject({
      'data.js': read('data.js'),
      'maps.js': read('maps.js'),
      'enemys.js': read('enemys.js'),
      'items.js': read('items.js'),
      floors: floorTexts,
    });
    const ids = DEMO_FLOORS.map((f) => f.id);
    const project = prune(full, ids);
    // Arrival cells come from the other floors' stairs: find them on the full tower.
    const starts = new Map(
      ids.map((id) => {
        const at = defaultPosition(full, full.floors[id]!);
        if (at === null) throw new Error(`mota demo data: nothing leads onto ${id}`);
        return [id, at] as const;
      }),
    );
    for (const id of ids) {
      const options = { hero: probeHero(full, id), ...starts.get(id)! };
      const expected = JSON.stringify(solveFloor(full, id, options));
      if (JSON.stringify(solveFloor(project, id, options)) !== expected)
        throw new Error(`mota demo data: pruning the tower changed the solution of ${id}`);
    }
    return {
      project,
      floors: DEMO_FLOORS.map((f) => ({ id: f.id, note: f.note, ...starts.get(f.id)! })),
      source: `${full.title} (${full.version}), ${full.floorIds.length} floors`,
    };
  },
});
