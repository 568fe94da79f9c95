import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { LinkToken } from '@skyline/protocol';
import type { Kysely, Transaction } from 'kysely';
import { AuthError } from '../auth.js';
import type { Database, EmailTokensTable } from '../db/schema.js';

export type TokenPurpose = 'confirm' | 'reset';

/** A link's token as checked: what it was made for. */
export type CheckedToken = Pick<EmailTokensTable, 'id' | 'secret_hash' | 'user_id' | 'email'>;

const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The links sent by e-mail: single-use, expiring, one live link per account and purpose (a new one replaces the
 * last). A token is `ID.SECRET`: the id is looked up, and the SHA-256 of the secret compared with the stored one in
 * constant time; the database keeps only that hash, so a copy of it opens no link. A token is spent by deleting its
 * row in the transaction that does what it allows, so of two uses at once only one does it.
 */
export class EmailTokens {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /** A new link's token for `userId` (replacing any live one of the same purpose), valid for `ttlMs`. */
  async issue(userId: string, purpose: TokenPurpose, email: string, ttlMs: number): Promise<string> {
    const id = randomBytes(12).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    const now = this.now();
    const row = {
      id,
      secret_hash: secretHash(secret),
      email,
      created_at: now,
      expires_at: now + ttlMs,
    };
    // One statement: of two requests at once, the last one's link is the live one.
    await this.db
      .insertInto('email_tokens')
      .values({ ...row, user_id: userId, purpose })
      .onConflict((conflict) => conflict.columns(['user_id', 'purpose']).doUpdateSet(row))
      .execute();
    return `${id}.${secret}`;
  }

  /**
   * The live token `token` is, for `purpose`; refuses one that is malformed, unknown, already used or for another
   * purpose (`email.linkInvalid`: all alike) or expired (`email.linkExpired`: said only to whoever holds the secret).
   */
  async check(token: string, purpose: TokenPurpose): Promise<CheckedToken> {
    if (!LinkToken.safeParse(token).success) throw new AuthError('email.linkInvalid', 400);
    const [id = '', secret = ''] = token.split('.');
    const row = await this.db
      .selectFrom('email_tokens')
      .select(['id', 'secret_hash', 'user_id', 'email', 'expires_at'])
      .where('id', '=', id)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    const given = Buffer.from(secretHash(secret), 'hex');
    // Compared even when there is no row (against a hash of nothing), so that the time does not tell ids apart.
    const stored = Buffer.from(row?.secret_hash ?? secretHash(''), 'hex');
    if (!timingSafeEqual(given, stored) || !row) throw new AuthError('email.linkInvalid', 400);
    if (Number(row.expires_at) <= this.now()) {
      await this.db.deleteFrom('email_tokens').where('id', '=', id).execute();
      throw new AuthError('email.linkExpired', 410);
    }
    return { id: row.id, secret_hash: row.secret_hash, user_id: row.user_id, email: row.email };
  }

  /**
   * Spends a checked token inside `trx` (the transaction that does what it allows); refuses it if another use spent
   * it first or a newer link replaced it meanwhile.
   */
  async spend(trx: Transaction<Database>, token: CheckedToken): Promise<void> {
    const spent = await trx
      .deleteFrom('email_tokens')
      .where('id', '=', token.id)
      .where('secret_hash', '=', token.secret_hash)
      .executeTakeFirst();
    if (Number(spent.numDeletedRows) !== 1) throw new AuthError('email.linkInvalid', 400);
  }

  /** Forgets every link of an account (its address removed). */
  async forget(userId: string): Promise<void> {
    await this.db.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
  }

  /** Deletes the links that expired before `now` (the periodic sweep). */
  async sweep(now = this.now()): Promise<void> {
    await this.db.deleteFrom('email_tokens').where('expires_at', '<', now).execute();
  }
}
