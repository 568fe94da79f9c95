/**
 * Two guests in two browser contexts create a New York, New York table, chat, `/start` it and play it to the final
 * score screen, through the UI only; the language switch changes the visible texts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  expectAccessible,
  guest,
  sayAtTable,
  seeded,
  shot,
  e2eForFile,
  playToEnd,
  startTwoSeatGame,
  type E2e,
} from './browser.js';
import { finalScores } from './play.js';

/** Clicks one thing this page offers (a random tile to play, else to take, else pass); false if it offers nothing. */
async function actOnce(page: Page, random: () => number): Promise<boolean> {
  for (const selector of ['[data-testid="play"]', '[data-testid="take"]', 'button.pass']) {
    const count = await page.locator(selector).count();
    if (count === 0) continue;
    const action = page.locator(selector).nth(Math.floor(random() * count));
    try {
      await action.click({ timeout: 1500 });
      return true;
    } catch {
      return false; // it went away (the table moved on): look again
    }
  }
  return false;
}

/** The pages play random moves (seeded) in turn until each shows the final scores; returns how many were made. */
function playRandomly(pages: Page[], seed: number): Promise<number> {
  const random = seeded(seed);
  return playToEnd(pages, (page) => actOnce(page, random));
}

async function createTable(e2e: E2e, names: [string, string], variant?: string) {
  const ann = await guest(e2e, names[0]);
  const bob = await guest(e2e, names[1]);
  if (variant) await ann.page.getByRole('radio', { name: /Simultaneous/ }).check();
  await ann.page.getByTestId('create-table').click();
  await ann.page.waitForURL(/\/t\/[a-z0-9]+$/);
  return { ann, bob, url: ann.page.url() };
}

describe.skipIf(!HAVE_CHROMIUM)('New York, New York in the browser', () => {
  const e2e = e2eForFile();

  it('a player resigns with the button: both pages show the end, and the other player wins', async () => {
    const { ann, bob } = await startTwoSeatGame(e2e(), 'nyny', ['quitter', 'stayer']);
    await ann.page.locator('svg.nyny-ring').waitFor();
    ann.page.once('dialog', (dialog) => void dialog.accept()); // "Give up this game?"
    await ann.page.getByRole('button', { name: 'Resign' }).click();
    for (const page of [ann.page, bob.page]) {
      await page.getByTestId('end-screen').waitFor();
      await page.getByTestId('end-screen').getByText('Winner: stayer').waitFor();
    }
    await shot(bob.page, 'nyny-resigned');
    await ann.context.close();
    await bob.context.close();
  }, 60_000);

  it('one guest seats a bot with the button and plays a whole game against it', async () => {
    const zed = await guest(e2e(), 'zed');
    await zed.page.getByTestId('create-table').click();
    await zed.page.waitForURL(/\/t\/[a-z0-9]+$/);
    await zed.page.getByLabel('Bot level').selectOption('greedy');
    await zed.page.getByTestId('add-bot').click();
    await zed.page
      .getByTestId('seat-1')
      .getByText(/greedy-bot-/)
      .waitFor();
    await zed.page.getByTestId('seat-1').getByText('bot · greedy').waitFor();
    await zed.page.getByTestId('start').click();
    await zed.page.locator('svg.nyny-ring').waitFor();
    // Only zed clicks; the bot answers by itself (in a worker thread, after a short delay).
    expect(await playRandomly([zed.page], 3)).toBeGreaterThan(0);
    await shot(zed.page, 'nyny-desktop-end-en');
    // The same end screen in French: the words, the numbers and the chart's legend in the other language.
    await zed.page.getByTestId('language').selectOption('fr');
    await zed.page.getByTestId('end-screen').getByText('Partie terminée').waitFor();
    await shot(zed.page, 'nyny-desktop-end-fr');
    await expectAccessible(zed.page, 'nyny-desktop-end-fr');
  }, 120_000);

  it('two guests create a table, chat, /start and play a whole game to the final scores', async () => {
    const ann = await guest(e2e(), 'ann');
    const bob = await guest(e2e(), 'bob');

    // Ann creates a 2-seat classic table (the defaults) and lands on its page.
    await ann.page.getByTestId('create-table').click();
    await ann.page.waitForURL(/\/t\/[a-z0-9]+$/);
    const tableUrl = ann.page.url();

    // Bob sees it in the lobby, live, opens it and sits down.
    await bob.page.getByTestId('table-list').getByRole('link', { name: 'Open' }).first().click();
    await bob.page.waitForURL(tableUrl);
    await bob.page.getByRole('button', { name: 'Sit here' }).click();
    await ann.page.getByTestId('seat-1').getByText('bob').waitFor();

    // They chat; /help lists the commands.
    await sayAtTable(ann.page, 'hello bob');
    await bob.page.getByTestId('table-chat').getByText('hello bob').waitFor();
    await sayAtTable(bob.page, '/help');
    await bob.page.getByTestId('table-chat').getByText('/start — start the game').waitFor();

    // Ann starts with the chat command.
    await sayAtTable(ann.page, '/start');
    for (const page of [ann.page, bob.page]) await page.locator('svg.nyny-ring').waitFor();
    await ann.page
      .getByTestId('turn')
      .getByText(/Your turn|Waiting for/)
      .waitFor();
    await shot(ann.page, 'nyny-start');

    const pages = [ann.page, bob.page];
    expect(await playRandomly(pages, 7)).toBeGreaterThan(20);

    // Both see the same final scores, and the winner.
    const finals = await Promise.all(pages.map((page) => finalScores(page, 2)));
    expect(finals[0]).toEqual(finals[1]);
    await expect(ann.page.getByText(/Winners?:/).textContent()).resolves.toMatch(/ann|bob/);
    expect(await ann.page.getByRole('link', { name: 'Download the record' }).count()).toBe(1);
    await shot(ann.page, 'nyny-end');

    // The replay: back to the start and forward again, as a seat and as everyone.
    await ann.page.getByRole('link', { name: 'Replay the game' }).click();
    await ann.page
      .getByTestId('replay-step')
      .getByText(/^move (\d+) of \1$/)
      .waitFor();
    await ann.page.getByTestId('replay-first').click();
    await ann.page.getByTestId('replay-step').getByText('move 0 of').waitFor();
    for (let k = 0; k < 3; k++) await ann.page.getByTestId('replay-forward').click();
    await ann.page.getByTestId('replay-step').getByText('move 3 of').waitFor();
    await ann.page.getByTestId('replay-back').click();
    await ann.page.getByTestId('replay-step').getByText('move 2 of').waitFor();
    await ann.page.getByTestId('replay-viewer').selectOption('1');
    expect(await ann.page.locator('svg.nyny-hand').count()).toBe(1);
    await ann.page.getByTestId('replay-viewer').selectOption('all');
    expect(await ann.page.locator('svg.nyny-ring').count()).toBe(2);
    await shot(ann.page, 'nyny-replay');
    await bob.page.setViewportSize({ width: 390, height: 844 });
    await shot(bob.page, 'nyny-end-phone');

    // The finished game is in "My games", with its result.
    await bob.page.getByRole('link', { name: 'My games' }).click();
    await bob.page.getByRole('heading', { name: 'Finished' }).waitFor();
    await bob.page.getByRole('link', { name: 'See' }).first().waitFor();

    await ann.context.close();
    await bob.context.close();
  }, 120_000);

  it('the simultaneous variant: face-down choices, who has chosen, the reveal', async () => {
    const { ann, bob, url } = await createTable(e2e(), ['dora', 'emil'], 'simultaneous');
    await bob.page.goto(url);
    await bob.page.getByRole('button', { name: 'Sit here' }).click();
    await ann.page.getByTestId('seat-1').getByText('emil').waitFor();
    // The table says its options to whoever sits down, not only to the host who chose them.
    await bob.page.getByTestId('table-options').getByText('Options').click();
    await bob.page
      .getByTestId('table-options')
      .getByText(/^How turns work: Simultaneous/)
      .waitFor();
    await ann.page.getByTestId('start').click();
    await ann.page.locator('svg.nyny-ring').waitFor();
    // Dora chooses first: she sees her choice, Emil sees only that she has chosen.
    await ann.page.locator('[data-testid="play"]').first().click();
    await ann.page.getByText(/You chose/).waitFor();
    await bob.page.getByTestId('seat-0').getByText('has chosen').waitFor();
    await shot(bob.page, 'nyny-simultaneous-chosen');
    // Emil chooses too: both choices are revealed together, in one line of the log (which numbers went to the box,
    // if they chose the same), then the takes follow.
    await bob.page.locator('[data-testid="play"]').first().click();
    const revealed = ann.page.getByTestId('log').getByText(/^Revealed together: /);
    await revealed.waitFor();
    const line = (await revealed.textContent())!;
    expect(line).toMatch(
      /^Revealed together: (dora|emil) \w+ (\d+), (dora|emil) \w+ (\d+)\.( Both \d+s go to the box\.)?$/,
    );
    const [, , first, , second] = /: (\w+) \w+ (\d+), (\w+) \w+ (\d+)/.exec(line)!;
    expect(line.endsWith(`Both ${first}s go to the box.`)).toBe(first === second);
    expect(
      await ann.page
        .getByTestId('log')
        .getByText(/ plays /)
        .count(),
    ).toBe(0);
    await shot(ann.page, 'nyny-simultaneous-reveal');
    // The takes are public: the player due takes a tile, and the other sees which, in the log and in the taker's row.
    const pages = [ann.page, bob.page];
    await expect
      .poll(async () =>
        (await Promise.all(pages.map((page) => page.getByTestId('take').count()))).some(Boolean),
      )
      .toBe(true);
    const takerSeat = (await ann.page.getByTestId('take').count()) > 0 ? 0 : 1;
    const taker = pages[takerSeat]!;
    const other = pages[1 - takerSeat]!;
    const take = taker.getByTestId('take').first();
    const tile = (await take.getAttribute('data-tile'))!;
    const name = (await take.getAttribute('aria-label'))!;
    await take.click();
    const takerName = takerSeat === 0 ? 'dora' : 'emil';
    await other.getByTestId('log').getByText(`${takerName} takes ${name}`).waitFor();
    const known = other.getByTestId(`seat-${takerSeat}`).getByTestId(`known-${takerSeat}`);
    await expect(known.locator('.sr-only').textContent()).resolves.toBe(`taken face up: ${name}`);
    await expect(known.locator('svg rect').count()).resolves.toBe(1);
    expect(tile).toMatch(/^[rbyg]\d+$/);
    await expectAccessible(other, 'nyny-known-tile');
    await shot(other, 'nyny-simultaneous-known-tile');
    await ann.context.close();
    await bob.context.close();
  }, 120_000);

  it('shows "reconnecting" after a network drop, comes back by itself, and the lobby is live again', async () => {
    const fay = await guest(e2e(), 'fay');
    const gus = await guest(e2e(), 'gus');
    // Every connection the server has is cut (as by a network drop).
    await e2e().dropConnections();
    await fay.page.getByTestId('reconnecting').waitFor();
    await fay.page.getByTestId('reconnecting').waitFor({ state: 'detached', timeout: 15_000 });
    await gus.page.getByTestId('reconnecting').waitFor({ state: 'detached', timeout: 15_000 });
    await gus.page.getByTestId('create-table').click();
    await gus.page.waitForURL(/\/t\/[a-z0-9]+$/);
    await fay.page.getByTestId('table-list').getByText('gus', { exact: false }).first().waitFor();
    await fay.context.close();
    await gus.context.close();
  }, 60_000);

  it('the language switch changes the visible texts, and is remembered', async () => {
    const { context, page } = await guest(e2e(), 'cleo');
    await page.getByRole('heading', { name: 'New table' }).waitFor();
    await page.getByTestId('language').selectOption('fr');
    await page.getByRole('heading', { name: 'Nouvelle table' }).waitFor();
    expect(await page.getByRole('link', { name: 'Salon' }).count()).toBe(1);
    await shot(page, 'lobby-fr');
    await page.getByRole('link', { name: 'Règles' }).click();
    await page.getByRole('heading', { name: 'New York, New York (2–4)' }).waitFor();
    await shot(page, 'rules-fr');
    await page.getByRole('link', { name: 'Salon' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Nouvelle table' }).waitFor();
    await page.getByTestId('language').selectOption('en');
    await page.getByRole('heading', { name: 'New table' }).waitFor();
    await context.close();
  }, 30_000);
});
