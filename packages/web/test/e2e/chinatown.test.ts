/**
 * Chinatown in the browser: three guests play the first round through the UI — settle their lots, an offer made in
 * one browser and accepted in another, everyone ready, placement, and the round's income.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, guest, sayAtTable, shot, e2eForFile } from './browser.js';

async function settle(page: Page): Promise<void> {
  const cards = page.getByTestId('lot-card');
  await cards.first().waitFor();
  const count = await cards.count();
  for (let k = 0; k < count; k++) {
    if (await page.getByTestId('settle').isEnabled()) break;
    await cards.nth(k).click();
  }
  await page.getByTestId('settle').click();
}

/** Drags the first tile of the hand onto one of the seat's empty lots; the lot's number, or null if none. */
async function dragTile(page: Page): Promise<string | null> {
  const tile = page.locator('[data-testid="tile"]:not([aria-disabled="true"])').first();
  if ((await tile.count()) === 0) return null;
  await tile.click(); // shows where it may go
  const lot = page.locator('[data-testid^="lot-"][role="button"]').first();
  if ((await lot.count()) === 0) return null;
  const lotId = await lot.getAttribute('data-lot');
  await tile.click(); // and back
  await tile.dragTo(page.locator(`[data-lot="${lotId}"]`));
  await page.getByRole('img', { name: new RegExp(`^lot ${lotId}, [^,]+, `) }).waitFor();
  return lotId;
}

/** Places up to `max` tiles (the first by dragging it), then ends the placement. */
async function place(page: Page, max: number): Promise<void> {
  await page.getByTestId('done').waitFor();
  if ((await dragTile(page)) === null) max = 0;
  for (let k = 1; k < max; k++) {
    const tile = page.locator('[data-testid="tile"]:not([aria-disabled="true"])').first();
    if ((await tile.count()) === 0) break;
    await tile.click();
    const lot = page.locator('[data-testid^="lot-"][role="button"]').first();
    if ((await lot.count()) === 0) break;
    const lotId = await lot.getAttribute('data-lot');
    await lot.click();
    // The tile is on the lot (even when another seat's placement came first: the move is then sent again).
    await page.getByRole('img', { name: new RegExp(`^lot ${lotId}, [^,]+, `) }).waitFor();
  }
  await page.getByTestId('done').click();
}

describe.skipIf(!HAVE_CHROMIUM)('Chinatown in the browser', () => {
  const e2e = e2eForFile();

  it('three guests settle, trade (an offer accepted in another browser), place and get their income', async () => {
    const ann = await guest(e2e(), 'ann');
    const bob = await guest(e2e(), 'bob');
    const cat = await guest(e2e(), 'cat');
    await ann.page.getByTestId('create-game').selectOption('chinatown');
    await ann.page.getByTestId('create-players').selectOption('3');
    await ann.page.getByTestId('create-table').click();
    await ann.page.waitForURL(/\/t\/[a-z0-9]+$/);
    for (const other of [bob, cat]) {
      await other.page.goto(ann.page.url());
      await other.page.getByRole('button', { name: 'Sit here' }).first().click();
      await other.page.getByTestId('table-status').waitFor();
    }
    await ann.page
      .getByTestId('seat-2')
      .getByText(/bob|cat/)
      .waitFor();
    await sayAtTable(ann.page, '/start');
    const pages = [ann.page, bob.page, cat.page];
    for (const page of pages) await page.locator('svg.chinatown-board').waitFor();
    await shot(ann.page, 'chinatown-desktop-start-en');

    // 1. Everyone settles at once.
    for (const page of pages) await settle(page);

    // 2. Trading: Ann offers Bob one of her tiles for $1,000; Bob accepts it in his browser.
    await ann.page.getByTestId('send-offer').waitFor();
    const bobSeat = (await ann.page.getByTestId('seat-1').textContent())?.includes('bob') ? '1' : '2';
    await ann.page.getByTestId('offer-to').selectOption(bobSeat);
    await ann.page.getByTestId('give-tile').first().click();
    await ann.page.getByTestId('get-money').fill('1000');
    await ann.page.getByTestId('send-offer').click();
    await bob.page.getByTestId('accept').click();
    await ann.page
      .getByText('ann accepts offer')
      .or(ann.page.getByText('bob accepts offer'))
      .first()
      .waitFor();
    await expect(ann.page.getByTestId('my-money').textContent()).resolves.toBe('$6,000');
    await expect(bob.page.getByTestId('my-money').textContent()).resolves.toBe('$4,000');
    await shot(bob.page, 'chinatown-desktop-trade-en');

    // Everyone is ready: the trading ends.
    for (const page of pages) await page.getByTestId('ready').click();

    // 3. Placement, 4. income.
    await Promise.all(pages.map((page, k) => place(page, 2 + k)));
    for (const page of pages) await page.getByTestId('income').waitFor();
    const income = await ann.page.getByTestId('income').locator('td').allTextContents();
    expect(income.length).toBe(3);
    await shot(ann.page, 'chinatown-desktop-round1-en');
    for (const { context } of [ann, bob, cat]) await context.close();
  }, 120_000);
});
