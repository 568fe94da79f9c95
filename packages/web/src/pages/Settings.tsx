/**
 * The settings of a registered account (`/settings`): its e-mail address (added or changed with the password, waiting
 * for its link, sent again, removed), the language, notifications (the browser's, and reminders by e-mail), the
 * password, and the sessions ("sign out everywhere"). What needs e-mail says so when the server sends none.
 */
import { REMINDER_MINUTES, type AccountSettings, type SessionInfo } from '@skyline/protocol';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '../components.js';
import { CurrentPasswordField, EmailField, NewPasswordField } from '../forms.js';
import { useFetched } from '../fetched.js';
import { localeOf } from '@skyline/board-kit';
import { useI18n, type Lang, type T } from '../i18n.js';
import { http, type User } from '../net.js';
import { MotionSetting } from '../motion-setting.js';
import { NotifySetting } from '../notify-setting.js';
import { ConfirmSetting } from '../confirm-bar.js';
import { navigate } from '../router.js';
import { saidOfFailure, sayServer, type Said } from '../server-words.js';

/** What a form of the page last said: a refusal of the server, or its own words. */
type Outcome = { error: Said } | { done: string } | null;

/** Runs a request for a form, keeping what it said and whether it is on its way. */
function useAction() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const run = async (request: () => Promise<string | null>, invalid: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      const done = await request();
      setOutcome(done === null ? null : { done });
    } catch (caught) {
      setOutcome({ error: saidOfFailure(caught, { text: invalid }) });
    } finally {
      setBusy(false);
    }
  };
  return { outcome, busy, run, clear: () => setOutcome(null) };
}

/** A form's outcome, read out by screen readers where it appears. */
function OutcomeLine({ outcome, testId }: { outcome: Outcome; testId: string }) {
  const { lang } = useI18n();
  if (outcome === null) return null;
  if ('error' in outcome)
    return (
      <p className="error" role="alert" data-testid={`${testId}-error`}>
        {capitalised(sayServer(lang, outcome.error), lang)}
      </p>
    );
  return (
    <p role="status" data-testid={`${testId}-done`}>
      {outcome.done}
    </p>
  );
}

const capitalised = (text: string, lang: Lang) => text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);

/** One part of the page: a card with its heading, named for screen readers by it. */
function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section className="card settings-section" aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function SettingsPage({ user, onUser }: { user: User; onUser: (user: User | null) => void }) {
  const { t } = useI18n();
  if (!user.registered)
    return (
      <div className="settings">
        <h1>{t('settings.title')}</h1>
        <p className="card">
          {t('settings.guest')} <Link to="/games">{t('nav.mygames')}</Link>
        </p>
        {/* A guest's choice is this browser's, like everyone's (`confirm-moves.ts`). */}
        <PlayingSection />
      </div>
    );
  return <RegisteredSettings onUser={onUser} />;
}

function RegisteredSettings({ onUser }: { onUser: (user: User | null) => void }) {
  const { t, lang } = useI18n();
  const account = useFetched<AccountSettings>('/api/account');
  const [settings, setSettings] = useState<AccountSettings | null>(null);
  const current = settings ?? account.data;
  return (
    <div className="settings">
      <h1>{t('settings.title')}</h1>
      {account.error !== null && current === null && (
        <p className="error" role="alert">
          {sayServer(lang, saidOfFailure(account.error, { text: t('settings.unreadable') }))}
        </p>
      )}
      {current && <EmailSection settings={current} onSettings={setSettings} />}
      <LanguageSection />
      {current && <NotificationsSection settings={current} onSettings={setSettings} />}
      <PlayingSection account />
      <PasswordSection />
      <SessionsSection onUser={onUser} />
    </div>
  );
}

function EmailSection({
  settings,
  onSettings,
}: {
  settings: AccountSettings;
  onSettings: (settings: AccountSettings) => void;
}) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction();
  const apply = async (path: string, body: unknown, said: (next: AccountSettings) => string) => {
    const next = await http<AccountSettings>('POST', path, body);
    onSettings(next);
    return said(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const done = await apply('/api/email', { email, password }, (next) =>
        next.pendingEmail
          ? t('settings.emailSent', { email: next.pendingEmail })
          : t('settings.emailSame', { email: next.email ?? email }),
      );
      setPassword('');
      setEmail('');
      return done;
    }, t('forgot.invalid'));
  };
  if (!settings.mail)
    return (
      <Section title={t('settings.email')} testId="settings-email">
        <p data-testid="settings-no-mail">{t('settings.noMail')}</p>
      </Section>
    );
  return (
    <Section title={t('settings.email')} testId="settings-email">
      <p className="muted">{t('settings.emailHint')}</p>
      <p data-testid="email-state">
        {settings.email ? t('settings.emailConfirmed', { email: settings.email }) : t('settings.emailNone')}
      </p>
      {settings.pendingEmail && (
        <p data-testid="email-pending">
          {t('settings.emailPending', { email: settings.pendingEmail })}{' '}
          <button
            type="button"
            disabled={action.busy}
            data-testid="email-resend"
            onClick={() =>
              void action.run(
                () =>
                  apply('/api/email/resend', {}, (next) =>
                    t('settings.resent', { email: next.pendingEmail ?? '' }),
                  ),
                '',
              )
            }
          >
            {t('settings.resend')}
          </button>
        </p>
      )}
      <form onSubmit={submit} className="settings-form">
        <EmailField label={t('settings.emailNew')} value={email} onValue={setEmail} data-testid="email-new" />
        <CurrentPasswordField
          label={t('settings.currentPassword')}
          value={password}
          onValue={setPassword}
          data-testid="email-password"
        />
        <div className="row-buttons">
          <button type="submit" className="primary" disabled={action.busy} data-testid="email-save">
            {settings.email || settings.pendingEmail ? t('settings.emailChange') : t('settings.emailAdd')}
          </button>
          {(settings.email || settings.pendingEmail) && (
            <button
              type="button"
              disabled={action.busy}
              data-testid="email-remove"
              onClick={() =>
                void action.run(() => apply('/api/email/remove', {}, () => t('settings.emailRemoved')), '')
              }
            >
              {t('settings.emailRemove')}
            </button>
          )}
        </div>
      </form>
      <OutcomeLine outcome={action.outcome} testId="email" />
    </Section>
  );
}

function LanguageSection() {
  const { t, lang, setLang } = useI18n();
  return (
    <Section title={t('settings.language')} testId="settings-language">
      <label>
        <span className="sr-only">{t('settings.language')}</span>
        <select
          value={lang}
          data-testid="settings-lang"
          aria-describedby="language-hint"
          onChange={(event) => {
            const next = event.target.value as Lang;
            setLang(next);
            // The e-mails follow: the account keeps the language too.
            void http('POST', '/api/account/preferences', { language: next }).catch(() => undefined);
          }}
        >
          <option value="en">English</option>
          <option value="fr">Français</option>
        </select>
      </label>
      <small id="language-hint" className="muted">
        {t('settings.languageHint')}
      </small>
    </Section>
  );
}

/** The delays offered (the server takes any whole number of minutes in its range). */
const delayLabel = (minutes: number, t: T) =>
  minutes === 1440 ? t('settings.reminderDay') : t('settings.reminderAfter', { n: minutes / 60 });

/**
 * How moves are played: confirmed before they are sent (`confirm-moves.ts`); kept with a registered player's account
 * (`play-settings.ts`), a guest's in its browser.
 */
function PlayingSection({ account = false }: { account?: boolean }) {
  const { t } = useI18n();
  return (
    <Section title={t('confirm.section')} testId="settings-playing">
      <ConfirmSetting className="settings-item" account={account} />
    </Section>
  );
}

function NotificationsSection({
  settings,
  onSettings,
}: {
  settings: AccountSettings;
  onSettings: (settings: AccountSettings) => void;
}) {
  const { t } = useI18n();
  const action = useAction();
  const choices: number[] = [...REMINDER_MINUTES.choices];
  if (settings.reminderMinutes !== null && !choices.includes(settings.reminderMinutes))
    choices.push(settings.reminderMinutes);
  const usable = settings.mail && settings.email !== null;
  const save = (preferences: { reminderMinutes?: number | null; reminderDigest?: boolean }) =>
    void action.run(async () => {
      onSettings(await http<AccountSettings>('POST', '/api/account/preferences', preferences));
      return t('settings.saved');
    }, '');
  const change = (value: string) => save({ reminderMinutes: value === 'never' ? null : Number(value) });
  return (
    <Section title={t('settings.notifications')} testId="settings-notifications">
      <NotifySetting className="settings-item" />
      <MotionSetting className="settings-item" />
      <label>
        {t('settings.reminders')}
        <select
          value={settings.reminderMinutes === null ? 'never' : String(settings.reminderMinutes)}
          disabled={!usable || action.busy}
          data-testid="reminders"
          aria-describedby="reminders-hint"
          onChange={(event) => change(event.target.value)}
        >
          <option value="never">{t('settings.reminderNever')}</option>
          {choices.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {delayLabel(minutes, t)}
            </option>
          ))}
        </select>
      </label>
      <small id="reminders-hint" className="muted">
        {!settings.mail
          ? t('settings.noMail')
          : settings.email === null
            ? t('settings.remindersNeedEmail')
            : t('settings.remindersHint')}
      </small>
      {/* The daily digest (server `mail/digest.ts`): one e-mail a day listing the games awaiting the player. */}
      <label className="check">
        <input
          type="checkbox"
          checked={settings.reminderDigest}
          disabled={!usable || action.busy}
          data-testid="reminder-digest"
          aria-describedby="reminders-hint"
          onChange={(event) => save({ reminderDigest: event.target.checked })}
        />{' '}
        {t('settings.reminderDigest')}
      </label>
      <OutcomeLine outcome={action.outcome} testId="reminders" />
    </Section>
  );
}

function PasswordSection() {
  const { t } = useI18n();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const { ended } = await http<{ ended: number }>('POST', '/api/password', { current, password });
      setCurrent('');
      setPassword('');
      return t('settings.passwordChanged', { n: ended });
    }, t('register.invalid'));
  };
  return (
    <Section title={t('settings.password')} testId="settings-password">
      <form onSubmit={submit} className="settings-form">
        <CurrentPasswordField
          label={t('settings.currentPassword')}
          value={current}
          onValue={setCurrent}
          data-testid="password-current"
        />
        <NewPasswordField
          label={t('settings.newPassword')}
          value={password}
          onValue={setPassword}
          data-testid="password-new"
        />
        <button type="submit" className="primary" disabled={action.busy} data-testid="password-save">
          {t('settings.changePassword')}
        </button>
      </form>
      <OutcomeLine outcome={action.outcome} testId="password" />
    </Section>
  );
}

function SessionsSection({ onUser }: { onUser: (user: User | null) => void }) {
  const { t, lang } = useI18n();
  const sessions = useFetched<{ sessions: SessionInfo[] }>('/api/account/sessions');
  const action = useAction();
  const when = (ms: number) =>
    new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  const everywhere = () =>
    void action.run(async () => {
      await http('POST', '/api/logout/everywhere', {});
      onUser(null);
      navigate('/');
      return null;
    }, '');
  return (
    <Section title={t('settings.sessions')} testId="settings-sessions">
      <p className="muted">{t('settings.sessionsHint')}</p>
      <ul className="session-list" data-testid="session-list">
        {(sessions.data?.sessions ?? []).map((session, k) => (
          <li key={k}>
            <strong>{session.agent ?? t('settings.someBrowser')}</strong>
            {session.current && <span className="tag">{t('settings.thisBrowser')}</span>}
            <br />
            <span className="muted small">
              {t('settings.sessionTimes', {
                created: when(session.createdAt),
                used: when(session.lastSeenAt),
              })}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted">{t('settings.signOutEverywhereHint')}</p>
      <button type="button" onClick={everywhere} disabled={action.busy} data-testid="sign-out-everywhere">
        {t('settings.signOutEverywhere')}
      </button>
      <OutcomeLine outcome={action.outcome} testId="sessions" />
    </Section>
  );
}
