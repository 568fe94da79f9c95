import { randomBytes } from 'node:crypto';

/**
 * The server's secrets, kept in `server_secrets` (migration 010) so that every process shares them: the names of
 * their rows, and how each is made.
 */

/** The name of the row of the key addresses are hashed under (`address-hashes.ts`). */
export const ADDRESS_KEY = 'address_hmac';

/** A new key for addresses, as migration 010 stores it. */
export function newAddressKey(): string {
  return randomBytes(32).toString('base64');
}
