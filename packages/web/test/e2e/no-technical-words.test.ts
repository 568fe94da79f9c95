/**
 * No technical words reach players. A move sent on a table that had moved on is refused in the player's words and
 * language. Pages that cannot show what was asked say why in the player's words and language, never the engine's or
 * the server's: the profile of a player nobody is, the replay of a table that does not exist, and the replay of a
 * game still being played (its record has hidden entries no replay can step through).
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  PHONE_FR,
  e2eForFile,
  expectAccessible,
  guest,
  shot,
  startAgainstBots,
} from './browser.js';

/** The page's refusal once shown: its text, which must hold none of the engine's or the API's words. */
async function refusal(page: Page): Promise<string> {
  const alert = page.getByTestId('page-refusal').getByRole('alert');
  await alert.waitFor();
  const text = (await alert.textContent()) ?? '';
  expect(text).not.toMatch(/log\[|null|HTTP|not found|undefined/);
  return text;
}

const DEVICES: [string, BrowserContextOptions][] = [
  ['desktop-en', {}],
  ['phone-fr', PHONE_FR],
];

describe.skipIf(!HAVE_CHROMIUM)('no technical words for players', () => {
  const e2e = e2eForFile();

  it('says in French that the table moved on when a move was sent on a version the table had left', async () => {
    const { context, page } = await startAgainstBots(e2e(), 'sven', 'nyny', { device: {} });
    await page.getByTestId('language').selectOption('fr'); // remembered: the second tab opens in French too
    // A second tab of the same player that hears nothing of the table's updates: it still shows the old version.
    const late = await context.newPage();
    await late.routeWebSocket(/socket\.io/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        if (!String(message).includes('"table:update"')) ws.send(message);
      });
    });
    await late.goto(page.url());
    await page.getByTestId('turn').getByText('À vous de jouer').waitFor();
    await late.getByTestId('turn').getByText('À vous de jouer').waitFor();
    const shown = await late.getByTestId('play').count();
    // The first tab plays: the table moves on, and the seat's next move waits for the bot.
    await page.getByTestId('play').first().click();
    await page.getByTestId('log').getByText(/sven/).first().waitFor();
    expect(await late.getByTestId('play').count()).toBe(shown);
    await late.getByTestId('play').last().click();
    const notice = late.getByTestId('notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('la table a avancé — la voici telle qu’elle est maintenant');
    await shot(late, 'nyny-desktop-stale-move-fr');
    await context.close();
  }, 60_000);

  it('says that a game still played opens in the replay once it ends (EN and FR), with the way to its table', async () => {
    const { context, page } = await startAgainstBots(e2e(), 'rhea', 'nyny', { device: {} });
    const tableUrl = page.url();
    const tableId = tableUrl.split('/').pop() as string;
    await page.goto(`${e2e().url}/replay/${tableId}`);
    expect(await refusal(page)).toBe('This game is still being played: its replay opens when it ends');
    await shot(page, 'replay-in-progress-desktop-en');
    await expectAccessible(page, 'replay-in-progress-desktop-en');
    await page.getByTestId('page-refusal').getByRole('link', { name: '← The table' }).click();
    await page.waitForURL(tableUrl);
    await page.locator('svg.nyny-ring').waitFor();
    await context.close();

    const french = await guest(e2e(), 'remi', PHONE_FR);
    await french.page.goto(`${e2e().url}/replay/${tableId}`);
    expect(await refusal(french.page)).toBe(
      'Cette partie se joue encore : on pourra la revoir coup par coup quand elle sera finie',
    );
    await shot(french.page, 'replay-in-progress-phone-fr');
    await expectAccessible(french.page, 'replay-in-progress-phone-fr');
    await french.context.close();
  }, 60_000);

  it('says in the player’s language that a player or a table does not exist (EN on a desktop, FR on a phone)', async () => {
    for (const [device, options] of DEVICES) {
      const { context, page } = await guest(e2e(), `ida-${device.slice(0, 5)}`, options);
      const fr = device.endsWith('fr');
      await page.goto(`${e2e().url}/p/nobody-here`);
      expect(await refusal(page)).toBe(
        fr ? 'Aucun joueur ne s’appelle nobody-here' : 'There is no player nobody-here',
      );
      await shot(page, `profile-unknown-${device}`);
      await expectAccessible(page, `profile-unknown-${device}`);
      await page.goto(`${e2e().url}/replay/nosuchtable`);
      expect(await refusal(page)).toBe(
        fr ? 'La table nosuchtable n’existe pas' : 'There is no table nosuchtable',
      );
      await shot(page, `replay-unknown-${device}`);
      await expectAccessible(page, `replay-unknown-${device}`);
      await context.close();
    }
  }, 60_000);
});
