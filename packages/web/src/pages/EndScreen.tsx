import type { ScoreBreakdown } from '@skyline/engine';
import { english, type TableRatings } from '@skyline/protocol';
import { useEffect, useState } from 'react';
import { Link } from '../components.js';
import { http } from '../net.js';
import { sayServer } from '../server-words.js';
import { PlayerName, signedChange, wholePoints } from '../ratings.js';
import type { Ui } from '../games/index.js';
import { seatName, SEAT_COLOURS, type GameUi } from '@skyline/board-kit';
import { formatMoney, formatNumber, useI18n, type Lang } from '../i18n.js';
import type { TableState } from '../table.js';
import type { RecordLike } from '../replay-engine.js';
import { places } from '../places.js';
import { BreakdownTable } from './Breakdown.js';

/** A score as the game counts it (dollars in Chinatown), written as the language writes numbers. */
const scoreWriter = (ui: Pick<GameUi, 'money'>, lang: Lang) => (n: number) =>
  ui.money ? formatMoney(lang, n) : formatNumber(lang, n);

/**
 * Final scores with each seat's place (ties share one: 1, 2, 2, 4), the winners, the score by category (the game's
 * `scoreBreakdown`, from the record), a small chart of the totals period by period when there was more than one
 * period, and the record to download. Each row adds up: what the final score holds besides the periods' scores
 * (Chinatown's start money and trades) has its column.
 */
export function EndScreen({ table, names, ui }: { table: TableState; names: string[]; ui: Ui }) {
  const { t, lang } = useI18n();
  const status = table.status;
  if (!status) return null;
  const write = scoreWriter(ui, lang);
  const scores = status.scores ?? [];
  const winners = status.winners.map((seat) => seatName(names, seat));
  const rounds = ui.rounds?.(table.view) ?? [];
  const rest = scores.map(
    (score, seat) => score - rounds.reduce((sum, round) => sum + (round[seat] ?? 0), 0),
  );
  const showRest = rounds.length > 0 && rest.some((value) => value !== 0);
  const period = (n: number) => t(ui.period === 'episode' ? 'end.episode' : 'end.round', { n });
  const place = places(scores, status.winners, status.resigned ?? []);
  // By place (the winner first), then by score for seats sharing no place (an aborted game has no winner).
  const order = scores
    .map((_, seat) => seat)
    .sort((a, b) => (place[a] ?? 0) - (place[b] ?? 0) || (scores[b] ?? 0) - (scores[a] ?? 0));
  const ranked = status.winners.length > 0;
  const winnerClass = (seat: number) => (status.winners.includes(seat) ? 'winner' : undefined);
  return (
    <section className="end card" aria-labelledby="end-title" data-testid="end-screen">
      <h2 id="end-title">{t('end.title')}</h2>
      {status.aborted && <p data-testid="aborted">{t('end.aborted')}</p>}
      {status.stopped && <p>{t('end.stopped')}</p>}
      {status.closed && <p data-testid="closed">{t('end.closed')}</p>}
      {winners.length > 0 && (
        <p className="winners">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="cup">
            <path
              d="M6 3h12v3h3v3a4 4 0 0 1-4 4 5 5 0 0 1-4 3v3h3v2H8v-2h3v-3a5 5 0 0 1-4-3 4 4 0 0 1-4-4V6h3zm0 5H5v1a2 2 0 0 0 1 1.7zm12 0v2.7A2 2 0 0 0 19 9V8z"
              fill="#d4a017"
            />
          </svg>{' '}
          {t(winners.length > 1 ? 'end.winners' : 'end.winner', { names: winners.join(', ') })}
        </p>
      )}
      <div className="table-scroll" role="region" aria-label={t('end.scores')} tabIndex={0}>
        {/* A column per seat (the winner first), a row per period: as narrow as the seats are few, on a phone too. */}
        <table className="scores end-scores">
          <caption>{t('end.scores')}</caption>
          <thead>
            <tr>
              <th scope="col"></th>
              {order.map((seat) => (
                <th key={seat} scope="col" className={winnerClass(seat)}>
                  {seatName(names, seat)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ranked && (
              <tr className="places">
                <th scope="row">{t('end.place')}</th>
                {order.map((seat) => (
                  <td key={seat} className={winnerClass(seat)} data-testid={`place-${seat}`}>
                    {formatNumber(lang, place[seat] ?? 0)}
                  </td>
                ))}
              </tr>
            )}
            {showRest && (
              <tr>
                <th scope="row">{t(ui.restLabel ?? 'end.other')}</th>
                {order.map((seat) => (
                  <td key={seat} className={winnerClass(seat)} data-testid={`rest-${seat}`}>
                    {write(rest[seat] ?? 0)}
                  </td>
                ))}
              </tr>
            )}
            {(rounds.length > 1 || showRest) &&
              rounds.map((round, r) => (
                <tr key={r}>
                  <th scope="row">{period(r + 1)}</th>
                  {order.map((seat) => (
                    <td key={seat} className={winnerClass(seat)}>
                      {write(round[seat] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            <tr className="total">
              <th scope="row">{t('end.total')}</th>
              {order.map((seat) => (
                <td
                  key={seat}
                  className={winnerClass(seat)}
                  data-testid={`final-${seat}`}
                  data-value={scores[seat]}
                >
                  {write(scores[seat] ?? 0)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <EndBreakdown
        tableId={table.summary.id}
        game={table.summary.game}
        names={names}
        order={order}
        money={ui.money === true}
      />
      {/* A line needs two points: a one-round game has no chart. */}
      {rounds.length > 1 && (
        <RoundChart
          rounds={rounds}
          start={showRest ? rest : (rounds[0]?.map(() => 0) ?? [])}
          names={names}
          title={t(ui.money ? 'end.chartMoney' : ui.period === 'episode' ? 'end.chartEpisodes' : 'end.chart')}
          money={ui.money === true}
        />
      )}
      <RatingChanges tableId={table.summary.id} />
      <Link to={`/replay/${table.summary.id}`} className="button primary">
        {t('end.replay')}
      </Link>{' '}
      <Link to={`/review/${table.summary.id}`} className="button">
        {t('review.link')}
      </Link>{' '}
      <a
        className="button"
        href={`/api/games/${table.summary.id}/record`}
        download={`skyline-${table.summary.id}.json`}
      >
        {t('end.download')}
      </a>
    </section>
  );
}

/** Each seat's running total after each period, from its start (the rest, or 0), as lines, with a legend. */
function RoundChart({
  rounds,
  start,
  names,
  title,
  money,
}: {
  rounds: number[][];
  start: number[];
  names: string[];
  title: string;
  money: boolean;
}) {
  const { t, lang } = useI18n();
  const seats = rounds[0]?.length ?? 0;
  const running = Array.from({ length: seats }, (_, seat) => {
    let total = start[seat] ?? 0;
    return [total, ...rounds.map((round) => (total += round[seat] ?? 0))];
  });
  const min = Math.min(0, ...running.flat());
  const max = Math.max(min + 1, 0, ...running.flat());
  // Axis labels short and in the language: "121K" / "121 k", "$121K" / "121 k $".
  const axis = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-US', {
    notation: 'compact',
    ...(money ? { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' } : {}),
  });
  const w = 300;
  const h = 120;
  const left = 44;
  const x = (k: number) => left + (k * (w - left - 10)) / Math.max(1, rounds.length);
  const y = (v: number) => h - 20 - ((v - min) * (h - 30)) / (max - min);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={title} data-testid="end-chart">
        <line x1={left} y1={y(0)} x2={w - 10} y2={y(0)} stroke="#767676" />
        <line x1={left} y1={10} x2={left} y2={h - 20} stroke="#767676" />
        <text x={left - 4} y={y(max) + 4} textAnchor="end" fontSize={10} data-testid="chart-max">
          {axis.format(max)}
        </text>
        <text x={left - 4} y={y(0) + 4} textAnchor="end" fontSize={10}>
          {axis.format(0)}
        </text>
        {min < 0 && (
          <text x={left - 4} y={y(min) + 4} textAnchor="end" fontSize={10}>
            {axis.format(min)}
          </text>
        )}
        {rounds.map((_, r) => (
          <text key={r} x={x(r + 1)} y={h - 6} textAnchor="middle" fontSize={10}>
            {r + 1}
          </text>
        ))}
        {running.map((points, seat) => (
          <polyline
            key={seat}
            fill="none"
            stroke={SEAT_COLOURS[seat]}
            strokeWidth={2.5}
            strokeDasharray={DASHES[seat % DASHES.length]}
            points={points.map((v, k) => `${x(k)},${y(v)}`).join(' ')}
          >
            <title>{seatName(names, seat)}</title>
          </polyline>
        ))}
      </svg>
      <figcaption>
        {title}
        <ul className="legend" aria-label={t('end.legend')}>
          {running.map((_, seat) => (
            <li key={seat} className="legend-item">
              <svg width={24} height={10} aria-hidden="true">
                <line
                  x1={0}
                  y1={5}
                  x2={24}
                  y2={5}
                  stroke={SEAT_COLOURS[seat]}
                  strokeWidth={2.5}
                  strokeDasharray={DASHES[seat % DASHES.length]}
                />
              </svg>
              {seatName(names, seat)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/**
 * The score by category, from the finished game's record replayed in the browser (the replay's chunk, loaded when
 * the game ends): the facet reads the whole final state, which no seat's view holds. Nothing for a game without it.
 */
function EndBreakdown({
  tableId,
  game,
  names,
  order,
  money,
}: {
  tableId: string;
  game: string;
  names: string[];
  order: number[];
  money: boolean;
}) {
  const { t } = useI18n();
  const [breakdown, setBreakdown] = useState<ScoreBreakdown | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    Promise.all([http<RecordLike>('GET', `/api/games/${tableId}/replay`), import('../replay-engine.js')])
      .then(([record, engine]) => engine.finalBreakdown(record))
      .then(
        (found) => live && setBreakdown(found),
        (caught: unknown) => {
          // The end screen stands without it (a record that no longer replays is the replay page's to say).
          console.warn(caught);
          if (live) setBreakdown(null);
        },
      );
    return () => {
      live = false;
    };
  }, [tableId]);
  if (breakdown === undefined)
    return (
      <p className="muted" aria-busy="true">
        {t('breakdown.loading')}
      </p>
    );
  if (breakdown === null) return null;
  return <BreakdownTable game={game} breakdown={breakdown} names={names} order={order} money={money} />;
}

/** Each seat's line has its own dashes too, for those who cannot tell the colours apart. */
const DASHES = [undefined, '6 3', '2 3', '8 3 2 3'];

/** What the game did to each rated seat's rating (asked once the game is over: it was rated as it ended). */
function RatingChanges({ tableId }: { tableId: string }) {
  const { t, lang } = useI18n();
  const [ratings, setRatings] = useState<TableRatings | null>(null);
  useEffect(() => {
    let live = true;
    http<TableRatings>('GET', `/api/tables/${tableId}/ratings`).then(
      (answer) => live && setRatings(answer),
      () => undefined, // the end screen stands without it
    );
    return () => {
      live = false;
    };
  }, [tableId]);
  if (!ratings) return null;
  // Why seats or pairs were left out (too few moves, one address, the daily number of games together, bots only).
  const notes = (ratings.notes ?? []).length > 0 && (
    <ul className="muted rating-notes" data-testid="rating-notes">
      {(ratings.notes ?? []).map((note, k) => (
        <li key={k}>{sayServer(lang, { text: english(note), ...note })}</li>
      ))}
    </ul>
  );
  // A duplicate round's table is rated when the round ends: its note says so, not "not rated".
  const pending = (ratings.notes ?? []).some((note) => note.code === 'rating.roundPending');
  if (!ratings.rated || ratings.changes.length === 0)
    return (
      <>
        {!pending && (
          <p className="muted" data-testid="rating-changes">
            {t('rating.unrated')}
          </p>
        )}
        {notes}
      </>
    );
  return (
    <>
      <div className="table-scroll" role="region" aria-label={t('rating.changeCaption')} tabIndex={0}>
        <table className="scores rating-changes" data-testid="rating-changes">
          <caption>{t('rating.changeCaption')}</caption>
          <thead>
            <tr>
              <th scope="col"></th>
              <th scope="col">{t('rating.before')}</th>
              <th scope="col">{t('rating.after')}</th>
              <th scope="col">{t('rating.delta')}</th>
            </tr>
          </thead>
          <tbody>
            {ratings.changes.map((change) => {
              const delta = wholePoints(change.after - change.before);
              return (
                <tr key={change.seat}>
                  <th scope="row">
                    <PlayerName name={change.name} />
                  </th>
                  <td>{formatNumber(lang, wholePoints(change.before))}</td>
                  <td>{formatNumber(lang, wholePoints(change.after))}</td>
                  <td className={delta >= 0 ? 'up' : 'down'} data-testid={`rating-change-${change.seat}`}>
                    {signedChange(lang, delta)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {notes}
    </>
  );
}
