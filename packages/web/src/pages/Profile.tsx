import { RELIABILITY_LEAST_GAMES, type PlayerGame, type PlayerProfile } from '@skyline/protocol';
import { useEffect, useState } from 'react';
import { Link, PageRefusal, Reporting } from '../components.js';
import { titleOf as gameTitle } from '@skyline/games/client';
import { formatNumber, useI18n, type Lang } from '../i18n.js';
import { http, type User } from '../net.js';
import { saidOfFailure, type Said } from '../server-words.js';
import { FollowBlock } from '../friends.js';
import { PlayerName, RatingChart, RatingText, signedChange, wholePoints } from '../ratings.js';

/**
 * A player's profile (`/p/NAME`): ratings per game with their charts, games won, recent and current games; a
 * signed-in visitor may report the player to the moderators.
 */
export function ProfilePage({ name, user = null }: { name: string; user?: User | null }) {
  const { t, lang } = useI18n();
  const [profile, setProfile] = useState<PlayerProfile | null>(null);
  const [reporting, setReporting] = useState(false);
  const [error, setError] = useState<Said | null>(null);
  useEffect(() => {
    setProfile(null);
    setError(null);
    http<PlayerProfile>('GET', `/api/players/${encodeURIComponent(name)}`).then(
      setProfile,
      (caught: unknown) =>
        // A name that could not be anybody's (refused as malformed) is nobody's either.
        setError(
          saidOfFailure(caught, {
            text: `there is no player ${name}`,
            code: 'player.none',
            params: { name },
          }),
        ),
    );
  }, [name]);
  if (error)
    return (
      <>
        <h1>{name}</h1>
        <PageRefusal said={error} />
      </>
    );
  if (!profile) return <p aria-busy="true">…</p>;
  const games = Object.entries(profile.ratings).sort((a, b) => b[1].games - a[1].games);
  const share = profile.played === 0 ? null : Math.round((100 * profile.won) / profile.played);
  return (
    <div className="profile">
      <h1 data-testid="profile-name">
        {profile.name}
        {profile.bot && <span className="tag">{t('table.botTag', { level: t(`bot.${profile.bot}`) })}</span>}
        {!profile.bot && !profile.registered && <span className="tag">{t('profile.guest')}</span>}
      </h1>
      <p data-testid="profile-record">
        {t('profile.record', { played: profile.played, won: profile.won })}
        {share !== null && ` · ${t('profile.share', { share: formatNumber(lang, share) })}`}
      </p>
      {profile.reliability && (
        <p data-testid="profile-reliability">
          {profile.reliability.share === null
            ? t('profile.reliabilityFew', {
                games: profile.reliability.games,
                least: RELIABILITY_LEAST_GAMES,
              })
            : t('profile.reliability', {
                share: formatNumber(lang, profile.reliability.share),
                games: profile.reliability.games,
              })}
        </p>
      )}
      {user && user.name !== profile.name && !profile.bot && (
        <p>
          <button type="button" onClick={() => setReporting(true)} data-testid="report-player">
            {t('report.player', { name: profile.name })}
          </button>
        </p>
      )}
      {user && user.name !== profile.name && !profile.bot && <FollowBlock name={profile.name} />}
      <Reporting target={reporting ? { name: profile.name } : null} onClose={() => setReporting(false)} />
      <section aria-labelledby="ratings-title">
        <h2 id="ratings-title">{t('profile.ratings')}</h2>
        {games.length === 0 ? (
          <p className="muted">
            {t(profile.registered || profile.bot ? 'profile.noRatings' : 'profile.guestRatings')}
          </p>
        ) : (
          <ul className="rating-cards">
            {games.map(([game, rating]) => (
              <li key={game} className="card" data-testid={`rating-${game}`}>
                <h3>
                  <Link to={`/leaderboard/${game}`}>{titleOf(profile, game, lang)}</Link>
                </h3>
                <p className="big">
                  <RatingText rating={rating} />
                </p>
                <p className="muted small">
                  {t('profile.ratingDetail', {
                    games: rating.games,
                    sigma: formatNumber(lang, Math.round(rating.sigma)),
                  })}
                  {rating.provisional && ` · ${t('rating.provisional')}`}
                </p>
                <RatingChart
                  points={profile.charts[game] ?? []}
                  title={t('profile.chart', { game: titleOf(profile, game, lang) })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="current-title">
        <h2 id="current-title">{t('profile.current')}</h2>
        <GameList games={profile.current} empty={t('mygames.none')} />
      </section>
      <section aria-labelledby="recent-title">
        <h2 id="recent-title">{t('profile.recent')}</h2>
        <GameList games={profile.recent} empty={t('mygames.none')} />
      </section>
    </div>
  );
}

/** A game's title as the profile's games name it (the ratings carry only the game's id). */
function titleOf(profile: PlayerProfile, game: string, lang: Lang): string {
  return [...profile.recent, ...profile.current].find((g) => g.game === game)?.title ?? gameTitle(game, lang);
}

function GameList({ games, empty }: { games: PlayerGame[]; empty: string }) {
  const { t, lang } = useI18n();
  if (games.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="table-list">
      {games.map((game) => (
        <li key={game.tableId} className="table-item">
          <span>
            <strong>{game.title}</strong>{' '}
            <span className="muted">
              {game.names.map((name, k) => (
                <span key={k}>
                  {k > 0 && ', '}
                  {name ? <PlayerName name={name} /> : '—'}
                </span>
              ))}
            </span>{' '}
            {game.won === true && <span className="tag">{t('mygames.won')}</span>}
            {game.change !== null && (
              <span className={`tag change ${wholePoints(game.change) >= 0 ? 'up' : 'down'}`}>
                {t('profile.change', { change: signedChange(lang, wholePoints(game.change)) })}
              </span>
            )}
            {game.finishedAt !== null && (
              <span className="muted small">
                {' '}
                · {new Date(game.finishedAt).toLocaleDateString(lang === 'fr' ? 'fr-FR' : 'en-US')}
              </span>
            )}
          </span>
          <Link
            to={game.status === 'over' ? `/replay/${game.tableId}` : `/t/${game.tableId}`}
            className="button"
          >
            {game.status === 'over' ? t('end.replay') : t('mygames.see')}
          </Link>
        </li>
      ))}
    </ul>
  );
}
