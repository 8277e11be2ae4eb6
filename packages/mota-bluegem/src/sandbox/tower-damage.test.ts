import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { battle } from '../graph/damage.js';
import type { HeroStats, Project, ProjectFiles } from '../model.js';
import { loadProject } from '../format/project.js';
import { readProjectFiles } from '../node.js';
import { openTowerDamage } from './tower-damage.js';

let files: ProjectFiles;
let project: Project;
beforeAll(async () => {
  files = await readProjectFiles(
    fileURLToPath(new URL('../../../../fixtures/mota/fate-splendor', import.meta.url)),
  );
  project = loadProject(files);
});

/** The monsters standing on a floor, with their cells. */
function monstersOn(floorId: string): { id: string; x: number; y: number }[] {
  const floor = project.floors[floorId]!;
  const found: { id: string; x: number; y: number }[] = [];
  floor.map.forEach((row, y) =>
    row.forEach((tile, x) => {
      const info = project.tiles[String(tile)];
      if (info?.kind === 'enemy' && project.enemies[info.id] !== undefined)
        found.push({ id: info.id, x, y });
    }),
  );
  return found;
}

describe("a tower's own damage code in the sandbox", () => {
  it("fate-splendor's stock functions.js gives the package's formula on every monster of several floors", async () => {
    const sandbox = await openTowerDamage(files, project);
    try {
      expect(sandbox.loadError).toBeUndefined();
      const heroes: HeroStats[] = [
        project.hero,
        { hp: 1000, atk: 60, def: 15, mdef: 0 },
        { hp: 20_000, atk: 900, def: 400, mdef: 120 },
      ];
      let compared = 0;
      for (const floorId of project.floorIds.slice(0, 12)) {
        for (const { id, x, y } of monstersOn(floorId)) {
          for (const hero of heroes) {
            const own = battle(project.enemies[id]!, hero, project.values, {
              negativeDamage: project.negativeDamage,
            });
            expect(sandbox.damage(id, hero, { floorId, x, y }), `${floorId} ${id}`).toEqual({
              source: 'tower',
              damage: own === null ? null : own.damage,
            });
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(300);
      // the cache answers repeated questions without running the tower's code again
      const runs = sandbox.evaluations;
      const [first] = monstersOn(project.floorIds[0]!);
      sandbox.damage(first!.id, project.hero, { floorId: project.floorIds[0]!, ...first! });
      expect(sandbox.evaluations).toBe(runs);
    } finally {
      sandbox.dispose();
    }
  });

  const hostile = (body: string, topLevel = ''): ProjectFiles => ({
    ...files,
    'functions.js': `${topLevel}
var functions_d6ad677b_427a_4623_b50f_a445a3b0ef8a = { "enemys": {
  "getEnemyInfo": function () { return {}; },
  "getDamageInfo": function (enemy, hero) { ${body} }
} };`,
  });
  const someMonster = (): string => monstersOn(project.floorIds[0]!)[0]!.id;
  // The clock is frozen: only the caps that count work may decide (the wall-clock net never fires).
  const tight = { ticks: 2_000, maxMs: 5_000, memoryBytes: 8 * 1024 * 1024, now: () => 0 };

  it.each([
    ['an infinite loop', 'while (true) {}', /instruction cap/],
    [
      'a huge allocation',
      'var a = []; for (;;) a.push(new Array(1e6).fill(1));',
      /memory|instruction cap/,
    ],
    ['reaching for process', 'return { damage: process.pid };', /process.{0,3} is not defined/],
    [
      'reaching for require',
      'require("fs"); return { damage: 1 };',
      /require.{0,3} is not defined/,
    ],
    [
      'escaping through the Function constructor',
      'return { damage: (function(){}).constructor("return process")().pid };',
      /process.{0,3} is not defined/,
    ],
    [
      'an engine member the sandbox lacks',
      'core.extractBlocks("MT1"); return { damage: 1 };',
      /core\.extractBlocks/,
    ],
    ['a non-number damage', 'return { damage: "lots" };', /not a number/],
    [
      'deep recursion',
      'var f = function (n) { return f(n + 1) + 1; }; return { damage: f(0) };',
      /stack|instruction cap/i,
    ],
  ])('%s ends in a typed "not computable" within the caps', async (_name, body, reason) => {
    const sandbox = await openTowerDamage(hostile(body), project, tight);
    try {
      expect(sandbox.loadError).toBeUndefined();
      const answer = sandbox.damage(someMonster(), project.hero);
      expect(answer.source).toBe('not-computable');
      expect(answer.source === 'not-computable' ? answer.reason : '').toMatch(reason);
      // the sandbox still answers afterwards (the caps restart per evaluation)
      expect(sandbox.damage(someMonster(), { ...project.hero, atk: 1e6 }).source).toBe(
        'not-computable',
      );
    } finally {
      sandbox.dispose();
    }
  });

  it.each([
    ['loops forever when loaded', 'for (;;) {}', /instruction cap/],
    ['is not JavaScript', 'var = ;', /SyntaxError|expect|unexpected/i],
  ])(
    'a functions.js that %s makes every monster not computable',
    async (_name, topLevel, reason) => {
      const sandbox = await openTowerDamage(
        hostile('return { damage: 1 };', topLevel),
        project,
        tight,
      );
      try {
        expect(sandbox.loadError).toMatch(reason);
        expect(sandbox.damage(someMonster(), project.hero)).toEqual({
          source: 'not-computable',
          reason: sandbox.loadError,
        });
      } finally {
        sandbox.dispose();
      }
    },
  );

  it('a functions.js without damage code is reported as such', async () => {
    const sandbox = await openTowerDamage(
      { ...files, 'functions.js': 'var functions_x = {};' },
      project,
    );
    try {
      expect(sandbox.loadError).toMatch(/functions.js has no enemys.getDamageInfo/);
    } finally {
      sandbox.dispose();
    }
  });

  it('the instruction cap decides, the same under any clock: a loop passes or fails by its work alone', async () => {
    const counting = hostile('for (var i = 0; i < 200000; i++) {} return { damage: 7 };');
    const slowClock = (): (() => number) => {
      let t = 0;
      return () => (t += 1);
    };
    const answers: string[] = [];
    for (const ticks of [1, 5_000])
      for (const now of [() => 0, slowClock()]) {
        const sandbox = await openTowerDamage(counting, project, { ticks, now, maxMs: 1e9 });
        try {
          answers.push(JSON.stringify(sandbox.damage(someMonster(), project.hero)));
        } finally {
          sandbox.dispose();
        }
      }
    expect(answers[0]).toMatch(/not-computable.*instruction cap of 1 interrupt checks/);
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(JSON.stringify({ source: 'tower', damage: 7 }));
    expect(answers[3]).toBe(answers[2]);
  });

  it('the wall-clock safety net is a time stop: no verdict, not cached', async () => {
    // once loaded, a clock that jumps an hour at every look: the net fires at the first check
    let t = 0;
    let jumping = false;
    const sandbox = await openTowerDamage(hostile('while (true) {}'), project, {
      now: () => (jumping ? (t += 3_600_000) : 0),
    });
    jumping = true;
    try {
      expect(sandbox.limits.maxMs).toBe(30_000);
      const answer = sandbox.damage(someMonster(), project.hero);
      expect(answer).toEqual({
        source: 'time-stop',
        reason: 'time stop: the wall-clock safety net of 30000 ms was reached (no verdict)',
      });
      const runs = sandbox.evaluations;
      sandbox.damage(someMonster(), project.hero);
      expect(sandbox.evaluations).toBe(runs + 1);
      const range = sandbox.damageRange(someMonster(), project.hero, 0, 3);
      expect(range).toMatchObject({ timeStop: true });
    } finally {
      sandbox.dispose();
    }
  });
});
