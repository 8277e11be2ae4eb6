import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../format/project.js';
import { buildFloorGraph } from '../graph/floor-graph.js';
import type { Project, ProjectFiles } from '../model.js';
import { solveFloor } from './floor.js';
import { floorSummary, probeHero } from '../graph/summary.js';
import { replay } from '../testing/replay.js';
import { syntheticProject } from '../testing/synthetic.js';

const FIXTURES = new URL('../../../../fixtures/mota/', import.meta.url);

function fixture(name: string): Project {
  const dir = new URL(`${name}/project/`, FIXTURES);
  const read = (f: string): string => readFileSync(new URL(f, dir), 'utf8');
  const floors: Record<string, string> = {};
  for (const f of readdirSync(new URL('floors/', dir)).filter((x) => x.endsWith('.js')))
    floors[f.slice(0, -3)] = read(`floors/${f}`);
  const files: ProjectFiles = {
    'data.js': read('data.js'),
    'maps.js': read('maps.js'),
    'enemys.js': read('enemys.js'),
    'items.js': read('items.js'),
    floors,
  };
  return loadProject(files);
}

describe('solveFloor on hand-checked synthetic floors', () => {
  // A: hp 300 atk 40 → 5 rounds of 60, per round 40 − def; C: hp 130 atk 30 → 3 rounds.
  const enemies = {
    greenSlime: { name: 'A', hp: 300, atk: 40, def: 0, special: 0 },
    redSlime: { name: 'C', hp: 130, atk: 30, def: 0, special: 0 },
  };

  it('tree: fights C (ratio 6/2) before A (ratio 3/4); 40 + 96 = 136 damage', () => {
    const p = loadProject(
      syntheticProject(['#######', '#@.A.b#', '#.#####', '#.C.bb#', '#######'], { enemies }),
    );
    const sol = solveFloor(p, 'F1');
    expect(sol.method).toBe('horn');
    expect(sol.optimal).toBe(true);
    expect(sol.tree).toBe(true);
    expect(sol.order.map((o) => [o.x, o.y, o.id])).toEqual([
      [2, 3, 'redSlime'],
      [3, 1, 'greenSlime'],
    ]);
    expect(sol.route).toBe('DDRRRRRLLLLUURRRRR');
    expect(sol.fights.map((f) => [f.damage, f.def])).toEqual([
      [40, 10],
      [96, 16],
    ]);
    expect(sol.totalDamage).toBe(136);
    expect(sol.modelDamage).toBe(136);
    expect(sol.greedyDamage).toBe(136);
    expect(sol.predictedDamage).toBe(136);
    expect(sol.linearMatched).toBe(true);
    expect(sol.hpLeft).toBe(5000 - 136);
    expect(sol.finalHero.def).toBe(19);
    const r = replay(p, 'F1', sol, { x: 1, y: 1 });
    expect(r.damage).toBe(136);
  });

  it('cycle: the gem room is behind A or C, so only the cheaper C is fought', () => {
    const p = loadProject(
      syntheticProject(['#########', '#@..A..b#', '#.#####.#', '#...C...#', '#########'], {
        enemies,
      }),
    );
    const graph = buildFloorGraph(p, 'F1');
    expect(graph.tree).toBe(false);
    expect(graph.liveGates).toHaveLength(2);
    const sol = solveFloor(p, 'F1');
    expect(sol.method).toBe('exact');
    expect(sol.optimal).toBe(true);
    expect(sol.order.map((o) => o.id)).toEqual(['redSlime']);
    expect(sol.totalDamage).toBe(40);
    expect(replay(p, 'F1', sol, { x: 1, y: 1 }).damage).toBe(40);
  });

  it('merges a chain of guards into one gate and a room of gems into one reward', () => {
    const p = loadProject(syntheticProject(['########', '#@AC.bB#', '########'], { enemies }));
    const g = buildFloorGraph(p, 'F1');
    expect(g.liveGates).toHaveLength(1);
    const gate = g.gates[g.liveGates[0] ?? 0];
    expect(gate?.enemies).toEqual(['greenSlime', 'redSlime']);
    expect(gate?.saving).toBe(4 + 2);
    expect(g.regions.find((r) => r.reward > 0)?.reward).toBe(3 + 10);
    const sol = solveFloor(p, 'F1');
    // Bump A, step in, bump C, step in, then the floor cell and both rewards.
    expect(sol.route).toBe('RRRRRRR');
    expect(sol.fights.map((f) => f.damage)).toEqual([120, 40]);
  });

  it('reports monsters the hero cannot damage (walls), attack items, doors; prunes dead ends', () => {
    const p = loadProject(
      syntheticProject(
        ['#########', '#@.X.b..#', '#.#####d#', '#.A.r.C.#', '#.#######', '#E#######', '#########'],
        { enemies, keys: { yellowKey: 1 } },
      ),
    );
    const g = buildFloorGraph(p, 'F1');
    expect(g.unbeatable).toEqual([{ x: 3, y: 1, id: 'bigBat' }]);
    expect(g.attackItems).toEqual([{ x: 4, y: 3, id: 'redGem' }]);
    expect(g.notes.join(' ')).toMatch(/1 locked door/);
    // E (blackSlime) guards nothing: pruned. A then C lead to the gem.
    expect(g.liveGates.map((k) => g.gates[k]?.enemies[0])).toEqual(['greenSlime', 'redSlime']);
    const sol = solveFloor(p, 'F1');
    expect(sol.order.map((o) => o.id)).toEqual(['greenSlime', 'redSlime']);
    const r = replay(p, 'F1', sol, { x: 1, y: 1 });
    expect(r.damage).toBe(sol.totalDamage);
    expect(sol.doorsOpened).toBe(1);
    expect(r.doors).toBe(1);
    expect(sol.attackItems).toHaveLength(1);
  });

  it('flags non-linear monsters and solves exactly with the real formula instead of Horn', () => {
    // C now has armour-break: floor(0.9 × def) before the fight.
    const p = loadProject(
      syntheticProject(['#######', '#@.A.b#', '#.#####', '#.C.bb#', '#######'], {
        enemies: { ...enemies, redSlime: { ...enemies.redSlime, special: [7] } },
      }),
    );
    const sol = solveFloor(p, 'F1');
    expect(sol.nonlinear.map((m) => [m.id, m.flags.map((f) => f.code)])).toEqual([
      ['redSlime', ['armour-break']],
    ]);
    expect(sol.method).toBe('exact');
    expect(sol.optimal).toBe(true);
    // C first: 40 + floor(0.9·10) = 49, then A at def 16: 96 → 145. A first: 120 + (34 + floor(0.9·13)) = 165.
    expect(sol.totalDamage).toBe(145);
  });

  it('rejects a bad hero position and an unknown floor', () => {
    const p = loadProject(syntheticProject(['###', '#@#', '###']));
    expect(() => solveFloor(p, 'nope')).toThrow(/no floor 'nope'/);
    expect(() => solveFloor(p, 'F1', { x: 9, y: 1 })).toThrow(/off the 3×3 map/);
    expect(() => solveFloor(p, 'F1', { x: 1 })).toThrow(/both x and y/);
    expect(() => solveFloor(p, 'F1', { x: 0, y: 0 })).toThrow(
      /inside a wall \(yellowWall\) at \(0,0\)/,
    );
  });
});

describe('keys, survival and honest claims', () => {
  const picture = ['#########', '#@.d.A.b#', '#.#######', '#k#######', '#########'];

  it('a door needs its key: without one nothing behind it is planned; with the key on the floor it is taken first', () => {
    const none = loadProject(syntheticProject(['#######', '#@dA.b#', '#######']));
    // No key anywhere: the keys allow none of the defence, and the best is not to fight.
    const stuck = solveFloor(none, 'F1');
    expect(stuck.fights).toHaveLength(0);
    expect(stuck.doorsOpened).toBe(0);
    expect(stuck.defenceAllowed).toBe(0);
    expect(stuck.totalReward).toBe(3);
    expect(stuck.notes.join(' ')).toMatch(
      /keys are scarce \(yellowKey\).*the keys allow 0 of the 3 defence/,
    );
    const p = loadProject(syntheticProject(picture));
    const sol = solveFloor(p, 'F1');
    expect(sol.routeComplete).toBe(true);
    expect(sol.doorsOpened).toBe(1);
    expect(sol.keysLeft).toEqual({ yellowKey: 0 });
    expect(sol.route.startsWith('DD')).toBe(true); // to the key first
    const r = replay(p, 'F1', sol, { x: 1, y: 1 });
    expect(r.doors).toBe(1);
    expect(r.damage).toBe(sol.totalDamage);
  });

  it('"proven optimal" only for a route the hero survives; the walk never fights what the engine refuses', () => {
    const p = loadProject(
      syntheticProject(['#######', '#@A.b.#', '#######'], { hero: { hp: 10, atk: 60, def: 0 } }),
    );
    // p: greenSlime (hp 50) falls in one round, no damage. q: hp 500 takes 9 rounds, 8 × 20 = 160 damage.
    const q = loadProject(
      syntheticProject(['#######', '#@A.b.#', '#######'], {
        hero: { hp: 10, atk: 60, def: 0 },
        enemies: { greenSlime: { name: 'A', hp: 500, atk: 20, def: 1, special: 0 } },
      }),
    );
    expect(solveFloor(p, 'F1').optimal).toBe(true);
    // The engine's canBattle refuses a fight whose damage reaches the hero's HP: never fought.
    const stops = solveFloor(q, 'F1');
    expect(stops.survived).toBe(false);
    expect(stops.searchProven).toBe(true);
    expect(stops.optimal).toBe(false);
    expect(stops.why).toMatch(/the walk stops before a fight the engine refuses/);
    expect(stops.fights).toHaveLength(0);
    expect(stops.hpLeft).toBe(10);
    expect(stops.routeNotes[0]).toBe(
      'stopped before the fight at (2,1) (greenSlime): the engine refuses it (damage 160 ≥ HP 10)',
    );
  });
});

describe('every floor of both fixture towers', () => {
  it.each(['template', 'only-up'])(
    '%s: every floor is summarised and solved; routes replay exactly',
    (name) => {
      const p = fixture(name);
      for (const floorId of Object.keys(p.floors)) {
        for (const hero of [p.hero, probeHero(p, floorId)]) {
          const s = floorSummary(p, floorId, { hero });
          expect(['tree', 'cyclic', 'empty', 'unreachable']).toContain(s.shape);
          if (s.shape === 'unreachable') continue;
          const sol = solveFloor(p, floorId, { hero, budget: { maxStates: 20000 } });
          const start = buildFloorGraph(p, floorId, { hero }).start;
          const r = replay(p, floorId, sol, start, hero);
          expect(r.damage).toBe(sol.totalDamage);
          expect(r.fights).toHaveLength(sol.fights.length);
          expect(r.doors).toBe(sol.doorsOpened);
          // Every reachable defence reward was taken, unless the keys ran out or the engine refused
          // a fight the hero would not survive (then he is alive and stopped before it).
          if (sol.routeComplete)
            expect(r.hero.def - hero.def).toBeGreaterThanOrEqual(sol.defenceAllowed);
          else
            expect(sol.routeNotes.join(' ')).toMatch(/not enough keys|no keys|the engine refuses/);
          expect(r.hero.hp).toBeGreaterThan(0);
        }
      }
    },
    60_000,
  );
});
