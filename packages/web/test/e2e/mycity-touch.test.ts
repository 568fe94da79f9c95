/**
 * My City on a phone (390×844 and 360 px wide, touch only): a tap puts the building where the finger is, a second tap
 * on it builds it there; the page never scrolls sideways and the hint speaks of tapping, not of a mouse or the R key.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, shot, startTwoSeatGame, pageWidth } from './browser.js';

const PHONE = { width: 390, height: 844 };

/** The centre of a board square, in page coordinates. */
async function squareCentre(page: Page, r: number, c: number): Promise<{ x: number; y: number }> {
  // A tap lands only inside the window: the board is brought into it first (the buttons below it may have scrolled it).
  await page.getByTestId('mycity-board').evaluate((svg) => svg.scrollIntoView({ block: 'center' }));
  const box = await page.getByTestId('mycity-board').boundingBox();
  if (!box) throw new Error('no board');
  const { rows, cols } = await page
    .getByTestId('mycity-board')
    .evaluate((svg) => ({ rows: Number(svg.dataset.rows), cols: Number(svg.dataset.cols) }));
  return { x: box.x + ((c + 0.5) * box.width) / cols, y: box.y + ((r + 0.5) * box.height) / rows };
}

describe.skipIf(!HAVE_CHROMIUM)('My City on a touch screen', () => {
  const e2e = e2eForFile();

  it('a tap shows the building under the finger and a second tap on it builds it', async () => {
    const { ann, bob } = await startTwoSeatGame(e2e(), 'mycity', ['tia', 'tom'], {
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    const page = ann.page;
    await page.getByTestId('mycity-board').waitFor();
    await page.getByTestId('find-spot').waitFor();
    await shot(page, 'mycity-phone-start');
    expect(await pageWidth(page, PHONE.width)).toBe(PHONE.width);
    const hint = (await page.getByTestId('place-hint').textContent()) ?? '';
    expect(hint).toMatch(/tap/i);
    expect(hint).not.toMatch(/\bR\b|point|click/i);

    // A legal spot, found by the button; then elsewhere by a tap, and back by a tap on that spot.
    await page.getByTestId('find-spot').click();
    await page.getByTestId('preview-legal').waitFor();
    // Its top-left square (the topmost row's leftmost): a tap there puts the building on the same squares.
    const spot = (
      await page
        .getByTestId('preview-legal')
        .locator('[data-cell]')
        .evaluateAll((rects) => rects.map((rect) => rect.getAttribute('data-cell') ?? ''))
    )
      .map((cell) => cell.split(',').map(Number) as [number, number])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
    const [r, c] = spot ?? [0, 0];
    const [elsewhereR, elsewhereC] = r === 4 && c === 4 ? [5, 5] : [4, 4];
    const elsewhere = await squareCentre(page, elsewhereR, elsewhereC);
    await page.touchscreen.tap(elsewhere.x, elsewhere.y);
    await page.locator(`[data-testid^="preview-"] [data-cell="${elsewhereR},${elsewhereC}"]`).waitFor();
    const target = await squareCentre(page, r, c);
    await page.touchscreen.tap(target.x, target.y);
    await page.locator(`[data-testid="preview-legal"] [data-cell="${r},${c}"]`).waitFor();
    await shot(page, 'mycity-phone-preview');
    // A mouse leaving the board (Chromium reports one when the page is resized for a full-page screenshot, and a touch
    // laptop's mouse may drift away) leaves a tapped building where it is: only a hovering mouse's preview follows it.
    await page.getByTestId('mycity-board').evaluate((svg) =>
      svg.dispatchEvent(
        new PointerEvent('pointerout', {
          bubbles: true,
          pointerType: 'mouse',
          relatedTarget: document.body,
        }),
      ),
    );
    await page.locator(`[data-testid="preview-legal"] [data-cell="${r},${c}"]`).waitFor({ timeout: 2000 });
    const again = await squareCentre(page, r, c); // where that square is now (the screenshot may have scrolled)
    await page.touchscreen.tap(again.x, again.y);
    // Chosen (shown until everyone has chosen) or already built: either way it stands on that square of the board.
    await page
      .locator(`[data-testid="chosen-building"] [data-cell="${r},${c}"]`)
      .or(page.locator(`[data-testid="built"] [data-cell="${r},${c}"]`))
      .first()
      .waitFor();
    await shot(page, 'mycity-phone-built');

    await page.setViewportSize({ width: 360, height: 740 });
    expect(await pageWidth(page, 360)).toBe(360);
    await ann.context.close();
    await bob.context.close();
  }, 60_000);
});
