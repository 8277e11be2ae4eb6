import { puzzlekitBoundaries, puzzlekitConfig } from '@puzzlekit/eslint-config';

export default [
  ...puzzlekitConfig(import.meta.dirname),
  ...puzzlekitBoundaries(import.meta.dirname),
];
