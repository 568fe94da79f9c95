import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { TimeSource } from '../clocks/clocks.js';
import type { Database } from '../db/schema.js';
import type { LimitSettings } from '../limits.js';
import { PeriodicLooker } from '../periodic.js';
import type { EmailAccounts } from './email-accounts.js';
import type { Mailer } from './mailer.js';
import type { MailSettings } from './settings.js';
import { awaitedSeatsWithMail, waitingOf } from './awaited-seats.js';
import { claimDigest, digestsDue, unclaimDigest, type DigestDue } from './digest.js';
import { digestLetter, mailLang, reminderLetter } from './texts.js';

/** The most seats looked at in one look (the longest-running clocks first). */
const SEATS_PER_LOOK = 500;
const DAY = 24 * 3600_000;

export interface RemindersDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  mail: EmailAccounts;
  settings: MailSettings;
  limits: LimitSettings;
  /** A game's title by its id (the registry's). */
  title: (game: string) => string;
  time: TimeSource;
  log: FastifyBaseLogger;
}

/**
 * Reminders by e-mail: a player who chose a delay (`users.remind_after_minutes`) and confirmed an address gets an
 * e-mail when a game with a clock has awaited their move that long, with a link to the table and a one-click
 * unsubscribe. A wait is the time the seat's clock has been running (`waitingSince`): the same for every look during
 * it, and a new one after each move of the seat.
 *
 * Every process looks (a periodic look, as the clock keeper's); of two processes that find the same wait, only one
 * sends: each send is claimed first by one conditional statement on `reminders_sent` (an insert, or an update only
 * from an earlier wait), which only one can make. At most one e-mail per game per wait, and per account at most
 * `LIMIT_REMINDERS_PER_DAY` in 24 hours (the others are dropped, not delayed). The same look sweeps the expired links,
 * the ended counts and the reminders of games no longer played.
 */
export class Reminders extends PeriodicLooker {
  constructor(private readonly deps: RemindersDeps) {
    super(deps.settings.reminderCheckMs, deps.log, 'sending reminders failed');
  }

  /** Looks once for reminders due and sends them. */
  protected async lookOnce(): Promise<void> {
    const { db, time } = this.deps;
    const now = time.now();
    const seats = await awaitedSeatsWithMail(db)
      .select('users.remind_after_minutes as minutes')
      .where('users.remind_after_minutes', 'is not', null)
      // A player who chose the daily digest gets it instead (`digest.ts`).
      .where('users.reminder_digest', 'is', null)
      .limit(SEATS_PER_LOOK)
      .execute();
    for (const seat of seats) {
      if (this.looks.closed) return;
      const since = waitingOf(seat.clocks, seat.seat, now);
      const minutes = seat.minutes ?? null;
      // Not the seat's turn, out of time already (a bot plays the seat now), or not yet due.
      if (since === null || minutes === null || !seat.email || now - since < minutes * 60_000) continue;
      if (!(await this.claim(seat.tableId, seat.userId, since, now))) continue;
      const allowed = await this.deps.mail.counters.tryTake(
        'reminder',
        seat.userId,
        this.deps.limits.remindersPerDay,
        DAY,
      );
      if (!allowed) continue; // over the day's reminders: this wait's is dropped
      try {
        await this.send(seat, { since, now, email: seat.email });
      } catch (error) {
        // Not sent: the wait is unclaimed, so that the next look (of any process) tries again.
        await db
          .deleteFrom('reminders_sent')
          .where('table_id', '=', seat.tableId)
          .where('user_id', '=', seat.userId)
          .where('waiting_since', '=', since)
          .execute();
        throw error;
      }
    }
    await this.sendDigests(now);
    await this.sweep(now);
  }

  /** Sends the daily digests due (`digest.ts`), each claimed first so that one process sends it. */
  private async sendDigests(now: number): Promise<void> {
    const { db } = this.deps;
    for (const due of await digestsDue(db, now)) {
      if (this.looks.closed) return;
      if (!(await claimDigest(db, due.userId, now))) continue;
      const allowed = await this.deps.mail.counters.tryTake(
        'reminder',
        due.userId,
        this.deps.limits.remindersPerDay,
        DAY,
      );
      if (!allowed) continue; // over the day's reminders: this day's digest is dropped
      try {
        await this.sendDigest(due, now);
      } catch (error) {
        await unclaimDigest(db, due.userId, now, due.sentAt);
        throw error;
      }
    }
  }

  private async sendDigest(due: DigestDue, now: number): Promise<void> {
    const { mail, settings } = this.deps;
    const query = `u=${due.userId}&s=${await mail.unsubscribeLinks.sign(due.userId)}`;
    const publicUrl = settings.publicUrl ?? '';
    await this.deps.mailer.send({
      to: due.email,
      ...digestLetter(mailLang(due.language), {
        name: due.name,
        games: due.games.map((game) => ({
          game: this.deps.title(game.game),
          waitedMinutes: Math.floor((now - game.since) / 60_000),
          link: `${publicUrl}/t/${game.tableId}`,
        })),
        unsubscribe: mail.link('/unsubscribe', query),
      }),
      headers: {
        'List-Unsubscribe': `<${publicUrl}/api/email/unsubscribe?${query}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  /**
   * Claims the reminder of one wait: true for the one process whose statement stored it (a first reminder at this
   * table, or one for a later wait than the last), false for every other.
   */
  private async claim(tableId: string, userId: string, since: number, now: number): Promise<boolean> {
    const result = await this.deps.db
      .insertInto('reminders_sent')
      .values({ table_id: tableId, user_id: userId, waiting_since: since, sent_at: now })
      .onConflict((conflict) =>
        conflict
          .columns(['table_id', 'user_id'])
          .doUpdateSet({ waiting_since: since, sent_at: now })
          .where('reminders_sent.waiting_since', '<', since),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  private async send(
    seat: { tableId: string; game: string; userId: string; name: string; language?: string | null },
    wait: { since: number; now: number; email: string },
  ): Promise<void> {
    const { mail, settings } = this.deps;
    const signature = await mail.unsubscribeLinks.sign(seat.userId);
    const query = `u=${seat.userId}&s=${signature}`;
    const publicUrl = settings.publicUrl ?? '';
    await this.deps.mailer.send({
      to: wait.email,
      ...reminderLetter(mailLang(seat.language), {
        name: seat.name,
        game: this.deps.title(seat.game),
        waitedMinutes: Math.floor((wait.now - wait.since) / 60_000),
        link: `${publicUrl}/t/${seat.tableId}`,
        unsubscribe: mail.link('/unsubscribe', query),
      }),
      // RFC 8058: mail programs offer their own unsubscribe button, which posts to this address.
      headers: {
        'List-Unsubscribe': `<${publicUrl}/api/email/unsubscribe?${query}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  /** Forgets what no longer serves: expired links, ended counts, reminders of games no longer played. */
  private async sweep(now: number): Promise<void> {
    const { db, mail } = this.deps;
    await mail.tokens.sweep(now);
    await mail.counters.sweep(now);
    await db
      .deleteFrom('reminders_sent')
      .where('table_id', 'not in', (query) =>
        query.selectFrom('tables').select('id').where('status', '=', 'playing'),
      )
      .execute();
  }
}
