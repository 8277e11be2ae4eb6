import { defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS } from '@puzzlekit/vitest-config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    // One browser, one server: the demo tests share them and run in order.
    fileParallelism: false,
  },
});
