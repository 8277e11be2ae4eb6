#!/usr/bin/env node
// Packs every public workspace package the way `changeset publish` will (pnpm pack: `workspace:` and
// `catalog:` ranges replaced, the workspace LICENSE added when a package has none) into a temporary
// folder, and checks each tarball before anything is published:
//   - it holds package.json, README.md, LICENSE, dist/ and (JSON Schemas) schema/ only, and dist/ is
//     not empty;
//   - package.json has a version, a "license" field, no `workspace:`/`catalog:` range left, and every
//     file its "exports", "types" and "bin" name is in the tarball.
// Build first (`pnpm build`). Exit 0 when every package passes, 1 otherwise; one line per package.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Workspace packages that are published: every package not marked "private". */
function publicPackages() {
  const listed = JSON.parse(
    execFileSync('pnpm', ['-r', 'ls', '--depth', '-1', '--json'], { encoding: 'utf8' }),
  );
  return listed.filter((pkg) => !pkg.private && pkg.name !== undefined);
}

/** Packs one package into `destination` and returns the tarball's path. */
function pack(pkg, destination) {
  const output = execFileSync('pnpm', ['pack', '--pack-destination', destination], {
    cwd: pkg.path,
    encoding: 'utf8',
  });
  const tarball = output.trim().split('\n').at(-1);
  if (!tarball?.endsWith('.tgz')) throw new Error(`pnpm pack printed no tarball: ${output}`);
  return tarball;
}

const ALWAYS = new Set(['package.json', 'README.md', 'LICENSE']);

/** Every file a package.json field points at ("exports" targets, "types", "main", "bin"). */
function referencedFiles(manifest) {
  const files = new Set();
  const walk = (value) => {
    if (typeof value === 'string') files.add(value.replace(/^\.\//, ''));
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(manifest.exports);
  walk(manifest.types);
  walk(manifest.main);
  walk(manifest.bin);
  return files;
}

/** The problems found in one tarball (none when it is ready to publish). */
function problemsOf(tarball) {
  const entries = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.replace(/^package\//, ''));
  const problems = [];
  const stray = entries.filter(
    (entry) => !ALWAYS.has(entry) && !entry.startsWith('dist/') && !entry.startsWith('schema/'),
  );
  if (stray.length > 0) problems.push(`files outside dist/: ${stray.join(', ')}`);
  for (const needed of ALWAYS) if (!entries.includes(needed)) problems.push(`no ${needed}`);
  if (!entries.some((entry) => entry.startsWith('dist/'))) problems.push('no dist/ (build first)');

  const manifestText = execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], {
    encoding: 'utf8',
  });
  const manifest = JSON.parse(manifestText);
  if (!manifest.version) problems.push('no "version"');
  if (!manifest.license) problems.push('no "license" field');
  const unresolved = manifestText.match(/"(workspace|catalog):[^"]*"/g);
  if (unresolved) problems.push(`unresolved ranges: ${[...new Set(unresolved)].join(', ')}`);
  for (const file of referencedFiles(manifest))
    if (!entries.includes(file)) problems.push(`package.json names ${file}, not in the tarball`);
  return { problems, files: entries.length, version: manifest.version };
}

const destination = mkdtempSync(join(tmpdir(), 'puzzlekit-pack-'));
let failed = 0;
try {
  for (const pkg of publicPackages()) {
    const { problems, files, version } = problemsOf(pack(pkg, destination));
    if (problems.length === 0) console.log(`ok    ${pkg.name}@${version} (${files} files)`);
    else {
      failed++;
      console.log(`FAIL  ${pkg.name}@${version}: ${problems.join('; ')}`);
    }
  }
} finally {
  rmSync(destination, { recursive: true, force: true });
}
if (failed > 0) {
  console.error(`${failed} package(s) are not ready to publish.`);
  process.exit(1);
}
