import { puzzlekitBoundaries, puzzlekitConfig } from '@puzzlekit/eslint-config';

// Vue single-file components are type-checked by `vue-tsc` (the typecheck script), not linted here:
// the shared config has no Vue parser. Their logic lives in .ts files under .vitepress/theme/demos.
export default [
  {
    ignores: ['api/**', 'screenshots/**', '**/*.vue', '.vitepress/cache/**', '.vitepress/dist/**'],
  },
  ...puzzlekitConfig(import.meta.dirname),
  ...puzzlekitBoundaries(import.meta.dirname),
];
