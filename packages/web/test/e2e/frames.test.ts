/**
 * A measurement, not a check (skipped unless SKYLINE_FRAMES=1; see docs/performance.md): frame times on a phone
 * (390×844, Chromium's CPU slowed 4×) while moves arrive against a bot, with the arrival animations and without them
 * (reduced motion): My City from its start, and Manhattan from its third round, its board already full of buildings
 * (each drawn with its windows). Frame durations are the gaps between requestAnimationFrame callbacks over about
 * 10 s; prints one JSON line per run: median and p95 in ms and the share of frames over 50 ms.
 *
 *   SKYLINE_FRAMES=1 npx vitest run packages/web/test/e2e/frames.test.ts
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, e2eForFile, guest, seeded, startAgainstBots, type E2e } from './browser.js';
import { manhattanMove, openManhattanRoundThree } from './play.js';

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

/** A guest on `device` at a two-seat Manhattan table against a greedy bot, at its third round's choice of pieces. */
async function manhattanRoundThree(e2e: E2e, name: string, device: object) {
  const me = await guest(e2e, name, device);
  await openManhattanRoundThree(e2e, me.page, ['greedy'], 9);
  return me;
}

describe.runIf(HAVE_CHROMIUM && process.env.SKYLINE_FRAMES === '1')('frame times while moves arrive', () => {
  const e2e = e2eForFile();

  for (const game of ['mycity', 'manhattan'] as const)
    for (const motion of ['animated', 'reduced'] as const)
      it(`${game} on a phone, CPU 4× slower, ${motion}`, async () => {
        const device = {
          viewport: { width: 390, height: 844 },
          hasTouch: true,
          isMobile: true,
          reducedMotion: motion === 'reduced' ? ('reduce' as const) : ('no-preference' as const),
        };
        const name = `${game.slice(0, 3)}${motion.slice(0, 3)}`;
        const { context, page } =
          game === 'mycity'
            ? await startAgainstBots(e2e(), name, 'mycity', { device })
            : await manhattanRoundThree(e2e(), name, device);
        const random = seeded(3);
        const move = game === 'mycity' ? () => moveOnce(page) : () => manhattanMove(page, random);
        if (game === 'mycity') await page.getByTestId('mycity-board').waitFor();
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
          if (await move()) moves++;
          else await page.waitForTimeout(50);
        }
        const frames = await page.evaluate(() =>
          (window as unknown as { frames_: number[] }).frames_.slice(1),
        );
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        const sorted = [...frames].sort((a, b) => a - b);
        const result = {
          name: `web.frames.${game}.${motion}`,
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
