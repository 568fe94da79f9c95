/**
 * Whole games on a phone, by touch alone: a 390×844 touch screen plays each of the four games against bots until the
 * final scores with taps only (Playwright's `tap`, which sends touch events: tiles, cards, lots and board squares
 * tapped), and the page never scrolls sideways, at 390 px nor at 360 px; axe-core finds no serious or critical
 * violation in play nor at the end; the screenshots of each board in play and at its end go to `test-results/`.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  e2eForFile,
  expectAccessible,
  expectHeldAtFoot,
  hiddenSideways,
  pageWidth,
  playToEnd,
  seeded,
  shot,
  startAgainstBots,
} from './browser.js';

/** Taps one of what `locator` finds, chosen by `random`; false when there is none or it went away meanwhile. */
async function tapOneOf(locator: Locator, random: () => number): Promise<boolean> {
  const count = await locator.count();
  if (count === 0) return false;
  try {
    await locator.nth(Math.floor(random() * count)).tap({ timeout: 1500 });
    return true;
  } catch {
    return false; // it went away (the table moved on): look again
  }
}

/**
 * Two fingers on `target`'s centre move from `from` to `to` px apart (horizontally), as real touches through the
 * devtools protocol (Playwright's touchscreen has only one finger).
 */
async function pinch(page: Page, target: Locator, from: number, to: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to pinch');
  const [x, y] = [box.x + box.width / 2, Math.min(box.y + box.height / 2, 700)];
  const cdp = await page.context().newCDPSession(page);
  const fingers = (apart: number) => [
    { x: x - apart / 2, y, id: 0 },
    { x: x + apart / 2, y, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
  for (let step = 1; step <= 8; step++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: fingers(from + ((to - from) * step) / 8),
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** New York, New York: a tile to play, else one to take, else Pass. */
async function tapNyny(page: Page, random: () => number): Promise<boolean> {
  for (const selector of ['[data-testid="play"]', '[data-testid="take"]', 'button.pass'])
    if ((await page.locator(selector).count()) > 0) return tapOneOf(page.locator(selector), random);
  return false;
}

/** Manhattan: the pieces chosen for the round, else a card, a piece and a lot (or a discard, or Skip). */
async function tapManhattan(page: Page, random: () => number): Promise<boolean> {
  try {
    for (const id of ['select-confirm', 'discard', 'skip'])
      if ((await page.getByTestId(id).count()) > 0) return tapOneOf(page.getByTestId(id), random);
    if (!(await tapOneOf(page.locator('[data-testid="card"]:not([aria-disabled="true"])'), random)))
      return false;
    await tapOneOf(page.getByTestId('piece'), random);
    return await tapOneOf(page.getByTestId('build-lot'), random);
  } catch {
    return false;
  }
}

/** A board square's centre in the window (the board brought into it first: a tap lands only inside the window). */
async function squareCentre(page: Page, cell: string): Promise<{ x: number; y: number }> {
  const board = page.getByTestId('mycity-board');
  await board.evaluate((svg) => svg.scrollIntoView({ block: 'center' }));
  const box = await board.boundingBox();
  const { rows, cols } = await board.evaluate((svg) => ({
    rows: Number(svg.dataset.rows),
    cols: Number(svg.dataset.cols),
  }));
  if (!box) throw new Error('no board');
  const [r, c] = cell.split(',').map(Number) as [number, number];
  return { x: box.x + ((c + 0.5) * box.width) / cols, y: box.y + ((r + 0.5) * box.height) / rows };
}

/**
 * My City: "show a spot" finds where the building fits (turning it when it fits nowhere), then a tap on one of the
 * building's squares on the board builds it there; Pass or Stop when nothing fits.
 */
async function tapMyCity(page: Page, random: () => number): Promise<boolean> {
  try {
    if ((await page.getByTestId('find-spot').count()) > 0) {
      for (let turn = 0; turn < 4; turn++) {
        await page.getByTestId('find-spot').tap({ timeout: 1500 });
        const cells = await page
          .getByTestId('preview-legal')
          .locator('[data-cell]')
          .evaluateAll((rects) => rects.map((rect) => rect.getAttribute('data-cell') ?? ''));
        if (cells.length > 0) {
          const square = await squareCentre(page, cells[Math.floor(random() * cells.length)] ?? '');
          await page.touchscreen.tap(square.x, square.y);
          await page.getByTestId('preview-legal').waitFor({ state: 'detached', timeout: 1500 });
          return true;
        }
        await page.getByTestId('rotate').tap({ timeout: 1500 });
      }
    }
    const choices = random() < 0.5 ? ['pass', 'stop'] : ['stop', 'pass'];
    for (const id of choices)
      if ((await page.getByTestId(id).count()) > 0) return tapOneOf(page.getByTestId(id), random);
    return false;
  } catch {
    return false;
  }
}

/**
 * Chinatown: settle the lot cards dealt (tapping cards until Settle may be tapped), answer a bot's offer, say ready,
 * place tiles (a tile, then one of the lots it may go on) and end the placement.
 */
async function tapChinatown(page: Page, random: () => number): Promise<boolean> {
  try {
    const cards = page.getByTestId('lot-card');
    if ((await cards.count()) > 0) {
      for (let k = 0; k < (await cards.count()) && !(await page.getByTestId('settle').isEnabled()); k++)
        await cards.nth(k).tap({ timeout: 1500 });
      await page.getByTestId('settle').tap({ timeout: 1500 });
      return true;
    }
    const answers = page.locator('[data-testid="accept"], [data-testid="decline"]');
    if ((await answers.count()) > 0) return tapOneOf(answers, random);
    if ((await page.getByTestId('ready').count()) > 0) return tapOneOf(page.getByTestId('ready'), random);
    const tiles = page.locator('[data-testid="tile"]:not([aria-disabled="true"])');
    if ((await tiles.count()) > 0 && random() < 0.8) {
      await tapOneOf(tiles, random);
      return await tapOneOf(page.locator('[data-testid^="lot-"][role="button"]'), random);
    }
    return await tapOneOf(page.getByTestId('done'), random);
  } catch {
    return false;
  }
}

/**
 * The end screen reads right: each seat's column adds up to its total (the start money and trades, then each period),
 * the chart's legend names every seat, and its axis writes its top value in full or as a short number ("$121K"),
 * never a bare "1000" for 121,000.
 */
async function expectEndScreenAddsUp(page: Page): Promise<void> {
  const end = page.getByTestId('end-screen');
  const table = end.locator('table.end-scores');
  const seats = await table.locator('thead th[scope="col"]').count();
  const number = (text: string) => Number(text.replace(/[^\d-]/g, ''));
  // The places row (1st, 2nd...) is not a part of the score.
  const rows = await table
    .locator('tbody tr:not(.places)')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  const totals = rows.at(-1) ?? [];
  const parts = rows.slice(0, -1);
  expect(totals.length).toBe(seats - 1); // a column per seat, beside the rows' names
  if (parts.length > 0)
    for (let seat = 0; seat < totals.length; seat++)
      expect(parts.reduce((sum, row) => sum + number(row[seat] ?? ''), 0)).toBe(number(totals[seat] ?? ''));
  // A game of one round has no line chart (nothing to draw over time); one of several names every seat.
  if (parts.length === 0) {
    await expect(end.getByTestId('chart-max').count()).resolves.toBe(0);
    return;
  }
  expect(await end.getByRole('list', { name: 'Players' }).getByRole('listitem').count()).toBe(seats - 1);
  const top = (await end.getByTestId('chart-max').textContent()) ?? '';
  const highest = Math.max(...totals.map(number), ...parts.flat().map(number));
  if (highest >= 10_000) expect(top).toMatch(/^\$?\d+(\.\d)?K$/);
}

/** What each game's own end and board must say (defects of the issue, each checked where it was seen). */
const AUDITS: Record<string, (page: Page) => Promise<void>> = {
  // My City: episodes are episodes (not "rounds"), and its buildings are read in words, not as codes like "b4".
  async mycity(page) {
    // (A one-episode game has no chart, and its score by category has one episode: no heading to name it.)
    await page.getByTestId('end-screen').locator('table.breakdown').waitFor();
    await expect(
      page
        .getByTestId('end-screen')
        .getByText(/Round \d/)
        .count(),
    ).resolves.toBe(0);
    const buildings = await page
      .getByTestId('built')
      .getByRole('img')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('aria-label') ?? ''));
    expect(buildings.length).toBeGreaterThan(0);
    for (const name of buildings) expect(name).toMatch(/^(residential|public|industrial|\w+) building \d+/);
  },
  // Chinatown: the shops' kinds in full in the key (not cut to four letters), money in the chart's axis.
  async chinatown(page) {
    const kinds = await page.getByTestId('shop-key').getByRole('listitem').allTextContents();
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expect(kind.trim().length).toBeGreaterThanOrEqual(5);
    expect((await page.getByTestId('chart-max').textContent()) ?? '').toMatch(/^\$/);
  },
};

const GAMES: {
  game: string;
  seats: number;
  board: string;
  tap: (page: Page, random: () => number) => Promise<boolean>;
}[] = [
  { game: 'nyny', seats: 2, board: 'svg.nyny-ring', tap: tapNyny },
  { game: 'manhattan', seats: 2, board: 'svg.manhattan-board', tap: tapManhattan },
  { game: 'mycity', seats: 2, board: '[data-testid="mycity-board"]', tap: tapMyCity },
  { game: 'chinatown', seats: 3, board: 'svg.chinatown-board', tap: tapChinatown },
];

describe.skipIf(!HAVE_CHROMIUM)('whole games on a phone, by touch', () => {
  const e2e = e2eForFile();

  it('zooms the board inside its own box with the buttons and with two fingers, and the page never scrolls sideways nor zooms', async () => {
    const { context, page } = await startAgainstBots(e2e(), 'zoomer', 'nyny');
    const ring = page.locator('svg.nyny-ring');
    await ring.waitFor();
    const before = (await ring.boundingBox())?.width ?? 0;
    await page.getByTestId('zoom-in').tap();
    await page.getByTestId('zoom-in').tap();
    await page.locator('.board-wrap.zoomed').waitFor();
    expect((await ring.boundingBox())?.width ?? 0).toBeGreaterThan(before * 1.9);
    expect(await pageWidth(page, 390)).toBe(390);
    await shot(page, 'nyny-phone-zoom');
    await expectAccessible(page, 'nyny-phone-zoom');
    await page.getByTestId('zoom-out').tap();
    await page.getByTestId('zoom-out').tap();
    await page.locator('.board-wrap.zoomed').waitFor({ state: 'detached' });

    // Two fingers spread apart on the board zoom the board, not the page; brought together, they zoom it back out.
    await ring.evaluate((svg) => svg.scrollIntoView({ block: 'center' }));
    await pinch(page, ring, 40, 150);
    await page.locator('.board-wrap.zoomed').waitFor();
    expect((await ring.boundingBox())?.width ?? 0).toBeGreaterThan(before * 1.5);
    expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
    expect(await pageWidth(page, 390)).toBe(390);
    await shot(page, 'nyny-phone-pinched');
    await pinch(page, page.getByTestId('board-wrap'), 150, 20);
    await page.locator('.board-wrap.zoomed').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
    await context.close();
  }, 60_000);

  for (const { game, seats, board, tap } of GAMES) {
    it(`plays ${game} to the end against bots by tapping, never wider than the screen`, async () => {
      const { context, page } = await startAgainstBots(e2e(), `tap-${game}`, game, { seats });
      await page.locator(board).waitFor();
      expect(await pageWidth(page, 390)).toBe(390);
      expect(await hiddenSideways(page)).toEqual([]);
      await shot(page, `${game}-phone-play`);
      await expectAccessible(page, `${game}-phone-play`);
      // Chinatown's map is taller than a phone's screen: with its top in sight, the lot cards to pick and the button
      // that settles them stay at the screen's foot (they were below the map, a scroll away from the lots tapped on
      // it).
      if (game === 'chinatown')
        await expectHeldAtFoot(
          page,
          page.locator(board),
          page.locator('.chinatown-action').first(),
          'chinatown-phone-action-in-sight',
        );

      const random = seeded(16);
      let widest: number | string = 0;
      const moves = await playToEnd([page], async (p) => {
        const acted = await tap(p, random);
        const width = await pageWidth(p, 390);
        if (typeof width === 'string' || width > Number(widest)) widest = width;
        return acted;
      });
      expect(moves).toBeGreaterThan(0);
      expect(widest).toBe(390);
      expect(await hiddenSideways(page)).toEqual([]);
      await expectEndScreenAddsUp(page);
      await AUDITS[game]?.(page);
      await shot(page, `${game}-phone-end`);
      await expectAccessible(page, `${game}-phone-end`);

      // The end screen and the board, on the narrowest phone people use.
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await pageWidth(page, 360)).toBe(360);
      expect(await hiddenSideways(page)).toEqual([]);
      // The score by category's names stand on lines of their own, each on one line: none is cut inside a word to
      // squeeze beside the seats' columns ("Inco / mple / te shops" before).
      const nameLines = await page
        .locator('table.breakdown tr.breakdown-name td')
        .evaluateAll((cells) =>
          cells.map(
            (cell) => cell.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).fontSize),
          ),
        );
      expect(nameLines.length).toBeGreaterThan(0);
      for (const height of nameLines) expect(height).toBeLessThan(2.2);
      await shot(page, `${game}-phone-360-end`);
      await expectAccessible(page, `${game}-phone-360-end`);
      await context.close();
    }, 150_000);
  }
});
