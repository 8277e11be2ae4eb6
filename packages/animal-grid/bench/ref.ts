/**
 * Loads this package as it was at a git ref, for before/after benchmarks against the code of today
 * without keeping frozen copies in the tree: the `src` folders of every workspace package at the ref
 * are written into a temporary folder (`git show REF:path`), each with a package.json whose exports
 * point at its sources, linked under `node_modules/@puzzlekit`; third-party dependencies are linked
 * from today's install. tsx compiles the old sources on import.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const git = (root: string, ...args: string[]): string =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });

/** An export target at the ref, turned into the source file it was built from. */
function sourceOf(target: unknown): string | null {
  if (typeof target === 'string') return target.replace(/^\.\/dist\/(.*)\.js$/, './src/$1.ts');
  if (target !== null && typeof target === 'object') {
    const t = target as Record<string, unknown>;
    return sourceOf(t['@puzzlekit/source'] ?? t.import ?? t.default);
  }
  return null;
}

/** The old package tree; `dispose` removes it. `load(entry)` imports one of its entry files. */
export interface RefTree {
  readonly ref: string;
  readonly commit: string;
  load(packageDir: string, entry: string): Promise<Record<string, unknown>>;
  dispose(): void;
}

/** Writes the workspace packages' sources at `ref` into a temporary folder. */
export function checkoutRef(ref: string): RefTree {
  const root = git(process.cwd(), 'rev-parse', '--show-toplevel').trim();
  const commit = git(root, 'rev-parse', '--verify', `${ref}^{commit}`).trim();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'puzzlekit-ref-'));
  const scope = path.join(dir, 'node_modules', '@puzzlekit');
  mkdirSync(scope, { recursive: true });
  const files = git(root, 'ls-tree', '-r', '--name-only', commit, 'packages/')
    .split('\n')
    .filter((f) => /^packages\/[^/]+\/(src\/.*\.ts|package\.json)$/.test(f));
  for (const file of files) {
    const out = path.join(dir, file);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(
      out,
      execFileSync('git', ['show', `${commit}:${file}`], { cwd: root, maxBuffer: 1 << 28 }),
    );
  }
  for (const pkgJson of files.filter((f) => f.endsWith('package.json'))) {
    const pkgDir = path.join(dir, path.dirname(pkgJson));
    const pkg = JSON.parse(readFileSync(path.join(dir, pkgJson), 'utf8')) as {
      name: string;
      exports?: Record<string, unknown>;
      dependencies?: Record<string, string>;
    };
    const exports: Record<string, string> = {};
    for (const [key, target] of Object.entries(pkg.exports ?? {})) {
      const src = sourceOf(target);
      if (src?.endsWith('.ts')) exports[key] = src;
    }
    writeFileSync(
      path.join(pkgDir, 'package.json'),
      JSON.stringify({ name: pkg.name, type: 'module', exports }),
    );
    if (pkg.name.startsWith('@puzzlekit/'))
      symlinkSync(pkgDir, path.join(scope, pkg.name.slice('@puzzlekit/'.length)), 'dir');
    // Third-party runtime dependencies come from today's install of the same package.
    for (const dep of Object.keys(pkg.dependencies ?? {})) {
      if (dep.startsWith('@puzzlekit/')) continue;
      const installed = path.join(root, path.dirname(pkgJson), 'node_modules', dep);
      const link = path.join(dir, 'node_modules', dep);
      if (existsSync(installed) && !existsSync(link)) {
        mkdirSync(path.dirname(link), { recursive: true });
        symlinkSync(installed, link, 'dir');
      }
    }
  }
  return {
    ref,
    commit,
    load: async (packageDir, entry) => {
      const file = path.join(dir, 'packages', packageDir, entry);
      return existsSync(file)
        ? ((await import(pathToFileURL(file).href)) as Record<string, unknown>)
        : {};
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
