import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, useSite } from './site.js';

const site = useSite();

/** Opens a demo page and waits until its component has rendered (it mounts on the client only). */
async function openDemo(path: string, demo: string): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(site.browser, `${site.origin}${path}`);
  await opened.page.locator(`[data-demo="${demo}"]`).waitFor({ state: 'visible' });
  return opened;
}

const attr = async (page: Page, selector: string, name: string): Promise<string | null> =>
  page.locator(selector).getAttribute(name);

describe('Sokoban demo', () => {
  it('generates a level, pushes a box with the keyboard, undoes it, and replays the answer to a solve', async () => {
    const { page, errors } = await openDemo('/games/sokoban.html', 'sokoban');
    const board = '[data-testid="sokoban-board"]';
    // It opens on a level worth playing (issue 29: it opened nearly solved): most boxes off goal.
    const opening = (await page.locator('[data-testid="sokoban-status"]').textContent()) ?? '';
    const [, onGoals, boxes] = /on goals (\d+)\/(\d+)/.exec(opening) ?? [];
    expect(Number(boxes)).toBeGreaterThanOrEqual(8);
    expect(Number(onGoals)).toBeLessThanOrEqual(Number(boxes) / 2);
    await page.locator('[data-testid="sokoban-seed"]').fill('7');
    await page.locator('[data-testid="sokoban-generate"]').click();
    await expect(page.locator('[data-testid="sokoban-status"]').textContent()).resolves.toMatch(
      /12×12, 9 boxes/,
    );
    const start = await attr(page, board, 'data-player');
    // Walk the generated answer with the arrow keys up to its first push (upper case in LURD).
    const answer = (await page.locator('[data-testid="sokoban-answer"]').textContent()) ?? '';
    const firstPush = answer.search(/[LURD]/);
    expect(firstPush).toBeGreaterThanOrEqual(0);
    const keys: Record<string, string> = {
      l: 'ArrowLeft',
      u: 'ArrowUp',
      r: 'ArrowRight',
      d: 'ArrowDown',
    };
    await page.locator(board).focus();
    for (const letter of answer.slice(0, firstPush + 1))
      await page.keyboard.press(keys[letter.toLowerCase()]!);
    expect(await attr(page, board, 'data-moves')).toBe(String(firstPush + 1));
    expect(await attr(page, board, 'data-pushes')).toBe('1');
    expect(await attr(page, board, 'data-player')).not.toBe(start);
    await screenshot(page, 'sokoban-after-first-move', '[data-demo="sokoban"]');
    await page.keyboard.press('z'); // undo the push: the player stands where it stood before it
    expect(await attr(page, board, 'data-pushes')).toBe('0');
    expect(await attr(page, board, 'data-moves')).toBe(String(firstPush));

    await page.locator('[data-testid="sokoban-replay"]').click();
    await page.locator('[data-testid="sokoban-solved"]').waitFor();
    expect(await attr(page, board, 'data-solved')).toBe('true');
    const answerMoves = Number(await attr(page, board, 'data-moves'));
    expect(answerMoves).toBeGreaterThan(0);
    expect(answerMoves).toBeLessThanOrEqual(answer.length);
    await screenshot(page, 'sokoban-solved-by-replay', '[data-demo="sokoban"]');

    // The package's push-optimal solver: never more pushes than the generated answer; replay it too.
    await page.locator('[data-testid="sokoban-solve"]').click();
    const optimal = (await page.locator('[data-testid="sokoban-optimal"]').textContent()) ?? '';
    const optimalPushes = Number(/(\d+) pushes/.exec(optimal)?.[1]);
    expect(optimalPushes).toBeGreaterThan(0);
    expect(optimalPushes).toBeLessThanOrEqual((answer.match(/[LURD]/g) ?? []).length);
    await page.locator('[data-testid="sokoban-replay-optimal"]').click();
    await page.locator(`${board}[data-solved="true"]`).waitFor();
    expect(await attr(page, board, 'data-pushes')).toBe(String(optimalPushes));
    await screenshot(page, 'sokoban-optimal-replayed', '[data-demo="sokoban"]');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Link demo', () => {
  it('removes the hinted pair by clicking both tiles, draws the path, shuffles, and plays with gravity', async () => {
    const { page, errors } = await openDemo('/games/link.html', 'link');
    const board = '[data-testid="link-board"]';
    await page.locator('[data-testid="link-seed"]').fill('3');
    await page.locator('[data-testid="link-generate"]').click();
    expect(await attr(page, board, 'data-tiles')).toBe('48');

    await page.locator('[data-testid="link-hint"]').click();
    const hinted = page.locator('[data-hint="true"]');
    await expect(hinted.count()).resolves.toBe(2);
    const cells = await hinted.evaluateAll((els) => els.map((el) => el.getAttribute('data-cell')));
    const faces = await hinted.evaluateAll((els) => els.map((el) => el.getAttribute('data-face')));
    expect(faces[0]).toBe(faces[1]);
    for (const cell of cells) await page.locator(`[data-cell="${cell}"]`).click();
    expect(await attr(page, board, 'data-tiles')).toBe('46');
    expect(await attr(page, board, 'data-removed')).toBe('2');
    for (const cell of cells)
      expect(await page.locator(`[data-cell="${cell}"]`).getAttribute('data-face')).toBe('0');
    await expect(page.locator('[data-testid="link-path"]').count()).resolves.toBe(1);
    await screenshot(page, 'link-after-removal', '[data-demo="link"]');

    await page.locator('[data-testid="link-shuffle"]').click();
    await expect(page.locator('[data-testid="link-status"]').textContent()).resolves.toContain(
      'Shuffled',
    );
    expect(await attr(page, board, 'data-tiles')).toBe('46');

    // Gravity down: after a removal, no tile hangs above an empty cell.
    await page.locator('[data-testid="link-gravity"]').selectOption('down');
    await page.locator('[data-testid="link-generate"]').click();
    await page.locator('[data-testid="link-hint"]').click();
    const pair = await page
      .locator('[data-hint="true"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-cell')));
    for (const cell of pair) await page.locator(`[data-cell="${cell}"]`).click();
    expect(await attr(page, board, 'data-tiles')).toBe('46');
    const grid = await page
      .locator('[data-cell]')
      .evaluateAll((els) =>
        els.map((el) => [el.getAttribute('data-cell'), el.getAttribute('data-face')]),
      );
    const face = new Map(grid.map(([cell, f]) => [cell, Number(f)]));
    for (const [cell, f] of face) {
      const [r, c] = cell!.split(',').map(Number);
      if (f > 0 && face.has(`${r! + 1},${c}`)) expect(face.get(`${r! + 1},${c}`)).not.toBe(0);
    }
    await screenshot(page, 'link-gravity-down', '[data-demo="link"]');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Screw Jam demo', () => {
  it('taps free screws and recomputes the dct of every candidate colour live', async () => {
    const { page, errors } = await openDemo('/games/screw-jam.html', 'screw-jam');
    const board = '[data-testid="screw-board"]';
    await page.locator('[data-testid="screw-seed"]').fill('5');
    await page.locator('[data-testid="screw-generate"]').click();
    const readDct = async (): Promise<string[]> =>
      page
        .locator('[data-testid="screw-dct"] tbody tr')
        .evaluateAll((rows) =>
          rows.map(
            (row) =>
              `${row.getAttribute('data-dct-color')}:${row.textContent?.replace(/\s+/g, ' ').trim()}`,
          ),
        );
    const before = await readDct();
    expect(before.length).toBe(4); // one row per colour
    for (const row of before) {
      const numbers = row.match(/\d+\.\d/g)!.map(Number);
      expect(numbers).toHaveLength(2);
      for (const x of numbers) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(100);
      }
    }
    const screws = Number(await attr(page, board, 'data-screws'));
    await screenshot(page, 'screw-jam-start', '[data-demo="screw-jam"]');

    // Tap three free screws with the mouse: each leaves the board, and the index follows the board.
    for (let k = 1; k <= 3; k++) {
      const free = page.locator('[data-tappable="true"]').first();
      const id = await free.getAttribute('data-screw');
      await free.click();
      await expect(page.locator(`[data-screw="${id}"]`).count()).resolves.toBe(0);
      expect(await attr(page, board, 'data-steps')).toBe(String(k));
      expect(Number(await attr(page, board, 'data-screws'))).toBe(screws - k);
    }
    const after = await readDct();
    expect(after).not.toEqual(before);
    // Keyboard: select the next free screw with an arrow and tap it with Enter.
    await page.locator(board).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(await attr(page, board, 'data-steps')).toBe('4');
    await screenshot(page, 'screw-jam-after-taps', '[data-demo="screw-jam"]');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Magic Tower demo', () => {
  it('draws a fixture floor and animates the optimal route with HP and defence after each fight', async () => {
    const { page, errors } = await openDemo('/games/mota.html', 'mota');
    const board = '[data-testid="mota-board"]';
    await expect(page.locator('[data-monster]').count()).resolves.toBeGreaterThan(5);
    const hpStart = Number(await attr(page, board, 'data-hp'));
    await screenshot(page, 'mota-floor-start', '[data-demo="mota"]');

    await page.locator('[data-testid="mota-speed"]').selectOption({ label: 'fast' });
    await page.locator('[data-testid="mota-play"]').click();
    await page.locator(`${board}[data-done="true"]`).waitFor();
    const fights = Number(await attr(page, board, 'data-fights'));
    expect(fights).toBeGreaterThan(3);
    const rows = page.locator('[data-testid="mota-log"] [data-fight-row]');
    await expect(rows.count()).resolves.toBe(fights);
    // Defence only grows along the route, and the hero ends with the HP of the last event.
    const defs = await rows.evaluateAll((trs) =>
      trs.map((tr) => Number(tr.children[2]!.textContent.replace(/,/g, ''))),
    );
    for (let i = 1; i < defs.length; i++) expect(defs[i]).toBeGreaterThanOrEqual(defs[i - 1]!);
    expect(defs[defs.length - 1]).toBeGreaterThan(defs[0]!);
    expect(Number(await attr(page, board, 'data-def'))).toBeGreaterThan(0);
    expect(Number(await attr(page, board, 'data-hp'))).not.toBe(hpStart);
    await expect(page.locator('[data-testid="mota-stats"]').textContent()).resolves.toContain(
      `fights ${fights}/${fights}`,
    );
    await screenshot(page, 'mota-route-done', '[data-demo="mota"]');

    // Keyboard: reset, then one step with the right arrow.
    await page.locator(board).focus();
    await page.keyboard.press('r');
    expect(await attr(page, board, 'data-played')).toBe('0');
    await page.keyboard.press('ArrowRight');
    expect(await attr(page, board, 'data-played')).toBe('1');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Animal grid demo', () => {
  it('places an animal by clicking, shows the conditions as text, solves, checks and rates', async () => {
    const { page, errors } = await openDemo('/games/animal-grid.html', 'animal-grid');
    const board = '[data-testid="animal-board"]';
    await page.locator('[data-testid="animal-seed"]').fill('4');
    await page.locator('[data-testid="animal-generate"]').click();
    const conditions = await page.locator('[data-testid="animal-conditions"] li').allTextContents();
    expect(conditions.length).toBeGreaterThan(0);
    for (const text of conditions) expect(text.trim()).toMatch(/^(Every|No|The) .+\.$/);

    // On the empty board the hint names the next placement and why, and the grade is named.
    await page.locator('[data-testid="animal-hint"]').click();
    const hint = page.locator('[data-testid="animal-hint-text"]');
    expect(await hint.getAttribute('data-status')).toBe('next');
    await expect(hint.textContent()).resolves.toMatch(/Hint:\s*\S.* (goes|go) on \w+\/\w+/);
    await expect(page.locator('[data-testid="animal-grade"]').textContent()).resolves.toMatch(
      /easy|medium|hard|expert/,
    );

    // Place the first piece on the top-left cell by clicking.
    const piece = page.locator('[data-piece]').first();
    const animal = (await piece.getAttribute('data-piece'))!;
    const left = Number(await piece.getAttribute('data-left'));
    await piece.click();
    await page.locator('[data-cell="2,2"]').click();
    expect(await page.locator('[data-cell="2,2"]').getAttribute('data-animal')).toBe(animal);
    expect(Number(await page.locator(`[data-piece="${animal}"]`).getAttribute('data-left'))).toBe(
      left - 1,
    );
    expect(await attr(page, board, 'data-placed')).toBe('1');
    await page.locator('[data-testid="animal-check"]').click();
    await expect(page.locator('[data-testid="animal-result"]').textContent()).resolves.toContain(
      'Place all nine animals first',
    );
    await screenshot(page, 'animal-grid-placement', '[data-demo="animal-grid"]');

    // The solver fills the board; the checker accepts it and marks every condition as holding.
    await page.locator('[data-testid="animal-solve"]').click();
    expect(await attr(page, board, 'data-placed')).toBe('9');
    await expect(page.locator('[data-testid="animal-result"]').textContent()).resolves.toContain(
      'Solved!',
    );
    await expect(page.locator('[data-testid="animal-result"]').textContent()).resolves.toContain(
      'unique',
    );
    await expect(page.locator('[data-broken="true"]').count()).resolves.toBe(0);
    await expect(page.locator('[data-broken="false"]').count()).resolves.toBe(conditions.length);
    await expect(page.locator('[data-testid="animal-difficulty"]').textContent()).resolves.toMatch(
      /paper's D\s*-?\d+\.\d\d/,
    );

    // Swap two different animals with the keyboard: the answer is unique, so the checker must object.
    const a = (await page.locator('[data-cell="2,2"]').getAttribute('data-animal'))!;
    const b = (await page.locator('[data-cell="1,2"]').getAttribute('data-animal'))!;
    expect(a).not.toBe(b);
    const keyOf = async (name: string): Promise<string> =>
      String(
        (await page
          .locator('[data-piece]')
          .evaluateAll(
            (els, n) => els.findIndex((e) => e.getAttribute('data-piece') === n),
            name,
          )) + 1,
      );
    await page.locator(board).focus(); // the keyboard cursor starts on the top-left cell, (2, 2)
    await page.keyboard.press('Delete');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Delete');
    expect(await attr(page, board, 'data-placed')).toBe('7');
    await page.keyboard.press(await keyOf(a));
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press(await keyOf(b));
    await page.keyboard.press('Enter');
    expect(await page.locator('[data-cell="2,2"]').getAttribute('data-animal')).toBe(b);
    expect(await page.locator('[data-cell="1,2"]').getAttribute('data-animal')).toBe(a);
    await page.locator('[data-testid="animal-check"]').click();
    await expect(page.locator('[data-testid="animal-result"]').textContent()).resolves.toMatch(
      /\d+ condition\(s\) broken/,
    );
    await expect(page.locator('[data-broken="true"]').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'animal-grid-solved-then-edited', '[data-demo="animal-grid"]');
    expect(errors).toEqual([]);
    await page.close();
  });
});
