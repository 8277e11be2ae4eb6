import path from 'node:path';
import { testReadmeExamples } from '@puzzlekit/vitest-config/readme';

testReadmeExamples(path.resolve(import.meta.dirname, '..'));
