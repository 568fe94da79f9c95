import { useState, type FormEvent } from 'react';
import { Link } from '../components.js';
import { CurrentPasswordField, TextField, useRequest } from '../forms.js';
import { useI18n } from '../i18n.js';
import { http, type User } from '../net.js';
import { sayServer } from '../server-words.js';

export function SignIn({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const { t, lang } = useI18n();
  const [name, setName] = useState('');
  const [loginName, setLoginName] = useState('');
  const [password, setPassword] = useState('');
  const request = useRequest();
  const { error, busy } = request;

  const run = (path: string, body: unknown) => (event: FormEvent) => {
    event.preventDefault();
    void request.run(async () => {
      const { user } = await http<{ user: User }>('POST', path, body);
      onSignedIn(user);
    }, t('signin.invalid'));
  };

  return (
    <div className="signin">
      <h1>{t('signin.title')}</h1>
      <p className="tagline">{t('app.tagline')}</p>
      <p className="signin-register" data-testid="signin-register">
        <Link to="/register" className="button primary">
          {t('nav.register')}
        </Link>{' '}
        {t('signin.registerHint')}
      </p>
      {error && (
        <p className="error" role="alert" data-testid="signin-error">
          {sayServer(lang, error)}
        </p>
      )}
      <div className="signin-forms">
        <form onSubmit={run('/api/session', { name: name.trim() })} className="card">
          <h2>{t('signin.guest')}</h2>
          <TextField
            label={t('signin.name')}
            value={name}
            onValue={setName}
            autoFocus
            required
            minLength={2}
            maxLength={20}
            autoComplete="nickname"
            data-testid="guest-name"
            aria-describedby="name-hint"
          />
          <small id="name-hint">{t('signin.nameHint')}</small>
          <button type="submit" disabled={busy} data-testid="guest-play" className="primary">
            {t('signin.play')}
          </button>
        </form>
        <form onSubmit={run('/api/login', { name: loginName.trim(), password })} className="card">
          <h2>{t('signin.login')}</h2>
          <TextField
            label={t('signin.name')}
            value={loginName}
            onValue={setLoginName}
            required
            autoComplete="username"
          />
          <CurrentPasswordField label={t('signin.password')} value={password} onValue={setPassword} />
          <button type="submit" disabled={busy}>
            {t('signin.loginButton')}
          </button>
          <p className="small">
            <Link to="/password/forgot">{t('forgot.link')}</Link>
          </p>
        </form>
      </div>
    </div>
  );
}
