import { describe, expect, it } from 'vitest';
import { openPage, screenshot, useSite } from './site.js';

const site = useSite();

describe('the built site', () => {
  it('serves the home page with its hero and links to the guides', async () => {
    const { page, errors } = await openPage(site.browser, `${site.origin}/`);
    await expect(page.locator('.VPHero .name').textContent()).resolves.toContain('puzzlekit');
    await page.getByRole('link', { name: 'Get started' }).first().click();
    await page.waitForURL(/getting-started/);
    await page.locator('h1', { hasText: 'Getting started' }).waitFor();
    await screenshot(page, 'home-getting-started');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has an API reference section for every package, generated from the TSDoc', async () => {
    const { page, errors } = await openPage(site.browser, `${site.origin}/api/`);
    const links = await page.locator('.vp-doc a').allTextContents();
    for (const name of [
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
    ]) {
      expect(links).toContain(`@puzzlekit/${name}`);
    }
    await page.goto(`${site.origin}/api/@puzzlekit/rng/classes/Rng.html`);
    await expect(page.locator('h1').first().textContent()).resolves.toContain('Rng');
    await expect(page.locator('.vp-doc').textContent()).resolves.toContain('shuffle');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows each package's measured figures (from its README) on its guide page", async () => {
    const pages = [
      '/core/rng.html',
      '/core/grid.html',
      '/core/graph-search.html',
      '/core/disjoint-set.html',
      '/games/sokoban.html',
      '/games/link.html',
      '/games/mota.html',
      '/games/animal-grid.html',
      '/games/screw-jam.html',
    ];
    const { page, errors } = await openPage(site.browser, `${site.origin}/`);
    for (const path of pages) {
      await page.goto(`${site.origin}${path}`);
      const figures = page.locator('[data-figures]');
      await expect(figures.count(), path).resolves.toBe(1);
      await expect(
        figures.locator('table, pre').count(),
        `figures table on ${path}`,
      ).resolves.toBeGreaterThan(0);
      await expect(figures.textContent(), path).resolves.toMatch(/\d/);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
