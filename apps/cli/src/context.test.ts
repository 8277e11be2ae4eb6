import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IoError } from '@puzzlekit/errors';
import { Context, maxMsOption, UsageError } from './context.js';
import { nodeIo } from './io.js';

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
