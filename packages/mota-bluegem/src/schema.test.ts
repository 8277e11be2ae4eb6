// Issue 30: the JSON Schemas in schema/ describe what the package writes (plans, floor plans, tree
// orders, replay files: real outputs validate) and agree with its readers (parseTree, parseH5Route)
// on valid and fuzzed invalid documents — except where a reader checks what no schema can say (ids
// unique, one root, parents that exist, no cycle, Σa × Σg < 2^53), and then its message names it.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { isPuzzlekitError } from '@puzzlekit/errors';
import {
  arrivalPlansJson,
  offerJson,
  planJson,
  solutionJson,
  towerReplayJson,
} from './format/json.js';
import { h5Route, parseH5Route, printH5Route } from './format/h5route.js';
import { loadProject } from './format/project.js';
import { probeHero } from './graph/summary.js';
import { readProjectFiles } from './node.js';
import { offerHero } from './plan/offer.js';
import { towerReplay } from './plan/replay.js';
import { planTower, solveFloorArrivals } from './plan/tower.js';
import { openTowerDamage } from './sandbox/tower-damage.js';
import { solveFloor } from './solve/floor.js';
import { parseTree, solveTree } from './solve/tree.js';
import { fixtureTower } from './testing/fixtures.js';

const root = path.resolve(import.meta.dirname, '..');
const schemaDir = path.join(root, 'schema');
const schemas = new Map(
  readdirSync(schemaDir).map((file) => [
    file,
    JSON.parse(readFileSync(path.join(schemaDir, file), 'utf8')) as { $id: string },
  ]),
);
// Strict mode: unknown keywords, tuples without bounds and the like fail here.
const ajv = new Ajv2020({ strict: true });
for (const schema of schemas.values()) ajv.addSchema(schema);
const validator = (file: string) => ajv.getSchema(schemas.get(file)!.$id)!;

/** Every path to a node of a JSON document (as key lists), the root first. */
function pathsOf(doc: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out = [at];
  if (Array.isArray(doc)) doc.forEach((v, i) => out.push(...pathsOf(v, [...at, i])));
  else if (typeof doc === 'object' && doc !== null)
    for (const [k, v] of Object.entries(doc)) out.push(...pathsOf(v, [...at, k]));
  return out;
}

/** One random structural change of a document (a deep copy): replace, delete, add, renumber. */
function mutate(
  doc: unknown,
  m: { where: number; kind: number; value: unknown; key: string; number: number },
): unknown {
  const copy = JSON.parse(JSON.stringify(doc)) as unknown;
  const paths = pathsOf(copy);
  const at = paths[m.where % paths.length]!;
  const parent = at.slice(0, -1).reduce<unknown>((node, k) => (node as never)[k], copy);
  const set = (value: unknown): unknown => {
    if (at.length === 0) return value;
    (parent as Record<string | number, unknown>)[at[at.length - 1]!] = value;
    return copy;
  };
  const node = at.length === 0 ? copy : (parent as Record<string | number, unknown>)[at.at(-1)!];
  if (m.kind === 0) return set(m.value);
  if (m.kind === 1 && typeof node === 'object' && node !== null) {
    if (Array.isArray(node)) node.splice(m.where % Math.max(1, node.length), 1);
    else {
      const keys = Object.keys(node);
      if (keys.length > 0) delete (node as Record<string, unknown>)[keys[m.where % keys.length]!];
    }
    return copy;
  }
  if (m.kind === 2 && typeof node === 'object' && node !== null) {
    if (Array.isArray(node)) node.push(m.value);
    else (node as Record<string, unknown>)[m.key] = m.value;
    return copy;
  }
  return set(m.number);
}

const mutations = fc.record({
  where: fc.nat(),
  kind: fc.nat({ max: 3 }),
  value: fc.jsonValue({ maxDepth: 2 }),
  key: fc.string({ maxLength: 6 }),
  number: fc.oneof(fc.integer({ min: -3, max: 12 }), fc.double({ noNaN: true })),
});

/** The reader's verdict: null when it accepts, else its one-line message (typed errors only). */
function verdict(read: () => unknown): string | null {
  try {
    read();
    return null;
  } catch (error) {
    expect(isPuzzlekitError(error)).toBe(true);
    return (error as Error).message;
  }
}

const trees = fc
  .array(fc.record({ a: fc.nat({ max: 1000 }), g: fc.nat({ max: 1000 }), up: fc.nat() }), {
    minLength: 1,
    maxLength: 8,
  })
  .map((nodes) => ({
    nodes: nodes.map((n, id) => ({ id, parent: id === 0 ? -1 : n.up % id, a: n.a, g: n.g })),
  }));
const TREE_RULES = /duplicate id|root|is not a node id|own parent|cycle|2\^53/;

describe('JSON Schemas (draft 2020-12) of the Magic Tower formats', () => {
  it('ships a schema per format, listed in exports and files', () => {
    expect([...schemas.keys()].sort()).toEqual([
      'h5route.schema.json',
      'plan.schema.json',
      'solution.schema.json',
      'tree-order.schema.json',
      'tree.schema.json',
    ]);
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
      files: string[];
    };
    expect(pkg.exports['./schema/*']).toBe('./schema/*');
    expect(pkg.files).toContain('schema');
  });

  it('real plans of the fixture towers validate: stopped with an offer, carried on, and the tower’s code asked', async () => {
    const onlyUp = await fixtureTower('only-up');
    const plan = validator('plan.schema.json');
    const stopped = planTower(onlyUp);
    expect(stopped.offer).toBeDefined();
    const carried = planTower(onlyUp, { hero: stopped.offer?.hero, budget: { maxWork: 20_000 } });
    const FILE = { file: 'ou.h5route', moves: 4, name: 'OU', hard: 'Easy', seed: 1 };
    for (const p of [stopped, carried]) {
      const doc = JSON.parse(
        JSON.stringify({
          ...planJson(p, onlyUp),
          replay: { ...FILE, ...towerReplayJson(towerReplay(onlyUp, p)) },
        }),
      ) as { replay: { stopped?: string } };
      // the offered hero plans MT2 too, but no quiet walk on MT1 reaches its stair
      if (p === carried) expect(doc.replay.stopped).toMatch(/stops after MT1/);
      expect(plan(doc), JSON.stringify(plan.errors)).toBe(true);
    }
    const solution = validator('solution.schema.json');
    const hero = probeHero(onlyUp, 'MT1');
    const plans = solveFloorArrivals(onlyUp, 'MT1', { hero, budget: { maxWork: 20_000 } });
    const doc = { ...arrivalPlansJson(plans[0]!.solution!, plans), replay: FILE };
    expect(solution(JSON.parse(JSON.stringify(doc))), JSON.stringify(solution.errors)).toBe(true);
    // the game's own hero fights nothing on MT1: the solve offers a hero
    const offer = offerHero(onlyUp, 'MT1', { hero: onlyUp.hero, ...onlyUp.start, arrival: true });
    expect(offer).toBeDefined();
    const offered = JSON.parse(
      JSON.stringify({
        ...solutionJson(solveFloor(onlyUp, 'MT1', { ...onlyUp.start, arrival: true })),
        offer: offerJson(offer!),
      }),
    ) as unknown;
    expect(solution(offered), JSON.stringify(solution.errors)).toBe(true);
    // a custom damage code asked in the sandbox (fate-splendor with a dead variable added)
    const files = await readProjectFiles(
      fileURLToPath(new URL('../../../fixtures/mota/fate-splendor', import.meta.url)),
    );
    const edited = {
      ...files,
      'functions.js': files['functions.js']!.replace(
        'var init_damage = 0;',
        'var unused = 1; var init_damage = 0;',
      ),
    };
    const custom = loadProject(edited);
    const sandbox = await openTowerDamage(edited, custom);
    try {
      const floorId = custom.floorIds[1]!;
      const sol = solveFloor(custom, floorId, {
        hero: probeHero(custom, floorId),
        towerDamage: sandbox,
      });
      expect(sol.towerCode).toBeDefined();
      const json = JSON.parse(JSON.stringify(solutionJson(sol))) as unknown;
      expect(solution(json), JSON.stringify(solution.errors)).toBe(true);
    } finally {
      sandbox.dispose();
    }
    // what the schemas refuse: a route with another letter, a plan without its floors
    expect(solution({ ...doc, route: 'UX' })).toBe(false);
    const noFloors = { ...planJson(stopped, onlyUp) };
    delete noFloors.floors;
    expect(plan(noFloors)).toBe(false);
  });

  it('tree and tree order: generated trees and their orders validate; the reader and the schema agree on fuzzed ones', () => {
    const tree = validator('tree.schema.json');
    const order = validator('tree-order.schema.json');
    fc.assert(
      fc.property(trees, mutations, (doc, m) => {
        expect(tree(doc)).toBe(true);
        expect(order(JSON.parse(JSON.stringify(solveTree(parseTree(JSON.stringify(doc))))))).toBe(
          true,
        );
        const bad = mutate(doc, m);
        const byReader = verdict(() => parseTree(JSON.stringify(bad)));
        const bySchema = tree(bad);
        if (!bySchema) expect(byReader).not.toBeNull();
        else if (byReader !== null) expect(byReader).toMatch(TREE_RULES);
      }),
      { numRuns: 300 },
    );
  });

  it('replay files: written files validate; the reader and the schema agree on fuzzed ones', () => {
    const replay = validator('h5route.schema.json');
    const project = { name: 'OU', version: 'Ver 2.8.2', difficulties: ['Easy'] };
    const files = fc
      .record({
        moves: fc.array(fc.constantFrom('U', 'R', 'D', 'L'), { maxLength: 40 }),
        seed: fc.integer({ min: 0, max: 2 ** 31 }),
      })
      .map(
        ({ moves, seed }) =>
          JSON.parse(printH5Route(h5Route(project as never, moves.join(''), { seed }))) as unknown,
      );
    fc.assert(
      fc.property(files, mutations, (doc, m) => {
        expect(replay(doc)).toBe(true);
        expect(parseH5Route(JSON.stringify(doc))).toEqual(doc);
        const bad = mutate(doc, m);
        const bySchema = replay(bad);
        const byReader = verdict(() => parseH5Route(JSON.stringify(bad)));
        expect(byReader === null, `${JSON.stringify(bad)}: ${byReader}`).toBe(bySchema);
      }),
      { numRuns: 300 },
    );
  });
});
