/** Moves made through a game's page by clicks, shared by the e2e tests that play a game in the browser. */
import type { BotLevel } from '@skyline/bots';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { sayAtTable, signedInUser, type E2e } from './browser.js';

/**
 * Opens on `page` a Manhattan table at its third round's choice of pieces, the page's player at seat 0 against bots of
 * `bots` levels: the first two rounds played straight into the server's database (rated-games.ts, with `seed`;
 * through the page they took minutes on a loaded machine), the table then handed to the server's bots.
 */
export async function openManhattanRoundThree(
  e2e: E2e,
  page: Page,
  bots: BotLevel[],
  seed: number,
): Promise<void> {
  const me = await signedInUser(page);
  const tableId = await e2e.ratedGames.play('manhattan', me, [me, ...bots], seed, {
    rated: false,
    until: (state) => {
      const { round, phase, turn } = state as { round: number; phase: string; turn: number };
      return round === 3 && phase === 'select' && turn === 0;
    },
  });
  await page.goto(`${e2e.url}/t/${tableId}`);
  await page.locator('svg.manhattan-board').waitFor();
}

/**
 * One Manhattan move through the page: the pieces of the round confirmed; else a discard or a skip where offered;
 * else a card, a piece (a random one, or the largest so that towers grow tall) and a lot, each picked with `random`.
 * False if the page offers nothing now, or the table moved on while it looked (look again).
 */
export async function manhattanMove(
  page: Page,
  random: () => number,
  piece: 'random' | 'largest' = 'random',
): Promise<boolean> {
  try {
    const confirm = page.getByTestId('select-confirm');
    if ((await confirm.count()) > 0) {
      await confirm.click({ timeout: 1500 });
      return true;
    }
    for (const id of ['discard', 'skip']) {
      const button = page.getByTestId(id);
      if ((await button.count()) > 0) {
        await button.first().click({ timeout: 1500 });
        return true;
      }
    }
    const cards = page.locator('[data-testid="card"]:not([aria-disabled="true"])');
    const count = await cards.count();
    if (count === 0) return false;
    await cards.nth(Math.floor(random() * count)).click({ timeout: 1500 });
    const pieces = page.getByTestId('piece');
    const pieceCount = await pieces.count();
    if (pieceCount > 0) {
      const chosen = piece === 'largest' ? pieces.last() : pieces.nth(Math.floor(random() * pieceCount));
      await chosen.click({ timeout: 1500 });
    }
    const lots = page.getByTestId('build-lot');
    const lotCount = await lots.count();
    if (lotCount === 0) return false;
    await lots.nth(Math.floor(random() * lotCount)).click({ timeout: 1500 });
    return true;
  } catch {
    return false;
  }
}

/** The end screen's final score of each of `seats` seats (their `final-N` cells' values), as numbers. */
export function finalScores(page: Page, seats: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: seats }, async (_, seat) =>
      Number(await page.getByTestId(`final-${seat}`).getAttribute('data-value')),
    ),
  );
}

/**
 * A two-seat New York, New York table on a clock of 12 s and no increment, so that a clock's warning and its running
 * out come within a test: `host` creates it on the lobby's first clock (which the table shows), shortens it at the
 * table, `guest` (named `guestName`) sits, and `host` starts the game.
 */
export async function startOnShortClock(host: Page, guest: Page, guestName: string): Promise<void> {
  await host.getByTestId('create-game').selectOption('nyny');
  await host.getByTestId('create-clock').selectOption({ index: 1 });
  await host.getByTestId('create-table').click();
  await host.waitForURL(/\/t\/[a-z0-9]+$/);
  await expect.poll(() => host.getByTestId('clock-setting').textContent()).toBe('Clock: 5 min + 5 s a move');
  await sayAtTable(host, '/option clock live 12 0');
  await expect.poll(() => host.getByTestId('clock-setting').textContent()).toBe('Clock: 12 s + 0 s a move');
  await guest.goto(host.url());
  await guest.getByRole('button', { name: 'Sit here' }).click();
  await host.getByTestId('seat-1').getByText(guestName).waitFor();
  await sayAtTable(host, '/start');
}
