import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './testing.js';
import type { GameEntry } from './games/types.js';
import { game as stepsGame } from './common/steps-game.fixture.js';

// The pack verbs over the test-only steps game, loaded in the pool's threads from its own file.
const registry: readonly GameEntry[] = [
  { game: stepsGame, module: new URL('./common/steps-game.fixture.ts', import.meta.url).href },
];
const cli = (argv: readonly string[], files: Record<string, string> = {}) =>
  runCli(argv, files, registry);

const scratch = mkdtempSync(join(tmpdir(), 'puzzlekit-cli-pack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const PACK = ['--length', '30', '--holes', '6', '--count', '5', '--seed', '9'];

describe('puzzlekit pack and solve-all', () => {
  it('makes the same levels.jsonl on 1 and 2 threads, level i being what generate makes from (seed, i)', async () => {
    const one = join(scratch, 'one');
    const two = join(scratch, 'two');
    const a = await cli(['pack', 'generate', 'steps', ...PACK, '--out', one, '--workers', '1']);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toMatch(/^pack [0-9a-f]+: 5 of 5 levels made/);
    const b = await cli([
      'pack',
      'generate',
      'steps',
      ...PACK,
      '--out',
      two,
      '--workers',
      '2',
      '--json',
    ]);
    expect(b.code, b.stderr).toBe(0);
    expect((JSON.parse(b.stdout) as { counts: { made: number } }).counts.made).toBe(5);
    const levels = readFileSync(join(one, 'levels.jsonl'), 'utf8');
    expect(readFileSync(join(two, 'levels.jsonl'), 'utf8')).toBe(levels);
    const generated = await cli(['steps', 'generate', ...PACK, '--json']);
    const made = (JSON.parse(generated.stdout) as { levels: { level: unknown }[] }).levels;
    const records = levels
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { index: number; candidate: number; level: unknown });
    for (const record of records)
      if (record.candidate === 0) expect(record.level).toEqual(made[record.index]!.level);
    // a JSON progress event a line on stderr
    const events = b.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string });
    expect(events.filter((e) => e.event === 'level')).toHaveLength(5);
  });

  it('solve-all runs a collection through the pool, replays every answer and prints a table', async () => {
    const file = join(scratch, 'one', 'levels.jsonl');
    const r = await cli(['steps', 'solve-all', file, '--workers', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^level +outcome +positions\n1 +solved/);
    expect(r.stdout).toContain('5 of 5 levels solved');
    const json = await cli(['steps', 'solve-all', file, '--json', '--max-work', '1']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      outcome: { kind: 'gave-up', bound: 'work', limit: 1, unit: 'positions' },
    });
  });

  it('calls a missing or empty --queue, --out or --count a usage mistake', async () => {
    for (const argv of [
      ['pack', 'status', 'abc'],
      ['pack', 'status', 'abc', '--queue', ''],
      ['pack', 'submit', 'steps', '--count', '3'],
      ['pack', 'generate', 'steps', '--out', join(scratch, 'x')],
      ['pack', 'generate', 'steps', '--count', '3', '--out', ''],
      ['pack', 'generate', 'steps', '--count', '3', '--out', join(scratch, 'x'), '--sort', 'size'],
    ]) {
      const r = await cli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), argv.join(' ')).toHaveLength(1);
    }
  });
});
