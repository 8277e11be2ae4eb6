/**
 * `@puzzlekit/animal-grid/garden`: Beautiful Garden, the new game of the contest paper (section 1.4)
 * — level JSON with JSON-path errors, plantings checked against their level, the growth simulation,
 * an exhaustive solver (every planting, or a proof of none), a seeded generator of levels with one
 * answer, and the game's descriptor (`game`, id `garden`).
 *
 * @packageDocumentation
 */
export {
  PAPER_FLOWERS,
  growRound,
  kindIndex,
  seedCount,
  suits,
  type FlowerType,
  type GardenLevel,
  type Planted,
  type Planting,
} from './model.js';
export {
  INVALID_PLANTING,
  checkPlanting,
  plantingFromJson,
  readPlanting,
  simulateGarden,
} from './planting.js';
export { MAX_FLOWER_NAME, formatGarden, parseGarden, validateGarden } from './format.js';
export {
  MAX_GARDEN_COLLECTION,
  formatGardenCollection,
  parseGardenCollection,
  validateGardenCollection,
} from './collection.js';
export {
  describeGarden,
  formatGardenGrid,
  formatPlanting,
  parsePlanted,
  seedsText,
} from './text.js';
export {
  GARDEN_MAX_WORK,
  solveGarden,
  type GardenSolveOptions,
  type GardenSolveResult,
} from './solve.js';
export {
  GARDEN_GENERATE_MAX_WORK,
  HUMIDITY_BANDS,
  generateGardenCampaign,
  generateGardenLevel,
  type GardenCampaign,
  type GardenCampaignOptions,
  type GardenGenerateOptions,
  type GeneratedGarden,
} from './generate.js';
export { gardenEngineExport, type GardenEngineExport, type GardenLegendEntry } from './engine.js';
export { game, type GardenRating } from './game.js';
