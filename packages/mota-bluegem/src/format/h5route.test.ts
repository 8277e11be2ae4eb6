import fc from 'fast-check';
import LZString from 'lz-string';
import { InvalidInputError, ParseError } from '@puzzlekit/errors';
import { describe, expect, it } from 'vitest';
import { loadProject } from './project.js';
import { planTower } from '../plan/tower.js';
import { solveFloor } from '../solve/floor.js';
import { fixtureTower } from '../testing/fixtures.js';
import { syntheticTower } from '../testing/synthetic.js';
import { walkRoute } from '../walk/replay.js';
import { decodeMoves, encodeMoves, h5Route, parseH5Route, printH5Route } from './h5route.js';

describe('the H5 engine replay file (.h5route)', () => {
  it("encodes moves as the engine's encodeRoute does: runs with counts, then LZString base64", () => {
    expect(LZString.decompressFromBase64(encodeMoves('UUURDDLLLL'))).toBe('U3RD2L4');
    expect(encodeMoves('')).toBe(LZString.compressToBase64(''));
    expect(() => encodeMoves('UX')).toThrow(InvalidInputError);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('U', 'R', 'D', 'L'), { maxLength: 300 }), (moves) => {
        const route = moves.join('');
        expect(decodeMoves(encodeMoves(route))).toBe(route);
      }),
    );
  });

  it('reads only moves: any other engine action is a ParseError naming it', () => {
    expect(() => decodeMoves(LZString.compressToBase64('U2Iyellow:D'))).toThrow(ParseError);
    expect(() => decodeMoves(LZString.compressToBase64('U2Iyellow:D'))).toThrow(/'I'/);
  });

  it('a plan of the fixture tower, written, read back and walked by our own walker, ends as the plan does', async () => {
    const onlyUp = await fixtureTower('only-up');
    const offer = planTower(onlyUp).offer;
    const plan = planTower(onlyUp, { hero: offer?.hero, budget: { maxWork: 20_000 } });
    const first = plan.floors[0]!;
    const sol = first.solution!;
    expect(sol.fights.length).toBeGreaterThan(0);
    const text = printH5Route(h5Route(onlyUp, sol.route));
    const file = parseH5Route(text);
    expect(file).toMatchObject({ name: 'OU', version: 'Ver 2.8.2', hard: 'Easy', seed: 1 });
    const moves = decodeMoves(file.route);
    expect(moves).toBe(sol.route);
    const walk = walkRoute(onlyUp, first.floorId, moves, onlyUp.start, first.heroIn, first.keysIn);
    expect(walk.ok, walk.reason).toBe(true);
    expect(walk.moves).toBe(moves.length);
    expect(walk.hero).toEqual(first.heroOut);
    expect({ ...walk.keys }).toEqual({ ...first.keysOut });
    expect(walk.damage).toBe(first.damage);
    expect(walk.fights).toEqual(sol.fights.map((f) => `${f.x},${f.y}`));
  });

  it('opens only the doors the hero holds keys for (checked on a floor with a key and two doors)', () => {
    // One key lies before the first door; the second door has nothing behind it worth a key.
    const project = loadProject(
      syntheticTower(
        { F: { picture: ['#########', '#@kd.bd.#', '#########'] } },
        { hero: { hp: 1000, atk: 100, def: 10 } },
      ),
    );
    const sol = solveFloor(project, 'F', {});
    const moves = decodeMoves(parseH5Route(printH5Route(h5Route(project, sol.route))).route);
    const walk = walkRoute(project, 'F', moves, project.start);
    expect(walk.ok, walk.reason).toBe(true);
    expect(walk.doorsOpened).toBe(1);
    expect(sol.doorsOpened).toBe(1);
    expect(walk.hero).toEqual(sol.finalHero);
    expect({ ...walk.keys }).toEqual({ ...sol.keysLeft });
    // the same moves from the key's cell (the key not taken) stop at the door
    expect(moves.startsWith('R')).toBe(true);
    const keyless = walkRoute(project, 'F', moves.replace(/^R/, ''), { x: 2, y: 1 });
    expect(keyless.ok).toBe(false);
    expect(keyless.reason).toMatch(/no yellowKey for the door at \(3,1\)/);
  });

  it('reads the file as the engine does: plain or LZString-compressed JSON, fields checked', () => {
    const file = { name: 'OU', hard: 'Easy', seed: 7, route: encodeMoves('UU') };
    expect(parseH5Route(JSON.stringify(file))).toEqual(file);
    expect(parseH5Route(LZString.compressToBase64(JSON.stringify(file)))).toEqual(file);
    expect(() => parseH5Route('not json')).toThrow(ParseError);
    expect(() => parseH5Route('[]')).toThrow(InvalidInputError);
    expect(() => parseH5Route(JSON.stringify({ ...file, seed: '7' }))).toThrow('$.seed');
    expect(() => parseH5Route(JSON.stringify({ ...file, name: 3 }))).toThrow('$.name');
    expect(() => parseH5Route(JSON.stringify({ ...file, version: 2 }))).toThrow('$.version');
  });
});
