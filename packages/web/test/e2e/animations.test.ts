/**
 * Moves you see happen: the building a player has just built settles into place (an `arrive-settle` CSS animation on
 * it), a New York tile just played drops onto its tower in the skyline (`arrive-drop`, 200–400 ms) and is skipped by
 * any key, and nothing moves for a player whose system asks for reduced motion, nor for one who turned the animations
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
  // Bots that wait as they do for people (700 ms): the arrival read just after a move is not redrawn meanwhile by a
  // bot's move made at once (the class read could then be gone between finding the element and reading its style).
  const e2e = e2eForFile({ botDelayMs: 700 });

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

  /** Plays the player's first New York tile: the floor it adds to the skyline's tower, as it arrives. */
  async function nynyTilePlayed(name: string, device: BrowserContextOptions) {
    const { context, page } = await startAgainstBots(e2e(), name, 'nyny', { device });
    await page.getByTestId('turn').getByText('Your turn').waitFor();
    await page.getByTestId('play').first().click();
    // The player's tile, or (a bot having played just before) that tile's too: each just played drops in.
    const floor = page.getByTestId('nyny-skyline').locator('g.arrive-drop').first();
    await floor.waitFor();
    return { context, page, floor };
  }

  it('a New York tile just played drops onto its tower in the skyline, briefly, and a key skips it', async () => {
    const { context, page, floor } = await nynyTilePlayed('cyd', { viewport: { width: 1280, height: 800 } });
    const style = await floor.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { name: computed.animationName, duration: parseFloat(computed.animationDuration) };
    });
    expect(style.name).toBe('arrive-drop');
    expect(style.duration).toBeGreaterThanOrEqual(0.2);
    expect(style.duration).toBeLessThanOrEqual(0.4);
    // Skippable: the arrival is started again (it may be over by now on a loaded machine), then a key brings it to its
    // end at once.
    const running = await floor.evaluate((element) => {
      element.classList.remove('arrive-drop');
      void element.getBoundingClientRect(); // the style is read without the class: added back, it starts again
      element.classList.add('arrive-drop');
      return element.getAnimations()[0]?.playState ?? 'none';
    });
    expect(running).toBe('running');
    await page.keyboard.press('Shift');
    expect(
      await floor.evaluate((element) => element.getAnimations().map((animation) => animation.playState)),
    ).not.toContain('running');
    await shot(page, 'animations-nyny-desktop-en');
    await context.close();
  }, 90_000);

  it('the New York tile stands still for a player whose system asks for reduced motion', async () => {
    const { context, floor } = await nynyTilePlayed('cyl', { reducedMotion: 'reduce' });
    expect(await floor.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
    await context.close();
  }, 90_000);
});
