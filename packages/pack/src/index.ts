/**
 * Level packs at scale on one machine: every core, byte-identical for any number of workers,
 * resumable after Ctrl-C or a crash.
 *
 * - {@link runPack}: generate, replay, solve and rate a pack of levels of any game that exports a
 *   descriptor (`game`), into `levels.jsonl`, the game's collection file and `manifest.json`.
 * - {@link runCollection}: solve every level of a collection through the same pool (`solve-all`).
 * - The engine parts a job queue builds on: {@link loadSpec}, {@link PackPool},
 *   {@link assemblePack} and {@link writePackFiles}, so a pack made on many machines is the same pack.
 *
 * @packageDocumentation
 */
export {
  runPack,
  loadSpec,
  type LoadedSpec,
  type PackEvent,
  type PackReport,
  type RunPackOptions,
} from './run-pack.js';
export {
  runCollection,
  type CollectionEvent,
  type CollectionReport,
  type CollectionSpec,
  type CollectionSummary,
  type RunCollectionOptions,
} from './run-collection.js';
export {
  DEFAULT_MAX_CANDIDATES,
  normalizeSpec,
  packId,
  type JobBudget,
  type LevelBudgets,
  type NormalizedSpec,
  type PackSort,
  type PackSpec,
} from './spec.js';
export {
  candidateRng,
  makeLevel,
  packJobBudget,
  type AcceptedLevel,
  type BudgetStop,
  type JobReport,
  type JobReports,
  type JobTimings,
  type LevelResult,
  type RejectedCandidate,
} from './level.js';
export {
  assemblePack,
  type AssembleOptions,
  type AssembledPack,
  type LevelCommitted,
  type LevelSource,
  type PackRecord,
} from './assemble.js';
export {
  LEVELS_FILE,
  MANIFEST_FILE,
  collectionText,
  levelsJsonl,
  writePackFiles,
  type PackManifest,
  type RunFacts,
} from './files.js';
export { JOURNAL_FILE } from './journal.js';
export { loadGame, resolveFromCwd, type ResolveGame } from './load-game.js';
export { DEFAULT_WORKER_MEMORY_MB, PackPool, defaultWorkers, type PoolOptions } from './pool.js';
export type { SolveResult } from './solve-one.js';
