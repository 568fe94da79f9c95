/**
 * A measurement, not a check (skipped unless SKYLINE_FRAMES=1; see docs/performance.md): frame times on a phone
 * (390×844, Chromium's CPU slowed 4×) while My City's moves arrive against a bot, with the arrival animations and
 * without them (reduced motion). Frame durations are the gaps between requestAnimationFrame callbacks over about
 * 10 s; prints one JSON line per run: median and p95 in ms and the share of frames over 50 ms.
 *
 *   SKYLINE_FRAMES=1 npx vitest run packages/web/test/e2e/frames.test.ts
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, startAgainstBots } from './browser.js';

const SECONDS = Number(process.env.SKYLINE_FRAMES_SECONDS ?? 10);

/** Builds once if the player may (turning the building until it fits, else passing or stopping); false if not asked. */
async function moveOnce(page: Page): Promise<boolean> {
  try {
    const find = page.getByTestId('find-spot');
    if ((await find.count()) === 0) {
      const other = page.getByTestId('pass').or(page.getByTestId('stop'));
      if ((await other.count()) === 0) return false;
      await other.first().click({ timeout: 2000 });
      return true;
    }
    for (let turn = 0; turn < 4; turn++) {
      await find.click({ timeout: 2000 });
      if (await page.getByTestId('drop').isEnabled()) {
        await page.getByTestId('drop').click({ timeout: 2000 });
        return true;
      }
      await page.getByTestId('rotate').click({ timeout: 2000 });
    }
    await page.getByTestId('pass').or(page.getByTestId('stop')).first().click({ timeout: 2000 });
    return true;
  } catch {
    return false; // the table moved on while we looked
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

describe.runIf(HAVE_CHROMIUM && process.env.SKYLINE_FRAMES === '1')('frame times while moves arrive', () => {
  const e2e = e2eForFile();

  for (const motion of ['animated', 'reduced'] as const)
    it(`My City on a phone, CPU 4× slower, ${motion}`, async () => {
      const { context, page } = await startAgainstBots(
        e2e(),
        motion === 'animated' ? 'ani' : 'red',
        'mycity',
        {
          device: {
            viewport: { width: 390, height: 844 },
            hasTouch: true,
            isMobile: true,
            reducedMotion: motion === 'reduced' ? 'reduce' : 'no-preference',
          },
        },
      );
      await page.getByTestId('mycity-board').waitFor();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.evaluate(() => {
        const w = window as unknown as { frames_: number[] };
        w.frames_ = [];
        let last = performance.now();
        const tick = (now: number) => {
          w.frames_.push(now - last);
          last = now;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const end = Date.now() + SECONDS * 1000;
      let moves = 0;
      while (Date.now() < end) {
        if (await moveOnce(page)) moves++;
        else await page.waitForTimeout(50);
      }
      const frames = await page.evaluate(() => (window as unknown as { frames_: number[] }).frames_.slice(1));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const sorted = [...frames].sort((a, b) => a - b);
      const result = {
        name: `web.frames.mycity.${motion}`,
        moves,
        frames: frames.length,
        medianMs: Number(quantile(sorted, 0.5).toFixed(1)),
        p95Ms: Number(quantile(sorted, 0.95).toFixed(1)),
        over50ms: Number((frames.filter((ms) => ms > 50).length / frames.length).toFixed(3)),
      };
      console.log(JSON.stringify(result));
      expect(moves).toBeGreaterThan(0);
      await context.close();
    }, 120_000);
});
