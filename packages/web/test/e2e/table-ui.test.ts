/**
 * The table page's manners, in the browser: chat errors go once a later command succeeds, the lobby answers /help
 * itself instead of saying it to everyone, the turn dot says "Your turn" only to the seat that plays, and the
 * keyboard's focus stays on the board after a move instead of going back to the top of the page.
 */
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, guest, sayAtTable, startTwoSeatGame } from './browser.js';

describe.skipIf(!HAVE_CHROMIUM)('the table page in the browser', () => {
  const e2e = e2eForFile();

  it('answers /help in the lobby without saying it to everyone', async () => {
    const { context, page } = await guest(e2e(), 'lia');
    const chat = page.getByTestId('lobby-chat');
    await chat.getByRole('textbox').fill('/help');
    await chat.locator('form').getByRole('button').click();
    await chat.getByText(/everything you type is said to everyone/).waitFor();
    await chat.getByRole('textbox').fill('hello all');
    await chat.locator('form').getByRole('button').click();
    await chat.getByText('hello all').waitFor(); // said through the server, after /help would have been
    expect(await chat.getByText('/help', { exact: true }).count()).toBe(0);
    await context.close();
  }, 30_000);

  it('takes a chat error away once a later command succeeds, and gives "Your turn" only to the seat that plays', async () => {
    const { ann, bob } = await startTwoSeatGame(e2e(), 'manhattan', ['ada', 'ben']);
    await sayAtTable(ann.page, '/frobnicate');
    await ann.page.getByTestId('notice').waitFor();
    await sayAtTable(ann.page, 'good luck');
    await ann.page.getByTestId('table-chat').getByText('good luck').waitFor();
    expect(await ann.page.getByTestId('notice').count()).toBe(0);

    // One panel a seat, in the seats' order, each beginning with its player's name.
    expect(await ann.page.getByTestId('seat-0').textContent()).toMatch(/^ada/);
    expect(await ann.page.getByTestId('seat-1').textContent()).toMatch(/^ben/);
    const dots = ann.page.locator('[data-testid^="turn-dot-"]');
    await dots.first().waitFor();
    expect(await dots.count()).toBe(1);
    const seat = Number((await dots.first().getAttribute('data-testid'))?.replace('turn-dot-', ''));
    const [player, other] = seat === 0 ? [ann.page, bob.page] : [bob.page, ann.page];
    expect(await player.getByTestId(`turn-dot-${seat}`).getAttribute('aria-label')).toBe('Your turn');
    expect(await other.getByTestId(`turn-dot-${seat}`).getAttribute('aria-label')).toBe(
      `${seat === 0 ? 'ada' : 'ben'} plays now`,
    );
    await ann.context.close();
    await bob.context.close();
  }, 60_000);

  it('keeps the focus on the board after a move made with the keyboard', async () => {
    const { ann, bob } = await startTwoSeatGame(e2e(), 'mycity', ['kim', 'kai']);
    const page = ann.page;
    await page.getByTestId('pass').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('pass').waitFor({ state: 'detached' });
    const inBoard = () =>
      page.evaluate(() => document.activeElement?.closest('[data-testid="board-wrap"]') !== null);
    expect(await inBoard()).toBe(true);
    // The next Tab goes on from the board (into it, or past it), not from the top of the page.
    await page.keyboard.press('Tab');
    const fromBoard = await page.evaluate(() => {
      const board = document.querySelector('[data-testid="board-wrap"]');
      const active = document.activeElement;
      if (!board || !active) return false;
      return (
        board.contains(active) ||
        (board.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
      );
    });
    expect(fromBoard).toBe(true);
    await ann.context.close();
    await bob.context.close();
  }, 60_000);
});
