/**
 * The server's refusals, command replies and table lines in the player's language: a French player reads them in
 * French while an English player at the same table reads the same events in English; the sign-in page's refusals
 * (a name taken, reserved or malformed, a wrong password) in French too.
 */
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, expectAccessible, guest, openPage, sayAtTable, shot } from './browser.js';

describe.skipIf(!HAVE_CHROMIUM)('the server’s words in the browser', () => {
  const e2e = e2eForFile();

  it('shows a refusal, a command’s reply and the table’s lines in French to a French player', async () => {
    const zoe = await guest(e2e(), 'zoe', { locale: 'fr-FR' });
    const yan = await guest(e2e(), 'yan');
    await zoe.page.getByTestId('create-table').click();
    await zoe.page.waitForURL(/\/t\/[a-z0-9]+$/);

    // A refusal: she already sits (as the host, at the first seat, which people call seat 1).
    await sayAtTable(zoe.page, '/join 1');
    const notice = zoe.page.getByTestId('notice');
    await notice.getByText('vous êtes déjà à la place 1').waitFor();
    // An unknown command.
    await sayAtTable(zoe.page, '/frobnicate');
    await notice.getByText('commande inconnue /frobnicate : tapez /help pour la liste').waitFor();

    // A line the table says, to both: each in their language.
    await yan.page.goto(zoe.page.url());
    await yan.page.getByRole('button', { name: 'Sit here' }).click();
    const zoeChat = zoe.page.getByTestId('table-chat');
    await zoeChat.getByText('yan s’assoit à la place 2').waitFor();
    await yan.page.getByTestId('table-chat').getByText('yan sits at seat 2').waitFor();

    // A refusal of a button: only the host starts (yan reads it in English, from the same code).
    await sayAtTable(yan.page, '/start');
    await yan.page.getByTestId('notice').getByText('only the host (zoe) can start the game').waitFor();

    // A reply for the sender only, line by line.
    await sayAtTable(zoe.page, '/who');
    await zoeChat.getByText('New York, New York, en attente de joueurs').waitFor();
    await zoeChat.getByText('place 1 : zoe (hôte)').waitFor();
    await zoeChat.getByText('place 2 : yan', { exact: true }).waitFor();
    expect(await notice.count()).toBe(0); // the refusal went once a command succeeded

    // An option refused in words, not as zod's "expected boolean".
    await sayAtTable(zoe.page, '/option rounds 99');
    await notice.getByText('l’option rounds doit être un nombre entier de 1 à 10').waitFor();
    await shot(zoe.page, 'server-words-fr');
    await expectAccessible(zoe.page, 'server-words-fr');

    await sayAtTable(zoe.page, '/start');
    await zoeChat.getByText('la partie commence').first().waitFor();
    await zoe.context.close();
    await yan.context.close();
  }, 60_000);

  it('says the sign-in page’s refusals in French: a name taken, a reserved one, a malformed one, a wrong password', async () => {
    const noa = await guest(e2e(), 'noa');
    const { context, page } = await openPage(e2e(), { locale: 'fr-FR' });
    await page.getByRole('heading', { name: 'Bienvenue sur Skyline' }).waitFor();
    const error = page.getByTestId('signin-error');
    const tryName = async (name: string) => {
      await page.getByTestId('guest-name').fill(name);
      await page.getByTestId('guest-play').click();
    };
    await tryName('noa');
    await error.getByText('le nom noa est déjà pris').waitFor();
    await tryName('bot');
    await error.getByText('le nom bot est réservé').waitFor();
    await tryName('a b');
    await error.getByText('Un nom a 2 à 20 lettres, chiffres, _ ou -.').waitFor();
    await page.getByRole('textbox', { name: 'Votre nom' }).nth(1).fill('noa');
    await page.getByLabel('Mot de passe').fill('pas le bon');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await error.getByText('nom ou mot de passe incorrect').waitFor();
    await shot(page, 'signin-refused-fr');
    await expectAccessible(page, 'signin-refused-fr');
    await context.close();
    await noa.context.close();
  }, 60_000);
});
