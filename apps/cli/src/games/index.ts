import type { GameEntry } from './types.js';
import { sokoban } from './sokoban.js';
import { mota } from './mota.js';
import { animalGrid } from './animal-grid.js';
import { link } from './link.js';
import { screwJamPlugin } from './screw-jam.js';

/** Every game's command group and showcase, in the order `puzzlekit --help` and `demo` show them. */
export const games: readonly GameEntry[] = [sokoban, link, mota, animalGrid, screwJamPlugin];
