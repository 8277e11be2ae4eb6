// Issue 30: the JSON Schemas in schema/ and the package's own readers agree. On valid documents both
// accept; on fuzzed invalid ones (random structural mutations of valid documents) both reject —
// except where the reader checks what no schema can say (rows of equal length, faces in pairs, a board
// at rest, an order that clears it, rows × cols cells), and then the reader's error code names it.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { InvalidInputError } from '@puzzlekit/errors';
import {
  BOARD_ROW_PATTERN,
  answerFromJson,
  answerToJson,
  boardFromJson,
  collectionFromJson,
  levelFromJson,
  levelToJson,
  printCollection,
  toEngineGrid,
  type Level,
} from './format/json.js';
import { GRAVITIES } from './model.js';
import { built } from './test-helpers.js';

const root = path.resolve(import.meta.dirname, '..');
const schemaDir = path.join(root, 'schema');
const schemas = new Map<string, { $id: string } & Record<string, unknown>>(
  readdirSync(schemaDir).map((file) => [
    file,
    JSON.parse(readFileSync(path.join(schemaDir, file), 'utf8')) as { $id: string },
  ]),
);
// Strict mode: unknown keywords, tuples without bounds and the like fail here.
const ajv = new Ajv2020({ strict: true });
for (const schema of schemas.values()) ajv.addSchema(schema);

function validatorOf(file: string) {
  const schema = schemas.get(file);
  if (!schema) throw new Error(`no schema ${file}`);
  return ajv.getSchema(schema.$id)!;
}

/** Generated levels of every gravity, with and without their order, as JSON. */
const levels: fc.Arbitrary<Level> = fc
  .record({
    rows: fc.integer({ min: 1, max: 6 }),
    cols: fc.integer({ min: 2, max: 6 }),
    gravity: fc.constantFrom(...GRAVITIES),
    ring: fc.boolean(),
    difficulty: fc.double({ min: 0, max: 1, noNaN: true }),
    seed: fc.nat(),
    withOrder: fc.boolean(),
  })
  .filter(({ rows, cols }) => (rows * cols) % 2 === 0)
  .map(({ withOrder, ...spec }) => {
    const { board, order } = built({ ...spec, copies: 2 });
    const rule = { gravity: spec.gravity, ring: spec.ring };
    return withOrder ? { board, ...rule, order } : { board, ...rule };
  });

/** Every path to a node of a JSON document (as key lists), the root first. */
function pathsOf(doc: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(doc)) doc.forEach((v, i) => out.push(...pathsOf(v, [...at, i])));
  else if (typeof doc === 'object' && doc !== null)
    for (const [k, v] of Object.entries(doc)) out.push(...pathsOf(v, [...at, k]));
  return out;
}

/** One random structural change of a document (a deep copy). */
interface Mutation {
  readonly where: number;
  readonly kind: number;
  readonly value: unknown;
  readonly key: string;
  readonly char: string;
  readonly number: number;
}

const mutations: fc.Arbitrary<Mutation> = fc.record({
  where: fc.nat(),
  kind: fc.nat({ max: 5 }),
  value: fc.jsonValue({ maxDepth: 2 }),
  key: fc.string({ maxLength: 6 }),
  char: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  number: fc.oneof(fc.integer({ min: -3, max: 1003 }), fc.double({ noNaN: true })),
});

function mutate(doc: unknown, m: Mutation): unknown {
  const copy = JSON.parse(JSON.stringify(doc)) as unknown;
  const paths = pathsOf(copy);
  const at = paths[m.where % paths.length]!;
  const parent = at.slice(0, -1).reduce<unknown>((node, k) => (node as never)[k], copy);
  const get = (): unknown =>
    at.length === 0 ? copy : (parent as Record<string | number, unknown>)[at[at.length - 1]!];
  const set = (value: unknown): unknown => {
    if (at.length === 0) return value;
    (parent as Record<string | number, unknown>)[at[at.length - 1]!] = value;
    return copy;
  };
  const node = get();
  switch (m.kind) {
    case 0:
      return set(m.value);
    case 1: // delete a key or an element
      if (Array.isArray(node) && node.length > 0) node.splice(m.where % node.length, 1);
      else if (typeof node === 'object' && node !== null) {
        const keys = Object.keys(node);
        if (keys.length > 0) delete (node as Record<string, unknown>)[keys[m.where % keys.length]!];
      } else return set(m.value);
      return copy;
    case 2: // add a key or an element
      if (Array.isArray(node)) node.push(m.value);
      else if (typeof node === 'object' && node !== null)
        (node as Record<string, unknown>)[m.key] = m.value;
      else return set(m.value);
      return copy;
    case 3: // a character into a string
      if (typeof node === 'string') {
        const i = m.where % (node.length + 1);
        return set(node.slice(0, i) + m.char + node.slice(i));
      }
      return set(m.char);
    case 4: // another number
      return set(m.number);
    default: // a copy of a sibling's value (keeps the type, often the shape)
      return set(
        JSON.parse(
          JSON.stringify(
            paths[(m.where * 7) % paths.length]!.reduce<unknown>((n, k) => (n as never)[k], copy),
          ),
        ) as unknown,
      );
  }
}

/** The reader's verdict: null when it accepts, else its error code (only InvalidInputError allowed). */
function readerVerdict(read: (json: unknown) => unknown, doc: unknown): string | null {
  try {
    read(doc);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidInputError);
    return (err as InvalidInputError).code;
  }
}

const LEVEL_RULES = ['RAGGED_ROW', 'ODD_FACE', 'NOT_SETTLED', 'ORDER_DOES_NOT_CLEAR'];
const formats = [
  {
    file: 'level.schema.json',
    read: (json: unknown) => levelFromJson(json),
    beyondSchema: LEVEL_RULES,
    documents: levels.map((level) => levelToJson(level) as unknown),
  },
  {
    file: 'answer.schema.json',
    read: (json: unknown) => answerFromJson(json),
    beyondSchema: [],
    documents: levels.map((level) => answerToJson(level.order ?? []) as unknown),
  },
  {
    file: 'collection.schema.json',
    read: (json: unknown) => collectionFromJson(json),
    beyondSchema: LEVEL_RULES,
    documents: fc
      .array(fc.record({ level: levels, title: fc.option(fc.string(), { nil: undefined }) }), {
        maxLength: 3,
      })
      .map(
        (entries) =>
          JSON.parse(
            printCollection(
              entries.map(({ level, title }) => ({
                level,
                ...(title === undefined ? {} : { title }),
                ...(level.order ? { answer: level.order } : {}),
              })),
            ),
          ) as unknown,
      ),
  },
  {
    file: 'board.schema.json',
    read: (json: unknown) => boardFromJson(json),
    beyondSchema: ['CELL_COUNT', 'ODD_FACE'],
    documents: levels.map((level) => level.board as unknown),
  },
];

describe('JSON Schemas (draft 2020-12) agree with the package’s readers', () => {
  it('ships a schema for every format, listed in exports and files, with the readers’ row pattern', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
      files: string[];
    };
    expect([...schemas.keys()].sort()).toEqual([
      'answer.schema.json',
      'board.schema.json',
      'collection.schema.json',
      'engine-grid.schema.json',
      'level.schema.json',
    ]);
    expect(pkg.exports['./schema/*']).toBe('./schema/*');
    expect(pkg.files).toContain('schema');
    for (const schema of schemas.values())
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const level = schemas.get('level.schema.json') as unknown as {
      properties: { board: { items: { pattern: string } } };
    };
    expect(level.properties.board.items.pattern).toBe(BOARD_ROW_PATTERN);
  });

  for (const { file, read, beyondSchema, documents } of formats) {
    it(`${file}: both accept every valid document (fast-check)`, () => {
      const validate = validatorOf(file);
      fc.assert(
        fc.property(documents, (doc) => {
          expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
          expect(readerVerdict(read, doc)).toBeNull();
        }),
        { numRuns: 40 },
      );
    });

    it(`${file}: on fuzzed invalid documents both reject, or the reader names a rule beyond the schema`, () => {
      const validate = validatorOf(file);
      const tally = { bothReject: 0, beyond: 0 };
      fc.assert(
        fc.property(documents, mutations, (doc, m) => {
          const mutated = mutate(doc, m);
          const schemaOk = validate(mutated);
          const code = readerVerdict(read, mutated);
          // The reader never accepts what the schema refuses…
          if (code === null) expect(schemaOk, JSON.stringify(validate.errors)).toBe(true);
          // …and refuses what the schema accepts only by a rule the schema's description names.
          else if (schemaOk) {
            expect(beyondSchema).toContain(code);
            tally.beyond++;
          } else tally.bothReject++;
        }),
        { numRuns: 300 },
      );
      expect(tally.bothReject).toBeGreaterThan(50);
      const description = String(schemas.get(file)!.description);
      for (const rule of beyondSchema) expect(description).toContain(rule);
    });
  }

  it('engine-grid.schema.json accepts every plain export', () => {
    const validate = validatorOf('engine-grid.schema.json');
    fc.assert(
      fc.property(levels, (level) => {
        const grid = toEngineGrid(level);
        expect(validate(JSON.parse(JSON.stringify(grid))), JSON.stringify(validate.errors)).toBe(
          true,
        );
        // The grid and the board agree cell by cell.
        expect(grid.grid.flat()).toEqual(level.board.cells);
      }),
      { numRuns: 40 },
    );
  });

  it('the README’s example engine grid file is what toEngineGrid writes, and the schema accepts it', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const block = /^```json\n([\s\S]*?)^```$/m.exec(readme.slice(readme.indexOf('The whole file')));
    const file = JSON.parse(block![1]!) as unknown;
    const level = levelFromJson({
      board: ['AB.', 'A#B', '::#'],
      gravity: 'down',
      order: [
        [
          [0, 0],
          [1, 0],
        ],
        [
          [0, 1],
          [1, 2],
        ],
      ],
    });
    expect(file).toEqual(JSON.parse(JSON.stringify(toEngineGrid(level))));
    expect(validatorOf('engine-grid.schema.json')(file)).toBe(true);
  });
});
