/**
 * Node-only helpers: read an H5 project folder from disk. The main entry stays browser-safe.
 *
 * @packageDocumentation
 */
import { constants } from 'node:fs';
import { open, readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, isAbsolute, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { InvalidInputError, IoError, isPuzzlekitError } from '@puzzlekit/errors';
import { dict, own } from './lookup.js';
import { collectProjectFiles, isSafeFloorId, loadProject } from './format/project.js';
import type { Project, ProjectFiles, SkippedFile } from './model.js';

/**
 * Refuses a file whose real location (symbolic links resolved) is outside the tower folder `root`.
 * A file that does not exist passes (reading it then reports it missing).
 *
 * @throws InvalidInputError (code `OUTSIDE_TOWER`) naming the file.
 */
export async function assertInsideTower(root: string, path: string): Promise<void> {
  let real: string;
  let realRoot: string;
  try {
    real = await realpath(path);
    realRoot = await realpath(root);
  } catch {
    return;
  }
  const rel = relative(realRoot, real);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
    throw new InvalidInputError(`leads outside the tower folder (to ${real}): not read`, {
      path,
      code: 'OUTSIDE_TOWER',
    });
}

/** A text reader: a path in, the file's text out (or an error, for a missing file too). */
export type ReadText = (path: string) => Promise<string>;

/**
 * Largest tower file read, in bytes (after gzip decompression too): 32 MiB. The largest table of the
 * fixture towers is under 2 MB; a file beyond this is refused before anything is read, so a sparse
 * 600 MB `functions.js` or a 1.9 GB `data.js` costs nothing.
 */
export const MAX_TOWER_FILE_BYTES = 32 * 1024 * 1024;

/** What kind of thing a path is, for the refusal message. */
function kindOf(info: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
}): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** The typed refusal of a tower file that is not a regular file or is too large. */
function refuse(path: string, why: string): InvalidInputError {
  return new InvalidInputError(`${why}: not read`, { path, code: 'NOT_A_TOWER_FILE' });
}

const tooLarge = (path: string, bytes: number): InvalidInputError =>
  refuse(
    path,
    `${bytes.toLocaleString('en-US')} bytes, more than the ${MAX_TOWER_FILE_BYTES.toLocaleString('en-US')}-byte limit of a tower file`,
  );

/**
 * Checks, before any reader touches it, that a tower file is a regular file (symbolic links followed,
 * after {@link assertInsideTower}) no larger than {@link MAX_TOWER_FILE_BYTES}. A missing file passes
 * (the reader then reports it missing).
 *
 * @throws InvalidInputError (code `NOT_A_TOWER_FILE`) for a FIFO, device, socket or folder, or a file
 *   that is too large.
 */
export async function assertTowerFile(path: string): Promise<void> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return;
  }
  if (!info.isFile()) throw refuse(path, kindOf(info));
  if (info.size > MAX_TOWER_FILE_BYTES) throw tooLarge(path, info.size);
}

/**
 * Reads one tower file from disk, safely: opened without blocking (a FIFO cannot hang the open), checked
 * on the open descriptor to be a regular file within {@link MAX_TOWER_FILE_BYTES} before any byte is
 * read, read to at most that many bytes, and decompressed when it is gzip (the magic bytes `1f 8b`:
 * towers deployed with every file compressed on disk), again within the limit.
 *
 * @throws IoError naming the path and the system's reason (`no such file` only when it is missing);
 *   InvalidInputError (code `NOT_A_TOWER_FILE`) for a file that is not regular or is too large.
 */
export async function readTowerFile(path: string): Promise<string> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new IoError(
      code === 'ENOENT' ? `no such file: ${path}` : `cannot open ${path}: ${code ?? String(error)}`,
      { path, cause: error },
    );
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw refuse(path, kindOf(info));
    if (info.size > MAX_TOWER_FILE_BYTES) throw tooLarge(path, info.size);
    // One byte more than the limit tells a file that grew since the check.
    const buffer = Buffer.alloc(Math.min(info.size, MAX_TOWER_FILE_BYTES) + 1);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled === buffer.length) break;
    }
    if (filled > MAX_TOWER_FILE_BYTES) throw tooLarge(path, filled);
    let bytes = buffer.subarray(0, filled);
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        bytes = gunzipSync(bytes, { maxOutputLength: MAX_TOWER_FILE_BYTES });
      } catch (error) {
        const code = (error as { code?: string }).code;
        throw code === 'ERR_BUFFER_TOO_LARGE'
          ? refuse(
              path,
              `gzip data that expands beyond the ${MAX_TOWER_FILE_BYTES.toLocaleString('en-US')}-byte limit`,
            )
          : new IoError(`cannot read ${path}: broken gzip data (${code ?? String(error)})`, {
              path,
              cause: error,
            });
      }
    }
    return new TextDecoder('utf-8').decode(bytes);
  } catch (error) {
    if (isPuzzlekitError(error)) throw error;
    const code = (error as { code?: string }).code;
    throw new IoError(`cannot read ${path}: ${code ?? String(error)}`, { path, cause: error });
  } finally {
    await handle.close();
  }
}

/** The folder holding `data.js`: `dir/project` when it has one, else `dir` itself. */
async function projectRoot(dir: string, readText: ReadText): Promise<string> {
  try {
    await readText(join(dir, 'project', 'data.js'));
    return join(dir, 'project');
  } catch {
    return dir;
  }
}

/** A reader of paths relative to the tower folder `root` that refuses files leading outside it. */
function insideTower(root: string, readText: ReadText): ReadText {
  return async (path) => {
    const full = join(root, path);
    await assertInsideTower(root, full);
    await assertTowerFile(full);
    return readText(full);
  };
}

/**
 * Reads and parses an H5 project through the caller's file access (a command line's reader with its
 * own error reporting, a test's in-memory files): `dir` is the tower folder or its `project` folder;
 * read are `data.js`, the other tables, the floors `main.floorIds` lists and `functions.js` when
 * present (as text, never run). Every file must lie inside the folder (symbolic links included).
 *
 * @throws whatever `readText` throws for a missing table; InvalidInputError for a file outside the
 *   tower; ParseError naming the file for malformed content.
 */
export async function readProjectWith(dir: string, readText: ReadText): Promise<Project> {
  return loadProject(await readProjectFilesWith(dir, readText));
}

/**
 * The texts {@link readProjectWith} parses (for `openTowerDamage`, which needs the tower's
 * `functions.js` and `enemys.js` as text): the tables, the listed floors and `functions.js` when present.
 */
export async function readProjectFilesWith(dir: string, readText: ReadText): Promise<ProjectFiles> {
  const root = await projectRoot(dir, readText);
  return collectProjectFiles(insideTower(root, readText));
}

/**
 * Reads the texts of an H5 project folder: `data.js`, `maps.js`, `enemys.js`, `items.js`, the floors
 * `main.floorIds` lists (each once; an id that is not a plain file name is refused) and every other
 * `floors/*.js`, and `functions.js` as text when present (never run). `dir` may be the tower folder or
 * its `project` folder. Files reached through symbolic links that lead outside the folder are refused.
 *
 * @throws IoError for a missing file, InvalidInputError for a file outside the tower, ParseError for a
 *   malformed `data.js`.
 */
export async function readProjectFiles(dir: string): Promise<ProjectFiles> {
  const root = await projectRoot(dir, readTowerFile);
  const read = insideTower(root, readTowerFile);
  const listed = await collectProjectFiles(read, { functions: false });
  let names: string[];
  try {
    names = (await readdir(join(root, 'floors'))).filter((f) => f.endsWith('.js')).sort();
  } catch (error) {
    throw new IoError(`no floors folder in ${root}`, { path: join(root, 'floors'), cause: error });
  }
  const floors = dict<string>();
  for (const [id, text] of Object.entries(listed.floors)) floors[id] = text;
  // Floor files the tower does not list are read too (`readProjectDir` plans them), but one that
  // cannot be read is reported and skipped: the tower itself never loads it.
  const skipped: SkippedFile[] = [];
  for (const name of names) {
    const id = name.slice(0, -3);
    if (own(floors, id) !== undefined || !isSafeFloorId(id)) continue;
    try {
      floors[id] = await read(join('floors', name));
    } catch (error) {
      if (!isPuzzlekitError(error)) throw error;
      skipped.push({ file: `floors/${name}`, reason: error.message });
    }
  }
  // functions.js may be absent (the engine's own code then); anything else wrong with it is an error.
  let functions: string | undefined;
  try {
    functions = await read('functions.js');
  } catch (error) {
    if (!(error instanceof IoError) || !/^no such file/.test(error.message)) throw error;
  }
  return {
    ...listed,
    floors,
    ...(functions !== undefined ? { 'functions.js': functions } : {}),
    ...(skipped.length > 0 ? { skipped } : {}),
  };
}

/**
 * Reads and parses an H5 project folder ({@link readProjectFiles} then `loadProject`).
 *
 * @throws ParseError naming the file for malformed content; IoError for missing files.
 */
export async function readProjectDir(dir: string): Promise<Project> {
  return loadProject(await readProjectFiles(dir));
}
