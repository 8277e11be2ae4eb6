import { describe, expect, it } from 'vitest';
import { runCli } from './testing.js';
import { VERSION } from './program.js';

describe('puzzlekit shell', () => {
  it('prints help and version with exit code 0', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: puzzlekit');
    expect(help.stdout).toContain('demo');
    const version = await runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(VERSION);
  });

  it('answers a usage mistake with one clear line and exit code 2', async () => {
    const r = await runCli(['no-such-command']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toMatch(/^puzzlekit: unknown command 'no-such-command'/);
    expect(r.stderr).not.toMatch(/at .*\.js/);
  });

  it('puts the suggestion on the same single line as the mistake', async () => {
    const r = await runCli(['sokobn']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "puzzlekit: unknown command 'sokobn' (Did you mean sokoban?) (see 'puzzlekit --help')\n",
    );
  });

  it('prints the help on stderr with exit code 2 when no command is given', async () => {
    for (const argv of [[], ['sokoban'], ['link']]) {
      const r = await runCli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('Usage: puzzlekit');
    }
  });

  it('demo prints the showcase, and only JSON on stdout with --json', async () => {
    const text = await runCli(['demo']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('core packages');
    const json = await runCli(['demo', '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as { sections: { title: string }[] };
    expect(parsed.sections[0]?.title).toBe('core packages');
    expect(parsed.sections.length).toBeGreaterThanOrEqual(1);
  });

  it('accepts --json before the subcommand too', async () => {
    const json = await runCli(['--json', 'demo']);
    expect(() => JSON.parse(json.stdout) as unknown).not.toThrow();
  });
});
