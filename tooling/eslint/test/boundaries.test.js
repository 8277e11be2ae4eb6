// Lints small fixture files with the boundary config and checks that exactly the forbidden imports
// are reported. Run with `node --test` (pnpm --filter @puzzlekit/eslint-config test).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import {
  APP_PACKAGES,
  CORE_PACKAGES,
  GAME_PACKAGES,
  boundaryConfig,
  packageKind,
  puzzlekitBoundaries,
} from '../index.js';

/** Lints `code` as a TypeScript file of package `name` with only the boundary rule on. */
async function lint(name, code) {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...boundaryConfig(name)],
  });
  const [result] = await eslint.lintText(code, { filePath: 'src/fixture.ts' });
  return result.messages.map((m) => `${m.line}:${m.ruleId}`);
}

describe('boundary rule', () => {
  it('lets a core package import core packages, and rejects games and apps', async () => {
    const code = [
      "import { InvalidInputError } from '@puzzlekit/errors';",
      "import { Rng } from '@puzzlekit/rng';",
      "import { solve } from '@puzzlekit/sokoban-zero-gap';",
      "import type { Board } from '@puzzlekit/link-layout/model';",
      "export { run } from '@puzzlekit/cli';",
      "import { x } from '../../mota-bluegem/src/index.js';",
      'export const all = [InvalidInputError, Rng, solve, x];',
      'export type B = Board;',
    ].join('\n');
    assert.deepEqual(await lint('@puzzlekit/grid', code), [
      '3:no-restricted-imports',
      '4:no-restricted-imports',
      '5:no-restricted-imports',
      '6:no-restricted-imports',
    ]);
  });

  it('lets a game import core packages and its own files, and rejects other games and apps', async () => {
    const code = [
      "import { CellSearch } from '@puzzlekit/grid';",
      "import { bfs } from '@puzzlekit/graph-search';",
      "import { level } from './model.js';",
      "import { rate } from '../rate/rate.js';",
      "import { deal } from '@puzzlekit/link-layout';",
      "import { dock } from '../../../screw-jam-difficulty/dist/index.js';",
      "import { program } from '@puzzlekit/cli/program';",
      'export const all = [CellSearch, bfs, level, rate, deal, dock, program];',
    ].join('\n');
    assert.deepEqual(await lint('@puzzlekit/sokoban-zero-gap', code), [
      '5:no-restricted-imports',
      '6:no-restricted-imports',
      '7:no-restricted-imports',
    ]);
    // a game may import itself by name (its own tests and benches do)
    assert.deepEqual(
      await lint('@puzzlekit/sokoban-zero-gap', "export * from '@puzzlekit/sokoban-zero-gap';"),
      [],
    );
  });

  it('lets an app import games, and rejects other apps', async () => {
    const code = [
      "import { solve } from '@puzzlekit/sokoban-zero-gap';",
      "import { page } from '@puzzlekit/docs';",
      'export const all = [solve, page];',
    ].join('\n');
    assert.deepEqual(await lint('@puzzlekit/cli', code), ['2:no-restricted-imports']);
  });

  it('names the rule in its message', async () => {
    const eslint = new ESLint({
      overrideConfigFile: true,
      overrideConfig: [
        { languageOptions: { parser: tseslint.parser } },
        ...boundaryConfig('@puzzlekit/rng'),
      ],
    });
    const [result] = await eslint.lintText("import '@puzzlekit/animal-grid';", {
      filePath: 'src/x.ts',
    });
    assert.match(result.messages[0].message, /core package imports no game/);
  });

  it('classifies every package folder of the repository, and refuses an unlisted one', async () => {
    const { readdirSync, existsSync } = await import('node:fs');
    const root = path.resolve(import.meta.dirname, '../../..');
    for (const dir of ['packages', 'apps']) {
      for (const entry of readdirSync(path.join(root, dir))) {
        const folder = path.join(root, dir, entry);
        if (!existsSync(path.join(folder, 'package.json'))) continue;
        assert.doesNotThrow(() => puzzlekitBoundaries(folder), folder);
      }
    }
    assert.throws(() => packageKind('@puzzlekit/new-game'), /not classified/);
    const all = [...CORE_PACKAGES, ...GAME_PACKAGES, ...APP_PACKAGES];
    assert.equal(new Set(all).size, all.length);
  });
});
