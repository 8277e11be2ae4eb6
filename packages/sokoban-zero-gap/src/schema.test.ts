// Issue 30: the JSON Schemas in schema/ and the package's own readers agree. Real levels and answers
// validate; on fuzzed documents, whatever the reader accepts the schema accepts too (a schema cannot
// say "one player" or "as many boxes as goals", so the reader may refuse more, never less).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseXsb } from './format/xsb.js';
import { answerFromJson, game, levelFromJson, levelToJson } from './game.js';
import { readOptions } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';

const root = path.resolve(import.meta.dirname, '..');
const schemaDir = path.join(root, 'schema');
const ajv = new Ajv2020({ strict: true });
for (const file of readdirSync(schemaDir)) {
  ajv.addSchema(JSON.parse(readFileSync(path.join(schemaDir, file), 'utf8')) as object);
}
const validLevel = ajv.getSchema(
  'https://unpkg.com/@puzzlekit/sokoban-zero-gap/schema/level.schema.json',
)!;
const validAnswer = ajv.getSchema(
  'https://unpkg.com/@puzzlekit/sokoban-zero-gap/schema/answer.schema.json',
)!;

const accepts = (read: () => unknown): boolean => {
  try {
    read();
    return true;
  } catch {
    return false;
  }
};

const classic = ['microban_155.xsb', 'xsokoban_90.xsb', 'box_world_100.xsb'].flatMap(
  (name) =>
    parseXsb(readFileSync(path.join(root, '..', '..', 'fixtures', 'sokoban', name), 'utf8')).levels,
);

describe('the JSON Schemas of a level and an answer', () => {
  it('accept every classic level and every generated level with its answer', () => {
    for (const level of classic) {
      const json = levelToJson(level);
      expect(validLevel(json), JSON.stringify(validLevel.errors)).toBe(true);
    }
    const generate = game.generate!;
    for (const type of ['b', 'e', 'w', 'g', 's']) {
      const options = readOptions(generate.options, {
        type,
        size: type === 's' ? 8 : 4,
        pushes: 200,
      });
      const made = generate.run(options, Rng.forIndex(7, 0), generate.budget);
      if (!('value' in made)) throw new Error(`no ${type} level`);
      expect(validLevel(levelToJson(made.value.level))).toBe(true);
      expect(validAnswer(made.value.answer)).toBe(true);
    }
  });

  it('accept whatever the reader accepts, on fuzzed levels (property)', () => {
    const row = fc.string({
      unit: fc.constantFrom(...'#@+$*. -_pPbB0123456789()|\t\rxX\u00e9'.split('')),
      maxLength: 12,
    });
    const doc = fc.oneof(
      fc.record(
        { board: fc.array(row, { minLength: 0, maxLength: 8 }), title: fc.string() },
        { requiredKeys: ['board'] },
      ),
      fc.record(
        { board: fc.anything(), author: fc.anything(), extra: fc.anything() },
        {
          requiredKeys: [],
        },
      ),
      fc.anything(),
    );
    fc.assert(
      fc.property(doc, (json) => {
        if (accepts(() => levelFromJson(json))) expect(validLevel(json)).toBe(true);
        if (!validLevel(json)) expect(accepts(() => levelFromJson(json))).toBe(false);
      }),
      { numRuns: 2000 },
    );
    // and the readers do take some of them: the property is not vacuous
    expect(accepts(() => levelFromJson({ board: ['#####', '#@$.#', '#####'] }))).toBe(true);
  });

  it('accept whatever the reader accepts, on fuzzed answers (property)', () => {
    const answer = fc.oneof(
      fc.string({
        unit: fc.constantFrom(...'lurdLURD0123456789() \n\txX'.split('')),
        maxLength: 20,
      }),
      fc.anything(),
    );
    fc.assert(
      fc.property(answer, (json) => {
        if (accepts(() => answerFromJson(json))) expect(validAnswer(json)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(validAnswer('2(uR)dd')).toBe(true);
    expect(validAnswer('uRx')).toBe(false);
  });
});
