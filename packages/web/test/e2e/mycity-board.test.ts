/**
 * My City's board against a bot (issue 30): the red "cannot go here" left on the board after Stop (and on the final
 * board), the buildings drawn as one outlined shape each, the row and column numbers the log's places count, an
 * opponent's city opened at full size during play; screenshots on a desktop and a phone, in English and French.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  PHONE,
  e2eForFile,
  expectAccessible,
  pageWidth,
  shot,
  startAgainstBots,
} from './browser.js';

/** Builds the revealed building where "show a spot" finds room in some turn; false when it fits nowhere. */
async function buildSomewhere(page: Page): Promise<boolean> {
  const find = page.getByTestId('find-spot');
  if ((await find.count()) === 0) return false;
  for (let turn = 0; turn < 4; turn++) {
    await find.click();
    if (await page.getByTestId('drop').isEnabled()) {
      await page.getByTestId('drop').click();
      return true;
    }
    await page.getByTestId('rotate').click();
  }
  return false;
}

describe.skipIf(!HAVE_CHROMIUM)('My City’s board', () => {
  const e2e = e2eForFile();

  it('draws buildings as outlined shapes with the log’s row and column numbers, opens the bot’s city full size, and leaves no red preview after Stop nor on the final board', async () => {
    const { context, page } = await startAgainstBots(e2e(), 'mino', 'mycity', {
      device: { viewport: { width: 1280, height: 800 } },
    });
    const board = page.getByTestId('mycity-board');
    await board.waitFor();
    // The numbers around the board: rows 1..10 at its left, columns 1..12 above it, as "rows 4–6, columns 10–12".
    const rows = await board.getAttribute('data-rows');
    const cols = await board.getAttribute('data-cols');
    expect(await page.getByTestId('row-numbers').locator('span').allTextContents()).toEqual(
      Array.from({ length: Number(rows) }, (_, k) => String(k + 1)),
    );
    expect(await page.getByTestId('column-numbers').locator('span').allTextContents()).toEqual(
      Array.from({ length: Number(cols) }, (_, k) => String(k + 1)),
    );
    // Each column's number stands over its column: the 10th's centre over the 10th column's.
    const box = (await board.boundingBox())!;
    const tenth = (await page.getByTestId('column-numbers').locator('span').nth(9).boundingBox())!;
    expect(Math.abs(tenth.x + tenth.width / 2 - (box.x + (9.5 * box.width) / Number(cols)))).toBeLessThan(2);

    // Three builds, so that the buildings stand side by side: each one path, one outline.
    let built = 0;
    for (let k = 0; k < 8 && built < 3; k++) {
      await page.getByTestId('turn').getByText('Your turn').waitFor();
      if (await buildSomewhere(page)) built++;
      else await page.getByTestId('pass').or(page.getByTestId('stop')).first().click();
      await page.getByTestId('turn').getByText('Your turn').waitFor();
    }
    expect(built).toBeGreaterThan(0);
    // The river lies between sandy banks: its line is painted under its water, so that only its outer half shows.
    const river = page.getByTestId('terrain').first().locator('path[data-part="river"]');
    expect(await river.getAttribute('paint-order')).toBe('stroke');
    const shapes = page.getByTestId('built').locator('[data-building]');
    const count = await shapes.count();
    expect(count).toBe(built);
    // One path for its face, one for its shadow, one for its roof's texture and one for its lit edge, each around the
    // whole building (before, a building was drawn square by square, and neighbours merged into blobs).
    for (let k = 0; k < count; k++) {
      const parts = await shapes
        .nth(k)
        .locator('path[data-part]')
        .evaluateAll((paths) => paths.map((path) => path.getAttribute('data-part')));
      expect(parts).toEqual(['shadow', 'face', 'roof', 'bevel']);
    }
    // Each building carries its kind's mark on each of its squares (a house, a hall, a factory: told apart without
    // colour), and the legend shows the three kinds with theirs.
    const markOf: Record<string, string> = { y: 'house', r: 'hall', b: 'factory' };
    for (let k = 0; k < count; k++) {
      const shape = shapes.nth(k);
      const id = (await shape.getAttribute('data-building')) ?? '';
      const marks = await shape
        .locator('[data-mark]')
        .evaluateAll((m) => m.map((e) => e.getAttribute('data-mark')));
      expect(marks.length).toBe(await shape.locator('[data-cell]').count());
      expect(new Set(marks)).toEqual(new Set([markOf[id[0] ?? '']]));
    }
    for (const [kind, mark] of [
      ['residential', 'house'],
      ['public', 'hall'],
      ['industrial', 'factory'],
    ])
      expect(await page.getByTestId(`legend-${kind}`).locator(`[data-mark="${mark}"]`).count()).toBe(1);
    expect(await page.getByTestId('legend-public').textContent()).toBe('public buildings');
    // Its squares' marks match the log's words: the first building's rows and columns, counted from 1.
    const cells = (
      await shapes
        .first()
        .locator('[data-cell]')
        .evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-cell') ?? ''))
    ).map((cell) => cell.split(',').map(Number) as [number, number]);
    const span = (values: number[]) => {
      const [low, high] = [Math.min(...values) + 1, Math.max(...values) + 1];
      return low === high ? `${low}` : `${low}–${high}`;
    };
    const where = `rows ${span(cells.map(([r]) => r))}, columns ${span(cells.map(([, c]) => c))}`;
    expect(await shapes.first().getAttribute('aria-label')).toContain(where);

    // The bot's city, full size in a dialog, with the same numbers; Escape closes it and the focus comes back.
    await page.getByTestId('open-city-1').click();
    const dialog = page.getByTestId('city-dialog');
    await dialog.waitFor();
    expect((await dialog.locator('svg').boundingBox())!.width).toBeGreaterThan(400);
    await dialog.getByTestId('row-numbers').waitFor();
    await expectAccessible(page, 'mycity-desktop-city-dialog-en');
    await shot(page, 'mycity-desktop-city-dialog-en');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'open-city-1',
    );
    await shot(page, 'mycity-desktop-midgame-en');
    await page.getByTestId('language').selectOption('fr');
    await page.getByTestId('turn').getByText('À vous de jouer').waitFor();
    await shot(page, 'mycity-desktop-midgame-fr');
    await page.setViewportSize(PHONE.viewport);
    expect(await pageWidth(page, PHONE.viewport.width)).toBe(PHONE.viewport.width);
    await shot(page, 'mycity-phone-midgame-fr');
    await page.getByTestId('open-city-1').click();
    await dialog.waitFor();
    await expectAccessible(page, 'mycity-phone-city-dialog-fr');
    await shot(page, 'mycity-phone-city-dialog-fr');
    await page.getByTestId('city-dialog-close').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('turn').getByText('Your turn').waitFor();
    await shot(page, 'mycity-phone-midgame-en');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A building placed (a spot shown), then Stop: nothing is left on the board, neither green nor red.
    await page.getByTestId('find-spot').click();
    await page.getByTestId('preview-legal').or(page.getByTestId('preview-illegal')).first().waitFor();
    await page.getByTestId('stop').click();
    await page.getByTestId('stop').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid^="preview-"]').count()).toBe(0);
    await page.getByTestId('end-screen').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid^="preview-"]').count()).toBe(0);
    await shot(page, 'mycity-desktop-final-en');
    await context.close();
  }, 120_000);
});
