import { puzzlekitBoundaries, puzzlekitConfig } from '@puzzlekit/eslint-config';

export default [
  // README examples are written here while the README test runs (lint may run at the same time).
  { ignores: ['.readme-examples/**'] },
  ...puzzlekitConfig(import.meta.dirname),
  ...puzzlekitBoundaries(import.meta.dirname),
];
