import { describe, expect, it } from 'vitest';
import { packageNames } from '../.vitepress/data/readme.js';
import { PHONE, apiPagesOf, builtPages, overflowingPages } from './phone.js';
import { newPage, screenshot, useSite } from './site.js';

const site = useSite();

/** How many of each package's API pages the quick test opens: the largest, whose code is widest. */
const LARGEST_API_PAGES = 3;

// Every API page is checked by phone.slow.test.ts (`pnpm test:slow`); they share one layout.
describe(`at a phone's viewport (${PHONE.width}×${PHONE.height}) no page scrolls sideways`, () => {
  it('the home page, every guide and game page (demos mounted), the API index', async () => {
    const pages = builtPages().filter((page) => !page.path.startsWith('/api/@puzzlekit/'));
    expect(pages.map((page) => page.path)).toEqual(
      expect.arrayContaining(['/index.html', '/guide/getting-started.html', '/games/mota.html']),
    );
    expect(pages.map((page) => page.path)).toContain('/api/index.html');
    // Demos mount on the client: wait until the network is quiet so they have drawn their boards.
    expect(await overflowingPages(site, pages, 'networkidle')).toEqual([]);

    const page = await newPage(site.browser, PHONE);
    for (const game of ['mota', 'link', 'sokoban', 'animal-grid', 'screw-jam']) {
      await page.goto(`${site.origin}/games/${game}.html`, { waitUntil: 'networkidle' });
      await page.locator('[data-demo]').first().scrollIntoViewIfNeeded();
      await screenshot(page, `phone-${game}`);
    }
    await page.close();
  });

  it(`each package's API index and its ${LARGEST_API_PAGES} largest API pages`, async () => {
    const all = builtPages();
    const sample = packageNames.flatMap((name) => {
      const pages = apiPagesOf(all, name);
      expect(pages.length, `API pages of ${name}`).toBeGreaterThan(1);
      const largest = [...pages].sort((a, b) => b.bytes - a.bytes).slice(0, LARGEST_API_PAGES);
      return [pages.find((page) => page.path.endsWith(`/${name}/index.html`))!, ...largest];
    });
    expect(await overflowingPages(site, sample, 'domcontentloaded')).toEqual([]);
  });
});
