import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { LimitError, type EmailLimitKind } from '../limits.js';

/** What the e-mail counters count: the limits' kinds, and reminders per account (dropped quietly, never refused). */
export type CountKind = EmailLimitKind | 'reminder';

/**
 * Counts of e-mails for their limits, in the database: a restart forgets none, and every process counts the same
 * rows (the rate limiters of `limits.ts` live in memory, or in Redis only when there is one). Each count is one
 * conditional statement — an insert that, on a key already counting, adds one only while under the limit or starts
 * a new window once the last one is over — so that two processes counting at once never both pass the last place.
 * A window starts at its first count and lasts `windowMs`.
 */
export class SendCounters {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /**
   * Counts one e-mail of `kind` for `key` (a keyed hash: an address, an account, a client's address); false when the
   * limit was already reached, and then nothing is counted.
   */
  async tryTake(kind: CountKind, key: string, limit: number, windowMs: number): Promise<boolean> {
    const now = this.now();
    const over = now - windowMs;
    const windowOver = sql<boolean>`email_counts.window_start <= ${over}`;
    const result = await this.db
      .insertInto('email_counts')
      .values({ key: `${kind}:${key}`, window_start: now, count: 1 })
      .onConflict((conflict) =>
        conflict
          .column('key')
          .doUpdateSet({
            count: sql<number>`case when ${windowOver} then 1 else email_counts.count + 1 end`,
            window_start: sql<number>`case when ${windowOver} then cast(${now} as bigint) else email_counts.window_start end`,
          })
          .where(sql<boolean>`${windowOver} or email_counts.count < ${limit}`),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Counts as `tryTake`, but refuses with a `LimitError` (HTTP 429, with when to try again) when over the limit. */
  async take(kind: EmailLimitKind, key: string, limit: number, windowMs: number): Promise<void> {
    if (await this.tryTake(kind, key, limit, windowMs)) return;
    const row = await this.db
      .selectFrom('email_counts')
      .select('window_start')
      .where('key', '=', `${kind}:${key}`)
      .executeTakeFirst();
    const ends = Number(row?.window_start ?? this.now()) + windowMs;
    throw new LimitError(kind, Math.max(1, Math.ceil((ends - this.now()) / 1000)));
  }

  /** Deletes the counts whose window ended before `now` less a day (the periodic sweep; no limit is longer). */
  async sweep(now = this.now()): Promise<void> {
    await this.db
      .deleteFrom('email_counts')
      .where('window_start', '<', now - 2 * 24 * 3600_000)
      .execute();
  }
}
