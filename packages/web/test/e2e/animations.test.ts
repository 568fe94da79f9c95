/**
 * Moves you see happen: the building a player has just built settles into place (an `arrive-settle` CSS animation on
 * it), and nothing moves for a player whose system asks for reduced motion, nor for one who turned the animations
 * off in the settings.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, shot, startAgainstBots } from './browser.js';

/** Builds the player's first building on My City's board (turning it until it fits); false if it fits nowhere. */
async function buildOnce(page: Page): Promise<boolean> {
  await page.getByTestId('turn').getByText('Your turn').waitFor();
  const find = page.getByTestId('find-spot');
  for (let turn = 0; turn < 4 && (await find.count()) > 0; turn++) {
    await find.click();
    if (await page.getByTestId('drop').isEnabled()) {
      await page.getByTestId('drop').click();
      return true;
    }
    await page.getByTestId('rotate').click();
  }
  return false;
}

/** The CSS animation of the building just built on the player's own board ('none': not animated). */
async function arrivalAnimation(page: Page): Promise<string> {
  const building = page.getByTestId('mycity-board').locator('g[data-building].arrive');
  await building.waitFor();
  return building.evaluate((element) => getComputedStyle(element).animationName);
}

async function builtBy(
  name: string,
  device: BrowserContextOptions,
  e2e: ReturnType<ReturnType<typeof e2eForFile>>,
) {
  const { context, page } = await startAgainstBots(e2e, name, 'mycity', { device });
  await page.getByTestId('mycity-board').waitFor();
  expect(await buildOnce(page)).toBe(true);
  await page.getByTestId('mycity-board').getByTestId('just-built').waitFor();
  return { context, page };
}

describe.skipIf(!HAVE_CHROMIUM)('moves you see happen', () => {
  const e2e = e2eForFile();

  it('the building just built settles into place with normal motion, and stands still once the player turns animations off', async () => {
    const { context, page } = await builtBy('ada', { viewport: { width: 390, height: 844 } }, e2e());
    expect(await arrivalAnimation(page)).toBe('arrive-settle');
    // Only the building just built arrives on the board, once.
    expect(await page.getByTestId('mycity-board').locator('g[data-building].arrive').count()).toBe(1);
    await shot(page, 'animations-mycity-phone-en');
    // The player's setting (remembered in the browser): the same mark, no animation.
    await page.evaluate(() => localStorage.setItem('skyline.motion', 'off'));
    await page.reload();
    expect(await arrivalAnimation(page)).toBe('none');
    await context.close();
  }, 90_000);

  it('a player whose system asks for reduced motion sees the building in place at once, unanimated', async () => {
    const { context, page } = await builtBy('bea', { reducedMotion: 'reduce' }, e2e());
    expect(await arrivalAnimation(page)).toBe('none');
    await context.close();
  }, 90_000);
});
