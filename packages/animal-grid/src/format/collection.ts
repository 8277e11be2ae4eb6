/**
 * A collection file: many puzzles with their answers and ratings, as `generate --count` writes them.
 *
 * ```json
 * {
 *   "puzzles": [
 *     { "name": "1", "grade": "hard", "difficulty": 31.25,
 *       "puzzle": { "animals": {…}, "constraints": [ … ] },
 *       "answer": [ {"animal":"panda","x":0,"y":2}, … ] }
 *   ]
 * }
 * ```
 */
import { InvalidInputError } from '@puzzlekit/errors';
import { ANIMALS, type Placement, type Puzzle } from '../model.js';
import { GRADES, type Grade } from '../rate/grade.js';
import { validatePuzzle } from './puzzle-json.js';
import {
  expectArray,
  expectChoice,
  expectInt,
  expectNumber,
  expectObject,
  invalid,
  isObject,
  onlyKeys,
  own,
  parseJsonText,
  underPath,
  collectionItems,
} from './json.js';

/** One puzzle of a collection. */
export interface CollectionEntry {
  /** A name for people ("1", "2", … when generated). */
  readonly name: string;
  /** The puzzle. */
  readonly puzzle: Puzzle;
  /** Its answer, when known. */
  readonly answer?: readonly Placement[];
  /** The paper's D, when rated. */
  readonly difficulty?: number;
  /** The grade of D, when rated. */
  readonly grade?: Grade;
}

/** Error code of {@link parsePuzzleOrCollection} when the file has no puzzle at the index asked for. */
export const NO_SUCH_PUZZLE = 'NO_SUCH_PUZZLE';

/** Most puzzles in one collection file. */
export const MAX_COLLECTION = 100_000;

/** Prints a collection: one entry per block, one condition per line (what {@link parseCollection} reads). */
export function formatCollection(entries: readonly CollectionEntry[]): string {
  const blocks = entries.map((e) => {
    const head: Record<string, unknown> = { name: e.name };
    if (e.grade !== undefined) head.grade = e.grade;
    if (e.difficulty !== undefined) head.difficulty = Number(e.difficulty.toFixed(4));
    const animals: Record<string, number> = {};
    for (const a of ANIMALS) if ((e.puzzle.animals[a] ?? 0) > 0) animals[a] = e.puzzle.animals[a]!;
    const conditions = e.puzzle.constraints.map((c) => `        ${JSON.stringify(c)}`).join(',\n');
    const lines = [
      `    ${JSON.stringify(head).slice(0, -1)},`,
      `      "puzzle": {`,
      `        "animals": ${JSON.stringify(animals)},`,
      `        "constraints": [${conditions ? `\n${conditions}\n      ` : ''}]`,
      `      }${e.answer ? ',' : ''}`,
    ];
    if (e.answer) lines.push(`      "answer": ${JSON.stringify(e.answer)}`);
    lines.push('    }');
    return lines.join('\n');
  });
  return `{\n  "puzzles": [\n${blocks.join(',\n')}\n  ]\n}\n`;
}

/** True for parsed JSON that looks like a collection (an object with a `puzzles` key). */
export function isCollection(value: unknown): boolean {
  return isObject(value) && Object.hasOwn(value, 'puzzles');
}

/** Validates a parsed collection; errors carry JSON paths such as `$.puzzles[3].puzzle.animals`. */
export function validateCollection(value: unknown): CollectionEntry[] {
  return collectionItems(value, 'puzzles', MAX_COLLECTION, [
    'grade',
    'difficulty',
    'puzzle',
    'answer',
  ]).map(({ item: o, path, name }) => {
    const puzzle = underPath(`${path}.puzzle`, () => validatePuzzle(own(o, 'puzzle')));
    const entry: { -readonly [K in keyof CollectionEntry]: CollectionEntry[K] } = { name, puzzle };
    const grade = own(o, 'grade');
    if (grade !== undefined) entry.grade = expectChoice(grade, `${path}.grade`, GRADES, 'grade');
    const difficulty = own(o, 'difficulty');
    if (difficulty !== undefined) entry.difficulty = expectNumber(difficulty, `${path}.difficulty`);
    const answer = own(o, 'answer');
    if (answer !== undefined) entry.answer = validateAnswer(answer, `${path}.answer`);
    return entry;
  });
}

/**
 * Validates an answer: nine placements `{"animal","x","y"}` with x, y from 0 to 2 (whether they fit
 * the puzzle is the verifier's question, not the format's).
 *
 * @throws InvalidInputError with the JSON path under `path` (default `$`).
 */
export function validateAnswer(value: unknown, path = '$'): Placement[] {
  const cells = expectArray(value, path);
  if (cells.length !== 9) invalid(path, `expected 9 placements, got ${cells.length}`);
  return cells.map((c, k) => {
    const at = `${path}[${k}]`;
    const q = expectObject(c, at);
    onlyKeys(q, at, ['animal', 'x', 'y']);
    return {
      animal: expectChoice(own(q, 'animal'), `${at}.animal`, ANIMALS, 'animal'),
      x: expectInt(own(q, 'x'), `${at}.x`, 0, 2),
      y: expectInt(own(q, 'y'), `${at}.y`, 0, 2),
    };
  });
}

/** Parses a collection file (see {@link formatCollection}). */
export function parseCollection(text: string, source?: string): CollectionEntry[] {
  return validateCollection(parseJsonText(text, source));
}

/**
 * Reads a puzzle file or one puzzle of a collection file: `index` is 1-based and only allowed (and
 * then required) for a collection.
 */
export function parsePuzzleOrCollection(
  text: string,
  source?: string,
  index?: number,
): { puzzle: Puzzle; entry: CollectionEntry | null } {
  const value = parseJsonText(text, source);
  if (!isCollection(value)) {
    if (index !== undefined && index !== 1)
      throw new InvalidInputError(
        `this file holds one puzzle, not a collection; there is no puzzle ${index}`,
        { path: '$', code: NO_SUCH_PUZZLE },
      );
    return { puzzle: validatePuzzle(value), entry: null };
  }
  const entries = validateCollection(value);
  const k = index ?? 1;
  if (!Number.isInteger(k) || k < 1 || k > entries.length)
    throw new InvalidInputError(`no puzzle ${k}: the collection holds ${entries.length}`, {
      path: '$.puzzles',
      code: NO_SUCH_PUZZLE,
    });
  const entry = entries[k - 1]!;
  return { puzzle: entry.puzzle, entry };
}
