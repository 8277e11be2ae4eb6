import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUSTOM_DAMAGE_NOTE, solveFloor } from '../solve/floor.js';
import { syntheticProject } from '../testing/synthetic.js';
import { fingerprint, functionTokens, jsTokens, readDamageCode } from './functions.js';
import { loadProject } from './project.js';

const FIXTURES = new URL('../../../../fixtures/mota/', import.meta.url);
const functionsOf = (name: string): string =>
  readFileSync(new URL(`${name}/project/functions.js`, FIXTURES), 'utf8');

describe('damage code of functions.js (read as text, never run)', () => {
  it('recognises the stock 2.9–2.10 damage functions of a real tower, layout and comments aside', () => {
    const text = functionsOf('fate-splendor');
    const code = readDamageCode(text);
    expect(code).toMatchObject({ status: 'stock', fields: 'new', differing: [] });
    expect(code.releases).toContain('2.10.3');
    // Re-indented and commented: still the stock code.
    const relaid = text
      .replace(/\n\t+/g, '\n    ')
      .replace('var init_damage = 0;', '/* set up */ var init_damage = 0; // no damage yet');
    expect(readDamageCode(relaid)).toMatchObject({ status: 'stock' });
  });

  it('flags a changed formula as custom, per function', () => {
    const text = functionsOf('fate-splendor');
    const changed = text.replace('per_damage *= 2;', 'per_damage *= 3;');
    expect(changed).not.toBe(text);
    expect(readDamageCode(changed)).toMatchObject({
      status: 'custom',
      differing: ['getDamageInfo'],
    });
    expect(readDamageCode(functionsOf('shengqishi'))).toMatchObject({
      status: 'custom',
      differing: ['getDamageInfo'],
    });
    expect(readDamageCode(undefined).status).toBe('absent');
    expect(readDamageCode('var functions_x = { "events": {} }').status).toBe('absent');
  });

  it('a custom formula is reported per floor: not proven, figures approximate', () => {
    const files = syntheticProject(['#####', '#@A.#', '#.#b#', '#####']);
    const stock = functionsOf('fate-splendor');
    const custom = stock.replace('per_damage *= 2;', 'per_damage *= 3;');
    const p = loadProject({ ...files, 'functions.js': custom });
    expect(p.engine.damageCode.status).toBe('custom');
    const sol = solveFloor(p, 'F1');
    expect(sol.searchProven).toBe(true);
    expect(sol.approximate).toBe(true);
    expect(sol.optimal).toBe(false);
    expect(sol.why).toMatch(/^custom damage formula: figures approximate/);
    expect(sol.notes[0]).toBe(CUSTOM_DAMAGE_NOTE);
    const same = solveFloor(loadProject({ ...files, 'functions.js': stock }), 'F1');
    expect(same).toMatchObject({ approximate: false, optimal: true });
  });

  it('the tokenizer skips strings, comments and regular expressions, and never loops (property)', () => {
    expect(jsTokens('a = "}" + /}/g.source; // }\n b /* } */')).toEqual([
      'a',
      '=',
      '"}"',
      '+',
      '/}/g',
      '.',
      'source',
      ';',
      'b',
    ]);
    expect(
      functionTokens(
        '{"getDamageInfo": function (e) { if (x) { return "}"; } }, "z": 1}',
        'getDamageInfo',
      )?.join(' '),
    ).toBe('function ( e ) { if ( x ) { return "}" ; } }');
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (junk) => {
        const text = `var f = {"getDamageInfo": function () {${junk}`;
        const tokens = functionTokens(text, 'getDamageInfo');
        if (tokens !== null) expect(tokens.at(-1)).toBe('}');
        expect(fingerprint(jsTokens(junk))).toMatch(/^[0-9a-f]{16}$/);
      }),
      { numRuns: 300 },
    );
  });
});

describe('engine generations', () => {
  const purifying = (version: string, extra: Record<string, unknown> = {}) => {
    const files = syntheticProject(['#####', '#@A.#', '#####'], {
      enemies: {
        greenSlime: {
          name: 'A',
          hp: 50,
          atk: 20,
          def: 1,
          special: [9, 11, 7, 8],
          n: 2,
          value: 0.5,
          defValue: 0.5,
          atkValue: 0.5,
          ...extra,
        },
      },
    });
    return loadProject({ ...files, 'data.js': files['data.js'].replace('Ver 2.10.3', version) });
  };

  it('reads n/value/defValue/atkValue before 2.9 and purify/vampire/breakArmor/counterAttack from 2.9', () => {
    const old = purifying('Ver 2.8');
    expect(old.engine.fields).toBe('2.0-2.8');
    expect(old.enemies.greenSlime).toMatchObject({
      purify: 2,
      vampire: 0.5,
      breakArmor: 0.5,
      counterAttack: 0.5,
      n: 2,
    });
    const current = purifying('Ver 2.10.3');
    expect(current.engine.fields).toBe('2.9+');
    // 2.9+ ignores the old fields (the engine reads undefined: the tower's defaults apply).
    expect(current.enemies.greenSlime?.purify).toBeUndefined();
    expect(current.enemies.greenSlime?.vampire).toBeUndefined();
    const both = purifying('Ver 1.0', { purify: 4 });
    expect(both.engine.evidence).toMatch(/enemys\.js uses 2\.9\+ monster fields/);
    expect(both.enemies.greenSlime?.purify).toBe(4);
  });

  it('engine ≤ 2.6 `noPass: false` is walkable, `noPass: true` a wall', () => {
    const files = syntheticProject(['#######', '#@nAb.#', '#######']);
    const maps = files['maps.js'].replace(
      '"id":"grass","canPass":true',
      '"id":"grass","noPass":false',
    );
    const p = loadProject({ ...files, 'maps.js': maps });
    expect(p.engine.noPass).toBe(true);
    expect(p.tiles['95']).toMatchObject({ passable: true, kind: 'terrain' });
    const walled = loadProject({
      ...files,
      'maps.js': maps.replace('"noPass":false', '"noPass":true'),
    });
    expect(walled.tiles['95']).toMatchObject({ passable: false, kind: 'wall' });
  });
});
