// Test helpers: serve the built static site and drive Debian's Chromium with playwright-core.
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_TIMEOUT_MS } from '@puzzlekit/vitest-config';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';
export const docsRoot = fileURLToPath(new URL('..', import.meta.url));
export const distDir = resolve(docsRoot, '.vitepress/dist');
export const screenshotDir = resolve(docsRoot, 'screenshots');

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves `root` the way a static host does: `/x/` → `/x/index.html`, `/x` → `/x.html` when it exists. */
export async function serveStatic(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      let file = normalize(join(root, pathname));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
      const candidates = pathname.endsWith('/')
        ? [join(file, 'index.html')]
        : [file, `${file}.html`, join(file, 'index.html')];
      for (const candidate of candidates) {
        const info = await stat(candidate).catch(() => null);
        if (info?.isFile()) {
          file = candidate;
          res.writeHead(200, {
            'content-type': types[extname(file)] ?? 'application/octet-stream',
          });
          res.end(await readFile(file));
          return;
        }
      }
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end(await readFile(join(root, '404.html')).catch(() => 'not found'));
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

/** Fails with a message saying what to do when Chromium or the built site is missing. */
export function checkPrerequisites(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The docs browser test needs Debian's Chromium at ${CHROMIUM}, which is missing. ` +
        'Install it with: apt-get update && apt-get install -y chromium',
    );
  }
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(
      `The built site is missing (${distDir}). Build it first: pnpm --filter @puzzlekit/docs build`,
    );
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    timeout: TEST_TIMEOUT_MS,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * A new page whose every wait (navigation, locators, clicks, key presses, screenshots) is as patient
 * as the test itself. At load 40 on two cores a page can take minutes to draw a demo: only the suite's
 * per-test timeout (tooling/vitest) decides that a test failed, never a shorter wait of its own. Every
 * browser test makes its pages here; none passes a `timeout` of its own.
 */
export async function newPage(
  browser: Browser,
  viewport: { readonly width: number; readonly height: number } = { width: 1280, height: 1000 },
): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(TEST_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(TEST_TIMEOUT_MS);
  return page;
}

/** Opens a page that records uncaught errors and console errors, so a test can assert there were none. */
export async function openPage(
  browser: Browser,
  url: string,
): Promise<{ page: Page; errors: string[] }> {
  const page = await newPage(browser);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A failed request is reported below with its URL; the console line repeats it without one.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(url, { waitUntil: 'load' });
  return { page, errors };
}

/** Saves a PNG of the element (or the page) under apps/docs/screenshots/. */
export async function screenshot(page: Page, name: string, selector?: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  if (selector === undefined) await page.screenshot({ path, fullPage: false });
  else {
    // The sticky navigation bar would cover the top of a scrolled-to element.
    await page.addStyleTag({ content: '.VPNav, .VPLocalNav { visibility: hidden !important; }' });
    await page.locator(selector).screenshot({ path });
  }
  return path;
}

/** The built site served on loopback and a Chromium to open it, shared by one test file. */
export interface SiteSession {
  readonly browser: Browser;
  readonly origin: string;
}

/**
 * Registers `beforeAll`/`afterAll` hooks that serve the built site and launch Chromium (after checking
 * both are there), and returns the session the tests read once the hooks have run.
 */
export function useSite(): SiteSession {
  let browser: Browser | undefined;
  let server: Server | undefined;
  let origin = '';
  beforeAll(async () => {
    checkPrerequisites();
    ({ server, origin } = await serveStatic(distDir));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    if (server) await new Promise((done) => server!.close(done));
  });
  return {
    get browser(): Browser {
      if (!browser) throw new Error('the browser is not running (beforeAll has not run)');
      return browser;
    },
    get origin(): string {
      return origin;
    },
  };
}
