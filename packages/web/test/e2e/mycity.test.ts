/**
 * My City in the browser: two guests play a whole episode (the game) through the UI — the preview follows the pointer,
 * turns, tells a legal spot from an illegal one; builds, and a stop when nothing fits — to the final scores.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  expectAccessible,
  seeded,
  shot,
  e2eForFile,
  playToEnd,
  startTwoSeatGame,
} from './browser.js';
import { finalScores } from './play.js';

async function actOnce(page: Page, random: () => number): Promise<boolean> {
  try {
    const find = page.getByTestId('find-spot');
    if ((await find.count()) > 0) {
      // Try a few turns of the building until one fits somewhere, then build it there.
      for (let turn = 0; turn < 4; turn++) {
        await find.click({ timeout: 1500 });
        if (await page.getByTestId('drop').isEnabled()) {
          await page.getByTestId('drop').click({ timeout: 1500 });
          return true;
        }
        await page.getByTestId('rotate').click({ timeout: 1500 });
      }
    }
    const choices = ['pass', 'stop'];
    for (const id of random() < 0.5 ? choices : choices.reverse()) {
      const button = page.getByTestId(id);
      if ((await button.count()) > 0) {
        await button.click({ timeout: 1500 });
        return true;
      }
    }
    return false;
  } catch {
    return false; // the table moved on while we looked: look again
  }
}

describe.skipIf(!HAVE_CHROMIUM)('My City in the browser', () => {
  const e2e = e2eForFile();

  it('two guests play a whole episode to the final scores', async () => {
    const { ann, bob } = await startTwoSeatGame(e2e(), 'mycity');
    for (const page of [ann.page, bob.page]) await page.getByTestId('mycity-board').waitFor();

    // The preview follows the pointer: on the mountain corner it cannot go, by the river it may after some turn.
    const board = ann.page.getByTestId('mycity-board');
    await board.hover({ position: { x: 5, y: 5 } });
    await ann.page.getByTestId('preview-illegal').waitFor();
    await ann.page.getByTestId('find-spot').click();
    await ann.page.getByTestId('preview-legal').or(ann.page.getByTestId('preview-illegal')).first().waitFor();
    await shot(ann.page, 'mycity-desktop-play-en');

    const pages = [ann.page, bob.page];
    const random = seeded(5);
    const moves = await playToEnd(pages, (page) => actOnce(page, random));
    expect(moves).toBeGreaterThan(6);
    const finals = await Promise.all(pages.map((page) => finalScores(page, 2)));
    expect(finals[0]).toEqual(finals[1]);
    await shot(ann.page, 'mycity-desktop-end-en');
    await expectAccessible(ann.page, 'mycity-desktop-end-en');
    await ann.context.close();
    await bob.context.close();
  }, 120_000);
});
