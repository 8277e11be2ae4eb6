import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing.js';

// The docs' command-line page must list what the real CLI has: every group with every command, and
// every example on the page must name a real command with flags it takes.
const PAGE = path.resolve(import.meta.dirname, '../../docs/guide/cli.md');
const page = readFileSync(PAGE, 'utf8');

/** The command names under "Commands:" of a `--help` text (`help` itself left out). */
function commandsOf(help: string): string[] {
  const start = help.indexOf('Commands:');
  if (start < 0) return [];
  return help
    .slice(start)
    .split('\n')
    .slice(1)
    .filter((line) => /^ {2}\S/.test(line))
    .map((line) => line.trim().split(/\s+/)[0]!)
    .filter((name) => name !== 'help');
}

async function help(argv: readonly string[]): Promise<string> {
  const r = await runCli([...argv, '--help']);
  expect(r.code, argv.join(' ')).toBe(0);
  return r.stdout;
}

/** The page's table of groups: `| \`group\` | \`a\`, \`b\` | … |` rows. */
function pageGroups(): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  const table = page.slice(page.indexOf('## One command group per game'));
  for (const line of table.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const group = /^`([a-z-]+)`$/.exec(cells[1] ?? '')?.[1];
    if (group === undefined || cells[2] === undefined) continue;
    groups.set(
      group,
      [...cells[2].matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!),
    );
  }
  return groups;
}

/** Every `puzzlekit …` command written on the page (in code blocks and in table cells). */
function pageExamples(): string[][] {
  const examples: string[][] = [];
  for (const m of page.matchAll(/(?:^|`)(?:pnpm )?puzzlekit ([^`\n#]+)/gm)) {
    const words = m[1]!.trim().split(/\s+/);
    if (words[0] === '…' || words[0]?.startsWith('<')) continue;
    examples.push(words);
  }
  return examples;
}

describe('the docs page of the command line', () => {
  it('lists every group of the CLI with exactly its commands', async () => {
    const groups = commandsOf(await help([])).filter((name) => name !== 'demo');
    const listed = pageGroups();
    expect([...listed.keys()].sort()).toEqual([...groups].sort());
    for (const group of groups) {
      expect(listed.get(group)!.sort(), group).toEqual(commandsOf(await help([group])).sort());
    }
  });

  it('shows only commands and flags that exist', async () => {
    const examples = pageExamples();
    expect(examples.length).toBeGreaterThan(5);
    const globalHelp = await help([]);
    for (const words of examples) {
      // the command path: the leading words that are commands of the one before
      const commandPath: string[] = [];
      let text = globalHelp;
      for (const word of words) {
        if (!commandsOf(text).includes(word)) break;
        commandPath.push(word);
        text = await help(commandPath);
      }
      // a word that is neither a command nor a flag where a command belongs: a command that is gone
      if (commandPath.length === 0 || commandsOf(text).length > 0)
        expect(words[commandPath.length] ?? '-', words.join(' ')).toMatch(/^-/);
      for (const word of words.slice(commandPath.length)) {
        // a path into the repository's fixtures must exist (from the repository root)
        if (word.startsWith('fixtures/'))
          expect(existsSync(path.resolve(import.meta.dirname, '../../..', word)), word).toBe(true);
        const flag = /^(--?[a-zA-Z][\w-]*)/.exec(word)?.[1];
        if (flag === undefined) continue;
        expect(`${text}\n${globalHelp}`, `${words.join(' ')}: ${flag}`).toMatch(
          new RegExp(`(^|[ ,])${flag}([ ,=]|$)`, 'm'),
        );
      }
    }
  });
});
