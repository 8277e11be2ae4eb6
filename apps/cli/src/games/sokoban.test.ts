import { describe, expect, it } from 'vitest';
import { parseLevel, parseXsb, verify } from '@puzzlekit/sokoban-zero-gap';
import { runCli } from '../testing.js';

type Json = Record<string, unknown>;

const MICROBAN_1 = ['####', '# .#', '#  ###', '#*@  #', '#  $ #', '#  ###', '####'].join('\n');

describe('puzzlekit sokoban', () => {
  it('generate --json gives levels whose solution solves them, identically for identical inputs', async () => {
    const argv = [
      'sokoban',
      'generate',
      '--type',
      'e',
      '--size',
      '3',
      '--pushes',
      '200',
      '--seed',
      '5',
      '--count',
      '2',
      '--json',
    ];
    const r = await runCli(argv);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { levels: Json[] };
    expect(out.levels).toHaveLength(2);
    for (const l of out.levels) {
      expect(Object.keys(l)).toEqual(
        expect.arrayContaining([
          'title',
          'xsb',
          'solution',
          'pushes',
          'moves',
          'boxes',
          'width',
          'height',
        ]),
      );
      const level = parseLevel(l.xsb as string);
      const v = verify(level, l.solution as string);
      expect(v.solved).toBe(true);
      expect(v.pushes).toBe(l.pushes);
      expect([level.width, level.height]).toEqual([l.width, l.height]);
    }
    expect((await runCli(argv)).stdout).toBe(r.stdout);
  });

  it('generate --out writes a collection that verify accepts (Solution line)', async () => {
    const g = await runCli([
      'sokoban',
      'generate',
      '--type',
      'b',
      '--size',
      '3',
      '--pushes',
      '100',
      '--select',
      'farthest',
      '--out',
      'b.xsb',
    ]);
    expect(g.code).toBe(0);
    const text = g.files['b.xsb']!;
    expect(text).toMatch(/^Title: zero-gap b3 k100 farthest seed 1$/m);
    expect(text).toMatch(/^Author: /m);
    expect(parseXsb(text).levels).toHaveLength(1);
    const v = await runCli(['sokoban', 'verify', 'b.xsb', '--json'], g.files);
    expect(v.code).toBe(0);
    expect(JSON.parse(v.stdout)).toMatchObject({ legal: true, solved: true });
  });

  it('verify exits 1 with the first illegal step, 0 when solved', async () => {
    const files = {
      'm.xsb': MICROBAN_1,
      'good.txt': 'dlUrrrdLullddrUluRuulDrddrruLdlUU',
      'bad.txt': 'dlUrrr r',
    };
    const ok = await runCli(['sokoban', 'verify', 'm.xsb', 'good.txt'], files);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/solved: 33 moves, 8 pushes/);
    const bad = await runCli(['sokoban', 'verify', 'm.xsb', 'bad.txt', '--json'], files);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ legal: false, failure: { step: 6 } });
    const parse = await runCli(['sokoban', 'verify', 'm.xsb', 'x.txt'], {
      ...files,
      'x.txt': 'lurdq',
    });
    expect(parse.code).not.toBe(0);
    expect(parse.stderr).toMatch(/x\.txt:1:5|1:5/);
  });

  it('solve prints the push-optimal answer', async () => {
    const r = await runCli(['sokoban', 'solve', 'm.xsb', '--json'], { 'm.xsb': MICROBAN_1 });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Json;
    expect(out).toMatchObject({ solved: true, optimal: true, pushes: 8 });
    expect(verify(parseLevel(MICROBAN_1), out.solution as string).solved).toBe(true);
    const fast = await runCli(['sokoban', 'solve', 'm.xsb', '--fast', '--json'], {
      'm.xsb': MICROBAN_1,
    });
    expect(JSON.parse(fast.stdout)).toMatchObject({ solved: true, pushes: 8 });
    const budget = await runCli(['sokoban', 'solve', 'm.xsb', '--max-nodes', '1'], {
      'm.xsb': MICROBAN_1,
    });
    expect(budget.code).toBe(1);
  });

  it('optimize shortens a loopy answer and stats describes a file', async () => {
    const files = {
      'w.xsb': '#######\n#     #\n#@$  .#\n#     #\n#######\n',
      'a.txt': 'RurrdLulldRRR',
    };
    const o = await runCli(['sokoban', 'optimize', 'w.xsb', 'a.txt', '--json'], files);
    expect(o.code).toBe(0);
    expect(JSON.parse(o.stdout)).toMatchObject({
      originalPushes: 5,
      pushes: 3,
      moves: 3,
      solution: 'RRR',
    });
    const s = await runCli(['sokoban', 'stats', 'w.xsb', '--json'], files);
    expect(JSON.parse(s.stdout)).toMatchObject({
      levels: [{ index: 1, boxes: 1, lowerBound: 3, width: 7, height: 5 }],
    });
  });

  it('generate --step slide --tree growth (the seed reading) gives a solvable level', async () => {
    const r = await runCli([
      'sokoban',
      'generate',
      '--type',
      'b',
      '--size',
      '4',
      '--pushes',
      '100',
      '--step',
      'slide',
      '--tree',
      'growth',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const l = (JSON.parse(r.stdout) as { levels: Json[] }).levels[0]!;
    expect(verify(parseLevel(l.xsb as string), l.solution as string).solved).toBe(true);
    // 100 slide steps of at least one two-push move each; the answer stops at the first arrival
    expect(l.scramblePushes as number).toBeGreaterThanOrEqual(200);
    expect(l.pushes as number).toBeLessThanOrEqual(l.scramblePushes as number);
    const bad = await runCli([
      'sokoban',
      'generate',
      '--type',
      'b',
      '--size',
      '3',
      '--pushes',
      '1',
      '--step',
      'hop',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--step must be one of/);
  });

  it('reports bad options and unreadable levels clearly', async () => {
    const t = await runCli(['sokoban', 'generate', '--type', 'x', '--size', '3', '--pushes', '1']);
    expect(t.code).toBe(2);
    expect(t.stderr).toMatch(/--type must be one of/);
    const s = await runCli(['sokoban', 'generate', '--type', 's', '--size', '5', '--pushes', '1']);
    expect(s.code).not.toBe(0);
    expect(s.stderr).toMatch(/--size must be a whole number in 7\.\.509/);
    const p = await runCli(['sokoban', 'stats', 'bad.xsb'], { 'bad.xsb': '####\n#@$#\n####\n' });
    expect(p.code).not.toBe(0);
    expect(p.stderr).toMatch(/bad\.xsb:1:1/);
  });

  it('bad option values are usage errors (exit 2) naming the limit', async () => {
    const cases: [string[], RegExp][] = [
      [['generate', '--type', 'b', '--size', '100000', '--pushes', '1'], /--size .*2\.\.510/],
      [
        ['generate', '--type', 'b', '--size', '2', '--pushes', '9007199254740991'],
        /--pushes .*1\.\.20000000/,
      ],
      [['generate', '--type', 'w', '--size', '5000', '--pushes', '1'], /--size .*2\.\.340/],
      [['generate', '--type', 'b', '--size', '3', '--pushes', '10', '--max-ms', '-1'], /--max-ms/],
      [['solve', 'm.xsb', '--max-ms', '-1'], /--max-ms/],
      [['solve', 'm.xsb', '--max-memory', '0'], /--max-memory/],
      [['solve', 'm.xsb', '--max-nodes', 'many'], /--max-nodes/],
    ];
    for (const [argv, message] of cases) {
      const r = await runCli(['sokoban', ...argv], { 'm.xsb': MICROBAN_1 });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    // an option sokoban does not have is commander's usage error
    const unknown = await runCli(['sokoban', 'solve', 'm.xsb', '--time-limit', '-1'], {
      'm.xsb': MICROBAN_1,
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown option '--time-limit'/);
  });

  it('hostile level and answer files end in a one-line error with line and column', async () => {
    const files = {
      'rle.xsb': '#####\n#@$.#\n#####\n49999999#\n',
      'm.xsb': MICROBAN_1,
      'long.txt': '49999999l',
      'open.txt': '42429496uR)',
      'deep.txt': `${'('.repeat(5000)}l${')'.repeat(5000)}`,
      'rows.xsb': '130000(#|)',
    };
    const runs: [string[], RegExp][] = [
      [['stats', 'rle.xsb'], /rle\.xsb:4:1: .*1,049,600/],
      [['verify', 'm.xsb', 'long.txt'], /long\.txt:1:1: .*1,000,000 moves/],
      [['verify', 'm.xsb', 'open.txt'], /open\.txt:1:1: .*1,000,000 moves/],
      [['verify', 'm.xsb', 'deep.txt'], /deep\.txt:1:101: .*nested deeper than 100/],
      [['stats', 'rows.xsb'], /rows\.xsb:1:\d+: .*1024 rows/],
    ];
    for (const [argv, message] of runs) {
      const r = await runCli(['sokoban', ...argv], files);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('solve says which budget stopped it', async () => {
    const g = await runCli([
      'sokoban',
      'generate',
      '--type',
      'b',
      '--size',
      '6',
      '--pushes',
      '10000',
      '--select',
      'farthest',
      '--answer',
      'pushes',
      '--out',
      'b6.xsb',
    ]);
    expect(g.code).toBe(0);
    const time = await runCli(['sokoban', 'solve', 'b6.xsb', '--max-ms', '1'], g.files);
    expect(time.code).toBe(1);
    expect(time.stderr).toMatch(/gave up: time limit \(1 ms\)/);
    const memory = await runCli(
      ['sokoban', 'solve', 'b6.xsb', '--max-memory', '16', '--json'],
      g.files,
    );
    expect(memory.code).toBe(1);
    expect(JSON.parse(memory.stdout)).toMatchObject({ gaveUp: 'budget', bound: 'memory' });
  });
});
