import { randomBytes } from 'node:crypto';
import { AuthError, type Accounts, type Origin, type Session, type User } from './auth.js';
import type { CountedKind, Limits } from './limits.js';
import { nameSkeleton } from './names.js';
import { PasswordBusyError } from './passwords.js';

/** The cookie naming a browser that signed in (a random token; the database holds its hash with each account). */
export const DEVICE_COOKIE = 'skyline_device';

/** A new device token, for a browser that has none. */
export const newDeviceToken = (): string => randomBytes(32).toString('base64url');

/**
 * The limits around passwords, and who passes them.
 *
 * Wrong passwords are counted per name and address, per address and per name (`LIMIT_LOGIN_FAILURES`); over any,
 * sign-in is refused for a while before any password work is done. The lock on a name (many wrong passwords from
 * many places) does not stop its owner: a browser or an address the account signed in from successfully before is
 * checked only against the other two. Right passwords are counted too, per account and per address
 * (`LIMIT_SIGNINS_PER_HOUR`, `LIMIT_ADDRESS_SIGNINS_PER_HOUR`): each costs the password thread a hash or two.
 */
export class SignInGuard {
  constructor(
    private readonly accounts: Accounts,
    private readonly limits: Limits,
  ) {}

  /** Signs in with a name and password from `from`; the browser is remembered as the account's (with `from.device`). */
  async login(
    name: string,
    password: string,
    from: Origin & { device: string },
  ): Promise<{ user: User; token: string }> {
    this.requireRoom(name, from.address);
    const account = nameSkeleton(name);
    const failures: [CountedKind, string][] = [
      ['login', `${account}|${from.address}`],
      ['login_address', from.address],
      ['login_account', account],
    ];
    const known = await this.accounts.knownSignIn(name, from);
    for (const [kind, key] of failures)
      if (kind !== 'login_account' || !known) await this.limits.check(kind, key);
    await this.checkSuccesses(account, from.address);
    let signedIn: { user: User; token: string };
    try {
      signedIn = await this.accounts.login(name, password, from.address, from.agent ?? null);
    } catch (error) {
      if (error instanceof AuthError && error.status === 401)
        await Promise.allSettled(failures.map(([kind, key]) => this.limits.take(kind, key)));
      throw error;
    }
    await this.limits.forget('login', `${account}|${from.address}`);
    await this.countSuccess(account, from.address);
    await this.accounts.rememberSignIn(signedIn.user.id, from);
    return signedIn;
  }

  /** A new password for the session's account; returns the sessions ended (every other one). */
  async changePassword(
    session: Session,
    current: string,
    next: string,
    from: Origin & { device: string },
  ): Promise<string[]> {
    this.requireRoom(session.user.name, from.address);
    const account = nameSkeleton(session.user.name);
    const key = `${account}|${from.address}`;
    await this.limits.check('login', key);
    await this.checkSuccesses(account, from.address);
    let ended: string[];
    try {
      ended = await this.accounts.changePassword(session.user, current, next, session.id, from.address);
    } catch (error) {
      if (error instanceof AuthError && error.status === 401)
        await this.limits.take('login', key).catch(() => undefined);
      throw error;
    }
    await this.countSuccess(account, from.address);
    // The browsers that knew the old password no longer pass the lock on the name; this one does.
    await this.accounts.rememberSignIn(session.user.id, from, true);
    return ended;
  }

  /**
   * Checks the session's own password before a change that could hand the account to someone else (its e-mail
   * address, where reset links go): wrong ones count as wrong passwords for the name from this address, right ones
   * as sign-ins (`LIMIT_SIGNINS_PER_HOUR`).
   */
  async confirmPassword(session: Session, password: string, from: Origin): Promise<void> {
    this.requireRoom(session.user.name, from.address);
    if (!session.user.registered) throw new AuthError('account.notRegistered', 409);
    const account = nameSkeleton(session.user.name);
    const key = `${account}|${from.address}`;
    await this.limits.check('login', key);
    await this.checkSuccesses(account, from.address);
    if (!(await this.accounts.checkPassword(session.user.name, password, from.address))) {
      await this.limits.take('login', key).catch(() => undefined);
      throw new AuthError('password.wrong', 401);
    }
    // A right password costs a hash too: counted with the sign-ins, so that no loop of them keeps the thread busy.
    await this.countSuccess(account, from.address);
  }

  /**
   * A password chosen through a reset link (the owner of the account's address): the wrong passwords counted for the
   * name from this address are forgotten, and this browser is the account's, the others that knew the old password no
   * longer passing the lock on the name.
   */
  async passwordReset(user: User, from: Origin & { device: string }): Promise<void> {
    await this.limits.forget('login', `${nameSkeleton(user.name)}|${from.address}`);
    await this.accounts.rememberSignIn(user.id, from, true);
  }

  /** Gives a guest's name a password; the browser and address that chose it are the owner's. */
  async register(user: User, password: string, from: Origin & { device: string }): Promise<User> {
    const registered = await this.accounts.register(user, password, from.address);
    await this.accounts.rememberSignIn(user.id, from);
    return registered;
  }

  /** A request the password thread would refuse is refused before any other work (a loop of them costs little). */
  private requireRoom(name: string, address: string): void {
    if (!this.accounts.passwordRoom(name, address)) throw new PasswordBusyError();
  }

  private async checkSuccesses(account: string, address: string): Promise<void> {
    await this.limits.check('signin_account', account);
    await this.limits.check('signin_address', address);
  }

  /**
   * Counts a right password. Not refused here (the hash is done, the session made): several at once may pass the
   * check together, but no more than the password thread lets one account or address have waiting.
   */
  private async countSuccess(account: string, address: string): Promise<void> {
    await Promise.allSettled([
      this.limits.take('signin_account', account),
      this.limits.take('signin_address', address),
    ]);
  }
}
