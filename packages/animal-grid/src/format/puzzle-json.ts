/** The puzzle JSON format: parse with JSON-path errors, validate, print. */
import {
  ANIMALS,
  COLUMN_FRUITS,
  PIECE_LIMITS,
  ROW_FRUITS,
  type Animal,
  type Constraint,
  type Fruit,
  type Puzzle,
} from '../model.js';
import {
  expectArray,
  expectChoice,
  expectInt,
  expectObject,
  invalid,
  keyPath,
  onlyKeys,
  own,
  parseJsonText,
} from './json.js';

/** Most conditions a puzzle may have (far more than the distinct conditions a board allows). */
export const MAX_CONDITIONS = 500;

/**
 * Parses puzzle JSON text. Syntax errors throw `ParseError` (line, column); a well-formed but invalid
 * puzzle throws `InvalidInputError` whose `path` is a JSON path such as `$.constraints[2].fruits[0]`.
 */
export function parsePuzzle(text: string, source?: string): Puzzle {
  return validatePuzzle(parseJsonText(text, source));
}

/**
 * Validates an already-parsed value as a puzzle and returns a clean copy. Checks: known animals,
 * copies within the box (one elephant … five pandas), nine pieces in all, known condition types,
 * fruits of the right kind (row fruits for rows, column fruits for columns, one or two, distinct),
 * conditions only about animals in the puzzle, relative conditions between two different animals, at
 * most {@link MAX_CONDITIONS} conditions. Conditions that leave an animal too few cells are valid: the
 * puzzle simply has no solution, and `solve` says why.
 */
export function validatePuzzle(value: unknown): Puzzle {
  const root = expectObject(value, '$');
  onlyKeys(root, '$', ['animals', 'constraints']);
  const animalsObj = expectObject(root.animals, '$.animals');
  const animals: Partial<Record<Animal, number>> = {};
  let total = 0;
  for (const key of Object.keys(animalsObj)) {
    const path = keyPath('$.animals', key);
    const a = expectChoice(key, path, ANIMALS, 'animal');
    const limit = PIECE_LIMITS[a];
    const n = own(animalsObj, key);
    if (typeof n === 'number' && Number.isInteger(n) && n > limit) {
      invalid(path, `${n} copies of ${a}, but the box has only ${limit}`);
    }
    const k = expectInt(n, path, 0, limit);
    if (k > 0) animals[a] = k;
    total += k;
  }
  if (total !== 9) invalid('$.animals', `the puzzle names ${total} pieces; it must name exactly 9`);
  const has = (a: Animal): boolean => (animals[a] ?? 0) > 0;
  const requireAnimal = (v: unknown, path: string): Animal => {
    const a = expectChoice(v, path, ANIMALS, 'animal');
    if (!has(a)) invalid(path, `${a} is not among the puzzle's animals`);
    return a;
  };
  const list = root.constraints === undefined ? [] : expectArray(root.constraints, '$.constraints');
  if (list.length > MAX_CONDITIONS)
    invalid('$.constraints', `at most ${MAX_CONDITIONS} conditions, got ${list.length}`);
  const constraints: Constraint[] = [];
  list.forEach((raw, i) => {
    const path = `$.constraints[${i}]`;
    const o = expectObject(raw, path);
    const type = expectChoice(
      o.type,
      `${path}.type`,
      ['height', 'row', 'column', 'adjacent', 'relativeHeight'] as const,
      'condition type',
    );
    let c: Constraint;
    switch (type) {
      case 'height': {
        onlyKeys(o, path, ['type', 'animal', 'height']);
        const animal = requireAnimal(o.animal, `${path}.animal`);
        const height = expectInt(o.height, `${path}.height`, 1, 3) as 1 | 2 | 3;
        c = { type, animal, height };
        break;
      }
      case 'row':
      case 'column': {
        onlyKeys(o, path, ['type', 'animal', 'fruits', 'in']);
        const animal = requireAnimal(o.animal, `${path}.animal`);
        const allowed: readonly Fruit[] = type === 'row' ? ROW_FRUITS : COLUMN_FRUITS;
        const arr = expectArray(o.fruits, `${path}.fruits`);
        if (arr.length < 1 || arr.length > 2)
          invalid(`${path}.fruits`, `expected one or two fruits, got ${arr.length}`);
        const fruits: Fruit[] = [];
        arr.forEach((f, j) => {
          const fruit = expectChoice(f, `${path}.fruits[${j}]`, allowed, `${type} fruit`);
          if (fruits.includes(fruit))
            invalid(`${path}.fruits[${j}]`, `fruit "${fruit}" is listed twice`);
          fruits.push(fruit);
        });
        if (typeof o.in !== 'boolean') invalid(`${path}.in`, 'expected true or false');
        c = { type, animal, fruits, in: o.in };
        break;
      }
      case 'adjacent': {
        onlyKeys(o, path, ['type', 'animals']);
        const arr = expectArray(o.animals, `${path}.animals`);
        if (arr.length !== 2) invalid(`${path}.animals`, `expected two animals, got ${arr.length}`);
        const a = requireAnimal(arr[0], `${path}.animals[0]`);
        const b = requireAnimal(arr[1], `${path}.animals[1]`);
        if (a === b) invalid(`${path}.animals[1]`, `an animal cannot be adjacent to itself (${a})`);
        c = { type, animals: [a, b] };
        break;
      }
      default: {
        onlyKeys(o, path, ['type', 'animal', 'relation', 'than']);
        const animal = requireAnimal(o.animal, `${path}.animal`);
        const relation = expectChoice(
          o.relation,
          `${path}.relation`,
          ['higher', 'lower', 'same'] as const,
          'relation',
        );
        const than = requireAnimal(o.than, `${path}.than`);
        if (than === animal)
          invalid(`${path}.than`, `an animal cannot be compared with itself (${animal})`);
        c = { type: 'relativeHeight', animal, relation, than };
      }
    }
    constraints.push(c);
  });
  return { animals, constraints };
}

/** Prints a puzzle as JSON: animals in the package's fixed order on one line, one condition a line. */
export function formatPuzzle(p: Puzzle): string {
  const animals: Record<string, number> = {};
  for (const a of ANIMALS) if ((p.animals[a] ?? 0) > 0) animals[a] = p.animals[a]!;
  const lines = p.constraints.map((c) => '    ' + JSON.stringify(c));
  return `{\n  "animals": ${JSON.stringify(animals)},\n  "constraints": [${lines.length ? `\n${lines.join(',\n')}\n  ` : ''}]\n}\n`;
}
