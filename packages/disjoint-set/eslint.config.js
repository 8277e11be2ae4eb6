import { puzzlekitConfig } from '@puzzlekit/eslint-config';

export default puzzlekitConfig(import.meta.dirname);
