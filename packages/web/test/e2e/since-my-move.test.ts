/**
 * "Since your last move": a player coming back to a long game finds, above the log, the moves the others made after
 * their own last one — exactly those, oldest first, counted in the heading — and nothing of it once the game is over.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, playToEnd, sayAtTable, shot, startAgainstBots } from './browser.js';

const ME = 'sina';

/** The log's lines (newest first) after the player's own last line, put oldest first. */
async function othersSinceMine(page: Page): Promise<string[]> {
  const newestFirst = await page.getByTestId('log').locator('li').allTextContents();
  const mine = newestFirst.findIndex((line) => line.includes(ME));
  return newestFirst.slice(0, mine < 0 ? newestFirst.length : mine).reverse();
}

/** Clicks the first tile to play, else to take, else Pass; false when the page offers none. */
async function moveOnce(page: Page): Promise<boolean> {
  for (const selector of ['[data-testid="play"]', '[data-testid="take"]', 'button.pass']) {
    if ((await page.locator(selector).count()) === 0) continue;
    try {
      await page.locator(selector).first().click({ timeout: 1500 });
      return true;
    } catch {
      return false;
    }
  }
  return false;
}

describe.skipIf(!HAVE_CHROMIUM)('since your last move', () => {
  const e2e = e2eForFile();

  it('lists the two bots’ moves made after mine, in the log’s words, and goes away at the end', async () => {
    const { context, page } = await startAgainstBots(e2e(), ME, 'nyny', { seats: 3, device: {} });
    await page.locator('svg.nyny-ring').waitFor();
    const since = page.getByTestId('since-my-move');

    // Until the player has moved there is no "last move" of theirs to count from.
    await page.getByTestId('turn').getByText('Your turn').waitFor();
    if ((await page.getByTestId('log').getByText(ME).count()) === 0) expect(await since.count()).toBe(0);

    // Several of the player's moves: each time the others have moved since, the summary holds exactly their moves
    // (shown from two of them on: one is the log's first line anyway); right after the player's own move, nothing.
    let checked = 0;
    for (let k = 0; k < 8; k++) {
      await page.getByTestId('turn').getByText('Your turn').waitFor();
      if ((await page.getByTestId('log').getByText(ME).count()) > 0) {
        const expected = await othersSinceMine(page);
        if (expected.length >= 2) {
          await since.waitFor();
          expect(await since.locator('li').allTextContents()).toEqual(expected);
          await since
            .getByRole('heading', { name: `Since your last move (${expected.length} moves)` })
            .waitFor();
          if (checked++ === 1) await shot(page, 'nyny-desktop-since-my-move-en');
        } else expect(await since.count()).toBe(0);
      }
      const log = await page.getByTestId('log').locator('li').count();
      expect(await moveOnce(page)).toBe(true);
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="log"] li').length > n, log);
    }
    expect(checked).toBeGreaterThanOrEqual(2);

    // /who counts seats as people do and calls the bots bots (not "disconnected": they have no socket).
    await sayAtTable(page, '/who');
    const chat = page.getByTestId('table-chat');
    await chat.getByText(/^seat 2: greedy-bot-\w+ \(bot\)$/).waitFor();
    await chat.getByText(/^seat 3: greedy-bot-\w+ \(bot\)$/).waitFor();
    expect(await chat.getByText(/disconnected|seat 0/).count()).toBe(0);

    await playToEnd([page], moveOnce);
    expect(await since.count()).toBe(0);
    await context.close();
  }, 120_000);
});
