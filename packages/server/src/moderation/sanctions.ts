/**
 * Mutes and bans, stored in the database, so that every process applies the same ones. A muted player's chat lines
 * are refused until the mute ends (`chat.muted`); a banned player has no session (each is ended, and one opened in a
 * race with the ban opens nothing: `Accounts.sessionOfToken`), cannot sign in, and the addresses they were seen at
 * take no new guest name nor sign-in while the ban lasts. Writing them is `Moderation`'s (`service.ts`).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { AuthError } from '../auth.js';
import type { AddressHashes } from '../address-hashes.js';
import type { Database } from '../db/schema.js';
import { nameSkeleton } from '../names.js';

/** A mute's time left in the largest unit that is at least one, rounded up (`chat.muted`'s parameters). */
export function waitParams(ms: number): { unit: 'days' | 'hours' | 'minutes'; n: number } {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes >= 2 * 24 * 60) return { unit: 'days', n: Math.ceil(minutes / (24 * 60)) };
  if (minutes >= 120) return { unit: 'hours', n: Math.ceil(minutes / 60) };
  return { unit: 'minutes', n: minutes };
}

/** What every process checks: whether someone may chat, sign in, or take a name. */
export class Sanctions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly addresses: AddressHashes,
    private readonly now: () => number = Date.now,
  ) {}

  /** When the user's mute ends, if they are muted now. */
  async mutedUntil(userId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('mutes')
      .select('until')
      .where('user_id', '=', userId)
      .where('until', '>', this.now())
      .executeTakeFirst();
    return row ? Number(row.until) : null;
  }

  /** Refuses a muted player's chat line (`chat.muted`, with the time left). */
  async requireUnmuted(userId: string): Promise<void> {
    const until = await this.mutedUntil(userId);
    if (until !== null) throw new AuthError('chat.muted', 403, waitParams(until - this.now()));
  }

  /** Refuses a guest name asked from a banned address (`address.banned`). */
  async requireAddressAllowed(address: string): Promise<void> {
    if (await this.addressBanned(address)) throw new AuthError('address.banned', 403);
  }

  /**
   * Refuses a sign-in to a banned account (`account.banned`) or from a banned address (`address.banned`), before any
   * password work is done.
   */
  async requireSignInAllowed(name: string, address: string): Promise<void> {
    const banned = await this.db
      .selectFrom('bans')
      .innerJoin('users', 'users.id', 'bans.user_id')
      .select('bans.user_id')
      .where('users.name_key', '=', nameSkeleton(name))
      .where(banInForce(this.now()))
      .executeTakeFirst();
    if (banned) throw new AuthError('account.banned', 403);
    await this.requireAddressAllowed(address);
  }

  private async addressBanned(address: string): Promise<boolean> {
    const hash = await this.addresses.hash(address);
    const row = await this.db
      .selectFrom('ban_addresses')
      .innerJoin('bans', 'bans.user_id', 'ban_addresses.user_id')
      .select('bans.user_id')
      .where('ban_addresses.address_hash', '=', hash)
      .where(banInForce(this.now()))
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** The condition of a ban (a query over `bans`) that has not ended at `now` (`until` null: without end). */
export function banInForce(now: number): RawBuilder<boolean> {
  return sql<boolean>`(bans.until is null or bans.until > ${now})`;
}
