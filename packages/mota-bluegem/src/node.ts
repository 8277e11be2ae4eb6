/**
 * Node-only helpers: read an H5 project folder from disk. The main entry stays browser-safe.
 *
 * @packageDocumentation
 */
import { readdir, readFile, realpath } from 'node:fs/promises';
import { join, relative, isAbsolute, sep } from 'node:path';
import { InvalidInputError, IoError } from '@puzzlekit/errors';
import { dict, own } from './lookup.js';
import { collectProjectFiles, isSafeFloorId, loadProject } from './format/project.js';
import type { Project, ProjectFiles } from './model.js';

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

/** Reads a file from disk; a failure is an IoError naming the path. */
async function readFromDisk(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new IoError(
      code === 'ENOENT' ? `no such file: ${path}` : `cannot read ${path}: ${String(error)}`,
      { path, cause: error },
    );
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
  const root = await projectRoot(dir, readText);
  return loadProject(await collectProjectFiles(insideTower(root, readText)));
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
  const root = await projectRoot(dir, readFromDisk);
  const read = insideTower(root, readFromDisk);
  const listed = await collectProjectFiles(read, { functions: false });
  let names: string[];
  try {
    names = (await readdir(join(root, 'floors'))).filter((f) => f.endsWith('.js')).sort();
  } catch (error) {
    throw new IoError(`no floors folder in ${root}`, { path: join(root, 'floors'), cause: error });
  }
  const floors = dict<string>();
  for (const [id, text] of Object.entries(listed.floors)) floors[id] = text;
  for (const name of names) {
    const id = name.slice(0, -3);
    if (own(floors, id) === undefined && isSafeFloorId(id))
      floors[id] = await read(join('floors', name));
  }
  let functions: string | undefined;
  try {
    functions = await read('functions.js');
  } catch (error) {
    if (!(error instanceof IoError)) throw error;
  }
  return { ...listed, floors, ...(functions !== undefined ? { 'functions.js': functions } : {}) };
}

/**
 * Reads and parses an H5 project folder ({@link readProjectFiles} then `loadProject`).
 *
 * @throws ParseError naming the file for malformed content; IoError for missing files.
 */
export async function readProjectDir(dir: string): Promise<Project> {
  return loadProject(await readProjectFiles(dir));
}
