// Hostile tower folders on disk (issue 29): FIFOs, devices, sparse giants, gzip on disk and gzip bombs,
// unlisted broken floors, and hero numbers of the wrong type. Every case ends in one typed line (or a
// report), never a hang, a read of gigabytes, or a misleading "no such file".
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidInputError, isPuzzlekitError, ParseError } from '@puzzlekit/errors';
import { MAX_TOWER_FILE_BYTES, readProjectDir, readProjectWith, readTowerFile } from './node.js';
import { planTower } from './plan/tower.js';
import { solveFloor } from './solve/floor.js';
import { floorSummary } from './graph/summary.js';

const TEMPLATE = fileURLToPath(new URL('../../../fixtures/mota/template/project', import.meta.url));
const made: string[] = [];

/** A copy of the template tower's project folder to spoil. */
function towerCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mota-hostile-'));
  made.push(dir);
  cpSync(TEMPLATE, dir, { recursive: true });
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    expect(isPuzzlekitError(e)).toBe(true);
    expect((e as Error).message).not.toMatch(/\n/);
    return e as Error;
  }
  throw new Error('expected a rejection');
}

/** Reads through Node's plain readFile, as a caller's own reader would (it would hang on a FIFO). */
const plainReader = (path: string): Promise<string> => Promise.resolve(readFileSync(path, 'utf8'));

describe('tower files that are not regular files', () => {
  it('a FIFO as functions.js is refused by both readers, without opening it for a blocking read', async () => {
    const dir = towerCopy();
    rmSync(join(dir, 'functions.js'), { force: true });
    execFileSync('mkfifo', [join(dir, 'functions.js')]);
    for (const read of [() => readProjectDir(dir), () => readProjectWith(dir, plainReader)]) {
      const e = await rejection(read());
      expect(e).toBeInstanceOf(InvalidInputError);
      expect((e as InvalidInputError).code).toBe('NOT_A_TOWER_FILE');
      expect(e.message).toMatch(/functions\.js: a FIFO \(named pipe\): not read$/);
    }
  });

  it('a FIFO as a listed floor file is refused; as an unlisted one it is reported and skipped', async () => {
    const listed = towerCopy();
    rmSync(join(listed, 'floors', 'sample1.js'));
    execFileSync('mkfifo', [join(listed, 'floors', 'sample1.js')]);
    const e = await rejection(readProjectDir(listed));
    expect(e.message).toMatch(/sample1\.js: a FIFO/);

    const unlisted = towerCopy();
    execFileSync('mkfifo', [join(unlisted, 'floors', 'Extra.js')]);
    writeFileSync(join(unlisted, 'floors', 'Broken.js'), 'main.floors.Broken=\n{"map": [[1,,}\n');
    const project = await readProjectDir(unlisted);
    expect(project.skipped.map((s) => s.file).sort()).toEqual([
      'floors/Broken.js',
      'floors/Extra.js',
    ]);
    expect(project.skipped.find((s) => s.file === 'floors/Extra.js')?.reason).toMatch(/FIFO/);
    expect(Object.keys(project.floors)).not.toContain('Extra');
  });

  it('character devices are refused: directly, and through a link (which leads outside the tower)', async () => {
    const e = await rejection(readTowerFile('/dev/zero'));
    expect(e.message).toBe('/dev/zero: a character device: not read');
    const dir = towerCopy();
    rmSync(join(dir, 'functions.js'), { force: true });
    symlinkSync('/dev/zero', join(dir, 'functions.js'));
    const linked = await rejection(readProjectDir(dir));
    expect((linked as InvalidInputError).code).toBe('OUTSIDE_TOWER');
  });

  it('a 600 MB sparse functions.js and a 1.9 GB data.js are refused by size before any read', async () => {
    const dir = towerCopy();
    writeFileSync(join(dir, 'functions.js'), '');
    truncateSync(join(dir, 'functions.js'), 600_000_000);
    const big = await rejection(readProjectDir(dir));
    expect(big.message).toMatch(
      /functions\.js: 600,000,000 bytes, more than the 33,554,432-byte limit of a tower file: not read$/,
    );
    const huge = towerCopy();
    truncateSync(join(huge, 'data.js'), 1_900_000_000);
    for (const read of [() => readProjectDir(huge), () => readProjectWith(huge, plainReader)]) {
      const e = await rejection(read());
      expect(e.message).toMatch(/data\.js: 1,900,000,000 bytes/);
      expect(e.message).not.toMatch(/no such file/);
    }
    expect(MAX_TOWER_FILE_BYTES).toBe(33_554_432);
  });
});

describe('gzip on disk', () => {
  it('a tower with every .js gzip-compressed reads as the plain one (detected by magic bytes)', async () => {
    const dir = towerCopy();
    const js = (d: string): string[] => readdirSync(d).filter((f) => f.endsWith('.js'));
    for (const d of [dir, join(dir, 'floors')])
      for (const f of js(d)) writeFileSync(join(d, f), gzipSync(readFileSync(join(d, f))));
    const plain = await readProjectDir(TEMPLATE);
    const zipped = await readProjectDir(dir);
    expect(zipped).toEqual(plain);
  });

  it('a gzip bomb is refused at the size limit; broken gzip data is an IoError naming the file', async () => {
    const dir = towerCopy();
    writeFileSync(join(dir, 'functions.js'), gzipSync(Buffer.alloc(MAX_TOWER_FILE_BYTES + 1)));
    const bomb = await rejection(readProjectDir(dir));
    expect(bomb.message).toMatch(/functions\.js: gzip data that expands beyond/);
    writeFileSync(join(dir, 'functions.js'), Buffer.from([0x1f, 0x8b, 1, 2, 3]));
    const broken = await rejection(readProjectDir(dir));
    expect(broken.message).toMatch(/cannot read .*functions\.js: broken gzip data/);
  });
});

describe('one check of the hero for every command', () => {
  it('string stats and a fractional start cell in data.js are refused when the tower is read', async () => {
    for (const [from, to, what] of [
      [/"hp":\s*\d+/, '"hp": "1000"', /firstData\.hero\.hp must be a number, got "1000"/],
      [/"x":\s*\d+/, '"x": 6.5', /firstData\.hero\.loc\.x must be a whole number ≥ 0, got 6.5/],
    ] as const) {
      const dir = towerCopy();
      const data = readFileSync(join(dir, 'data.js'), 'utf8');
      expect(from.test(data)).toBe(true);
      writeFileSync(join(dir, 'data.js'), data.replace(from, to));
      const e = await rejection(readProjectDir(dir));
      expect(e).toBeInstanceOf(ParseError);
      expect(e.message).toMatch(what);
    }
  });

  it('floors, solve and plan refuse the same hero given as an option, with the same path', async () => {
    const project = await readProjectDir(TEMPLATE);
    const hero = { hp: '100', atk: 10, def: 10, mdef: 0 } as unknown as typeof project.hero;
    const paths = [
      () => floorSummary(project, 'sample0', { hero }),
      () => solveFloor(project, 'sample0', { hero }),
      () => planTower(project, { hero }),
    ].map((run) => {
      try {
        run();
      } catch (e) {
        expect(e).toBeInstanceOf(InvalidInputError);
        return (e as InvalidInputError).path;
      }
      return 'accepted';
    });
    expect(paths).toEqual(['$.hero.hp', '$.hero.hp', '$.hero.hp']);
  });
});
