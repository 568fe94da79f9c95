/**
 * The look the clock keeper, the tournament driver and the bot driver take every interval (`src/periodic.ts`).
 */
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Periodic } from '../src/periodic.js';

function logger(): { log: FastifyBaseLogger; warnings: string[] } {
  const warnings: string[] = [];
  const log = {
    warn: (_: unknown, message: string) => warnings.push(message),
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe('a periodic look', () => {
  it('asked again while it runs, returns the look under way instead of starting a second one', async () => {
    let looks = 0;
    let finish = () => {};
    const periodic = new Periodic(
      () => {
        looks++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      60_000,
      logger().log,
      'failed',
    );
    const first = periodic.run();
    const second = periodic.run();
    expect(second).toBe(first);
    finish();
    await first;
    expect(looks).toBe(1);
    const third = periodic.run();
    finish();
    await third;
    expect(looks).toBe(2);
  });

  it('logs a failed look instead of throwing it, and looks again next time', async () => {
    const { log, warnings } = logger();
    let looks = 0;
    const periodic = new Periodic(
      () => (++looks === 1 ? Promise.reject(new Error('database gone')) : Promise.resolve()),
      60_000,
      log,
      'looking failed',
    );
    await expect(periodic.run()).resolves.toBeUndefined();
    expect(warnings).toEqual(['looking failed']);
    await periodic.run();
    expect(looks).toBe(2);
  });

  it('looks every interval once started, and stopping waits for the look under way and ends the looks', async () => {
    let looks = 0;
    let closedSeen = false;
    const periodic = new Periodic(
      async () => {
        looks++;
        await new Promise((resolve) => setTimeout(resolve, 30));
        closedSeen = periodic.closed;
      },
      10,
      logger().log,
      'failed',
    );
    periodic.start();
    while (looks === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await periodic.stop();
    expect(closedSeen).toBe(true);
    const after = looks;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(looks).toBe(after);
  });
});
