import { createHash, randomBytes } from 'node:crypto';
import { playSettingsOf, setPlaySettings } from './play-settings.js';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import { randomId } from './ids.js';
import {
  english,
  type MessageCode,
  type Params,
  type PlaySettings,
  type PlaySettingsView,
  type SessionInfo,
  type Words,
} from '@skyline/protocol';
import { isReservedName, nameSkeleton, normaliseName } from './names.js';
import { AddressHashes } from './address-hashes.js';
import { Passwords, type Requester } from './passwords.js';
import { isUniqueViolation, StorageError } from './db/errors.js';

export interface User {
  id: string;
  name: string;
  registered: boolean;
}

/** A signed-in connection or request: who, and through which session (to end that session's sockets). */
export interface Session {
  user: User;
  /** The session's id: the hash of its token, as stored. */
  id: string;
}

/** A refused sign-in or account change: words of the catalogue (the client says them in its language) and a status. */
export class AuthError extends Error {
  constructor(
    readonly code: MessageCode,
    readonly status: number,
    readonly params?: Params,
  ) {
    super(english({ code, params }));
  }

  get words(): Words {
    return this.params ? { code: this.code, params: this.params } : { code: this.code };
  }
}

/** A session is renewed at most this often (its `last_seen_at` written), not at every request. */
const SESSION_RENEW_MS = 60 * 60_000;
/** The sessions the settings page lists, the most recently used. */
const SESSIONS_LISTED = 50;
/** The browsers and addresses remembered per account (`rememberSignIn`), the most recently used. */
const KNOWN_SIGN_INS = 20;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The password thread's fair share (`passwords.ts`) is per address and per account. */
const requester = (address: string | null, name: string): Requester | null =>
  address === null ? null : { address, account: nameSkeleton(name) };

/** Where a sign-in comes from: the client's address and the browser's device token (its cookie), if any. */
export interface Origin {
  address: string;
  device: string | null;
  /** The browser in a few words (`agents.ts`), kept with the session it opens; null or absent: not said. */
  agent?: string | null;
}

/** People: guests, registered names, sessions. The cookie holds a random token; the database only its hash. */
export class Accounts {
  private readonly passwords: Passwords;
  private readonly sessionMs: number;

  /** How addresses are kept (keyed hashes): the addresses an account signed in from, a table's seats' addresses. */
  readonly addresses: AddressHashes;

  constructor(
    private readonly db: Kysely<Database>,
    options: { passwords?: Passwords; sessionDays?: number; addresses?: AddressHashes } = {},
  ) {
    this.passwords = options.passwords ?? new Passwords(14);
    this.addresses = options.addresses ?? new AddressHashes(db);
    this.sessionMs = (options.sessionDays ?? 30) * 24 * 3600_000;
  }

  /** The player's way of playing, kept with the account (`play-settings.ts`). */
  playSettingsOf(userId: string): Promise<PlaySettingsView> {
    return playSettingsOf(this.db, userId);
  }

  setPlaySettings(userId: string, settings: PlaySettings): Promise<PlaySettingsView> {
    return setPlaySettings(this.db, userId, settings);
  }

  async userOfToken(token: string | undefined): Promise<User | null> {
    return (await this.sessionOfToken(token))?.user ?? null;
  }

  /**
   * The session a token opens, if it has not expired: a session lasts `SESSION_DAYS` from its last use (sliding);
   * an expired one is deleted.
   */
  async sessionOfToken(token: string | undefined, now = Date.now()): Promise<Session | null> {
    if (!token || token.length > 200) return null;
    const id = tokenHash(token);
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('bans', 'bans.user_id', 'sessions.user_id')
      .select([
        'users.id',
        'users.name',
        'users.password_hash',
        'sessions.last_seen_at',
        'sessions.created_at',
        'bans.at as banned_at',
        'bans.until as banned_until',
      ])
      .where('sessions.token_hash', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    // A ban ends the player's sessions (`moderation/sanctions.ts`); one opened in a race with the ban opens nothing.
    if (row.banned_at !== null && (row.banned_until === null || Number(row.banned_until) > now)) return null;
    const lastSeen = Number(row.last_seen_at ?? row.created_at);
    if (now - lastSeen > this.sessionMs) {
      await this.db.deleteFrom('sessions').where('token_hash', '=', id).execute();
      return null;
    }
    if (now - lastSeen > SESSION_RENEW_MS)
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', id).execute();
    return { id, user: { id: row.id, name: row.name, registered: row.password_hash !== null } };
  }

  async userByName(name: string): Promise<User | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'password_hash'])
      .where('name_key', '=', nameSkeleton(name))
      .executeTakeFirst();
    return row ? { id: row.id, name: row.name, registered: row.password_hash !== null } : null;
  }

  /**
   * A new guest with this name and a session for it. The name must be free — by its skeleton, so that nobody takes a
   * name that looks like another's — and not reserved.
   */
  async createGuest(
    requested: string,
    address: string | null = null,
    agent: string | null = null,
  ): Promise<{ user: User; token: string }> {
    const name = normaliseName(requested);
    if (isReservedName(name)) throw new AuthError('name.reserved', 409, { name });
    const taken = await this.userByName(name);
    if (taken)
      throw taken.name.toLowerCase() === name.toLowerCase()
        ? new AuthError('name.taken', 409, { name })
        : new AuthError('name.tooLike', 409, { name, other: taken.name });
    const user: User = { id: randomId(16), name, registered: false };
    try {
      await this.db
        .insertInto('users')
        .values({
          id: user.id,
          name,
          name_key: nameSkeleton(name),
          password_hash: null,
          created_at: Date.now(),
          bot_level: null,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AuthError('name.taken', 409, { name }); // lost a race for it
      throw new StorageError(error);
    }
    return { user, token: await this.createSession(user.id, address, agent) };
  }

  /** A new bot user, named for its level (`greedy-bot-k3x9`: a name no person can take, see `names.ts`). */
  async createBot(level: string): Promise<{ id: string; name: string }> {
    const name = `${level}-bot-${randomId(4)}`;
    const id = `bot${randomId(13)}`;
    await this.db
      .insertInto('users')
      .values({ id, name, name_key: name, password_hash: null, created_at: Date.now(), bot_level: level })
      .execute();
    return { id, name };
  }

  /** Gives a guest's name a password; `address` asks for the hash (null: the server's own share, in tests). */
  async register(user: User, password: string, address: string | null = null): Promise<User> {
    if (user.registered) throw new AuthError('account.registered', 409, { name: user.name });
    const hash = await this.passwords.hash(password, requester(address, user.name));
    // Only a name still without a password: of two registrations sent at once, the second is refused, not the first's
    // password silently replaced.
    const set = await this.db
      .updateTable('users')
      .set({ password_hash: hash, registered_at: Date.now() })
      .where('id', '=', user.id)
      .where('password_hash', 'is', null)
      .executeTakeFirst();
    if (Number(set.numUpdatedRows) === 0) throw new AuthError('account.registered', 409, { name: user.name });
    return { ...user, registered: true };
  }

  /**
   * Checks a name and password. An unknown name costs the same work as a known one (a decoy hash), so the answer's
   * time does not tell who is registered. The caller counts failures (`Limits`).
   */
  async checkPassword(name: string, password: string, address: string | null = null): Promise<User | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'password_hash'])
      .where('name_key', '=', nameSkeleton(name))
      .executeTakeFirst();
    const stored = row?.password_hash ?? null;
    const asker = requester(address, name);
    if (!(await this.passwords.verify(password, stored, asker)) || !row || stored === null) return null;
    if (this.passwords.needsRehash(stored)) {
      // Made at an older, cheaper cost: remade now that the password is at hand.
      const rehashed = await this.passwords.hash(password, asker);
      await this.db.updateTable('users').set({ password_hash: rehashed }).where('id', '=', row.id).execute();
    }
    return { id: row.id, name: row.name, registered: true };
  }

  async login(
    name: string,
    password: string,
    address: string | null = null,
    agent: string | null = null,
  ): Promise<{ user: User; token: string }> {
    const user = await this.checkPassword(name, password, address);
    // The same answer for an unknown name and a wrong password.
    if (!user) throw new AuthError('login.wrong', 401);
    return { user, token: await this.createSession(user.id, address, agent) };
  }

  /**
   * A password's hash for `user`, made in the password thread under the account's and the address's fair share: a
   * caller that must store it with something else (a reset link spent with it) writes it in its own transaction.
   */
  hashPassword(user: User, password: string, address: string | null): Promise<string> {
    return this.passwords.hash(password, requester(address, user.name));
  }

  async userById(id: string): Promise<User | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { id: row.id, name: row.name, registered: row.password_hash !== null } : null;
  }

  /** The account's sessions not expired, the most recently used first (at most `SESSIONS_LISTED`). */
  async sessionsOf(userId: string, current: string, now = Date.now()): Promise<SessionInfo[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['token_hash', 'agent', 'created_at', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_seen_at', '>=', now - this.sessionMs), eb('last_seen_at', 'is', null)]))
      .orderBy('last_seen_at', 'desc')
      .limit(SESSIONS_LISTED)
      .execute();
    return rows.map((row) => ({
      agent: row.agent ?? null,
      createdAt: Number(row.created_at),
      lastSeenAt: Number(row.last_seen_at ?? row.created_at),
      current: row.token_hash === current,
    }));
  }

  /** Changes a registered user's password and ends their other sessions; returns the ids of the sessions ended. */
  async changePassword(
    user: User,
    current: string,
    next: string,
    keep: string,
    address: string | null = null,
  ): Promise<string[]> {
    if (!user.registered) throw new AuthError('account.notRegistered', 409);
    if (!(await this.checkPassword(user.name, current, address))) throw new AuthError('password.wrong', 401);
    const hash = await this.passwords.hash(next, requester(address, user.name));
    await this.db.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute();
    return this.endSessions(user.id, keep);
  }

  /** Ends one session; returns its id (to close its sockets). */
  async logout(token: string): Promise<string> {
    const id = tokenHash(token);
    await this.db.deleteFrom('sessions').where('token_hash', '=', id).execute();
    return id;
  }

  /** Ends every session of a user but `keep` (if given); returns the ids of the sessions ended. */
  async endSessions(userId: string, keep: string | null = null): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', userId)
      .execute();
    const ended = rows.map((row) => row.token_hash).filter((id) => id !== keep);
    if (ended.length > 0) await this.db.deleteFrom('sessions').where('token_hash', 'in', ended).execute();
    return ended;
  }

  /** Whether a password check for `name` from `address` would be queued now (see `Passwords.hasRoom`). */
  passwordRoom(name: string, address: string): boolean {
    return this.passwords.hasRoom({ address, account: nameSkeleton(name) });
  }

  /**
   * Whether the account named `name` signed in successfully before from this browser or this address (see
   * `rememberSignIn`): its owner, most likely, whom wrong passwords from elsewhere must not lock out.
   */
  async knownSignIn(name: string, from: Origin): Promise<boolean> {
    const row = await this.db
      .selectFrom('known_sign_ins')
      .innerJoin('users', 'users.id', 'known_sign_ins.user_id')
      .select('known_sign_ins.key')
      .where('users.name_key', '=', nameSkeleton(name))
      .where('known_sign_ins.key', 'in', await this.knownKeys(from))
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Remembers that `userId` signed in successfully (or chose its password) from this browser and address: the
   * `KNOWN_SIGN_INS` most recent are kept. `forgetOthers` (a password change) forgets every other one first, so that
   * a browser that knew the old password no longer passes the lock on the name.
   */
  async rememberSignIn(userId: string, from: Origin, forgetOthers = false): Promise<void> {
    const keys = await this.knownKeys(from);
    const now = Date.now();
    if (forgetOthers)
      await this.db
        .deleteFrom('known_sign_ins')
        .where('user_id', '=', userId)
        .where('key', 'not in', keys)
        .execute();
    await this.db
      .insertInto('known_sign_ins')
      .values(keys.map((key) => ({ user_id: userId, key, last_used_at: now })))
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doUpdateSet({ last_used_at: now }))
      .execute();
    // One statement: whatever else signs in meanwhile, the account keeps the most recent few.
    await this.db
      .deleteFrom('known_sign_ins')
      .where('user_id', '=', userId)
      .where('key', 'not in', (query) =>
        query
          .selectFrom('known_sign_ins')
          .select('key')
          .where('user_id', '=', userId)
          .orderBy('last_used_at', 'desc')
          .orderBy('key')
          .limit(KNOWN_SIGN_INS),
      )
      .execute();
  }

  /**
   * The keys under which a browser and an address are remembered for an account (`known_sign_ins`): the device
   * token's hash (the token is random: a plain hash hides it), the address's keyed hash (`address-hashes.ts`).
   */
  private async knownKeys({ address, device }: Origin): Promise<string[]> {
    return [
      `address:${await this.addresses.hash(address)}`,
      ...(device ? [`device:${tokenHash(device)}`] : []),
    ];
  }

  async close(): Promise<void> {
    await this.passwords.close();
  }

  /**
   * A new session; `address` (hashed) is where it was opened from, for a ban to cover (`moderation/sanctions.ts`),
   * `agent` the browser it was opened in, in a few words (the settings page lists the sessions).
   */
  private async createSession(userId: string, address: string | null, agent: string | null): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const addressHash = address === null ? null : await this.addresses.hash(address);
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: tokenHash(token),
        user_id: userId,
        created_at: now,
        last_seen_at: now,
        address_hash: addressHash,
        agent,
      })
      .execute();
    return token;
  }
}
