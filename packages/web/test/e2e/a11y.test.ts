/**
 * axe-core on every page: sign-in, lobby (English and French), rules, my games, a table waiting for players, each
 * game's board in play (the games' own browser tests check their boards again as they play), and an end screen.
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
  shot,
  startTwoSeatGame,
} from './browser.js';

const DESKTOP = { width: 1280, height: 800 };

describe.skipIf(!HAVE_CHROMIUM)('accessibility of every page (axe-core)', () => {
  const e2e = e2eForFile();

  it('has no serious or critical violation on the sign-in, lobby, rules and my-games pages', async () => {
    const { context, page } = await openPage(e2e(), LAPTOP_EN);
    await page.getByTestId('guest-name').waitFor();
    await expectAccessible(page, 'signin');
    await context.close();

    const { context: signed, page: lobby } = await guest(e2e(), 'axel');
    await expectAccessible(lobby, 'lobby');
    await lobby.getByRole('link', { name: 'Rules' }).click();
    await lobby.locator('h1, h2').first().waitFor();
    await expectAccessible(lobby, 'rules');
    await lobby.getByRole('link', { name: 'My games' }).click();
    await lobby.locator('h1, h2').first().waitFor();
    await expectAccessible(lobby, 'mygames');
    await lobby.getByRole('link', { name: 'Lobby' }).click();
    await lobby.getByTestId('language').selectOption('fr');
    await lobby.getByTestId('create-table').waitFor();
    await expectAccessible(lobby, 'lobby-fr');
    await signed.close();
  }, 60_000);

  for (const game of ['nyny', 'manhattan', 'mycity']) {
    it(`has no serious or critical violation on a ${game} table in play, on a desktop in English and a phone in French`, async () => {
      const names: [string, string] = [`${game.slice(0, 3)}a`, `${game.slice(0, 3)}b`];
      const { ann, bob } = await startTwoSeatGame(e2e(), game, names, PHONE);
      await bob.page.setViewportSize(DESKTOP);
      await bob.page.getByTestId('board-wrap').waitFor();
      await expectAccessible(bob.page, `${game}-in-play`);
      await shot(bob.page, `${game}-desktop-play-en`);
      await ann.page.getByTestId('language').selectOption('fr');
      await ann.page.getByTestId('board-wrap').waitFor();
      await expectAccessible(ann.page, `${game}-in-play-phone-fr`);
      // Manhattan's cities in French too (Cairo is Le Caire).
      if (game === 'manhattan') await ann.page.getByRole('group', { name: /Le Caire/ }).waitFor();
      await shot(ann.page, `${game}-phone-play-fr`);
      // The phone never scrolls sideways.
      expect(await ann.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.viewport.width,
      );
      await ann.context.close();
      await bob.context.close();
    }, 60_000);
  }

  it('has no serious or critical violation on a Chinatown table (3 seats, two bots), waiting and in play', async () => {
    const { context, page } = await guest(e2e(), 'chia', { viewport: { width: 1280, height: 800 } });
    await page.getByTestId('create-game').selectOption('chinatown');
    await page.getByTestId('create-players').selectOption('3');
    await page.getByTestId('create-table').click();
    await page.waitForURL(/\/t\/[a-z0-9]+$/);
    await page.getByTestId('add-bot').click();
    await page
      .getByTestId('seat-1')
      .getByText(/^bot · /)
      .waitFor();
    await expectAccessible(page, 'table-waiting');
    // The Start button keeps its own size beside the taller bot-level chooser (it was stretched to 110 px high).
    const start = await page.getByTestId('start').boundingBox();
    const addBot = await page.getByTestId('add-bot').boundingBox();
    expect(start?.height ?? 0).toBeLessThanOrEqual((addBot?.height ?? 0) + 1);
    expect(start?.height ?? 0).toBeLessThan(60);
    await shot(page, 'table-waiting-desktop-en');
    await page.getByTestId('add-bot').click();
    await page
      .getByTestId('seat-2')
      .getByText(/^bot · /)
      .waitFor();
    await page.getByTestId('start').click();
    await page.locator('svg.chinatown-board').waitFor();
    await expectAccessible(page, 'chinatown-in-play');
    await shot(page, 'chinatown-desktop-play-en');
    await page.getByTestId('language').selectOption('fr');
    await page
      .getByTestId('turn')
      .getByText(/À vous de jouer|On attend/)
      .waitFor();
    await shot(page, 'chinatown-desktop-play-fr');
    await page.setViewportSize(PHONE.viewport);
    await expectAccessible(page, 'chinatown-in-play-phone-fr');
    await shot(page, 'chinatown-phone-play-fr');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.viewport.width,
    );
    await context.close();
  }, 60_000);
});
