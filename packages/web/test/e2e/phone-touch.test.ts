/**
 * A whole game of New York, New York on a phone, by touch alone: a 390×844 touch screen taps tiles to play and to
 * take (Playwright's `tap`, which sends touch events) against a bot until the final scores, and the page never
 * scrolls sideways, at 390 px nor at 360 px, even with the board zoomed in.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  e2eForFile,
  expectAccessible,
  guest,
  playToEnd,
  seeded,
  shot,
  pageWidth,
} from './browser.js';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Taps one thing the page offers (a tile to play, else to take, else Pass); false when it offers nothing. */
async function tapOnce(page: Page, random: () => number): Promise<boolean> {
  for (const selector of ['[data-testid="play"]', '[data-testid="take"]', 'button.pass']) {
    const count = await page.locator(selector).count();
    if (count === 0) continue;
    try {
      await page
        .locator(selector)
        .nth(Math.floor(random() * count))
        .tap({ timeout: 1500 });
      return true;
    } catch {
      return false; // it went away (the table moved on): look again
    }
  }
  return false;
}

describe.skipIf(!HAVE_CHROMIUM)('a whole game on a phone, by touch', () => {
  const e2e = e2eForFile();

  it('plays New York, New York to the end against a bot by tapping, never wider than the screen', async () => {
    const { context, page } = await guest(e2e(), 'tap', PHONE);
    await page.getByTestId('create-table').tap();
    await page.waitForURL(/\/t\/[a-z0-9]+$/);
    await page.getByLabel('Bot level').selectOption('greedy');
    await page.getByTestId('add-bot').tap();
    await page
      .getByTestId('seat-1')
      .getByText(/greedy-bot-/)
      .waitFor();
    await page.getByTestId('start').tap();
    await page.locator('svg.nyny-ring').waitFor();
    expect(await pageWidth(page, 390)).toBe(390);
    await shot(page, 'nyny-phone-touch-play');
    await expectAccessible(page, 'nyny-phone-touch-play');

    // Zoom: the board grows inside its own box, and the page still never scrolls sideways.
    const ring = page.locator('svg.nyny-ring');
    const before = (await ring.boundingBox())?.width ?? 0;
    await page.getByTestId('zoom-in').tap();
    await page.getByTestId('zoom-in').tap();
    await page.locator('.board-wrap.zoomed').waitFor();
    expect((await ring.boundingBox())?.width ?? 0).toBeGreaterThan(before * 1.9);
    expect(await pageWidth(page, 390)).toBe(390);
    await shot(page, 'nyny-phone-zoom');
    await expectAccessible(page, 'nyny-phone-zoom');
    await page.getByTestId('zoom-out').tap();
    await page.getByTestId('zoom-out').tap();
    await page.locator('.board-wrap.zoomed').waitFor({ state: 'detached' });

    const random = seeded(16);
    let widest = 0;
    const moves = await playToEnd([page], async (p) => {
      const acted = await tapOnce(p, random);
      const width = await p.evaluate(() => document.documentElement.scrollWidth);
      widest = Math.max(widest, width);
      return acted;
    });
    expect(moves).toBeGreaterThan(0);
    expect(widest).toBeLessThanOrEqual(390);
    await shot(page, 'nyny-phone-touch-end');

    // The end screen and the board, on the narrowest phone people use.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await pageWidth(page, 360)).toBe(360);
    await shot(page, 'nyny-phone-360-end');
    await expectAccessible(page, 'nyny-phone-360-end');
    await context.close();
  }, 150_000);
});
