/**
 * Chinatown's tutorial in the browser (docs/tutorials.md), with the board's own controls: the lot cards and Settle,
 * the offer's draft (a tile given, a tile asked for, Send), Accept on an offer made to the learner, Ready, a tile of
 * the hand then a lot on the map, Done. On a desktop in English the whole game is played, by mouse and by keyboard
 * (each control focused, then Enter: the offer, and the rounds from the third on); on a phone in French, by touch
 * alone, to its end too. Each tries a wrong choice: the coach answers it and it is not played. Each lesson's place is outlined; axe-core finds nothing
 * serious; screenshots go to `test-results/`.
 */
import { tutorial } from '@skyline/chinatown';
import { lessonsOf } from '@skyline/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, expectAccessible, pageWidth, shot } from './browser.js';
import { atLesson, finished, press, tutorialPage, type Way } from './coach.js';

const LESSONS = lessonsOf(tutorial);
const COUNT = LESSONS.length;

/** Lets the last move's animations (tiles arriving, counts pulsing: under a second) end before axe looks at colours. */
async function stillness(page: Page): Promise<void> {
  // Waited in the page: the test's own timers may be faked.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 1500)));
}

async function accessible(page: Page, name: string): Promise<void> {
  await stillness(page);
  await expectAccessible(page, name);
}

/** Waits for lesson `n` (1-based) and checks that its first place is outlined. */
const atStep = (page: Page, n: number) =>
  atLesson(
    page,
    n,
    page.locator(LESSONS[n - 1]?.places[0] as string),
    new RegExp(`\\b${n} (of|sur) ${COUNT}\\b`),
  );

/** Makes lesson `n`'s move with the board's controls. */
async function play(page: Page, n: number, way: Way): Promise<void> {
  const move = LESSONS[n - 1]?.move;
  if (!move) throw new Error(`no lesson ${n}`);
  switch (move.type) {
    case 'settle':
      for (const lot of move.lots) await press(page.locator(`[data-card="${lot}"]`), way);
      await press(page.getByTestId('settle'), way);
      return;
    case 'offer':
      for (const [kind] of Object.entries(move.give?.shops ?? {}))
        await press(page.locator(`[data-testid="give-tile"][data-kind="${kind}"]`), way);
      for (const [kind] of Object.entries(move.get?.shops ?? {}))
        await press(page.locator(`[data-testid="get-tile"][data-kind="${kind}"]`), way);
      await press(page.getByTestId('send-offer'), way);
      return;
    case 'accept':
      await press(page.getByTestId(`incoming-${move.offer}`).getByTestId('accept'), way);
      return;
    case 'place': {
      // The tile chosen stays chosen after a placement: chosen again, it would be put back.
      const tile = page.locator(`[data-testid="tile"][data-kind="${move.shop}"]`);
      if ((await tile.getAttribute('aria-pressed')) !== 'true') await press(tile, way);
      await press(page.getByTestId(`lot-${move.lot}`), way);
      return;
    }
    case 'ready':
    case 'done':
      await press(page.getByTestId(move.type), way);
      return;
    default:
      throw new Error(`no control for ${move.type}`);
  }
}

describe.skipIf(!HAVE_CHROMIUM)('Chinatown’s tutorial', () => {
  const e2e = e2eForFile();

  it('is played through on a desktop in English, by mouse and by keyboard, refusing a wrong tile', async () => {
    const context = await e2e().browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${e2e().url}/tutorial`);
    await page.getByRole('link', { name: 'Learn Chinatown' }).click();
    await page.getByTestId('coach-intro').waitFor();
    await atStep(page, 1);
    await shot(page, 'tutorial-chinatown-desktop-en');
    await accessible(page, 'tutorial-chinatown-desktop-en');

    for (let n = 1; n <= COUNT; n++) {
      await atStep(page, n);
      if (n === 2) {
        // The offer's draft, outlined: the tiles to give and to ask for.
        await shot(page, 'tutorial-chinatown-offer-en');
        await accessible(page, 'tutorial-chinatown-offer-en');
      }
      if (n === 4) {
        // A restaurant on lot 43, where the seafood goes: answered, and not played.
        await page.locator('[data-testid="tile"][data-kind="restaurant"]').click();
        await page.getByTestId('lot-43').click();
        await expect
          .poll(() => page.getByTestId('coach-refused').innerText())
          .toContain('Not that one: take the tile outlined');
        expect(await page.getByTestId('lot-43').getAttribute('aria-label')).not.toMatch(/Restaurant/);
        await shot(page, 'tutorial-chinatown-refused-en');
      }
      if (n === 3) {
        // The offer, accepted at once, emptied the draft: nothing of it is left to mend.
        expect(await page.getByTestId('draft-kept').count()).toBe(0);
        expect(await page.getByTestId('offer-refusal').innerText()).toBe('');
      }
      if (n === 11) await shot(page, 'tutorial-chinatown-accept-en');
      // The offer's draft and the second half of the game by keyboard, the rest by mouse.
      await play(page, n, n === 2 || n >= 25 ? 'keyboard' : 'mouse');
    }
    await stillness(page);
    await finished(page, '$168,000', 'tutorial-chinatown-desktop-en-end');
    await context.close();
  }, 240_000);

  it('is finished by touch on a phone in French, refusing a wrong choice of lots', async () => {
    const { context, page } = await tutorialPage(e2e(), 'phone-fr', '/tutorial/chinatown');
    await page.getByTestId('coach-intro').waitFor();
    await atStep(page, 1);

    // Lot 13, alone in block 1, instead of 48: answered in French, and nothing is settled.
    for (const lot of [13, 43, 44, 45, 47]) await page.locator(`[data-card="${lot}"]`).tap();
    await page.getByTestId('settle').tap();
    await expect.poll(() => page.getByTestId('coach-refused').innerText()).toContain('Pas ceux-là');
    expect(await page.getByTestId('lot-card').count()).toBe(7);
    await shot(page, 'tutorial-chinatown-phone-fr');
    await accessible(page, 'tutorial-chinatown-phone-fr');
    expect(await pageWidth(page, 390)).toBeLessThanOrEqual(390);

    // The whole game by touch: the first round with the offer made, the second's offer from Bot 1 accepted, and on.
    for (let n = 1; n <= COUNT; n++) {
      await atStep(page, n);
      if (n === 2) await shot(page, 'tutorial-chinatown-phone-fr-offer');
      if (n === 11) await shot(page, 'tutorial-chinatown-phone-fr-accept');
      if (n === 12) {
        await expect.poll(() => page.getByTestId('coach-say').innerText()).toContain('Je suis prêt');
        expect(await pageWidth(page, 390)).toBeLessThanOrEqual(390);
        await shot(page, 'tutorial-chinatown-phone-fr-ready2');
        await accessible(page, 'tutorial-chinatown-phone-fr-ready2');
      }
      await play(page, n, 'touch');
    }
    await stillness(page);
    await finished(page, /168\s000/, 'tutorial-chinatown-phone-fr-end', 390);
    await context.close();
  }, 240_000);
});
