/**
 * Confirming a move and taking it back (issue 30 §4), in New York against a bot, by keyboard: with the setting on, a
 * tile chosen on the board is only staged (nothing reaches the server: the log does not change); Escape clears it;
 * staged again, Enter sends it; then "Take back my move" returns the table to before it, the tile back in the hand.
 * At a table with a clock (where it was once never offered), the move is taken back too, and the clock shows no more
 * time than before the move (the increment the move earned goes with it); once the turn has passed it is not offered.
 */
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, LAPTOP, addBot, e2eForFile, expectAccessible, guest, shot } from './browser.js';

describe.skipIf(!HAVE_CHROMIUM)('confirming and taking back a move', () => {
  const e2e = e2eForFile();

  it('stages a tile, clears it with Escape, sends it with Enter, and takes it back', async () => {
    const { context, page } = await guest(
      e2e(),
      'cora',
      { viewport: { width: 1280, height: 800 } },
      {
        confirmMoves: true,
      },
    );
    await page.getByTestId('create-game').selectOption('nyny');
    await page.getByTestId('create-table').click();
    await page.waitForURL(/\/t\/[a-z0-9]+$/);
    await addBot(page, 1, (locator) => locator.click());
    await page.getByTestId('start').click();
    await page.getByTestId('board-wrap').waitFor();
    await page.getByTestId('turn').getByText('Your turn').waitFor();
    const log = page.getByTestId('log');
    const mine = () => log.getByText(/^cora plays /).count();
    expect(await mine()).toBe(0);

    // Staged: the bar says the move in the log's words; nothing is sent.
    await page.getByTestId('play').first().click();
    const bar = page.getByTestId('confirm-bar');
    await bar.waitFor();
    await expect(page.getByTestId('confirm-text').textContent()).resolves.toMatch(/plays/);
    await expectAccessible(page, 'confirm-bar');
    await shot(page, 'confirm-staged-desktop-en');
    await page.waitForTimeout(300);
    expect(await mine()).toBe(0);
    // Escape clears it.
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'detached' });
    expect(await mine()).toBe(0);

    // Staged again, Enter sends it.
    await page.getByTestId('play').first().click();
    await bar.waitFor();
    await page.keyboard.press('Enter');
    await log
      .getByText(/^cora plays /)
      .first()
      .waitFor();
    // New York: the same seat takes a card next, nobody has seen anything new: the move may be taken back.
    const undo = page.getByTestId('undo-move');
    await undo.waitFor();
    await undo.click();
    await expect.poll(mine, { timeout: 5000 }).toBe(0);
    await page.getByTestId('play').first().waitFor();
    await context.close();
  }, 60_000);

  /** A clock's shown time in seconds (`m:ss`). */
  const seconds = (text: string | null) => {
    const match = /(\d+):(\d\d)/.exec(text ?? '');
    expect(match).not.toBeNull();
    return Number(match![1]) * 60 + Number(match![2]);
  };

  it('draws a My City building awaiting its confirmation where it will stand, and removes it when cleared', async () => {
    const { context, page } = await guest(e2e(), 'cyra', LAPTOP, { confirmMoves: true });
    await page.getByTestId('create-game').selectOption('mycity');
    await page.getByTestId('create-table').click();
    await page.waitForURL(/\/t\/[a-z0-9]+$/);
    await addBot(page, 1, (locator) => locator.click());
    await page.getByTestId('start').click();
    await page.getByTestId('find-spot').waitFor();
    const chosen = page.getByTestId('mycity-board').getByTestId('chosen-building');
    expect(await chosen.count()).toBe(0);

    // Staged: the confirmation bar names it, and the board shows it (dashed) where it will be built.
    await page.getByTestId('find-spot').click();
    await page.getByTestId('drop').click();
    await page.getByTestId('confirm-bar').waitFor();
    await chosen.waitFor();
    await shot(page, 'confirm-staged-mycity-desktop-en');
    // Cleared: gone from the board too.
    await page.keyboard.press('Escape');
    await page.getByTestId('confirm-bar').waitFor({ state: 'detached' });
    await expect.poll(() => chosen.count()).toBe(0);
    await context.close();
  }, 60_000);

  it('offers Undo at a clocked table, gives no time back, and stops offering it once the turn has passed', async () => {
    const { context, page } = await guest(
      e2e(),
      'corentin',
      { viewport: { width: 1280, height: 800 } },
      { confirmMoves: false },
    );
    await page.getByTestId('create-game').selectOption('nyny');
    await page.getByTestId('create-clock').selectOption({ index: 1 }); // 5 min + 5 s a move
    await page.getByTestId('create-table').click();
    await page.waitForURL(/\/t\/[a-z0-9]+$/);
    await addBot(page, 1, (locator) => locator.click());
    await page.getByTestId('start').click();
    await page.getByTestId('turn').getByText('Your turn').waitFor();
    const undo = page.getByTestId('undo-move');
    expect(await undo.count()).toBe(0);
    const clock = page.getByTestId('clock-0');
    const log = page.getByTestId('log');
    const mine = () => log.getByText(/^corentin plays /).count();
    const before = seconds(await clock.textContent());
    await page.getByTestId('play').first().click();
    await log
      .getByText(/^corentin plays /)
      .first()
      .waitFor();
    await undo.waitFor();
    await undo.click();
    await expect.poll(mine, { timeout: 5000 }).toBe(0);
    // Restored as it was before the move: the 5 s the move added are gone, the time spent is not given back.
    expect(seconds(await clock.textContent())).toBeLessThanOrEqual(before);
    // Played again and the turn finished (a card taken): the bot has seen it, nothing is offered any more.
    await page.getByTestId('play').first().click();
    await log
      .getByText(/^corentin plays /)
      .first()
      .waitFor();
    await page.getByTestId('take').first().click();
    // The take ends the turn: whether the bot is still thinking or has played, the player's tile has been seen.
    await expect.poll(() => page.getByTestId('take').count(), { timeout: 10_000 }).toBe(0);
    await page.waitForTimeout(500);
    expect(await undo.count()).toBe(0);
    await context.close();
  }, 60_000);
});
