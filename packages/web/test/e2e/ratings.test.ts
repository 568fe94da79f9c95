/**
 * The rating pages in a browser: a registered player's profile and a game's leaderboard after a few dozen games (a
 * third of them rated: Rita's against bots; bots against bots are never rated), in English and French, with
 * axe-core; the rating next to names in the lobby and at a table; and on the end screen why a game was not rated, or
 * what a rated game did to each rating. Screenshots of the profile and the leaderboard go to test-results/
 * (profile-*.png, leaderboard-*.png), of the end screens end-unrated.png and end-rated.png.
 */
import type { BotLevel } from '@skyline/bots';
import type { TableRatings } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  e2eForFile,
  expectAccessible,
  guest,
  keepName,
  shot,
  signedInUser,
  tableWithBot,
} from './browser.js';

const LEVELS: BotLevel[] = ['random', 'greedy', 'ismcts'];

describe.skipIf(!HAVE_CHROMIUM)('ratings, profiles and leaderboards in the browser', () => {
  const e2e = e2eForFile();

  it('shows a profile and a leaderboard after rated games, and each rating next to names', async () => {
    const { context, page } = await guest(e2e(), 'rita');
    // Rita keeps her name (a password): only registered players are rated.
    await keepName(page);
    const rita = await signedInUser(page);
    expect(rita.registered).toBe(true);

    // A few dozen games of New York, New York: bots against bots at 2, 3 and 4 seats (never rated: bots are rated
    // only against people), and Rita against bots (rated: each level against Rita).
    const games = e2e().ratedGames;
    let seed = 1;
    for (let k = 0; k < 30; k++) {
      // Every third game is Rita's, at 2, 3 then 4 seats; the others are bots only, at 2 to 4 seats.
      const seats = 2 + (k % 3 === 0 ? (k / 3) % 3 : k % 3);
      const bots = Array.from({ length: seats }, (_, s) => LEVELS[(k + s) % 3]!);
      if (k % 3 === 0) await games.play('nyny', rita, [rita, ...bots.slice(1)], seed++);
      else await games.play('nyny', rita, bots, seed++);
    }

    await page.goto(`${e2e().url}/p/rita`);
    const card = page.getByTestId('rating-nyny');
    await card.waitFor();
    await expect(card.locator('svg circle').count()).resolves.toBe(10);
    await expect(page.getByTestId('profile-record').textContent()).resolves.toMatch(
      /^10 games played, \d+ won · \d+% won$/,
    );
    // Rita played each of her 10 games to its end herself.
    await expect(page.getByTestId('profile-reliability').textContent()).resolves.toBe(
      'Reliability: 100% of 10 games',
    );
    await expect(page.getByRole('link', { name: 'Replay the game' }).count()).resolves.toBe(10);
    await expectAccessible(page, 'profile');
    await shot(page, 'profile-rita');

    await page.getByRole('link', { name: 'New York, New York' }).first().click();
    const board = page.getByTestId('leaderboard');
    await board.waitFor();
    const names = await board.locator('tbody th').allTextContents();
    expect(names.some((name) => name.startsWith('rita'))).toBe(true);
    expect(names.some((name) => name.startsWith('greedy-bot'))).toBe(true);
    await expect(page.getByTestId('my-rank').textContent()).resolves.toMatch(
      // A rating on the shown scale (docs/platform.md: 1500 for a new player), "provisional" in words until 10 games.
      /^Your place: \d of 4 · Rating \d,\d{3}( provisional)?$/,
    );
    await expectAccessible(page, 'leaderboard');
    await shot(page, 'leaderboard-nyny');

    await page.getByTestId('language').selectOption('fr');
    await page.getByText('Meilleurs joueurs').first().waitFor({ state: 'attached' });
    await expectAccessible(page, 'leaderboard-fr');
    await page.goto(`${e2e().url}/p/rita`);
    await expect(page.getByTestId('profile-reliability').textContent()).resolves.toBe(
      'Fiabilité : 100 % sur 10 parties',
    );
    await shot(page, 'profile-rita-fr');
    await page.goto(`${e2e().url}/p/greedy-bot`);
    await page.getByTestId('rating-nyny').waitFor();
    await expect(page.getByTestId('profile-name').textContent()).resolves.toContain('greedy-bot');
    await expectAccessible(page, 'profile-bot-fr');
    await shot(page, 'profile-greedy-bot-fr');
    await page.getByTestId('language').selectOption('en');

    // In the lobby and at a table, Rita's name shows her rating (not provisional: 10 games is the first that is not).
    await page.goto(e2e().url);
    await page.getByTestId('create-table').click();
    await page.waitForURL(/\/t\/[a-z0-9]+$/);
    const seat = page.getByTestId('seat-0');
    await seat.locator('.rating').waitFor();
    const shown = await seat.locator('.rating').textContent();
    const profile = await page.evaluate(
      async () =>
        (await (await fetch('/api/players/rita')).json()) as {
          ratings: Record<string, { rating: number; provisional: boolean }>;
        },
    );
    expect(profile.ratings.nyny!.provisional).toBe(false);
    expect(shown).toBe(new Intl.NumberFormat('en-US').format(Math.round(profile.ratings.nyny!.rating)));
    await expect(seat.getByRole('link', { name: 'rita' }).getAttribute('href')).resolves.toBe('/p/rita');
    // The bot picker names each level with its rating in this game, where it has one (the levels Rita played), so
    // that a player can choose an opponent of about their strength; the levels nobody played show their name only.
    const greedy = (
      await page.evaluate(
        async () =>
          (await (await fetch('/api/players/greedy-bot')).json()) as {
            ratings: Record<string, { rating: number; provisional: boolean }>;
          },
      )
    ).ratings.nyny!;
    const greedyText = `greedy · rated ${new Intl.NumberFormat('en-US').format(Math.round(greedy.rating))}${greedy.provisional ? ', provisional' : ''}`;
    const picker = page.locator('.bot-picker select');
    await picker.locator('option[value="greedy"]', { hasText: greedyText }).waitFor({ state: 'attached' });
    await expect(picker.locator('option[value="novice"]').textContent()).resolves.toBe('novice');
    await expect(picker.locator('option[value="club"]').textContent()).resolves.toBe('club player');
    await page.getByRole('link', { name: 'Lobby', exact: true }).click();
    await page.getByTestId('table-list').locator('.rating').first().waitFor();
    await shot(page, 'lobby-ratings');
    await context.close();
  }, 240_000);

  it('does not offer a guest host a rated table it could never have (the badge said rated, the end not rated)', async () => {
    const { context, page } = await guest(e2e(), 'gail');
    await page.getByRole('link', { name: 'Lobby' }).click();
    await page.getByTestId('create-rated-guest').waitFor();
    await tableWithBot(page);
    await expect(page.getByTestId('table-rated').textContent()).resolves.toBe('not rated');
    await expect(page.getByTestId('table-rated-toggle').count()).resolves.toBe(0);
    await context.close();
  }, 60_000);

  it('says why a game was not rated, and shows each player’s rating change at the end of a rated game', async () => {
    const { context, page } = await guest(e2e(), 'ross');
    await keepName(page);
    const ross = await signedInUser(page);
    await page.getByRole('link', { name: 'Lobby' }).click();
    await tableWithBot(page);
    // With a bot at the table, the game counts only if the host says so.
    await expect(page.getByTestId('table-rated').textContent()).resolves.toBe('not rated');
    // A controlled box: it shows the stored setting, once the server has it.
    await page.getByTestId('table-rated-toggle').click();
    await page.getByTestId('table-rated').getByText('rated', { exact: true }).waitFor();
    await page.getByTestId('start').click();
    // Before every seat has made its first 2 moves, the game may be aborted; resigned, it is not rated, and says why.
    await page.getByTestId('abort').waitFor();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Resign' }).click();
    const notes = page.getByTestId('rating-notes');
    await notes.waitFor();
    await expect(page.getByTestId('rating-changes').textContent()).resolves.toBe('This game was not rated.');
    await expect(notes.textContent()).resolves.toContain(
      `${ross.name} made fewer than 2 moves: ${ross.name} is not rated, and nobody is rated against ${ross.name}`,
    );
    await expectAccessible(page, 'end-unrated');
    await shot(page, 'end-unrated');

    // A game Ross plays to its end against a bot is rated: the end screen shows what it did to each rating.
    const tableId = await e2e().ratedGames.play('nyny', ross, [ross, 'greedy'], 3);
    await page.goto(`${e2e().url}/t/${tableId}`);
    const changes = page.locator('table[data-testid="rating-changes"]');
    await changes.waitFor();
    const answer = await page.evaluate(
      async (id) => (await (await fetch(`/api/tables/${id}/ratings`)).json()) as TableRatings,
      tableId,
    );
    expect(answer.changes).toHaveLength(2);
    for (const change of answer.changes) {
      // The sign the page writes is the change's (rounded to a tenth; − for a loss).
      const shown = await page.getByTestId(`rating-change-${change.seat}`).textContent();
      expect(shown).toMatch(Math.round((change.after - change.before) * 10) < 0 ? /^−/ : /^\+/);
    }
    await expectAccessible(page, 'end-rated');
    await shot(page, 'end-rated');
    await context.close();
  }, 90_000);
});
