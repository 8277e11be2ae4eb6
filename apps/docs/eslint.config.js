import { puzzlekitBoundaries, puzzlekitConfig } from '@puzzlekit/eslint-config';

// Vue single-file components are type-checked by `vue-tsc` (the typecheck script), not linted here:
// the shared config has no Vue parser. Their logic lives in .ts files under .vitepress/theme/demos.
export default [
  {
    ignores: ['api/**', 'screenshots/**', '**/*.vue', '.vitepress/cache/**', '.vitepress/dist/**'],
  },
  ...puzzlekitConfig(import.meta.dirname),
  ...puzzlekitBoundaries(import.meta.dirname),
  {
    // Issue 29: a browser wait of its own (20 s, 30 s) timed out at load 40 on two cores. Pages come
    // from test/site.ts's newPage, whose waits are as patient as the per-test timeout.
    files: ['test/**/*.ts'],
    ignores: ['test/site.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='timeout'][value.type='Literal']",
          message: 'No wait of its own in a browser test: the per-test timeout decides (issue 29).',
        },
        {
          selector: "CallExpression[callee.property.name='newPage']",
          message:
            "Make pages with newPage from './site.js' (its waits last the per-test timeout).",
        },
      ],
    },
  },
];
