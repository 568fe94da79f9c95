/**
 * Clocks and your turn in the browser: every seat's clock shows on the table page and ticks, the player's own warns
 * when it is low, a seat out of time is shown as a bot playing for its player, who takes it back with a button; the
 * header and the page title count the games awaiting the player.
 */
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, expectAccessible, guest, shot } from './browser.js';
import { startOnShortClock } from './play.js';

describe.skipIf(!HAVE_CHROMIUM)('clocks and your turn in the browser', () => {
  const e2e = e2eForFile();

  it('shows ticking clocks, the low-time warning, the stand-in bot, taking the seat back, and the your-turn count', async () => {
    const ann = await guest(e2e(), 'clara');
    const bob = await guest(e2e(), 'dmitri');
    // A short clock, so that the warning and the time-out come within the test.
    await startOnShortClock(ann.page, bob.page, 'dmitri');
    await ann.page.getByTestId('clock-0').waitFor();
    await bob.page.getByTestId('clock-1').waitFor();

    // Whoever is awaited: their clock runs (and ticks), their header and title count one game.
    const turn = async (page: typeof ann.page) =>
      (await page.getByTestId('turn').textContent()) === 'Your turn';
    await expect.poll(async () => (await turn(ann.page)) || (await turn(bob.page))).toBe(true);
    const [mover, other, seat] = (await turn(ann.page)) ? [ann, bob, 0] : [bob, ann, 1];
    const clock = mover.page.getByTestId(`clock-${seat}`);
    const first = await clock.textContent();
    await expect.poll(() => clock.textContent(), { timeout: 5000 }).not.toBe(first);
    await expect.poll(() => mover.page.getByTestId('waiting-count').count(), { timeout: 5000 }).toBe(1);
    await expect.poll(() => mover.page.title()).toBe('(1) Skyline');
    expect(await other.page.getByTestId('waiting-count').count()).toBe(0);
    expect(await other.page.title()).toBe('Skyline');
    // Under 10 s, the mover's own clock warns.
    await expect.poll(() => clock.getAttribute('class'), { timeout: 8000 }).toContain('low');
    await expectAccessible(mover.page, 'clocks-low');
    await shot(mover.page, 'clocks-low');

    // Out of time: a bot plays for the mover, shown to both; the mover takes the seat back. The warning came with up
    // to 10 s left, and the keeper looks for passed deadlines each second: the hand-over may come 11 s after it.
    await other.page.getByTestId(`stand-in-${seat}`).waitFor({ timeout: 20_000 });
    expect(await other.page.getByTestId(`stand-in-${seat}`).textContent()).toMatch(/^bot playing for /);
    await mover.page.getByTestId('take-back').click();
    await expect.poll(() => other.page.getByTestId(`stand-in-${seat}`).count(), { timeout: 5000 }).toBe(0);
    await shot(other.page, 'clocks-taken-back');
    for (const person of [ann, bob]) await person.context.close();
  }, 90_000);
});
