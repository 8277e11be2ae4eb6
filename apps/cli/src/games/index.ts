import type { GameEntry } from './types.js';
import { sokoban } from './sokoban.js';
import { linkPlugin } from './link.js';
import { mota } from './mota.js';
import { animalGridPlugin, gardenPlugin } from './animal-grid.js';
import { screwJamPlugin } from './screw-jam.js';

/** Every game's command group and showcase, in the order `puzzlekit --help` and `demo` show them. */
export const games: readonly GameEntry[] = [
  sokoban,
  linkPlugin,
  mota,
  animalGridPlugin,
  gardenPlugin,
  screwJamPlugin,
];
