// One test policy for every package: the same per-test timeout everywhere, and slow whole-collection
// tests (`src/**/*.slow.test.ts`) kept out of the quick `pnpm test` and run by `pnpm test:slow`
// (`vitest run --mode slow`).
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Per-test and per-hook timeout. Generous on purpose: the suite must pass on a loaded 2-core machine
 * without tuning. A test is a check of behaviour, not a stopwatch: speed figures belong in `pnpm bench`,
 * and a test that needs minutes belongs in a `*.slow.test.ts` file.
 */
export const TEST_TIMEOUT_MS = 300_000;

/** Files that only `pnpm test:slow` runs. */
export const SLOW_TESTS = 'src/**/*.slow.test.ts';

/**
 * The export condition under which every workspace package resolves to its TypeScript sources
 * (`"@puzzlekit/source": "./src/index.ts"` in its `exports`), so a package's tests run against its
 * siblings' sources without building them. Published packages drop it (`publishConfig.exports`).
 */
export const SOURCE_CONDITION = '@puzzlekit/source';

/** Vite's default conditions for code run in Node, with the source condition first. */
const SOURCE_CONDITIONS = [SOURCE_CONDITION, 'module', 'node', 'development|production'];

/**
 * The vitest config of a package.
 * @param {import('vitest/config').ViteUserConfig['test']} [test] additions for this package
 */
export function puzzlekitTestConfig(test = {}) {
  return defineConfig(({ mode }) => {
    const slow = mode === 'slow';
    return {
      resolve: { conditions: SOURCE_CONDITIONS },
      ssr: { resolve: { conditions: SOURCE_CONDITIONS, externalConditions: [SOURCE_CONDITION] } },
      test: {
        include: slow ? [SLOW_TESTS] : ['src/**/*.test.ts'],
        exclude: slow ? configDefaults.exclude : [...configDefaults.exclude, SLOW_TESTS],
        // A package without slow tests passes `test:slow` with nothing to run.
        passWithNoTests: slow,
        testTimeout: TEST_TIMEOUT_MS,
        hookTimeout: TEST_TIMEOUT_MS,
        ...test,
      },
    };
  });
}
