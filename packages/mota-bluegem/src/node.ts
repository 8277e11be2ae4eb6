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

async function read(root: string, path: string): Promise<string> {
  const full = join(root, path);
  await assertInsideTower(root, full);
  try {
    return await readFile(full, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new IoError(
      code === 'ENOENT' ? `no such file: ${full}` : `cannot read ${full}: ${String(error)}`,
      { path: full, cause: error },
    );
  }
}

async function projectRoot(dir: string): Promise<string> {
  try {
    await readFile(join(dir, 'project', 'data.js'));
    return join(dir, 'project');
  } catch {
    return dir;
  }
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
  const root = await projectRoot(dir);
  const listed = await collectProjectFiles((path) => read(root, path), { functions: false });
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
      floors[id] = await read(root, join('floors', name));
  }
  let functions: string | undefined;
  try {
    functions = await read(root, 'functions.js');
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
