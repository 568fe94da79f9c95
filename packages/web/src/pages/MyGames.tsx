import type { TableSummary } from '@skyline/protocol';
import { useEffect, useState, type FormEvent } from 'react';
import { formatClock, formatWait } from '../clocks.js';
import { Link } from '../components.js';
import { useI18n } from '../i18n.js';
import { http, type User } from '../net.js';
import { saidOfFailure, sayServer, type Said } from '../server-words.js';
import { NotifySetting } from '../notify-setting.js';

type MyGame = TableSummary & {
  seat: number;
  result: { status?: { scores?: number[]; winners?: number[] } } | null;
  /** The game awaits my move (the server lists these first, the longest waiting first). */
  yourTurn?: boolean;
  waitingSince?: number | null;
  clockLeft?: number | null;
};

export function MyGames({ user, onUser }: { user: User; onUser: (user: User) => void }) {
  const { t, lang } = useI18n();
  const [games, setGames] = useState<MyGame[] | null>(null);
  /** Why the games could not be read (said in the language shown, which may change meanwhile). */
  const [failure, setFailure] = useState<{ caught: unknown } | null>(null);
  /** Whether the player has just kept their name: said here, where the form was (it goes once the name is kept). */
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    http<{ games: MyGame[] }>('GET', '/api/my/games').then(
      ({ games }) => setGames(games),
      (caught: unknown) => setFailure({ caught }),
    );
  }, []);
  const error: Said | null = failure && saidOfFailure(failure.caught, { text: t('mygames.unreadable') });
  const playing = (games ?? []).filter((g) => g.status === 'playing');
  const now = Date.now();
  const over = (games ?? []).filter((g) => g.status === 'over');
  return (
    <div className="mygames">
      <h1>{t('mygames.title')}</h1>
      {error && <p className="error">{sayServer(lang, error)}</p>}
      <section aria-labelledby="playing-title">
        <h2 id="playing-title">{t('mygames.playing')}</h2>
        {playing.length === 0 ? (
          <p className="muted">{t('mygames.none')}</p>
        ) : (
          <ul className="table-list">
            {playing.map((game) => (
              <li key={game.id} className="table-item">
                <span>
                  <strong>{game.title}</strong>{' '}
                  {game.yourTurn && (
                    <span className="tag your-turn" data-testid="your-turn">
                      {t('mygames.awaiting')}
                    </span>
                  )}{' '}
                  <span className="muted">{game.seats.map((s) => s.name).join(', ')}</span>
                  {game.yourTurn && (
                    <span className="muted small">
                      {game.waitingSince
                        ? ` · ${t('mygames.waitingFor', { time: formatWait(now - game.waitingSince, t) })}`
                        : ''}
                      {game.clockLeft !== null && game.clockLeft !== undefined
                        ? ` · ${t('mygames.clockLeft', { time: formatClock(game.clockLeft) })}`
                        : ''}
                    </span>
                  )}
                </span>
                <Link to={`/t/${game.id}`} className="button">
                  {t('mygames.resume')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="over-title">
        <h2 id="over-title">{t('mygames.over')}</h2>
        {over.length === 0 ? (
          <p className="muted">{t('mygames.none')}</p>
        ) : (
          <ul className="table-list">
            {over.map((game) => {
              const scores = game.result?.status?.scores ?? [];
              const won = game.result?.status?.winners?.includes(game.seat) ?? false;
              return (
                <li key={game.id} className="table-item">
                  <span>
                    <strong>{game.title}</strong>{' '}
                    <span className="muted">
                      {game.seats.map((s, k) => `${s.name ?? '?'} ${scores[k] ?? ''}`).join(' · ')}
                    </span>
                    {won && <span className="tag">{t('mygames.won')}</span>}
                  </span>
                  <span className="row-buttons">
                    <Link to={`/t/${game.id}`} className="button">
                      {t('mygames.see')}
                    </Link>
                    <Link to={`/replay/${game.id}`} className="button">
                      {t('end.replay')}
                    </Link>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <NotifySetting />
      {!user.registered && (
        <Register
          onUser={(registered) => {
            setSaved(true);
            onUser(registered);
          }}
        />
      )}
      {saved && (
        <p role="status" className="card" data-testid="register-done">
          {t('register.done')}
        </p>
      )}
    </div>
  );
}

function Register({ onUser }: { onUser: (user: User) => void }) {
  const { t, lang } = useI18n();
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<Said | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { user } = await http<{ user: User }>('POST', '/api/register', { password });
      onUser(user);
    } catch (caught) {
      setMessage(saidOfFailure(caught, { text: t('register.invalid') }));
    }
  };
  return (
    <form className="card" onSubmit={(event) => void submit(event)}>
      <h2>{t('register.title')}</h2>
      <p className="muted">{t('register.hint')}</p>
      <label>
        {t('signin.password')}
        <input
          type="password"
          value={password}
          minLength={8}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
          required
        />
      </label>
      <button type="submit">{t('register.button')}</button>
      {message && (
        <p role="status" data-testid="register-message">
          {sayServer(lang, message)}
        </p>
      )}
    </form>
  );
}
