import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import { randomId } from './ids.js';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/** scrypt parameters (N = 2^15, r = 8, p = 1: ~32 MiB and tens of milliseconds per hash). */
const N = 1 << 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export interface User {
  id: string;
  name: string;
  registered: boolean;
}

export class AuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** People: guests, registered names, sessions. The cookie holds a random token; the database only its hash. */
export class Accounts {
  constructor(private readonly db: Kysely<Database>) {}

  async userOfToken(token: string | undefined): Promise<User | null> {
    if (!token || token.length > 200) return null;
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'users.name', 'users.password_hash'])
      .where('sessions.token_hash', '=', tokenHash(token))
      .executeTakeFirst();
    return row ? { id: row.id, name: row.name, registered: row.password_hash !== null } : null;
  }

  async userByName(name: string): Promise<User | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'password_hash'])
      .where('name_key', '=', name.toLowerCase())
      .executeTakeFirst();
    return row ? { id: row.id, name: row.name, registered: row.password_hash !== null } : null;
  }

  /** A new guest with this name and a session for it; the name must be free. */
  async createGuest(name: string): Promise<{ user: User; token: string }> {
    if (await this.userByName(name)) throw new AuthError(`the name ${name} is taken`, 409);
    const user: User = { id: randomId(16), name, registered: false };
    try {
      await this.db
        .insertInto('users')
        .values({
          id: user.id,
          name,
          name_key: name.toLowerCase(),
          password_hash: null,
          created_at: Date.now(),
          bot_level: null,
        })
        .execute();
    } catch {
      throw new AuthError(`the name ${name} is taken`, 409); // lost a race for the same name
    }
    return { user, token: await this.createSession(user.id) };
  }

  /** A new bot user, named for its level (`greedy-bot-k3x9`). */
  async createBot(level: string): Promise<{ id: string; name: string }> {
    const name = `${level}-bot-${randomId(4)}`;
    const id = `bot${randomId(13)}`;
    await this.db
      .insertInto('users')
      .values({ id, name, name_key: name, password_hash: null, created_at: Date.now(), bot_level: level })
      .execute();
    return { id, name };
  }

  async register(user: User, password: string): Promise<User> {
    if (user.registered) throw new AuthError(`${user.name} is already registered`, 409);
    await this.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', user.id)
      .execute();
    return { ...user, registered: true };
  }

  async login(name: string, password: string): Promise<{ user: User; token: string }> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'password_hash'])
      .where('name_key', '=', name.toLowerCase())
      .executeTakeFirst();
    // The same answer for an unknown name and a wrong password.
    if (!row?.password_hash || !(await verifyPassword(password, row.password_hash))) {
      throw new AuthError('wrong name or password', 401);
    }
    return {
      user: { id: row.id, name: row.name, registered: true },
      token: await this.createSession(row.id),
    };
  }

  async logout(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash(token)).execute();
  }

  private async createSession(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('sessions')
      .values({ token_hash: tokenHash(token), user_id: userId, created_at: Date.now() })
      .execute();
    return token;
  }
}
