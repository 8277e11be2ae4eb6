import { configDefaults, defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS } from '@puzzlekit/vitest-config';

// The project's test policy (tooling/vitest) for the docs' browser tests, which live in test/:
// `*.slow.test.ts` (the whole API reference at a phone's width) run only under `pnpm test:slow`.
const SLOW_TESTS = 'test/**/*.slow.test.ts';

export default defineConfig(({ mode }) => {
  const slow = mode === 'slow';
  return {
    test: {
      include: slow ? [SLOW_TESTS] : ['test/**/*.test.ts'],
      exclude: slow ? configDefaults.exclude : [...configDefaults.exclude, SLOW_TESTS],
      testTimeout: TEST_TIMEOUT_MS,
      hookTimeout: TEST_TIMEOUT_MS,
      // One browser, one server: the demo tests share them and run in order.
      fileParallelism: false,
    },
  };
});
