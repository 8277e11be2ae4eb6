import { open, readFile, truncate, type FileHandle } from 'node:fs/promises';
import { IoError, InvalidInputError } from '@puzzlekit/errors';
import type { LevelResult } from './level.js';
import type { NormalizedSpec } from './spec.js';

/** The journal's file name inside a pack's folder. */
export const JOURNAL_FILE = 'journal.jsonl';

/** The key of one level task: level `index`, candidates from `from` on. */
export function taskKey(index: number, from: number): string {
  return `${index}:${from}`;
}

/**
 * What a journal already holds: the finished tasks, and the byte length of its whole lines (a line
 * cut short by a crash is dropped and overwritten).
 */
interface JournalContents {
  readonly finished: Map<string, LevelResult>;
  readonly validBytes: number;
}

async function readJournal(file: string, spec: NormalizedSpec): Promise<JournalContents | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new IoError(`cannot read ${file}: ${(error as Error).message}`, {
      path: file,
      cause: error,
    });
  }
  const finished = new Map<string, LevelResult>();
  let offset = 0;
  let first = true;
  for (;;) {
    const end = text.indexOf('\n', offset);
    if (end < 0) break; // a last line without its newline was cut short: it never counted
    const line = text.slice(offset, end);
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      break; // a torn write: everything from here is rewritten
    }
    if (first) {
      const header = entry as { spec?: unknown };
      if (JSON.stringify(header.spec) !== JSON.stringify(spec)) {
        throw new InvalidInputError(
          `${file} belongs to another pack spec: resume with the same spec, or choose another folder`,
          { code: 'PACK_SPEC_MISMATCH' },
        );
      }
      first = false;
    } else {
      const result = entry as LevelResult;
      finished.set(taskKey(result.index, result.from), result);
    }
    offset = end + 1;
  }
  if (first) return null; // not even a header: start again
  return { finished, validBytes: Buffer.byteLength(text.slice(0, offset)) };
}

/**
 * An append-only journal of finished level tasks. Each entry is one line, flushed to disk (with the
 * other lines of its write) before the task counts as done, so after Ctrl-C, a crash or a power cut the journal
 * holds every finished task whole; a line cut short is dropped on resume.
 */
export class Journal {
  private constructor(
    private readonly handle: FileHandle,
    readonly finished: ReadonlyMap<string, LevelResult>,
  ) {}

  /**
   * Opens the journal of `file` for `spec`: with `resume`, keeps what it holds (an error if it belongs
   * to another spec); without, starts it anew.
   */
  static async open(file: string, spec: NormalizedSpec, resume: boolean): Promise<Journal> {
    const contents = resume ? await readJournal(file, spec) : null;
    try {
      if (contents === null) {
        const handle = await open(file, 'w');
        await handle.write(`${JSON.stringify({ journal: '@puzzlekit/pack', spec })}\n`);
        await handle.datasync();
        return new Journal(handle, new Map());
      }
      await truncate(file, contents.validBytes);
      return new Journal(await open(file, 'a'), contents.finished);
    } catch (error) {
      throw new IoError(`cannot write ${file}: ${(error as Error).message}`, {
        path: file,
        cause: error,
      });
    }
  }

  /** Lines waiting for the next write, and whoever waits for them to be on disk. */
  private waiting: { line: string; done: () => void; failed: (error: unknown) => void }[] = [];
  private flushing: Promise<void> | null = null;

  /**
   * Records a finished task (resolves once it is on disk). Lines that arrive while a write is being
   * flushed go together in the next write and flush (a group commit), so the journal never holds the
   * pool back to the disk's flush rate.
   */
  append(result: LevelResult): Promise<void> {
    return new Promise((done, failed) => {
      this.waiting.push({ line: `${JSON.stringify(result)}\n`, done, failed });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        await this.handle.write(batch.map((w) => w.line).join(''));
        await this.handle.datasync();
        for (const w of batch) w.done();
      } catch (error) {
        for (const w of batch) w.failed(error);
      }
    }
    this.flushing = null;
  }

  async close(): Promise<void> {
    await this.flushing;
    await this.handle.close();
  }
}
