import { randomBytes } from 'node:crypto';

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
