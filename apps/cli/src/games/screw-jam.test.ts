import { describe, expect, it } from 'vitest';
import { runCli } from '../testing.js';
import { game } from '@puzzlekit/screw-jam-difficulty';

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
  it('snapshot: the hand-computed middle and left tables as JSON (C# reading: by covering bars)', async () => {
    const r = await runCli(['screw-jam', 'snapshot', 's.json', '--json', '--reading', 'cover'], {
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

  it('snapshot: text output, no left column without a current box, custom weights', async () => {
    const noBox = JSON.stringify({ ...(JSON.parse(SNAP) as object), currentBox: null });
    const r = await runCli(['screw-jam', 'snapshot', 's.json', '--reading', 'cover'], {
      's.json': noBox,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('current box none');
    expect(r.stdout).not.toContain('left');
    expect(r.stdout).toMatch(/green\s+76\.0 hard/);
    const j = await runCli(
      [
        'screw-jam',
        'snapshot',
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

  it("snapshot: the article's layer reading by default, which needs each screw's layer", async () => {
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
    const prose = await runCli(['screw-jam', 'snapshot', 's.json', '--json'], {
      's.json': layered,
    });
    const out = JSON.parse(prose.stdout) as { middle: Record<string, number>; reading: string };
    expect(out.reading).toBe('layers');
    expect(out.middle.red).toBeCloseTo(20, 10);
    const cs = await runCli(['screw-jam', 'snapshot', 's.json', '--json', '--reading', 'cover'], {
      's.json': layered,
    });
    expect((JSON.parse(cs.stdout) as { middle: Record<string, number> }).middle.red).toBeCloseTo(
      6 + 70 / 3,
      10,
    );
    const noLayer = await runCli(['screw-jam', 'snapshot', 's.json'], { 's.json': SNAP });
    expect(noLayer.code).toBe(1);
    expect(noLayer.stderr).toMatch(/\$\.screws\[0\]\.layer/);
    const badReading = await runCli(['screw-jam', 'snapshot', 's.json', '--reading', 'depth'], {
      's.json': layered,
    });
    expect(badReading.code).toBe(2);
  });

  it('snapshot: colours named __proto__, constructor and toString are rated like any other', async () => {
    const hostile = JSON.stringify({
      maxPerColor: 4,
      screws: ['__proto__', 'constructor', 'toString'].flatMap((color) =>
        [0, 1, 2].map((layer) => ({ color, depth: 0, layer })),
      ),
      tray: ['toString'],
      currentBox: null,
    });
    const r = await runCli(['screw-jam', 'snapshot', 's.json', '--json'], { 's.json': hostile });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { middle: Record<string, number>; spawnable: string[] };
    expect(Object.keys(out.middle)).toEqual(['__proto__', 'constructor', 'toString']);
    // Three layers: l > 2; each colour has 2 screws in the top two layers, N = 4. M = 1 except toString.
    const middle = new Map(Object.entries(out.middle));
    expect(middle.get('__proto__')).toBeCloseTo(6 + 35, 10);
    expect(middle.get('constructor')).toBeCloseTo(6 + 35, 10);
    expect(middle.get('toString')).toBeCloseTo(35, 10);
    expect(out.spawnable).toEqual(['__proto__', 'constructor', 'toString']);
    const text = await runCli(['screw-jam', 'snapshot', 's.json'], { 's.json': hostile });
    expect(text.stdout).toMatch(/__proto__\s+41\.0/);
  });

  it('snapshot: JSON nested 5,000 deep is a one-line parse error with line and column', async () => {
    const deep = `{"maxPerColor": 3, "screws": ${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const r = await runCli(['screw-jam', 'snapshot', 's.json'], { 's.json': deep });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/s\.json:1:\d+: JSON nested deeper than 256 levels/);
    for (const cmd of ['simulate', 'solve'])
      expect((await runCli(['screw-jam', cmd, 's.json'], { 's.json': deep })).code).toBe(1);
  });

  it('snapshot: bad snapshots fail with a JSON path or a line and column', async () => {
    const bad = await runCli(['screw-jam', 'snapshot', 's.json'], {
      's.json': '{"maxPerColor": 6, "screws": [{"color": "red", "depth": -1}], "tray": []}',
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/\$\.screws\[0\]\.depth/);
    const syntax = await runCli(['screw-jam', 'snapshot', 's.json'], {
      's.json': '{\n  "maxPerColor": 6,\n}',
    });
    expect(syntax.code).toBe(1);
    expect(syntax.stderr).toMatch(/s\.json:3:1: invalid JSON/);
    const missing = await runCli(['screw-jam', 'snapshot', 'nope.json']);
    expect(missing.code).toBe(1);
  });

  it('generates a level whose winning play verify replays; rates it; the same seed gives the same bytes', async () => {
    const g = await runCli(['screw-jam', 'generate', '--seed', '4', '--out', 'l.json']);
    expect(g.code).toBe(0);
    const again = await runCli(['screw-jam', 'generate', '--seed', '4']);
    expect(again.stdout).toBe(g.files['l.json']);
    const v = await runCli(['screw-jam', 'verify', 'l.json'], g.files);
    expect(v.code).toBe(0);
    expect(v.stdout).toBe('level 1 of 1: the answer solves it\n');
    const r = await runCli(['screw-jam', 'rate', 'l.json', '--json'], g.files);
    expect(r.code).toBe(0);
    const rating = (JSON.parse(r.stdout) as { levels: { rating: { score: number } }[] }).levels[0]!
      .rating;
    expect(rating.score).toBeGreaterThanOrEqual(0);
    const level = game.format!.parse(g.files['l.json']!)[0]!;
    expect(game.verify!(level.level, level.answer!)).toEqual({ ok: true });
  });

  it('simulate: a plain verdict on the index, the same figures for the same seed', async () => {
    const g = await runCli(['screw-jam', 'generate', '--seed', '2', '--out', 'l.json']);
    const argv = ['screw-jam', 'simulate', 'l.json', '--runs', '40', '--seed', '3'];
    const text = await runCli(argv, g.files);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^level 1 of 1 · bot greedy · policy random · reading layers: 40 of 40 playout\(s\), won \d+/,
    );
    expect(text.stdout).toMatch(/The index (does not|barely|weakly|fairly well|well|cannot)/);
    // the statistics come after the verdict, labelled, not first
    expect(text.stdout.indexOf('ROC AUC')).toBeGreaterThan(text.stdout.indexOf('The index'));
    const json = await runCli([...argv, '--json'], g.files);
    const again = await runCli([...argv, '--json'], g.files);
    expect(json.stdout).toBe(again.stdout);
    const row = (JSON.parse(json.stdout) as { levels: Record<string, unknown>[] }).levels[0]!;
    expect(row).toMatchObject({ outcome: { kind: 'solved' }, work: 40, requested: 40 });
    expect(row.verdict).toHaveProperty('strength');
    const stopped = await runCli([...argv, '--max-work', '5', '--json'], g.files);
    expect(stopped.code).toBe(1);
    expect(JSON.parse(stopped.stdout)).toMatchObject({
      outcome: { kind: 'gave-up', bound: 'work', limit: 5, unit: 'playouts' },
      levels: [{ work: 5 }],
    });
  });

  it('usage mistakes exit 2 with one line', async () => {
    const g = await runCli(['screw-jam', 'generate', '--out', 'l.json']);
    for (const argv of [
      ['simulate', 'l.json', '--bot', 'genius'],
      ['simulate', 'l.json', '--runs', '0'],
      ['simulate', 'l.json', '--policy', 'band', '--low', '60', '--high', '10'],
      ['simulate', 'l.json', '--k', '2', '--policy', 'blend'],
      ['snapshot', 'l.json', '--reading', 'sideways'],
      ['generate', '--out', ''],
    ]) {
      const r = await runCli(['screw-jam', ...argv], g.files);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), argv.join(' ')).toHaveLength(1);
    }
  });
});
