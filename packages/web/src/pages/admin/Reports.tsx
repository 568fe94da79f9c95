/**
 * The reports waiting (`GET /api/moderation/reports`), each with what was around it (the lines near the reported one,
 * the table), and what a moderator does with it: hide the line, open the player's record, mark it acted on or dismiss it.
 */
import type { ReportInfo } from '@skyline/protocol';
import { Link } from '../../components.js';
import { useFetched } from '../../fetched.js';
import { formatDate, useI18n } from '../../i18n.js';
import { Action } from './act.js';
import { Failure } from './Failure.js';

export function Reports({ onPlayer, changed }: { onPlayer: (name: string) => void; changed: () => void }) {
  const { t } = useI18n();
  const reports = useFetched<{ reports: ReportInfo[] }>('/api/moderation/reports?status=open&limit=50');
  if (reports.error) return <Failure caught={reports.error} />;
  if (!reports.data) return <p className="muted">{t('app.loading')}</p>;
  const done = () => {
    reports.reload();
    changed();
  };
  if (reports.data.reports.length === 0)
    return (
      <p className="muted" data-testid="admin-no-reports">
        {t('admin.noReports')}
      </p>
    );
  return (
    <ul className="admin-list">
      {reports.data.reports.map((report) => (
        <ReportItem key={report.id} report={report} onPlayer={onPlayer} onDone={done} />
      ))}
    </ul>
  );
}

export function ReportItem({
  report,
  onPlayer,
  onDone,
}: {
  report: ReportInfo;
  onPlayer?: (name: string) => void;
  onDone: () => void;
}) {
  const { t, lang } = useI18n();
  const reported = report.context.lines.find((line) => line.reported);
  return (
    <li className="card admin-report" data-testid="admin-report">
      <p>
        {t('admin.reportLine', {
          reporter: report.reporter,
          player: report.player ?? '—',
          reason: t(`report.reason.${report.reason}`),
        })}{' '}
        <span className="muted small">{formatDate(lang, report.at)}</span>
      </p>
      {report.note && <blockquote className="report-quote">{report.note}</blockquote>}
      {report.context.lines.length > 0 && (
        <ol className="admin-context" aria-label={t('admin.context')}>
          {report.context.lines.map((line) => (
            <li key={line.id} className={line.reported ? 'chosen' : undefined}>
              <strong>{line.from ?? '—'}</strong> {line.text}
              {line.hidden && <span className="tag"> {t('admin.hidden')}</span>}
              {line.reported && <span className="sr-only"> {t('admin.reported')}</span>}
            </li>
          ))}
        </ol>
      )}
      {report.context.table && (
        <p className="small">
          <Link to={`/t/${report.context.table.id}`}>
            {t('admin.table', { id: report.context.table.id })}
          </Link>
        </p>
      )}
      {report.status === 'open' ? (
        <div className="row-buttons admin-actions">
          {onPlayer && report.player && (
            <button type="button" onClick={() => onPlayer(report.player as string)}>
              {t('admin.seePlayer', { name: report.player })}
            </button>
          )}
          {reported && !reported.hidden && (
            <Action label={t('admin.hide')} path={`/chat/${reported.id}/hide`} onDone={onDone} />
          )}
          <Action
            label={t('admin.actioned')}
            path={`/reports/${report.id}/resolve`}
            body={{ outcome: 'actioned' }}
            reasonField="note"
            onDone={onDone}
            testId="admin-actioned"
          />
          <Action
            label={t('admin.dismiss')}
            path={`/reports/${report.id}/resolve`}
            body={{ outcome: 'dismissed' }}
            reasonField="note"
            onDone={onDone}
            testId="admin-dismiss"
          />
        </div>
      ) : (
        <p className="small muted">
          {t(report.status === 'actioned' ? 'admin.wasActioned' : 'admin.wasDismissed', {
            name: report.resolvedBy ?? '—',
          })}
          {report.resolution ? ` — ${report.resolution}` : ''}
        </p>
      )}
    </li>
  );
}
