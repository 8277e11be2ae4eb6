import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Ajv2020Module from 'ajv/dist/2020.js';
import { InvalidInputError, isPuzzlekitError } from '@puzzlekit/errors';
import { Rng } from '@puzzlekit/rng';
import { validateLevel } from './level.js';
import { validateSnapshot } from './snapshot.js';
import { fromGridExport, toGridExport } from './grid.js';
import { game } from '../game.js';
import { compileLevel, levelSnapshot, screwDepths } from '../board.js';
import { SEED_PARAMS } from '../rate/dct.js';
import { Game } from '../simulate/engine.js';
import { makeChooser } from '../simulate/bots.js';
import { makeSpawner } from '../simulate/policy.js';
import { TINY, generated } from '../testing/levels.js';
import type { Level } from '../model.js';

const schemaDir = path.resolve(import.meta.dirname, '../../schema');
const load = (name: string): object =>
  JSON.parse(readFileSync(path.join(schemaDir, `${name}.schema.json`), 'utf8')) as object;

// ajv ships CommonJS: its default export is the class, under `default` when imported from ESM.
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ??
  Ajv2020Module) as typeof Ajv2020Module;
// Strict, except that a `oneOf` of `required` lists (a bar has cells or a polygon) names properties
// declared beside it rather than inside it, which ajv's strictRequired mistakes for a typo.
const ajv = new Ajv2020({ strict: true, strictRequired: false });
for (const name of ['level', 'collection', 'snapshot', 'grid']) ajv.addSchema(load(name));
const schemaSays = (name: string) => {
  const validate = ajv.getSchema(`https://puzzlekit.dev/schema/screw-jam/${name}.schema.json`)!;
  return (doc: unknown): boolean => validate(doc) as boolean;
};

/** Whether the package's own reader accepts `doc`; anything it throws must be a typed error. */
function accepts(read: (doc: unknown) => unknown) {
  return (doc: unknown): boolean => {
    try {
      read(doc);
      return true;
    } catch (e) {
      expect(isPuzzlekitError(e)).toBe(true);
      return false;
    }
  };
}

const POLYGON_LEVEL: Level = {
  width: 4,
  height: 2,
  colors: ['red'],
  traySize: 5,
  bars: [
    {
      layer: 0,
      cells: [
        [0, 0],
        [1, 0],
      ],
      screws: [
        { x: 0.5, y: 0.5, color: 'red' },
        { x: 1.5, y: 0.5, color: 'red' },
      ],
    },
    {
      layer: 1,
      polygon: [
        [1, 0],
        [3, 0],
        [3, 1],
        [1, 1],
      ],
      screws: [{ x: 2.5, y: 0.5, color: 'red' }],
    },
  ],
};

const small = (seed: number): Level =>
  generated({ colors: 3, boxesPerColor: 1, layers: 3, width: 5, height: 5, seed });

/** A mid-game snapshot: `taps` greedy taps into a game of `level`. */
function midGame(level: Level, taps: number, seed: number) {
  const lv = compileLevel(level);
  const g = new Game(lv, 2, SEED_PARAMS, false);
  const rng = Rng.from(seed);
  const spawner = makeSpawner({ kind: 'random' }, rng.fork());
  const chooser = makeChooser({ kind: 'greedy' }, rng.fork());
  g.refill(spawner);
  const moves = new Int32Array(lv.nScrews);
  for (let i = 0; i < taps && g.status === 0; i++) {
    const n = g.legal(moves);
    if (n === 0) break;
    g.tap(chooser.choose(g, moves, n), spawner);
  }
  return g.snapshot();
}

/** JSON-only copy (what a file holds). */
const plain = <T>(x: T): unknown => JSON.parse(JSON.stringify(x)) as unknown;

/**
 * A mutation of a JSON document: walks down by `steps` (each picks a child) and there replaces the
 * value, deletes the key, or adds an unknown key.
 */
function mutate(doc: unknown, steps: readonly number[], kind: number, value: unknown): unknown {
  const root = structuredClone(doc);
  let parent: Record<string, unknown> | unknown[] | null = null;
  let key: string | number = '';
  let node: unknown = root;
  for (const step of steps) {
    if (node === null || typeof node !== 'object') break;
    const keys: (string | number)[] = Array.isArray(node)
      ? node.map((_, i) => i)
      : Object.keys(node);
    if (keys.length === 0) break;
    parent = node as Record<string, unknown> | unknown[];
    key = keys[step % keys.length]!;
    node = (parent as Record<string | number, unknown>)[key];
  }
  if (parent === null) return value;
  if (kind === 1 && !Array.isArray(parent)) delete parent[key as string];
  else if (kind === 2 && node !== null && typeof node === 'object' && !Array.isArray(node))
    (node as Record<string, unknown>).unexpected = value;
  else (parent as Record<string | number, unknown>)[key] = value;
  return root;
}

const mutation = fc.tuple(
  fc.array(fc.nat(), { maxLength: 8 }),
  fc.nat({ max: 2 }),
  fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(-1, 0, 1.5, 1e7, '', 'x', null, [], {}, [0, 0], true),
  ),
);

/** The schema and the reader agree: what the reader accepts the schema accepts, and what the schema refuses the reader refuses. */
function agreeOnMutations(name: string, read: (doc: unknown) => unknown, valid: unknown[]) {
  const schema = schemaSays(name);
  const reader = accepts(read);
  for (const doc of valid) {
    expect(schema(doc), `${name} schema on a valid document`).toBe(true);
    expect(reader(doc), `${name} reader on a valid document`).toBe(true);
  }
  fc.assert(
    fc.property(fc.constantFrom(...valid), mutation, (doc, [steps, kind, value]) => {
      const bad = mutate(doc, steps, kind, value);
      const bySchema = schema(bad);
      const byReader = reader(bad);
      // The reader checks all the schema checks, and more (geometry, counts): never less.
      if (byReader) expect(bySchema).toBe(true);
      // An unknown key is refused by both.
      if (kind === 2 && bad !== doc && JSON.stringify(bad).includes('"unexpected"')) {
        expect(bySchema).toBe(false);
        expect(byReader).toBe(false);
      }
    }),
    { numRuns: 400 },
  );
}

describe('the JSON Schemas agree with the package’s own readers', () => {
  const levels = [TINY, POLYGON_LEVEL, small(1), small(2), small(3)].map(plain);

  it('levels: valid ones pass both; mutated ones never pass the reader alone (property)', () => {
    agreeOnMutations('level', validateLevel, levels);
  });

  it('level files: one level or {levels: […]}', () => {
    const read = (doc: unknown) => game.format!.parse(JSON.stringify(doc));
    agreeOnMutations('collection', read, [...levels, { levels }, { levels: [] }]);
  });

  it('engine snapshots, at the start and mid-game (property)', () => {
    const snaps = [
      levelSnapshot(small(4)),
      midGame(small(5), 4, 1),
      midGame(small(6), 6, 2),
      { maxPerColor: 3, screws: [{ color: 'red', depth: 0 }], tray: [], currentBox: null },
    ].map(plain);
    agreeOnMutations('snapshot', (doc) => validateSnapshot(doc), snaps);
  });

  it('grid exports (property)', () => {
    const grids = [TINY, small(7), small(8)].map((l) => plain(toGridExport(l)));
    agreeOnMutations('grid', fromGridExport, grids);
  });

  it('refuses a structural break in each kind of document, both of them, by hand', () => {
    const cases: [string, (doc: unknown) => unknown, unknown][] = [
      ['level', validateLevel, { ...TINY, width: '4' }],
      ['level', validateLevel, { ...TINY, bars: [] }],
      [
        'level',
        validateLevel,
        {
          ...TINY,
          bars: [
            {
              ...TINY.bars[0]!,
              polygon: [
                [0, 0],
                [1, 0],
                [1, 1],
              ],
            },
          ],
        },
      ],
      ['level', validateLevel, { ...TINY, solution: { boxes: ['red'] } }],
      ['snapshot', (d) => validateSnapshot(d), { maxPerColor: 3, screws: [{ color: 'red' }] }],
      ['snapshot', (d) => validateSnapshot(d), { maxPerColor: 3, screws: [], tray: null }],
      [
        'snapshot',
        (d) => validateSnapshot(d),
        { maxPerColor: 3, screws: [], currentBox: { color: 'red', filled: 3 } },
      ],
      ['grid', fromGridExport, { ...(plain(toGridExport(TINY)) as object), version: 2 }],
    ];
    for (const [name, read, doc] of cases) {
      expect(schemaSays(name)(doc), JSON.stringify(doc)).toBe(false);
      expect(accepts(read)(doc), JSON.stringify(doc)).toBe(false);
    }
  });
});

describe('the grid export', () => {
  it('is TINY as an engine sees it (by hand)', () => {
    const g = toGridExport(TINY);
    expect(g.legend.colors).toEqual(['red', 'blue']);
    expect(g.layers).toEqual([
      {
        layer: 0,
        bars: [
          [1, 1, 0, 0],
          [4, 4, 0, 0],
        ],
        screws: [
          [1, 2, 0, 0],
          [1, 2, 0, 0],
        ],
      },
      {
        layer: 1,
        bars: [
          [0, 2, 2, 0],
          [0, 0, 0, 0],
        ],
        screws: [
          [0, 0, 1, 0],
          [0, 0, 0, 0],
        ],
      },
      {
        layer: 2,
        bars: [
          [0, 0, 3, 3],
          [0, 0, 0, 0],
        ],
        screws: [
          [0, 0, 0, 2],
          [0, 0, 0, 0],
        ],
      },
    ]);
  });

  it('reads back equal for generated levels, with the winning play (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), (seed) => {
        const level = generated({
          colors: 4,
          boxesPerColor: 2,
          layers: 4,
          width: 6,
          height: 6,
          seed,
        });
        const g = plain(toGridExport(level));
        expect(fromGridExport(g)).toEqual(level);
        expect(schemaSays('grid')(g)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('an engine finds the tappable screws from the grids alone', () => {
    for (let seed = 0; seed < 10; seed++) {
      const level = generated({
        colors: 5,
        boxesPerColor: 2,
        layers: 5,
        width: 6,
        height: 6,
        seed,
      });
      const g = plain(toGridExport(level)) as {
        layers: { layer: number; bars: number[][]; screws: number[][] }[];
      };
      // An engine's loader: a screw is tappable when no higher layer has a bar on its cell.
      const fromGrids = new Set<string>();
      g.layers.forEach((l, i) =>
        l.screws.forEach((row, y) =>
          row.forEach((code, x) => {
            if (code === 0) return;
            if (g.layers.slice(i + 1).every((above) => above.bars[y]![x] === 0))
              fromGrids.add(`${x},${y},${l.layer}`);
          }),
        ),
      );
      const depths = screwDepths(level);
      const ours = new Set<string>();
      let s = 0;
      for (const bar of level.bars)
        for (const screw of bar.screws)
          if (depths[s++] === 0) ours.add(`${screw.x - 0.5},${screw.y - 0.5},${bar.layer}`);
      expect(fromGrids).toEqual(ours);
    }
  });

  it('refuses levels a grid cannot hold, naming where', () => {
    const err = (() => {
      try {
        toGridExport(POLYGON_LEVEL);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(InvalidInputError);
    expect((err as InvalidInputError).path).toBe('$.bars[1].polygon');
    const offCentre: Level = {
      ...TINY,
      bars: [
        { ...TINY.bars[0]!, screws: [{ x: 0.2, y: 0.5, color: 'red' }] },
        ...TINY.bars.slice(1),
      ],
    };
    expect(() => toGridExport(offCentre)).toThrow(/\$\.bars\[0\]\.screws\[0\]: no grid form/);
  });
});
