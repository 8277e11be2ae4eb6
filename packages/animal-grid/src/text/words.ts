/**
 * The puzzle in plain language: cells named by their row and column fruits, conditions as sentences.
 * Every text the CLI, the demo and the hints show comes from here, so they all speak alike.
 */
import {
  COLUMN_FRUITS,
  ROW_FRUITS,
  type Animal,
  type Constraint,
  type Fruit,
  type Puzzle,
} from '../model.js';

/** The plural of an animal's name (every name in the box takes a plain "s"). */
export function plural(animal: Animal): string {
  return `${animal}s`;
}

/** "a" or "an" before an animal's name. */
export function article(animal: Animal): string {
  return /^[aeiou]/.test(animal) ? `an ${animal}` : `a ${animal}`;
}

/** The cell at (x, y) named by its fruits, row first: `apple/banana` is the apple row, banana column. */
export function cellName(x: number, y: number): string {
  return `${ROW_FRUITS[y]!}/${COLUMN_FRUITS[x]!}`;
}

/** The cell with index i = y * 3 + x, by its fruits. */
export function cellNameAt(i: number): string {
  return cellName(i % 3, Math.floor(i / 3));
}

/** "a, b or c" (or "and"). */
export function listWords(words: readonly string[], last = 'or'): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]!}`;
}

/**
 * A set of cells (bit i = cell y * 3 + x) in words: whole rows and columns by their fruit ("the
 * apple row"), other cells by name ("apple/banana, lemon/banana"); "no cell" for none.
 */
export function cellsText(mask: number): string {
  if (mask === 0) return 'no cell';
  const parts: string[] = [];
  let rest = mask;
  for (let y = 2; y >= 0; y--) {
    const row = 0b111 << (y * 3);
    if ((rest & row) === row) {
      parts.push(`the ${ROW_FRUITS[y]!} row`);
      rest &= ~row;
    }
  }
  for (let x = 0; x < 3; x++) {
    const col = 0b001001001 << x;
    if ((rest & col) === col) {
      parts.push(`the ${COLUMN_FRUITS[x]!} column`);
      rest &= ~col;
    }
  }
  for (let y = 2; y >= 0; y--)
    for (let x = 0; x < 3; x++) if ((rest >> (y * 3 + x)) & 1) parts.push(cellName(x, y));
  return listWords(parts, 'and');
}

/** "the orange or lemon row", "the banana column". */
function linesText(fruits: readonly Fruit[], kind: 'row' | 'column'): string {
  return `the ${listWords(fruits)} ${kind}${fruits.length > 1 ? 's' : ''}`;
}

/**
 * A condition as a sentence. With the puzzle, an animal that has one copy is "the elephant" rather
 * than "every elephant".
 */
export function describeConstraint(c: Constraint, puzzle?: Puzzle): string {
  const copies = (a: Animal): number => puzzle?.animals[a] ?? 2;
  const every = (a: Animal): string => (copies(a) === 1 ? `the ${a}` : `every ${a}`);
  const Every = (a: Animal): string => {
    const s = every(a);
    return s[0]!.toUpperCase() + s.slice(1);
  };
  switch (c.type) {
    case 'height':
      return `${Every(c.animal)} stands at height ${c.height}.`;
    case 'row':
    case 'column':
      return c.in
        ? `${Every(c.animal)} is in ${linesText(c.fruits, c.type)}.`
        : `${copies(c.animal) === 1 ? `The ${c.animal} is not` : `No ${c.animal} is`} in ${linesText(c.fruits, c.type)}.`;
    case 'adjacent': {
      const [a, b] = c.animals;
      return `${Every(a)} is next to ${article(b)}, and ${every(b)} is next to ${article(a)}.`;
    }
    case 'relativeHeight':
      if (c.relation === 'same') {
        const side = (a: Animal): string => (copies(a) === 1 ? `the ${a}` : `the ${plural(a)}`);
        const all = copies(c.animal) > 1 || copies(c.than) > 1 ? 'all ' : '';
        const s = `${side(c.animal)} and ${side(c.than)} ${all}stand at one height.`;
        return s[0]!.toUpperCase() + s.slice(1);
      }
      return `${Every(c.animal)} stands ${c.relation} than ${every(c.than)}.`;
  }
}

/** Every condition of a puzzle as a numbered line ("1. The lion …"), numbered from 1 as people count. */
export function describeConditions(puzzle: Puzzle): string[] {
  return puzzle.constraints.map((c, i) => `${i + 1}. ${describeConstraint(c, puzzle)}`);
}
