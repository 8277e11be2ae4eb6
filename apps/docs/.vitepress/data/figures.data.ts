// Build-time data loader: the "Figures" section of each package's README (the numbers its bench printed),
// rendered to HTML, so the guide pages show exactly what the package documents and never go stale.
import { existsSync, readFileSync } from 'node:fs';
import { createMarkdownRenderer, defineLoader } from 'vitepress';
import { figuresSection, packageNames, type PackageName } from './readme.js';

/** Package folder name → rendered HTML of its README's figures section (absent when it has none). */
export type FiguresData = Partial<Record<PackageName, string>>;

export declare const data: FiguresData;

export default defineLoader({
  watch: packageNames.map((name) => `../../packages/${name}/README.md`),
  async load(): Promise<FiguresData> {
    const md = await createMarkdownRenderer(process.cwd());
    const result: FiguresData = {};
    for (const name of packageNames) {
      const file = new URL(`../../../../packages/${name}/README.md`, import.meta.url);
      if (!existsSync(file)) continue;
      const section = figuresSection(readFileSync(file, 'utf8'));
      if (section !== undefined && section !== '') result[name] = md.render(section);
    }
    return result;
  },
});
