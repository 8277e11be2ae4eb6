/**
 * Level packs over many machines, on BullMQ and Redis: one job per level (`<pack id>.<index>`), each
 * machine's worker feeding its local `@puzzlekit/pack` pool, and a collector that writes the same
 * files as a local pack, byte for byte.
 *
 * @packageDocumentation
 */
export {
  DEFAULT_QUEUE_NAME,
  PackNotFinishedError,
  collectPack,
  levelJobId,
  packStatus,
  runWorker,
  submitPack,
  type CollectOptions,
  type LevelJobData,
  type PackStatus,
  type QueueConnection,
  type QueueWorker,
  type RetryOptions,
  type SubmitOptions,
  type WorkerEvent,
  type WorkerOptions,
} from './queue.js';
export { connectionFromUrl } from './connection.js';
