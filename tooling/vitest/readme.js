// README examples as tests: every ```ts block of a package README that is followed by a ```text block
// is run, and what it prints (console.log) must equal that text block. Imports of the package's own
// name are pointed at its sources, so the example runs against the code under test.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The runnable examples of a README: each ```ts block immediately followed (blank lines allowed) by a
 * ```text block that shows its output.
 * @param {string} readme the README's text
 * @returns {{ code: string, expected: string, line: number }[]}
 */
export function readmeExamples(readme) {
  const fence = /^```(\w*)[^\n]*\n([\s\S]*?)^```\s*$/gm;
  /** @type {{ lang: string, body: string, start: number, end: number }[]} */
  const blocks = [];
  for (const m of readme.matchAll(fence)) {
    blocks.push({ lang: m[1] ?? '', body: m[2] ?? '', start: m.index, end: m.index + m[0].length });
  }
  const examples = [];
  for (let i = 0; i + 1 < blocks.length; i++) {
    const a = blocks[i];
    const b = blocks[i + 1];
    if (!a || !b || a.lang !== 'ts' || b.lang !== 'text') continue;
    if (readme.slice(a.end, b.start).trim() !== '') continue;
    const line = readme.slice(0, a.start).split('\n').length;
    examples.push({ code: a.body, expected: b.body.replace(/\n$/, ''), line });
  }
  return examples;
}

/**
 * Runs one example from a package folder and returns what it printed.
 * @param {string} packageDir the package's folder (holds package.json and src/index.ts)
 * @param {string} code the example
 * @param {string} name a file-safe name for this example
 */
export async function runReadmeExample(packageDir, code, name) {
  const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const exportsMap = pkg.exports ?? {};
  let source = code;
  for (const [subpath, target] of Object.entries(exportsMap)) {
    const entry = typeof target === 'object' && target ? target['@puzzlekit/source'] : undefined;
    if (typeof entry !== 'string') continue;
    const spec = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    const file = path.join(packageDir, entry);
    source = source.replaceAll(`'${spec}'`, JSON.stringify(file));
  }
  const dir = path.join(packageDir, '.readme-examples');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${process.pid}.ts`);
  writeFileSync(file, source);
  const printed = [];
  const original = console.log;
  console.log = (...args) => void printed.push(format(...args));
  try {
    await import(/* @vite-ignore */ pathToFileURL(file).href);
  } finally {
    console.log = original;
    rmSync(file, { force: true });
  }
  return printed.join('\n');
}

/**
 * Declares the README tests of the package whose folder is `packageDir`: the README has at least one
 * example with its output, and each example prints exactly that output.
 * @param {string} packageDir
 */
export function testReadmeExamples(packageDir) {
  const examples = readmeExamples(readFileSync(path.join(packageDir, 'README.md'), 'utf8'));
  describe('README examples', () => {
    it('shows at least one runnable example with its output', () => {
      expect(examples.length).toBeGreaterThan(0);
    });
    for (const example of examples) {
      it(`the example at README line ${example.line} prints what the README shows`, async () => {
        const printed = await runReadmeExample(packageDir, example.code, `line-${example.line}`);
        expect(printed).toBe(example.expected);
      });
    }
  });
}
