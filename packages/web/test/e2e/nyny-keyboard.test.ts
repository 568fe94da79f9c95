/**
 * New York, New York by keyboard: a whole game against a bot played with the keys alone, counting the keys each turn
 * takes (a tile played and one taken: four at most, where Tab and Enter took about sixteen). The focus waits on the
 * first tile of the hand when the turn comes, then on the first tile of the pool; the city shows the floor the
 * focused tile would add. Photographed at the start, in the middle and at the end, 1280×800 and 390×844, EN and FR.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  LAPTOP,
  PHONE,
  e2eForFile,
  expectAccessible,
  pageWidth,
  seeded,
  shot,
  startAgainstBots,
} from './browser.js';

/** The focused element's test id and tile (`data-tile`), or nulls. */
function focused(page: Page): Promise<{ testId: string | null; tile: string | null }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return {
      testId: active?.getAttribute('data-testid') ?? null,
      tile: active?.getAttribute('data-tile') ?? null,
    };
  });
}

/** Waits until the focus is on a button of that test id (the board put it there), and returns its tile. */
async function focusOn(page: Page, testId: 'play' | 'take'): Promise<string> {
  await expect.poll(async () => (await focused(page)).testId, { timeout: 10_000 }).toBe(testId);
  return (await focused(page)).tile ?? '';
}

/** Whether it is the player's turn to play (true) or the game has ended (false). */
async function myTurnOrEnd(page: Page): Promise<boolean> {
  const play = page.getByTestId('play').first();
  const end = page.getByTestId('end-screen');
  await play.or(end).first().waitFor({ timeout: 30_000 });
  return (await end.count()) === 0;
}

/**
 * One turn by keyboard: a digit picks a tile of the hand (the city shows its floor to come), Enter plays it; then,
 * if the pool offers tiles, a digit picks one and Enter takes it (or Enter alone takes the first, already focused).
 * Returns the keys pressed and checks that the tile chosen is the one played, on its position.
 */
async function keyboardTurn(page: Page, random: () => number, k: number): Promise<number> {
  let keys = 0;
  const press = async (key: string) => {
    keys++;
    await page.keyboard.press(key);
  };
  await focusOn(page, 'play');
  const hand = await page.getByTestId('play').count();
  const pick = 1 + Math.floor(random() * hand);
  // Every third turn, the default: Enter alone plays the first tile.
  if (k % 3 !== 2) await press(String(pick));
  const tile = await focusOn(page, 'play');
  expect(tile).toBe(
    await page
      .getByTestId('play')
      .nth(k % 3 !== 2 ? pick - 1 : 0)
      .getAttribute('data-tile'),
  );
  await page.getByTestId('floor-to-come').waitFor();
  const name = await tileWords(page, tile);
  await press('Enter');
  const n = tile.replace(/^\D+/, '');
  await expect
    .poll(async () => (await page.getByTestId(`position-${n}`).getAttribute('aria-label')) ?? '')
    .toMatch(new RegExp(`^(Position|Emplacement) ${n}: ${name}`));
  // A take follows while the pool has tiles; at the end of the round, it does not.
  const take = page.getByTestId('take').first();
  const next = await Promise.race([
    take.waitFor({ timeout: 15_000 }).then(() => 'take' as const),
    page
      .getByTestId('end-screen')
      .waitFor({ timeout: 15_000 })
      .then(() => 'end' as const),
    page
      .getByTestId('turn')
      .getByText(/Waiting for|En attente/)
      .waitFor({ timeout: 15_000 })
      .then(() => 'waiting' as const),
    // The others out of the round: the turn comes back at once.
    page
      .getByTestId('play')
      .first()
      .waitFor({ timeout: 15_000 })
      .then(() => 'again' as const),
  ]).catch(() => 'none' as const);
  if (next === 'take') {
    await focusOn(page, 'take');
    const pool = await page.getByTestId('take').count();
    if (k % 2 === 0) await press(String(1 + Math.floor(random() * pool)));
    const taken = await focusOn(page, 'take');
    await press('Enter');
    await page.locator(`[data-testid="take"][data-tile="${taken}"]`).waitFor({ state: 'detached' });
  }
  return keys;
}

/** A tile's name as the page says it ("red 5", "rouge 5"), read from a hand tile's label. */
async function tileWords(page: Page, tile: string): Promise<string> {
  const label =
    (await page.locator(`[data-testid="play"][data-tile="${tile}"]`).getAttribute('aria-label')) ?? '';
  return label.split(',')[0] ?? '';
}

describe.skipIf(!HAVE_CHROMIUM)('New York, New York by keyboard', () => {
  const e2e = e2eForFile();

  it('plays a whole game against a bot with the keys alone, four keys a turn at most, the focus on the next choice each time', async () => {
    const { context, page } = await startAgainstBots(e2e(), 'keys', 'nyny', { device: LAPTOP });
    await page.locator('svg.nyny-city').waitFor();
    const random = seeded(5);
    const perTurn: number[] = [];
    let first = true;
    while (await myTurnOrEnd(page)) {
      if (first) {
        await focusOn(page, 'play');
        await shot(page, 'nyny-keys-desktop-start-en');
        await expectAccessible(page, 'nyny-keys-desktop-start-en');
        // Up to the positions under the city and along them; Enter lists a position's tiles; down comes back.
        await page.keyboard.press('ArrowUp');
        expect((await focused(page)).testId).toBe('position-1');
        await page.keyboard.press('ArrowLeft');
        expect((await focused(page)).testId).toBe('position-12');
        await page.keyboard.press('Enter');
        await page
          .locator('.stack-detail')
          .getByText(/Position 12/)
          .waitFor();
        await page.keyboard.press('ArrowDown');
        expect((await focused(page)).testId).toBe('play');
        // P is the Pass button (not pressed: the game goes on).
        await page.keyboard.press('p');
        await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('pass');
        await page.keyboard.press('1');
        first = false;
      }
      perTurn.push(await keyboardTurn(page, random, perTurn.length));
      if (perTurn.length === 4) {
        await shot(page, 'nyny-keys-desktop-middle-en');
        await page.getByTestId('language').selectOption('fr');
        await page
          .getByTestId('turn')
          .getByText(/À vous|En attente/)
          .waitFor();
        await shot(page, 'nyny-keys-desktop-middle-fr');
        await expectAccessible(page, 'nyny-keys-desktop-middle-fr');
        await page.getByTestId('language').selectOption('en');
        await page
          .getByTestId('turn')
          .getByText(/Your turn|Waiting/)
          .waitFor();
        // The language switch took the focus (the select), and the board never takes it from elsewhere on the page:
        // back on the board, an arrow finds the hand (or the positions, the bot still playing; the turn then brings
        // the focus to the hand).
        await page.getByTestId('board-wrap').focus();
        await page.keyboard.press('ArrowDown');
      }
    }
    console.info(`keys per turn: ${perTurn.join(' ')}`);
    // A whole game: every turn in four keys or fewer, most of them exactly four (a digit and Enter, twice).
    expect(perTurn.length).toBeGreaterThan(8);
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(4);
    expect(perTurn.filter((keys) => keys === 4).length).toBeGreaterThan(0);
    await shot(page, 'nyny-keys-desktop-end-en');
    await page.getByTestId('language').selectOption('fr');
    await page.getByTestId('end-screen').getByText('Partie terminée').waitFor();
    await shot(page, 'nyny-keys-desktop-end-fr');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await pageWidth(page, 390)).toBe(390);
    await shot(page, 'nyny-keys-phone-end-fr');
    await page.getByTestId('language').selectOption('en');
    await shot(page, 'nyny-keys-phone-end-en');
    await context.close();
  }, 180_000);

  it('on a phone the city comes first, its towers and the runs that score; photographed EN and FR, start and middle', async () => {
    const { context, page } = await startAgainstBots(e2e(), 'city', 'nyny', { device: PHONE });
    await page.locator('svg.nyny-city').waitFor();
    await shot(page, 'nyny-keys-phone-start-en');
    for (let turn = 0; turn < 5; turn++) {
      if (!(await myTurnOrEnd(page))) break;
      await page.getByTestId('play').first().tap();
      const take = page.getByTestId('take').first();
      await take.waitFor({ timeout: 15_000 });
      await take.tap();
      await take.waitFor({ state: 'detached' }).catch(() => undefined);
    }
    await page.getByTestId('runs').waitFor();
    expect(await pageWidth(page, 390)).toBe(390);
    await shot(page, 'nyny-keys-phone-middle-en');
    await page.getByTestId('language').selectOption('fr');
    await page.getByTestId('runs').getByText(/bonus/).waitFor();
    await shot(page, 'nyny-keys-phone-middle-fr');
    await expectAccessible(page, 'nyny-keys-phone-middle-fr');
    await context.close();
  }, 120_000);
});
