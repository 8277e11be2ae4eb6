import { describe, expect, it } from 'vitest';
import { packageNames } from '../.vitepress/data/readme.js';
import { PHONE, apiPagesOf, builtPages, overflowingPages } from './phone.js';
import { useSite } from './site.js';

const site = useSite();

// The whole API reference (about 460 pages, a few minutes): run by `pnpm test:slow`.
describe(`at a phone's viewport (${PHONE.width}×${PHONE.height}) no API page scrolls sideways`, () => {
  for (const name of packageNames) {
    it(`every API page of @puzzlekit/${name}`, async () => {
      const pages = apiPagesOf(builtPages(), name);
      expect(pages.length).toBeGreaterThan(1);
      expect(await overflowingPages(site, pages, 'domcontentloaded')).toEqual([]);
    });
  }
});
