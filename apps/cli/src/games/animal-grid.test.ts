import { describe, expect, it } from 'vitest';
import { readOptions } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import { formatBoard, game } from '@puzzlekit/animal-grid';
import { game as garden } from '@puzzlekit/animal-grid/garden';
import { runCli } from '../testing.js';

type Json = Record<string, unknown>;

describe('puzzlekit animal-grid', () => {
  it('generates from the stream (seed, 0) the puzzle the descriptor makes; verify, solve and rate it', async () => {
    const g = await runCli(['animal-grid', 'generate', '--seed', '3', '--out', 'p.json']);
    expect(g.code).toBe(0);
    const made = game.generate!.run(
      readOptions(game.generate!.options, {}),
      Rng.forIndex(3, 0),
      game.generate!.budget,
    );
    if (!('value' in made)) throw new Error('gave up');
    expect(g.files['p.json']).toBe(`${game.format!.print([made.value])}`.replace(/\n?$/, '\n'));
    expect((await runCli(['animal-grid', 'verify', 'p.json'], g.files)).code).toBe(0);
    const solved = await runCli(['animal-grid', 'solve', 'p.json', '--json'], g.files);
    expect(solved.code).toBe(0);
    const answer = (JSON.parse(solved.stdout) as { levels: { answer: unknown }[] }).levels[0]!
      .answer;
    expect(game.verify!(made.value.level, game.answerFromJson(answer))).toEqual({ ok: true });
    const rated = await runCli(['animal-grid', 'rate', 'p.json', '--json'], g.files);
    expect((JSON.parse(rated.stdout) as { levels: Json[] }).levels[0]).toMatchObject({
      outcome: { kind: 'solved' },
    });
  });

  it('hint places a piece for sure and says why; check accepts the answer and refuses a wrong one', async () => {
    const g = await runCli(['animal-grid', 'generate', '--seed', '3', '--out', 'p.json']);
    const h = await runCli(['animal-grid', 'hint', 'p.json'], g.files);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/\nhint: .*\nwhy:\n {2}- /);
    const puzzle = game.format!.parse(g.files['p.json']!)[0]!;
    const files = { ...g.files, 'a.txt': formatBoard(puzzle.answer!) };
    const ok = await runCli(['animal-grid', 'check', 'p.json', 'a.txt'], files);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('the answer keeps every condition, and it is the only solution');
    const wrong = await runCli(['animal-grid', 'check', 'p.json', 'w.txt'], {
      ...files,
      'w.txt': '. . .\n. . .\n. . .\n',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/not an answer/);
  });

  it("fit reproduces a least-squares fit on the paper's training levels; compare ranks generated puzzles", async () => {
    const f = await runCli(['animal-grid', 'fit', '--json']);
    expect(f.code).toBe(0);
    expect(JSON.parse(f.stdout)).toHaveProperty('coefficients');
    const c = await runCli(['animal-grid', 'compare', '--count', '4', '--seed', '2', '--json']);
    expect(c.code).toBe(0);
    const r = JSON.parse(c.stdout) as { spearmanTotal: number };
    expect(r.spearmanTotal).toBeGreaterThanOrEqual(-1);
    expect(r.spearmanTotal).toBeLessThanOrEqual(1);
  });
});

describe('puzzlekit garden', () => {
  it('generates a level whose planting verify grows into the target; simulate refuses seeds the level does not give', async () => {
    const g = await runCli(['garden', 'generate', '--seed', '2', '--out', 'g.json']);
    expect(g.code).toBe(0);
    expect((await runCli(['garden', 'verify', 'g.json'], g.files)).code).toBe(0);
    const level = garden.format!.parse(g.files['g.json']!)[0]!;
    const plant = (level.answer as readonly { flower: string; x: number; y: number }[]).map(
      (p) => `${p.flower}@${p.x},${p.y}`,
    );
    const grown = await runCli(['garden', 'simulate', 'g.json', '--plant', ...plant], g.files);
    expect(grown.code).toBe(0);
    expect(grown.stdout).toMatch(/the planting grows into the target\n$/);
    const twice = await runCli(
      ['garden', 'simulate', 'g.json', '--plant', plant[0]!, plant[0]!],
      g.files,
    );
    expect(twice.code).not.toBe(0);
    expect(twice.stderr.trim().split('\n')).toHaveLength(1);
  });
});
