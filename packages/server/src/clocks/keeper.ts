import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { PeriodicLooker } from '../periodic.js';
import { TableError } from '../refusals.js';
import type { TimeSource } from './clocks.js';

/**
 * Hands the seats out of time at a table to bots, read against the stored table, and publishes the change: the table
 * service's `timeOut`, dispatched (`TableDispatcher`). Resolves to the names handed over.
 */
export type HandOver = (tableId: string) => Promise<string[]>;

/**
 * Watches the deadlines stored in the database (the earliest running clock of each table, migration 005) and, when
 * one passes, has the seats out of time handed to bots (`HandOver`: the table service's, whose change is published
 * like any other). The keeper knows nothing of tables but their deadlines: the tables depend on the clocks, not back.
 *
 * Every process runs a keeper; the deadline is in the database, so a restart loses none, and when a process dies the
 * others act on its tables' deadlines. Two keepers that find the same deadline both ask the service, but only one
 * write is stored: the hand-over names the table's revision, so the second finds the table changed and the seat
 * already handed over (one process at a time acts on a deadline, as with the bot lease).
 */
export class ClockKeeper extends PeriodicLooker {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly handOver: HandOver,
    private readonly time: TimeSource,
    private readonly log: FastifyBaseLogger,
    intervalMs = 1000,
  ) {
    super(intervalMs, log, 'looking for passed deadlines failed');
  }

  /** Looks once for passed deadlines and acts on them. */
  protected async lookOnce(): Promise<void> {
    const now = this.time.now();
    const due = await this.db
      .selectFrom('tables')
      .select('id')
      .where('status', '=', 'playing')
      .where('deadline', '<=', now)
      .where('broken', 'is', null)
      .orderBy('deadline')
      .limit(200)
      .execute();
    for (const { id } of due) {
      if (this.looks.closed) return;
      try {
        const names = await this.handOver(id);
        if (names.length > 0) this.log.info({ table: id, players: names }, 'out of time: bots play for them');
      } catch (error) {
        // Another process handed the seat over first (the table changed meanwhile): nothing to do here.
        if (!(error instanceof TableError)) throw error;
      }
    }
  }
}
