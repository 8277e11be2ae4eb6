import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { JOURNAL_FILE, runPack, type PackSpec } from './index.js';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pack-crash-'));
  folders.push(dir);
  return dir;
}

const spec: PackSpec = {
  game: new URL('./fixtures/sum-game.ts', import.meta.url).href,
  gameId: 'sum',
  // Each level held 150 ms, so the process is surely killed half-way.
  options: { size: 6, sleepMs: 150 },
  count: 16,
  seed: 'crash',
};

async function journalLines(dir: string): Promise<number> {
  try {
    return (await readFile(path.join(dir, JOURNAL_FILE), 'utf8')).split('\n').length - 1;
  } catch {
    return 0;
  }
}

it('finishes a pack whose process was killed (kill -9) half-way, redoing nothing finished, to the same bytes', async () => {
  const whole = await tempDir();
  await runPack(spec, { out: whole, workers: 2, memoryMb: 256 });

  const crashed = await tempDir();
  const child = spawn(
    process.execPath,
    [
      '--conditions=@puzzlekit/source',
      '--import',
      import.meta.resolve('tsx'),
      new URL('./fixtures/pack-process.ts', import.meta.url).pathname,
      crashed,
      JSON.stringify(spec),
    ],
    { cwd: path.resolve(import.meta.dirname, '..'), stdio: 'inherit' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Header + at least 3 finished tasks, then kill.
  for (let tries = 0; (await journalLines(crashed)) < 4; tries++) {
    if (tries > 2400) throw new Error('the pack process wrote no journal');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill('SIGKILL');
  await exited;
  const finished = (await journalLines(crashed)) - 1;
  expect(finished).toBeLessThan(16);

  const manifest = await runPack(spec, { out: crashed, workers: 2, memoryMb: 256, resume: true });
  expect(manifest.timings.resumedTasks).toBe(finished);
  expect(await readFile(path.join(crashed, 'levels.jsonl'), 'utf8')).toBe(
    await readFile(path.join(whole, 'levels.jsonl'), 'utf8'),
  );
  expect(await journalLines(crashed)).toBe(17);
});
