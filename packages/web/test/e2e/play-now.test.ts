/**
 * "Play now" in the browser: two people wait in the lobby's panel (one on a computer in English, one on a phone in
 * French) and land at the same started table; a player who lets bots
 * fill the table after 10 s gets one with a bot. Screenshots of the panel waiting: `play-now-waiting-desktop-en.png`,
 * `play-now-waiting-phone-en.png`, `play-now-waiting-phone-fr.png`, `play-now-waiting-desktop-fr.png`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  PHONE,
  PHONE_FR,
  e2eForFile,
  expectAccessible,
  guest,
  pageWidth,
  shot,
} from './browser.js';

const DESKTOP = { width: 1280, height: 800 };

async function choose(page: Page, game: string, seats: string, bots: string): Promise<void> {
  await page.getByTestId('play-game').selectOption(game);
  await page.getByTestId('play-seats').selectOption(seats);
  await page.getByTestId('play-bots').selectOption(bots);
}

describe.skipIf(!HAVE_CHROMIUM)('Play now', () => {
  const e2e = e2eForFile();

  it('two people waiting land at the same table; bots fill a table after the wait', async () => {
    const ann = await guest(e2e(), 'annplay', { viewport: DESKTOP });
    const bob = await guest(e2e(), 'bobplay', PHONE_FR);

    // Ann waits for a two-seat Manhattan, people only.
    await choose(ann.page, 'manhattan', '2', 'never');
    await ann.page.getByTestId('play-join').click();
    const waiting = ann.page.getByTestId('play-waiting');
    await waiting.getByText('Manhattan').waitFor();
    await ann.page.getByText(/Waiting for players: 0:0\d/).waitFor();
    await ann.page.getByText('Players rated 1400 to 1600 (yours: 1500); wider as you wait').waitFor();
    await shot(ann.page, 'play-now-waiting-desktop-en');
    await expectAccessible(ann.page, 'play-now-waiting-desktop-en');
    await ann.page.setViewportSize(PHONE.viewport);
    expect(await pageWidth(ann.page, PHONE.viewport.width)).toBe(PHONE.viewport.width);
    await shot(ann.page, 'play-now-waiting-phone-en');
    await ann.page.setViewportSize(DESKTOP);

    // Bob, on his phone in French, first waits for something else (by keyboard), then cancels.
    // He asks the others for a reliability of 70 % (as a host may of a table's players): his wait says so.
    await choose(bob.page, 'nyny', '3', '10');
    await bob.page.getByTestId('play-reliability').selectOption('70');
    await bob.page.getByTestId('play-join').press('Enter');
    await bob.page.getByText(/En attente de joueurs : 0:0\d/).waitFor();
    await bob.page.getByTestId('play-waiting-reliability').getByText(/70/).waitFor();
    await bob.page.getByText(/Des robots complètent la table dans \d+ s/).waitFor();
    await shot(bob.page, 'play-now-waiting-phone-fr');
    await expectAccessible(bob.page, 'play-now-waiting-phone-fr');
    await bob.page.setViewportSize(DESKTOP);
    await shot(bob.page, 'play-now-waiting-desktop-fr');
    await bob.page.setViewportSize(PHONE.viewport);
    await bob.page.getByTestId('play-cancel').click();
    await bob.page.getByTestId('play-join').waitFor();

    // Then the same Manhattan as Ann, asking no floor (Ann, a guest, keeps no record and would meet none): both land
    // at one started table.
    await choose(bob.page, 'manhattan', '2', 'never');
    await bob.page.getByTestId('play-reliability').selectOption('0');
    await bob.page.getByTestId('play-join').click();
    await Promise.all([ann.page.waitForURL(/\/t\/[a-z0-9]+$/), bob.page.waitForURL(/\/t\/[a-z0-9]+$/)]);
    expect(ann.page.url()).toBe(bob.page.url());
    await ann.page.getByText('annplay').first().waitFor();
    await ann.page.getByText('bobplay').first().waitFor();

    // Back in the lobby, Ann lets bots fill a two-seat New York, New York after 10 s (the random bots).
    await ann.page.goto(e2e().url);
    await choose(ann.page, 'nyny', '2', '10');
    await ann.page.getByTestId('play-bot-level').selectOption('random');
    await ann.page.getByTestId('play-join').click();
    await ann.page.waitForURL(/\/t\/[a-z0-9]+$/, { timeout: 20_000 });
    expect(ann.page.url()).not.toBe(bob.page.url());
    // The visible name (the board's pictures also name the bot, in titles that are not shown).
    await ann.page
      .getByText(/random-bot-/)
      .filter({ visible: true })
      .first()
      .waitFor();
    await ann.context.close();
    await bob.context.close();
  }, 90_000);

  it("a player who goes to the rules and comes back by the page's links is no longer waiting", async () => {
    const cid = await guest(e2e(), 'cidplay', { viewport: DESKTOP });
    await choose(cid.page, 'manhattan', '2', 'never');
    await cid.page.getByTestId('play-join').click();
    await cid.page.getByTestId('play-waiting').waitFor();
    expect(await e2e().queued()).toContain('cidplay');

    // In-page navigation (no reload), back before the rules' code has loaded: the lobby was kept hidden meanwhile
    // (React's Suspense keeps the page left until the next one can show), its panel never went, and the wait never
    // ended. The page left must go at once, and with it the wait.
    await cid.page.getByRole('link', { name: 'Rules' }).click();
    await cid.page.waitForURL(/\/rules$/);
    await cid.page.getByRole('link', { name: 'Lobby' }).click();
    await cid.page.getByTestId('play-join').waitFor();
    // Long enough for a late answer of the server to bring a stale wait back on the page.
    await cid.page.waitForTimeout(1500);
    expect(await cid.page.getByTestId('play-waiting').count()).toBe(0);
    expect(await e2e().queued()).not.toContain('cidplay');

    // And by the browser's Back button, after the rules have shown.
    await cid.page.getByTestId('play-join').click();
    await cid.page.getByTestId('play-waiting').waitFor();
    await cid.page.getByRole('link', { name: 'Rules' }).click();
    await cid.page.getByRole('heading', { level: 1 }).first().waitFor();
    await cid.page.goBack();
    await cid.page.getByTestId('play-join').waitFor();
    await cid.page.waitForTimeout(1500);
    expect(await cid.page.getByTestId('play-waiting').count()).toBe(0);
    expect(await e2e().queued()).not.toContain('cidplay');
    await cid.context.close();
  }, 60_000);
});
