/**
 * Friends in the browser: two people become friends (one follows from the other's profile, the other by name from
 * the lobby's panel, where each then sees the other online), one invites the other by link to a private table, they
 * play a game of New York, New York to its end, and play again: the invited player hears of the new table on the page
 * open and takes it up; the new game starts by itself, the seats turned. Screenshots: `friends-lobby-desktop-en.png`,
 * `friends-lobby-phone-fr.png`, `friends-profile-desktop-en.png`, `friends-invite-desktop-en.png`,
 * `friends-invite-phone-fr.png`, `friends-end-desktop-en.png`, `friends-again-phone-fr.png`,
 * `friends-again-started-desktop-en.png`. A spectator follows a seated player from the table.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  PHONE_FR,
  e2eForFile,
  expectAccessible,
  guest,
  playToEnd,
  seeded,
  shot,
} from './browser.js';

/** Clicks one thing this page offers (a random tile to play, else to take, else pass); false if it offers nothing. */
async function actOnce(page: Page, random: () => number): Promise<boolean> {
  for (const selector of ['[data-testid="play"]', '[data-testid="take"]', 'button.pass']) {
    const count = await page.locator(selector).count();
    if (count === 0) continue;
    try {
      await page
        .locator(selector)
        .nth(Math.floor(random() * count))
        .click({ timeout: 1500 });
      return true;
    } catch {
      return false; // it went away (the table moved on): look again
    }
  }
  return false;
}

describe.skipIf(!HAVE_CHROMIUM)('friends, an invitation link and playing again', () => {
  const e2e = e2eForFile();

  it('two people become friends, one invites the other by link to a private table, they play, and play again', async () => {
    const ann = await guest(e2e(), 'annie');
    const bob = await guest(e2e(), 'bobby', PHONE_FR);

    // Ann follows Bob from his profile.
    await ann.page.goto(`${e2e().url}/p/bobby`);
    await ann.page.getByTestId('follow-player').click();
    await ann.page.getByTestId('follow-done').getByText('You follow bobby.').waitFor();
    await ann.page.getByTestId('unfollow-player').waitFor();
    await shot(ann.page, 'friends-profile-desktop-en');
    await expectAccessible(ann.page, 'friends-profile-desktop-en');

    // Bob follows Ann by name from the lobby's panel, in French.
    const panel = bob.page.getByTestId('friends-panel');
    await panel.getByTestId('follow-name').fill('annie');
    await panel.getByTestId('follow-button').click();
    await panel.getByTestId('friend-annie').getByText('en ligne').waitFor();
    await panel.getByTestId('friend-annie').getByText('vous suit').waitFor();
    await shot(bob.page, 'friends-lobby-phone-fr');
    await expectAccessible(bob.page, 'friends-lobby-phone-fr');

    // Ann creates a private table: the lobby does not list it, her friends list shows Bob online.
    await ann.page.goto(e2e().url);
    await ann.page.getByTestId('friends-panel').getByTestId('friend-bobby').getByText('online').waitFor();
    await ann.page.getByTestId('create-private').check();
    await shot(ann.page, 'friends-lobby-desktop-en');
    await expectAccessible(ann.page, 'friends-lobby-desktop-en');
    await ann.page.getByTestId('create-table').click();
    await ann.page.waitForURL(/\/t\/[a-z0-9]+$/);
    const tableUrl = ann.page.url();
    const tableId = tableUrl.split('/').at(-1) as string;
    expect(await bob.page.getByTestId('table-list').locator(`a[href="/t/${tableId}"]`).count()).toBe(0);

    // She makes a link; Bob opens it and is seated.
    await ann.page.getByTestId('invite-link-button').click();
    const link = await ann.page.getByTestId('invite-link').inputValue();
    expect(link).toMatch(new RegExp(`^${e2e().url}/invite#[\\w-]{16}\\.[\\w-]{43}$`));
    await shot(ann.page, 'friends-invite-desktop-en');
    await expectAccessible(ann.page, 'friends-invite-desktop-en');
    await bob.page.goto(link);
    await bob.page.waitForURL(tableUrl);
    await ann.page.getByTestId('seat-1').getByText('bobby').waitFor();
    await bob.page.getByTestId('invite-panel').waitFor();
    await shot(bob.page, 'friends-invite-phone-fr');
    await expectAccessible(bob.page, 'friends-invite-phone-fr');
    // The link was for one person: opened again by someone else, it is refused in their words.
    const carl = await guest(e2e(), 'carly');
    await carl.page.goto(link);
    await carl.page
      .getByTestId('invite-error')
      .getByText('this invitation link is not valid, or it was already used: ask for a new one')
      .waitFor();
    // Watching (the host let anyone watch), Carl follows Ann from the table.
    await carl.page.goto(tableUrl);
    await carl.page.getByTestId('follow-seated-annie').click();
    await carl.page.getByTestId('follow-seated-annie').waitFor({ state: 'detached' });
    await carl.page.getByTestId('follow-seated-bobby').waitFor();
    await carl.context.close();

    // They play a game to its end.
    await ann.page.getByTestId('start').click();
    const random = seeded(31);
    await playToEnd([ann.page, bob.page], (page) => actOnce(page, random));
    await ann.page.getByTestId('play-again').waitFor();
    await shot(ann.page, 'friends-end-desktop-en');

    // Ann plays again: a new table, Ann now at seat 2; Bob hears of it on the page he has open, in French.
    await ann.page.getByTestId('play-again-button').click();
    await ann.page.waitForURL(
      (url) => /\/t\/[a-z0-9]+$/.test(url.pathname) && !url.pathname.endsWith(tableId),
    );
    const againUrl = ann.page.url();
    await ann.page.getByTestId('seat-1').getByText('annie').waitFor();
    const notice = bob.page.getByTestId('invitation');
    await notice.getByText('annie veut rejouer à New York, New York.').waitFor();
    await shot(bob.page, 'friends-again-phone-fr');
    await expectAccessible(bob.page, 'friends-again-phone-fr');
    await notice.getByTestId('invitation-join').click();
    await bob.page.waitForURL(againUrl);
    // Everyone who played is seated (Bob at seat 1, turned from seat 2): the new game starts by itself.
    for (const page of [ann.page, bob.page]) {
      await page.getByTestId('seat-0').getByText('bobby').waitFor();
      await page
        .getByTestId('table-status')
        .getByText(page === ann.page ? 'playing' : 'en cours')
        .waitFor();
    }
    await ann.page.getByTestId('board-wrap').waitFor();
    await shot(ann.page, 'friends-again-started-desktop-en');
    await expectAccessible(ann.page, 'friends-again-started-desktop-en');
    for (const person of [ann, bob]) await person.context.close();
  }, 240_000);
});
