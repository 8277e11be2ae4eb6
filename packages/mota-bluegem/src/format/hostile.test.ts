// Hostile input (issue: bounded time and memory, typed errors only): deep nesting, names that are
// built-in object keys, floor ids that point outside the tower, symbolic links, huge duplicate lists,
// BOM, CRLF and NUL.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPuzzlekitError, ParseError } from '@puzzlekit/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floorSummary } from '../graph/summary.js';
import { solveFloor } from '../solve/floor.js';
import { readProjectDir } from '../node.js';
import { syntheticProject, syntheticTower } from '../testing/synthetic.js';
import { parseAssignment } from './jsfile.js';
import { readItemEffect } from './item-effect.js';
import { collectProjectFiles, loadProject } from './project.js';
import { floorArrivals } from '../graph/arrivals.js';

const PROTO_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
];
const deep = (n: number, inner = '0'): string => '['.repeat(n) + inner + ']'.repeat(n);

describe('deep nesting', () => {
  it('any file nested deeper than 256 levels is a ParseError at the opening bracket (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 257, max: 6000 }),
        fc.constantFrom('data.js', 'maps.js', 'enemys.js', 'items.js', 'floor'),
        fc.constantFrom('\n', '\r\n'),
        (depth, file, eol) => {
          const files = syntheticProject(['#####', '#@.b#', '#####']);
          const key = file === 'floor' ? 'floors/F1.js' : file;
          const text = file === 'floor' ? (files.floors.F1 ?? '') : files[file as 'data.js'];
          const hostile = text.replace(/\{/, `{${eol}"deep": ${deep(depth)},${eol}`);
          const changed =
            file === 'floor'
              ? { ...files, floors: { F1: hostile } }
              : { ...files, [file]: hostile };
          let error: unknown;
          try {
            loadProject(changed);
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(ParseError);
          const p = error as ParseError;
          expect(p.code).toBe('TOO_DEEP');
          expect(p.source).toBe(key);
          expect(p.line).toBe(3); // the line after `var x = \n{`
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a map cell nested 5,000 deep is refused before parsing', () => {
    const files = syntheticProject(['#####', '#@.b#', '#####']);
    const floor = (files.floors.F1 ?? '').replace(/\[\s*1,/, `[${deep(5000)},`);
    expect(() => loadProject({ ...files, floors: { F1: floor } })).toThrow(
      /floors\/F1\.js:\d+:\d+: data nested deeper than 256 levels/,
    );
    // 256 levels are fine as JSON (the map cell is then reported as not a tile number).
    expect(() => parseAssignment(`var x = ${deep(255)}`, 'x.js')).not.toThrow();
  });
});

describe('names that are built-in object keys', () => {
  it('floors, monsters, items and values named after Object.prototype members are plain names (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROTO_NAMES), (name) => {
        const files = syntheticProject(['#######', '#@A.b.#', '#######']);
        // The monster and the gem are renamed; the floor gets that name too.
        const enemys = files['enemys.js'].replace('"greenSlime"', JSON.stringify(name));
        const maps = files['maps.js']
          .replace('"id":"greenSlime"', `"id":${JSON.stringify(name)}`)
          .replace('"id":"blueGem"', `"id":${JSON.stringify(`${name}Gem`)}`);
        const items = files['items.js'].replace('"blueGem"', JSON.stringify(`${name}Gem`));
        const data = files['data.js']
          .replace('"F1"', JSON.stringify(name))
          .replace('"F1"', JSON.stringify(name));
        const p = loadProject({
          'data.js': data,
          'maps.js': maps,
          'enemys.js': enemys,
          'items.js': items,
          floors: { [name]: files.floors.F1 ?? '' },
        });
        expect(Object.keys(p.floors)).toEqual([name]);
        const sol = solveFloor(p, name);
        expect(sol.order.map((o) => o.id)).toEqual([name]);
        expect(sol.totalReward).toBe(3);
        expect(floorSummary(p, name).gates).toBe(1);
        // A name that is not there is "no floor", never a TypeError.
        for (const other of PROTO_NAMES.filter((n) => n !== name))
          expect(() => solveFloor(p, other)).toThrow(`no floor '${other}'`);
      }),
      { numRuns: 30 },
    );
  });

  it('an item effect reading core.values.constructor is unread, not NaN', () => {
    const values = loadProject(syntheticProject(['###', '#@#', '###'])).values;
    for (const name of PROTO_NAMES) {
      const e = readItemEffect(`core.status.hero.def += core.values.${name}`, values);
      expect(e.exact).toBe(false);
      expect(e.def).toEqual({ base: 0, perRatio: 0 });
      expect(e.unread).toHaveLength(1);
    }
  });
});

describe('tower folders', () => {
  const files = syntheticProject(['#####', '#@.b#', '#####']);
  const reader = (extra: Record<string, string> = {}) => {
    const reads: string[] = [];
    const all: Record<string, string> = {
      'data.js': files['data.js'],
      'maps.js': files['maps.js'],
      'enemys.js': files['enemys.js'],
      'items.js': files['items.js'],
      'floors/F1.js': files.floors.F1 ?? '',
      ...extra,
    };
    const read = (path: string): Promise<string> => {
      reads.push(path);
      const text = all[path];
      return text === undefined ? Promise.reject(new Error(`no ${path}`)) : Promise.resolve(text);
    };
    return { reads, read };
  };

  it('a floor id that is not a plain file name is refused before anything is read (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant('../../../../outside/evil'),
          fc.constant('..'),
          fc.constant('a\u0000b'),
          fc
            .tuple(
              fc.string({ maxLength: 8 }),
              fc.constantFrom('/', '\\'),
              fc.string({ maxLength: 8 }),
            )
            .map((t) => t.join('')),
        ),
        async (id) => {
          const data = files['data.js'].replace(
            '"floorIds": [',
            () => `"floorIds": [${JSON.stringify(id)},`,
          );
          const { reads, read } = reader({ 'data.js': data });
          const error = await collectProjectFiles(read).then(
            () => null,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(ParseError);
          expect((error as ParseError).message).toMatch(/is not a file name inside floors\//);
          expect(reads).toEqual(['data.js']);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('20,000 duplicate floor ids read each floor once', async () => {
    const data = files['data.js'].replace(
      '"floorIds": [',
      `"floorIds": [${'"F1",'.repeat(20_000)}`,
    );
    const { reads, read } = reader({ 'data.js': data });
    const collected = await collectProjectFiles(read);
    expect(reads.filter((r) => r === 'floors/F1.js')).toHaveLength(1);
    expect(loadProject(collected).floorIds).toEqual(['F1']);
  });

  it('symbolic links that lead outside the tower are not followed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'mota-'));
    try {
      const tower = join(root, 'tower', 'project');
      mkdirSync(join(tower, 'floors'), { recursive: true });
      for (const f of ['data.js', 'maps.js', 'enemys.js', 'items.js'] as const)
        writeFileSync(join(tower, f), files[f]);
      mkdirSync(join(root, 'outside'));
      writeFileSync(join(root, 'outside', 'F1.js'), files.floors.F1 ?? '');
      symlinkSync(join(root, 'outside', 'F1.js'), join(tower, 'floors', 'F1.js'));
      const error = await readProjectDir(join(root, 'tower')).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isPuzzlekitError(error) && error.code).toBe('OUTSIDE_TOWER');
      // A link inside the tower is fine.
      rmSync(join(tower, 'floors', 'F1.js'));
      writeFileSync(join(tower, 'F1.real.js'), files.floors.F1 ?? '');
      symlinkSync(join(tower, 'F1.real.js'), join(tower, 'floors', 'F1.js'));
      const p = await readProjectDir(join(root, 'tower'));
      expect(p.floorIds).toEqual(['F1']);
      expect(readFileSync(join(tower, 'floors', 'F1.js'), 'utf8')).toBe(files.floors.F1);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('huge counts', () => {
  it('a chain of 3,000 floors each entered from the one before by a cell-less event: every floor starts', () => {
    const n = 3000;
    const ids = Array.from({ length: n }, (_, k) => `F${k}`);
    // 200 stairs to a tile that is nowhere on each floor: each lookup must not rescan the map.
    const stairs = Object.fromEntries(
      Array.from({ length: 200 }, (_, j) => [`${j},0`, { floorId: ':next', stair: `tile${j}` }]),
    );
    const p = loadProject(
      syntheticTower(
        Object.fromEntries(
          ids.map((id, k) => [
            id,
            {
              picture: ['###', '#@#', '###'],
              floor: {
                firstArrive: k + 1 < n ? [{ type: 'changeFloor', floorId: ids[k + 1] }] : [],
                changeFloor: stairs,
              },
            },
          ]),
        ),
      ),
    );
    expect(p.floorIds).toHaveLength(n);
    const arrivals = floorArrivals(p);
    expect(ids.every((id) => (arrivals.get(id)?.length ?? 0) > 0)).toBe(true);
  });
});

describe('BOM, CRLF and NUL', () => {
  it('files with a BOM and CRLF load; NUL bytes are a ParseError (property)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.nat(200), (bom, crlf, at) => {
        const files = syntheticProject(['#####', '#@.b#', '#####']);
        const dress = (t: string): string =>
          (bom ? '\uFEFF' : '') + (crlf ? t.replace(/\n/g, '\r\n') : t);
        const dressed = {
          'data.js': dress(files['data.js']),
          'maps.js': dress(files['maps.js']),
          'enemys.js': dress(files['enemys.js']),
          'items.js': dress(files['items.js']),
          floors: { F1: dress(files.floors.F1 ?? '') },
        };
        expect(loadProject(dressed).floors.F1?.width).toBe(5);
        const text = dressed.floors.F1;
        const cut = Math.min(text.length - 1, 20 + at);
        const withNul = text.slice(0, cut) + '\u0000' + text.slice(cut);
        try {
          loadProject({ ...dressed, floors: { F1: withNul } });
        } catch (e) {
          expect(e).toBeInstanceOf(ParseError);
        }
      }),
      { numRuns: 100 },
    );
  });
});
