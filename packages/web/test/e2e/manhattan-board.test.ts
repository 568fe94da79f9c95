/**
 * Manhattan's board against a bot (issue 30): towers big enough to read with their floor count beside them (it sat
 * over a 40-px drawing), each city's majority and the tallest building marked, the hand drawn as cards showing the
 * lot each means, the reserves drawn as pieces, the board two thirds of its area on a laptop with the score table
 * beside it never scrolling sideways; screenshots mid-game on a desktop and a phone, in English and French.
 */
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  PHONE,
  e2eForFile,
  expectAccessible,
  pageWidth,
  seeded,
  shot,
  startAgainstBots,
} from './browser.js';
import type { Page } from 'playwright-core';
import { manhattanMove } from './play.js';

/**
 * The board's drawn width, the width of the board's whole area (board and side column), and by how many pixels the
 * score table's box would scroll sideways (0 or less: it does not).
 */
function boardSizes(page: Page) {
  return page.evaluate(() => {
    const board = document.querySelector('svg.manhattan-board')!.getBoundingClientRect().width;
    const area = document.querySelector('.manhattan.board')!.getBoundingClientRect().width;
    const table = document.querySelector('[data-testid="breakdown"]')!;
    const box = table.closest('section')!;
    return {
      board,
      area,
      scoresOverflow: Math.max(
        box.scrollWidth - box.clientWidth,
        table.getBoundingClientRect().right - box.getBoundingClientRect().right,
      ),
    };
  });
}

describe.skipIf(!HAVE_CHROMIUM)('Manhattan’s board', () => {
  const e2e = e2eForFile();

  it('draws readable towers with their floor count beside them, the majorities and the tallest building, cards as cards and reserves as pieces', async () => {
    const { context, page } = await startAgainstBots(e2e(), 'mara', 'manhattan', {
      device: { viewport: { width: 1280, height: 800 } },
    });
    await page.locator('svg.manhattan-board').waitFor();
    const random = seeded(3);
    // Eight moves of the player's (the bot builds in between): buildings on the board, some city with a majority.
    let moves = 0;
    for (let k = 0; k < 80 && moves < 8; k++) {
      if (await manhattanMove(page, random, 'largest')) moves++;
      else await page.waitForTimeout(150);
    }
    expect(moves).toBe(8);
    await page.getByTestId('turn').getByText('Your turn').waitFor();

    // Every building: its drawing at least 24 px wide, its floor count's badge beside it and not over it.
    const lots = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="floor-count"]')].map((badge) => {
        const tower = badge.previousElementSibling?.getBoundingClientRect();
        const box = badge.getBoundingClientRect();
        return {
          towerWidth: tower?.width ?? 0,
          towerRight: tower?.right ?? Infinity,
          badgeLeft: box.left,
          badgeHeight: box.height,
          text: badge.textContent,
        };
      }),
    );
    expect(lots.length).toBeGreaterThan(4);
    for (const lot of lots) {
      expect(lot.towerWidth).toBeGreaterThanOrEqual(24);
      expect(lot.towerRight).toBeLessThanOrEqual(lot.badgeLeft + 0.5);
      expect(lot.badgeHeight).toBeGreaterThanOrEqual(13);
      expect(Number(lot.text)).toBeGreaterThan(0);
    }
    // The marks agree with the score table: a city's majority is worth 2 to its holder, the tallest 3.
    const majorities = await page.locator('[data-testid^="majority-"]').count();
    const table = page.getByTestId('breakdown');
    const column = async (n: number) =>
      (await table.locator(`tbody tr td:nth-of-type(${n})`).allTextContents()).map(Number);
    expect((await column(2)).reduce((a, b) => a + b, 0)).toBe(2 * majorities);
    const tallest = await column(3);
    if (tallest.some((points) => points > 0)) await page.getByTestId('tallest-mark').first().waitFor();
    else expect(await page.getByTestId('tallest-mark').count()).toBe(0);

    // The hand as cards: taller than wide, the lot each means lit on its face, as its name says.
    const cards = page.getByTestId('card');
    for (let k = 0; k < (await cards.count()); k++) {
      const box = (await cards.nth(k).locator('svg').boundingBox())!;
      expect(box.height).toBeGreaterThan(box.width);
      expect(box.height).toBeGreaterThanOrEqual(56);
      const lot = Number(await cards.nth(k).getAttribute('data-lot'));
      expect(await cards.nth(k).getAttribute('aria-label')).toMatch(new RegExp(`\\(lot ${lot}\\)$`));
      const lit = await cards
        .nth(k)
        .locator('rect[data-lit]')
        .evaluate((rect) => {
          const siblings = [...(rect.parentElement?.querySelectorAll('rect[rx="1.5"]') ?? [])];
          return siblings.indexOf(rect) + 1;
        });
      expect(lit).toBe(lot);
    }
    // The reserves as pieces, named in words: "9 × 1 floor, …".
    await page
      .getByTestId('seat-0')
      .getByRole('img', { name: /^\d+ × 1 floor/ })
      .waitFor();
    // Larger on a laptop: the board takes over two thirds of the board's area (it was three fifths, ~530 px), and
    // the score table beside it never scrolls sideways.
    const sizes = await boardSizes(page);
    expect(sizes.board).toBeGreaterThanOrEqual(610);
    expect(sizes.board / sizes.area).toBeGreaterThan(0.62);
    expect(sizes.scoresOverflow).toBeLessThanOrEqual(0);
    await shot(page, 'manhattan-desktop-midgame-en');
    await expectAccessible(page, 'manhattan-desktop-midgame-en');
    await page.getByTestId('language').selectOption('fr');
    await page.getByTestId('turn').getByText('À vous de jouer').waitFor();
    expect((await boardSizes(page)).scoresOverflow).toBeLessThanOrEqual(0);
    await shot(page, 'manhattan-desktop-midgame-fr');
    await page.setViewportSize(PHONE.viewport);
    expect(await pageWidth(page, PHONE.viewport.width)).toBe(PHONE.viewport.width);
    expect((await boardSizes(page)).scoresOverflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'manhattan-phone-midgame-fr');
    await shot(page, 'manhattan-phone-midgame-fr');
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('turn').getByText('Your turn').waitFor();
    await shot(page, 'manhattan-phone-midgame-en');
    await context.close();
  }, 120_000);
});
