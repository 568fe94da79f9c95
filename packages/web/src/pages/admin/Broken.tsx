/** The tables set aside as broken: put back in play if they load now, or deleted (never a rated or a tournament's one). */
import type { BrokenTable } from '@skyline/protocol';
import { useFetched } from '../../fetched.js';
import { formatDate, useI18n } from '../../i18n.js';
import { Action } from './act.js';
import { Failure } from './Failure.js';

export function Broken({ changed }: { changed: () => void }) {
  const { t, lang } = useI18n();
  const broken = useFetched<{ tables: BrokenTable[] }>('/api/moderation/tables/broken');
  if (broken.error) return <Failure caught={broken.error} />;
  if (!broken.data) return <p className="muted">{t('app.loading')}</p>;
  const done = () => {
    broken.reload();
    changed();
  };
  if (broken.data.tables.length === 0) return <p className="muted">{t('admin.noBroken')}</p>;
  return (
    <ul className="admin-list">
      {broken.data.tables.map((table) => (
        <li key={table.id} className="card" data-testid="admin-broken">
          <p>
            {t('admin.brokenLine', { id: table.id, game: table.game, host: table.host ?? '—' })}{' '}
            <span className="muted small">{formatDate(lang, table.createdAt)}</span>
          </p>
          <p className="small">
            <code>{table.reason}</code>
          </p>
          <div className="row-buttons admin-actions">
            <Action label={t('admin.release')} path={`/tables/${table.id}/release`} onDone={done} />
            {table.rated || table.tournament ? (
              <span className="muted small">{t('admin.keep')}</span>
            ) : (
              <Action label={t('admin.delete')} path={`/tables/${table.id}/delete`} danger onDone={done} />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
