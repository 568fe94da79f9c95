/**
 * The operator's page in the browser: a plain player who opens /admin reads the server's refusal in their words; a
 * moderator opens it, sees the report a player made (with its note), mutes the player reported by keyboard — the
 * form asking why — and marks the report dealt with. The page is looked at in English and French, on a desktop and a
 * phone, and axe finds nothing. Screenshots: `admin-refused-desktop-fr.png`, `admin-desktop-en.png`,
 * `admin-desktop-fr.png`, `admin-phone-fr.png`, `admin-phone-en.png`, `admin-muted-desktop-en.png`.
 */
import type { AuditEntry, AuditPage, PlayerRecord } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, expectAccessible, guest, keepName, pageWidth, shot } from './browser.js';

const DESKTOP = { viewport: { width: 1280, height: 800 } };

describe.skipIf(!HAVE_CHROMIUM)('the operator’s page', () => {
  const e2e = e2eForFile();

  it('is none of the first page’s code: its chunk is fetched once /admin is opened', async () => {
    const html = await (await fetch(e2e().url)).text();
    const first = [...html.matchAll(/(?:src|href)="(\/assets\/[\w-]+\.js)"/g)].map(
      (match) => match[1] as string,
    );
    expect(first.length).toBeGreaterThan(1);
    for (const path of first) {
      expect(path).not.toMatch(/Admin/);
      // `admin-record` names an element of the page only (a test id), not a word of the dictionary.
      expect(await (await fetch(`${e2e().url}${path}`)).text()).not.toContain('admin-record');
    }
  });

  it('is refused to a plain player, in their words', async () => {
    const pia = await guest(e2e(), 'pia', { ...DESKTOP, locale: 'fr-FR' });
    const scripts: string[] = [];
    pia.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await pia.page.goto(`${e2e().url}/admin`);
    await pia.page
      .getByTestId('admin-refused')
      .getByText('seul un modérateur de ce serveur peut faire cela')
      .waitFor();
    // Nothing of the page's sections is shown, nor asked for.
    expect(await pia.page.getByRole('heading', { name: 'Signalements en attente' }).count()).toBe(0);
    expect(scripts.some((path) => /\/Admin-[\w-]+\.js$/.test(path))).toBe(true);
    await shot(pia.page, 'admin-refused-desktop-fr');
    await expectAccessible(pia.page, 'admin-refused-desktop-fr');
    await pia.context.close();
  }, 60_000);

  it('shows a moderator the report a player made; the moderator mutes the player by keyboard and closes the report', async () => {
    const rude = await guest(e2e(), 'rudolf');
    const rita = await guest(e2e(), 'rita');
    const made = await rita.page.request.post(`${e2e().url}/api/reports`, {
      data: { player: 'rudolf', reason: 'name', note: 'this name mocks another player' },
    });
    expect(made.status()).toBe(200);
    const mona = await guest(e2e(), 'mona', DESKTOP);
    await keepName(mona.page);
    await e2e().grant('mona', 'moderator');
    const page = mona.page;
    await page.goto(`${e2e().url}/admin`);

    // The reports waiting (the player's record lists the same report too, further down).
    const report = page
      .getByRole('region', { name: /^(Reports waiting|Signalements en attente)$/ })
      .getByTestId('admin-report');
    await report.getByText('rita reported rudolf: An offensive name').waitFor();
    await report.getByText('this name mocks another player').waitFor();
    // The live figures: the three people online, one report waiting (not shown as a figure), the limits in force.
    await page.getByTestId('admin-live').getByText('Players online').waitFor();
    await page.getByTestId('admin-open-reports').getByText('1', { exact: true }).waitFor();
    await shot(page, 'admin-desktop-en');
    await expectAccessible(page, 'admin-desktop-en');
    await page.getByTestId('language').selectOption('fr');
    await report.getByText('rita a signalé rudolf : Un nom choquant').waitFor();
    await shot(page, 'admin-desktop-fr');
    await expectAccessible(page, 'admin-desktop-fr');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await pageWidth(page, 390)).toBe(390);
    await shot(page, 'admin-phone-fr');
    await expectAccessible(page, 'admin-phone-fr');
    await page.getByTestId('language').selectOption('en');
    await report.getByText('rita reported rudolf: An offensive name').waitFor();
    // The limits in force, folded at first, open from the keyboard.
    await page.getByText('Limits in force').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('admin-limits').getByText('Reports per player per day').waitFor();
    expect(await pageWidth(page, 390)).toBe(390);
    await shot(page, 'admin-phone-en');
    await expectAccessible(page, 'admin-phone-en');
    await page.setViewportSize(DESKTOP.viewport);

    // From the report to the player's record, then a mute of 30 minutes, by keyboard: the form asks why.
    await report.getByRole('button', { name: 'See rudolf' }).click();
    const record = page.getByTestId('admin-record');
    await record.getByText('Not muted.').waitFor();
    await record.getByTestId('admin-mute').focus();
    await page.keyboard.press('Enter');
    // The focus is in the reason; without one, the form says so and sends nothing.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'admin-reason',
    );
    await page.keyboard.press('Shift+Tab'); // the minutes
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('30');
    await page.keyboard.press('Tab'); // back to the reason
    await page.keyboard.press('Tab'); // Cancel
    await page.keyboard.press('Tab'); // Mute
    await page.keyboard.press('Enter');
    await record.getByTestId('admin-error').getByText('Say why first.').waitFor();
    await record.getByTestId('admin-reason').focus();
    await page.keyboard.type('an offensive name');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await record.getByText(/^Muted until .* by mona: an offensive name$/).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('admin-record-name');
    await shot(page, 'admin-muted-desktop-en');

    // The report, marked dealt with, leaves the queue.
    await report.getByTestId('admin-actioned').click();
    await report.getByTestId('admin-reason').fill('muted for 30 minutes');
    await report.getByTestId('admin-confirm').click();
    await page.getByTestId('admin-no-reports').waitFor();
    await page.getByTestId('admin-open-reports').getByText('0', { exact: true }).waitFor();

    // What the server kept: a mute of 30 minutes and the report closed, both in the audit log, by mona.
    const answer = await page.request.get(`${e2e().url}/api/moderation/players/rudolf`);
    const player = ((await answer.json()) as { player: PlayerRecord }).player;
    expect(player.mute).toMatchObject({ by: 'mona', reason: 'an offensive name' });
    expect(player.mute!.until - player.mute!.at).toBe(30 * 60_000);
    expect(player.reports.map((one) => [one.status, one.resolvedBy, one.resolution])).toEqual([
      ['actioned', 'mona', 'muted for 30 minutes'],
    ]);
    expect(player.audit.map((entry: AuditEntry) => [entry.actor, entry.action]).sort()).toEqual([
      ['mona', 'mute'],
      ['mona', 'resolve'],
    ]);
    for (const one of [rude, rita, mona]) await one.context.close();
  }, 180_000);

  it('lets an admin give and take a role by keyboard, written to the whole log; a revoked moderator’s open page is refused at its next action; the last admin keeps the role, in both languages', async () => {
    const rudi = await guest(e2e(), 'rudi');
    const modo = await guest(e2e(), 'modo', DESKTOP);
    await keepName(modo.page);
    const ada = await guest(e2e(), 'ada', DESKTOP);
    await keepName(ada.page);
    await e2e().grant('ada', 'admin');
    const page = ada.page;
    await page.goto(`${e2e().url}/admin`);
    // The move figures, among the live ones (no move yet on this server).
    await page.getByTestId('admin-moves').waitFor();
    await page.getByTestId('admin-move-time').getByText('no move').waitFor();

    // modo's record, then "Make moderator" by keyboard: the form asks why.
    await page.getByTestId('admin-search').fill('modo');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'modo', exact: true }).click();
    const record = page.getByTestId('admin-record');
    await record.getByRole('heading', { name: 'Role: player' }).waitFor();
    await record.getByTestId('admin-role-moderator').focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'admin-reason',
    );
    await page.keyboard.type('helps with the reports');
    await page.keyboard.press('Tab'); // Cancel
    await page.keyboard.press('Tab'); // Make moderator
    await page.keyboard.press('Enter');
    await record.getByRole('heading', { name: 'Role: moderator' }).waitFor();
    // The whole log: who, what, to whom, why; newest first.
    const log = page.getByRole('region', { name: 'The whole moderation log' });
    const newest = log.getByTestId('admin-audit-entry').first();
    await newest.getByText(/ada: role changed — modo \(player → moderator\)/).waitFor();
    await newest.getByText('helps with the reports').waitFor();

    // modo's page, open as a moderator: no log there, and the server refuses it to him in his words.
    const modoPage = modo.page;
    await modoPage.goto(`${e2e().url}/admin`);
    await modoPage.getByTestId('admin-live').waitFor();
    expect(await modoPage.getByRole('region', { name: 'The whole moderation log' }).count()).toBe(0);
    const refused = await modoPage.request.get(`${e2e().url}/api/moderation/audit`);
    expect([refused.status(), ((await refused.json()) as { code: string }).code]).toEqual([
      403,
      'moderation.notAllowed',
    ]);
    await modoPage.getByTestId('admin-search').fill('rudi');
    await modoPage.keyboard.press('Enter');
    await modoPage.getByRole('button', { name: 'rudi', exact: true }).click();
    await modoPage.getByTestId('admin-mute').click();

    // ada takes the role away while modo's page is open: his next action is refused, in his words.
    await record.getByTestId('admin-role-player').click();
    await record.getByTestId('admin-reason').fill('no longer needed');
    await record.getByTestId('admin-confirm').click();
    await record.getByRole('heading', { name: 'Role: player' }).waitFor();
    await modoPage.getByTestId('admin-reason').fill('spam');
    await modoPage.getByTestId('admin-confirm').click();
    await modoPage
      .getByTestId('admin-error')
      .getByText('only a moderator of this server can do this')
      .waitFor();
    const rudiRecord = await page.request.get(`${e2e().url}/api/moderation/players/rudi`);
    expect(((await rudiRecord.json()) as { player: PlayerRecord }).player.mute).toBeNull();
    await shot(modoPage, 'admin-revoked-desktop-en');

    // The last admin cannot take her own role away: said in English, then in French.
    await page.getByTestId('admin-search').fill('ada');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'ada', exact: true }).click();
    await record.getByRole('heading', { name: 'Role: admin' }).waitFor();
    await record.getByTestId('admin-role-player').click();
    await record.getByTestId('admin-reason').fill('tired');
    await record.getByTestId('admin-confirm').click();
    await record
      .getByTestId('admin-error')
      .getByText('ada is the last admin: make another player an admin first')
      .waitFor();
    await shot(page, 'admin-roles-desktop-en');
    await expectAccessible(page, 'admin-roles-desktop-en');
    await page.getByTestId('language').selectOption('fr');
    await record
      .getByTestId('admin-error')
      .getByText('ada est le dernier administrateur : nommez d’abord un autre administrateur')
      .waitFor();
    await shot(page, 'admin-roles-desktop-fr');
    await expectAccessible(page, 'admin-roles-desktop-fr');
    await record.getByRole('button', { name: 'Annuler' }).click();

    // Enough entries for two pages (20 a page): 10 mutes and 10 unmutes of rudi, by ada.
    for (let k = 0; k < 10; k++)
      for (const path of ['mute', 'unmute']) {
        const done = await page.request.post(`${e2e().url}/api/moderation/players/rudi/${path}`, {
          data: path === 'mute' ? { minutes: 5, reason: `round ${k}` } : { reason: `round ${k}` },
        });
        expect(done.status()).toBe(200);
      }
    // Filtered by the player and the action, in French, by keyboard: the 10 mutes, newest first, on one page.
    const logFr = page.getByRole('region', { name: 'Tout le journal de modération' });
    await page.reload();
    await logFr.getByTestId('admin-audit-player').fill('rudi');
    await logFr.getByTestId('admin-audit-action').selectOption('mute');
    await logFr.getByTestId('admin-audit-show').focus();
    await page.keyboard.press('Enter');
    // Until the filtered page arrives, the unfiltered one (20 entries) still shows: wait for the count itself.
    await expect.poll(() => logFr.getByTestId('admin-audit-entry').count(), { timeout: 30_000 }).toBe(10);
    await logFr.getByTestId('admin-audit-entry').first().getByText('round 9').waitFor();
    expect(await logFr.getByTestId('admin-audit-older').count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await pageWidth(page, 390)).toBe(390);
    await logFr.scrollIntoViewIfNeeded();
    await shot(page, 'admin-log-phone-fr');
    await expectAccessible(page, 'admin-log-phone-fr');
    // The whole log, unfiltered, in English: a first page of 20, then the older ones by keyboard, the focus on the
    // first entry added; every entry the server keeps shown once, the oldest last (a grant by the command line).
    await page.getByTestId('language').selectOption('en');
    const logEn = page.getByRole('region', { name: 'The whole moderation log' });
    await logEn.getByTestId('admin-audit-action').selectOption('');
    await logEn.getByTestId('admin-audit-player').fill('');
    await logEn.getByTestId('admin-audit-show').click();
    await logEn.getByTestId('admin-audit-entry').nth(19).waitFor();
    expect(await logEn.getByTestId('admin-audit-entry').count()).toBe(20);
    await logEn.getByTestId('admin-audit-older').focus();
    await page.keyboard.press('Enter');
    await logEn.getByTestId('admin-audit-entry').nth(20).waitFor();
    const kept = await page.request.get(`${e2e().url}/api/moderation/audit?limit=100`);
    const ids = ((await kept.json()) as AuditPage).entries.map((entry) => entry.id);
    expect(ids.length).toBeGreaterThan(20);
    expect(ids.length).toBeLessThan(40);
    await logEn
      .getByTestId('admin-audit-entry')
      .nth(ids.length - 1)
      .waitFor();
    const shown = await logEn
      .getByTestId('admin-audit-entry')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-entry')));
    expect(shown).toEqual(ids);
    expect(await logEn.getByTestId('admin-audit-older').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-entry'))).toBe(ids[20]);
    const texts = await logEn.getByTestId('admin-audit-entry').allInnerTexts();
    expect(texts.at(-1)).toMatch(/the command line: role changed — \w+ \(player → (moderator|admin)\)/);
    expect(await pageWidth(page, 390)).toBe(390);
    await shot(page, 'admin-log-phone-en');
    await expectAccessible(page, 'admin-log-phone-en');
    for (const one of [rudi, modo, ada]) await one.context.close();
  }, 240_000);
});
