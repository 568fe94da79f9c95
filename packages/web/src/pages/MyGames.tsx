import type { TableSummary } from '@skyline/protocol';
import { useEffect, useState } from 'react';
import { formatClock, formatWait } from '../clocks.js';
import { Link } from '../components.js';
import { useGameUi } from '../games/index.js';
import { formatDate, formatMoney, formatNumber, useI18n } from '../i18n.js';
import { http, type Connection, type User } from '../net.js';
import { MyInvitations } from '../friends.js';
import { saidOfFailure, sayServer, type Said } from '../server-words.js';
import { NotifySetting } from '../notify-setting.js';
import { RegisterForm } from './Account.js';

type MyGame = TableSummary & {
  seat: number;
  result: { status?: { scores?: number[]; winners?: number[] } } | null;
  /** The game awaits my move (the server lists these first, the longest waiting first). */
  yourTurn?: boolean;
  waitingSince?: number | null;
  clockLeft?: number | null;
  startedAt?: number | null;
  finishedAt?: number | null;
  /** The tournament the game belongs to, if any. */
  tournament?: { id: string; name: string; round: number } | null;
};

/** "Tournament Spring cup, round 2", linking to the tournament's page; nothing for a table of the lobby. */
function TournamentTag({ game }: { game: MyGame }) {
  const { t } = useI18n();
  if (!game.tournament) return null;
  return (
    <>
      {' '}
      <Link to={`/tournaments/${game.tournament.id}`} className="tag tournament-tag">
        {t('mygames.tournament', { name: game.tournament.name, round: game.tournament.round })}
      </Link>
    </>
  );
}

/** The final scores, as the game counts them (Chinatown's are dollars) and the language writes them. */
function FinalScores({ game }: { game: MyGame }) {
  const { lang } = useI18n();
  const ui = useGameUi(game.game);
  const scores = game.result?.status?.scores ?? [];
  const write = (n: number | undefined) =>
    n === undefined ? '' : ui?.money ? formatMoney(lang, n) : formatNumber(lang, n);
  return (
    <span className="muted" data-testid="final-scores">
      {game.seats.map((s, k) => `${s.name ?? '?'} ${write(scores[k])}`).join(' · ')}
    </span>
  );
}

export function MyGames({
  user,
  onUser,
  conn = null,
}: {
  user: User;
  onUser: (user: User) => void;
  /** The page's connection, to take up an invitation (sit down at its table). */
  conn?: Connection | null;
}) {
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
      <MyInvitations conn={conn} />
      <section aria-labelledby="playing-title">
        <h2 id="playing-title">{t('mygames.playing')}</h2>
        {playing.length === 0 ? (
          <p className="muted">{t('mygames.none')}</p>
        ) : (
          <ul className="table-list">
            {playing.map((game) => (
              <li key={game.id} className="table-item" data-testid={`my-game-${game.id}`}>
                <span>
                  <strong>{game.title}</strong>
                  <TournamentTag game={game} />{' '}
                  {game.yourTurn && (
                    <span className="tag your-turn" data-testid="your-turn">
                      {t('mygames.awaiting')}
                    </span>
                  )}{' '}
                  <span className="muted">{game.seats.map((s) => s.name).join(', ')}</span>
                  <span className="muted small">
                    {' '}
                    · {t('mygames.started', { date: formatDate(lang, game.startedAt ?? game.createdAt) })}
                  </span>
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
              const won = game.result?.status?.winners?.includes(game.seat) ?? false;
              return (
                <li key={game.id} className="table-item" data-testid={`my-game-${game.id}`}>
                  <span>
                    <strong>{game.title}</strong>
                    <TournamentTag game={game} /> <FinalScores game={game} />
                    {won && <span className="tag">{t('mygames.won')}</span>}
                    {game.finishedAt ? (
                      <span className="muted small">
                        {' '}
                        · {t('mygames.ended', { date: formatDate(lang, game.finishedAt) })}
                      </span>
                    ) : null}
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
        <RegisterForm
          user={user}
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
