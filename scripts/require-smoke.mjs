#!/usr/bin/env node
// CommonJS consumers: every public package must load with require() on Node ≥ 20.19 (require of an ES
// module, through the `default` export condition), the way a CommonJS project would load it from npm.
// Each package is required by its own name from its own folder (a package may reference itself
// through its "exports"), so this reads the built dist/ exactly as a consumer would. Build first.
// One line per package; exit 1 when any fails.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const listed = JSON.parse(
  execFileSync('pnpm', ['-r', 'ls', '--depth', '-1', '--json'], { encoding: 'utf8' }),
);
let failed = 0;
for (const pkg of listed) {
  if (pkg.private || pkg.name === undefined) continue;
  const manifest = createRequire(import.meta.url)(join(pkg.path, 'package.json'));
  // Code entry points only: package.json, JSON Schemas and pattern subpaths (`./schema/*`) are data.
  const subpaths = Object.keys(manifest.exports ?? {}).filter(
    (key) => key !== './package.json' && !key.endsWith('.json') && !key.includes('*'),
  );
  const require = createRequire(join(pkg.path, 'package.json'));
  for (const subpath of subpaths) {
    const name = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    try {
      const loaded = require(name);
      const count = Object.keys(loaded).length;
      if (count === 0) throw new Error('loaded, but it exports nothing');
      console.log(`ok    require('${name}'): ${count} exports`);
    } catch (error) {
      failed++;
      console.log(`FAIL  require('${name}'): ${String(error?.message ?? error).split('\n')[0]}`);
    }
  }
}
process.exit(failed === 0 ? 0 : 1);
