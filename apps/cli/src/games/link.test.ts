import { describe, expect, it } from 'vitest';
import { readOptions } from '@puzzlekit/job';
import { Rng } from '@puzzlekit/rng';
import { game, playablePairs } from '@puzzlekit/link-layout';
import { runCli } from '../testing.js';

type Json = Record<string, unknown>;

const link = (argv: readonly string[], files: Record<string, string> = {}) =>
  runCli(['link', ...argv], files);

describe('puzzlekit link', () => {
  it('generates --count boards from the streams (seed, i), each with a clearing order that verify replays', async () => {
    const g = await link([
      'generate',
      '--rows',
      '4',
      '--cols',
      '6',
      '--count',
      '2',
      '--seed',
      '3',
      '--out',
      'b.json',
    ]);
    expect(g.code).toBe(0);
    expect(g.stdout).toBe('');
    const options = readOptions(game.generate!.options, { rows: 4, cols: 6 });
    const made = [0, 1].map((i) => {
      const r = game.generate!.run(options, Rng.forIndex(3, i), game.generate!.budget);
      if (!('value' in r)) throw new Error('gave up');
      return r.value;
    });
    expect(g.files['b.json']).toBe(game.format!.print(made));
    const v = await link(['verify', 'b.json'], g.files);
    expect(v.code).toBe(0);
    expect(v.stdout).toContain('2 of 2 levels solved by their answers');
  });

  it('solves, hints and rates every board of a file, and shuffles one into a clearable board', async () => {
    const g = await link([
      'generate',
      '--rows',
      '4',
      '--cols',
      '6',
      '--gravity',
      'down',
      '--out',
      'b.json',
    ]);
    const solved = await link(['solve', 'b.json', '--json'], g.files);
    expect(solved.code).toBe(0);
    const answer = (JSON.parse(solved.stdout) as { levels: { answer: unknown }[] }).levels[0]!
      .answer;
    const level = game.format!.parse(g.files['b.json']!)[0]!.level;
    expect(game.verify!(level, game.answerFromJson(answer))).toEqual({ ok: true });

    const hint = await link(['hint', 'b.json', '--json'], g.files);
    expect(hint.code).toBe(0);
    const row = (JSON.parse(hint.stdout) as { levels: Json[] }).levels[0]!;
    expect(row).toMatchObject({ outcome: { kind: 'solved' } });
    expect(row.playablePairs).toBe(playablePairs(level.board, level).length);
    expect((await link(['hint', 'b.json'], g.files)).stdout).toMatch(
      /^level 1 of 1: play . at row \d+, column \d+ with row \d+, column \d+\n$/,
    );

    const rate = await link(['rate', 'b.json', '--json'], g.files);
    expect(rate.code).toBe(0);
    const rating = (JSON.parse(rate.stdout) as { levels: { rating: { score: number } }[] })
      .levels[0]!.rating;
    expect(rating.score).toBeGreaterThanOrEqual(0);
    expect(rating.score).toBeLessThanOrEqual(100);

    const s = await link(['shuffle', 'b.json', '--seed', '2', '--out', 's.json'], g.files);
    expect(s.code).toBe(0);
    const shuffled = game.format!.parse(s.files['s.json']!)[0]!;
    expect(shuffled.level.board.cells.filter((c) => c > 0).sort()).toEqual(
      level.board.cells.filter((c) => c > 0).sort(),
    );
    expect(game.verify!(shuffled.level, shuffled.answer!)).toEqual({ ok: true });
  });

  it('calls bad values usage mistakes (exit 2) and a bad board file a failure (exit 1)', async () => {
    for (const argv of [
      ['generate', '--rows', '0'],
      ['generate', '--gravity', 'sideways'],
      ['generate', '--difficulty', '2'],
      ['generate', '--count', 'many'],
    ]) {
      const r = await link(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), argv.join(' ')).toHaveLength(1);
    }
    const bad = await link(['solve', 'x.json'], { 'x.json': '{"levels": [{"board": ["AB"]}]' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^puzzlekit: x\.json/);
  });
});
