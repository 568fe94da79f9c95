import { CLIENT_GAMES, titleOf } from '@skyline/games/client';
import type { LeaderboardEntry, LeaderboardResponse } from '@skyline/protocol';
import { Link } from '../components.js';
import { useFetched } from '../fetched.js';
import { formatNumber, useI18n } from '../i18n.js';
import { saidOfFailure, sayServer } from '../server-words.js';
import { PlayerName, RatingText } from '../ratings.js';

const PAGE_SIZE = 20;

/** A game's leaderboard (`/leaderboard/GAME?page=N`): the best players with a few rated games, and your own place. */
export function LeaderboardPage({ game }: { game: string }) {
  const { t, lang } = useI18n();
  const page = Math.max(1, Number(new URLSearchParams(location.search).get('page')) || 1);
  const fetched = useFetched<LeaderboardResponse>(`/api/leaderboard/${game}?page=${page}&size=${PAGE_SIZE}`);
  const board = fetched.data;
  const error = fetched.error
    ? saidOfFailure(fetched.error, { text: '', code: 'leaderboard.none', params: { game } })
    : null;
  const pages = board ? Math.max(1, Math.ceil(board.total / board.size)) : 1;
  return (
    <div className="leaderboard">
      <h1>{t('board.title', { game: board?.title ?? titleOf(game, lang) })}</h1>
      <nav className="rules-nav" aria-label={t('board.games')}>
        {CLIENT_GAMES.map((g) => (
          <Link key={g.id} to={`/leaderboard/${g.id}`} className={g.id === game ? 'current' : undefined}>
            {g.text[lang].title}
          </Link>
        ))}
      </nav>
      {error && (
        <p className="error" role="alert">
          {sayServer(lang, error)}
        </p>
      )}
      {board && (
        <>
          <p className="muted">{t('board.hint', { n: board.minGames })}</p>
          {board.me && (
            <p data-testid="my-rank">
              {t('board.mine', {
                rank: formatNumber(lang, board.me.rank),
                total: formatNumber(lang, board.total),
              })}
              {' · '}
              {t('board.rating')} <RatingText rating={board.me} />
            </p>
          )}
          {board.entries.length === 0 ? (
            <p>{t('board.empty')}</p>
          ) : (
            <div className="table-scroll" role="region" aria-label={t('board.table')} tabIndex={0}>
              <table className="scores board-table" data-testid="leaderboard">
                <caption className="sr-only">{t('board.table')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('board.rank')}</th>
                    <th scope="col">{t('board.player')}</th>
                    <th scope="col">{t('board.rating')}</th>
                    <th scope="col">{t('board.sigma')}</th>
                    <th scope="col">{t('board.games')}</th>
                  </tr>
                </thead>
                <tbody>
                  {board.entries.map((entry) => (
                    <Row key={entry.name} entry={entry} me={board.me?.name === entry.name} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 && (
            <nav className="pager" aria-label={t('board.pages')}>
              {page > 1 && <Link to={`/leaderboard/${game}?page=${page - 1}`}>{t('board.previous')}</Link>}
              <span>{t('board.page', { page, pages })}</span>
              {page < pages && <Link to={`/leaderboard/${game}?page=${page + 1}`}>{t('board.next')}</Link>}
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function Row({ entry, me }: { entry: LeaderboardEntry; me: boolean }) {
  const { t, lang } = useI18n();
  return (
    <tr className={me ? 'me-row' : undefined}>
      <td>{formatNumber(lang, entry.rank)}</td>
      <th scope="row">
        <PlayerName name={entry.name} />
        {entry.bot && <span className="tag">{t('table.botTag', { level: t(`bot.${entry.bot}`) })}</span>}
      </th>
      <td>
        <RatingText rating={entry} />
      </td>
      <td>{formatNumber(lang, Math.round(entry.sigma))}</td>
      <td>{formatNumber(lang, entry.games)}</td>
    </tr>
  );
}
