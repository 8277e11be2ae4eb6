import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IoError } from '@puzzlekit/errors';
import type { AnyGame, NamedLevel } from '@puzzlekit/job';
import type { AssembledPack } from './assemble.js';
import type { JobTimings } from './level.js';
import type { NormalizedSpec } from './spec.js';

/** The records file of a pack. */
export const LEVELS_FILE = 'levels.jsonl';
/** The manifest file of a pack. */
export const MANIFEST_FILE = 'manifest.json';

/** What the manifest says about how and where a pack was made (it varies between runs). */
export interface RunFacts {
  /** `local` (one machine's pool) or `queue` (collected from a job queue). */
  readonly runner: 'local' | 'queue';
  readonly packId: string;
  /** Package versions: the game's, the pack runner's. */
  readonly packages: Readonly<Record<string, string>>;
  /** Pool threads (local runs). */
  readonly workers?: number;
  /** Heap limit of each pool thread in MB (local runs). */
  readonly workerMemoryMb?: number;
  /** Level tasks taken from the journal instead of being run again (resumed runs). */
  readonly resumedTasks?: number;
  /** Wall-clock milliseconds of this run. */
  readonly wallMs: number;
}

/** `manifest.json`: the spec, versions, counts, rejected and budget-stopped levels, timings. */
export interface PackManifest {
  readonly pack: string;
  readonly spec: NormalizedSpec;
  readonly packages: Readonly<Record<string, string>>;
  readonly node: string;
  readonly files: readonly string[];
  readonly counts: {
    readonly levels: number;
    readonly made: number;
    readonly givenUp: number;
    readonly rejected: number;
    readonly duplicates: number;
    readonly budgetStopped: number;
    /** Jobs the clock stopped: while non-zero, the pack's bytes may differ from run to run. */
    readonly timeStopped: number;
    readonly tasks: number;
  };
  readonly rejected: AssembledPack['rejected'];
  readonly budgetStopped: AssembledPack['budgetStopped'];
  readonly timings: {
    readonly runner: RunFacts['runner'];
    readonly wallMs: number;
    readonly workers?: number;
    readonly workerMemoryMb?: number;
    readonly resumedTasks?: number;
    /** Milliseconds in each job, summed over every level task. */
    readonly jobsMs: JobTimings;
  };
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, file);
  } catch (error) {
    throw new IoError(`cannot write ${file}: ${(error as Error).message}`, {
      path: file,
      cause: error,
    });
  }
}

/** The text of `levels.jsonl`: one record a line, in pack order. */
export function levelsJsonl(pack: AssembledPack): string {
  return pack.records.map((record) => `${JSON.stringify(record)}\n`).join('');
}

/** The game's own collection file of the pack's levels (titled `level <index>`), or null. */
export function collectionText(game: AnyGame, pack: AssembledPack): string | null {
  if (game.format === undefined) return null;
  const levels: NamedLevel<unknown>[] = [];
  for (const record of pack.records) {
    if (record.level === undefined) continue;
    const level = game.levelFromJson(record.level, `$.levels[${record.index}].level`);
    const named: { level: unknown; title: string; answer?: unknown } = {
      level,
      title: `level ${record.index}`,
    };
    if (record.answer !== undefined) {
      named.answer = game.answerFromJson(record.answer, `$.levels[${record.index}].answer`);
    }
    levels.push(named);
  }
  return game.format.print(levels);
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Writes a pack's files into `out`: `levels.jsonl`, the game's collection file `levels.<ext>` (where
 * the game has a format) and `manifest.json` last, each written whole to a temporary file and renamed,
 * so a folder with a manifest holds a finished pack.
 */
export async function writePackFiles(
  out: string,
  game: AnyGame,
  spec: NormalizedSpec,
  pack: AssembledPack,
  facts: RunFacts,
): Promise<PackManifest> {
  try {
    await mkdir(out, { recursive: true });
  } catch (error) {
    throw new IoError(`cannot create ${out}: ${(error as Error).message}`, {
      path: out,
      cause: error,
    });
  }
  const files = [LEVELS_FILE];
  await writeAtomically(path.join(out, LEVELS_FILE), levelsJsonl(pack));
  const collection = collectionText(game, pack);
  if (collection !== null && game.format !== undefined) {
    const name = `levels.${game.format.extension}`;
    await writeAtomically(path.join(out, name), collection);
    files.push(name);
  }
  files.push(MANIFEST_FILE);
  const givenUp = pack.records.filter((r) => r.level === undefined).length;
  const manifest: PackManifest = {
    pack: facts.packId,
    spec,
    packages: facts.packages,
    node: process.version,
    files,
    counts: {
      levels: spec.count,
      made: spec.count - givenUp,
      givenUp,
      rejected: pack.rejected.length,
      duplicates: pack.rejected.filter((r) => r.reason.startsWith('duplicate of')).length,
      budgetStopped: pack.budgetStopped.length,
      timeStopped: pack.budgetStopped.filter(
        (s) => s.outcome.kind === 'gave-up' && s.outcome.bound === 'time',
      ).length,
      tasks: pack.tasks,
    },
    rejected: pack.rejected,
    budgetStopped: pack.budgetStopped,
    timings: {
      runner: facts.runner,
      wallMs: round(facts.wallMs),
      ...(facts.workers === undefined ? {} : { workers: facts.workers }),
      ...(facts.workerMemoryMb === undefined ? {} : { workerMemoryMb: facts.workerMemoryMb }),
      ...(facts.resumedTasks === undefined ? {} : { resumedTasks: facts.resumedTasks }),
      jobsMs: {
        generate: round(pack.timings.generate),
        verify: round(pack.timings.verify),
        solve: round(pack.timings.solve),
        rate: round(pack.timings.rate),
      },
    },
  };
  await writeAtomically(path.join(out, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
