// Test helper: the fixture towers of the repository (fixtures/mota), read once per test file.
import { fileURLToPath } from 'node:url';
import type { Project } from '../model.js';
import { readProjectDir } from '../node.js';

const cache = new Map<string, Promise<Project>>();

/** The fixture tower `name` (template, only-up, fate-splendor, shengqishi), functions.js read as text. */
export function fixtureTower(name: string): Promise<Project> {
  let p = cache.get(name);
  if (p === undefined) {
    p = readProjectDir(
      fileURLToPath(new URL(`../../../../fixtures/mota/${name}`, import.meta.url)),
    );
    cache.set(name, p);
  }
  return p;
}

export const FIXTURE_TOWERS = ['template', 'only-up', 'fate-splendor', 'shengqishi'] as const;
