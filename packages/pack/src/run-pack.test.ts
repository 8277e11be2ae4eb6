import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { game as sumGame, type SumLevel } from './fixtures/sum-game.js';
import {
  JOURNAL_FILE,
  PackPool,
  runPack,
  type PackEvent,
  type PackRecord,
  type PackSpec,
} from './index.js';

const SUM_GAME = new URL('./fixtures/sum-game.ts', import.meta.url).href;
const folders: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pack-test-'));
  folders.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

function spec(overrides: Partial<PackSpec> = {}): PackSpec {
  return { game: SUM_GAME, gameId: 'sum', options: { size: 7 }, count: 12, seed: 42, ...overrides };
}

async function records(dir: string): Promise<PackRecord[]> {
  const text = await readFile(path.join(dir, 'levels.jsonl'), 'utf8');
  return text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as PackRecord);
}

/** The independent check of an answer: distinct indices whose numbers add up to the target. */
function adds(level: SumLevel, answer: readonly number[]): boolean {
  return (
    answer.length > 0 &&
    new Set(answer).size === answer.length &&
    answer.reduce((sum, i) => sum + (level.numbers[i] ?? NaN), 0) === level.target
  );
}

describe('runPack', () => {
  it('writes the same levels.jsonl for 1 and 2 workers, every answer adding up', async () => {
    const [one, two] = [await tempDir(), await tempDir()];
    const a = await runPack(spec(), { out: one, workers: 1 });
    const b = await runPack(spec(), { out: two, workers: 2 });
    const bytes = await readFile(path.join(one, 'levels.jsonl'), 'utf8');
    expect(await readFile(path.join(two, 'levels.jsonl'), 'utf8')).toBe(bytes);
    expect(await readFile(path.join(two, 'levels.json'), 'utf8')).toBe(
      await readFile(path.join(one, 'levels.json'), 'utf8'),
    );
    expect(a.pack).toBe(b.pack);
    expect(a.files).toEqual(['levels.jsonl', 'levels.json', 'manifest.json']);
    expect(b.timings.workers).toBe(2);

    const made = await records(one);
    expect(made.map((r) => r.index)).toEqual([...Array(12).keys()]);
    for (const record of made) {
      const level = record.level as unknown as SumLevel;
      expect(level.numbers).toHaveLength(7);
      expect(adds(level, record.answer as number[])).toBe(true);
      expect(record.outcome).toEqual({ kind: 'solved' });
      expect(record.rating?.score).toBeGreaterThan(0);
      expect(Object.keys(record)).toEqual([
        'index',
        'candidate',
        'level',
        'answer',
        'rating',
        'outcome',
        'jobs',
      ]);
    }
    // No timings or hosts in the records.
    expect(bytes).not.toMatch(/ms|host/i);
    // The collection file is the game's own, and reads back as the same levels and answers.
    const collection = sumGame.format!.parse(await readFile(path.join(one, 'levels.json'), 'utf8'));
    expect(collection.map((c) => sumGame.levelToJson(c.level))).toEqual(made.map((r) => r.level));
    expect(collection.map((c) => c.answer)).toEqual(made.map((r) => r.answer));
    expect(collection[3]!.title).toBe('level 3');
  });

  it('makes each level from (seed, index) alone: a pack of 5 is the first 5 of a pack of 12', async () => {
    const [small, large] = [await tempDir(), await tempDir()];
    await runPack(spec({ count: 5 }), { out: small, workers: 2 });
    await runPack(spec(), { out: large, workers: 2 });
    expect(await records(small)).toEqual((await records(large)).slice(0, 5));
  });

  it('replaces duplicates by later candidates, deterministically, and gives up a level it cannot fill', async () => {
    // Two numbers from 1..2 and a non-empty subset: at most 4 × 3 distinct levels, asked for 14.
    const tight = spec({ options: { size: 2, maxValue: 2 }, count: 14, maxCandidates: 6 });
    const [one, two] = [await tempDir(), await tempDir()];
    const manifest = await runPack(tight, { out: one, workers: 1 });
    await runPack(tight, { out: two, workers: 2 });
    expect(await readFile(path.join(two, 'levels.jsonl'), 'utf8')).toBe(
      await readFile(path.join(one, 'levels.jsonl'), 'utf8'),
    );
    const made = await records(one);
    const levels = made.filter((r) => r.level !== undefined).map((r) => JSON.stringify(r.level));
    expect(new Set(levels).size).toBe(levels.length);
    expect(manifest.counts.duplicates).toBeGreaterThan(0);
    expect(manifest.rejected.some((r) => /^duplicate of level \d+$/.test(r.reason))).toBe(true);
    expect(made.some((r) => r.candidate !== undefined && r.candidate > 0)).toBe(true);
    // 4 ordered pairs of numbers × their subsets' sums: the distinct levels there are.
    const possible = new Set<string>();
    for (const x of [1, 2])
      for (const y of [1, 2])
        for (const t of new Set([x, y, x + y]))
          possible.add(JSON.stringify({ numbers: [x, y], target: t }));
    for (const level of levels) expect(possible.has(level)).toBe(true);
    const givenUp = made.filter((r) => r.level === undefined);
    expect(givenUp.length).toBe(manifest.counts.givenUp);
    for (const r of givenUp) {
      expect(r.outcome).toEqual({ kind: 'gave-up', bound: 'work', limit: 6, unit: 'candidates' });
      expect(r.reason).toMatch(/duplicate of level/);
    }
  });

  it('resumes after a stop without redoing finished levels, to the same bytes', async () => {
    const whole = await tempDir();
    await runPack(spec({ count: 16 }), { out: whole, workers: 2 });
    const expected = await readFile(path.join(whole, 'levels.jsonl'), 'utf8');

    const stopped = await tempDir();
    const controller = new AbortController();
    const onEvent = (event: PackEvent) => {
      if (event.event === 'level' && event.done === 5) controller.abort();
    };
    await expect(
      runPack(spec({ count: 16 }), {
        out: stopped,
        workers: 2,
        onEvent,
        signal: controller.signal,
      }),
    ).rejects.toThrow();
    // A crash in the middle of a write leaves half a line: resume drops it.
    await appendFile(path.join(stopped, JOURNAL_FILE), '{"index":15,"from":0,"acc');
    const events: PackEvent[] = [];
    const manifest = await runPack(spec({ count: 16 }), {
      out: stopped,
      workers: 2,
      resume: true,
      onEvent: (e) => events.push(e),
    });
    expect(await readFile(path.join(stopped, 'levels.jsonl'), 'utf8')).toBe(expected);
    expect(manifest.timings.resumedTasks).toBeGreaterThanOrEqual(5);
    expect(events[0]).toMatchObject({
      event: 'start',
      resumedTasks: manifest.timings.resumedTasks,
    });
    expect(events.filter((e) => e.event === 'level')).toHaveLength(16);
    expect(events.at(-1)).toMatchObject({ event: 'done', made: 16 });
    // Every event is one plain JSON object.
    for (const event of events) expect(JSON.parse(JSON.stringify(event))).toEqual(event);

    // A resume of a finished pack runs nothing and writes the same bytes again.
    const again = await runPack(spec({ count: 16 }), { out: stopped, workers: 1, resume: true });
    expect(again.timings.resumedTasks).toBe(16);
    expect(await readFile(path.join(stopped, 'levels.jsonl'), 'utf8')).toBe(expected);
  });

  it('refuses to resume a journal of another spec', async () => {
    const dir = await tempDir();
    await runPack(spec({ count: 2 }), { out: dir, workers: 1 });
    await expect(
      runPack(spec({ count: 3 }), { out: dir, workers: 1, resume: true }),
    ).rejects.toThrow(/belongs to another pack spec/);
  });

  it('orders a pack by difficulty on request, keeping each level its index', async () => {
    const [byIndex, byRating] = [await tempDir(), await tempDir()];
    await runPack(spec(), { out: byIndex, workers: 2 });
    await runPack(spec({ sort: 'difficulty' }), { out: byRating, workers: 2 });
    const sorted = await records(byRating);
    const scores = sorted.map((r) => r.rating!.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    const byIdx = await records(byIndex);
    expect([...sorted].sort((a, b) => a.index - b.index)).toEqual(byIdx);
  });

  it('reports levels that a budget stopped', async () => {
    const noGenerate = await tempDir();
    const m = await runPack(
      spec({ count: 3, budget: { generate: { maxWork: 0 } }, maxCandidates: 2 }),
      {
        out: noGenerate,
        workers: 1,
      },
    );
    expect(m.counts).toMatchObject({ made: 0, givenUp: 3, budgetStopped: 6, rejected: 6 });
    expect(m.budgetStopped[0]).toEqual({
      index: 0,
      candidate: 0,
      job: 'generate',
      outcome: { kind: 'gave-up', bound: 'work', limit: 0, unit: 'candidates' },
    });
    expect(m.rejected[0]!.reason).toBe('generate: gave up: work budget of 0 candidates reached');

    // A solver out of work leaves the generator's replayed answer standing; a rater out of work, no rating.
    const tight = await tempDir();
    const t = await runPack(
      spec({ count: 3, budget: { solve: { maxWork: 1 }, rate: { maxWork: 3 } } }),
      {
        out: tight,
        workers: 1,
      },
    );
    expect(t.counts.made).toBe(3);
    const made = await records(tight);
    for (const record of made) {
      expect(record.outcome).toEqual({ kind: 'solved' });
      expect(record.rating).toBeUndefined();
      expect(record.jobs?.solve?.outcome).toMatchObject({
        kind: 'gave-up',
        bound: 'work',
        limit: 1,
      });
      expect(adds(record.level as unknown as SumLevel, record.answer as number[])).toBe(true);
    }
    expect(t.budgetStopped.map((s) => s.job)).toEqual([
      'solve',
      'rate',
      'solve',
      'rate',
      'solve',
      'rate',
    ]);
  });

  it('refuses a bad spec with the JSON path of the problem', async () => {
    const out = await tempDir();
    await expect(runPack(spec({ count: 0 }), { out })).rejects.toThrow(
      /^\$\.count: must be a whole number/,
    );
    await expect(runPack(spec({ options: { size: 99 } }), { out })).rejects.toThrow(
      /^\$\.options\.size: size must be at most 20/,
    );
    await expect(runPack(spec({ options: { colour: 1 } }), { out })).rejects.toThrow(
      /unknown option/,
    );
    await expect(runPack(spec({ gameId: 'link' }), { out })).rejects.toThrow(
      /exports game 'sum', not 'link'/,
    );
    await expect(runPack(spec({ sort: 'random' as 'index' }), { out })).rejects.toThrow(
      /^\$\.sort:/,
    );
    await expect(runPack(spec({ budget: { generate: { maxWork: -1 } } }), { out })).rejects.toThrow(
      /maxWork must be a number ≥ 0/,
    );
    await expect(runPack(spec(), { out, workers: 0 })).rejects.toThrow(
      /workers must be a whole number ≥ 1/,
    );
  });

  it('stops with the error of a game that throws, naming the level', async () => {
    const out = await tempDir();
    const marker = path.join(out, 'failed-once');
    await expect(
      runPack(spec({ count: 2, options: { failOnce: marker } }), { out, workers: 1 }),
    ).rejects.toThrow(/^level \d: sum: failing once on purpose/);
  });
});

describe('a pool of its own', () => {
  it('runs packs on a ready pool it leaves open, to the same bytes as a pool of the run', async () => {
    const pool = new PackPool({ workers: 2 }, SUM_GAME);
    try {
      await pool.ready();
      const [own, first, second] = [await tempDir(), await tempDir(), await tempDir()];
      await runPack(spec(), { out: own, workers: 1 });
      const a = await runPack(spec(), { out: first, pool, workers: 1 });
      // The pool is still open: a second pack runs on the same threads.
      await runPack(spec(), { out: second, pool });
      expect(a.timings.workers).toBe(2);
      const bytes = await readFile(path.join(own, 'levels.jsonl'), 'utf8');
      expect(await readFile(path.join(first, 'levels.jsonl'), 'utf8')).toBe(bytes);
      expect(await readFile(path.join(second, 'levels.jsonl'), 'utf8')).toBe(bytes);
    } finally {
      await pool.close();
    }
  });

  it('is ready even when its threads cannot import the game, and the run names the module', async () => {
    const missing = new URL('./fixtures/no-such-game.ts', import.meta.url).href;
    const pool = new PackPool({ workers: 1 }, missing);
    try {
      await pool.ready();
      await expect(
        runPack({ ...spec(), game: missing }, { out: await tempDir(), pool }),
      ).rejects.toThrow(/no-such-game/);
    } finally {
      await pool.close();
    }
  });
});

describe('shards', () => {
  it('a shard (first, count) holds the same levels as those indices of the whole pack', async () => {
    const [whole, shard] = [await tempDir(), await tempDir()];
    await runPack(spec({ count: 10 }), { out: whole, workers: 2 });
    const m = await runPack(spec({ count: 4, first: 6 }), { out: shard, workers: 2 });
    expect(await records(shard)).toEqual((await records(whole)).slice(6));
    expect(m.counts.levels).toBe(4);
    await expect(runPack(spec({ first: -1 }), { out: shard })).rejects.toThrow(
      /^\$\.first: must be a whole number/,
    );
  });
});
