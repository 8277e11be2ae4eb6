import { puzzlekitTestConfig } from '@puzzlekit/vitest-config';

export default puzzlekitTestConfig();
