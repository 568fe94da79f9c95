import { Link } from '../components.js';
import { uiOf } from '../games/index.js';
import { seatName, SEAT_COLOURS } from '../games/types.js';
import { useI18n } from '../i18n.js';
import type { TableState } from '../table.js';

/** Final scores, the winners, a small chart of the totals round by round, and the record to download. */
export function EndScreen({ table, names }: { table: TableState; names: string[] }) {
  const { t } = useI18n();
  const status = table.status;
  if (!status) return null;
  const scores = status.scores ?? [];
  const winners = status.winners.map((seat) => seatName(names, seat));
  const rounds = uiOf(table.summary.game).rounds?.(table.view) ?? [];
  const order = scores.map((_, seat) => seat).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  return (
    <section className="end card" aria-labelledby="end-title" data-testid="end-screen">
      <h2 id="end-title">{t('end.title')}</h2>
      <p className="winners">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="cup">
          <path
            d="M6 3h12v3h3v3a4 4 0 0 1-4 4 5 5 0 0 1-4 3v3h3v2H8v-2h3v-3a5 5 0 0 1-4-3 4 4 0 0 1-4-4V6h3zm0 5H5v1a2 2 0 0 0 1 1.7zm12 0v2.7A2 2 0 0 0 19 9V8z"
            fill="#d4a017"
          />
        </svg>{' '}
        {t(winners.length > 1 ? 'end.winners' : 'end.winner', { names: winners.join(', ') })}
      </p>
      <table className="scores">
        <caption>{t('end.scores')}</caption>
        <thead>
          <tr>
            <th scope="col"></th>
            {rounds.length > 1 && rounds.map((_, r) => <th key={r}>{t('end.round', { n: r + 1 })}</th>)}
            <th scope="col">{t('end.total')}</th>
          </tr>
        </thead>
        <tbody>
          {order.map((seat) => (
            <tr key={seat} className={status.winners.includes(seat) ? 'winner' : undefined}>
              <th scope="row">{seatName(names, seat)}</th>
              {rounds.length > 1 && rounds.map((round, r) => <td key={r}>{round[seat]}</td>)}
              <td data-testid={`final-${seat}`}>{scores[seat]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rounds.length > 0 && <RoundChart rounds={rounds} names={names} />}
      <Link to={`/replay/${table.summary.id}`} className="button primary">
        {t('end.replay')}
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

/** Each seat's running total after each round, as lines. */
function RoundChart({ rounds, names }: { rounds: number[][]; names: string[] }) {
  const { t } = useI18n();
  const seats = rounds[0]?.length ?? 0;
  const running = Array.from({ length: seats }, (_, seat) => {
    let total = 0;
    return [0, ...rounds.map((round) => (total += round[seat] ?? 0))];
  });
  const min = Math.min(0, ...running.flat());
  const max = Math.max(min + 1, 0, ...running.flat());
  const w = 300;
  const h = 120;
  const x = (k: number) => 30 + (k * (w - 40)) / Math.max(1, rounds.length);
  const y = (v: number) => h - 20 - ((v - min) * (h - 30)) / (max - min);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={t('end.chart')}>
        <line x1={30} y1={y(0)} x2={w - 10} y2={y(0)} stroke="#999" />
        <line x1={30} y1={10} x2={30} y2={h - 20} stroke="#999" />
        <text x={26} y={y(max) + 4} textAnchor="end" fontSize={10}>
          {max}
        </text>
        <text x={26} y={y(0) + 4} textAnchor="end" fontSize={10}>
          0
        </text>
        {min < 0 && (
          <text x={26} y={y(min) + 4} textAnchor="end" fontSize={10}>
            {min}
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
            points={points.map((v, k) => `${x(k)},${y(v)}`).join(' ')}
          >
            <title>{seatName(names, seat)}</title>
          </polyline>
        ))}
      </svg>
      <figcaption>{t('end.chart')}</figcaption>
    </figure>
  );
}
