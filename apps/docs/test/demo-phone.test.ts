import { describe, expect, it } from 'vitest';
import { PHONE } from './phone.js';
import { newPage, screenshot, useSite } from './site.js';

const site = useSite();

// Issue 29: at 375 px the link board and the mota table were cut off (they scrolled inside their
// box, half out of sight), and the mota board had no legend. Each demo must show its whole board and
// table on a phone, and be worth a look when it opens.
const DEMOS = [
  { path: '/games/link.html', demo: 'link', whole: ['[data-testid="link-board"] svg'] },
  {
    path: '/games/mota.html',
    demo: 'mota',
    whole: [
      '[data-testid="mota-board"] svg',
      '[data-testid="mota-log"]',
      '[data-testid="mota-legend"]',
    ],
  },
  { path: '/games/sokoban.html', demo: 'sokoban', whole: ['[data-testid="sokoban-board"] svg'] },
  { path: '/games/screw-jam.html', demo: 'screw-jam', whole: ['[data-demo="screw-jam"] svg'] },
  {
    path: '/games/animal-grid.html',
    demo: 'animal-grid',
    whole: ['[data-demo="animal-grid"] svg'],
  },
] as const;

describe('the demos on a phone (375 px)', () => {
  for (const { path, demo, whole } of DEMOS) {
    it(`${demo}: the board${whole.length > 1 ? ', table and legend' : ''} fit the screen`, async () => {
      const page = await newPage(site.browser, PHONE);
      await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
      const root = page.locator(`[data-demo="${demo}"]`);
      await root.waitFor({ state: 'visible' });
      if (demo === 'mota') await page.locator('[data-testid="mota-play"]').click();
      for (const selector of whole) {
        const element = page.locator(selector).first();
        await element.scrollIntoViewIfNeeded();
        const box = await element.boundingBox();
        expect(box, selector).not.toBeNull();
        expect(box!.x, selector).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, selector).toBeLessThanOrEqual(PHONE.width);
      }
      // nothing inside the demo scrolls sideways to show the rest of it
      const hidden = await root.evaluate((el) =>
        [el, ...el.querySelectorAll('*')]
          .filter(
            (e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible',
          )
          .map(
            (e) =>
              e.tagName.toLowerCase() +
              (e.getAttribute('data-testid') ? `[${e.getAttribute('data-testid')}]` : ''),
          ),
      );
      expect(hidden).toEqual([]);
      await screenshot(page, `phone-demo-${demo}`, `[data-demo="${demo}"]`);
      await page.close();
    });
  }

  it('the mota board has a legend for every kind of square', async () => {
    const page = await newPage(site.browser, PHONE);
    await page.goto(`${site.origin}/games/mota.html`, { waitUntil: 'load' });
    const legend = page.locator('[data-testid="mota-legend"]');
    await legend.waitFor({ state: 'visible' });
    const text = (await legend.textContent()) ?? '';
    for (const word of ['hero', 'monster', 'blue gem', 'door', 'wall'])
      expect(text).toContain(word);
    await page.close();
  });
});
