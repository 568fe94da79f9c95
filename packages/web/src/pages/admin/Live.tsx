/** The live figures of the operator's page (`GET /api/moderation/live`), asked again every 15 seconds. */
import { clientGame } from '@skyline/games/client';
import type { LiveFigures, MoveFigures as Moves } from '@skyline/protocol';
import { formatNumber, useI18n, DICTIONARIES, type Key } from '../../i18n.js';
import { useFetched } from '../../fetched.js';
import { Failure } from './Failure.js';

const REFRESH_MS = 15_000;

export function Live() {
  const { t, lang } = useI18n();
  const live = useFetched<LiveFigures>('/api/moderation/live', { ms: REFRESH_MS, while: () => true });
  const n = (value: number) => formatNumber(lang, value);
  if (live.error) return <Failure caught={live.error} />;
  const data = live.data;
  if (!data) return <p className="muted">{t('app.loading')}</p>;
  return (
    <>
      <dl className="admin-figures" data-testid="admin-live">
        <div>
          <dt>{t('admin.playersOnline')}</dt>
          <dd>
            {n(data.playersOnline)}
            {!data.everyProcess && <span className="muted small"> {t('admin.thisProcess')}</span>}
          </dd>
        </div>
        <MoveFigures moves={data.moves} />
        <div>
          <dt>{t('admin.bots')}</dt>
          <dd>
            {t('admin.botsValue', {
              busy: data.bots.busy,
              workers: data.bots.workers,
              queued: data.bots.queued,
            })}
          </dd>
        </div>
        <div>
          <dt>{t('admin.reviews')}</dt>
          <dd>{t('admin.reviewsValue', { running: data.reviews.running, queued: data.reviews.queued })}</dd>
        </div>
        <div>
          <dt>{t('admin.processes')}</dt>
          <dd>{n(data.processes.length)}</dd>
        </div>
        <div>
          <dt>{t('admin.memory')}</dt>
          <dd>{t('admin.megabytes', { n: Math.round(data.process.memoryBytes / 1_048_576) })}</dd>
        </div>
        <div>
          <dt>{t('admin.uptime')}</dt>
          <dd>
            {data.process.uptimeSeconds < 3600
              ? t('admin.uptimeMinutes', { n: Math.floor(data.process.uptimeSeconds / 60) })
              : t('admin.hours', { n: Math.floor(data.process.uptimeSeconds / 3600) })}
          </dd>
        </div>
        <div>
          <dt>{t('admin.openReports')}</dt>
          <dd data-testid="admin-open-reports">{n(data.openReports)}</dd>
        </div>
        <div>
          <dt>{t('admin.brokenCount')}</dt>
          <dd>{n(data.brokenTables)}</dd>
        </div>
      </dl>
      <div className="table-scroll">
        <table className="admin-table">
          <caption>{t('admin.tablesByGame')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.game')}</th>
              <th scope="col">{t('admin.open')}</th>
              <th scope="col">{t('admin.playing')}</th>
            </tr>
          </thead>
          <tbody>
            {data.tables.length === 0 && (
              <tr>
                <td colSpan={3} className="muted">
                  {t('admin.noTables')}
                </td>
              </tr>
            )}
            {data.tables.map((row) => (
              <tr key={row.game}>
                <th scope="row">{clientGame(row.game)?.text[lang].title ?? row.game}</th>
                <td>{n(row.open)}</td>
                <td>{n(row.playing)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details className="admin-limits">
        <summary>{t('admin.limits')}</summary>
        <dl className="admin-figures" data-testid="admin-limits">
          {Object.entries(data.limits).map(([name, value]) => (
            <div key={name}>
              <dt>{limitLabel(t, name)}</dt>
              <dd>{n(value)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </>
  );
}

/** A limit's name in the reader's words (a setting the page does not know yet shows as the server names it). */
function limitLabel(t: (key: Key) => string, name: string): string {
  const key = `admin.limit.${name}` as Key;
  return Object.hasOwn(DICTIONARIES.en, key) ? t(key) : name;
}

/**
 * Moves per minute and the time to answer one, over the window the server looked at (every process's metrics; when
 * one did not answer in time, the page says the figures are of those that did).
 */
function MoveFigures({ moves }: { moves: Moves }) {
  const { t } = useI18n();
  const minutes = Math.max(1, Math.round(moves.windowSeconds / 60));
  const partial = !moves.everyProcess && <span className="muted small"> {t('admin.someProcesses')}</span>;
  return (
    <>
      <div>
        <dt>{t('admin.moves', { minutes })}</dt>
        <dd data-testid="admin-moves">
          {t('admin.movesValue', { n: moves.perMinute })}
          {partial}
        </dd>
      </div>
      <div>
        <dt>{t('admin.moveTime', { minutes })}</dt>
        <dd data-testid="admin-move-time">
          {moves.medianMs === null || moves.p95Ms === null
            ? t('admin.noMoves')
            : t('admin.moveTimeValue', { median: moves.medianMs, p95: moves.p95Ms })}
          {partial}
        </dd>
      </div>
    </>
  );
}
