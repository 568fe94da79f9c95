/**
 * Reporting in the browser: a player on a phone, in French, reports another's chat line through the small dialog,
 * by keyboard; the report reaches the moderators with the line around it; the player reported, once muted, reads the
 * refusal in French; the line a moderator hides leaves the reporter's page at once; and a profile is reported the
 * same way. Screenshots: `report-phone-fr.png`, `report-sent-phone-fr.png`, `report-muted-desktop-fr.png`,
 * `report-profile-desktop-en.png`.
 */
import type { ReportInfo } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  PHONE_FR,
  e2eForFile,
  expectAccessible,
  guest,
  keepName,
  sayAtTable,
  shot,
} from './browser.js';

describe.skipIf(!HAVE_CHROMIUM)('reporting a chat line and a player', () => {
  const e2e = e2eForFile();

  it('reports a line from a phone by keyboard, in French; the moderators get it, and the muted player reads why in French', async () => {
    const rene = await guest(e2e(), 'rene', { locale: 'fr-FR' });
    const rita = await guest(e2e(), 'rita', PHONE_FR);
    await rene.page.getByTestId('create-table').click();
    await rene.page.waitForURL(/\/t\/[a-z0-9]+$/);
    await rita.page.goto(rene.page.url());
    await sayAtTable(rene.page, 'bonjour');
    await sayAtTable(rene.page, 'tu joues comme une patate');
    const chat = rita.page.getByTestId('table-chat');
    await chat.getByText('tu joues comme une patate').waitFor();
    // Nobody reports their own lines.
    await rene.page.getByTestId('table-chat').getByText('tu joues comme une patate').waitFor();
    expect(await rene.page.getByTestId('table-chat').getByTestId('report-line').count()).toBe(0);

    await chat.getByRole('button', { name: 'Signaler le message de rene' }).last().click();
    const dialog = rita.page.getByRole('dialog', { name: 'Signaler rene' });
    await dialog.getByText('tu joues comme une patate').waitFor();
    // The dialog holds the focus; from there, the keyboard alone.
    const focusInDialog = () => rita.page.evaluate(() => document.activeElement?.closest('dialog') !== null);
    expect(await focusInDialog()).toBe(true);
    await rita.page.keyboard.press('Enter'); // no reason chosen yet
    await dialog.getByText('Choisissez d’abord une raison.').waitFor();
    await dialog.getByRole('radio', { name: 'Insultes ou harcèlement' }).focus();
    await rita.page.keyboard.press('Space');
    expect(await dialog.getByRole('radio', { name: 'Insultes ou harcèlement' }).isChecked()).toBe(true);
    await rita.page.keyboard.press('Tab');
    await rita.page.keyboard.type('il insulte depuis le début');
    await shot(rita.page, 'report-phone-fr');
    await expectAccessible(rita.page, 'report-phone-fr');
    await rita.page.keyboard.press('Tab'); // Annuler
    await rita.page.keyboard.press('Tab'); // Envoyer
    await rita.page.keyboard.press('Enter');
    await dialog
      .getByTestId('report-sent')
      .getByText('Merci : un modérateur lira votre signalement.')
      .waitFor();
    expect(await rita.page.evaluate(() => document.activeElement?.textContent)).toBe('Fermer');
    await shot(rita.page, 'report-sent-phone-fr');
    await rita.page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // A moderator reads it, with the lines around it, then mutes rene and hides the line.
    const mona = await guest(e2e(), 'mona');
    await keepName(mona.page);
    await e2e().grant('mona', 'moderator');
    const api = mona.page.request;
    const { reports } = (await (await api.get(`${e2e().url}/api/moderation/reports`)).json()) as {
      reports: ReportInfo[];
    };
    expect(reports).toHaveLength(1);
    const report = reports[0]!;
    expect(report).toMatchObject({
      reporter: 'rita',
      player: 'rene',
      reason: 'abuse',
      note: 'il insulte depuis le début',
    });
    expect(report.context.lines.map((line) => [line.text, line.reported])).toEqual([
      ['bonjour', false],
      ['tu joues comme une patate', true],
    ]);
    const mute = await api.post(`${e2e().url}/api/moderation/players/rene/mute`, {
      data: { minutes: 10, reason: 'insultes' },
    });
    expect(mute.status()).toBe(200);
    await sayAtTable(rene.page, 'encore une');
    await rene.page
      .getByTestId('notice')
      .getByText('un modérateur vous a réduit au silence : vous pourrez écrire de nouveau dans 10 min')
      .waitFor();
    await shot(rene.page, 'report-muted-desktop-fr');
    await expectAccessible(rene.page, 'report-muted-desktop-fr');
    const hide = await api.post(`${e2e().url}/api/moderation/chat/${report.chatId}/hide`, {
      data: { reason: 'insultes' },
    });
    expect(hide.status()).toBe(200);
    await chat.getByText('tu joues comme une patate').waitFor({ state: 'detached' });
    await chat.getByText('bonjour').waitFor();
    for (const one of [rene, rita, mona]) await one.context.close();
  }, 120_000);

  it('reports a player from their profile', async () => {
    const paul = await guest(e2e(), 'paul');
    const nina = await guest(e2e(), 'nina');
    await nina.page.goto(`${e2e().url}/p/paul`);
    await nina.page.getByTestId('report-player').click();
    const dialog = nina.page.getByRole('dialog', { name: 'Report paul' });
    await dialog.getByRole('radio', { name: 'An offensive name' }).check();
    await dialog.getByRole('textbox').fill('the name');
    await shot(nina.page, 'report-profile-desktop-en');
    await expectAccessible(nina.page, 'report-profile-desktop-en');
    await dialog.getByTestId('report-send').click();
    await dialog.getByText('Thank you: a moderator will read your report.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Once is enough: the same player again, while the first report is open, is refused in words.
    await nina.page.getByTestId('report-player').click();
    await dialog.getByRole('radio', { name: 'Something else' }).check();
    await dialog.getByTestId('report-send').click();
    await dialog
      .getByTestId('report-error')
      .getByText('you have already reported this: a moderator will read it')
      .waitFor();
    await nina.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Nobody is offered to report themselves.
    await paul.page.goto(`${e2e().url}/p/paul`);
    await paul.page.getByTestId('profile-name').waitFor();
    expect(await paul.page.getByTestId('report-player').count()).toBe(0);
    await paul.context.close();
    await nina.context.close();
  }, 60_000);
});
