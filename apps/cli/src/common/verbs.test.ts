import { describe, expect, it } from 'vitest';
import { Rng } from '@puzzlekit/rng';
import { runCli } from '../testing.js';
import type { GameEntry } from '../games/types.js';
import { game as stepsGame } from './steps-game.fixture.js';

// The common verbs are tested over a game written here (walk 0..goal in steps of 1 or 2 avoiding
// holes), whose every answer can be checked by hand.
const registry: readonly GameEntry[] = [{ game: stepsGame }];
const steps = (argv: readonly string[], files: Record<string, string> = {}) =>
  runCli(['steps', ...argv], files, registry);

// Level 1: 0→5 over holes 2 and 4 (1,2,2 is the only way: 1→3→5). Level 2: holes 3 and 4 side by side,
// impossible. Level 3: no holes, with a wrong answer in the file (a step of 3).
const FILE = '# first\n0 5 2,4 1,2,2\n# blocked\n0 6 3,4\n0 3 - 3\n';

interface Row {
  level: number;
  title?: string;
  outcome: { kind: string; bound?: string; unit?: string; limit?: number };
  ok?: boolean;
  reason?: string;
  answer?: number[];
  rating?: { score: number; grade: string };
}
interface FileAnswer {
  game: string;
  levelsInFile: number;
  outcome: { kind: string };
  levels: Row[];
}

describe('common verbs over a descriptor', () => {
  it('makes flags from the generate options, with ranges, choices and defaults in the help', async () => {
    const r = await steps(['generate', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--length <n>\s+distance from start to goal \(2\.\.40; default 8\)/);
    expect(r.stdout).toMatch(
      /--style <choice>\s+where holes go \(spread \| random; default random\)/,
    );
    expect(r.stdout).toContain('--no-keep-start');
    for (const common of [
      '--count <n>',
      '--seed <seed>',
      '--out <file>',
      '--max-work <n>',
      '--max-ms <ms>',
    ])
      expect(r.stdout).toContain(common);
    expect(r.stdout).toContain('in attempts (default 50)');
    const group = await steps(['--help']);
    expect(group.stdout).toMatch(/generate[\s\S]*solve[\s\S]*verify[\s\S]*rate/);
  });

  it('generates level i from stream (seed, i), the same bytes every time, as the collection file', async () => {
    const a = await steps(['generate', '--count', '3', '--seed', '7', '--length', '9']);
    const b = await steps(['generate', '--count', '3', '--seed', '7', '--length', '9']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const expected = [0, 1, 2].map((i) => {
      const made = stepsGame.generate!.run(
        { length: 9, holes: 2, style: 'random', keepStart: true },
        Rng.forIndex(7, i),
        {},
      );
      if (!('value' in made)) throw new Error('the generator gave up');
      return made.value;
    });
    expect(a.stdout).toBe(stepsGame.format!.print(expected));
    // every level it wrote carries an answer that replays
    for (const named of stepsGame.format!.parse(a.stdout))
      expect(stepsGame.verify!(named.level, named.answer!)).toEqual({ ok: true });
  });

  it('reads the seed through parseSeed: " 1" is the seed 1, text is a text seed', async () => {
    const one = await steps(['generate', '--seed', '1']);
    expect((await steps(['generate', '--seed', ' 1'])).stdout).toBe(one.stdout);
    expect((await steps(['generate', '--seed', '1x'])).code).toBe(0);
  });

  it('answers generate --json with the outcome of the command and of each level', async () => {
    const r = await steps(['generate', '--count', '2', '--json', '--style', 'spread']);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as {
      game: string;
      outcome: { kind: string };
      levels: { index: number; outcome: { kind: string }; level: unknown; answer: number[] }[];
    };
    expect(data.game).toBe('steps');
    expect(data.outcome).toEqual({ kind: 'solved' });
    expect(data.levels.map((l) => [l.index, l.outcome.kind])).toEqual([
      [0, 'solved'],
      [1, 'solved'],
    ]);
    // holes spread from 2 every other cell: 2 and 4 on a walk of 8
    expect(data.levels[0]!.level).toEqual({ start: 0, goal: 8, holes: [2, 4] });
  });

  it('prints pictures with --format text', async () => {
    const r = await steps(['generate', '--format', 'text', '--style', 'spread', '--length', '6']);
    expect(r.stdout).toContain('S.o.o.G\nanswer: [1,2,2,1]');
    expect(r.stdout).toMatch(/^level 1 of 1 \(seed 1, stream 0\): solved after 1 attempts/);
  });

  it('gives up on a work budget of 0, says so in the outcome, and exits 1', async () => {
    const r = await steps(['generate', '--max-work', '0', '--json']);
    expect(r.code).toBe(1);
    const data = JSON.parse(r.stdout) as { outcome: unknown };
    expect(data.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 0, unit: 'attempts' });
    const text = await steps(['generate', '--max-work', '0']);
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('gave up: work budget of 0 attempts reached');
  });

  it('stops every level at one deadline: --max-ms 0 gives up on time', async () => {
    const r = await steps(['solve', 'f.steps', '--max-ms', '0', '--json'], { 'f.steps': FILE });
    expect(r.code).toBe(1);
    const data = JSON.parse(r.stdout) as FileAnswer;
    expect(data.levels.map((l) => l.outcome)).toEqual(
      Array(3).fill({ kind: 'gave-up', bound: 'time', limit: 0, unit: 'ms' }),
    );
  });

  it('calls bad flags usage mistakes (exit 2), naming the flag', async () => {
    const cases: [string[], RegExp][] = [
      [['generate', '--length', '99'], /--length: length must be at most 40, got '99'/],
      [['generate', '--style', 'wild'], /--style: style must be one of spread, random, got 'wild'/],
      [['generate', '--count', '0'], /--count must be a whole number/],
      [['generate', '--out', ''], /--out needs a file name/],
      [['generate', '--max-work', '-1'], /--max-work must be a whole number/],
      [['generate', '--json', '--format', 'collection'], /cannot be combined with --format/],
      [['generate', '--colour', 'red'], /unknown option '--colour'/],
      [['generate', '--holes', '9', '--length', '3'], /holes: 9 holes do not fit on a walk of 3/],
      [['solve', 'f.steps', '--level', '9'], /holds 3 level\(s\); --level 9 does not exist/],
      [['solve', 'f.steps', '--out', ''], /--out needs a file name/],
      [['verify', 'f.steps', '--answer', 'a.json'], /say which one --answer is for with --level/],
    ];
    for (const [argv, message] of cases) {
      const r = await steps(argv, { 'f.steps': FILE, 'a.json': '[1,2]' });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout, argv.join(' ')).toBe('');
      expect(r.stderr, argv.join(' ')).toMatch(message);
      expect(r.stderr.trim().split('\n'), argv.join(' ')).toHaveLength(1);
    }
  });

  it('writes the output to --out instead of stdout', async () => {
    const r = await steps(['generate', '--count', '2', '--out', 'pack.steps']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('wrote 2 level(s) to pack.steps\n');
    expect(r.files['pack.steps']).toBe((await steps(['generate', '--count', '2'])).stdout);
    const json = await steps(['solve', 'f.steps', '--level', '1', '--json', '--out', 'o.json'], {
      'f.steps': FILE,
    });
    expect(json.stdout).toBe('');
    expect((JSON.parse(json.files['o.json']!) as FileAnswer).outcome).toEqual({ kind: 'solved' });
  });

  it('solves every level of a file, says which, and exits 1 when one is not solved', async () => {
    const r = await steps(['solve', 'f.steps'], { 'f.steps': FILE });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        "level 1 of 3 'first': solved after 5 positions",
        '[1,2,2]',
        "level 2 of 3 'blocked': proven impossible after 6 positions",
        'level 3 of 3: solved after 3 positions',
        '[1,2]',
        '2 of 3 levels solved',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe('puzzlekit: 1 of 3 levels not solved\n');
    const one = await steps(['solve', 'f.steps', '--level', '1', '--json'], { 'f.steps': FILE });
    expect(one.code).toBe(0);
    const data = JSON.parse(one.stdout) as FileAnswer;
    expect(data.levelsInFile).toBe(3);
    expect(data.levels).toEqual([
      { level: 1, title: 'first', outcome: { kind: 'solved' }, work: 5, answer: [1, 2, 2] },
    ]);
  });

  it('gives up on --max-work and names the unit', async () => {
    const r = await steps(['solve', 'f.steps', '--level', '1', '--max-work', '2', '--json'], {
      'f.steps': FILE,
    });
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as FileAnswer).outcome).toEqual({
      kind: 'gave-up',
      bound: 'work',
      limit: 2,
      unit: 'positions',
    });
  });

  it("verifies every level's own answer, or the --answer given for the --level picked", async () => {
    const r = await steps(['verify', 'f.steps', '--json'], { 'f.steps': FILE });
    expect(r.code).toBe(1);
    const data = JSON.parse(r.stdout) as FileAnswer;
    expect(data.levels.map((l) => [l.level, l.outcome.kind, l.ok, l.reason])).toEqual([
      [1, 'solved', true, undefined],
      [2, 'impossible', false, 'no answer to check (the file gives none; see --answer)'],
      [3, 'impossible', false, 'step 1 is 3: steps are 1 or 2'],
    ]);
    const text = await steps(['verify', 'f.steps'], { 'f.steps': FILE });
    expect(text.stdout).toContain("level 1 of 3 'first': the answer solves it\n");
    expect(text.stdout).toContain('level 3 of 3: wrong: step 1 is 3: steps are 1 or 2\n');
    const fixed = await steps(['verify', 'f.steps', '--level', '3', '--answer', 'a.json'], {
      'f.steps': FILE,
      'a.json': '[1, 2]\n',
    });
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toBe('level 3 of 3: the answer solves it\n');
    const hole = await steps(['verify', 'f.steps', '--level', '1', '--answer', 'a.json'], {
      'f.steps': FILE,
      'a.json': '[2, 1, 2]',
    });
    expect(hole.code).toBe(1);
    expect(hole.stdout).toContain('wrong: step 1 lands in the hole at 2');
  });

  it('rates levels with score and grade', async () => {
    const r = await steps(['rate', 'f.steps', '--json'], { 'f.steps': FILE });
    const data = JSON.parse(r.stdout) as FileAnswer;
    expect(data.levels.map((l) => [l.outcome.kind, l.rating])).toEqual([
      ['solved', { score: 1, grade: 'quick' }],
      ['impossible', undefined],
      ['solved', { score: 1, grade: 'quick' }],
    ]);
    expect(r.code).toBe(1);
  });

  it('names the file, line and column of a bad file, with exit 1', async () => {
    const r = await steps(['solve', 'bad.steps'], { 'bad.steps': '0 5 -\n0 x -\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('puzzlekit: bad.steps:2:1: not a number: x\n');
    const empty = await steps(['rate', 'e.steps'], { 'e.steps': '\n' });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toBe('puzzlekit: e.steps holds no Steps level\n');
  });

  it("reads a pack's levels.jsonl, with JSON paths in its errors", async () => {
    const jsonl =
      '{"index":0,"level":{"start":0,"goal":3,"holes":[]},"answer":[1,2]}\n' +
      '{"index":1,"level":{"start":0,"goal":4,"holes":[2]},"answer":[1,2,1]}\n';
    const r = await steps(['verify', 'levels.jsonl'], { 'levels.jsonl': jsonl });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2 of 2 levels solved by their answers');
    const bad = await steps(['solve', 'levels.jsonl'], {
      'levels.jsonl': '{"level":{"start":0,"goal":-3,"holes":[]}}\n',
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(
      'puzzlekit: levels.jsonl: $[line 1].level.goal: expected a whole number ≥ 0\n',
    );
  });

  it('prints one JSON progress event per line on stderr under --json', async () => {
    const r = await steps(['solve', 'f.steps', '--json'], { 'f.steps': FILE });
    const events = r.stderr
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { event: string; verb: string; level: number });
    expect(events.map((e) => [e.event, e.verb, e.level])).toEqual([
      ['level', 'solve', 1],
      ['level', 'solve', 2],
      ['level', 'solve', 3],
    ]);
  });
});
