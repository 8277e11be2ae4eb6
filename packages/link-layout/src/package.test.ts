// The package's entry points as a consumer's Node sees them, read from package.json (nothing built):
// `require()` on Node ≥ 20.19 needs a `default` condition, and Node picks the first condition that
// matches, so `default` must come after `import` (and `types` first, for TypeScript).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '..', 'package.json'), 'utf8'),
) as {
  exports: Record<string, unknown>;
  publishConfig: { exports: Record<string, unknown> };
  files: string[];
};

/** The conditions of every export entry that has conditions (not plain file paths). */
function conditionLists(exportsMap: Record<string, unknown>): [string, string[]][] {
  return Object.entries(exportsMap)
    .filter(([, target]) => typeof target === 'object' && target !== null)
    .map(([subpath, target]) => [subpath, Object.keys(target as object)]);
}

describe('package.json exports', () => {
  for (const [where, map] of [
    ['exports', pkg.exports],
    ['publishConfig.exports', pkg.publishConfig.exports],
  ] as const) {
    it(`${where}: every entry has types first, then import, then default (require() finds it)`, () => {
      const lists = conditionLists(map);
      expect(lists.length).toBeGreaterThan(0);
      for (const [subpath, conditions] of lists) {
        const published = conditions.filter((c) => c !== '@puzzlekit/source');
        expect(published, subpath).toEqual(['types', 'import', 'default']);
      }
    });
  }
});
