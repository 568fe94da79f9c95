/**
 * `/register`: creating an account, linked from the landing page and the header. An account is a name kept with a
 * password: a visitor picks both here (the server makes the guest, then keeps its name); a guest already playing
 * only adds the password, and keeps its games. The same password form sits in "My games".
 */
import { LIMITS } from '@skyline/protocol';
import { useState, type FormEvent } from 'react';
import { Link } from '../components.js';
import { NewPasswordField, TextField } from '../forms.js';
import { useI18n } from '../i18n.js';
import { http, type User } from '../net.js';
import { saidOfFailure, sayServer, type Said } from '../server-words.js';

export function AccountPage({ user, onUser }: { user: User | null; onUser: (user: User) => void }) {
  const { t } = useI18n();
  const [saved, setSaved] = useState(false);
  return (
    <div className="account">
      <h1>{t('account.title')}</h1>
      {user?.registered ? (
        <p role="status" className="card" data-testid="register-done">
          {t(saved ? 'register.done' : 'account.already', { name: user.name })}{' '}
          <Link to="/">{t('account.toLobby')}</Link>
        </p>
      ) : (
        <>
          <p className="muted">{t('account.intro')}</p>
          <RegisterForm
            user={user}
            onUser={(next) => {
              if (next.registered) setSaved(true);
              onUser(next);
            }}
          />
          {!user && (
            <p>
              {t('account.haveOne')} <Link to="/">{t('signin.login')}</Link>
            </p>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The password that keeps a name: for a guest, its own name; for a visitor, a name too (made a guest first, then
 * kept; a password refused then leaves the visitor playing as that guest, with the form still here).
 */
export function RegisterForm({ user, onUser }: { user: User | null; onUser: (user: User) => void }) {
  const { t, lang } = useI18n();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    let guest = user;
    try {
      if (!guest) {
        try {
          guest = (await http<{ user: User }>('POST', '/api/session', { name: name.trim() })).user;
        } catch (caught) {
          setMessage(saidOfFailure(caught, { text: t('signin.invalid') }));
          return;
        }
      }
      const { user: registered } = await http<{ user: User }>('POST', '/api/register', { password });
      onUser(registered);
    } catch (caught) {
      setMessage(saidOfFailure(caught, { text: t('register.invalid') }));
      if (guest && guest !== user) onUser(guest);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={(event) => void submit(event)} data-testid="register-form">
      <h2>{user ? t('register.title') : t('account.create')}</h2>
      <p className="muted">{user ? t('register.hint') : t('account.hint')}</p>
      {!user && (
        <TextField
          label={t('signin.name')}
          value={name}
          onValue={setName}
          required
          minLength={2}
          maxLength={LIMITS.nameLength}
          autoComplete="username"
          data-testid="register-name"
          aria-describedby="register-name-hint"
        />
      )}
      {!user && <small id="register-name-hint">{t('signin.nameHint')}</small>}
      <NewPasswordField
        label={t('signin.password')}
        value={password}
        maxLength={LIMITS.passwordMax}
        onValue={setPassword}
        data-testid="register-password"
      />
      <button type="submit" className="primary" disabled={busy} data-testid="register-submit">
        {user ? t('register.button') : t('account.button')}
      </button>
      {message && (
        <p role="status" data-testid="register-message">
          {sayServer(lang, message)}
        </p>
      )}
    </form>
  );
}
