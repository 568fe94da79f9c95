import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The server's secrets, kept in `server_secrets` (migration 010) so that every process shares them: the names of
 * their rows, and how each is made.
 */

/** The name of the row of the key addresses are hashed under (`address-hashes.ts`). */
export const ADDRESS_KEY = 'address_hmac';

/** The name of the row of the key that signs the unsubscribe links of e-mails (`mail/unsubscribe.ts`, migration 012). */
export const MAIL_KEY = 'mail_hmac';

/** A new key (32 random bytes, base64), as migrations 010 and 012 store them. */
export function newAddressKey(): string {
  return randomBytes(32).toString('base64');
}

/**
 * One of the server's keys, read from the database once per process the first time it is needed (every process reads
 * the same row, so what one signs or hashes the others check), and read again after a failure (the database may have
 * been away).
 */
export class ServerKey {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly name: string,
  ) {}

  get(): Promise<Buffer> {
    this.key ??= this.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', this.name)
      .executeTakeFirstOrThrow()
      .then((row) => Buffer.from(row.value, 'base64'))
      .catch((error: unknown) => {
        this.key = null;
        throw error;
      });
    return this.key;
  }
}
