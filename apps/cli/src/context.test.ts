import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IoError } from '@puzzlekit/errors';
import { Context, maxMsOption, UsageError } from './context.js';
import { MAX_INPUT_BYTES, nodeIo } from './io.js';

const scratch = mkdtempSync(join(tmpdir(), 'puzzlekit-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('Context file access', () => {
  const ctx = new Context(nodeIo());

  it('reports a write into a missing folder or onto a folder as an IoError naming the path', async () => {
    const intoMissing = join(scratch, 'no', 'such', 'dir', 'out.txt');
    await expect(ctx.writeText(intoMissing, 'x')).rejects.toThrow(IoError);
    await expect(ctx.writeText(intoMissing, 'x')).rejects.toThrow(
      `cannot write ${intoMissing}: no such file or directory`,
    );
    await expect(ctx.writeText(scratch, 'x')).rejects.toThrow(/it is a directory/);
  });

  it('reports a missing input file as an IoError and drops a byte-order mark', async () => {
    await expect(ctx.readText(join(scratch, 'absent.xsb'))).rejects.toThrow(IoError);
    const withBom = join(scratch, 'bom.txt');
    await ctx.writeText(withBom, '\uFEFF#####');
    await expect(ctx.readText(withBom)).resolves.toBe('#####');
  });
});

describe('maxMsOption', () => {
  it('takes 1 ms to a day and refuses the rest as a usage error', () => {
    expect(maxMsOption('60000')).toBe(60_000);
    expect(() => maxMsOption('0')).toThrow(UsageError);
    expect(() => maxMsOption('-1')).toThrow(UsageError);
    expect(() => maxMsOption('1e3')).toThrow(UsageError);
    expect(() => maxMsOption('86400001')).toThrow(
      /--max-ms must be a whole number in 1\.\.86400000/,
    );
  });
});

describe('reading input files', () => {
  const ctx = new Context(nodeIo());

  it('refuses a FIFO and a device at once instead of blocking or reading forever', async () => {
    const fifo = join(scratch, 'pipe');
    execFileSync('mkfifo', [fifo]);
    await expect(ctx.readText(fifo)).rejects.toThrow(
      `cannot read ${fifo}: not a regular file (a pipe, socket or device)`,
    );
    await expect(ctx.readText('/dev/zero')).rejects.toThrow(/not a regular file/);
  });

  it('refuses a file larger than the input cap before reading it (a sparse file costs nothing)', async () => {
    const sparse = join(scratch, 'sparse.json');
    const handle = await open(sparse, 'w');
    await handle.truncate(MAX_INPUT_BYTES + 1);
    await handle.close();
    await expect(ctx.readText(sparse)).rejects.toThrow(
      /bytes, more than the 268,435,456 a level file may have/,
    );
  });
});
