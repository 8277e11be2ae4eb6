import { describe, expect, it } from 'vitest';
import { parseBoard, replay } from '@puzzlekit/link-layout';
import { runCli } from '../testing.js';

type Json = Record<string, unknown>;

describe('puzzlekit link', () => {
  it('generate prints the board and a solution that clears it (--json)', async () => {
    const r = await runCli([
      'link',
      'generate',
      '--rows',
      '4',
      '--cols',
      '6',
      '--faces',
      '6',
      '--copies',
      '4',
      '--seed',
      '3',
      '--gravity',
      'down',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { board: string[]; solution: [number, number][][] };
    expect(out.board).toHaveLength(4);
    expect(out.board[0]).toHaveLength(6);
    const board = parseBoard(out.board.join('\n'));
    const check = replay(
      board,
      out.solution.map(([a, b]) => [a!, b!] as const),
      { gravity: 'down' },
    );
    expect(check.cleared).toBe(true);
    const again = await runCli([
      'link',
      'generate',
      '--rows',
      '4',
      '--cols',
      '6',
      '--faces',
      '6',
      '--copies',
      '4',
      '--seed',
      '3',
      '--gravity',
      'down',
      '--json',
    ]);
    expect(again.stdout).toBe(r.stdout);
  });

  it('solve and hint read a board file; text and JSON', async () => {
    const files = { 'b.txt': 'AB\nAB\n' };
    const s = await runCli(['link', 'solve', 'b.txt', '--json'], files);
    expect(s.code).toBe(0);
    const out = JSON.parse(s.stdout) as Json;
    expect(out.solvable).toBe(true);
    expect(out.solution).toHaveLength(2);
    const h = await runCli(['link', 'hint', 'b.txt'], files);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/^play [AB] \(\d,\d\)-\(\d,\d\) via/);
    const gen = await runCli([
      'link',
      'generate',
      '--rows',
      '4',
      '--cols',
      '4',
      '--copies',
      '2',
      '--out',
      'g.txt',
    ]);
    expect(gen.files['g.txt']).toMatch(/^[A-Za-z]{4}\n/);
    const rate = await runCli(['link', 'rate', 'g.txt', '--playouts', '20'], gen.files);
    expect(rate.stdout).toMatch(/random play clears 100\.0% of 20 playouts/);
    const shuffled = await runCli(['link', 'shuffle', 'g.txt', '--json'], gen.files);
    expect((JSON.parse(shuffled.stdout) as { board: string[] }).board).toHaveLength(4);
  });

  it('an unsolvable board exits 1 with the proof; bad input gets a clear line', async () => {
    const files = { 'x.txt': '#####\n#AB##\n#BA##\n#####\n', 'bad.txt': 'AA\nA,\n' };
    const s = await runCli(['link', 'solve', 'x.txt', '--json'], files);
    expect(s.code).toBe(1);
    expect(JSON.parse(s.stdout)).toMatchObject({ solvable: false, solution: null });
    const h = await runCli(['link', 'hint', 'x.txt', '--no-reshuffle'], files);
    expect(h.code).toBe(1);
    expect(h.stdout).toMatch(/deadlock/);
    const bad = await runCli(['link', 'solve', 'bad.txt'], files);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/bad\.txt:2:2: unknown character/);
    const usage = await runCli(['link', 'generate', '--gravity', 'sideways']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--gravity must be one of/);
    const missing = await runCli(['link', 'solve', 'nope.txt']);
    expect(missing.code).toBe(1);
  });

  it('offers the reshuffle the game would deal on a stuck board, and it can be cleared', async () => {
    const files = {
      'stuck.txt': '#####\n#AB##\n#BA##\n#####\n',
      'trap.txt': 'ABAB\n....\nBABA\n',
    };
    for (const [file, gravity] of [
      ['stuck.txt', 'none'],
      ['stuck.txt', 'down'],
    ] as const) {
      const h = await runCli(['link', 'hint', file, '--gravity', gravity, '--json'], files);
      expect(h.code).toBe(0);
      const out = JSON.parse(h.stdout) as {
        status: string;
        reshuffle: { board: string[]; solution: [number, number][][] };
      };
      expect(out.status).toBe('deadlock');
      const before = parseBoard(files[file]);
      const after = parseBoard(out.reshuffle.board.join('\n'));
      // Same faces on the same cells, only moved between tiles; and the clearing order clears it.
      expect(after.cells.map((v) => (v > 0 ? 1 : v))).toEqual(
        before.cells.map((v) => (v > 0 ? 1 : v)),
      );
      expect([...after.cells].sort()).toEqual([...before.cells].sort());
      const moves = out.reshuffle.solution.map(([a, b]) => [a!, b!] as const);
      expect(replay(after, moves, { gravity }).cleared).toBe(true);
    }
    const text = await runCli(['link', 'hint', 'stuck.txt'], files);
    expect(text.stdout).toMatch(/the game reshuffles the remaining tiles/);
  });

  it('bad option values are usage errors (exit 2) that name the real limit', async () => {
    const big = await runCli(['link', 'generate', '--rows', '200', '--cols', '200']);
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/at most 414 faces/);
    expect(big.stderr).not.toMatch(/not a multiple/);
    const fits = await runCli(['link', 'generate', '--rows', '42', '--cols', '42']);
    expect(fits.code).toBe(2);
    expect(fits.stderr).toMatch(/use 6 copies \(294 faces\)/);
    for (const argv of [
      ['--difficulty', '2'],
      ['--difficulty', '-0.1'],
      ['--copies', '3'],
      ['--max-ms', '0'],
      ['--holes', 'maybe'],
    ]) {
      const r = await runCli(['link', 'generate', ...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    const both = await runCli(['link', 'solve', 'x.txt', '--max-ms', '5', '--time-limit', '5']);
    expect(both.code).toBe(2);
  });

  it('huge or deep inputs end in one typed line with line, column and the limit', async () => {
    const files = {
      'tall.txt': 'X\n'.repeat(130_001),
      'wide.txt': `${'X'.repeat(1_000_001)}\n`,
      'nul.txt': 'AA\nA\u0000\n',
    };
    const tall = await runCli(['link', 'generate', '--mask', 'tall.txt'], files);
    expect(tall.code).toBe(1);
    expect(tall.stderr).toMatch(/tall\.txt:1001:1: the mask has more than 1000 rows/);
    const wide = await runCli(['link', 'solve', 'wide.txt'], files);
    expect(wide.code).toBe(1);
    expect(wide.stderr).toMatch(/wide\.txt:1:1001: line is longer than 1000 characters/);
    expect(wide.stderr.length).toBeLessThan(300);
    const nul = await runCli(['link', 'solve', 'nul.txt'], files);
    expect(nul.code).toBe(1);
    expect(nul.stderr).toMatch(/nul\.txt:2:2: unknown character '\\u0000'/);
  });

  it('solves a board solvable by construction with a deep search; --budget bounds it', async () => {
    // The 100×100 board of issue 12 is in the package's slow tests; this one is 800 moves deep.
    const gen = await runCli([
      'link',
      'generate',
      '--rows',
      '40',
      '--cols',
      '40',
      '--copies',
      '16',
      '--seed',
      '1',
      '--out',
      'b.txt',
    ]);
    expect(gen.code).toBe(0);
    const s = await runCli(['link', 'solve', 'b.txt', '--json', '--max-ms', '600000'], gen.files);
    expect(s.code).toBe(0);
    const out = JSON.parse(s.stdout) as { solution: [number, number][][] };
    expect(out.solution).toHaveLength(800);
    const board = parseBoard(gen.files['b.txt']!);
    expect(
      replay(
        board,
        out.solution.map(([a, b]) => [a!, b!] as const),
      ).cleared,
    ).toBe(true);
    const tight = await runCli(['link', 'solve', 'b.txt', '--budget', '10'], gen.files);
    expect(tight.code).toBe(1);
    expect(tight.stdout).toMatch(/gave up: node budget of 10 reached after 10 nodes/);
    const tightJson = await runCli(
      ['link', 'solve', 'b.txt', '--budget', '10', '--json'],
      gen.files,
    );
    expect(JSON.parse(tightJson.stdout).outcome).toEqual({
      kind: 'gave-up',
      bound: 'nodes',
      limit: 10,
    });
  });

  it('has a deterministic demo section', async () => {
    const { link } = await import('./link.js');
    const a = await link.demo({} as never);
    const b = await link.demo({} as never);
    expect(a.text).toBe(b.text);
    expect(a.text).toMatch(/exact solver: solved/);
  });
});
