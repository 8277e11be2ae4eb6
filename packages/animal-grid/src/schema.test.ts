/**
 * The published JSON Schemas (schema/*.schema.json, draft 2020-12) against the package's own
 * validators, with ajv: both accept every valid document (generated puzzles, collections, gardens);
 * on fuzzed documents (a value replaced, a key dropped or added, a near-miss value) the schema is
 * never stricter than the validator, and where the validator alone refuses, the reason is one of the
 * cross-field rules each schema's description lists (sums, references between fields, sizes that
 * depend on another field), which JSON Schema cannot state.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Ajv2020 from 'ajv/dist/2020.js';
import { InvalidInputError } from '@puzzlekit/errors';
import { Rng } from '@puzzlekit/rng';
import { valueOf } from '@puzzlekit/job';
import { formatCollection, validateCollection } from './format/collection.js';
import { validatePuzzle } from './format/puzzle-json.js';
import { generatePuzzle } from './generate/generator.js';
import { ANIMALS, COLUMN_FRUITS, ROW_FRUITS } from './model.js';
import {
  game as gardenGame,
  gardenEngineExport,
  validateGarden,
  validateGardenCollection,
} from './garden/index.js';
import { engineExport } from './format/engine.js';
import { LEVEL_50, puzzleArb } from './test-support.js';
import { solve } from './solve/solver.js';

const schemaDir = path.resolve(import.meta.dirname, '../schema');
const NAMES = [
  'puzzle',
  'collection',
  'garden',
  'garden-collection',
  'engine',
  'garden-engine',
] as const;
const ajv = new Ajv2020({ strict: true, allErrors: false });
for (const name of NAMES)
  ajv.addSchema(
    JSON.parse(readFileSync(path.join(schemaDir, `${name}.schema.json`), 'utf8')) as object,
  );
const schemaOf = (name: (typeof NAMES)[number]): ((doc: unknown) => boolean) => {
  const id = (
    JSON.parse(readFileSync(path.join(schemaDir, `${name}.schema.json`), 'utf8')) as { $id: string }
  ).$id;
  const validate = ajv.getSchema(id)!;
  return (doc) => validate(doc) === true;
};

/** The validator's verdict: null when it accepts, else its message (path and reason). */
function verdict(validate: (doc: unknown) => unknown, doc: unknown): string | null {
  try {
    validate(doc);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidInputError);
    return (e as InvalidInputError).message;
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path (keys and indices) to a node of a document, the root first. */
function paths(doc: Json, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(doc)) doc.forEach((v, i) => out.push(...paths(v, [...at, i])));
  else if (doc !== null && typeof doc === 'object')
    for (const [k, v] of Object.entries(doc)) out.push(...paths(v, [...at, k]));
  return out;
}

/** A copy of `doc` with the node at `at` changed by `change` (which returns the new node, or undefined to drop it). */
function mutate(
  doc: Json,
  at: (string | number)[],
  change: (node: Json) => Json | undefined,
): Json {
  if (at.length === 0) return change(doc) ?? null;
  const [head, ...rest] = at;
  if (Array.isArray(doc)) {
    const copy = doc.slice();
    const next =
      rest.length === 0
        ? change(copy[head as number]!)
        : mutate(copy[head as number]!, rest, change);
    if (next === undefined) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy;
  }
  const copy = { ...(doc as Record<string, Json>) };
  const next =
    rest.length === 0 ? change(copy[head as string]!) : mutate(copy[head as string]!, rest, change);
  if (next === undefined) delete copy[head as string];
  else copy[head as string] = next;
  return copy;
}

/** Values near the valid ones: names of the right and wrong kinds, integers at the edges. */
const nearMiss: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    ...ANIMALS,
    ...ROW_FRUITS,
    ...COLUMN_FRUITS,
    'rose',
    'daisy',
    'tulip',
    'lilac',
  ),
  fc.constantFrom<Json>(
    'height',
    'row',
    'column',
    'adjacent',
    'relativeHeight',
    'higher',
    'same',
    'easy',
  ),
  fc.integer({ min: -2, max: 20 }),
  // Infinity is what JSON.parse makes of 1e400.
  fc.constantFrom<Json>(0.5, Number.POSITIVE_INFINITY, -0, true, null, '', 'a b', 'x@y', [], {}),
  fc.string({ maxLength: 45 }),
  fc.array(fc.constantFrom<Json>(...ANIMALS, ...ROW_FRUITS, 1, null), { maxLength: 3 }),
);

/** A fuzzed copy of a valid document. */
function fuzzed(valid: Json): fc.Arbitrary<Json> {
  const all = paths(valid);
  return fc
    .tuple(
      fc.nat({ max: all.length - 1 }),
      fc.constantFrom('replace', 'near', 'drop', 'add'),
      fc.oneof(fc.jsonValue() as fc.Arbitrary<Json>, nearMiss),
      fc.constantFrom('x', 'name', 'answer', 'grade', 'type', 'in', '__proto__', 'flowerTypes'),
    )
    .map(([k, how, value, key]) => {
      const at = all[k]!;
      if (how === 'add')
        return mutate(valid, at, (node) =>
          node !== null && typeof node === 'object' && !Array.isArray(node)
            ? { ...node, [key]: value }
            : Array.isArray(node)
              ? [...node, value]
              : value,
        );
      if (how === 'drop') return mutate(valid, at, () => undefined);
      return mutate(valid, at, () => value);
    });
}

/** How many fuzzed documents both refused, per schema: the fuzz must reach real refusals. */
const refusedByBoth = new Map<string, number>();

/** Checks agreement of one document. */
function agree(
  name: (typeof NAMES)[number],
  validate: (doc: unknown) => unknown,
  crossField: readonly RegExp[],
  doc: Json,
): void {
  const schema = schemaOf(name)(doc);
  const reason = verdict(validate, doc);
  if (reason !== null && !schema) refusedByBoth.set(name, (refusedByBoth.get(name) ?? 0) + 1);
  if (reason === null)
    expect(
      schema,
      `schema refuses what the validator accepts: ${JSON.stringify(doc).slice(0, 300)}`,
    ).toBe(true);
  else if (schema)
    expect(
      crossField.some((r) => r.test(reason)),
      `only the validator refuses, for a rule the schema should state: ${reason}`,
    ).toBe(true);
}

const PUZZLE_RULES = [
  /it must name exactly 9/,
  /is not among the puzzle's animals/,
  /cannot be compared with itself/,
];
const GARDEN_RULES = [
  /expected \d+ (rows|cells), got/,
  // A count of one flower above size × size (the schema allows up to 16 × 16).
  /\.flowers(\.\w+|\[.*\]): expected an integer from 0 to \d+, got/,
  /unknown flower/,
  /do not fit in \d+ cells/,
  /is below min/,
  /defined twice/,
];
const PLANTING_RULES = [/planted twice/, /planted where the level gives/, /is outside the/];

const puzzles = [
  LEVEL_50,
  ...Array.from(
    { length: 12 },
    (_, i) => valueOf(generatePuzzle(Rng.forIndex('schema', i)))!.puzzle,
  ),
];
const collectionDoc = JSON.parse(
  formatCollection(
    puzzles.slice(0, 4).map((p, i) => ({
      name: `n${i}`,
      puzzle: p,
      answer: solve(p).solutions[0]!,
      grade: 'hard',
      difficulty: 12.5,
    })),
  ),
) as Json;
const gardens = [2, 3, 4, 5].map((size, i) =>
  valueOf(gardenGame.generate!.run({ size }, Rng.forIndex('schema-garden', i), {}))!,
);
const gardenDocs = gardens.map((g) => gardenGame.levelToJson(g.level) as Json);
const gardenCollectionDoc = JSON.parse(
  gardenGame.format!.print(gardens.map((g, i) => ({ ...g, title: `g${i}` }))),
) as Json;

describe('JSON Schemas agree with the validators', () => {
  it('accept every valid document', () => {
    for (const p of puzzles) expect(schemaOf('puzzle')(JSON.parse(JSON.stringify(p)))).toBe(true);
    fc.assert(
      fc.property(puzzleArb, (p) => {
        expect(schemaOf('puzzle')(JSON.parse(JSON.stringify(p)))).toBe(true);
      }),
    );
    expect(schemaOf('collection')(collectionDoc)).toBe(true);
    for (const d of gardenDocs) expect(schemaOf('garden')(d)).toBe(true);
    expect(schemaOf('garden-collection')(gardenCollectionDoc)).toBe(true);
  });

  it('puzzle: fuzzed documents (property)', () => {
    fc.assert(
      fc.property(
        fc
          .nat({ max: puzzles.length - 1 })
          .chain((k) => fuzzed(JSON.parse(JSON.stringify(puzzles[k]!)) as Json)),
        (doc) => agree('puzzle', validatePuzzle, PUZZLE_RULES, doc),
      ),
      { numRuns: 600 },
    );
  });

  it('collection: fuzzed documents (property)', () => {
    fc.assert(
      fc.property(fuzzed(collectionDoc), (doc) =>
        agree('collection', validateCollection, PUZZLE_RULES, doc),
      ),
      { numRuns: 600 },
    );
  });

  it('garden: fuzzed documents (property)', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: gardenDocs.length - 1 }).chain((k) => fuzzed(gardenDocs[k]!)),
        (doc) => agree('garden', validateGarden, GARDEN_RULES, doc),
      ),
      { numRuns: 600 },
    );
  });

  it('garden collection: fuzzed documents (property)', () => {
    // A file of one level is also read as a collection of one; the schema describes the collection.
    const validate = (doc: unknown): unknown => {
      if (doc === null || typeof doc !== 'object' || !Object.hasOwn(doc, 'gardens'))
        throw new InvalidInputError('not a collection', { path: '$' });
      return validateGardenCollection(doc);
    };
    fc.assert(
      fc.property(fuzzed(gardenCollectionDoc), (doc) =>
        agree('garden-collection', validate, [...GARDEN_RULES, ...PLANTING_RULES], doc),
      ),
      { numRuns: 600 },
    );
  });

  it('the fuzz reached documents both refuse, for every format', () => {
    for (const name of ['puzzle', 'collection', 'garden', 'garden-collection'])
      expect(refusedByBoth.get(name) ?? 0).toBeGreaterThan(100);
  });

  it('the engine export decodes by its legend alone into the answer and the board', () => {
    for (const p of puzzles) {
      const answer = solve(p).solutions[0]!;
      const doc = JSON.parse(JSON.stringify(engineExport(p, answer))) as {
        legend: { code: number; name: string }[];
        cells: number[][];
        heights: number[][];
        rowLabels: string[];
        pieces: { code: number; count: number }[];
      };
      const names = new Map(doc.legend.map((e) => [e.code, e.name]));
      const decoded = doc.cells.flatMap((row, r) =>
        row.map((code, x) => ({ animal: names.get(code), x, y: 2 - r })),
      );
      expect(decoded).toEqual(answer);
      expect(doc.heights).toEqual([2, 1, 0].map((y) => [0, 1, 2].map((x) => Math.min(x, y) + 1)));
      expect(doc.rowLabels).toEqual(['apple', 'lemon', 'orange']);
      const counts = Object.fromEntries(doc.pieces.map((q) => [names.get(q.code), q.count]));
      expect(counts).toEqual(p.animals);
    }
  });

  it('the engine export of every generated puzzle fits its schema', () => {
    for (const p of puzzles) {
      const doc = JSON.parse(JSON.stringify(engineExport(p, solve(p).solutions[0]))) as Json;
      expect(schemaOf('engine')(doc)).toBe(true);
      expect(schemaOf('engine')(JSON.parse(JSON.stringify(engineExport(p))) as Json)).toBe(true);
    }
  });

  it('the garden engine export fits its schema and decodes by its legend into the level', () => {
    for (const g of gardens) {
      const doc = JSON.parse(JSON.stringify(gardenEngineExport(g.level, g.answer))) as {
        legend: { code: number; name: string }[];
        target: number[][];
        planting: number[][];
        humidity: number[][];
      };
      expect(schemaOf('garden-engine')(doc)).toBe(true);
      expect(
        schemaOf('garden-engine')(JSON.parse(JSON.stringify(gardenEngineExport(g.level)))),
      ).toBe(true);
      const names = new Map(doc.legend.map((e) => [e.code, e.code === 0 ? null : e.name]));
      expect(doc.target.flat().map((c) => names.get(c))).toEqual(g.level.target);
      expect(doc.humidity.flat()).toEqual(g.level.humidity);
      const planted = doc.planting.flatMap((row, y) =>
        row.flatMap((c, x) => (c === 0 ? [] : [{ flower: names.get(c), x, y }])),
      );
      expect(planted).toEqual(g.answer);
    }
  });
});
