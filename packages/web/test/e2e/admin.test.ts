/**
 * The operator's page in the browser: a plain player who opens /admin reads the server's refusal in their words; a
 * moderator opens it, sees the report a player made (with its note), mutes the player reported by keyboard — the
 * form asking why — and marks the report dealt with. The page is looked at in English and French, on a desktop and a
 * phone, and axe finds nothing. Screenshots: `admin-refused-desktop-fr.png`, `admin-desktop-en.png`,
 * `admin-desktop-fr.png`, `admin-phone-fr.png`, `admin-phone-en.png`, `admin-muted-desktop-en.png`.
 */
import type { AuditEntry, PlayerRecord } from '@skyline/protocol';
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
});
