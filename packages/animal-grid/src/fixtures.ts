/**
 * Test fixtures shared by this package's tests and benchmarks and by the CLI's tests (subpath
 * `@puzzlekit/animal-grid/fixtures`): the one puzzle the contest paper publishes in full, its Level 50.
 * Plain data, no test framework.
 *
 * @packageDocumentation
 */
import type { Puzzle } from './model.js';

/** The paper's Level 50: six kinds, nine pieces, six conditions, one solution. */
export const LEVEL_50: Puzzle = {
  animals: { elephant: 1, monkey: 1, tiger: 1, hippo: 2, lion: 2, panda: 2 },
  constraints: [
    { type: 'height', animal: 'lion', height: 2 },
    { type: 'column', animal: 'panda', fruits: ['banana'], in: false },
    { type: 'row', animal: 'elephant', fruits: ['lemon'], in: false },
    { type: 'adjacent', animals: ['elephant', 'hippo'] },
    { type: 'adjacent', animals: ['monkey', 'lion'] },
    { type: 'adjacent', animals: ['tiger', 'panda'] },
  ],
};

/** Level 50's answer, top row first as the paper prints it (x = 0, 1, 2 in each row). */
export const LEVEL_50_ANSWER = 'panda lion monkey tiger hippo lion panda elephant hippo';
