/**
 * Creating an account, and the pages a new player sees around it, in English and French: the landing page and the
 * header link to "Create an account" (not only the form at the bottom of "My games"); a guest's new-table form offers
 * no rated game (a guest is never rated); the skip link is in the page's language; "My games" writes Chinatown's
 * scores as money and its dates as the language does; a new rating shows "provisional" in words.
 * Screenshots: landing-*.png, register-*.png, lobby-guest-desktop-en.png, mygames-money-desktop-fr.png.
 */
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  LAPTOP_EN,
  PHONE,
  e2eForFile,
  expectAccessible,
  guest,
  openPage,
  pageWidth,
  shot,
  signedInUser,
} from './browser.js';

describe.skipIf(!HAVE_CHROMIUM)('creating an account', () => {
  const e2e = e2eForFile();

  it('links "Create an account" from the landing page and the header, and makes one with a name and a password', async () => {
    const { context, page } = await openPage(e2e(), LAPTOP_EN);
    await page.getByTestId('guest-name').waitFor();
    // On the landing page, under the welcome, and in the header.
    await page.getByTestId('signin-register').getByRole('link', { name: 'Create an account' }).waitFor();
    await page.locator('header').getByRole('link', { name: 'Create an account' }).waitFor();
    await expectAccessible(page, 'landing');
    await shot(page, 'landing-desktop-en');

    await page.getByTestId('signin-register').getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/register$/);
    await page.getByRole('heading', { name: 'Create an account', level: 1 }).waitFor();
    await expectAccessible(page, 'register');
    await shot(page, 'register-desktop-en');
    // A visitor picks a name and a password at once.
    await page.getByTestId('register-name').fill('nadia');
    await page.getByTestId('register-password').fill('a long enough password');
    await page.getByTestId('register-submit').click();
    await page
      .getByTestId('register-done')
      .getByText(/^Your name is saved/)
      .waitFor({ timeout: 60_000 });
    const me = await signedInUser(page);
    expect(me).toMatchObject({ name: 'nadia', registered: true });
    // Registered: the header no longer offers it, and shows the name.
    await expect(
      page.locator('header').getByRole('link', { name: 'Create an account' }).count(),
    ).resolves.toBe(0);
    await page.getByTestId('me').getByText('nadia').waitFor();
    // A registered player's table form offers a rated game.
    await page.getByRole('link', { name: 'To the lobby' }).click();
    await page.getByTestId('create-rated').waitFor();
    await context.close();
  }, 90_000);

  it('a guest sees "Create an account" in the header and no rated box, on a desktop and a phone, in English and French', async () => {
    const { context, page } = await guest(e2e(), 'gwen');
    await page.locator('header').getByRole('link', { name: 'Create an account' }).waitFor();
    // A guest is never rated: no box that would say "rated" for a game that ends "not rated"; a way to an account.
    await expect(page.getByTestId('create-rated').count()).resolves.toBe(0);
    const hint = page.getByTestId('create-rated-guest');
    await expect(hint.textContent()).resolves.toBe(
      'Rated games are hosted by registered players. Create an account',
    );
    await expectAccessible(page, 'lobby-guest');
    await shot(page, 'lobby-guest-desktop-en');
    // The server refuses it too, in the player's words (a client that asks all the same).
    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/tables', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'nyny', players: 2, rated: true }),
      });
      return { status: response.status, body: (await response.json()) as { code?: string } };
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'rating.guestHost' } });

    // French: the header's link and the skip link (the first thing a keyboard reaches) in French.
    await page.getByTestId('language').selectOption('fr');
    await page.locator('header').getByRole('link', { name: 'Créer un compte' }).waitFor();
    // From the top of a fresh page (the language is remembered), the first Tab reaches the skip link.
    await page.reload();
    await page.locator('header').getByRole('link', { name: 'Créer un compte' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.locator('a.skip');
    await expect(skip.textContent()).resolves.toBe('Aller au contenu');
    await expect(skip.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await hint.getByText('Les parties classées sont accueillies par des joueurs inscrits.').waitFor();
    await context.close();

    // On a phone, the header's link fits.
    const phone = await guest(e2e(), 'gwenp', PHONE);
    await phone.page.locator('header').getByRole('link', { name: 'Create an account' }).waitFor();
    expect(await pageWidth(phone.page, 390)).toBe(390);
    await shot(phone.page, 'lobby-guest-phone-en');
    await phone.page.getByRole('link', { name: 'Create an account' }).first().click();
    await phone.page.waitForURL(/\/register$/);
    // A guest only adds a password: its name is kept.
    await expect(phone.page.getByTestId('register-name').count()).resolves.toBe(0);
    await phone.page.getByTestId('register-password').fill('another long password');
    await phone.page.getByTestId('register-submit').click();
    await phone.page.getByTestId('register-done').waitFor({ timeout: 60_000 });
    await shot(phone.page, 'register-done-phone-en');
    await phone.context.close();
  }, 120_000);

  it('"My games" in French writes Chinatown\'s scores as money and dates as French does; a new rating says "provisoire"', async () => {
    const { context, page } = await guest(e2e(), 'mona');
    await page.getByRole('link', { name: 'Create an account' }).first().click();
    await page.getByTestId('register-password').fill('a long enough password');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-done').waitFor({ timeout: 60_000 });
    const mona = await signedInUser(page);
    const tableId = await e2e().ratedGames.play('chinatown', mona, [mona, 'greedy', 'random'], 7);
    await page.getByTestId('language').selectOption('fr');
    await page.getByRole('link', { name: 'Mes parties' }).click();
    const row = page.getByTestId(`my-game-${tableId}`);
    await row.waitFor();
    const game = await page.evaluate(
      async (id) =>
        (
          (await (await fetch('/api/my/games')).json()) as {
            games: {
              id: string;
              finishedAt: number;
              seats: { name: string }[];
              result: { status: { scores: number[] } };
            }[];
          }
        ).games.find((entry) => entry.id === id)!,
      tableId,
    );
    // Worked out with the browser's own formats: "12 000 $" for $12,000 in French, the date as French writes it.
    const expected = await page.evaluate(
      ({ scores, at }) => ({
        money: scores.map((n) =>
          new Intl.NumberFormat('fr-FR', {
            style: 'currency',
            currency: 'USD',
            currencyDisplay: 'narrowSymbol',
            maximumFractionDigits: 0,
          }).format(n),
        ),
        date: new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' }).format(at),
      }),
      { scores: game.result.status.scores, at: game.finishedAt },
    );
    await expect(row.getByTestId('final-scores').textContent()).resolves.toBe(
      `mona ${expected.money[0]} · ${game.seats[1]!.name} ${expected.money[1]} · ${game.seats[2]!.name} ${expected.money[2]}`,
    );
    expect(expected.money[0]).toMatch(/^\d[\d\u202f\u00a0]*\s?\$$/);
    await expect(row.textContent()).resolves.toContain(`finie le ${expected.date}`);
    await expectAccessible(page, 'mygames-money-fr');
    await shot(page, 'mygames-money-desktop-fr');

    // One rated game: her rating is provisional, in words, next to her name on her profile.
    await page.goto(`${e2e().url}/p/mona`);
    const rating = page.getByTestId('rating-chinatown').locator('.rating');
    await rating.waitFor();
    await expect(rating.textContent()).resolves.toMatch(/^\d[\d\u202f\u00a0]\d{3} provisoire$/);
    await context.close();
  }, 120_000);
});
