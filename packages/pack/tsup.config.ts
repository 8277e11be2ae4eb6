import { defineConfig } from 'tsup';

export default defineConfig({
  // worker.ts is the file each pool thread loads (by name, beside index.js).
  entry: ['src/index.ts', 'src/worker.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // Loaded only for a TypeScript game module, from the user's own install.
  external: ['tsx/esm/api'],
});
