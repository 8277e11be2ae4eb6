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
    const h = await runCli(['link', 'hint', 'x.txt'], files);
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

  it('has a deterministic demo section', async () => {
    const { link } = await import('./link.js');
    const a = await link.demo({} as never);
    const b = await link.demo({} as never);
    expect(a.text).toBe(b.text);
    expect(a.text).toMatch(/exact solver: solved/);
  });
});
