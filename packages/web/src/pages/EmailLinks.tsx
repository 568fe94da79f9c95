/**
 * The pages of a forgotten password and of the links the server e-mails: asking for a reset link, choosing the new
 * password (`/password/reset#TOKEN`), confirming an address (`/email/confirm#TOKEN`) and stopping reminders
 * (`/unsubscribe#u=ID&s=SIGNATURE`). A link's token is in its fragment, which browsers never send to a server: the
 * page reads it, takes it out of the address bar (and so out of the history), and sends it in a request's body.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '../components.js';
import { useFetched } from '../fetched.js';
import { EmailField, NewPasswordField, useRequest } from '../forms.js';
import { useI18n } from '../i18n.js';
import { http } from '../net.js';
import { saidOfFailure, sayServer, type Said } from '../server-words.js';

/** The link's fragment, read once and then taken out of the address bar. */
function useFragment(): string {
  const [fragment] = useState(() => window.location.hash.replace(/^#/, ''));
  useEffect(() => {
    if (window.location.hash)
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
  }, []);
  return fragment;
}

/** A refusal of the server as a sentence of its own. */
function Refusal({ said, testId }: { said: Said; testId: string }) {
  const { lang } = useI18n();
  const words = sayServer(lang, said);
  return (
    <p className="error" role="alert" data-testid={testId}>
      {words.charAt(0).toLocaleUpperCase(lang) + words.slice(1)}
    </p>
  );
}

export function ForgotPasswordPage() {
  const { t } = useI18n();
  const mail = useFetched<{ available: boolean }>('/api/mail');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { error, busy, run } = useRequest();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await http('POST', '/api/password/forgot', { email: email.trim() });
      setSent(true);
    }, t('forgot.invalid'));
  };
  return (
    <div className="account-page">
      <h1>{t('forgot.title')}</h1>
      {mail.data?.available === false ? (
        <p className="card" data-testid="forgot-no-mail">
          {t('forgot.noMail')}
        </p>
      ) : sent ? (
        <p className="card" role="status" data-testid="forgot-sent">
          {t('forgot.sent')}
        </p>
      ) : (
        <form className="card" onSubmit={submit}>
          <p className="muted">{t('forgot.hint')}</p>
          <EmailField
            label={t('forgot.email')}
            value={email}
            autoFocus
            onValue={setEmail}
            data-testid="forgot-email"
          />
          <button type="submit" className="primary" disabled={busy} data-testid="forgot-send">
            {t('forgot.send')}
          </button>
          {error && <Refusal said={error} testId="forgot-error" />}
        </form>
      )}
      <p>
        <Link to="/">{t('forgot.back')}</Link>
      </p>
    </div>
  );
}

export function ResetPasswordPage() {
  const { t } = useI18n();
  const token = useFragment();
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { error, busy, run } = useRequest();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { name } = await http<{ name: string }>('POST', '/api/password/reset', { token, password });
      setDone(name);
    }, t('register.invalid'));
  };
  return (
    <div className="account-page">
      <h1>{t('reset.title')}</h1>
      {done !== null ? (
        <div className="card" role="status" data-testid="reset-done">
          <p>{t('reset.done', { name: done })}</p>
          {/* A page of its own, loaded anew: every session of the account ended, this browser's too. */}
          <a href="/" className="button primary" data-testid="reset-sign-in">
            {t('reset.signIn')}
          </a>
        </div>
      ) : token === '' ? (
        <p className="card">{t('reset.noToken')}</p>
      ) : (
        <form className="card" onSubmit={submit}>
          <NewPasswordField
            label={t('settings.newPassword')}
            value={password}
            autoFocus
            aria-describedby="reset-hint"
            onValue={setPassword}
            data-testid="reset-password"
          />
          <small id="reset-hint" className="muted">
            {t('reset.hint')}
          </small>
          <button type="submit" className="primary" disabled={busy} data-testid="reset-save">
            {t('reset.button')}
          </button>
          {error && <Refusal said={error} testId="reset-error" />}
        </form>
      )}
    </div>
  );
}

/** Opening the link confirms the address: the page sends its token once, as it opens. */
export function ConfirmEmailPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useI18n();
  const token = useFragment();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [error, setError] = useState<Said | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true; // once, even where React runs effects twice
    http<{ email: string }>('POST', '/api/email/confirm', { token }).then(
      ({ email }) => setConfirmed(email),
      (caught: unknown) => setError(saidOfFailure(caught, { text: t('reset.noToken') })),
    );
  }, [token, t]);
  return (
    <div className="account-page">
      <h1>{t('confirm.title')}</h1>
      <div className="card">
        {token === '' ? (
          <p>{t('reset.noToken')}</p>
        ) : confirmed !== null ? (
          <p role="status" data-testid="confirm-done">
            {t('confirm.done', { email: confirmed })}
          </p>
        ) : error ? (
          <Refusal said={error} testId="confirm-error" />
        ) : (
          <p role="status">{t('confirm.working')}</p>
        )}
        {signedIn && <Link to="/settings">{t('confirm.toSettings')}</Link>}
      </div>
    </div>
  );
}

/** The reminders' unsubscribe: one click on the page the e-mail's link opens. */
export function UnsubscribePage() {
  const { t } = useI18n();
  const fragment = useFragment();
  const params = new URLSearchParams(fragment);
  const [done, setDone] = useState(false);
  const { error, run } = useRequest();
  const stop = () =>
    run(async () => {
      await http('POST', '/api/email/unsubscribe', {
        user: params.get('u') ?? '',
        signature: params.get('s') ?? '',
      });
      setDone(true);
    }, t('reset.noToken'));
  return (
    <div className="account-page">
      <h1>{t('unsubscribe.title')}</h1>
      <div className="card">
        {done ? (
          <p role="status" data-testid="unsubscribe-done">
            {t('unsubscribe.done')}
          </p>
        ) : (
          <>
            <p>{t('unsubscribe.hint')}</p>
            <button type="button" className="primary" onClick={() => void stop()} data-testid="unsubscribe">
              {t('unsubscribe.button')}
            </button>
            {error && <Refusal said={error} testId="unsubscribe-error" />}
          </>
        )}
      </div>
    </div>
  );
}
