/**
 * The replay viewer and the end screen of a finished game, in a browser (issue 30: before, the replay had no move
 * list, no step in its address, no autoplay and no score by category, and the end screen drew a line chart for a
 * one-round game and no places). A finished New York game (two bots, played straight into the server's database by
 * rated-games.ts) is opened at its replay: a move clicked in the list shows that move (marked in the list and on the
 * board, its step in the address), back and forward follow the clicks, a link opens at its move, autoplay steps on
 * its own, the keys step, and the score by category at the end adds up. Screenshots: replay-{en,fr}-{wide,phone}.png,
 * end-breakdown-{en,fr}-{wide,phone}.png.
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
  keepName,
  pageWidth,
  shot,
  signedInUser,
  startTwoSeatGame,
} from './browser.js';
import { finalScores } from './play.js';

/** The step the page shows, from "move N of M" / "coup N sur M". */
async function shownStep(page: Page): Promise<number> {
  const text = (await page.getByTestId('replay-step').textContent()) ?? '';
  return Number(/(\d+)/.exec(text)?.[1]);
}

/** Waits until the page shows step `n` (the list's marked item and the counter agree). */
async function waitForStep(page: Page, n: number): Promise<void> {
  await page.locator(`[data-testid="move-list"] button[data-step="${n}"][aria-current="step"]`).waitFor();
  await page
    .getByTestId('replay-step')
    .getByText(new RegExp(`^(move|coup) ${n} (of|sur) `))
    .waitFor();
}

/** Each seat's terms and its total in the score-by-category table: the terms must add up to the total. */
async function breakdownSums(page: Page, seats: number): Promise<{ sums: number[]; totals: number[] }> {
  const table = page.getByTestId('score-breakdown');
  await table.waitFor();
  const sums: number[] = [];
  const totals: number[] = [];
  for (let seat = 0; seat < seats; seat++) {
    const values = await table
      .locator(`tbody td[data-seat="${seat}"]`)
      .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-value'))));
    sums.push(values.reduce((sum, value) => sum + value, 0));
    totals.push(Number(await page.getByTestId(`breakdown-total-${seat}`).getAttribute('data-value')));
  }
  return { sums, totals };
}

describe.skipIf(!HAVE_CHROMIUM)('the replay viewer and the end screen', () => {
  const e2e = e2eForFile();

  it('jumps to a clicked move, keeps it in the address, plays on its own, steps with the keys and adds up the score', async () => {
    const { context, page } = await guest(e2e(), 'vera', { viewport: { width: 1280, height: 800 } });
    await keepName(page);
    const vera = await signedInUser(page);
    const tableId = await e2e().ratedGames.play('nyny', vera, ['greedy', 'random'], 11);

    await page.goto(`${e2e().url}/replay/${tableId}`);
    const list = page.getByTestId('move-list');
    await list.waitFor();
    const last = (await list.locator('button[data-step]').count()) - 1;
    // The server deals, so the game's length varies (17 moves and more were seen): what follows needs the fifth play
    // and steps 0 to 4 before the end.
    expect(last).toBeGreaterThan(5);
    // It opens at the end, with the final score by category, each seat's terms adding up to its total.
    await waitForStep(page, last);
    const end = await breakdownSums(page, 2);
    expect(end.sums).toEqual(end.totals);
    await expectAccessible(page, 'replay-end');
    await shot(page, 'replay-en-wide');

    // A play clicked in the list: the page shows the game just after it, the address names it, the board marks the tile.
    const plays = list.locator('button[data-step]', { hasText: / plays (red|blue|yellow|green) \d+/ });
    expect(await plays.count()).toBeGreaterThanOrEqual(5);
    const first = Number(await plays.nth(1).getAttribute('data-step'));
    const second = Number(await plays.nth(4).getAttribute('data-step'));
    await plays.nth(1).click();
    await waitForStep(page, first);
    expect(new URL(page.url()).searchParams.get('move')).toBe(String(first));
    await page.getByTestId('just-played').first().waitFor();
    const tile = /plays ((red|blue|yellow|green) \d+)/.exec((await plays.nth(1).textContent()) ?? '')?.[1];
    await expect(page.getByTestId('replay-last-move').textContent()).resolves.toContain(`plays ${tile}`);
    // The score by category is the end's: not shown before it.
    expect(await page.getByTestId('score-breakdown').count()).toBe(0);
    await plays.nth(4).click();
    await waitForStep(page, second);

    // Back and forward follow the clicks.
    await page.goBack();
    await waitForStep(page, first);
    expect(new URL(page.url()).searchParams.get('move')).toBe(String(first));
    await page.goForward();
    await waitForStep(page, second);

    // A link to a move opens at that move.
    await page.goto(`${e2e().url}/replay/${tableId}?move=3`);
    await waitForStep(page, 3);

    // The keys: → and ← one move, Home the start, End the end.
    await page.keyboard.press('ArrowRight');
    await waitForStep(page, 4);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await waitForStep(page, 2);
    await page.keyboard.press('Home');
    await waitForStep(page, 0);
    expect(new URL(page.url()).searchParams.get('move')).toBe('0');
    await page.keyboard.press('End');
    await waitForStep(page, last);

    // A move far down the list, reached by keys, is scrolled into the list's view.
    const inView = await list.evaluate((box) => {
      const current = box.querySelector<HTMLElement>('[aria-current="step"]')!;
      return (
        current.offsetTop >= box.scrollTop &&
        current.offsetTop + current.offsetHeight <= box.scrollTop + box.clientHeight + 1
      );
    });
    expect(inView).toBe(true);

    // Autoplay, fast: from the start it steps on its own; paused, it stays.
    await page.getByTestId('replay-speed').selectOption('fast');
    await page.keyboard.press('Home');
    await waitForStep(page, 0);
    await page.getByTestId('replay-play').click();
    // Step 3 or beyond: at the fast speed a loaded machine's page may step past 3 between two looks.
    await expect.poll(() => shownStep(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await page.getByTestId('replay-play').click();
    const paused = await shownStep(page);
    await page.getByTestId('replay-play').getByText('Play').waitFor();
    await page.waitForTimeout(1200); // longer than two fast steps: a paused replay must not have moved
    expect(await shownStep(page)).toBe(paused);

    // The end screen of the same game: places, the score by category adding up to the final scores, no line chart
    // for this one-round game.
    await page.goto(`${e2e().url}/t/${tableId}`);
    await page.getByTestId('end-screen').waitFor();
    const atEnd = await breakdownSums(page, 2);
    const finals = await finalScores(page, 2);
    expect(atEnd.totals).toEqual(finals);
    expect(atEnd.sums).toEqual(finals);
    const places = await Promise.all([0, 1].map((seat) => page.getByTestId(`place-${seat}`).textContent()));
    // 1 and 2, or 1 and 1 for a tie
    expect(places.map(Number).sort()).toEqual(finals[0] === finals[1] ? [1, 1] : [1, 2]);
    expect(await page.getByTestId('end-chart').count()).toBe(0);
    await expectAccessible(page, 'end-breakdown');
    await shot(page, 'end-breakdown-en-wide');

    // The same pages in French, and on a phone: nothing sideways, the words French.
    for (const [lang, device] of [
      ['en', PHONE],
      ['fr', { viewport: { width: 1280, height: 800 }, locale: 'fr-FR' }],
      ['fr', PHONE_FR],
    ] as const) {
      const other = await guest(e2e(), `vera${lang}${device.viewport.width}`, device);
      const size = device.viewport.width < 500 ? 'phone' : 'wide';
      await other.page.goto(`${e2e().url}/replay/${tableId}`);
      await other.page.getByTestId('move-list').waitFor();
      await other.page.getByTestId('score-breakdown').waitFor();
      if (lang === 'fr') await other.page.getByText('Le score final').waitFor();
      expect(await pageWidth(other.page, device.viewport.width)).toBe(device.viewport.width);
      await expectAccessible(other.page, `replay-${lang}-${size}`);
      await shot(other.page, `replay-${lang}-${size}`);
      await other.page.goto(`${e2e().url}/t/${tableId}`);
      await other.page.getByTestId('score-breakdown').waitFor();
      if (lang === 'fr') await other.page.getByText('Le score par catégorie').first().waitFor();
      expect(await pageWidth(other.page, device.viewport.width)).toBe(device.viewport.width);
      await expectAccessible(other.page, `end-breakdown-${lang}-${size}`);
      await shot(other.page, `end-breakdown-${lang}-${size}`);
      await other.context.close();
    }
    await context.close();
  }, 180_000);

  it('gives seats that tie the same place: two My City players who both stop at once', async () => {
    const { ann, bob } = await startTwoSeatGame(e2e(), 'mycity', ['tia', 'tom']);
    for (const page of [ann.page, bob.page]) {
      page.on('dialog', (dialog) => void dialog.accept());
      await page.getByTestId('stop').click();
    }
    // Both boards empty, both markers on 10: 10 + 10 trees − 10 rocks − 69 empty grass squares = −59 each; the
    // tie-break (the fewest empty grass squares, row by row) cannot part two empty boards: both win, both place 1.
    const end = ann.page.getByTestId('end-screen');
    await end.waitFor({ timeout: 30_000 });
    for (const seat of [0, 1]) {
      await expect(ann.page.getByTestId(`final-${seat}`).getAttribute('data-value')).resolves.toBe('-59');
      await expect(ann.page.getByTestId(`place-${seat}`).textContent()).resolves.toBe('1');
    }
    const { sums, totals } = await breakdownSums(ann.page, 2);
    expect(sums).toEqual([-59, -59]);
    expect(totals).toEqual([-59, -59]);
    // One episode: no chart.
    expect(await ann.page.getByTestId('end-chart').count()).toBe(0);
    await expectAccessible(ann.page, 'end-tie');
    await shot(ann.page, 'end-tie');
    await ann.context.close();
    await bob.context.close();
  }, 90_000);

  it('breaks down a game of several rounds round by round, and money as money', async () => {
    const { context, page } = await guest(e2e(), 'rhea', { viewport: { width: 1280, height: 800 } });
    await keepName(page);
    const rhea = await signedInUser(page);
    for (const [game, seats] of [
      ['manhattan', ['random', 'random']],
      ['chinatown', ['random', 'random', 'random']],
    ] as const) {
      const tableId = await e2e().ratedGames.play(game, rhea, [...seats], 5);
      await page.goto(`${e2e().url}/t/${tableId}`);
      await page.getByTestId('end-screen').waitFor();
      const finals = await finalScores(page, seats.length);
      const { sums, totals } = await breakdownSums(page, seats.length);
      expect(sums).toEqual(finals);
      expect(totals).toEqual(finals);
      // Manhattan's 4 rounds and Chinatown's 6, each under its heading; a chart, with more than one round.
      const rounds = game === 'manhattan' ? 4 : 6;
      await expect(page.getByTestId('score-breakdown').locator('tr.breakdown-period').count()).resolves.toBe(
        rounds,
      );
      await page.getByTestId('end-chart').waitFor();
      if (game === 'chinatown') {
        await page.getByTestId('score-breakdown').getByText('Start money').waitFor();
        await expect(page.getByTestId('breakdown-total-0').textContent()).resolves.toMatch(/^\$/);
      }
      await expectAccessible(page, `end-breakdown-${game}`);
      await shot(page, `end-breakdown-${game}`);
    }
    await context.close();
  }, 180_000);
});
