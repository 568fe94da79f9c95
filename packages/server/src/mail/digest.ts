/**
 * The daily digest: a player who chose it (`users.reminder_digest`, with a confirmed address) gets at most one e-mail
 * a day listing every game with a clock that awaits their move, each with its link, and the one-click unsubscribe of
 * the reminders (it turns both off). It is the alternative to the reminder per game (`reminders.ts`, which leaves
 * these players out).
 *
 * Every process looks (from the reminders' periodic look); of two that find the same player due, one sends: the day's
 * digest is claimed first by one conditional update of `users.digest_sent_at` (`claimDigest`), which only one can
 * make. A send that fails gives the claim back, so that a later look tries again.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { awaitedSeatsWithMail, waitingOf } from './awaited-seats.js';

export const DIGEST_EVERY_MS = 24 * 3600_000;

/** The most seats looked at in one look. */
const SEATS_PER_LOOK = 2000;

/** A game awaiting a player who chose the digest. */
export interface AwaitingGame {
  tableId: string;
  game: string;
  /** When the seat's wait began (its clock started running). */
  since: number;
}

/** A player due a digest: the games awaiting them, the longest waiting first. */
export interface DigestDue {
  userId: string;
  name: string;
  email: string;
  language: string | null;
  /** The last digest's time, given back to the row if the send fails. */
  sentAt: number | null;
  games: AwaitingGame[];
}

/** The players due a digest at `now` (none sent for a day, at least one game awaiting them). */
export async function digestsDue(db: Kysely<Database>, now: number): Promise<DigestDue[]> {
  const rows = await awaitedSeatsWithMail(db)
    .select('users.digest_sent_at as sentAt')
    .where('users.reminder_digest', '=', 1)
    .where((eb) =>
      eb.or([
        eb('users.digest_sent_at', 'is', null),
        eb('users.digest_sent_at', '<=', now - DIGEST_EVERY_MS),
      ]),
    )
    .limit(SEATS_PER_LOOK)
    .execute();
  const due = new Map<string, DigestDue>();
  for (const row of rows) {
    const since = waitingOf(row.clocks, row.seat, now);
    if (since === null || !row.email) continue;
    const entry = due.get(row.userId) ?? {
      userId: row.userId,
      name: row.name,
      email: row.email,
      language: row.language ?? null,
      sentAt: row.sentAt === null || row.sentAt === undefined ? null : Number(row.sentAt),
      games: [],
    };
    entry.games.push({ tableId: row.tableId, game: row.game, since });
    due.set(row.userId, entry);
  }
  for (const entry of due.values()) entry.games.sort((a, b) => a.since - b.since);
  return [...due.values()];
}

/**
 * Claims the day's digest of `userId` at `now`: true for the one statement that moved `digest_sent_at` (none sent
 * yet, or the last a day ago or more), false for every other, in this process or another.
 */
export async function claimDigest(db: Kysely<Database>, userId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ digest_sent_at: now })
    .where('id', '=', userId)
    .where('reminder_digest', '=', 1)
    .where((eb) =>
      eb.or([eb('digest_sent_at', 'is', null), eb('digest_sent_at', '<=', now - DIGEST_EVERY_MS)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back a claim whose e-mail was not sent (only the claim made at `now`: a later one is another look's). */
export async function unclaimDigest(
  db: Kysely<Database>,
  userId: string,
  now: number,
  before: number | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ digest_sent_at: before })
    .where('id', '=', userId)
    .where('digest_sent_at', '=', now)
    .execute();
}
