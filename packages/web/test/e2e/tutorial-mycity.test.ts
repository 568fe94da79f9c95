/**
 * My City's tutorial in the browser (docs/tutorials.md), with the game's real board: on a desktop in English it is
 * played to its end by keyboard alone (arrow keys, R to turn, Enter to build, Tab to Pass and Stop); on a phone in
 * French by touch alone, to its end too (the Turn button, a tap to place, a second tap to build, Pass and Stop
 * tapped); its first lessons on a desktop by mouse (hover, click). Each tries a wrong choice first: the coach answers it and it is not played. Each lesson's squares are outlined; axe-core
 * finds nothing serious; nothing scrolls sideways on the phone; screenshots go to `test-results/`.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, expectAccessible, pageWidth, shot } from './browser.js';
import { atLesson, finished, tutorialPage } from './coach.js';

type Step = { turns: number; anchor: [number, number]; tap: [number, number] } | { button: 'pass' | 'stop' };

/**
 * The learner's moves, as packages/games/mycity/src/tutorial.ts asks them: a building turned `turns` quarter-turns
 * from its card, its top-left corner on `anchor`; `tap` is the square a tap puts its first square on (the topmost
 * row's leftmost); or Pass, or Stop.
 */
const STEPS: Step[] = [
  { turns: 2, anchor: [0, 3], tap: [0, 3] },
  { turns: 2, anchor: [2, 2], tap: [2, 3] },
  { turns: 1, anchor: [2, 6], tap: [2, 7] },
  { turns: 2, anchor: [0, 7], tap: [0, 7] },
  { turns: 0, anchor: [3, 8], tap: [3, 9] },
  { turns: 0, anchor: [5, 2], tap: [5, 2] },
  { turns: 0, anchor: [8, 2], tap: [8, 2] },
  { turns: 3, anchor: [4, 9], tap: [4, 11] },
  { turns: 0, anchor: [4, 1], tap: [4, 1] },
  { turns: 2, anchor: [7, 8], tap: [7, 9] },
  { turns: 0, anchor: [6, 4], tap: [6, 4] },
  { button: 'pass' },
  { turns: 0, anchor: [5, 7], tap: [5, 8] },
  { turns: 1, anchor: [1, 8], tap: [1, 10] },
  { turns: 3, anchor: [0, 1], tap: [0, 2] },
  { turns: 1, anchor: [2, 0], tap: [2, 1] },
  { button: 'stop' },
];

const built = (page: Page) => page.locator('[data-testid="built"] > *').count();

/** Waits for lesson `n` of 17 and checks that its place (a square to build on, or the button) is outlined. */
const atStep = (page: Page, n: number, word: RegExp, step: Step) =>
  atLesson(
    page,
    n,
    'button' in step
      ? page.getByTestId(step.button)
      : page.locator(`[data-testid="mycity-board"] [data-square="${step.tap[0]}-${step.tap[1]}"]`),
    word,
  );

/** Tabs on until the element with `testId` has the focus (it may have it already). */
async function tabTo(page: Page, testId: string): Promise<void> {
  for (let tabs = 0; tabs < 80; tabs++) {
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId))
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${testId}`);
}

/** By keyboard: the building to the board's top-left corner, turned, moved to `anchor` by the arrows, built. */
async function buildByKeys(page: Page, turns: number, [row, col]: [number, number]): Promise<void> {
  await tabTo(page, 'mycity-board');
  for (let k = 0; k < 10; k++) await page.keyboard.press('ArrowUp');
  for (let k = 0; k < 12; k++) await page.keyboard.press('ArrowLeft');
  for (let k = 0; k < turns; k++) await page.keyboard.press('r');
  for (let k = 0; k < row; k++) await page.keyboard.press('ArrowDown');
  for (let k = 0; k < col; k++) await page.keyboard.press('ArrowRight');
  await page.getByTestId('preview-legal').waitFor();
  await page.keyboard.press('Enter');
}

/** The middle of the board's square at `row`, `col` (0-based; 10 rows of 12), relative to the board. */
async function squareCentre(board: Locator, row: number, col: number): Promise<{ x: number; y: number }> {
  const box = await board.boundingBox();
  if (!box) throw new Error('no board');
  return { x: ((col + 0.5) * box.width) / 12, y: ((row + 0.5) * box.height) / 10 };
}

/** By touch: the Turn button, a tap that puts the building's first square on `tap`, a second tap that builds it. */
async function buildByTouch(page: Page, turns: number, [row, col]: [number, number]): Promise<void> {
  for (let k = 0; k < turns; k++) await page.getByTestId('rotate').tap();
  const board = page.getByTestId('mycity-board');
  await board.scrollIntoViewIfNeeded();
  const position = await squareCentre(board, row, col);
  await board.tap({ position });
  await page.getByTestId('preview-legal').waitFor();
  await board.tap({ position });
}

/** By mouse: the Turn button, the building hovered onto the board with its first square on `tap`, a click. */
async function buildByMouse(page: Page, turns: number, [row, col]: [number, number]): Promise<void> {
  for (let k = 0; k < turns; k++) await page.getByTestId('rotate').click();
  const board = page.getByTestId('mycity-board');
  const position = await squareCentre(board, row, col);
  await board.hover({ position });
  await page.getByTestId('preview-legal').waitFor();
  await board.click({ position });
}

describe.skipIf(!HAVE_CHROMIUM)('My City’s tutorial', () => {
  const e2e = e2eForFile();

  it('is played to its end by keyboard on a desktop in English, refusing a building over a tree', async () => {
    const { context, page } = await tutorialPage(e2e(), 'laptop-en', '/tutorial');
    await page.getByRole('link', { name: 'Learn My City' }).click();
    await page.getByTestId('coach-intro').waitFor();
    await atStep(page, 1, /Step 1 of 17/, STEPS[0] as Step);

    // The public building 7 as printed, over the tree at row 2, column 9: refused, and not built.
    await buildByKeys(page, 0, [0, 7]);
    await expect.poll(() => page.getByTestId('coach-refused').innerText()).toContain('that covers a tree');
    expect(await built(page)).toBe(0);
    await shot(page, 'tutorial-mycity-desktop-en');
    await expectAccessible(page, 'tutorial-mycity-desktop-en');

    for (const [index, step] of STEPS.entries()) {
      await atStep(page, index + 1, /Step/, step);
      if (index === 11) await shot(page, 'tutorial-mycity-desktop-en-pass');
      if ('button' in step) {
        await tabTo(page, step.button);
        await page.keyboard.press('Enter');
      } else {
        await buildByKeys(page, step.turns, step.anchor);
      }
    }
    await finished(page, '14 to −9', 'tutorial-mycity-desktop-en-end');
    expect(await built(page)).toBe(15);
    await context.close();
  }, 180_000);

  it('is begun by mouse on a desktop in English, refusing a pass', async () => {
    const { context, page } = await tutorialPage(e2e(), 'laptop-en', '/tutorial/mycity');
    await atStep(page, 1, /Step 1 of 17/, STEPS[0] as Step);
    await page.getByTestId('pass').click();
    await expect.poll(() => page.getByTestId('coach-refused').innerText()).toContain('Not a pass');
    // Not played: still the first lesson, the marker still on 10 (each seat's panel says it).
    await atStep(page, 1, /Step 1 of 17/, STEPS[0] as Step);
    expect((await page.locator('body').innerText()).match(/marker\s+10\b/g)).toHaveLength(2);
    for (const [index, step] of STEPS.slice(0, 3).entries()) {
      await atStep(page, index + 1, /Step/, step);
      if ('button' in step) throw new Error('the first lessons build');
      await buildByMouse(page, step.turns, step.tap);
    }
    await atStep(page, 4, /Step 4 of 17/, STEPS[3] as Step);
    expect(await built(page)).toBe(3);
    await context.close();
  }, 120_000);

  it('is finished by touch on a phone in French, refusing a wrong placement', async () => {
    const { context, page } = await tutorialPage(e2e(), 'phone-fr', '/tutorial');
    await page.getByRole('link', { name: 'Apprendre My City' }).tap();
    await page.getByTestId('coach-intro').waitFor();
    await atStep(page, 1, /Étape 1 sur 17/, STEPS[0] as Step);

    // The first spot the board shows, as printed: not the lesson's, answered in French and not built.
    await page.getByTestId('find-spot').tap();
    await page.getByTestId('drop').tap();
    await expect.poll(() => page.getByTestId('coach-refused').innerText()).toContain('Pas là');
    expect(await built(page)).toBe(0);
    await shot(page, 'tutorial-mycity-phone-fr');
    await expectAccessible(page, 'tutorial-mycity-phone-fr');
    expect(await pageWidth(page, 390)).toBeLessThanOrEqual(390);

    for (const [index, step] of STEPS.entries()) {
      await atStep(page, index + 1, /Étape/, step);
      if (index === 4) {
        expect(await built(page)).toBe(4);
        expect(await pageWidth(page, 390)).toBeLessThanOrEqual(390);
        await shot(page, 'tutorial-mycity-phone-fr-lesson5');
        await expectAccessible(page, 'tutorial-mycity-phone-fr-lesson5');
      }
      if ('button' in step) await page.getByTestId(step.button).tap();
      else await buildByTouch(page, step.turns, step.tap);
    }
    await finished(page, '14 à −9', 'tutorial-mycity-phone-fr-end', 390);
    expect(await built(page)).toBe(15);
    await context.close();
  }, 180_000);
});
