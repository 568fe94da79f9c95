/**
 * The table page fits a laptop and reads on a phone, as on Board Game Arena: at 1280×800 the whole board, every
 * seat's panel and the current prompt show without scrolling (today the page's controls and the seat chips pushed the
 * board below the fold); at 390×844 the board comes first and no seat panel's text sticks out of its box or breaks
 * mid-word ("c / hoisit…" in French). Each game against bots, EN and FR, photographed at both sizes. During play
 * too, with the fewest and the most seats and moves confirmed as by default: a move staged lies over the bar, where
 * it pushed the board 69 px down (Manhattan's and My City's side column then ended below the screen with four seats).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  LAPTOP,
  PHONE,
  e2eForFile,
  expectAccessible,
  pageWidth,
  shot,
  startAgainstBots,
} from './browser.js';
import { openManhattanRoundThree } from './play.js';

const GAMES = ['nyny', 'manhattan', 'mycity', 'chinatown'] as const;

/** The boxes (board, each seat panel, the prompt) that do not lie whole within the first `height` px, by test id. */
function outsideViewport(page: Page, width: number, height: number): Promise<string[]> {
  return page.evaluate(
    ({ width, height }) => {
      const boxes = [
        ...document.querySelectorAll('[data-testid="board-wrap"], .seat-panel, [data-testid="turn"]'),
      ];
      return boxes.flatMap((el) => {
        const box = el.getBoundingClientRect();
        const top = box.top + window.scrollY;
        const bottom = box.bottom + window.scrollY;
        return top < -0.5 || bottom > height + 0.5 || box.left < -0.5 || box.right > width + 0.5
          ? [`${el.getAttribute('data-testid')}: ${Math.round(top)}–${Math.round(bottom)}`]
          : [];
      });
    },
    { width, height },
  );
}

/** The seat panels' parts whose text is wider or taller than their box, or a word broken across lines. */
function overflowingPanels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.seat-panel *')]
      // A name cut short ("greedy-bot-i3…") counts as sticking out too.
      .filter((el) => el.classList.contains('seat-name') || el.children.length === 0)
      .filter((el) => (el.textContent ?? '').trim() !== '')
      // (Text for screen readers only sits in a 1-px box on purpose.)
      .filter((el) => !el.classList.contains('sr-only'))
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline')
      .map((el) => `${el.className}: ${el.textContent}`),
  );
}

/** The tables measured during play: the fewest seats the game allows (the viewer and bots), and the most. */
const SEATS: Record<(typeof GAMES)[number], readonly number[]> = {
  nyny: [2, 4],
  manhattan: [2, 4],
  mycity: [2, 4],
  chinatown: [3, 5],
};

/**
 * What does not lie whole within a 1280×800 window, the page not scrolled: the board's box, a seat's panel, the
 * prompt, the bar of a move waiting for its confirmation (each by test id, with its box in px); and the page, when it
 * is wider than the window. Also where the board's box starts, which a move staged must not change.
 */
function offLaptopScreen(page: Page): Promise<{ out: string[]; boardTop: number }> {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const selector =
      '[data-testid="board-wrap"], .seat-panel, [data-testid="turn"], [data-testid="confirm-bar"]';
    const out = [...document.querySelectorAll(selector)].flatMap((el) => {
      const box = el.getBoundingClientRect();
      const inside = box.top >= -0.5 && box.left >= -0.5 && box.bottom <= 800.5 && box.right <= 1280.5;
      const [x0, x1, y0, y1] = [box.left, box.right, box.top, box.bottom].map(Math.round);
      return inside ? [] : [`${el.getAttribute('data-testid')}: x ${x0}–${x1}, y ${y0}–${y1}`];
    });
    // The bar of a move staged lies over the table's bar, not over the board nor a panel.
    const confirm = document.querySelector('[data-testid="confirm-bar"]')?.getBoundingClientRect();
    const below = document.querySelectorAll('[data-testid="board-wrap"], .seat-panel');
    if (confirm && [...below].some((el) => el.getBoundingClientRect().top < confirm.bottom - 0.5))
      out.push(`confirm-bar over the board or a panel: its foot at y ${Math.round(confirm.bottom)}`);
    const width = document.documentElement.scrollWidth;
    if (width > 1280) out.push(`the page: ${width} px wide`);
    const boardTop = document.querySelector('[data-testid="board-wrap"]')!.getBoundingClientRect().top;
    return { out, boardTop };
  });
}

/** Stages the viewer's first move where the test knows one (its confirmation asked); false for the other games. */
async function stageAMove(page: Page, game: string): Promise<boolean> {
  if (game === 'manhattan') await page.getByTestId('select-confirm').click();
  else if (game === 'mycity') {
    await page.getByTestId('find-spot').click();
    await page.getByTestId('drop').click();
  } else return false;
  await page.getByTestId('confirm-bar').waitFor();
  return true;
}

/**
 * Manhattan's pieces, staged, confirmed: staged again first when a bot's choice meanwhile cleared the staged move (it
 * was chosen on the table before), until the choice of pieces goes.
 */
async function confirmPieces(page: Page): Promise<void> {
  const select = page.getByTestId('select-confirm');
  for (let k = 0; k < 5 && (await select.count()) > 0; k++) {
    try {
      if ((await page.getByTestId('confirm-bar').count()) === 0) await select.click({ timeout: 1500 });
      await page.getByTestId('confirm-move').click({ timeout: 1500 });
      await select.waitFor({ state: 'detached', timeout: 3000 });
    } catch {
      // The table moved on meanwhile: look again.
    }
  }
}

describe.skipIf(!HAVE_CHROMIUM)('the table page fits the screen', () => {
  const e2e = e2eForFile();

  for (const game of GAMES)
    it(`${game}: during play at 1280×800, with the fewest and the most seats, in English and French, the board, every seat panel, the prompt and a move's confirmation show without scrolling`, async () => {
      for (const seats of SEATS[game]) {
        // The player's moves wait for a confirmation, as they do by default.
        const { context, page } = await startAgainstBots(e2e(), `fit${game.slice(0, 3)}${seats}`, game, {
          seats,
          device: LAPTOP,
          confirmMoves: true,
        });
        const name = `layout-${game}-${seats}p-laptop`;
        await page.getByTestId('turn').getByText('Your turn').waitFor();
        await page.getByTestId(`seat-${seats - 1}`).waitFor();
        const start = await offLaptopScreen(page);
        expect.soft(start.out).toEqual([]);
        // Not by shrinking the boards: My City's squares and Manhattan's lots stay as large as they were.
        if (game === 'mycity')
          expect.soft((await page.getByTestId('mycity-board').boundingBox())!.width / 12).toBeGreaterThan(40);
        if (game === 'manhattan')
          expect.soft((await page.locator('svg.manhattan-board').boundingBox())!.width).toBeGreaterThan(610);
        if (await stageAMove(page, game)) {
          const staged = await offLaptopScreen(page);
          await shot(page, `${name}-staged-en`);
          expect.soft(staged.out).toEqual([]);
          // The confirmation does not push the board down under the player's pointer.
          expect.soft(staged.boardTop).toBe(start.boardTop);
        }
        await shot(page, `${name}-en`);
        await page.getByTestId('language').selectOption('fr');
        await page.getByTestId('turn').getByText('À vous de jouer').waitFor();
        expect.soft((await offLaptopScreen(page)).out).toEqual([]);
        await shot(page, `${name}-fr`);
        if (game === 'manhattan') {
          // The pieces taken: the build's prompt, with the cards, the pieces and the score table beside the board.
          await confirmPieces(page);
          await page.locator('[data-testid="card"]:not([aria-disabled="true"])').first().waitFor();
          await page.getByTestId('turn').getByText('À vous de jouer').waitFor();
          expect.soft((await offLaptopScreen(page)).out).toEqual([]);
          await page.getByTestId('language').selectOption('en');
          await page.getByTestId('turn').getByText('Your turn').waitFor();
          expect.soft((await offLaptopScreen(page)).out).toEqual([]);
          await shot(page, `${name}-build-en`);
        }
        if (game === 'manhattan' && seats === 4) {
          // Two rounds scored and the third's pieces to choose, four seats: the side column at its longest.
          await openManhattanRoundThree(e2e(), page, ['greedy', 'greedy', 'greedy'], 5);
          await page.getByTestId('select-confirm').waitFor();
          await page.getByTestId('turn').getByText('Your turn').waitFor();
          // Both rounds' scores in the table beside the board.
          expect(((await page.getByTestId('round-scores').textContent()) ?? '').split(' · ')).toHaveLength(2);
          expect.soft((await offLaptopScreen(page)).out).toEqual([]);
          await page.getByTestId('language').selectOption('fr');
          await page.getByTestId('turn').getByText('À vous de jouer').waitFor();
          expect.soft((await offLaptopScreen(page)).out).toEqual([]);
          await shot(page, `${name}-round3-fr`);
        }
        await context.close();
      }
    }, 300_000);

  for (const game of GAMES)
    it(`${game}: at 1280×800 the board, every seat panel and the prompt show without scrolling; at 390×844 the board comes first`, async () => {
      const laptop = await startAgainstBots(e2e(), `lay${game.slice(0, 3)}`, game, {
        seats: 3,
        device: LAPTOP,
      });
      const page = laptop.page;
      await page.getByTestId('turn').waitFor();
      await page.getByTestId('seat-2').waitFor();
      await shot(page, `layout-${game}-laptop-en`);
      expect(await outsideViewport(page, 1280, 800)).toEqual([]);
      await expectAccessible(page, `layout-${game}-laptop`);
      await page.getByTestId('language').selectOption('fr');
      await page.getByTestId('seat-0').getByText(/./).first().waitFor();
      await shot(page, `layout-${game}-laptop-fr`);
      expect(await outsideViewport(page, 1280, 800)).toEqual([]);
      await laptop.context.close();

      const phone = await startAgainstBots(e2e(), `pho${game.slice(0, 3)}`, game, {
        seats: 3,
        device: PHONE,
      });
      const p = phone.page;
      await p.getByTestId('seat-2').waitFor();
      // The board first: nothing of the page's own but its bar above it, the panels and the log below.
      const order = await p.evaluate(() => {
        const box = (id: string) => document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
        return { bar: box('table-bar').bottom, board: box('board-wrap').top, panels: box('seat-panels').top };
      });
      expect(order.board - order.bar).toBeLessThan(30);
      expect(order.board).toBeLessThan(order.panels);
      await shot(p, `layout-${game}-phone-en`);
      expect(await overflowingPanels(p)).toEqual([]);
      await p.getByTestId('language').selectOption('fr');
      await p
        .getByTestId('table-bar')
        .getByText(/Abandonner|Options/)
        .first()
        .waitFor();
      await shot(p, `layout-${game}-phone-fr`);
      expect(await overflowingPanels(p)).toEqual([]);
      // The bar's parts wrap: the page never scrolls sideways.
      expect(await pageWidth(p, 390)).toBe(390);
      await expectAccessible(p, `layout-${game}-phone-fr`);
      await phone.context.close();
    }, 120_000);
});
