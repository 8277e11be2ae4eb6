import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser, one server: the demo tests share them and run in order.
    fileParallelism: false,
  },
});
