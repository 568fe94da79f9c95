/**
 * The table's status line follows the game: after Start it reads "playing" (Resign shown, Start gone) without a
 * reload, however closely the table's summary and its next update reach the page.
 */
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, addBot, e2eForFile, guest } from './browser.js';

describe.skipIf(!HAVE_CHROMIUM)('the table status in the browser', () => {
  // Bots that wait a little before their moves: the test holds the summary until the next update, which must come
  // after the start (bots answering at once could send theirs before it, and nothing would follow).
  const e2e = e2eForFile({ botDelayMs: 300 });

  it('reads "playing" after Start when the summary and the next update arrive back to back', async () => {
    const host = await guest(e2e(), 'hana');
    // The page's socket goes through here: the summary saying "playing" is held until the next update, and both are
    // then delivered at once — as when a bot moves right after the start.
    await host.page.routeWebSocket(/socket\.io/, (ws) => {
      const server = ws.connectToServer();
      let held: string | null = null;
      ws.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        const text = typeof message === 'string' ? message : message.toString();
        if (text.includes('"table:summary"') && text.includes('"status":"playing"')) {
          held = text;
          return;
        }
        if (held !== null && text.includes('"table:update"')) {
          ws.send(held);
          held = null;
        }
        ws.send(text);
      });
    });
    await host.page.goto(e2e().url);
    await host.page.getByTestId('create-game').selectOption('chinatown');
    await host.page.getByTestId('create-players').selectOption('3');
    await host.page.getByTestId('create-table').click();
    await host.page.waitForURL(/\/t\/[a-z0-9]+$/);
    for (const seat of [1, 2]) await addBot(host.page, seat);
    await host.page.getByTestId('start').click();
    await host.page.locator('svg.chinatown-board').waitFor();
    // The bots settle their lots: updates follow the start.
    await expect
      .poll(() => host.page.getByTestId('table-status').textContent(), { timeout: 5000 })
      .toBe('playing');
    expect(await host.page.getByTestId('start').count()).toBe(0);
    expect(await host.page.getByRole('button', { name: 'Resign' }).count()).toBe(1);
    await host.context.close();
  }, 60_000);
});
