// The dependency rule of the repository, as lint: a core package imports no game and no app, a game
// imports core packages only (never another game, never an app), an app imports no other app.
// Enforced with `no-restricted-imports` patterns chosen by the package's kind, which is read from the
// package's own package.json name and the lists below (a new package must be added to one of them:
// an unlisted package is an error, so nothing slips through unclassified).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Shared packages every game may build on. */
export const CORE_PACKAGES = Object.freeze([
  'errors',
  'grid',
  'rng',
  'graph-search',
  'disjoint-set',
  'job',
  'pack',
  'pack-queue',
]);

/** One package per game; none may import another. */
export const GAME_PACKAGES = Object.freeze([
  'animal-grid',
  'link-layout',
  'mota-bluegem',
  'screw-jam-difficulty',
  'sokoban-zero-gap',
]);

/** Applications: they may import any package, but nothing imports them. */
export const APP_PACKAGES = Object.freeze(['cli', 'docs']);

/** @typedef {'core' | 'game' | 'app'} PackageKind */

/**
 * The kind of the package named `@puzzlekit/<short>`.
 * @param {string} name the package.json name
 * @returns {{ kind: PackageKind, short: string }}
 */
export function packageKind(name) {
  const short = name.startsWith('@puzzlekit/') ? name.slice('@puzzlekit/'.length) : name;
  if (CORE_PACKAGES.includes(short)) return { kind: 'core', short };
  if (GAME_PACKAGES.includes(short)) return { kind: 'game', short };
  if (APP_PACKAGES.includes(short)) return { kind: 'app', short };
  throw new Error(
    `${name} is not classified as a core, game or app package: add it to tooling/eslint/boundaries.js`,
  );
}

/**
 * Import patterns that reach package `short`: by its name (and subpaths), or by a relative path into
 * its folder.
 * @param {string} short
 */
function reaching(short) {
  return [
    `@puzzlekit/${short}`,
    `@puzzlekit/${short}/*`,
    `**/${short}/src/**`,
    `**/${short}/dist/**`,
  ];
}

/**
 * The packages a package of this kind must not import.
 * @param {PackageKind} kind
 * @param {string} self the package's short name
 */
export function forbiddenPackages(kind, self) {
  const others = (list) => list.filter((p) => p !== self);
  if (kind === 'core') return [...GAME_PACKAGES, ...APP_PACKAGES];
  if (kind === 'game') return [...others(GAME_PACKAGES), ...APP_PACKAGES];
  return others(APP_PACKAGES);
}

const WHY = {
  core: 'a core package imports no game and no app',
  game: 'a game imports core packages only, never another game or an app',
  app: 'nothing imports an app',
};

/**
 * Flat-config entries enforcing the dependency rule for one package.
 * @param {string} packageName the package.json name, e.g. `@puzzlekit/grid`
 */
export function boundaryConfig(packageName) {
  const { kind, short } = packageKind(packageName);
  const forbidden = forbiddenPackages(kind, short);
  if (forbidden.length === 0) return [];
  return [
    {
      name: `puzzlekit/boundaries (${kind})`,
      files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx,vue}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: forbidden.flatMap(reaching),
                message: `${packageName} is a ${kind} package: ${WHY[kind]} (the dependency rule, tooling/eslint/boundaries.js).`,
              },
            ],
          },
        ],
      },
    },
  ];
}

/**
 * {@link boundaryConfig} for the package in folder `packageDir` (pass `import.meta.dirname`).
 * @param {string} packageDir
 */
export function puzzlekitBoundaries(packageDir) {
  const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  return boundaryConfig(pkg.name);
}
