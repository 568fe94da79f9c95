/** Manhattan in the browser: two guests choose their pieces and build through the UI until the first round is scored. */
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, actUntil, seeded, shot, e2eForFile, startTwoSeatGame } from './browser.js';
import { manhattanMove } from './play.js';

describe.skipIf(!HAVE_CHROMIUM)('Manhattan in the browser', () => {
  const e2e = e2eForFile();

  it('two guests play a full round: choose pieces, build, and the round is scored', async () => {
    const { ann, bob } = await startTwoSeatGame(e2e(), 'manhattan');
    for (const page of [ann.page, bob.page]) await page.locator('svg.manhattan-board').waitFor();
    await ann.page
      .getByTestId('turn')
      .getByText(/Your turn|Waiting for/)
      .waitFor();
    await shot(ann.page, 'manhattan-desktop-start-en');

    const random = seeded(11);
    const scored = async () => (await ann.page.getByTestId('round-scores').count()) > 0;
    const moves = await actUntil([ann.page, bob.page], (page) => manhattanMove(page, random), scored, 60_000);
    await ann.page.getByTestId('round-scores').waitFor({ timeout: 2000 });
    expect(moves).toBeGreaterThanOrEqual(14); // 2 selections and 12 builds at least
    const scores = await Promise.all(
      [0, 1].map(async (seat) => Number(await ann.page.getByTestId(`score-${seat}`).textContent())),
    );
    expect(scores[0]! + scores[1]!).toBeGreaterThan(0);
    // What just happened: the last build is outlined and named on both boards, and the log says which lot it was.
    for (const page of [ann.page, bob.page]) {
      await page.getByTestId('just-built').first().waitFor();
      await page
        .getByRole('img', { name: /, lot \d: .* just built here$/ })
        .or(page.getByRole('button', { name: /, lot \d: .* just built here$/ }))
        .first()
        .waitFor();
      await page
        .getByTestId('log')
        .getByText(/builds (one floor|\d floors) on lot \d of [A-Z]/)
        .first()
        .waitFor();
    }
    await shot(ann.page, 'manhattan-desktop-round1-en');
    await ann.context.close();
    await bob.context.close();
  }, 90_000);
});
