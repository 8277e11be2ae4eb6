import { readFile, stat, writeFile } from 'node:fs/promises';

/** What a command may touch of the outside world; tests pass a fake one. */
export interface Io {
  writeOut(text: string): void;
  writeErr(text: string): void;
  /** True when stderr is a terminal: only then is progress drawn. */
  readonly stderrIsTTY: boolean;
  readText(path: string): Promise<string>;
  writeText(path: string, text: string): Promise<void>;
}

/**
 * Largest input file read, in bytes: far above any level collection, far below V8's string limit,
 * so a huge or sparse file is refused at once instead of costing seconds and gigabytes.
 */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/**
 * Reads a text file only when it is a regular file under {@link MAX_INPUT_BYTES}: a FIFO would block
 * forever and a character device (`/dev/zero`) never ends.
 */
async function readRegularFile(path: string): Promise<string> {
  const info = await stat(path);
  if (info.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
  if (!info.isFile()) throw new Error('not a regular file (a pipe, socket or device)');
  if (info.size > MAX_INPUT_BYTES)
    throw new Error(
      `${info.size.toLocaleString('en-US')} bytes, more than the ${MAX_INPUT_BYTES.toLocaleString('en-US')} a level file may have`,
    );
  return readFile(path, 'utf8');
}

/** The real process streams and file system. */
export function nodeIo(): Io {
  return {
    writeOut: (text) => void process.stdout.write(text),
    writeErr: (text) => void process.stderr.write(text),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    readText: readRegularFile,
    writeText: (path, text) => writeFile(path, text, 'utf8'),
  };
}
