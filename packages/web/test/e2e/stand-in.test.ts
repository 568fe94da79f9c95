/**
 * While the stand-in bot plays a seat (its player ran out of time), that player's page does not say "Your turn" and
 * its board offers no move: the prompt says a bot plays for the player, the board is for looking only (inert), and
 * "Take my seat back" stands in the bar; taking it back gives the page its moves again. (Before, the page said
 * "Your turn" and offered the hand while the bot moved for the seat.)
 */
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, expectAccessible, guest, shot } from './browser.js';
import { startOnShortClock } from './play.js';

describe.skipIf(!HAVE_CHROMIUM)('a seat the stand-in bot plays', () => {
  const e2e = e2eForFile();

  it('says a bot plays for the player, never "Your turn", offers no move, and gives the seat back on the button', async () => {
    const ann = await guest(e2e(), 'sina');
    const bob = await guest(e2e(), 'sven');
    // A short clock, so that the hand-over comes within the test.
    await startOnShortClock(ann.page, bob.page, 'sven');

    const turn = async (page: typeof ann.page) =>
      (await page.getByTestId('turn').textContent()) === 'Your turn';
    await expect.poll(async () => (await turn(ann.page)) || (await turn(bob.page))).toBe(true);
    const [mover, seat] = (await turn(ann.page)) ? [ann, 0] : [bob, 1];
    const page = mover.page;
    // The mover does nothing: out of time, a bot plays for it (the keeper looks each second: up to ~14 s).
    await page.getByTestId('take-back').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('turn').textContent()).toBe(
      'A bot is playing for you: take your seat back to play',
    );
    expect(await page.getByText('Your turn').count()).toBe(0);
    expect(await page.locator('[aria-label="Your turn"]').count()).toBe(0);
    // The board is there to look at, and nothing in it can be used.
    expect(await page.getByTestId('board-wrap').getAttribute('inert')).not.toBeNull();
    expect(
      await page
        .locator('[data-testid="board-wrap"] .nyny-hand [role="button"]:not([aria-disabled="true"])')
        .count(),
    ).toBe(0);
    expect(await page.getByTestId(`stand-in-${seat}`).textContent()).toMatch(/^bot playing for /);
    await shot(page, 'stand-in');
    await expectAccessible(page, 'stand-in');

    await page.getByTestId('take-back').click();
    await expect.poll(() => page.getByTestId(`stand-in-${seat}`).count(), { timeout: 5000 }).toBe(0);
    expect(await page.getByTestId('take-back').count()).toBe(0);
    expect(await page.getByTestId('board-wrap').getAttribute('inert')).toBeNull();
    expect(await page.getByTestId('turn').textContent()).not.toMatch(/bot is playing for you/);
    for (const person of [ann, bob]) await person.context.close();
  }, 90_000);
});
