/**
 * What the tutorials' browser tests share (docs/tutorials.md): a control pressed as a mouse, a finger or a keyboard
 * presses it; the coach waited for at a lesson, with the lesson's place outlined; and the end, photographed and
 * checked by axe-core.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { LAPTOP_EN, PHONE_FR, expectAccessible, openPage, pageWidth, shot, type E2e } from './browser.js';

export type Way = 'mouse' | 'touch' | 'keyboard';

/** A tutorial's page (a fresh browser context) on a laptop in English or on a phone in French, at `path`. */
export function tutorialPage(e2e: E2e, device: 'laptop-en' | 'phone-fr', path: string) {
  return openPage(e2e, device === 'laptop-en' ? LAPTOP_EN : PHONE_FR, path, 15_000);
}

/** Presses a control of the board as a mouse, a finger or a keyboard does (the keyboard: focused, then Enter). */
export async function press(control: Locator, way: Way): Promise<void> {
  if (way === 'mouse') await control.click();
  else if (way === 'touch') await control.tap();
  else {
    await control.focus();
    await control.press('Enter');
  }
}

/** The coach's title: "Step 3 of 28", "Étape 3 sur 28". */
export const coachTitle = (page: Page): Promise<string> =>
  page.getByTestId('coach').locator('h2').innerText();

/**
 * Waits until the coach is at lesson `n` (its title's first number; `word`: the title in the page's language, to
 * check as well), then until `place` (where the lesson's move is made) is outlined.
 */
export async function atLesson(page: Page, n: number, place: Locator, word?: RegExp): Promise<void> {
  if (word) await expect.poll(() => coachTitle(page)).toMatch(word);
  await expect.poll(() => coachTitle(page)).toMatch(new RegExp(`^\\D*\\b${n}\\b`));
  await expect.poll(() => place.first().getAttribute('class')).toMatch(/tutorial-place/);
}

/**
 * The tutorial's end: the coach's last words hold `score`; the page is photographed and checked by axe-core as
 * `name`, and on a screen `screen` px wide (a phone) it does not scroll sideways.
 */
export async function finished(
  page: Page,
  score: string | RegExp,
  name: string,
  screen?: number,
): Promise<void> {
  const done = () => page.getByTestId('coach-done').innerText();
  if (typeof score === 'string') await expect.poll(done).toContain(score);
  else await expect.poll(done).toMatch(score);
  if (screen !== undefined) expect(await pageWidth(page, screen)).toBeLessThanOrEqual(screen);
  await shot(page, name);
  await expectAccessible(page, name);
}
