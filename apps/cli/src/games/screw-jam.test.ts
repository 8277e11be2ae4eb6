import { describe, expect, it } from 'vitest';
import { runCli } from '../testing.js';
import { screwJam } from './screw-jam.js';

const SNAP = JSON.stringify({
  maxPerColor: 6,
  screws: [
    { color: 'red', depth: 0 },
    { color: 'red', depth: 1 },
    { color: 'red', depth: 2 },
    { color: 'blue', depth: 0 },
    { color: 'blue', depth: 0 },
    { color: 'blue', depth: 1 },
    { color: 'green', depth: 3 },
  ],
  tray: ['blue', 'green', 'green'],
  currentBox: { color: 'red', filled: 1 },
});

describe('puzzlekit screw-jam', () => {
  it('rate: the hand-computed middle and left tables as JSON (C# reading: by covering bars)', async () => {
    const r = await runCli(['screw-jam', 'rate', 's.json', '--json', '--reading', 'cover'], {
      's.json': SNAP,
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      middle: Record<string, number>;
      left: Record<string, number> | null;
      spawnable: string[];
    };
    expect(out.middle.blue).toBeCloseTo(47, 10);
    expect(out.middle.green).toBeCloseTo(76, 10);
    expect(out.left!.blue).toBeCloseTo(18 + 280 / 6, 10);
    expect(out.spawnable).toEqual(['blue', 'green']);
  });

  it('rate: text output, no left column without a current box, custom weights', async () => {
    const noBox = JSON.stringify({ ...(JSON.parse(SNAP) as object), currentBox: null });
    const r = await runCli(['screw-jam', 'rate', 's.json', '--reading', 'cover'], {
      's.json': noBox,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('current box none');
    expect(r.stdout).not.toContain('left');
    expect(r.stdout).toMatch(/green\s+76\.0 hard/);
    const j = await runCli(
      [
        'screw-jam',
        'rate',
        's.json',
        '--json',
        '--reading',
        'cover',
        '--tray-weight',
        '50',
        '--supply-weight',
        '50',
      ],
      { 's.json': noBox },
    );
    const out = JSON.parse(j.stdout) as { middle: Record<string, number>; left: unknown };
    // blue: M = 2 → 2/5·50 + 3/6·50 = 45.
    expect(out.middle.blue).toBeCloseTo(45, 10);
    expect(out.left).toBeNull();
  });

  it("rate: the article's layer reading by default, which needs each screw's layer", async () => {
    const layered = JSON.stringify({
      maxPerColor: 3,
      screws: [
        { color: 'red', depth: 2, layer: 0 },
        { color: 'red', depth: 0, layer: 1 },
        { color: 'red', depth: 0, layer: 1 },
      ],
      tray: ['blue'],
      currentBox: null,
    });
    // Two layers on the board: l ≤ 2 in the prose (M/5·100 = 20); a screw under two bars in the C#.
    const prose = await runCli(['screw-jam', 'rate', 's.json', '--json'], { 's.json': layered });
    const out = JSON.parse(prose.stdout) as { middle: Record<string, number>; reading: string };
    expect(out.reading).toBe('layers');
    expect(out.middle.red).toBeCloseTo(20, 10);
    const cs = await runCli(['screw-jam', 'rate', 's.json', '--json', '--reading', 'cover'], {
      's.json': layered,
    });
    expect((JSON.parse(cs.stdout) as { middle: Record<string, number> }).middle.red).toBeCloseTo(
      6 + 70 / 3,
      10,
    );
    const noLayer = await runCli(['screw-jam', 'rate', 's.json'], { 's.json': SNAP });
    expect(noLayer.code).toBe(1);
    expect(noLayer.stderr).toMatch(/\$\.screws\[0\]\.layer/);
    const badReading = await runCli(['screw-jam', 'rate', 's.json', '--reading', 'depth'], {
      's.json': layered,
    });
    expect(badReading.code).toBe(2);
  });

  it('rate: colours named __proto__, constructor and toString are rated like any other', async () => {
    const hostile = JSON.stringify({
      maxPerColor: 4,
      screws: ['__proto__', 'constructor', 'toString'].flatMap((color) =>
        [0, 1, 2].map((layer) => ({ color, depth: 0, layer })),
      ),
      tray: ['toString'],
      currentBox: null,
    });
    const r = await runCli(['screw-jam', 'rate', 's.json', '--json'], { 's.json': hostile });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { middle: Record<string, number>; spawnable: string[] };
    expect(Object.keys(out.middle)).toEqual(['__proto__', 'constructor', 'toString']);
    // Three layers: l > 2; each colour has 2 screws in the top two layers, N = 4. M = 1 except toString.
    const middle = new Map(Object.entries(out.middle));
    expect(middle.get('__proto__')).toBeCloseTo(6 + 35, 10);
    expect(middle.get('constructor')).toBeCloseTo(6 + 35, 10);
    expect(middle.get('toString')).toBeCloseTo(35, 10);
    expect(out.spawnable).toEqual(['__proto__', 'constructor', 'toString']);
    const text = await runCli(['screw-jam', 'rate', 's.json'], { 's.json': hostile });
    expect(text.stdout).toMatch(/__proto__\s+41\.0/);
  });

  it('rate: JSON nested 5,000 deep is a one-line parse error with line and column', async () => {
    const deep = `{"maxPerColor": 3, "screws": ${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const r = await runCli(['screw-jam', 'rate', 's.json'], { 's.json': deep });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/s\.json:1:\d+: JSON nested deeper than 256 levels/);
    for (const cmd of ['simulate', 'solve'])
      expect((await runCli(['screw-jam', cmd, 's.json'], { 's.json': deep })).code).toBe(1);
  });

  it('rate: bad snapshots fail with a JSON path or a line and column', async () => {
    const bad = await runCli(['screw-jam', 'rate', 's.json'], {
      's.json': '{"maxPerColor": 6, "screws": [{"color": "red", "depth": -1}], "tray": []}',
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/\$\.screws\[0\]\.depth/);
    const syntax = await runCli(['screw-jam', 'rate', 's.json'], {
      's.json': '{\n  "maxPerColor": 6,\n}',
    });
    expect(syntax.code).toBe(1);
    expect(syntax.stderr).toMatch(/s\.json:3:1: invalid JSON/);
    const missing = await runCli(['screw-jam', 'rate', 'nope.json']);
    expect(missing.code).toBe(1);
  });

  it('generate → simulate → rate a level, deterministic for a seed', async () => {
    const g = await runCli([
      'screw-jam',
      'generate',
      '--colors',
      '4',
      '--layers',
      '3',
      '--width',
      '6',
      '--height',
      '6',
      '--seed',
      '5',
      '-o',
      'l.json',
    ]);
    expect(g.code).toBe(0);
    expect(g.stdout).toMatch(/the winning play saved with the level wins: yes/);
    const level = g.files['l.json']!;
    const g2 = await runCli([
      'screw-jam',
      'generate',
      '--colors',
      '4',
      '--layers',
      '3',
      '--width',
      '6',
      '--height',
      '6',
      '--seed',
      '5',
      '--json',
    ]);
    expect(JSON.parse(g2.stdout)).toEqual(JSON.parse(level));
    const args = [
      'screw-jam',
      'simulate',
      'l.json',
      '--runs',
      '60',
      '--policy',
      'band',
      '--low',
      '0',
      '--high',
      '40',
      '--choice',
      'random',
      '--seed',
      '3',
      '--json',
    ];
    const s = await runCli(args, { 'l.json': level });
    expect(s.code).toBe(0);
    const out = JSON.parse(s.stdout) as {
      runs: number;
      wins: number;
      winRate: number;
      boxesSpawned: number;
      bins: { boxes: number }[];
      trayHistogram: number[];
      gaveUp: string | null;
      bestCut: { threshold: number } | null;
      monotonicity: { monotone: boolean };
    };
    expect(out.runs).toBe(60);
    expect(out.gaveUp).toBeNull();
    expect(out.winRate).toBeCloseTo(out.wins / 60, 12);
    expect(out.bins.reduce((n, b) => n + b.boxes, 0)).toBe(out.boxesSpawned);
    expect(
      out.bestCut === null || (out.bestCut.threshold >= 0 && out.bestCut.threshold <= 100),
    ).toBe(true);
    expect(typeof out.monotonicity.monotone).toBe('boolean');
    expect(out.trayHistogram).toHaveLength(6);
    expect((await runCli(args, { 'l.json': level })).stdout).toBe(s.stdout);
    const text = await runCli(
      ['screw-jam', 'simulate', 'l.json', '--runs', '20', '--bot', 'lookahead'],
      { 'l.json': level },
    );
    expect(text.stdout).toMatch(/20 playout\(s\), won \d+/);
    expect(text.stdout).toContain('dct range');
    expect(text.stdout).toMatch(/best cut: "hard = dct > \d+"|best cut: none/);
    expect(text.stdout).toMatch(/failure rate (rises|is not monotone)/);
    const rated = await runCli(['screw-jam', 'rate', 'l.json', '--json'], { 'l.json': level });
    expect(Object.keys((JSON.parse(rated.stdout) as { middle: object }).middle)).toHaveLength(4);
  });

  it('solve: a win with the recorded boxes, exit 1 when no order of taps wins', async () => {
    const g = await runCli([
      'screw-jam',
      'generate',
      '--colors',
      '3',
      '--layers',
      '2',
      '--width',
      '5',
      '--height',
      '5',
      '--seed',
      '2',
      '--json',
    ]);
    const r = await runCli(['screw-jam', 'solve', 'l.json', '--json'], { 'l.json': g.stdout });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { status: string }).status).toBe('won');
    const buried = JSON.stringify({
      width: 3,
      height: 1,
      traySize: 2,
      bars: [
        {
          layer: 0,
          cells: [
            [0, 0],
            [1, 0],
            [2, 0],
          ],
          screws: [
            { x: 0.5, y: 0.5, color: 'red' },
            { x: 1.5, y: 0.5, color: 'red' },
            { x: 2.5, y: 0.5, color: 'red' },
          ],
        },
        {
          layer: 1,
          cells: [
            [0, 0],
            [1, 0],
            [2, 0],
          ],
          screws: [
            { x: 0.2, y: 0.5, color: 'blue' },
            { x: 1.2, y: 0.5, color: 'blue' },
            { x: 2.2, y: 0.5, color: 'blue' },
          ],
        },
      ],
    });
    const no = await runCli(
      ['screw-jam', 'solve', 'b.json', '--boxes', 'red,blue', '--slots', '1'],
      { 'b.json': buried },
    );
    expect(no.code).toBe(1);
    expect(no.stdout).toMatch(/no tap order wins with boxes red, blue/);
    const yes = await runCli(
      ['screw-jam', 'solve', 'b.json', '--boxes', 'blue,red', '--slots', '1'],
      { 'b.json': buried },
    );
    expect(yes.stdout).toMatch(/winnable with boxes blue, red: taps 3 4 5 0 1 2/);
  });

  it('simulate, solve and generate take --max-ms and say what they gave up', async () => {
    const level = (
      await runCli(['screw-jam', 'generate', '--colors', '8', '--layers', '5', '--json'])
    ).stdout;
    // A millisecond is too short for a million deep-lookahead playouts: it stops and says after how many.
    const sim = await runCli(
      [
        'screw-jam',
        'simulate',
        'l.json',
        '--bot',
        'lookahead',
        '--depth',
        '6',
        '--runs',
        '1000000',
        '--max-ms',
        '1',
      ],
      { 'l.json': level },
    );
    expect(sim.code).toBe(0);
    expect(sim.stdout).toMatch(/^gave up: time \(--max-ms 1\) after \d+ of 1000000 runs/);
    const solve = await runCli(['screw-jam', 'solve', 'l.json', '--max-nodes', '3'], {
      'l.json': level,
    });
    expect(solve.code).toBe(1);
    expect(solve.stdout).toMatch(/gave up: node budget of 3 reached after 3 positions/);
    // The older flag still works; given both, the smaller bound holds.
    const old = await runCli(['screw-jam', 'solve', 'l.json', '--budget', '2', '--json'], {
      'l.json': level,
    });
    expect(old.code).toBe(1);
    expect(JSON.parse(old.stdout)).toMatchObject({
      outcome: { kind: 'gave-up', bound: 'nodes', limit: 2 },
      nodes: 2,
    });
    const gen = await runCli([
      'screw-jam',
      'generate',
      '--colors',
      '64',
      '--boxes-per-color',
      '20',
      '--layers',
      '20',
      '--width',
      '200',
      '--height',
      '200',
      '--max-ms',
      '1',
    ]);
    expect(gen.code).toBe(1);
    expect(gen.stderr).toMatch(/gave up: time limit of 1 ms reached after \d+ of \d+ colour swaps/);
    expect(
      (await runCli(['screw-jam', 'simulate', 'l.json', '--max-ms', '0'], { 'l.json': level }))
        .code,
    ).toBe(2);
  });

  it('usage mistakes exit 2 with one line', async () => {
    const r = await runCli(['screw-jam', 'simulate', 'l.json', '--bot', 'smart'], {
      'l.json': '{}',
    });
    expect(r.code).toBe(2);
    const level = (await runCli(['screw-jam', 'generate', '--colors', '2', '--json'])).stdout;
    const p = await runCli(
      ['screw-jam', 'simulate', 'l.json', '--policy', 'band', '--low', '60', '--high', '10'],
      { 'l.json': level },
    );
    expect(p.code).toBe(2);
    expect(p.stderr).toMatch(/--low must not exceed --high/);
    const bad = await runCli(['screw-jam', 'simulate', 'l.json'], {
      'l.json': '{"width": 2, "height": 2, "bars": []}',
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/\$\.bars: a level needs at least one bar/);
  });

  it('demo section is real and deterministic', async () => {
    const ctx = { json: false } as Parameters<typeof screwJam.demo>[0];
    const a = await screwJam.demo(ctx);
    const b = await screwJam.demo(ctx);
    expect(a.text).toBe(b.text);
    expect(a.text).toMatch(/winning play saved with the level: wins/);
    expect(a.text).not.toMatch(/recorded play of|\bseed's\b|the seed\b/);
    expect(a.text).toMatch(/ROC AUC \d\.\d{3}/);
    expect(a.text).toMatch(/best cut: "hard = dct > \d+"/);
  });
});
