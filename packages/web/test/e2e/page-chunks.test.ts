/**
 * The pages' code comes in chunks: the first load carries the lobby, and a signed-in player's browser fetches the
 * table page's chunk while idle, so that opening a table needs no download of code (no "Loading…" before the board).
 */
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile } from './browser.js';

describe.skipIf(!HAVE_CHROMIUM)('page chunks in the browser', () => {
  const e2e = e2eForFile();

  it('a player waiting in the lobby already has the table page: creating a table downloads no code', async () => {
    const scripts: string[] = [];
    const context = await e2e().browser.newContext({
      viewport: { width: 1100, height: 900 },
      locale: 'en-US',
    });
    const page = await context.newPage();
    // Scripts asked for, and when the last one was: the idle preload fetches the table page and then each board,
    // whose own shared chunks are only asked for once the board's chunk has come.
    let lastScriptAt = Date.now();
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(new URL(request.url()).pathname);
      lastScriptAt = Date.now();
    });
    await page.goto(e2e().url);
    // Not signed in: the sign-in page has no use for the table's code.
    await page.getByTestId('guest-name').waitFor();
    expect(scripts.filter((path) => /\/Table-[\w-]+\.js$/.test(path))).toEqual([]);
    await page.getByTestId('guest-name').fill('chunk');
    await page.getByTestId('guest-play').click();
    await page.getByTestId('create-table').waitFor();
    // Signed in and idle in the lobby: the table page's chunk comes down without any click.
    await expect
      .poll(() => scripts.some((path) => /\/Table-[\w-]+\.js$/.test(path)), { timeout: 10_000 })
      .toBe(true);
    // ...and then the boards and what they share, until no script has been asked for in a second.
    await expect.poll(() => Date.now() - lastScriptAt > 1000, { timeout: 20_000 }).toBe(true);
    const before = scripts.length;
    await page.getByTestId('create-table').click();
    await page.waitForURL(/\/t\/[a-z0-9]+$/);
    await page.getByTestId('seat-0').waitFor();
    expect(scripts.slice(before)).toEqual([]);
    await context.close();
  }, 60_000);

  it("loading the pages breaks nothing of the Content-Security-Policy (zod's `new Function` probe did, on every load)", async () => {
    const context = await e2e().browser.newContext({
      viewport: { width: 1100, height: 900 },
      locale: 'en-US',
    });
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        ),
      );
    });
    const page = await context.newPage();
    await page.goto(e2e().url);
    await page.getByTestId('guest-name').fill('csp');
    await page.getByTestId('guest-play').click();
    await page.getByTestId('create-table').click();
    await page.getByTestId('seat-0').waitFor();
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await context.close();
  }, 60_000);
});
