/**
 * The whole audit log, for admins (`GET /api/moderation/audit`; a moderator is refused it by the server): newest first,
 * filtered by who acted, whom it was about and what it was, a page at a time — "Older entries" asks for the next page
 * from the cursor the last one gave, and adds it below.
 */
import { AUDIT_ACTIONS, LIMITS, type AuditEntry, type AuditPage } from '@skyline/protocol';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatDate, useI18n } from '../../i18n.js';
import { http } from '../../net.js';
import { actionWord } from './Players.js';
import { Failure } from './Failure.js';

const PAGE = 20;

interface Filters {
  actor: string;
  player: string;
  action: string;
}

const NONE: Filters = { actor: '', player: '', action: '' };

/** The query of a page: the filters set, the cursor, the page size. */
function queryOf(filters: Filters, before: string | null): string {
  const query = new URLSearchParams({ limit: String(PAGE) });
  for (const field of ['actor', 'player', 'action'] as const)
    if (filters[field].trim()) query.set(field, filters[field].trim());
  if (before) query.set('before', before);
  return query.toString();
}

export function Audit() {
  const { t, lang } = useI18n();
  const id = useId();
  const [typed, setTyped] = useState<Filters>(NONE);
  const [filters, setFilters] = useState<Filters>(NONE);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const firstNew = useRef<string | null>(null);
  const list = useRef<HTMLOListElement>(null);

  const load = async (shown: Filters, before: string | null) => {
    setBusy(true);
    try {
      const page = await http<AuditPage>('GET', `/api/moderation/audit?${queryOf(shown, before)}`);
      setError(null);
      setEntries((old) => (before && old ? [...old, ...page.entries] : page.entries));
      setNext(page.next);
      // Focus goes to the first entry added by "Older entries", so that a keyboard reads on from there.
      firstNew.current = before ? (page.entries[0]?.id ?? null) : null;
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    void load(filters, null);
  }, [filters]);
  useEffect(() => {
    if (firstNew.current === null) return;
    list.current?.querySelector<HTMLElement>(`[data-entry="${firstNew.current}"]`)?.focus();
    firstNew.current = null;
  }, [entries]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...typed });
  };
  const field = (name: 'actor' | 'player', label: string) => (
    <label htmlFor={`${id}-${name}`}>
      {label}
      <input
        id={`${id}-${name}`}
        type="search"
        value={typed[name]}
        maxLength={LIMITS.nameLength}
        onChange={(event) => setTyped({ ...typed, [name]: event.target.value })}
        data-testid={`admin-audit-${name}`}
      />
    </label>
  );
  const at = (ms: number) => formatDate(lang, ms);
  const roleWord = (role: unknown) => t('admin.roleWord', { role: String(role) });

  return (
    <>
      <form className="admin-audit-filters" onSubmit={submit} aria-label={t('admin.auditFilters')}>
        {field('actor', t('admin.auditActor'))}
        {field('player', t('admin.auditPlayer'))}
        <label htmlFor={`${id}-action`}>
          {t('admin.auditAction')}
          <select
            id={`${id}-action`}
            value={typed.action}
            onChange={(event) => setTyped({ ...typed, action: event.target.value })}
            data-testid="admin-audit-action"
          >
            <option value="">{t('admin.auditAny')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionWord(t, action)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" data-testid="admin-audit-show">
          {t('admin.auditShow')}
        </button>
      </form>
      {error !== null && <Failure caught={error} />}
      {entries === null && error === null && <p className="muted">{t('app.loading')}</p>}
      {entries !== null && entries.length === 0 && (
        <p className="muted" data-testid="admin-audit-none">
          {t('admin.auditNone')}
        </p>
      )}
      {entries !== null && entries.length > 0 && (
        <ol className="admin-audit" ref={list} data-testid="admin-audit-log">
          {entries.map((entry) => (
            <li key={entry.id} tabIndex={-1} data-entry={entry.id} data-testid="admin-audit-entry">
              <span className="muted small">{at(entry.at)}</span> {entry.actor ?? t('admin.commandLine')}:{' '}
              <strong>{actionWord(t, entry.action)}</strong>
              {entry.player !== null && ` — ${entry.player}`}
              {entry.tableId !== null && ` — ${t('admin.table', { id: entry.tableId })}`}
              {entry.action === 'role' &&
                ` (${roleWord(entry.details.from)} → ${roleWord(entry.details.to)})`}
              <br />
              <span className="small">{entry.reason}</span>
            </li>
          ))}
        </ol>
      )}
      {next !== null && (
        <button
          type="button"
          disabled={busy}
          onClick={() => void load(filters, next)}
          data-testid="admin-audit-older"
        >
          {t('admin.auditOlder')}
        </button>
      )}
    </>
  );
}
