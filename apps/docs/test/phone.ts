// Phone-width checks: open built pages at a phone's viewport and find those that scroll sideways.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { distDir, newPage, type SiteSession } from './site.js';

/** A phone's viewport in CSS pixels (an iPhone X/11 Pro held upright). */
export const PHONE = { width: 375, height: 812 };

/** A built page: its URL path (`/games/mota.html`) and the size of its HTML in bytes. */
export interface BuiltPage {
  readonly path: string;
  readonly bytes: number;
}

/** Every page of the built site, sorted by path; none when the site is not built (the hooks say so). */
export function builtPages(dir = distDir): BuiltPage[] {
  if (!existsSync(dir)) return [];
  const pages: BuiltPage[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (file !== join(distDir, 'assets')) pages.push(...builtPages(file));
    } else if (entry.name.endsWith('.html')) {
      const path = '/' + relative(distDir, file).split(sep).join('/');
      pages.push({ path, bytes: statSync(file).size });
    }
  }
  return pages.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** What sticks out of a page: its scroll width and the outermost elements past the right edge. */
export interface Overflow {
  readonly page: string;
  readonly scrollWidth: number;
  readonly culprits: readonly string[];
}

interface Measured {
  readonly scrollWidth: number;
  readonly width: number;
  readonly culprits: string[];
}

// Run in the page. A string, not a function, so the bundler's helpers never reach the browser.
const MEASURE = `(() => {
  const root = document.documentElement;
  const width = root.clientWidth;
  // An element inside a box that scrolls or clips sideways cannot widen the page.
  const contained = (element) => {
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement)
      if (getComputedStyle(box).overflowX !== 'visible') return true;
    return false;
  };
  const culprits = [...document.body.querySelectorAll('*')]
    .filter((e) => e.getBoundingClientRect().right > width + 1 && !contained(e))
    .slice(0, 3)
    .map((e) => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string'
      ? '.' + e.className.trim().split(/\\s+/).join('.') : '') +
      ' "' + (e.textContent || '').trim().slice(0, 40) + '"');
  return { scrollWidth: root.scrollWidth, width, culprits };
})()`;

/** Opens each page at the phone's viewport and returns those wider than the screen. */
export async function overflowingPages(
  site: SiteSession,
  pages: readonly BuiltPage[],
  waitUntil: 'domcontentloaded' | 'networkidle',
): Promise<Overflow[]> {
  const page: Page = await newPage(site.browser, PHONE);
  const found: Overflow[] = [];
  try {
    for (const { path } of pages) {
      await page.goto(`${site.origin}${path}`, { waitUntil });
      const { scrollWidth, width, culprits } = await page.evaluate<Measured>(MEASURE);
      expect(width, `${path}: viewport width`).toBe(PHONE.width);
      if (scrollWidth > width) found.push({ page: path, scrollWidth, culprits });
    }
  } finally {
    await page.close();
  }
  return found;
}

/** The API reference pages of one package (`/api/@puzzlekit/<name>/…`). */
export function apiPagesOf(pages: readonly BuiltPage[], name: string): BuiltPage[] {
  return pages.filter((page) => page.path.startsWith(`/api/@puzzlekit/${name}/`));
}
