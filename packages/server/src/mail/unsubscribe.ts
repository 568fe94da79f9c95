import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { MAIL_KEY, ServerKey } from '../db/secrets.js';

/**
 * The signed links that turn an account's reminders off in one click: HMAC-SHA-256 of the account's id under a key
 * of this server (`server_secrets`, made at random by migration 012, shared by every process), checked in constant
 * time. The link only ever turns reminders off, so it does not expire: a reminder read a month late still works.
 */
export class UnsubscribeLinks {
  private readonly key: ServerKey;

  constructor(db: Kysely<Database>) {
    this.key = new ServerKey(db, MAIL_KEY);
  }

  /** The signature of `userId`'s unsubscribe link (43 characters, base64url). */
  async sign(userId: string): Promise<string> {
    return createHmac('sha256', await this.key.get())
      .update(`unsubscribe:reminders:${userId}`)
      .digest('base64url');
  }

  /** Whether `signature` is `userId`'s. */
  async verify(userId: string, signature: string): Promise<boolean> {
    const expected = Buffer.from(await this.sign(userId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
