/**
 * A tournament as one of its players sees it: the organiser starts it with "Start now" and sees its first round
 * without a refusal in red; her own table reads "Play", the others' "Watch"; "My games" names the tournament and its
 * round, with a link, in English and French; her table's page links back to the tournament, names no host and
 * offers no Abort. Screenshots: tournament-started-desktop-en.png, mygames-tournament-*.png.
 */
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, expectAccessible, guest, keepName, shot } from './browser.js';

describe.skipIf(!HAVE_CHROMIUM)('a tournament seen by its players', () => {
  const e2e = e2eForFile();

  it('starts with "Start now" without "registration is closed", offers "Play" at her own table, and "My games" names the tournament', async () => {
    const olga = await guest(e2e(), 'olgat');
    await keepName(olga.page);
    const page = olga.page;
    // Four players at tables of two, one round, no clock: the organiser plays, with three bots.
    const created = await page.evaluate(async () => {
      const response = await fetch('/api/tournaments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Start now cup',
          game: 'nyny',
          seatsPerTable: 2,
          rounds: 1,
          format: 'swiss',
          duplicate: false,
          clock: null,
          maxPlayers: 6,
          play: true,
        }),
      });
      return (await response.json()) as { tournament: { id: string } };
    });
    const id = created.tournament.id;
    await page.goto(`${e2e().url}/tournaments/${id}`);
    await page.getByTestId('tournament-players').getByText('olgat').waitFor();
    await page.getByTestId('tour-bot-level').selectOption('random');
    await page.getByTestId('tour-bot-count').fill('3');
    await page.getByTestId('tour-add-bots').click();
    await expect
      .poll(() => page.getByTestId('tournament-players').locator('li').count(), { timeout: 10_000 })
      .toBe(4);

    // Not full (6 places): it starts only when the organiser says so. An impatient double click is one start: the
    // second click must not come back as "registration is closed" in red.
    await page.getByTestId('tour-start').dblclick();
    await page.getByTestId('tournament-rounds').waitFor({ timeout: 20_000 });
    // The page has moved on to the running tournament: no start offered, and nothing said in red, then or after.
    await expect(page.getByTestId('tour-start').count()).resolves.toBe(0);
    for (let k = 0; k < 6; k++) {
      expect(await page.getByTestId('tournament-error').count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.waitForTimeout(500);
    }

    // Two tables: hers says "Play" (a button-like link to it), the bots' "Watch".
    const pairings = page.getByTestId('pairings');
    const mine = pairings.locator('tbody tr').filter({ hasText: 'olgat' });
    const theirs = pairings.locator('tbody tr').filter({ hasNotText: 'olgat' });
    await expect(mine.getByRole('link').allTextContents()).resolves.toEqual(['Play']);
    // The bots' table may have finished meanwhile (then its replay is offered).
    await expect(theirs.getByRole('link').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^(Watch|Replay)$/),
    ]);
    await expectAccessible(page, 'tournament-started');
    await shot(page, 'tournament-started-desktop-en');
    await mine.getByRole('link', { name: 'Play' }).click();
    await page.waitForURL(/\/t\/[a-z0-9]+$/);
    const tableId = page.url().split('/').pop()!;
    await page.locator('svg.nyny-ring').waitFor();

    // The table page leads back to its tournament, not the lobby; nobody hosts it, and Abort is not offered.
    const bar = page.getByTestId('table-bar');
    await expect(bar.getByRole('link', { name: '← Tournament' }).getAttribute('href')).resolves.toBe(
      `/tournaments/${id}`,
    );
    expect(await bar.getByRole('link', { name: '← Lobby' }).count()).toBe(0);
    expect(await page.getByTestId('seat-panels').getByText('host', { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('abort').count()).toBe(0);
    await shot(page, 'tournament-table-desktop-en');

    // "My games": the game names its tournament and round, and links to the tournament.
    await page.getByRole('link', { name: 'My games' }).click();
    const row = page.getByTestId(`my-game-${tableId}`);
    await row.waitFor();
    const tag = row.getByRole('link', { name: 'Tournament Start now cup, round 1' });
    await expect(tag.getAttribute('href')).resolves.toBe(`/tournaments/${id}`);
    await expectAccessible(page, 'mygames-tournament');
    await shot(page, 'mygames-tournament-desktop-en');
    await page.getByTestId('language').selectOption('fr');
    await row.getByRole('link', { name: 'Tournoi Start now cup, ronde 1' }).waitFor();
    await shot(page, 'mygames-tournament-desktop-fr');
    await row.getByRole('link', { name: 'Tournoi Start now cup, ronde 1' }).click();
    await page.waitForURL(new RegExp(`/tournaments/${id}$`));
    await olga.context.close();
  }, 120_000);
});
