import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', garden: 'src/garden/index.ts', fixtures: 'src/fixtures.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
