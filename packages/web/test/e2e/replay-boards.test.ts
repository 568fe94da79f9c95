/**
 * Every game's replay in a browser, at a move in the middle of a finished game (issue 30: the boards are screenshotted
 * at their start, middle, end, a trade and a replay). For each of the four games, a game between bots is played
 * straight into the server's database (rated-games.ts); its replay opens at a building move clicked in the move list,
 * which the list marks as the shown step and the board marks where it built. On a desktop and on a phone, in English
 * and French, the page is screenshotted (replay-<game>-<size>-<lang>.png), nothing runs off the phone's width, and axe
 * finds nothing serious; on the desktop nothing inside the page scrolls sideways.
 */
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  LAPTOP,
  PHONE,
  e2eForFile,
  expectAccessible,
  guest,
  hiddenSideways,
  keepName,
  pageWidth,
  shot,
  signedInUser,
} from './browser.js';

/** Each game: its seats, and how its move list names a move that builds something on the board (in English). */
const GAMES = [
  { game: 'nyny', seats: ['greedy', 'random'], builds: / plays (red|blue|yellow|green) \d+/ },
  { game: 'manhattan', seats: ['greedy', 'random'], builds: / builds / },
  { game: 'mycity', seats: ['greedy', 'random'], builds: / builds / },
  { game: 'chinatown', seats: ['greedy', 'random', 'random'], builds: / places .+ on lot \d+/ },
] as const;

describe.skipIf(!HAVE_CHROMIUM)("every game's replay, on a desktop and a phone", () => {
  const e2e = e2eForFile();

  for (const { game, seats, builds } of GAMES)
    it(`${game}: a building move clicked in the list is marked there and on the board, in English and French`, async () => {
      const { context, page } = await guest(e2e(), `rp${game.slice(0, 3)}`, LAPTOP);
      await keepName(page);
      const me = await signedInUser(page);
      const tableId = await e2e().ratedGames.play(game, me, [...seats], 7);
      await page.goto(`${e2e().url}/replay/${tableId}`);
      const list = page.getByTestId('move-list');
      await list.waitFor();
      const steps = await list
        .locator('button[data-step]', { hasText: builds })
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-step')!));
      expect(steps.length, `${game}: building moves in the list`).toBeGreaterThan(1);
      if (game === 'mycity') {
        // Every building is named in the list, the first of two simultaneous choices too (it was told with the board
        // of its own step, before its building stood there: "builds on rows 8–10, columns 4–5").
        const unnamed = await list.locator('button[data-step]', { hasText: / builds on rows / }).count();
        expect(unnamed).toBe(0);
      }
      const marks = page.locator(
        '[data-testid="just-played"], [data-testid="just-built"], [data-testid="just-placed"]',
      );
      // A building move from the middle of the game, whose building the board marks (each board its own mark: a
      // tile, a floor, a building, a shop). In My City the first of a card's two simultaneous choices is still
      // hidden from a spectator at its step, and its building comes onto the board, marked, with the second's: of
      // two building moves in a row, one shows its mark.
      let step = '';
      for (const candidate of steps.slice(Math.floor(steps.length / 2)).slice(0, 2)) {
        await list.locator(`button[data-step="${candidate}"]`).click();
        await list.locator(`button[data-step="${candidate}"][aria-current="step"]`).waitFor();
        expect(new URL(page.url()).searchParams.get('move')).toBe(candidate);
        const marked = await marks
          .first()
          .waitFor({ timeout: 3000 })
          .then(() => true)
          .catch(() => false);
        if (marked) {
          step = candidate;
          break;
        }
      }
      expect(step, `${game}: a building move marked on the board`).not.toBe('');
      // The way back to the table and the link to the bots' review read as two links, apart ("← The tableThe bots'
      // review" when the page head had no layout of its own).
      const [back, review] = await page
        .locator('.table-head a')
        .evaluateAll((links) =>
          links.map((link) => link.getBoundingClientRect()).map((box) => [box.left, box.right]),
        );
      expect(review![0]! - back![1]!).toBeGreaterThanOrEqual(12);
      for (const lang of ['en', 'fr'] as const) {
        await page.getByTestId('language').selectOption(lang);
        await page
          .getByTestId('replay-step')
          .getByText(lang === 'en' ? /^move / : /^coup /)
          .waitFor();
        await page.setViewportSize(LAPTOP.viewport);
        // Beside the board and the move list, the board's own tables show whole, not cut and scrolled sideways.
        expect(await hiddenSideways(page)).toEqual([]);
        await shot(page, `replay-${game}-desktop-${lang}`);
        await page.setViewportSize(PHONE.viewport);
        await list.locator(`button[data-step="${step}"][aria-current="step"]`).waitFor();
        expect(await pageWidth(page, PHONE.viewport.width)).toBe(PHONE.viewport.width);
        await shot(page, `replay-${game}-phone-${lang}`);
      }
      await expectAccessible(page, `replay-${game}-phone-fr`);
      await context.close();
    }, 120_000);
});
