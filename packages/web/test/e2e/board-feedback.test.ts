/**
 * What the boards tell a player against bots: the bot's last move marked on New York's ring, My City's small board
 * and Chinatown's lots (a bot that moved in the same step before the player included), and why a tile, lot or card
 * that is not a choice now cannot be chosen — in a short sentence, in the player's language, in a live region.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, expectAccessible, shot, startAgainstBots } from './browser.js';

/** The log's lines, newest first, made after the player's own last line. */
async function sinceMine(page: Page, me: string): Promise<string[]> {
  const lines = await page.getByTestId('log').locator('li').allTextContents();
  const mine = lines.findIndex((line) => line.includes(me));
  return mine < 0 ? lines : lines.slice(0, mine);
}

/** The reason the board gives once shown. */
async function whyNot(page: Page, text: string): Promise<void> {
  const region = page.getByTestId('why-not');
  expect(await region.getAttribute('aria-live')).toBe('polite');
  await region.getByText(text, { exact: true }).waitFor();
}

describe.skipIf(!HAVE_CHROMIUM)('what the boards tell a player', () => {
  const e2e = e2eForFile();

  it('New York: the tile the bot just played is outlined on its position and named as just played by the bot; a hand tile clicked while a take is due says to take first', async () => {
    const ME = 'lena';
    const { context, page } = await startAgainstBots(e2e(), ME, 'nyny', { device: {} });
    await page.locator('svg.nyny-ring').waitFor();
    let checked = false;
    for (let k = 0; k < 4 && !checked; k++) {
      await page.getByTestId('turn').getByText('Your turn').waitFor();
      await page.getByTestId('play').first().waitFor();
      const played = (await sinceMine(page, ME))
        .map((line) => /(greedy-bot-[\w-]+) plays \D*(\d+)/.exec(line))
        .find((match) => match !== null);
      if (played) {
        const [, bot, n] = played;
        const position = page.getByTestId(`position-${n}`);
        expect(await position.getAttribute('aria-label')).toMatch(new RegExp(`${bot} just played it$`));
        await position.getByTestId('just-played').waitFor();
        // Only that tile is marked: the player's own are not what just happened.
        expect(await page.getByTestId('just-played').count()).toBe(1);
        await shot(page, 'nyny-desktop-last-move-en');
        checked = true;
      }
      await page.getByTestId('play').first().click();
      // A take is due: the hand's tiles are not a choice now, and a click on one says why.
      await page.getByTestId('take').first().waitFor();
      await page.getByTestId('hand-tile-not-now').first().click();
      await whyNot(page, 'Take a tile from the pool first.');
      if (k === 0) await shot(page, 'nyny-desktop-why-not-en');
      await page.getByTestId('take').first().click();
    }
    expect(checked).toBe(true);
    await expectAccessible(page, 'nyny-desktop-play-after-bot-en');
    // The same on a phone, in French: the bot's tile named as just played.
    await page.getByTestId('language').selectOption('fr');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('turn').getByText('À vous de jouer').waitFor();
    await page.getByRole('button', { name: /greedy-bot-[\w-]+ vient de la poser$/ }).waitFor();
    await shot(page, 'nyny-phone-last-move-fr');
    await context.close();
  }, 90_000);

  it('My City: the building the bot just built is outlined on its board, though the bot chose before the player', async () => {
    const ME = 'mira';
    const { context, page } = await startAgainstBots(e2e(), ME, 'mycity', { device: {} });
    await page.getByTestId('mycity-board').waitFor();
    const log = page.getByTestId('log');
    let checked = false;
    for (let k = 0; k < 6 && !checked; k++) {
      await page.getByTestId('turn').getByText('Your turn').waitFor();
      // The bot chooses first (its choice is hidden until the player's is made): its building comes before the
      // player's in the log, and is still what just happened once both are revealed.
      await log.getByText(/^greedy-bot-[\w-]+ has chosen$/).waitFor();
      const find = page.getByTestId('find-spot');
      let built = false;
      if ((await find.count()) > 0)
        for (let turn = 0; turn < 4 && !built; turn++) {
          await find.click();
          if (await page.getByTestId('drop').isEnabled()) {
            await page.getByTestId('drop').click();
            built = true;
          } else await page.getByTestId('rotate').click();
        }
      if (!built) {
        await page.getByTestId('pass').or(page.getByTestId('stop')).first().click();
        continue;
      }
      await log
        .getByText(new RegExp(`^${ME} builds `))
        .first()
        .waitFor();
      await log
        .getByText(/^greedy-bot-[\w-]+ (builds|passes|stops)/)
        .first()
        .waitFor();
      // Newest first, leaving out the bot's choice already made for the next building.
      const newest = (await log.locator('li').allTextContents()).filter(
        (line) => !line.endsWith(' has chosen'),
      );
      expect(newest[0]).toMatch(new RegExp(`^${ME} builds `));
      if (!/^greedy-bot-[\w-]+ builds /.test(newest[1] ?? '')) continue; // the bot passed on this one
      await page.locator('figure.small-city [data-testid="just-built"]').waitFor();
      await page.getByTestId('mycity-board').getByTestId('just-built').waitFor();
      await shot(page, 'mycity-desktop-last-move-en');
      checked = true;
    }
    expect(checked).toBe(true);
    await expectAccessible(page, 'mycity-desktop-last-move-en');
    await page.getByTestId('language').selectOption('fr');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('figure.small-city [data-testid="just-built"]').waitFor();
    await shot(page, 'mycity-phone-last-move-fr');
    await context.close();
  }, 90_000);

  it('Chinatown: the lots the bots just placed shops on are outlined and named, the chosen lots marked in ink (not a seat’s colour); a click on a lot not offered says why, in English and in French', async () => {
    const ME = 'chen';
    const { context, page } = await startAgainstBots(e2e(), ME, 'chinatown', { seats: 3, device: {} });
    await page.locator('svg.chinatown-board').waitFor();

    // Settling: the lots of the player's cards are offered (dotted ring), those picked are ticked (solid ring).
    const cards = page.getByTestId('lot-card');
    await cards.first().waitFor();
    await cards.first().click();
    await page.getByTestId('lot-selected').first().waitFor();
    await page.getByTestId('lot-chosen').first().waitFor();
    expect(await page.getByTestId('lot-lit').count()).toBeGreaterThan(0);
    await shot(page, 'chinatown-desktop-settle-highlight-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'chinatown-phone-settle-highlight-en');
    await page.setViewportSize({ width: 1100, height: 900 });
    // A lot that is not among the cards: why it cannot be picked.
    const notMine = page.locator('svg.chinatown-board g[role="img"][data-lot]').first();
    await notMine.click();
    await whyNot(page, 'That lot is not among your lot cards.');
    for (let k = 1; k < (await cards.count()) && !(await page.getByTestId('settle').isEnabled()); k++)
      await cards.nth(k).click();
    await page.getByTestId('settle').click();

    // Trading: nothing; placement: a lot of a bot, then one of the player's own empty lots without a tile.
    await page.getByTestId('ready').click();
    await page.getByTestId('done').waitFor();
    const botLot = page.getByRole('img', { name: /^lot \d+, greedy-bot-[\w-]+/ }).first();
    const botName = /greedy-bot-[\w-]+/.exec((await botLot.getAttribute('aria-label')) ?? '')?.[0];
    await botLot.click();
    await whyNot(page, `That lot is ${botName}’s.`);
    const emptyMine = page.getByRole('img', { name: new RegExp(`^lot \\d+, ${ME}$`) }).first();
    await emptyMine.click();
    await whyNot(page, 'Choose a tile first, then one of your empty lots.');
    await shot(page, 'chinatown-desktop-why-not-en');
    await page.getByTestId('language').selectOption('fr');
    await page
      .getByRole('img', { name: new RegExp(`^terrain \\d+, ${ME}$`) })
      .first()
      .click();
    await whyNot(page, 'Choisissez d’abord une tuile, puis un de vos terrains vides.');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'chinatown-phone-why-not-fr');
    await expectAccessible(page, 'chinatown-phone-why-not-fr');
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.getByTestId('language').selectOption('en');

    // The player places nothing and is done; the bots place (before or after): once the round is over, each lot a
    // bot just placed a shop on is outlined and says so.
    await page.getByTestId('done').click();
    await page.getByTestId('income').waitFor({ timeout: 20_000 });
    await page.getByTestId('why-not').getByText(/./).waitFor({ state: 'detached' }); // the reason goes by itself
    await page.getByTestId('just-placed').first().waitFor();
    const placed = page.getByRole('img', { name: /greedy-bot-[\w-]+ just placed it$/ });
    expect(await placed.count()).toBeGreaterThan(0);
    expect(await page.getByTestId('just-placed').count()).toBe(
      (await page.getByRole('img', { name: /just placed it$/ }).count()) +
        (await page.getByRole('button', { name: /just placed it$/ }).count()),
    );
    await shot(page, 'chinatown-desktop-last-move-en');
    await expectAccessible(page, 'chinatown-desktop-last-move-en');
    await page.getByTestId('language').selectOption('fr');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'chinatown-phone-last-move-fr');
    await context.close();
  }, 120_000);

  it('Manhattan: a lot clicked while the pieces are still to choose says to choose them first, in French too', async () => {
    const { context, page } = await startAgainstBots(e2e(), 'mani', 'manhattan', { device: {} });
    await page.getByTestId('select-confirm').waitFor();
    await page.getByTestId('lot-1-1').click();
    await whyNot(page, 'Choose your pieces for this round first.');
    await shot(page, 'manhattan-desktop-why-not-en');
    await page.getByTestId('language').selectOption('fr');
    await page.getByTestId('lot-2-5').click();
    await whyNot(page, 'Choisissez d’abord vos pièces pour cette manche.');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'manhattan-phone-why-not-fr');
    await expectAccessible(page, 'manhattan-phone-why-not-fr');
    await context.close();
  }, 60_000);
});
