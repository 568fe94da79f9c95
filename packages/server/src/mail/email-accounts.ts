import { EmailAddress, type AccountSettings, type InvitationInfo } from '@skyline/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AuthError, type Accounts, type User } from '../auth.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import type { LimitSettings } from '../limits.js';
import { PasswordBusyError } from '../passwords.js';
import { SendCounters } from './counters.js';
import type { Letter, Mailer } from './mailer.js';
import type { MailSettings } from './settings.js';
import { confirmLetter, invitationLetter, mailLang, resetLetter } from './texts.js';
import { EmailTokens } from './tokens.js';
import { UnsubscribeLinks } from './unsubscribe.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** An address as the server keeps it (trimmed, lower case), or the coded refusal `email.invalid`. */
export function parseEmail(raw: string): string {
  const parsed = EmailAddress.safeParse(raw);
  if (!parsed.success) throw new AuthError('email.invalid', 400);
  return parsed.data;
}

export interface EmailAccountsDeps {
  db: Kysely<Database>;
  accounts: Accounts;
  /** Null: no `SMTP_URL`, and what needs e-mail is refused with `email.unavailable`. */
  mailer: Mailer | null;
  settings: MailSettings;
  limits: LimitSettings;
  /** The time links and counts are read against (a test's own, moved by hand). */
  now: () => number;
  log: FastifyBaseLogger;
}

/**
 * An account's e-mail: its address (confirmed by a link), password resets by e-mail, and the settings stored with
 * the account (the e-mails' language, reminders). Every e-mail sent is counted first — per recipient address, per
 * account, per client address (`SendCounters`) — and sent after the answer (`later`): the answer's time does not
 * depend on whether anything was sent, so a reset request says nothing of whether an account has the address.
 */
export class EmailAccounts {
  readonly tokens: EmailTokens;
  readonly counters: SendCounters;
  readonly unsubscribeLinks: UnsubscribeLinks;
  /** Sends under way (after their answer): `drain` waits for them. */
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly deps: EmailAccountsDeps) {
    this.tokens = new EmailTokens(deps.db, deps.now);
    this.counters = new SendCounters(deps.db, deps.now);
    this.unsubscribeLinks = new UnsubscribeLinks(deps.db);
  }

  /** Whether this server sends e-mail (`SMTP_URL`). */
  get available(): boolean {
    return this.deps.mailer !== null;
  }

  async settingsOf(userId: string): Promise<AccountSettings> {
    const row = await this.deps.db
      .selectFrom('users')
      .select(['email', 'email_pending', 'language', 'remind_after_minutes', 'reminder_digest'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      email: row.email ?? null,
      pendingEmail: row.email_pending ?? null,
      language: row.language === 'fr' || row.language === 'en' ? row.language : null,
      reminderMinutes: row.remind_after_minutes ?? null,
      reminderDigest: row.reminder_digest === 1,
      mail: this.available,
    };
  }

  /** Stores the e-mails' language and the reminders' delay (null: off; on needs e-mail and a confirmed address). */
  async setPreferences(
    user: User,
    preferences: { language?: 'en' | 'fr'; reminderMinutes?: number | null; reminderDigest?: boolean },
  ): Promise<AccountSettings> {
    const { language, reminderMinutes, reminderDigest } = preferences;
    let query = this.deps.db.updateTable('users').where('id', '=', user.id);
    if ((reminderMinutes !== undefined && reminderMinutes !== null) || reminderDigest === true) {
      this.requireMail();
      // Only with a confirmed address, in the same statement: an address removed meanwhile leaves reminders off.
      query = query.where('email', 'is not', null);
    }
    if (language !== undefined || reminderMinutes !== undefined || reminderDigest !== undefined) {
      const set = await query
        .set({
          ...(language !== undefined ? { language } : {}),
          ...(reminderMinutes !== undefined ? { remind_after_minutes: reminderMinutes } : {}),
          ...(reminderDigest !== undefined ? { reminder_digest: reminderDigest ? 1 : null } : {}),
        })
        .executeTakeFirst();
      if (Number(set.numUpdatedRows) === 0) throw new AuthError('email.noConfirmed', 409);
    }
    return this.settingsOf(user.id);
  }

  /**
   * Sets the address waiting for confirmation and sends it a link (the caller checked the account's password). The
   * confirmed address, if any, stays until the new one is confirmed. An address already confirmed by another account
   * gets nothing, and the answer is the same: nobody learns from it whose address it is.
   */
  async setAddress(user: User, raw: string, clientAddress: string): Promise<AccountSettings> {
    this.requireMail();
    requireRegistered(user);
    const email = parseEmail(raw);
    await this.countRequest(user, email, clientAddress);
    const current = await this.deps.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const already = current.email === email;
    await this.deps.db
      .updateTable('users')
      .set({ email_pending: already ? null : email })
      .where('id', '=', user.id)
      .execute();
    if (!already) this.later(() => this.sendConfirmation(user, email));
    return this.settingsOf(user.id);
  }

  /** Sends the address waiting for confirmation a new link (the last one stops working). */
  async resend(user: User, clientAddress: string): Promise<AccountSettings> {
    this.requireMail();
    requireRegistered(user);
    const row = await this.deps.db
      .selectFrom('users')
      .select('email_pending')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const email = row.email_pending ?? null;
    if (email === null) throw new AuthError('email.noPending', 409);
    await this.countRequest(user, email, clientAddress);
    this.later(() => this.sendConfirmation(user, email));
    return this.settingsOf(user.id);
  }

  /** Forgets the account's addresses, its links, and its reminders (they have nowhere to go). */
  async removeAddress(user: User): Promise<AccountSettings> {
    await this.deps.db
      .updateTable('users')
      .set({ email: null, email_pending: null, remind_after_minutes: null, reminder_digest: null })
      .where('id', '=', user.id)
      .execute();
    await this.tokens.forget(user.id);
    return this.settingsOf(user.id);
  }

  /**
   * Opens a confirmation link: the address it was sent to becomes the account's, if it is still the one waiting (a
   * later address makes the link void) and no other account confirmed it first (`email.taken`). Spent in the same
   * transaction, so a link confirms once.
   */
  async confirm(token: string): Promise<{ email: string }> {
    const checked = await this.tokens.check(token, 'confirm');
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        await this.tokens.spend(trx, checked);
        const set = await trx
          .updateTable('users')
          .set({ email: checked.email, email_pending: null })
          .where('id', '=', checked.user_id)
          .where('email_pending', '=', checked.email)
          .executeTakeFirst();
        if (Number(set.numUpdatedRows) !== 1) throw new AuthError('email.linkInvalid', 400);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AuthError('email.taken', 409);
      throw error;
    }
    // A reset link sent to the address this one replaces stops working.
    await this.deps.db
      .deleteFrom('email_tokens')
      .where('user_id', '=', checked.user_id)
      .where('purpose', '=', 'reset')
      .where('email', '<>', checked.email)
      .execute();
    return { email: checked.email };
  }

  /**
   * A forgotten password: counted per client address and per address asked for (the same for every address, known or
   * not: a refusal tells nothing), then answered; only after the answer is the address looked up and, if a registered
   * account confirmed it and its own count allows, a reset link sent.
   */
  async forgot(raw: string, clientAddress: string): Promise<void> {
    this.requireMail();
    const email = parseEmail(raw);
    const { limits } = this.deps;
    await this.counters.take('email_ip', await this.ipKey(clientAddress), limits.emailRequestsPerIp, HOUR);
    await this.counters.take('email_address', await this.emailKey(email), limits.emailsPerAddress, DAY);
    this.later(async () => {
      const row = await this.deps.db
        .selectFrom('users')
        .select(['id', 'name', 'language', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (!row || row.password_hash === null) return;
      // Over the account's own limit: nothing sent, and nothing said (the answer is already the same for all).
      if (!(await this.counters.tryTake('email_account', row.id, limits.emailsPerAccount, DAY))) return;
      const minutes = this.deps.settings.resetLinkMinutes;
      const token = await this.tokens.issue(row.id, 'reset', email, minutes * 60_000);
      await this.send({
        to: email,
        ...resetLetter(mailLang(row.language), {
          name: row.name,
          link: this.link('/password/reset', token),
          minutes,
        }),
      });
    });
  }

  /**
   * Opens a reset link with a new password: the link is spent and the password stored in one transaction (the
   * address must still be the account's), then every session of the account ends. Returns the account and the
   * sessions ended (their sockets are closed by the caller).
   */
  async reset(
    token: string,
    password: string,
    clientAddress: string,
  ): Promise<{ user: User; ended: string[] }> {
    const checked = await this.tokens.check(token, 'reset');
    const user = await this.deps.accounts.userById(checked.user_id);
    if (!user?.registered) throw new AuthError('email.linkInvalid', 400);
    if (!this.deps.accounts.passwordRoom(user.name, clientAddress)) throw new PasswordBusyError();
    const hash = await this.deps.accounts.hashPassword(user, password, clientAddress);
    await this.deps.db.transaction().execute(async (trx) => {
      await this.tokens.spend(trx, checked);
      const set = await trx
        .updateTable('users')
        .set({ password_hash: hash })
        .where('id', '=', user.id)
        .where('email', '=', checked.email)
        .executeTakeFirst();
      if (Number(set.numUpdatedRows) !== 1) throw new AuthError('email.linkInvalid', 400);
    });
    return { user, ended: await this.deps.accounts.endSessions(user.id) };
  }

  /** A reminder's or a digest's one-click unsubscribe: the signed link turns both off. */
  async unsubscribe(userId: string, signature: string): Promise<void> {
    if (!(await this.unsubscribeLinks.verify(userId, signature)))
      throw new AuthError('email.linkInvalid', 400);
    await this.deps.db
      .updateTable('users')
      .set({ remind_after_minutes: null, reminder_digest: null })
      .where('id', '=', userId)
      .execute();
  }

  /**
   * E-mails an invitation to a table (`friends/invitations.ts`), after the answer: only to a confirmed address of a
   * player who asked for invitations by e-mail, counted against the account's e-mails of the day (past the limit,
   * dropped quietly: the invitation is in "My games" anyway), and never on a server without `SMTP_URL`.
   */
  invitation(userId: string, invitation: InvitationInfo): void {
    if (!this.available) return;
    this.later(async () => {
      const row = await this.deps.db
        .selectFrom('users')
        .select(['name', 'email', 'language', 'invitations_by_mail'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row?.email || row.invitations_by_mail !== 1) return;
      if (!(await this.counters.tryTake('email_account', userId, this.deps.limits.emailsPerAccount, DAY)))
        return;
      await this.send({
        to: row.email,
        ...invitationLetter(mailLang(row.language), {
          name: row.name,
          from: invitation.from,
          game: invitation.title,
          link: `${this.deps.settings.publicUrl ?? ''}/t/${invitation.tableId}`,
        }),
      });
    });
  }

  /** Resolves once every send under way has ended (the server closes; tests wait for what was sent). */
  async drain(): Promise<void> {
    while (this.sending.size > 0) await Promise.allSettled([...this.sending]);
  }

  /** A link into the web client, its token after `#`: a fragment is never sent to a server, so never logged. */
  link(path: string, fragment: string): string {
    return `${this.deps.settings.publicUrl ?? ''}${path}#${fragment}`;
  }

  /** Refuses with `email.unavailable` (HTTP 503) on a server without `SMTP_URL`. */
  requireMail(): void {
    if (!this.available) throw new AuthError('email.unavailable', 503);
  }

  /** Counts a request that sends a confirmation: per client address, per account, per address written to. */
  private async countRequest(user: User, email: string, clientAddress: string): Promise<void> {
    const { limits } = this.deps;
    await this.counters.take('email_ip', await this.ipKey(clientAddress), limits.emailRequestsPerIp, HOUR);
    await this.counters.take('email_account', user.id, limits.emailsPerAccount, DAY);
    await this.counters.take('email_address', await this.emailKey(email), limits.emailsPerAddress, DAY);
  }

  private async sendConfirmation(user: User, email: string): Promise<void> {
    const taken = await this.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('id', '<>', user.id)
      .executeTakeFirst();
    if (taken) return; // another account's: its owner is not written to, and the asker is told nothing
    const { confirmLinkHours: hours } = this.deps.settings;
    const token = await this.tokens.issue(user.id, 'confirm', email, hours * HOUR);
    const row = await this.deps.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    await this.send({
      to: email,
      ...confirmLetter(mailLang(row.language), {
        name: user.name,
        email,
        link: this.link('/email/confirm', token),
        hours,
      }),
    });
  }

  private async send(letter: Letter): Promise<void> {
    await this.deps.mailer?.send(letter);
  }

  /** Runs `task` after the answer; its failure is logged (without the letter, which may hold a link's secret). */
  private later(task: () => Promise<void>): void {
    const running: Promise<void> = task()
      .catch((error: unknown) =>
        this.deps.log.warn(
          {
            err:
              error instanceof Error
                ? { message: error.message, code: (error as { code?: unknown }).code }
                : error,
          },
          'sending an e-mail failed',
        ),
      )
      .finally(() => this.sending.delete(running));
    this.sending.add(running);
  }

  /** Keyed hashes (`address-hashes.ts`): the counts keep no address in the clear. */
  private ipKey(clientAddress: string): Promise<string> {
    return this.deps.accounts.addresses.hash(clientAddress);
  }

  private emailKey(email: string): Promise<string> {
    return this.deps.accounts.addresses.hash(`email:${email}`);
  }
}

function requireRegistered(user: User): void {
  if (!user.registered) throw new AuthError('account.notRegistered', 409);
}
