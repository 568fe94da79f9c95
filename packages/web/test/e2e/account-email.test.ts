/**
 * An account's settings and its e-mail, in the browser, against a real SMTP server started for this file (the server
 * sends through nodemailer; the test reads the links from what the SMTP server received): a player adds an address
 * and confirms it from the e-mail, chooses reminders, then forgets the password, resets it from the e-mail and signs
 * in with the new one; the settings page in French on a phone; "sign out everywhere". Keyboard only where a person
 * would type, axe-core on every page, screenshots in test-results/.
 */
import { linkIn, type Mailbox } from '@skyline/testkit/mailbox';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  LAPTOP,
  PHONE_FR,
  e2eForFile,
  expectAccessible,
  guest,
  keepName,
  openPage,
  pageWidth,
  shot,
} from './browser.js';

describe.skipIf(!HAVE_CHROMIUM)('an account’s settings and e-mail', () => {
  const e2e = e2eForFile({ mail: true });
  const mailbox = (): Mailbox => e2e().mailbox!;
  const email = 'rosa@example.org';
  const newPassword = 'a new and better password';

  /** The test ids of the controls Tab reaches, in order, from the top of the page once round (at most `presses`). */
  async function tabOrder(page: Page, presses: number): Promise<string[]> {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const reached: string[] = [];
    for (let k = 0; k < presses; k++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
      if (id && reached.includes(id)) break; // round again
      if (id) reached.push(id);
    }
    return reached;
  }

  it('a player confirms an address from the e-mail, then resets a forgotten password from the e-mail and signs in with the new one', async () => {
    const { context, page } = await guest(e2e(), 'rosa', { viewport: { width: 1280, height: 800 } });
    await keepName(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByTestId('email-new').waitFor();
    // Every control of the page is reached with Tab, in the page's order.
    const order = await tabOrder(page, 40);
    const expected = [
      'email-new',
      'email-password',
      'email-save',
      'settings-lang',
      'notify',
      'password-current',
      'password-new',
      'password-save',
      'sign-out-everywhere',
    ];
    expect(order.filter((id) => expected.includes(id))).toEqual(expected);
    await shot(page, 'settings-desktop-en');
    await expectAccessible(page, 'settings-desktop-en');

    // The address, typed and sent from the keyboard.
    await page.getByTestId('email-new').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('a long enough password');
    await page.keyboard.press('Enter');
    await page
      .getByTestId('email-done')
      .getByText(`A link is on its way to ${email}`)
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('email-pending').waitFor();
    const confirmation = await mailbox().next(email);
    expect(confirmation.subject).toBe('Skyline: confirm your address');
    await page.goto(linkIn(confirmation, `${e2e().url}/email/confirm#`));
    await page
      .getByTestId('confirm-done')
      .getByText(`${email} is now the address of your account.`)
      .waitFor();
    // The link's token left the address bar as the page read it.
    expect(page.url()).toBe(`${e2e().url}/email/confirm`);
    await shot(page, 'confirm-desktop-en');
    await expectAccessible(page, 'confirm-desktop-en');
    await page.getByRole('link', { name: 'Your settings' }).click();
    await page.getByTestId('email-state').getByText(`${email} (confirmed)`).waitFor();
    // Reminders, now that the address is confirmed.
    await page.getByTestId('reminders').selectOption('180');
    await page.getByTestId('reminders-done').getByText('Saved.').waitFor();
    // The daily digest instead, by keyboard: its check box, reached with Tab from the delay, ticked with Space.
    await page.getByTestId('reminders').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'reminder-digest',
    );
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('reminder-digest').isChecked()).toBe(true);
    await page.getByTestId('reminders-done').getByText('Saved.').waitFor();
    await page.getByTestId('session-list').getByText('this browser').waitFor();
    await shot(page, 'settings-confirmed-desktop-en');
    await expectAccessible(page, 'settings-confirmed-desktop-en');

    // Signed out, the password forgotten: the sign-in page leads to the reset.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/password\/forgot$/);
    await page.getByTestId('forgot-email').waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    await expect(focused()).resolves.toBe('forgot-email'); // the field has the focus: type at once
    await page.keyboard.type(email);
    await shot(page, 'forgot-desktop-en');
    await expectAccessible(page, 'forgot-desktop-en');
    await page.keyboard.press('Enter');
    await page.getByTestId('forgot-sent').waitFor();
    const reset = await mailbox().next(email);
    expect(reset.subject).toBe('Skyline: choose a new password');
    await page.goto(linkIn(reset, `${e2e().url}/password/reset#`));
    await page.getByTestId('reset-password').waitFor();
    expect(page.url()).toBe(`${e2e().url}/password/reset`);
    await expect(focused()).resolves.toBe('reset-password');
    await page.keyboard.type(newPassword);
    await shot(page, 'reset-desktop-en');
    await expectAccessible(page, 'reset-desktop-en');
    await page.keyboard.press('Enter');
    await page
      .getByTestId('reset-done')
      .getByText('Your password is changed, rosa: sign in with it.')
      .waitFor({
        timeout: 30_000,
      });
    await page.getByTestId('reset-sign-in').click();
    // The old password no longer works; the new one does.
    const login = async (password: string) => {
      const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Log in' }) });
      await form.getByLabel('Your name').fill('rosa');
      await form.getByLabel('Password').fill(password);
      await form.getByRole('button', { name: 'Log in' }).click();
    };
    await login('a long enough password');
    await page.getByTestId('signin-error').getByText('Wrong name or password').waitFor({ timeout: 30_000 });
    await login(newPassword);
    await page.getByTestId('create-table').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('me').textContent()).resolves.toBe('rosa');
    await context.close();
  }, 180_000);

  it('in French on a phone: the settings, the forgotten-password page, and signing out everywhere', async () => {
    const device = PHONE_FR;
    const { context: phone, page } = await openPage(e2e(), device, '/password/forgot', 30_000);
    await page.getByTestId('forgot-email').waitFor();
    await shot(page, 'forgot-phone-fr');
    await expectAccessible(page, 'forgot-phone-fr');
    expect(await pageWidth(page, 390)).toBeLessThanOrEqual(390);
    // An unsubscribe link whose signature is not the server's: one tap, and the refusal in French.
    await page.goto(`${e2e().url}/unsubscribe#u=nobody&s=${'x'.repeat(43)}`);
    await page.getByTestId('unsubscribe').tap();
    await page
      .getByTestId('unsubscribe-error')
      .getByText('Ce lien n’est pas valable, ou il a déjà servi : demandez-en un nouveau')
      .waitFor();
    expect(page.url()).toBe(`${e2e().url}/unsubscribe`);
    await shot(page, 'unsubscribe-refused-phone-fr');
    await expectAccessible(page, 'unsubscribe-refused-phone-fr');
    await page.goto(`${e2e().url}/password/forgot`);
    await page.getByRole('link', { name: 'Retour à la connexion' }).tap();
    const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Se connecter' }) });
    await form.getByLabel('Votre nom').fill('rosa');
    await form.getByLabel('Mot de passe').fill(newPassword);
    await form.getByRole('button', { name: 'Se connecter' }).tap();
    await page.getByTestId('create-table').waitFor();
    await page.getByRole('link', { name: 'Réglages' }).tap();
    await page.getByTestId('email-state').getByText(`${email} (confirmée)`).waitFor();
    await expect(page.getByTestId('reminders').inputValue()).resolves.toBe('180');
    // The digest was kept by the server (this is another browser), and is said in French.
    await expect(page.getByTestId('reminder-digest').isChecked()).resolves.toBe(true);
    await page
      .getByText('À la place, un courriel par jour listant toutes les parties qui attendent mon coup')
      .waitFor();
    await page.getByTestId('session-list').getByText('ce navigateur').waitFor();
    await shot(page, 'settings-phone-fr');
    await expectAccessible(page, 'settings-phone-fr');
    expect(await pageWidth(page, 390)).toBeLessThanOrEqual(390);
    // Another browser signed in meanwhile: signing out everywhere ends it too.
    const { context: desktop, page: other } = await openPage(e2e(), { ...LAPTOP });
    const otherForm = other.locator('form').filter({ has: other.getByRole('heading', { name: 'Log in' }) });
    await otherForm.getByLabel('Your name').fill('rosa');
    await otherForm.getByLabel('Password').fill(newPassword);
    await otherForm.getByRole('button', { name: 'Log in' }).click();
    await other.getByTestId('create-table').waitFor({ timeout: 30_000 });
    await page.reload();
    await page.getByTestId('session-list').locator('li').nth(1).waitFor();
    await page.getByTestId('sign-out-everywhere').tap();
    await page.getByTestId('guest-name').waitFor();
    await other.reload();
    await other.getByTestId('guest-name').waitFor();
    await desktop.close();
    await phone.close();
  }, 120_000);
});
