/**
 * A page whose connection the server refuses (too many from one address: LIMIT_CONNECTIONS_PER_ADDRESS) says why in
 * its player's language, from the refusal's code, and connects by itself when the server said to try again and there
 * is room (security review, finding 4: the refusal was an English sentence only, and the page kept "Connecting…").
 */
import { io, type Socket } from 'socket.io-client';
import { describe, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, openPage, shot } from './browser.js';

describe.skipIf(!HAVE_CHROMIUM)('a connection refused', () => {
  const e2e = e2eForFile();

  it('says in French that this address has too many connections, then connects once one closed', async () => {
    // The address (127.0.0.1, as every test client) fills its 20 connections (the default).
    const others: Socket[] = [];
    for (let k = 0; k < 20; k++) {
      const socket = io(e2e().url, { transports: ['websocket'], forceNew: true, reconnection: false });
      others.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    }
    const { context, page } = await openPage(
      e2e(),
      { locale: 'fr-FR', viewport: { width: 1100, height: 900 } },
      '',
      10_000,
    );
    await page.getByTestId('guest-name').fill('olga');
    await page.getByTestId('guest-play').click();
    const banner = page.getByTestId('reconnecting');
    await banner
      .getByText('trop de connexions depuis votre adresse (fermez quelques pages) : réessayez dans 10 s')
      .waitFor();
    await shot(page, 'connection-refused-desktop-fr');
    // One closes: the page tries again after the 10 s it was told, and connects.
    others.pop()!.disconnect();
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    // And the lobby works: a line said in its chat comes back from the server.
    const chat = page.getByTestId('lobby-chat');
    await chat.getByRole('textbox').fill('me voici');
    await chat.locator('form').getByRole('button').click();
    await chat.getByText('me voici').waitFor();
    for (const socket of others) socket.disconnect();
    await context.close();
  }, 60_000);
});
