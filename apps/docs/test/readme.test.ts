import { describe, expect, it } from 'vitest';
import { figuresSection } from '../.vitepress/data/readme.js';

describe('figuresSection', () => {
  it('takes the section under a figures heading, up to the next level-2 heading', () => {
    const readme = [
      '# pkg',
      '',
      '## Install',
      'x',
      '## Figures',
      '',
      '| a | b |',
      '',
      'note',
      '## License',
      'MIT',
    ].join('\n');
    expect(figuresSection(readme)).toBe('| a | b |\n\nnote');
  });

  it('accepts benchmark and measurement headings and runs to the end of the file', () => {
    expect(figuresSection('## Benchmarks\nfast')).toBe('fast');
    expect(figuresSection('## What we measured\n\n1 ms\n')).toBe('1 ms');
  });

  it('ignores headings inside fenced code and returns undefined without a figures section', () => {
    const readme = ['## Example', '```md', '## Figures', 'fake', '```', '## API', 'text'].join(
      '\n',
    );
    expect(figuresSection(readme)).toBeUndefined();
    const fenced = ['## Figures', '```', '## not a heading', '```', 'after', '## Next'].join('\n');
    expect(figuresSection(fenced)).toBe('```\n## not a heading\n```\nafter');
  });
});
