/**
 * Node-only helpers: read an H5 project folder from disk. The main entry stays browser-safe.
 *
 * @packageDocumentation
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidInputError } from '@puzzlekit/errors';
import { loadProject } from './format/project.js';
import type { Project, ProjectFiles } from './model.js';

async function read(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new InvalidInputError(
      code === 'ENOENT' ? `no such file: ${path}` : `cannot read ${path}: ${String(error)}`,
      {
        path,
        code: 'NOT_FOUND',
      },
    );
  }
}

/**
 * Reads the texts of an H5 project folder: `data.js`, `maps.js`, `enemys.js`, `items.js` and every
 * `floors/*.js`. `dir` may be the tower folder or its `project` folder. Never reads or runs `functions.js`.
 */
export async function readProjectFiles(dir: string): Promise<ProjectFiles> {
  let root = dir;
  try {
    await readFile(join(dir, 'project', 'data.js'));
    root = join(dir, 'project');
  } catch {
    root = dir;
  }
  const [data, maps, enemys, items] = await Promise.all(
    ['data.js', 'maps.js', 'enemys.js', 'items.js'].map((f) => read(join(root, f))),
  );
  let names: string[];
  try {
    names = (await readdir(join(root, 'floors'))).filter((f) => f.endsWith('.js')).sort();
  } catch {
    throw new InvalidInputError(`no floors folder in ${root}`, {
      path: join(root, 'floors'),
      code: 'NOT_FOUND',
    });
  }
  const floors: Record<string, string> = {};
  for (const name of names) floors[name.slice(0, -3)] = await read(join(root, 'floors', name));
  return {
    'data.js': data ?? '',
    'maps.js': maps ?? '',
    'enemys.js': enemys ?? '',
    'items.js': items ?? '',
    floors,
  };
}

/**
 * Reads and parses an H5 project folder ({@link readProjectFiles} then `loadProject`).
 *
 * @throws ParseError naming the file for malformed content; InvalidInputError for missing files.
 */
export async function readProjectDir(dir: string): Promise<Project> {
  return loadProject(await readProjectFiles(dir));
}
