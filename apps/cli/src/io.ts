import { readFile, writeFile } from 'node:fs/promises';

/** What a command may touch of the outside world; tests pass a fake one. */
export interface Io {
  writeOut(text: string): void;
  writeErr(text: string): void;
  /** True when stderr is a terminal: only then is progress drawn. */
  readonly stderrIsTTY: boolean;
  readText(path: string): Promise<string>;
  writeText(path: string, text: string): Promise<void>;
}

/** The real process streams and file system. */
export function nodeIo(): Io {
  return {
    writeOut: (text) => void process.stdout.write(text),
    writeErr: (text) => void process.stderr.write(text),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    readText: (path) => readFile(path, 'utf8'),
    writeText: (path, text) => writeFile(path, text, 'utf8'),
  };
}
