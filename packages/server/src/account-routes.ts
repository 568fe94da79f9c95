import {
  EmptyBody,
  ForgotPasswordBody,
  PlaySettings,
  PreferencesBody,
  ResetPasswordBody,
  SetEmailBody,
  TokenBody,
  UnsubscribeBody,
  type AccountSettings,
  type PlaySettingsView,
  type SessionInfo,
} from '@skyline/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthError, type Accounts, type Origin, type Session } from './auth.js';
import { parseEmail, type EmailAccounts } from './mail/email-accounts.js';
import { parse } from './parse.js';
import type { SignInGuard } from './sign-in.js';

/** What the account routes share with the rest of the HTTP API (`http.ts`). */
export interface AccountRouteKit {
  accounts: Accounts;
  mail: EmailAccounts;
  guard: SignInGuard;
  requireSession(request: FastifyRequest): Promise<Session>;
  addressOf(request: FastifyRequest): string;
  originOf(request: FastifyRequest): Origin & { device: string };
  knowDevice(reply: FastifyReply, device: string): void;
  /** Ends the connections of sessions that ended, in every process. */
  endSessions(sessionIds: readonly string[]): void;
}

/**
 * The settings page's routes and the links sent by e-mail (docs/protocol.md, "Accounts and e-mail"): the account's
 * address, its confirmation, password resets, preferences, sessions, and the reminders' unsubscribe.
 */
export function registerAccountRoutes(app: FastifyInstance, kit: AccountRouteKit): void {
  const { mail } = kit;
  /** The settings are a registered account's: a guest has no password to protect an address with. */
  const requireRegistered = async (request: FastifyRequest): Promise<Session> => {
    const session = await kit.requireSession(request);
    if (!session.user.registered) throw new AuthError('account.notRegistered', 409);
    return session;
  };

  // Whether this server sends e-mail: the pages that need it say so before anyone fills a form.
  app.get('/api/mail', () => ({ available: mail.available }));

  app.get('/api/account', async (request): Promise<AccountSettings> => {
    const { user } = await requireRegistered(request);
    return mail.settingsOf(user.id);
  });
  app.post('/api/account/preferences', async (request): Promise<AccountSettings> => {
    const { user } = await requireRegistered(request);
    return mail.setPreferences(user, parse(PreferencesBody, request.body));
  });
  // The way of playing kept with the account (`play-settings.ts`); a guest keeps its browser's choice.
  app.get('/api/settings/play', async (request): Promise<PlaySettingsView> => {
    const { user } = await requireRegistered(request);
    return kit.accounts.playSettingsOf(user.id);
  });
  app.post('/api/settings/play', async (request): Promise<PlaySettingsView> => {
    const { user } = await requireRegistered(request);
    return kit.accounts.setPlaySettings(user.id, parse(PlaySettings, request.body));
  });
  app.get('/api/account/sessions', async (request): Promise<{ sessions: SessionInfo[] }> => {
    const session = await requireRegistered(request);
    return { sessions: await kit.accounts.sessionsOf(session.user.id, session.id) };
  });

  // The account's address: the current password is asked, so that a session left open somewhere cannot point the
  // reset links at another mailbox.
  app.post('/api/email', async (request): Promise<AccountSettings> => {
    const session = await requireRegistered(request);
    const { email, password } = parse(SetEmailBody, request.body);
    // What can be refused without a password's hash is refused first.
    mail.requireMail();
    parseEmail(email);
    await kit.guard.confirmPassword(session, password, kit.originOf(request));
    return mail.setAddress(session.user, email, kit.addressOf(request));
  });
  app.post('/api/email/resend', async (request): Promise<AccountSettings> => {
    const { user } = await requireRegistered(request);
    parse(EmptyBody, request.body);
    return mail.resend(user, kit.addressOf(request));
  });
  app.post('/api/email/remove', async (request): Promise<AccountSettings> => {
    const { user } = await requireRegistered(request);
    parse(EmptyBody, request.body);
    return mail.removeAddress(user);
  });
  // A confirmation link opened, maybe in a browser not signed in: the token alone proves the mailbox.
  app.post('/api/email/confirm', async (request) => {
    const { token } = parse(TokenBody, request.body);
    return mail.confirm(token);
  });

  // The same answer, after the same work, whether or not an account has the address (`EmailAccounts.forgot`).
  app.post('/api/password/forgot', async (request) => {
    const { email } = parse(ForgotPasswordBody, request.body);
    await mail.forgot(email, kit.addressOf(request));
    return { ok: true };
  });
  // A reset link opened: the new password, every session of the account ended; the person signs in with it.
  app.post('/api/password/reset', async (request, reply) => {
    const { token, password } = parse(ResetPasswordBody, request.body);
    const from = kit.originOf(request);
    const { user, ended } = await mail.reset(token, password, from.address);
    kit.endSessions(ended);
    await kit.guard.passwordReset(user, from);
    kit.knowDevice(reply, from.device);
    return { ok: true, name: user.name, ended: ended.length };
  });

  // The reminders' unsubscribe: from the page the e-mail's link opens (JSON), or from the mail program's own button
  // (RFC 8058: a form post to the List-Unsubscribe address, its signature in the query). Its requests are not logged
  // at the info level, which would write their address, signature included.
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, parsed) => parsed(null, {}),
    );
    scope.post('/api/email/unsubscribe', { logLevel: 'warn' }, async (request) => {
      const query = request.query as { u?: unknown; s?: unknown };
      const { user, signature } =
        query.u !== undefined || query.s !== undefined
          ? parse(UnsubscribeBody, { user: query.u, signature: query.s })
          : parse(UnsubscribeBody, request.body);
      await mail.unsubscribe(user, signature);
      return { ok: true };
    });
    done();
  });
}
