// The formats page (guide/formats.md) lists every JSON Schema the packages ship, links only to
// schema files that exist, and shows JSON examples that are JSON.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsRoot } from './site.js';

const repoRoot = resolve(docsRoot, '../..');
const page = readFileSync(join(docsRoot, 'guide/formats.md'), 'utf8');
const SCHEMA_LINK =
  /https:\/\/github\.com\/puzzlekit\/puzzlekit\/blob\/main\/(packages\/[^/]+\/schema\/[^)\s]+)/g;

describe('the formats page', () => {
  it('links every schema the packages ship, and only files that exist', () => {
    const linked = [...page.matchAll(SCHEMA_LINK)].map((match) => match[1]!);
    for (const file of linked) expect(existsSync(join(repoRoot, file)), file).toBe(true);
    const shipped = readdirSync(join(repoRoot, 'packages')).flatMap((pkg) => {
      const dir = join(repoRoot, 'packages', pkg, 'schema');
      return existsSync(dir)
        ? readdirSync(dir)
            .filter((name) => name.endsWith('.schema.json'))
            .map((name) => `packages/${pkg}/schema/${name}`)
        : [];
    });
    expect(shipped.length).toBeGreaterThan(0);
    expect(new Set(linked)).toEqual(new Set(shipped));
  });

  it('shows JSON examples that parse', () => {
    const blocks = [...page.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]!);
    expect(blocks.length).toBeGreaterThan(10);
    for (const block of blocks) expect(() => JSON.parse(block) as unknown, block).not.toThrow();
  });
});
