/**
 * Addresses as the server keeps them, where it must keep something: a keyed hash. HMAC-SHA-256 under a key of this
 * server (`server_secrets`, made at random by migration 010, shared by every process through the database), cut to
 * 128 bits. A key rather than a plain hash, so that a copy of the database does not give the addresses back by hashing
 * the 2^32 IPv4 addresses (a copy of the whole database gives the key as well: what is kept is kept no longer than it
 * serves). Used for the seats' addresses during a game (`ratings/addresses.ts`) and for the addresses an account
 * signed in from (`auth.ts`, `known_sign_ins`).
 */
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import { ADDRESS_KEY, ServerKey } from './db/secrets.js';

/** How many addresses' hashes a process keeps in memory (a few hundred kilobytes at most). */
const HASHES_KEPT = 10_000;

export class AddressHashes {
  private readonly key: ServerKey;
  /** Hashes already made (every move of a player notes its address): forgotten all at once past `HASHES_KEPT`. */
  private readonly hashes = new Map<string, string>();

  constructor(db: Kysely<Database>) {
    this.key = new ServerKey(db, ADDRESS_KEY);
  }

  /** The keyed hash of an address (32 hex digits). */
  async hash(address: string): Promise<string> {
    const known = this.hashes.get(address);
    if (known !== undefined) return known;
    const key = await this.key.get();
    const hash = createHmac('sha256', key).update(address).digest('hex').slice(0, 32);
    if (this.hashes.size >= HASHES_KEPT) this.hashes.clear();
    this.hashes.set(address, hash);
    return hash;
  }
}
