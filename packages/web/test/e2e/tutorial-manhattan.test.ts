/**
 * Manhattan's tutorial in the browser (docs/tutorials.md), with the game's own board: on a desktop in English it is
 * played to the end, each lesson's card, piece and lot outlined, by mouse and by keyboard in turn (the board's own
 * buttons, reached by Tab, pressed with Enter); on a phone in French, by touch, with a wrong choice of pieces and a
 * wrong lot first: the coach answers each and nothing is played. axe-core finds nothing serious; nothing scrolls
 * sideways on the phone; screenshots go to `test-results/`.
 */
import { lessonsOf } from '@skyline/engine';
import { tutorial, type ManhattanMove } from '@skyline/manhattan';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, expectAccessible, pageWidth, shot } from './browser.js';
import { atLesson, finished, press, tutorialPage, type Way } from './coach.js';

/** The learner's moves, as the script asks them (packages/games/manhattan/src/tutorial.ts). */
const MOVES: ManhattanMove[] = lessonsOf(tutorial).map((lesson) => lesson.move);
const SIZES = [1, 2, 3, 4];

/** Waits for lesson `n` and checks that its first place (the card, or the choice of pieces) is outlined. */
function atStep(page: Page, n: number, word: RegExp): Promise<void> {
  const move = MOVES[n - 1] as ManhattanMove;
  const first =
    move.type === 'build' ? page.locator(`[data-card="${move.card}"]`) : page.locator('.select-pieces');
  return atLesson(page, n, first, word);
}

/** Sets the choice of pieces to `pieces` with its − and + buttons, then confirms it. */
async function choosePieces(page: Page, pieces: readonly number[], how: Way): Promise<void> {
  const box = page.locator('.select-pieces');
  for (const size of SIZES) {
    const want = pieces.filter((piece) => piece === size).length;
    const counter = box.locator('.counter').nth(size - 1);
    // Fewer first, then more: the total never goes over the round's six.
    for (let k = 0; k < 10 && Number(await counter.locator('output').innerText()) > want; k++)
      await press(counter.getByRole('button').first(), how);
  }
  for (const size of SIZES) {
    const want = pieces.filter((piece) => piece === size).length;
    const counter = box.locator('.counter').nth(size - 1);
    for (let k = 0; k < 10 && Number(await counter.locator('output').innerText()) < want; k++)
      await press(counter.getByRole('button').last(), how);
  }
  await press(page.getByTestId('select-confirm'), how);
}

/** Makes a move with the board's controls: the pieces chosen, or a card, a piece and a lot. */
async function play(page: Page, move: ManhattanMove, how: Way): Promise<void> {
  if (move.type === 'select') return choosePieces(page, move.pieces, how);
  if (move.type !== 'build') throw new Error(`no ${move.type} in the tutorial`);
  await press(page.locator(`[data-testid="card"][data-card="${move.card}"]`).first(), how);
  await press(page.locator(`[data-testid="piece"][data-floors="${move.piece}"]`), how);
  await press(page.locator(`[data-testid="build-lot"][data-lot-key="${move.city}:${move.card}"]`), how);
}

/** How many buildings stand on the board (each has its floor count beside it). */
const buildings = (page: Page) => page.locator('svg.manhattan-board [data-testid="floor-count"]').count();

describe.skipIf(!HAVE_CHROMIUM)('Manhattan’s tutorial', () => {
  const e2e = e2eForFile();

  it('is played to the end on a desktop in English, by mouse and by keyboard', async () => {
    const { context, page } = await tutorialPage(e2e(), 'laptop-en', '/tutorial');
    await page.getByRole('link', { name: 'Learn Manhattan' }).click();
    await page.getByTestId('coach-intro').waitFor();
    await atStep(page, 1, /Step 1 of 28/);
    await shot(page, 'tutorial-manhattan-desktop-en');
    await expectAccessible(page, 'tutorial-manhattan-desktop-en');

    for (const [index, move] of MOVES.entries()) {
      await atStep(page, index + 1, /Step/);
      if (index === 2) {
        // Lesson 3 outlines its card, its piece and its lot: lot 3 of Manhattan.
        await expect
          .poll(() => page.locator('[data-lot-key="1:3"]').getAttribute('class'))
          .toMatch(/tutorial-place/);
        // Reached from the board's box by Tab, as a keyboard user gets there, and chosen: still outlined.
        await page.getByTestId('board-wrap').focus();
        const card = page.locator('[data-testid="card"][data-card="3"]');
        for (let tabs = 0; tabs < 20 && !(await card.evaluate((el) => el === document.activeElement)); tabs++)
          await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await expect.poll(() => card.getAttribute('aria-pressed')).toBe('true');
        await expect.poll(() => card.getAttribute('class')).toMatch(/tutorial-place/);
        await shot(page, 'tutorial-manhattan-desktop-en-lot');
      }
      await play(page, move, index % 2 === 0 ? 'mouse' : 'keyboard');
      if (index === 7) await shot(page, 'tutorial-manhattan-desktop-en-round2');
    }
    await finished(page, '88 to 41', 'tutorial-manhattan-desktop-en-end');
    await context.close();
  }, 240_000);

  it('is played by touch on a phone in French, answering a wrong choice of pieces and a wrong lot', async () => {
    const { context, page } = await tutorialPage(e2e(), 'phone-fr', '/tutorial/manhattan');
    await page.getByTestId('coach-intro').waitFor();
    await atStep(page, 1, /Étape 1 sur 28/);

    // Six pieces of 1 floor, as the box first offers: refused in French, and the choice is still to make.
    await page.getByTestId('select-confirm').tap();
    await expect.poll(() => page.getByTestId('coach-refused').innerText()).toContain('Pas celles-ci');
    expect(await page.locator('.select-pieces').count()).toBe(1);
    await shot(page, 'tutorial-manhattan-phone-fr');
    await expectAccessible(page, 'tutorial-manhattan-phone-fr');
    expect(await pageWidth(page, 390)).toBeLessThanOrEqual(390);

    await play(page, MOVES[0] as ManhattanMove, 'touch');
    await atStep(page, 2, /Étape 2 sur 28/);
    // Card 4 and the 4-floor piece on lot 4 of Frankfurt instead of Manhattan: answered, and nothing is built.
    await play(page, { type: 'build', card: 4, city: 2, piece: 4 }, 'touch');
    await expect
      .poll(() => page.getByTestId('coach-refused').innerText())
      .toContain('La pièce de 4 étages est la bonne');
    expect(await buildings(page)).toBe(0);
    await shot(page, 'tutorial-manhattan-phone-fr-refused');
    await expectAccessible(page, 'tutorial-manhattan-phone-fr-refused');

    for (const [index, move] of MOVES.slice(1, 8).entries()) {
      await atStep(page, index + 2, /Étape/);
      await play(page, move, 'touch');
    }
    await atStep(page, 9, /Étape 9 sur 28/);
    expect(await pageWidth(page, 390)).toBeLessThanOrEqual(390);
    await shot(page, 'tutorial-manhattan-phone-fr-round2');
    await expectAccessible(page, 'tutorial-manhattan-phone-fr-round2');

    // And on to the end, by touch.
    for (const [index, move] of MOVES.slice(8).entries()) {
      await atStep(page, index + 9, /Étape/);
      await play(page, move, 'touch');
    }
    await finished(page, '88 à 41', 'tutorial-manhattan-phone-fr-end', 390);
    await context.close();
  }, 180_000);
});
