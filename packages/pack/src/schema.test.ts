// Issue 30: the JSON Schemas in schema/ describe what a pack run writes. Real records and manifests
// (a pack run through the pool, and packs assembled in this thread that cover every kind of record:
// solved, unrated, solver stopped, given up, duplicates replaced) validate; documents broken in a way
// the format forbids are rejected; and the manifest's spec schema never accepts a spec that the pack's
// own reader of specs (normalizeSpec) refuses.
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { game as sumGame } from './fixtures/sum-game.js';
import {
  assemblePack,
  makeLevel,
  normalizeSpec,
  packId,
  runPack,
  writePackFiles,
  type PackManifest,
  type PackRecord,
  type PackSpec,
} from './index.js';

const root = path.resolve(import.meta.dirname, '..');
const schemaDir = path.join(root, 'schema');
const schemas = new Map(
  readdirSync(schemaDir).map((file) => [
    file,
    JSON.parse(readFileSync(path.join(schemaDir, file), 'utf8')) as { $id: string },
  ]),
);
// Strict mode: unknown keywords and loose tuples fail here, not in a user's validator.
const ajv = new Ajv2020({ strict: true });
for (const schema of schemas.values()) ajv.addSchema(schema);
const validRecord = ajv.getSchema(schemas.get('pack-record.schema.json')!.$id)!;
const validManifest = ajv.getSchema(schemas.get('manifest.schema.json')!.$id)!;
const validSpec = ajv.getSchema(`${schemas.get('manifest.schema.json')!.$id}#/$defs/spec`)!;

const SUM_GAME = new URL('./fixtures/sum-game.ts', import.meta.url).href;
const specs: PackSpec[] = [
  // Solved, rated levels.
  { game: SUM_GAME, gameId: 'sum', options: { size: 7 }, count: 6, seed: 42 },
  // Duplicates replaced by later candidates, levels given up, sorted by difficulty.
  {
    game: SUM_GAME,
    gameId: 'sum',
    options: { size: 2, maxValue: 2 },
    count: 14,
    seed: 'tight',
    maxCandidates: 4,
    sort: 'difficulty',
  },
  // A solver and a rater out of work: levels kept on the generator's replayed answer, unrated.
  {
    game: SUM_GAME,
    gameId: 'sum',
    count: 3,
    seed: 7,
    budget: { solve: { maxWork: 1 }, rate: { maxWork: 3 } },
  },
  // A generator allowed no work: every level given up, every job stopped.
  { game: SUM_GAME, gameId: 'sum', count: 2, seed: 1, budget: { generate: { maxWork: 0 } } },
];

const folders: string[] = [];
const records: PackRecord[] = [];
const manifests: PackManifest[] = [];

beforeAll(async () => {
  // One pack through the pool, as the CLI runs it; the others assembled in this thread (the same
  // functions runPack calls), which is quicker on a busy machine.
  const out = await mkdtemp(path.join(os.tmpdir(), 'pack-schema-'));
  folders.push(out);
  manifests.push(await runPack(specs[0]!, { out, workers: 1 }));
  const text = await readFile(path.join(out, 'levels.jsonl'), 'utf8');
  records.push(
    ...text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as PackRecord),
  );
  expect(JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8'))).toEqual(manifests[0]);
  for (const raw of specs.slice(1)) {
    const spec = normalizeSpec(raw, sumGame);
    const pack = await assemblePack(spec, (index, from) =>
      Promise.resolve(makeLevel(sumGame, spec, index, from)),
    );
    const folder = await mkdtemp(path.join(os.tmpdir(), 'pack-schema-'));
    folders.push(folder);
    manifests.push(
      await writePackFiles(folder, sumGame, spec, pack, {
        runner: 'queue',
        packId: packId(spec),
        packages: { '@puzzlekit/pack': '0.1.0' },
        wallMs: 12.5,
      }),
    );
    records.push(...pack.records);
  }
});

afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A way to break a document, given a random number and a random string. */
type Breaking = (doc: Record<string, unknown>, n: number, s: string) => void;

/** Every document broken by any of `breakings` (with random arguments) fails `validate`. */
function rejectsEveryBreaking(
  documents: readonly object[],
  breakings: readonly Breaking[],
  validate: (doc: unknown) => boolean,
): void {
  fc.assert(
    fc.property(
      fc.nat(),
      fc.nat({ max: breakings.length - 1 }),
      fc.nat({ max: 1000 }),
      fc.string({ maxLength: 8 }),
      (which, breaking, n, s) => {
        const doc = copy(documents[which % documents.length]!) as Record<string, unknown>;
        breakings[breaking]!(doc, n, s);
        expect(validate(doc), JSON.stringify(doc)).toBe(false);
      },
    ),
  );
}

describe('the pack JSON Schemas (draft 2020-12)', () => {
  it('are shipped: listed in exports and files', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
      files: string[];
      publishConfig: { exports: Record<string, unknown> };
    };
    expect([...schemas.keys()].sort()).toEqual(['manifest.schema.json', 'pack-record.schema.json']);
    expect(pkg.exports['./schema/*']).toBe('./schema/*');
    expect(pkg.publishConfig.exports['./schema/*']).toBe('./schema/*');
    expect(pkg.files).toContain('schema');
  });

  it('accept every record and manifest of real packs, of every kind', () => {
    const kinds = new Set(
      records.map((r) =>
        r.level === undefined
          ? 'given up'
          : r.rating === undefined
            ? 'unrated'
            : `candidate ${r.candidate === 0 ? 0 : 'k'}`,
      ),
    );
    expect([...kinds].sort()).toEqual(['candidate 0', 'candidate k', 'given up', 'unrated']);
    for (const record of records) {
      expect(validRecord(record), JSON.stringify(validRecord.errors)).toBe(true);
    }
    expect(manifests.some((m) => m.rejected.length > 0 && m.budgetStopped.length > 0)).toBe(true);
    for (const manifest of manifests) {
      expect(validManifest(manifest), JSON.stringify(validManifest.errors)).toBe(true);
    }
  });

  it('accept any JSON as a level or an answer, and any words as a reason', () => {
    const accepted = () => records.find((r) => r.level !== undefined)!;
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (level, answer) => {
        expect(validRecord({ ...accepted(), level, answer })).toBe(true);
      }),
    );
    const givenUp = records.find((r) => r.level === undefined)!;
    fc.assert(
      fc.property(fc.string(), (reason) => {
        expect(validRecord({ ...givenUp, reason })).toBe(true);
      }),
    );
  });

  it('reject records broken in any way the format forbids', () => {
    const known = new Set(['index', 'candidate', 'level', 'answer', 'rating', 'outcome', 'jobs']);
    const breakings: Breaking[] = [
      (r) => delete r.outcome,
      (r) => delete r.index,
      (r, n) => (r.index = -1 - n),
      (r, n) => (r.index = n + 0.5),
      (r, n, s) => (r.index = s),
      (r, n, s) => (r[known.has(s) || s === 'reason' ? `${s}!` : s] = n),
      (r, n, s) => (r.outcome = { kind: `${s}?` }),
      (r, n, s) => (r.outcome = { kind: 'gave-up', bound: `${s}?`, limit: n, unit: 'nodes' }),
      (r, n) => (r.outcome = { kind: 'gave-up', bound: 'work', limit: -1 - n, unit: 'nodes' }),
      (r) => (r.outcome = { kind: 'solved', bound: 'work' }),
      // A given-up level has no level; an accepted one has its candidate, level and jobs.
      (r, n) => (r.level === undefined ? (r.level = n) : delete r.candidate),
      (r) => (r.level === undefined ? (r.jobs = {}) : delete r.jobs),
      (r) => (r.level === undefined ? (r.rating = { score: 1 }) : delete r.level),
      (r, n, s) => (r.level === undefined ? (r.outcome = { kind: s }) : (r.rating = { grade: s })),
      (r, n, s) => (r.level === undefined ? (r.reason = n) : (r.rating = { score: s })),
      (r, n) => (r.level === undefined ? (r.index = null) : (r.jobs = { solve: n })),
      (r, n) =>
        r.level === undefined
          ? (r.outcome = { kind: 'gave-up', bound: 'time', limit: n, unit: 'ms' })
          : ((r.jobs as { generate: { work: number } }).generate.work = -1 - n),
    ];
    rejectsEveryBreaking(records, breakings, validRecord);
  });

  it('reject manifests broken in any way the format forbids', () => {
    const required = Object.keys(manifests[0]!);
    const counts = Object.keys(manifests[0]!.counts);
    const breakings: Breaking[] = [
      (m, n) => delete m[required[n % required.length]!],
      (m, n) => ((m.counts as Record<string, number>)[counts[n % counts.length]!] = -1 - n),
      (m, n) => ((m.counts as Record<string, number>)[counts[n % counts.length]!] = n + 0.5),
      (m, n, s) => (m.pack = `${s}${'g'.repeat(16 - Math.min(s.length, 15))}`),
      (m, n, s) => (m[required.includes(s) ? `${s}!` : s] = n),
      (m, n, s) => ((m.timings as Record<string, unknown>).runner = `${s}?`),
      (m, n) => ((m.timings as Record<string, unknown>).workers = -n),
      (m, n) => (m.rejected = [{ index: n, candidate: 0, reason: 'duplicate of level 0' }]),
      (m, n, s) => (m.budgetStopped = [{ index: n, candidate: 0, job: s, outcome: {} }]),
      (m, n) => (m.files = [n]),
    ];
    rejectsEveryBreaking(manifests, breakings, validManifest);
  });

  it("never accept a spec that the pack's own reader (normalizeSpec) refuses", () => {
    const keys = ['game', 'gameId', 'count', 'first', 'seed', 'sort', 'maxCandidates', 'budget'];
    const values = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.integer({ min: -3, max: 1003 }),
      fc.double(),
      fc.constantFrom('index', 'difficulty', 'sum', '', 2 ** 53, -0),
      fc.record({ maxWork: fc.jsonValue({ maxDepth: 1 }) }),
      fc.record({ generate: fc.record({ maxMs: fc.double() }, { requiredKeys: [] }) }),
    );
    let refused = 0;
    fc.assert(
      fc.property(
        fc.nat(),
        fc.constantFrom(...keys),
        fc.option(values, { nil: undefined }),
        (which, key, value) => {
          const spec = copy(manifests[which % manifests.length]!.spec) as unknown as Record<
            string,
            unknown
          >;
          if (value === undefined) delete spec[key];
          else spec[key] = value;
          let readerAccepts = true;
          try {
            normalizeSpec(spec as unknown as PackSpec, sumGame);
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidInputError);
            // Which game a spec names and which options it takes are the game's to say, not a
            // schema's: the reader checks them against the game's descriptor.
            readerAccepts = (error as InvalidInputError).path === '$.gameId';
            refused++;
          }
          // The manifest holds a normalized spec: every default written, so the schema is stricter
          // than the reader of a spec a user writes, never looser.
          if (validSpec(spec)) expect(readerAccepts, JSON.stringify(spec)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    expect(refused).toBeGreaterThan(0);
    for (const manifest of manifests) {
      expect(validSpec(manifest.spec)).toBe(true);
      expect(normalizeSpec(manifest.spec, sumGame)).toEqual(manifest.spec);
    }
  });
});
