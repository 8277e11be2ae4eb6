import type { GameEntry } from './types.js';
import { sokobanPlugin } from './sokoban.js';
import { linkPlugin } from './link.js';
import { motaPlugin } from './mota.js';
import { animalGridPlugin, gardenPlugin } from './animal-grid.js';
import { screwJamPlugin } from './screw-jam.js';

/** Every game's command group and showcase, in the order `puzzlekit --help` and `demo` show them. */
export const games: readonly GameEntry[] = [
  sokobanPlugin,
  linkPlugin,
  motaPlugin,
  animalGridPlugin,
  gardenPlugin,
  screwJamPlugin,
];
