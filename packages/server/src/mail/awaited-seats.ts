/**
 * The seats an e-mail may remind: a registered person with an address (not a bot standing in) at a game with a clock
 * that is being played. The reminder per game (`reminders.ts`) and the daily digest (`digest.ts`) both start from
 * this query, each adding the columns and conditions of its own setting, and both keep a seat only while its wait
 * runs (`waitingOf`).
 */
import type { Kysely } from 'kysely';
import { waitingSince, type Clocks } from '../clocks/clocks.js';
import type { Database } from '../db/schema.js';

/**
 * Playing tables with a clock × their people's seats × the people with an address, the soonest deadline first: the
 * game and the seat's clock, the person and where to write to them.
 */
export function awaitedSeatsWithMail(db: Kysely<Database>) {
  return db
    .selectFrom('tables')
    .innerJoin('seats', 'seats.table_id', 'tables.id')
    .innerJoin('users', 'users.id', 'seats.user_id')
    .select(['tables.id as tableId', 'tables.game', 'tables.clocks', 'seats.seat'])
    .select(['users.id as userId', 'users.name', 'users.email', 'users.language'])
    .where('tables.status', '=', 'playing')
    .where('tables.broken', 'is', null)
    .where('tables.deadline', 'is not', null)
    .where('seats.stand_in', 'is', null)
    .where('users.email', 'is not', null)
    .orderBy('tables.deadline');
}

/**
 * When the wait of `seat` began, if the table's clocks (`tables.clocks`) say the game awaits it and its time has not
 * run out at `now`; null otherwise (not its turn, or out of time already: a bot plays the seat now).
 */
export function waitingOf(clocksJson: string | null, seat: number, now: number): number | null {
  const clock = clocksOf(clocksJson)?.[seat];
  const since = waitingSince(clock);
  if (since === null || !clock?.deadline || clock.deadline <= now) return null;
  return since;
}

/** A table's clocks as stored (`tables.clocks`), or null where there are none or they do not parse. */
export function clocksOf(json: string | null): Clocks | null {
  if (json === null) return null;
  try {
    const clocks = JSON.parse(json) as unknown;
    return Array.isArray(clocks) ? (clocks as Clocks) : null;
  } catch {
    return null;
  }
}
