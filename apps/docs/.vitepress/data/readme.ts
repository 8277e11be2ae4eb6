/** The package folders the docs describe, core packages first. */
export const packageNames = [
  'errors',
  'rng',
  'grid',
  'graph-search',
  'disjoint-set',
  'sokoban-zero-gap',
  'link-layout',
  'mota-bluegem',
  'animal-grid',
  'screw-jam-difficulty',
] as const;

export type PackageName = (typeof packageNames)[number];

/**
 * The README section whose level-2 heading mentions figures, benchmarks or measurements, up to the next
 * level-2 heading (fenced code is skipped when looking for headings); its own heading is dropped.
 */
export function figuresSection(readme: string): string | undefined {
  const lines = readme.split(/\r?\n/);
  let start = -1;
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('```')) inFence = !inFence;
    if (inFence) continue;
    if (start < 0 && /^## .*(figure|bench|measure|performance)/i.test(line)) start = i + 1;
    else if (start >= 0 && /^## /.test(line)) return lines.slice(start, i).join('\n').trim();
  }
  return start >= 0 ? lines.slice(start).join('\n').trim() : undefined;
}
