import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Context } from '../context.js';
import { nodeIo } from '../io.js';
import { runCli } from '../testing.js';
import {
  decodeMoves,
  parseH5Route,
  walkRoute,
  walkTowerRoute,
  type HeroStats,
} from '@puzzlekit/mota-bluegem';
import { readProjectDir } from '@puzzlekit/mota-bluegem/node';
import { motaPlugin as mota } from './mota.js';

const FIXTURES = new URL('../../../../fixtures/mota/', import.meta.url);

/** The fixture tower's files as an in-memory file system under `prefix/project/…`. */
function towerFiles(name: string, prefix: string): Record<string, string> {
  const dir = new URL(`${name}/project/`, FIXTURES);
  const out: Record<string, string> = {};
  for (const f of ['data.js', 'maps.js', 'enemys.js', 'items.js'])
    out[`${prefix}/project/${f}`] = readFileSync(new URL(f, dir), 'utf8');
  if (existsSync(new URL('functions.js', dir)))
    out[`${prefix}/project/functions.js`] = readFileSync(new URL('functions.js', dir), 'utf8');
  for (const f of readdirSync(new URL('floors/', dir)))
    out[`${prefix}/project/floors/${f}`] = readFileSync(new URL(`floors/${f}`, dir), 'utf8');
  return out;
}

interface SolveJson {
  order: { x: number; y: number; enemy: string }[];
  route: string;
  totalDamage: number;
  hpLeft: number;
  optimal: boolean;
  nonlinear: { enemy: string; reasons: string[] }[];
  method: string;
  fights: { damage: number; hp: number }[];
}

describe('puzzlekit mota', () => {
  const template = towerFiles('template', 'tpl');
  const onlyUp = towerFiles('only-up', 'ou');

  it('floors lists every floor of the project with its shape', async () => {
    const r = await runCli(['mota', 'floors', 'tpl', '--json'], template);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as {
      floors: { floorId: string; shape: string; gems: number }[];
    };
    expect(data.floors.map((f) => f.floorId)).toEqual(['sample0', 'sample1', 'sample2', 'MT0']);
    expect(data.floors.map((f) => f.shape)).toEqual(['empty', 'empty', 'tree', 'unreachable']);
    const text = await runCli(['mota', 'floors', 'tpl/project'], template);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^魔塔样板 \(Ver 2\.10\.3\), 4 floors/);
    expect(text.stdout).toMatch(/sample2\s+26x26/);
  });

  it('solve prints the issue’s JSON: order, route, damage, HP, optimality, non-linear monsters', async () => {
    const r = await runCli(['mota', 'solve', 'ou', '--floor', 'MT1', '--probe', '--json'], onlyUp);
    expect(r.code).toBe(0);
    const sol = JSON.parse(r.stdout) as SolveJson;
    expect(sol.method).toBe('exact');
    expect(sol.optimal).toBe(true);
    expect(sol.order.length).toBe(sol.fights.length);
    expect(sol.route).toMatch(/^[UDLR]+$/);
    expect(sol.totalDamage).toBe(sol.fights.reduce((s, f) => s + f.damage, 0));
    expect(sol.hpLeft).toBe(sol.fights.at(-1)?.hp);
    expect(sol.nonlinear.some((m) => m.reasons.includes('unmodelled'))).toBe(true);
    const text = await runCli(['mota', 'solve', 'ou', '--floor', 'MT1', '--probe'], onlyUp);
    expect(text.stdout).toMatch(/optimal: yes \(proven\)/);
    expect(text.stdout).toContain(`route: ${sol.route}`);
  });

  it('solve takes a hero position and hero numbers', async () => {
    const r = await runCli(
      [
        'mota',
        'solve',
        'tpl',
        '--floor',
        'sample2',
        '--hero-x',
        '12',
        '--hero-y',
        '24',
        '--atk',
        '500',
        '--json',
      ],
      template,
    );
    expect(r.code).toBe(0);
    const sol = JSON.parse(r.stdout) as SolveJson;
    expect(sol.totalDamage).toBeGreaterThanOrEqual(0);
  });

  it('answers usage mistakes with exit code 2 and broken files with exit code 1', async () => {
    const noFloor = await runCli(['mota', 'solve', 'tpl', '--floor', 'MT99'], template);
    expect(noFloor.code).toBe(2);
    expect(noFloor.stderr).toMatch(/no floor 'MT99'/);
    const oneCoord = await runCli(
      ['mota', 'solve', 'tpl', '--floor', 'sample2', '--hero-x', '1'],
      template,
    );
    expect(oneCoord.code).toBe(2);
    const missing = await runCli(['mota', 'floors', 'nowhere']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /cannot read nowhere\/project\/data\.js: no such file or directory|cannot read nowhere\/data\.js: no such file or directory/,
    );
    const broken = { ...template, 'tpl/project/maps.js': 'var maps_x = {\n "1": [1, 2\n}' };
    const bad = await runCli(['mota', 'floors', 'tpl'], broken);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/maps\.js:\d+:\d+: /);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    const offMap = await runCli(
      ['mota', 'solve', 'tpl', '--floor', 'sample2', '--hero-x', '40', '--hero-y', '1'],
      template,
    );
    expect(offMap.code).toBe(1);
    expect(offMap.stderr).toMatch(/off the 26×26 map/);
  });

  it('order solves an abstract tree and reports bad input with its position', async () => {
    const tree = JSON.stringify({
      nodes: [
        { id: 0, parent: -1, a: 0, g: 0 },
        { id: 1, parent: 0, a: 10, g: 1 },
        { id: 2, parent: 1, a: 1, g: 30 },
        { id: 3, parent: 0, a: 5, g: 5 },
      ],
    });
    const r = await runCli(['mota', 'order', 't.json', '--json'], { 't.json': tree });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ order: [0, 1, 2, 3], objective: 355, optimal: true });
    const bad = await runCli(['mota', 'order', 't.json'], {
      't.json': '{"nodes": [\n {"id": 0,}]}',
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/t\.json:2:11: invalid JSON/);
    const cyc = await runCli(['mota', 'order', 't.json'], {
      't.json':
        '{"nodes": [{"id": 0, "parent": -1, "a": 1, "g": 1}, {"id": 1, "parent": 5, "a": 1, "g": 1}]}',
    });
    expect(cyc.code).toBe(1);
    expect(cyc.stderr).toMatch(/\$\.nodes\[1\]\.parent: parent 5 is not a node id/);
  });

  it('demo solves a real floor of the fixture tower, deterministically', async () => {
    const ctx = new Context(nodeIo());
    const a = await mota.demo!(ctx);
    const b = await mota.demo!(ctx);
    expect(a.text).toBe(b.text);
    expect(a.text).toMatch(/Only Up MT1 \(a real community tower\)/);
    expect(a.data).toMatchObject({ fixture: true, optimal: true, method: 'exact' });
    // The linear model's figures are compared with each other, the walked one is labelled apart.
    expect(a.text).toMatch(/this order 676 damage vs 1,316 for a greedy order/);
    expect(a.text).toMatch(/walked and simulated: 297 damage/);
  });

  it('names that are built-in object keys are plain names', async () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const r = await runCli(['mota', 'solve', 'tpl', '--floor', name], template);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`no floor '${name}'`);
    }
    // A monster, a tile and an item named after Object.prototype members.
    const enemys = template['tpl/project/enemys.js']!.replace(
      '{\n',
      '{\n"toString": {"name":"t","hp":10,"atk":5,"def":0,"special":0},\n"__proto__": {"name":"p","hp":10,"atk":5,"def":0,"special":0},\n',
    );
    const maps = template['tpl/project/maps.js']!.replace(
      '{\n',
      '{\n"9001": {"cls":"enemys","id":"toString"},\n"9002": {"cls":"enemys","id":"__proto__"},\n',
    );
    const floor = template['tpl/project/floors/sample2.js']!.replace(/\[\s*0,/, '[9001,').replace(
      /\[\s*0,/,
      '[9002,',
    );
    const tower = {
      ...template,
      'tpl/project/enemys.js': enemys,
      'tpl/project/maps.js': maps,
      'tpl/project/floors/sample2.js': floor,
    };
    const r = await runCli(['mota', 'floors', 'tpl', '--json'], tower);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('hostile towers end in one typed line: nesting, paths outside the tower, duplicate ids', async () => {
    const deep = (n: number): string => '['.repeat(n) + '0' + ']'.repeat(n);
    const floor = template['tpl/project/floors/sample2.js']!.replace(/\[\s*0,/, `[${deep(5000)},`);
    const nested = await runCli(['mota', 'floors', 'tpl'], {
      ...template,
      'tpl/project/floors/sample2.js': floor,
    });
    expect(nested.code).toBe(1);
    expect(nested.stderr).toMatch(
      /floors\/sample2\.js:\d+:\d+: data nested deeper than 256 levels/,
    );
    expect(nested.stderr.trim().split('\n')).toHaveLength(1);
    const order = await runCli(['mota', 'order', 't.json'], {
      't.json': `{"nodes": [{"id": 0, "parent": -1, "a": ${deep(5000)}, "g": 0}]}`,
    });
    expect(order.code).toBe(1);
    expect(order.stderr).toMatch(/t\.json:1:\d+: JSON nested deeper than 256 levels/);
    const data = template['tpl/project/data.js']!.replace(
      '"floorIds": [',
      '"floorIds": [\n"../../../../outside/evil",',
    );
    const outside = await runCli(['mota', 'floors', 'tpl'], {
      ...template,
      'tpl/project/data.js': data,
    });
    expect(outside.code).toBe(1);
    expect(outside.stderr).toMatch(
      /data\.js:\d+:\d+: floor id "..\/..\/..\/..\/outside\/evil" is not a file name inside floors\//,
    );
    const many = template['tpl/project/data.js']!.replace(
      '"floorIds": [',
      `"floorIds": [\n${'"sample2",'.repeat(20_000)}`,
    );
    const dup = await runCli(['mota', 'floors', 'tpl', '--json'], {
      ...template,
      'tpl/project/data.js': many,
    });
    expect(dup.code).toBe(0);
    expect((JSON.parse(dup.stdout) as { floors: unknown[] }).floors).toHaveLength(4);
  });

  it('solve plans every arrival cell; plan carries the hero through the whole tower', async () => {
    const r = await runCli(['mota', 'solve', 'tpl', '--floor', 'sample1', '--json'], template);
    expect(r.code).toBe(0);
    const sol = JSON.parse(r.stdout) as SolveJson & {
      arrivals: { x: number; y: number; from: { kind: string }[]; plan?: SolveJson }[];
    };
    expect(sol.arrivals.length).toBeGreaterThanOrEqual(2);
    for (const a of sol.arrivals) expect(a.from.length).toBeGreaterThan(0);
    const unreachable = await runCli(['mota', 'solve', 'tpl', '--floor', 'MT0'], template);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(
      /floor MT0 is unreachable: no start, stair, portal or event leads onto it/,
    );

    const plan = await runCli(['mota', 'plan', 'ou', '--json'], onlyUp);
    expect(plan.code).toBe(0);
    const data = JSON.parse(plan.stdout) as {
      totals: { floors: number; planned: number; unreachable: number; damage: number };
      floors: { status: string; damage: number; heroIn: { hp: number }; heroOut: { hp: number } }[];
    };
    expect(data.totals.floors).toBe(45); // main.floorIds lists 45 of the 46 floor files
    expect(data.floors).toHaveLength(45);
    expect(data.totals.damage).toBe(data.floors.reduce((s, f) => s + f.damage, 0));
    // The hero is carried: each planned floor starts with what the one before left.
    const planned = data.floors.filter((f) => f.status === 'planned');
    expect(planned.length).toBeGreaterThan(0);
    for (let k = 1; k < planned.length; k++)
      expect(planned[k]!.heroIn.hp).toBe(planned[k - 1]!.heroOut.hp);
    for (const f of planned) expect(f.heroOut.hp).toBeGreaterThan(0);
    const text = await runCli(['mota', 'plan', 'ou'], onlyUp);
    expect(text.stdout).toMatch(/whole-tower plan, 45 floors in play order/);
    expect(text.stdout).not.toMatch(/\d[KMBT]\b/);
    // The tower's own attack-1 hero cannot win the first fight in his way (the engine refuses it):
    // the plan stops there, says why, and proves nothing it did not walk.
    expect(text.stdout).toMatch(
      /stopped on MT1: the hero can fight none of the monsters in his way/,
    );
    expect(text.stdout).toMatch(/the engine refuses it \(damage [\d,]+ ≥ HP 101\)/);
    expect(text.stdout).toMatch(/planned 1, unreachable \d+, proven optimal 0/);
    // …and offers a hero to plan with: HP one above the 360 damage of the refused fight.
    expect(text.stdout).toContain(
      "a hero to plan with: on MT1 the hero has HP 101 at the plan's first fight, blackSlime at (8,7), which costs 360 damage",
    );
    expect(text.stdout).toContain('  puzzlekit mota plan ou --hp 361');
    const offer = (JSON.parse(plan.stdout) as { offer: { hero: { hp: number }; at: unknown } })
      .offer;
    expect(offer.at).toEqual({ hp: 361 });
    const offered = JSON.parse(
      (await runCli(['mota', 'plan', 'ou', '--hp', '361', '--json'], onlyUp)).stdout,
    ) as { floors: { floor: string; fights: number; damage: number }[] };
    expect(offered.floors[0]).toMatchObject({ floor: 'MT1', damage: 360 });
    expect(offered.floors[0]?.fights).toBeGreaterThan(0);
    const bad = await runCli(['mota', 'plan', 'ou', '--max-ms', '-1'], onlyUp);
    expect(bad.code).toBe(2);
    const badKeys = await runCli(['mota', 'plan', 'ou', '--keys', 'yellowKey=-1'], onlyUp);
    expect(badKeys.code).toBe(2);
    expect(badKeys.stderr).toMatch(/--keys must be id=count/);
  });

  it('budgets: --max-work and --max-states stop the exact search and name the bound', async () => {
    const args = [
      'mota',
      'solve',
      'ou',
      '--floor',
      'MT1',
      '--probe',
      '--hero-x',
      '6',
      '--hero-y',
      '11',
    ];
    const full = JSON.parse((await runCli([...args, '--json'], onlyUp)).stdout) as SolveJson & {
      outcome: unknown;
    };
    expect(full.method).toBe('exact');
    expect(full.outcome).toEqual({ kind: 'solved' });
    const few = await runCli([...args, '--max-work', '3', '--json'], onlyUp);
    expect(few.code).toBe(0);
    const cut = JSON.parse(few.stdout) as SolveJson & { outcome: unknown; why: string };
    expect(cut.method).toBe('greedy');
    expect(cut.optimal).toBe(false);
    expect(cut.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 3, unit: 'nodes' });
    expect(cut.why).toBe('exact search gave up: work budget of 3 nodes reached');
    const held = JSON.parse(
      (await runCli([...args, '--max-states', '2', '--json'], onlyUp)).stdout,
    ) as {
      outcome: unknown;
    };
    expect(held.outcome).toMatchObject({ kind: 'gave-up', bound: 'memory', limit: 2 });
    for (const bad of [
      ['--max-work', '-1'],
      ['--max-states', 'x'],
    ])
      expect((await runCli([...args, ...bad], onlyUp)).code).toBe(2);
  });

  it('--keys gives the keys held on arrival', async () => {
    // Only Up MT5 has special doors and no specialKey at the start: what lies behind them is out of reach.
    const args = ['mota', 'solve', 'ou', '--floor', 'MT5', '--probe', '--json'];
    type KeysJson = SolveJson & {
      doorsOpened: number;
      routeComplete: boolean;
      keysLeft: Record<string, number>;
      notes: string[];
      totalReward: number;
      defenceAllowed: number;
    };
    type ArrivalsJson = KeysJson & { arrivals: { x: number; y: number; plan: KeysJson }[] };
    const none = JSON.parse((await runCli(args, onlyUp)).stdout) as ArrivalsJson;
    expect(none.notes.join(' ')).toMatch(/keys are scarce \(specialKey\)/);
    expect(none.arrivals.every((a) => a.plan.doorsOpened === 0)).toBe(true);
    // With every door openable, the arrival from MT6 walks through the floor's two locked doors.
    const doors = JSON.parse(
      (await runCli([...args, '--keys', 'doors'], onlyUp)).stdout,
    ) as ArrivalsJson;
    expect(doors.arrivals.map((a) => a.plan.doorsOpened)).toEqual([0, 2]);
    const given = JSON.parse(
      (await runCli([...args, '--keys', 'specialKey=9'], onlyUp)).stdout,
    ) as KeysJson;
    expect(given.keysLeft.specialKey).toBe(9 - given.doorsOpened);
  });

  describe('--tower-code: damages from the tower’s own code in the sandbox', () => {
    // shengqishi replaces getDamageInfo: without the flag nothing on it is proven.
    const sq = towerFiles('shengqishi', 'sq');

    it('solve says per monster which damages came from the tower’s code', async () => {
      const args = [
        'mota',
        'solve',
        'sq',
        '--floor',
        'MT1',
        '--probe',
        '--hero-x',
        '6',
        '--hero-y',
        '0',
      ];
      type TowerJson = SolveJson & {
        approximate: boolean;
        towerCode?: { confirmed: boolean; monsters: { enemy: string; source: string }[] };
      };
      const without = JSON.parse((await runCli([...args, '--json'], sq)).stdout) as TowerJson;
      expect(without.approximate).toBe(true);
      expect(without.optimal).toBe(false);
      expect(without.towerCode).toBeUndefined();
      const r = await runCli([...args, '--tower-code', '--json'], sq);
      expect(r.code).toBe(0);
      const sol = JSON.parse(r.stdout) as TowerJson;
      expect(sol.towerCode?.monsters.length).toBeGreaterThan(0);
      expect(sol.towerCode?.monsters.every((m) => m.source === 'tower')).toBe(true);
      expect(sol.towerCode?.confirmed).toBe(true);
      expect(sol.approximate).toBe(false);
      const text = await runCli([...args, '--tower-code'], sq);
      expect(text.stdout).toContain(
        "damages from the tower's own code (sandbox): every damage of this plan",
      );
      expect(text.stdout).toMatch(/\(\d+,\d+\) E\d+: from the tower's code, equal to the formula/);
    });

    it('on a tower with the stock code there is nothing to ask, and the answer says so', async () => {
      const r = await runCli(
        ['mota', 'solve', 'tpl', '--floor', 'sample2', '--tower-code'],
        template,
      );
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^--tower-code: the tower's damage code is the stock one/);
    });

    it('plan asks the tower’s code floor by floor and offers a hero where it stops', async () => {
      const r = await runCli(['mota', 'plan', 'sq', '--tower-code', '--json'], sq);
      expect(r.code).toBe(0);
      const plan = JSON.parse(r.stdout) as {
        floors: { floor: string; status: string; towerCode?: { confirmed: boolean } }[];
        offer?: { floor: string; at: { atk?: number } };
      };
      const planned = plan.floors.filter((f) => f.status === 'planned');
      expect(planned.length).toBeGreaterThan(0);
      expect(planned.every((f) => f.towerCode !== undefined)).toBe(true);
      expect(plan.offer?.floor).toBe(planned.at(-1)?.floor);
      const text = await runCli(['mota', 'plan', 'sq', '--tower-code'], sq);
      expect(text.stdout).toMatch(/damages from the tower's own code \(sandbox\), per floor:/);
    });
  });

  it('--replay writes the route as the engine’s replay file, which reads back and walks as planned', async () => {
    const r = await runCli(
      [
        'mota',
        'plan',
        'ou',
        '--hp',
        '361',
        '--max-work',
        '20000',
        '--replay',
        'ou.h5route',
        '--json',
      ],
      onlyUp,
    );
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.stdout) as {
      replay: { file: string; moves: number; stopped?: string };
      floors: { floor: string; route: string; heroIn: HeroStats; heroOut: HeroStats }[];
    };
    const first = plan.floors[0]!;
    const file = parseH5Route(r.files['ou.h5route']!);
    expect(file).toMatchObject({ name: 'OU', hard: 'Easy', seed: 1 });
    const moves = decodeMoves(file.route);
    expect(moves).toBe(first.route);
    // MT2 is planned too, but its stair lies behind monsters this hero leaves on MT1: one floor
    expect(plan.replay).toEqual({
      file: 'ou.h5route',
      moves: moves.length,
      name: 'OU',
      hard: 'Easy',
      seed: 1,
      floors: [{ floor: 'MT1', start: 0, route: moves.length, join: 0 }],
      planned: plan.floors.filter((f) => f.route !== undefined).length,
      stopped: expect.stringMatching(/^the replay stops after MT1: no walk from/) as string,
    });
    const project = await readProjectDir(fileURLToPath(new URL('only-up', FIXTURES)));
    const walk = walkRoute(project, 'MT1', moves, project.start, first.heroIn);
    expect(walk.ok, walk.reason).toBe(true);
    expect(walk.hero).toEqual(first.heroOut);
    const text = await runCli(
      [
        'mota',
        'plan',
        'ou',
        '--hp',
        '361',
        '--max-work',
        '20000',
        '--replay',
        'x.h5route',
        '--seed',
        '9',
      ],
      onlyUp,
    );
    expect(text.stdout).toMatch(
      /replay written to x\.h5route: \d+ moves from the game's start on MT1 \(6,7\)/,
    );
    expect(text.stdout).toContain("this plan's hero differs (--hp 361)");
    expect(parseH5Route(text.files['x.h5route']!).seed).toBe(9);
    expect(text.stdout).toMatch(/the replay plays 1 of the plan's 2 planned floor\(s\) \(MT1\)/);
    // a floor the game does not start on cannot be replayed from the start
    const elsewhere = await runCli(
      ['mota', 'solve', 'ou', '--floor', 'MT2', '--replay', 'y.h5route'],
      onlyUp,
    );
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toMatch(
      /--replay: the engine replays a route from the game's start \(MT1 \(6,7\)\)/,
    );
    const solved = await runCli(
      ['mota', 'solve', 'ou', '--floor', 'MT1', '--replay', 'z.h5route', '--json'],
      onlyUp,
    );
    expect(solved.code).toBe(0);
    expect(decodeMoves(parseH5Route(solved.files['z.h5route']!).route)).toBe(
      (
        JSON.parse(solved.stdout) as {
          arrivals: { x: number; y: number; plan: { route: string } }[];
        }
      ).arrivals.find((a) => a.x === 6 && a.y === 7)?.plan.route,
    );
  });

  it('--replay on plan joins the planned floors by their stairs into one route our walker follows', async () => {
    const hero = { hp: 100_000, atk: 400, def: 300, mdef: 0 };
    const r = await runCli(
      [
        'mota',
        'plan',
        'ou',
        '--hp',
        String(hero.hp),
        '--atk',
        String(hero.atk),
        '--def',
        String(hero.def),
        '--mdef',
        '0',
        '--max-work',
        '60000',
        '--replay',
        'ou.h5route',
        '--json',
      ],
      onlyUp,
    );
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as {
      replay: { moves: number; floors: { floor: string; start: number }[]; planned: number };
      floors: { floor: string; heroIn: HeroStats; heroOut: HeroStats; arrival?: object }[];
    };
    const played = plan.replay.floors.map((f) => f.floor);
    expect(played.length).toBeGreaterThanOrEqual(2);
    const moves = decodeMoves(parseH5Route(r.files['ou.h5route']!).route);
    expect(moves).toHaveLength(plan.replay.moves);
    const project = await readProjectDir(fileURLToPath(new URL('only-up', FIXTURES)));
    const walk = walkTowerRoute(project, moves, { hero });
    expect(walk.ok, walk.reason).toBe(true);
    expect(walk.floors).toEqual(played);
    const last = plan.floors.find((f) => f.floor === played.at(-1))!;
    expect(walk.hero).toEqual(last.heroOut);
  });

  it('solve offers a hero where the given one fights nothing because he cannot', async () => {
    const r = await runCli(['mota', 'solve', 'ou', '--floor', 'MT1', '--json'], onlyUp);
    expect(r.code).toBe(0);
    const sol = JSON.parse(r.stdout) as {
      fights: unknown[];
      offer?: { floor: string; at: { hp?: number }; heroAtFloor: HeroStats; reason: string };
    };
    expect(sol.fights).toHaveLength(0);
    expect(sol.offer?.floor).toBe('MT1');
    expect(sol.offer?.at).toEqual({ hp: 361 });
    const text = await runCli(['mota', 'solve', 'ou', '--floor', 'MT1'], onlyUp);
    expect(text.stdout).toContain('the hero fought nothing because he could not');
    expect(text.stdout).toMatch(
      /puzzlekit mota solve ou --floor MT1 --hero-x 6 --hero-y 7 --hp 361/,
    );
    // the offered hero fights, and is offered nothing more
    const offered = await runCli(
      ['mota', 'solve', 'ou', '--floor', 'MT1', '--hp', '361', '--json'],
      onlyUp,
    );
    const again = JSON.parse(offered.stdout) as { fights: unknown[]; offer?: unknown };
    expect(again.fights.length).toBeGreaterThan(0);
    expect(again.offer).toBeUndefined();
  });
});
