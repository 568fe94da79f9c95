/**
 * The confirm-moves check box of a registered player's settings page, kept with the account (migration 017): the
 * absence reproduced is the choice lost in every other browser (it lived in one browser's storage only). A choice made
 * as a guest stays until the account has one; once chosen there, the account's choice comes back to a browser that
 * says otherwise, when the site opens.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, expectAccessible, guest, keepName } from './browser.js';

/** The account's stored choice, as the server answers it to this page's session. */
async function stored(page: Page): Promise<unknown> {
  return page.evaluate(async () => (await fetch('/api/settings/play')).json());
}

describe.skipIf(!HAVE_CHROMIUM)('the confirm-moves choice kept with the account', () => {
  const e2e = e2eForFile();

  it('keeps the guest’s choice until the account has one, then brings the account’s back to this browser', async () => {
    // A guest who turned confirmations off (the harness's guests have them off), then keeps the name.
    const { context, page } = await guest(e2e(), 'petra', { viewport: { width: 1280, height: 800 } });
    await keepName(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings$/);
    const box = page.getByTestId('confirm-setting');
    await box.waitFor();
    expect(await stored(page)).toEqual({ confirmMoves: true, chosen: false });
    // Nothing chosen on the account yet: the browser's choice (off) stays.
    await page.waitForTimeout(300);
    expect(await box.isChecked()).toBe(false);
    // Checked by keyboard: kept with the account.
    await box.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => stored(page)).toEqual({ confirmMoves: true, chosen: true });
    await expectAccessible(page, 'settings-play-account');
    // This browser forgets (another browser would never have known): the site opened again takes the account's.
    await page.evaluate(() => localStorage.setItem('skyline.confirmMoves', 'off'));
    await page.reload();
    await box.waitFor();
    await expect.poll(() => box.isChecked()).toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('skyline.confirmMoves'))).toBe('on');
    // Unchecked: off on the account.
    await box.click();
    await expect.poll(() => stored(page)).toEqual({ confirmMoves: false, chosen: true });
    await context.close();
  }, 120_000);
});
