import type { FastifyBaseLogger } from 'fastify';

/**
 * A look taken every `intervalMs` (the clock keeper's deadlines, the tournaments, the bots' sweep): never two at once
 * (asked while one runs, `run` returns that one), its errors logged with `failure`, never thrown, and its timers
 * unref'd, so that it never keeps the process alive.
 */
export class Periodic {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly look: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly failure: string,
  ) {}

  /** Looks every `intervalMs` from now on (the first one interval from now). */
  start(): void {
    this.timer = setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
  }

  /** Looks once now, or returns the look under way (the interval calls it; tests call it after moving time). */
  run(): Promise<void> {
    this.running ??= this.look()
      .catch((error: unknown) => {
        this.log.warn({ err: error }, this.failure);
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** True once `stop` was called: a look under way checks it between its steps. */
  get closed(): boolean {
    return this.stopped;
  }

  /** No more looks; resolves once the look under way, if any, is over. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

/**
 * What looks periodically through a `Periodic` (the clock keeper, the reminders, the tournament driver): started and
 * closed by the server, and looked once on demand by `check` (the interval calls it; tests call it after moving
 * time). A subclass says what one look does (`lookOnce`); `looks.closed` tells a look under way to stop.
 */
export abstract class PeriodicLooker {
  protected readonly looks: Periodic;

  constructor(intervalMs: number, log: FastifyBaseLogger, failure: string) {
    this.looks = new Periodic(() => this.lookOnce(), intervalMs, log, failure);
  }

  /** One look. */
  protected abstract lookOnce(): Promise<void>;

  start(): void {
    this.looks.start();
  }

  /** No more looks; resolves once the look under way, if any, is over. */
  close(): Promise<void> {
    return this.looks.stop();
  }

  /** Looks once now, or returns the look under way. */
  check(): Promise<void> {
    return this.looks.run();
  }
}
