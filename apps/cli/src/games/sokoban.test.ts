import { describe, expect, it } from 'vitest';
import { Rng } from '@puzzlekit/rng';
import { readOptions } from '@puzzlekit/job';
import {
  game,
  parseCollection,
  parseXsb,
  printCollection,
  printLevel,
  verifyAnswer,
} from '@puzzlekit/sokoban-zero-gap';
import { runCli } from '../testing.js';

type Json = Record<string, unknown>;

const MICROBAN_1 = ['####', '# .#', '#  ###', '#*@  #', '#  $ #', '#  ###', '####'].join('\n');
/** One box three squares from its goal, straight right. */
const LINE = '#######\n#     #\n#@$  .#\n#     #\n#######\n';

const sokoban = (argv: readonly string[], files: Record<string, string> = {}) =>
  runCli(['sokoban', ...argv], files);

describe('puzzlekit sokoban (common verbs over the descriptor)', () => {
  it('generates level i from the stream (seed, i): the collection the descriptor makes, with answers that replay', async () => {
    const argv = [
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
    ];
    const r = await sokoban(argv);
    expect(r.code).toBe(0);
    expect((await sokoban(argv)).stdout).toBe(r.stdout);
    const options = readOptions(game.generate!.options, { type: 'e', size: 3, pushes: 200 });
    const made = [0, 1].map((i) => {
      const g = game.generate!.run(options, Rng.forIndex(5, i), game.generate!.budget);
      if (!('value' in g)) throw new Error('gave up');
      return g.value;
    });
    expect(r.stdout).toBe(printCollection(made));
    for (const named of game.format!.parse(r.stdout))
      expect(verifyAnswer(named.level, named.answer!)).toEqual({ ok: true });
  });

  it('generate --json carries the outcome and each level as JSON rows with its LURD answer', async () => {
    const r = await sokoban(['generate', '--size', '3', '--pushes', '100', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      outcome: Json;
      levels: { level: { board: string[] }; answer: string }[];
    };
    expect(out.outcome).toEqual({ kind: 'solved' });
    const level = game.levelFromJson(out.levels[0]!.level);
    expect(verifyAnswer(level, out.levels[0]!.answer)).toEqual({ ok: true });
  });

  it('verifies every level of a file, or --answer for the --level picked, saying where an answer goes wrong', async () => {
    const files = {
      'm.xsb': MICROBAN_1,
      'good.txt': 'dlUrrrdLullddrUluRuulDrddrruLdlUU',
      'bad.txt': 'dlUrrrr',
    };
    const ok = await sokoban(['verify', 'm.xsb', '--answer', 'good.txt'], files);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe('level 1 of 1: the answer solves it\n');
    const bad = await sokoban(['verify', 'm.xsb', '--answer', 'bad.txt', '--json'], files);
    expect(bad.code).toBe(1);
    const rows = (JSON.parse(bad.stdout) as { levels: Json[] }).levels;
    expect(rows[0]).toMatchObject({ level: 1, ok: false, outcome: { kind: 'impossible' } });
    expect(rows[0]!.reason).toMatch(/^move 7 \('r'\) is illegal/);
    const none = await sokoban(['verify', 'm.xsb'], files);
    expect(none.code).toBe(1);
    expect(none.stdout).toMatch(/level 1 of 1: wrong: no answer/);
  });

  it('solves every level of a collection, says which, and gives up on a work budget naming nodes', async () => {
    const two = `${MICROBAN_1}\n\n${LINE}`;
    const r = await sokoban(['solve', 'two.xsb', '--json'], { 'two.xsb': two });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { levelsInFile: number; levels: { answer: string }[] };
    expect(out.levelsInFile).toBe(2);
    const levels = parseXsb(two).levels;
    out.levels.forEach((row, i) =>
      expect(verifyAnswer(levels[i]!, row.answer)).toEqual({ ok: true }),
    );
    expect(out.levels[1]!.answer).toBe('RRR');
    const fast = await sokoban(['solve', 'two.xsb', '--level', '1', '--mode', 'fast'], {
      'two.xsb': two,
    });
    expect(fast.code).toBe(0);
    expect(fast.stdout).toMatch(/^level 1 of 2: solved after/);
    const budget = await sokoban(
      ['solve', 'two.xsb', '--level', '1', '--max-work', '1', '--json'],
      {
        'two.xsb': two,
      },
    );
    expect(budget.code).toBe(1);
    expect(JSON.parse(budget.stdout)).toMatchObject({
      outcome: { kind: 'gave-up', bound: 'work', limit: 1, unit: 'nodes' },
    });
  });

  it('rates a level by the fewest pushes it needs', async () => {
    const r = await sokoban(['rate', 'l.xsb', '--json'], { 'l.xsb': LINE });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { levels: Json[] }).levels[0]).toMatchObject({
      rating: { score: 3 },
    });
  });

  it('calls bad option values usage mistakes (exit 2) on one line', async () => {
    const cases: [string[], RegExp][] = [
      [['generate', '--type', 'x'], /--type: type must be one of b, e, w, g, s/],
      [['generate', '--size', '100000'], /--size: size must be at most 510/],
      [['generate', '--pushes', '9007199254740991'], /--pushes: pushes must be at most 20000000/],
      [['generate', '--step', 'hop'], /--step: step must be one of/],
      [['generate', '--out', ''], /--out needs a file name/],
      [['solve', 'm.xsb', '--max-ms', '-1'], /--max-ms must be a whole number/],
      [['solve', 'm.xsb', '--mode', 'slow'], /--mode: mode must be one of optimal, fast/],
      [['solve', 'm.xsb', '--max-work', 'many'], /--max-work must be a whole number/],
      [['solve', 'm.xsb', '--max-nodes', '5'], /unknown option '--max-nodes'/],
    ];
    for (const [argv, message] of cases) {
      const r = await sokoban(argv, { 'm.xsb': MICROBAN_1 });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('ends hostile level and answer files in a one-line error naming the file', async () => {
    const files = {
      'rle.xsb': '#####\n#@$.#\n#####\n49999999#\n',
      'm.xsb': MICROBAN_1,
      'long.txt': '49999999l',
      'rows.xsb': '130000(#|)',
      'esc.xsb': '####\n#@\u001b$#\n####\n',
    };
    const runs: [string[], RegExp][] = [
      [['stats', 'rle.xsb'], /^puzzlekit: rle\.xsb:4:1: /],
      [['verify', 'm.xsb', '--answer', 'long.txt'], /1,000,000 moves/],
      [['stats', 'rows.xsb'], /^puzzlekit: rows\.xsb:1:\d+: /],
      [['solve', 'esc.xsb'], /^puzzlekit: esc\.xsb:2:3: /],
    ];
    for (const [argv, message] of runs) {
      const r = await sokoban(argv, files);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stderr, argv.join(' ')).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      // eslint-disable-next-line no-control-regex -- the point: no raw control byte reaches a terminal
      expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    }
  });
});

describe('puzzlekit sokoban optimize and stats (its own verbs)', () => {
  it('optimize shortens a loopy answer; stats gives the push lower bound', async () => {
    const files = { 'w.xsb': LINE, 'a.txt': 'RurrdLulldRRR' };
    const o = await sokoban(['optimize', 'w.xsb', '--answer', 'a.txt', '--json'], files);
    expect(o.code).toBe(0);
    expect((JSON.parse(o.stdout) as { levels: Json[] }).levels[0]).toMatchObject({
      originalPushes: 5,
      pushes: 3,
      moves: 3,
      answer: 'RRR',
      outcome: { kind: 'solved' },
    });
    const s = await sokoban(['stats', 'w.xsb', '--json'], files);
    expect((JSON.parse(s.stdout) as { levels: Json[] }).levels[0]).toMatchObject({
      level: 1,
      boxes: 1,
      lowerBound: { kind: 'pushes', pushes: 3 },
      width: 7,
      height: 5,
    });
    const text = await sokoban(['stats', 'w.xsb'], files);
    expect(text.stdout).toMatch(/^level 1 of 1: 7×5, 1 boxes .* push lower bound ≥ 3 pushes\n$/);
  });

  it('optimize needs an answer: the Solution line or --answer', async () => {
    const r = await sokoban(['optimize', 'w.xsb'], { 'w.xsb': LINE });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/has no Solution line: give the answer with --answer/);
  });

  it('stats says a walled-in box has no push lower bound instead of a negative one', async () => {
    const walled = '#####\n#@  #\n##$##\n# . #\n#####\n';
    const r = await sokoban(['stats', 'x.xsb'], { 'x.xsb': walled });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/-1/);
  });
});

describe('sokoban solve-all', () => {
  const file = `; 1\n${MICROBAN_1}\n\n; 2\n${LINE}`;

  it("takes the solver's own options (--mode fast) and passes them to every level", async () => {
    const r = await sokoban(
      ['solve-all', 'two.xsb', '--mode', 'fast', '--workers', '1', '--json'],
      {
        'two.xsb': file,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as {
      options: Record<string, unknown>;
      summary: { levels: number; solved: number; failedReplay: number };
      levels: { verified?: boolean }[];
    };
    expect(json.options).toMatchObject({ mode: 'fast' });
    expect(json.summary).toMatchObject({ levels: 2, solved: 2, failedReplay: 0 });
    expect(json.levels.every((l) => l.verified === true)).toBe(true);
  });

  it('calls a mode the solver does not have a usage mistake, and an empty file an error', async () => {
    const bad = await sokoban(['solve-all', 'two.xsb', '--mode', 'quick'], { 'two.xsb': file });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--mode: mode must be one of optimal, fast/);
    const empty = await sokoban(['solve-all', 'none.xsb'], { 'none.xsb': '; nothing here\n' });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/holds no Zero-gap Sokoban level/);
  });
});

describe('sokoban generate --format slc | sok', () => {
  it('writes the files YASC and JSoko exchange, and verify reads them back by content', async () => {
    const args = ['generate', '--type', 'e', '--size', '3', '--pushes', '200', '--count', '2'];
    const xsb = await sokoban([...args, '--out', 'p.xsb']);
    expect(xsb.code, xsb.stderr).toBe(0);
    const boards = parseXsb(xsb.files['p.xsb']!).levels.map((l) => printLevel(l));
    for (const format of ['slc', 'sok']) {
      const made = await sokoban([...args, '--format', format, '--out', `p.${format}`]);
      expect(made.code, made.stderr).toBe(0);
      const text = made.files[`p.${format}`]!;
      if (format === 'slc') expect(text).toMatch(/^<\?xml[^\n]*\n<SokobanLevels/);
      else expect(text).toMatch(/^Solution\b/m);
      // the same boards as the XSB collection, and answers that replay
      expect(parseCollection(text).map((l) => printLevel(l.level))).toEqual(boards);
      const checked = await sokoban(['verify', `p.${format}`], made.files);
      expect(checked.code, checked.stderr).toBe(0);
      expect(checked.stdout).toContain('2 of 2 levels solved by their answers');
    }
    const bad = await sokoban([...args, '--format', 'xml']);
    expect(bad.code).toBe(2);
  });
});
