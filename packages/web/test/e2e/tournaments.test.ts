/**
 * The tournament pages in a browser: a registered player creates a duplicate Swiss tournament of New York, New York
 * from the form (tables of 4, 2 rounds, 10 s a move), two guests register (one unregisters and registers again), the
 * organiser fills it with bots, and it starts when full and runs to its end (the guests never move: at 10 s a move
 * their seats pass to stand-in bots, on a server whose clocks run 5 times faster; the organiser plays the first moves of each of her games, which a game must have
 * from every seat to be rated, then leaves hers to the clock too). Then the standings with their tie-breaks, a round's comparison, the winner, on
 * a desktop and a phone and in French, with axe-core. Screenshots go to test-results/tournament-*.png.
 */
import { join } from 'node:path';
import type { TournamentDetail } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  RESULTS,
  e2eForFile,
  expectAccessible,
  guest,
  keepName,
  pageWidth,
  shot,
  signedInUser,
} from './browser.js';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

describe.skipIf(!HAVE_CHROMIUM)('tournaments in the browser', () => {
  // The clocks run 5 times faster: the guests' 10 s a move runs out in 2 s of the test's time, as it would in 10.
  const e2e = e2eForFile({ timeSpeed: 5 });

  it('creates a duplicate tournament of guests and bots, runs it, and shows its standings and comparison', async () => {
    const olga = await guest(e2e(), 'olga');
    await keepName(olga.page);
    const page = olga.page;
    await page.getByRole('link', { name: 'Tournaments' }).click();
    const form = page.getByTestId('tournament-create');
    await form.waitFor();
    await page.getByTestId('tour-name').fill('Duplicate night');
    await page.getByTestId('tour-game').selectOption('nyny');
    await page.getByTestId('tour-seats').selectOption('4');
    await page.getByTestId('tour-rounds').fill('2');
    await page.getByTestId('tour-duplicate').check();
    await page.getByTestId('tour-clock').selectOption({ label: '10 s a move' });
    await page.getByTestId('tour-max').fill('8');
    await page.getByTestId('tour-rated').check();
    await page.getByTestId('tour-create').click();
    await page.waitForURL(/\/tournaments\/[a-z0-9]+$/);
    const url = page.url();
    const id = url.split('/').pop()!;
    await page.getByTestId('tournament-players').getByText('olga').waitFor();
    await expect(page.getByTestId('tournament-settings').textContent()).resolves.toContain('10 s a move');
    await expectAccessible(page, 'tournament-open');
    await shot(page, 'tournament-open-desktop-en');

    // Two guests register from the page; one changes her mind and comes back.
    for (const name of ['amy', 'ben']) {
      const { context, page: other } = await guest(e2e(), name);
      await other.goto(url);
      await other.getByTestId('tour-register').click();
      await other.getByTestId('tournament-players').getByText(name).waitFor();
      if (name === 'amy') {
        await other.getByTestId('tour-unregister').click();
        await other.getByTestId('tour-register').waitFor();
        await expect(other.getByTestId('tournament-players').getByText('amy').count()).resolves.toBe(0);
        await other.getByTestId('tour-register').click();
        await other.getByTestId('tour-unregister').waitFor();
      }
      // Only the organiser adds bots and starts.
      await expect(other.getByTestId('tour-organiser').count()).resolves.toBe(0);
      await context.close();
    }

    // The organiser fills the last 5 places with bots: full, it starts by itself.
    const me = await signedInUser(page);
    const openings = e2e().playOpenings({ ...me, registered: true }, id);
    await page.getByTestId('tour-bot-level').selectOption('greedy');
    await page.getByTestId('tour-bot-count').fill('5');
    await page.getByTestId('tour-add-bots').click();
    await page.getByTestId('tournament-rounds').waitFor({ timeout: 20_000 });
    // A running round links to its tables.
    await expect(page.getByTestId('pairings').locator('tbody tr').count()).resolves.toBe(2);

    await page.getByTestId('tournament-winner').waitFor({ timeout: 200_000 });
    expect(await openings).toBe(2);
    const detail = await page.evaluate(
      async (tournament) =>
        (await (await fetch(`/api/tournaments/${tournament}`)).json()) as TournamentDetail,
      id,
    );
    expect(detail.tournament.status).toBe('finished');
    await expect(page.getByTestId('tournament-winner').textContent()).resolves.toBe(
      `Winner: ${detail.tournament.winner}`,
    );
    const standings = page.getByTestId('standings');
    await expect(standings.locator('tbody tr').count()).resolves.toBe(8);
    // In the server's order, each name (a link to the profile), and a bot's level.
    await expect(standings.locator('tbody th .player-name a').allTextContents()).resolves.toEqual(
      detail.standings.map((row) => row.name),
    );
    for (const row of detail.standings.filter((entry) => entry.bot))
      await expect(
        standings
          .locator('tbody tr')
          .filter({ has: page.getByRole('link', { name: row.name, exact: true }) })
          .textContent(),
      ).resolves.toContain(`bot · ${row.bot}`);
    // Rated: next to each name its rating in New York, New York as the ratings lookup gives it (the greedy bots their
    // level's; olga hers; the guests amy and ben have none).
    const names = detail.standings.map((row) => row.name);
    const lookup = await page.evaluate(
      async (asked) =>
        (await (
          await fetch(`/api/ratings/nyny?names=${asked.map(encodeURIComponent).join(',')}`)
        ).json()) as {
          ratings: Record<string, { rating: number; provisional: boolean }>;
        },
      names,
    );
    expect(Object.keys(lookup.ratings).sort()).toEqual(
      names.filter((name) => !['amy', 'ben'].includes(name)).sort(),
    );
    for (const name of names) {
      const rating = lookup.ratings[name];
      const cell = standings
        .locator('tbody tr')
        .filter({ has: page.getByRole('link', { name, exact: true }) })
        .locator('.rating');
      if (!rating) {
        await expect(cell.count()).resolves.toBe(0);
        continue;
      }
      const text = `${new Intl.NumberFormat('en-US').format(Math.round(rating.rating) + 0)}${rating.provisional ? ' provisional' : ''}`;
      await expect.poll(() => cell.textContent(), { timeout: 5000 }).toBe(text);
    }
    // What the tournament did to each rating: the guests have none; everyone else's ends where the lookup has it now
    // (nothing else was rated since), and the column says before → after and the change, in whole points.
    for (const row of detail.standings) {
      const cell = standings.getByTestId(`tournament-rating-${row.player}`);
      const now = lookup.ratings[row.name];
      if (!now) {
        expect(row.rating).toBeNull();
        await expect(cell.textContent()).resolves.toBe('not rated');
        continue;
      }
      expect(row.rating!.after).toBe(now.rating);
      expect(row.rating!.games).toBeGreaterThan(0);
      const write = (n: number) => new Intl.NumberFormat('en-US').format(Math.round(n) + 0);
      const delta = Math.round(row.rating!.after - row.rating!.before) + 0;
      await expect(cell.textContent()).resolves.toBe(
        `${write(row.rating!.before)} → ${write(row.rating!.after)} ${delta >= 0 ? '+' : '−'}${write(Math.abs(delta))}`,
      );
    }
    await standings.getByRole('columnheader', { name: 'Rating' }).waitFor();
    await expect(page.getByTestId('tie-breaks').textContent()).resolves.toBe(
      'Ranked by points, then Buchholz, then game score, then head-to-head, then name.',
    );
    for (const column of ['Points', 'Buchholz', 'Game score', 'Head-to-head'])
      await standings.getByRole('columnheader', { name: column }).waitFor();

    // Round 1's comparison: the 4 seats, each at both tables, with a replay link per table.
    await page.getByTestId('round-1').click();
    const comparison = page.getByTestId('comparison');
    await expect(comparison.locator('tbody tr').count()).resolves.toBe(4);
    await expect(comparison.locator('tbody td').count()).resolves.toBe(8);
    await expect(comparison.getByRole('link', { name: /^Replay/ }).count()).resolves.toBe(2);
    const first = detail.rounds[0]!.duplicate![0]!.rows[0]!;
    await expect(
      comparison.locator('tbody tr').first().locator('td').first().textContent(),
    ).resolves.toContain(first.name);
    await expectAccessible(page, 'tournament-finished');
    await standings.screenshot({ path: join(RESULTS, 'tournament-standings-desktop-en.png') });
    await page
      .getByTestId('tournament-rounds')
      .screenshot({ path: join(RESULTS, 'tournament-round-desktop-en.png') });
    await shot(page, 'tournament-page-desktop-en');

    // The replay link opens the table's replay.
    await comparison
      .getByRole('link', { name: /^Replay/ })
      .first()
      .click();
    await page.waitForURL(/\/replay\/[a-z0-9]+$/);

    // The list: in "Finished", with its winner.
    await page.getByRole('link', { name: 'Tournaments' }).click();
    const finished = page.getByTestId('tournaments-finished');
    await finished.getByRole('link', { name: 'Duplicate night' }).waitFor();
    await expect(finished.textContent()).resolves.toContain(`won by ${detail.tournament.winner}`);
    // A tournament someone creates while the list is shown appears in it without a reload.
    const created = await page.evaluate(
      async (body) =>
        (
          await fetch('/api/tournaments', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      {
        name: 'Later night',
        game: 'nyny',
        seatsPerTable: 2,
        rounds: 1,
        format: 'swiss',
        duplicate: false,
        maxPlayers: 4,
      },
    );
    expect(created).toBe(200);
    await page
      .getByTestId('tournaments-upcoming')
      .getByRole('link', { name: 'Later night' })
      .waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'tournaments-list');
    await shot(page, 'tournaments-list-desktop-en');

    // French.
    await page.getByTestId('language').selectOption('fr');
    await page.goto(url);
    await page.getByText('Classés par points, puis Buchholz').waitFor();
    await page.getByTestId('round-1').click();
    await expectAccessible(page, 'tournament-finished-fr');
    await shot(page, 'tournament-page-desktop-fr');
    await olga.context.close();

    // A phone, signed out: the page reads; only the comparison and standings tables scroll, inside their boxes.
    const phone = await e2e().browser.newContext({ ...PHONE, locale: 'en-US' });
    const mobile = await phone.newPage();
    await mobile.goto(url);
    await mobile.getByTestId('standings').waitFor();
    // Ratings are public: signed out, the standings show them too.
    await mobile.getByTestId('standings').locator('.rating').first().waitFor();
    await mobile.getByTestId('round-1').click();
    await shot(mobile, 'tournament-page-phone-en');
    await mobile
      .getByTestId('tournament-rounds')
      .screenshot({ path: join(RESULTS, 'tournament-round-phone-en.png') });
    expect(await pageWidth(mobile, 390)).toBe(390);
    await expectAccessible(mobile, 'tournament-phone');
    await mobile.setViewportSize({ width: 360, height: 800 });
    expect(await pageWidth(mobile, 360)).toBe(360);
    await phone.close();
  }, 300_000);

  it("shows a duplicate round's finished table without its result until the round ends, in English and French", async () => {
    const olga = await guest(e2e(), 'olga2');
    await keepName(olga.page);
    const post = (page: typeof olga.page, path: string, body?: unknown) =>
      page.evaluate(
        async ([to, sent]) => {
          const response = await fetch(to, {
            method: 'POST',
            headers: sent === undefined ? {} : { 'content-type': 'application/json' },
            body: sent === undefined ? undefined : JSON.stringify(sent),
          });
          return {
            status: response.status,
            body: (await response.json()) as { tournament?: { id: string } },
          };
        },
        [path, body] as const,
      );
    const created = await post(olga.page, '/api/tournaments', {
      name: 'Secret round',
      game: 'nyny',
      seatsPerTable: 4,
      rounds: 1,
      format: 'swiss',
      duplicate: true,
      clock: null,
      maxPlayers: 8,
    });
    expect(created.status).toBe(200);
    const id = created.body.tournament!.id;
    // Pia registers and never moves (no clock): her table waits for her while the bots' table plays to its end.
    const pia = await guest(e2e(), 'pia');
    expect((await post(pia.page, `/api/tournaments/${id}/register`)).status).toBe(200);
    expect((await post(olga.page, `/api/tournaments/${id}/bots`, { level: 'random', count: 7 })).status).toBe(
      200,
    );
    const page = pia.page;
    await page.goto(`${e2e().url}/tournaments/${id}`);
    const finished = page.getByTestId('result-at-round-end');
    await finished.waitFor({ timeout: 120_000 });
    await expect(finished.textContent()).resolves.toBe('Finished · result when the round ends');
    // No score, no place points, no replay link and no comparison while the round is played.
    const pairings = page.getByTestId('pairings');
    await expect(pairings.locator('tbody tr').count()).resolves.toBe(2);
    await expect(pairings.getByRole('link', { name: 'Replay' }).count()).resolves.toBe(0);
    await expect(pairings.locator('td .muted').count()).resolves.toBe(1);
    const comparison = page.getByTestId('comparison');
    await expect(comparison.textContent()).resolves.toContain(
      'The comparison appears when every table of the round has finished',
    );
    await expect(comparison.locator('table').count()).resolves.toBe(0);
    await expectAccessible(page, 'tournament-round-secret');
    await shot(page, 'tournament-round-secret-desktop-en');
    await page.getByTestId('language').selectOption('fr');
    await expect(page.getByTestId('result-at-round-end').textContent()).resolves.toBe(
      'Finie · résultat à la fin de la ronde',
    );
    await expect(page.getByTestId('comparison').textContent()).resolves.toContain(
      'La comparaison apparaît quand toutes les tables de la ronde ont fini',
    );
    await shot(page, 'tournament-round-secret-desktop-fr');
    await olga.context.close();
    await pia.context.close();
  }, 180_000);
});
