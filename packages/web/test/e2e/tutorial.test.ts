/**
 * New York's tutorial in the browser (docs/tutorials.md): a newcomer on a phone, in French, follows the first visit's
 * offer and finishes the tutorial by touch; another, on a desktop in English, plays it by keyboard alone. Each tries
 * a wrong tile first: the coach answers it and the tile stays in the hand. Each lesson's tile is outlined; axe-core
 * finds nothing serious; nothing scrolls sideways on the phone; screenshots go to `test-results/`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, expectAccessible, pageWidth, shot } from './browser.js';
import { atLesson, finished, tutorialPage } from './coach.js';

/** The learner's moves, as the script of packages/games/nyny/src/tutorial.ts asks them: a tile, or Pass. */
const STEPS = [
  { tile: 'r12', row: 'hand' },
  { tile: 'r11', row: 'pool' },
  { tile: 'y8', row: 'hand' },
  { tile: 'b10', row: 'pool' },
  { tile: 'r11', row: 'hand' },
  { tile: 'g12', row: 'pool' },
  { tile: null, row: 'pass' },
] as const;

const target = (page: Page, tile: string | null) =>
  tile === null ? page.locator('.nyny button.pass') : page.locator(`[data-tile="${tile}"]`);

/** Waits for step `n` of 7 and checks that its tile (or Pass) is the one outlined. */
const atStep = (page: Page, n: number, word: RegExp, tile: string | null) =>
  atLesson(page, n, target(page, tile), word);

describe.skipIf(!HAVE_CHROMIUM)('New York’s tutorial', () => {
  const e2e = e2eForFile();

  it('is finished by touch on a phone in French, from the newcomer’s offer, refusing a wrong tile', async () => {
    const { context, page } = await tutorialPage(e2e(), 'phone-fr', '');
    await expectAccessible(page, 'tutorial-offer-fr');
    await page.getByRole('link', { name: 'Commencer un tutoriel' }).tap();
    await page.getByRole('link', { name: 'Apprendre New York, New York' }).tap();
    await page.getByTestId('coach-intro').waitFor();
    await atStep(page, 1, /Étape 1 sur 7/, 'r12');

    // A blue tile instead of red 12: answered in French, and not played.
    await target(page, 'b3').tap();
    await expect.poll(() => page.getByTestId('coach-refused').innerText()).toContain('Pas celle-ci');
    expect(await page.locator('[data-tile="b3"]').count()).toBe(1);
    // Said where the phone's coach box shows it, without scrolling it.
    const said = await page.getByTestId('coach-refused').boundingBox();
    const coach = await page.getByTestId('coach').boundingBox();
    expect(
      said && coach && said.y + said.height <= coach.y + coach.height && said.y + said.height <= 844,
    ).toBe(true);
    expect(await page.getByTestId('position-12').getAttribute('aria-label')).not.toMatch(
      /12 rouge|rouge 12/i,
    );
    await shot(page, 'tutorial-nyny-phone-fr');
    await expectAccessible(page, 'tutorial-nyny-phone-fr');
    expect(await pageWidth(page, 390)).toBeLessThanOrEqual(390);

    for (const [index, step] of STEPS.entries()) {
      await atStep(page, index + 1, /Étape/, step.tile);
      await target(page, step.tile).first().tap();
    }
    await finished(page, '26 à 16', 'tutorial-nyny-phone-fr-end', 390);

    // Followed once, the offer is not made again.
    await page.goto(e2e().url);
    await page.getByTestId('guest-name').waitFor();
    expect(await page.getByTestId('tutorial-offer').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('is played by keyboard alone on a desktop in English, refusing a wrong tile', async () => {
    // A game without a tutorial (here, no such game) says so; the list offers only the games that have one.
    const { context, page } = await tutorialPage(e2e(), 'laptop-en', '/tutorial/nosuchgame');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('no tutorial for this game yet');
    await page.getByRole('link', { name: 'Other tutorials' }).click();
    await expect
      .poll(() => page.getByTestId('tutorial-list').getByRole('link').allInnerTexts())
      .toEqual(['Learn New York, New York', 'Learn Manhattan', 'Learn My City', 'Learn Chinatown']);
    await expectAccessible(page, 'tutorials-en');
    await shot(page, 'tutorials-en');
    await page.getByRole('link', { name: 'Learn New York, New York' }).click();
    await atStep(page, 1, /Step 1 of 7/, 'r12');

    // Into the board by Tab, as a keyboard user gets there.
    for (let tabs = 0; tabs < 40; tabs++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.closest('[data-nav="hand"]') !== null)) break;
    }
    // The second tile of the hand (blue 3) and Enter: refused, in English.
    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('coach-refused').innerText())
      .toContain('Not that one: your other tiles are blue');
    expect(await page.locator('[data-tile="b3"]').count()).toBe(1);
    await expectAccessible(page, 'tutorial-nyny-desktop-en');

    for (const [index, step] of STEPS.entries()) {
      await atStep(page, index + 1, /Step/, step.tile);
      if (step.tile === null) {
        await page.keyboard.press('p');
      } else {
        const place = await page
          .locator(`[data-nav="${step.row}"]`)
          .evaluateAll(
            (buttons, tile) => buttons.findIndex((button) => button.getAttribute('data-tile') === tile),
            step.tile,
          );
        expect(place).toBeGreaterThanOrEqual(0);
        await page.keyboard.press(`${place + 1}`);
      }
      await page.keyboard.press('Enter');
    }
    await finished(page, '26 to 16', 'tutorial-nyny-desktop-en-end');
    await context.close();
  }, 120_000);
});
