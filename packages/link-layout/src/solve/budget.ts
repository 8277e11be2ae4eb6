// The solver's bounds in the shared vocabulary of @puzzlekit/graph-search (Budget in, Outcome out),
// with the older option names of this package kept as deprecated aliases.
import { InvalidInputError } from '@puzzlekit/errors';
import {
  BudgetMeter,
  DEFAULT_MAX_STATES,
  type Bound,
  type Budget,
  type Outcome,
} from '@puzzlekit/graph-search';

/** Default node budget of the link solver (lower than the shared default: one node lists every pair). */
export const DEFAULT_SOLVE_NODES = 200_000;
/** Default memory of the memo of refuted positions and the open line, in bytes (older form). */
const DEFAULT_MEMORY_BYTES = 256 * 1024 * 1024;
/** Bytes one pending branch takes (two padded cells in Int32Arrays). */
const BRANCH_BYTES = 8;

/** Why a search stopped undecided (the older words for an Outcome's bound). */
export type GiveUpReason = 'node budget' | 'time limit' | 'memory';

/** The bounds of one run, read and checked once. */
export interface SolveBounds {
  /** Counts nodes and reads the clock against maxNodes / maxMs. */
  readonly meter: BudgetMeter;
  /** Pending branches the open line may hold before the search gives up on memory. */
  readonly maxStates: number;
  /** Bytes the memo of refuted positions may take (it stops growing there; the search stays exact). */
  readonly memoBytes: number;
}

/** The budget fields of the solver's options (shared names first, older names after). */
export interface SolveBudget extends Budget {
  /** @deprecated the older name of `maxNodes`; given both, the smaller bound holds. */
  readonly nodeBudget?: number;
  /** @deprecated the older name of `maxMs`; given both, the smaller bound holds. */
  readonly timeLimitMs?: number;
  /**
   * @deprecated the older byte form of the memory bound: half for the memo of refuted positions,
   * half for pending branches (8 bytes each, so `maxStates` = memoryBytes / 16). Default 256 MiB.
   */
  readonly memoryBytes?: number;
}

function smaller(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

/** Reads and checks the bounds; the older names keep their older checks and error paths. */
export function readBounds(options: SolveBudget): SolveBounds {
  const { nodeBudget, timeLimitMs, memoryBytes } = options;
  if (nodeBudget !== undefined && !(Number.isSafeInteger(nodeBudget) && nodeBudget >= 1))
    throw new InvalidInputError(`nodeBudget must be a positive integer, got ${nodeBudget}`, {
      path: '$.nodeBudget',
    });
  if (timeLimitMs !== undefined && !(timeLimitMs > 0 && timeLimitMs <= Number.MAX_SAFE_INTEGER))
    throw new InvalidInputError(`timeLimitMs must be a positive number, got ${timeLimitMs}`, {
      path: '$.timeLimitMs',
    });
  if (memoryBytes !== undefined && !(Number.isSafeInteger(memoryBytes) && memoryBytes >= 1))
    throw new InvalidInputError(`memoryBytes must be a positive integer, got ${memoryBytes}`, {
      path: '$.memoryBytes',
    });
  // The meter validates the shared names (INVALID_BUDGET with their path) before they are merged.
  new BudgetMeter({
    maxNodes: options.maxNodes,
    maxMs: options.maxMs,
    maxStates: options.maxStates,
  });
  const bytes = memoryBytes ?? DEFAULT_MEMORY_BYTES;
  const fromBytes = memoryBytes === undefined ? undefined : Math.floor(bytes / 2 / BRANCH_BYTES);
  const maxStates = smaller(options.maxStates, fromBytes) ?? DEFAULT_MAX_STATES;
  return {
    meter: new BudgetMeter({
      maxNodes: smaller(options.maxNodes, nodeBudget) ?? DEFAULT_SOLVE_NODES,
      maxMs: smaller(options.maxMs, timeLimitMs),
      maxStates,
      ...(options.now ? { now: options.now } : {}),
    }),
    maxStates,
    memoBytes: bytes / 2,
  };
}

/** The older `reason` and `bound` words of a gave-up outcome (`node budget`, `200000 nodes`). */
export function legacyReason(outcome: Outcome): { reason: GiveUpReason; bound: string } | null {
  if (outcome.kind !== 'gave-up') return null;
  const words: Record<Bound, [GiveUpReason, string]> = {
    nodes: ['node budget', 'nodes'],
    time: ['time limit', 'ms'],
    memory: ['memory', 'states'],
  };
  const [reason, unit] = words[outcome.bound];
  return { reason, bound: `${Math.round(outcome.limit)} ${unit}` };
}
