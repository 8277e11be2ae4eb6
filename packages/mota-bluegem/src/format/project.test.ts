import { readdirSync, readFileSync } from 'node:fs';
import { ParseError } from '@puzzlekit/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProjectFiles } from '../model.js';
import { syntheticProject } from '../testing/synthetic.js';
import { loadProject } from './project.js';

const FIXTURES = new URL('../../../../fixtures/mota/', import.meta.url);

function fixtureFiles(name: string): ProjectFiles {
  const dir = new URL(`${name}/project/`, FIXTURES);
  const read = (f: string): string => readFileSync(new URL(f, dir), 'utf8');
  const floors: Record<string, string> = {};
  for (const f of readdirSync(new URL('floors/', dir)).filter((x) => x.endsWith('.js')))
    floors[f.slice(0, -3)] = read(`floors/${f}`);
  return {
    'data.js': read('data.js'),
    'maps.js': read('maps.js'),
    'enemys.js': read('enemys.js'),
    'items.js': read('items.js'),
    floors,
  };
}

describe('loadProject on the real fixtures', () => {
  it('reads the engine sample project (2.10.3)', () => {
    const p = loadProject(fixtureFiles('template'));
    expect(p.version).toBe('Ver 2.10.3');
    expect(p.hero).toEqual({ hp: 1000, atk: 100, def: 100, mdef: 0 });
    expect(p.start).toEqual({ floorId: 'sample0', x: 6, y: 10 });
    expect(p.floorIds).toEqual(['sample0', 'sample1', 'sample2', 'MT0']);
    expect(p.values.blueGem).toBe(3);
    expect(p.tiles['81']).toMatchObject({ id: 'yellowDoor', kind: 'door', keys: { yellowKey: 1 } });
    expect(p.tiles['87']).toMatchObject({ id: 'upFloor', kind: 'stair' });
    expect(p.items.blueGem?.effect.def).toEqual({ base: 0, perRatio: 3 });
    expect(p.items.shield1?.effect.def).toEqual({ base: 10, perRatio: 0 });
    expect(p.enemies.slimelord).toMatchObject({ hp: 100, atk: 120, def: 0, specials: [1, 9] });
    expect(p.enemies.vampire).toMatchObject({ hp: 888, specials: [6], n: 8 });
    // 2.10.3 reads `vampire`, not `value`: the stock template's value 10 has no effect.
    expect(p.enemies.redSlime).toMatchObject({ specials: [16, 18] });
    expect(p.enemies.redSlime?.vampire).toBeUndefined();
    // sample0 has an event with enable: false at (12,10) over an NPC (tile 124): hidden.
    const raw = fixtureFiles('template').floors.sample0 ?? '';
    expect(raw).toMatch(/"12,10": \{\s*"trigger": null,\s*"enable": false/);
    expect(p.floors.sample0?.map[10]?.[12]).toBe(0);
    expect(p.floors.sample2).toMatchObject({ width: 26, height: 26 });
  });

  it('reads all 46 floor files of the community tower', () => {
    const files = fixtureFiles('only-up');
    const p = loadProject(files);
    expect(Object.keys(p.floors)).toHaveLength(46);
    expect(Object.keys(files.floors)).toHaveLength(46);
    expect(p.title).toBe('Only Up');
    expect(p.start).toEqual({ floorId: 'MT1', x: 6, y: 7 });
    expect(p.floorIds[5]).toBe('MT1');
    for (const floor of Object.values(p.floors)) {
      expect(floor.map).toHaveLength(floor.height);
      for (const row of floor.map) expect(row).toHaveLength(floor.width);
    }
    expect(p.enemies.vampire?.specials).toEqual([4]);
    expect(p.floors.MT5?.changeFloor['6,12']).toEqual({ floorId: ':before', stair: 'upFloor' });
  });
});

describe('loadProject: old engine names and errors', () => {
  it('accepts ≤ 2.6 names: blueJewel, item_ratio, experience and the old items.js layout', () => {
    const files = syntheticProject(['#####', '#@b.#', '#####']);
    const data = files['data.js'].replace('"blueGem": 3', '"blueJewel": 7');
    const items = `var items_old = ${JSON.stringify({
      items: { blueGem: { cls: 'items', name: 'blue' } },
      itemEffect: { blueGem: 'core.status.hero.def += core.values.blueGem * ratio' },
    })}`;
    const enemys =
      'var enemys_old = {"greenSlime": {"name": "g", "hp": 10, "atk": 5, "def": 0, "experience": 1, "special": 0}}';
    const floor = (files.floors.F1 ?? '').replace('"ratio": 1', '"item_ratio": 2');
    const p = loadProject({
      ...files,
      'data.js': data,
      'items.js': items,
      'enemys.js': enemys,
      floors: { F1: floor },
    });
    expect(p.values.blueGem).toBe(7);
    expect(p.floors.F1?.ratio).toBe(2);
    expect(p.items.blueGem?.effect.def).toEqual({ base: 0, perRatio: 7 });
    expect(p.enemies.greenSlime?.hp).toBe(10);
  });

  it('names the file, line and column of malformed input', () => {
    const files = syntheticProject(['###', '#@#', '###']);
    const bad = (over: Partial<ProjectFiles>): ParseError => {
      try {
        loadProject({ ...files, ...over });
      } catch (error) {
        if (error instanceof ParseError) return error;
        throw error;
      }
      throw new Error('expected a ParseError');
    };
    expect(bad({ 'maps.js': 'var maps_x = {\n "1": {"cls": "animates",,}\n}' }).message).toMatch(
      /^maps\.js:2:26: Unexpected token/,
    );
    expect(bad({ 'items.js': 'items({})' }).message).toMatch(
      /^items\.js:1:1: expected the file to hold one/,
    );
    expect(bad({ floors: { F1: 'main.floors.F1=\n{"map": [[0, 1], [0]]}' } }).message).toMatch(
      /^floors\/F1\.js:2:2: map row 1 must be an array of 2/,
    );
    expect(bad({ floors: { F1: 'main.floors.F1=\n{"width": 3}' } }).message).toMatch(
      /^floors\/F1\.js:2:1: `map` must be a non-empty array/,
    );
    expect(bad({ floors: { F1: 'main.floors.F1={"map": [[0, "x"]]}' } }).reason).toMatch(
      /map\[0\]\[1\] must be a tile number/,
    );
    expect(bad({ 'data.js': 'var data_x = {"main": {}}' }).reason).toMatch(/firstData/);
  });
});

describe('loadProject on arbitrary JSON (property)', () => {
  const files = syntheticProject(['###', '#@#', '###']);
  it('any JSON in any file either loads or throws a ParseError naming that file', () => {
    const maps = fc.array(
      fc.array(fc.oneof(fc.nat(400), fc.constant(-1), fc.string(), fc.constant(null)), {
        maxLength: 4,
      }),
      {
        maxLength: 4,
      },
    );
    const floorJson = fc.oneof(
      fc.jsonValue(),
      fc.record({ map: maps, events: fc.jsonValue(), ratio: fc.jsonValue() }),
    );
    const which = fc.constantFrom('data.js', 'maps.js', 'enemys.js', 'items.js', 'floor');
    fc.assert(
      fc.property(which, floorJson, (file, value) => {
        const text = `var x = ${JSON.stringify(value)}`;
        const over: Partial<ProjectFiles> =
          file === 'floor' ? { floors: { F1: text } } : { [file]: text };
        try {
          loadProject({ ...files, ...over });
        } catch (error) {
          expect(error).toBeInstanceOf(ParseError);
          expect((error as ParseError).source).toBe(file === 'floor' ? 'floors/F1.js' : file);
        }
      }),
      { numRuns: 400 },
    );
  });
});
