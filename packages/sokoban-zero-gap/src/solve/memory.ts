import { InvalidInputError } from '@puzzlekit/errors';

/** Default memory budget of `solve` and `solveLines` for their tables, in MB (2^20 bytes). */
export const DEFAULT_SOLVE_MEMORY_MB = 512;

/** A `maxMemory` option (MB; default {@link DEFAULT_SOLVE_MEMORY_MB}) in bytes, checked. */
export function memoryBytesOf(maxMemory: unknown = DEFAULT_SOLVE_MEMORY_MB): number {
  if (typeof maxMemory !== 'number' || !(maxMemory >= 1) || !Number.isFinite(maxMemory))
    throw new InvalidInputError(`maxMemory must be a number of MB ≥ 1, got ${String(maxMemory)}`, {
      path: '$.maxMemory',
      code: 'INVALID_OPTION',
    });
  return maxMemory * 1024 * 1024;
}
