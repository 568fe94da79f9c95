/**
 * The bots' review of a finished game, as a player opens it from the replay: asked, its progress while it runs, then
 * the chart, the decisions with their marks, the summary per seat and the boards of the chosen decision — by mouse and
 * by keyboard, in English and French, on a desktop and a phone.
 */
import { describe, expect, it } from 'vitest';
import {
  HAVE_CHROMIUM,
  PHONE,
  e2eForFile,
  expectAccessible,
  guest,
  keepName,
  pageWidth,
  shot,
  signedInUser,
} from './browser.js';

const e2e = e2eForFile();
const DESKTOP = { width: 1280, height: 800 };

describe.skipIf(!HAVE_CHROMIUM)('the bots’ review of a finished game', () => {
  it('is asked from the replay, shows its progress, then every decision with the move made and the move preferred', async () => {
    const { context, page } = await guest(e2e(), 'rhea');
    await page.setViewportSize(DESKTOP);
    await keepName(page);
    const rhea = await signedInUser(page);
    const tableId = await e2e().ratedGames.play('nyny', rhea, [rhea, 'greedy'], 5);
    const record = (await page.evaluate(
      async (id) => (await (await fetch(`/api/games/${id}/replay`)).json()) as { log: object[] },
      tableId,
    )) as { log: object[] };
    const decisions = record.log.filter((entry) => 'seat' in entry && 'move' in entry).length;

    await page.goto(`${e2e().url}/replay/${tableId}`);
    await page.getByRole('link', { name: 'The bots’ review' }).click();
    await page.waitForURL(new RegExp(`/review/${tableId}$`));
    await page.getByTestId('review-ask').waitFor();
    await expectAccessible(page, 'review-ask');
    await page.getByTestId('review-ask').click();
    // Its progress while it runs, then the review (a few seconds at the tests' 20 ms a decision).
    await page.getByTestId('review-moves').waitFor({ timeout: 90_000 });
    await expect(page.getByTestId('review-moves').locator('li').count()).resolves.toBe(decisions);
    await expect(page.getByTestId('review-seats').locator('tbody tr').count()).resolves.toBe(2);
    await expect(page.getByTestId('review-chart').locator('polyline').count()).resolves.toBe(2);

    // The decision shown first is the game's worst; the move made is described as the log describes it.
    const chosen = page.getByTestId('review-chosen');
    await expect(chosen.getByTestId('review-made').textContent()).resolves.toMatch(/%/);
    await expect(page.getByTestId('review-board-made').count()).resolves.toBe(1);
    await expectAccessible(page, 'review-done');
    await shot(page, 'review-desktop-en');

    // By keyboard: the chosen decision moves with the arrows.
    const current = page.locator('[aria-current="step"]');
    const before = await current.getAttribute('data-testid');
    await current.focus();
    await page.keyboard.press('ArrowDown');
    const after = await page.locator('[aria-current="step"]').getAttribute('data-testid');
    expect(after).not.toBe(before);
    await expect(
      page.locator('[aria-current="step"]').evaluate((node) => node === document.activeElement),
    ).resolves.toBe(true);

    // A reload shows the stored review at once (nothing asked again).
    await page.reload();
    await page.getByTestId('review-moves').waitFor();
    await expect(page.getByTestId('review-ask').count()).resolves.toBe(0);

    await page.getByTestId('language').selectOption('fr');
    await page.getByRole('heading', { name: /Analyse par les robots/ }).waitFor();
    await shot(page, 'review-desktop-fr');
    await page.setViewportSize(PHONE.viewport);
    expect(await pageWidth(page, 390)).toBe(390);
    await shot(page, 'review-phone-fr');
    await expectAccessible(page, 'review-phone-fr');
    await context.close();
  }, 180_000);
});
