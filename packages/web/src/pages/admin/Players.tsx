/**
 * Players: a search by the start of a name, and one player's record — their sessions, mute, ban, the reports about
 * them, the latest audit entries — with the actions on them (mute for a time, ban, lift either), each asking why.
 */
import { MODERATION_LIMITS, type ModeratedPlayer, type PlayerRecord, type Role } from '@skyline/protocol';
import { useId, useState, type FormEvent } from 'react';
import { useFetched } from '../../fetched.js';
import { formatDate, useI18n, DICTIONARIES, type Key } from '../../i18n.js';
import { Action } from './act.js';
import { Failure } from './Failure.js';
import { ReportItem } from './Reports.js';

export function Players({
  chosen,
  onChoose,
  changed,
  viewer,
}: {
  chosen: string | null;
  onChoose: (name: string) => void;
  changed: () => void;
  /** The reader's role: an admin also gives and takes away roles. */
  viewer: Role;
}) {
  const { t } = useI18n();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const id = useId();
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) setQuery(typed.trim());
  };
  return (
    <>
      <form className="admin-search" role="search" onSubmit={search}>
        <label htmlFor={`${id}-q`}>{t('admin.searchLabel')}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={typed}
          maxLength={40}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="admin-search"
        />
        <button type="submit">{t('admin.search')}</button>
      </form>
      {query !== null && <Found query={query} onChoose={onChoose} />}
      {chosen !== null && <Record name={chosen} changed={changed} viewer={viewer} />}
    </>
  );
}

function Found({ query, onChoose }: { query: string; onChoose: (name: string) => void }) {
  const { t } = useI18n();
  const found = useFetched<{ players: ModeratedPlayer[] }>(
    `/api/moderation/players?q=${encodeURIComponent(query)}`,
  );
  if (found.error) return <Failure caught={found.error} />;
  if (!found.data) return <p className="muted">{t('app.loading')}</p>;
  if (found.data.players.length === 0) return <p className="muted">{t('admin.nobody')}</p>;
  return (
    <ul className="admin-found" aria-label={t('admin.found')}>
      {found.data.players.map((player) => (
        <li key={player.name}>
          <button type="button" className="link" onClick={() => onChoose(player.name)}>
            {player.name}
          </button>{' '}
          <PlayerTags player={player} />
        </li>
      ))}
    </ul>
  );
}

function PlayerTags({ player }: { player: ModeratedPlayer }) {
  const { t } = useI18n();
  return (
    <span className="small muted">
      {player.bot ? t('admin.bot') : player.registered ? t('admin.registered') : t('admin.guest')}
      {player.role !== 'player' &&
        ` · ${t(player.role === 'admin' ? 'admin.roleAdmin' : 'admin.roleModerator')}`}
      {player.mutedUntil !== null && ` · ${t('admin.muted')}`}
      {player.banned !== null && ` · ${t('admin.banned')}`}
    </span>
  );
}

function Record({ name, changed, viewer }: { name: string; changed: () => void; viewer: Role }) {
  const { t, lang } = useI18n();
  const record = useFetched<{ player: PlayerRecord }>(`/api/moderation/players/${encodeURIComponent(name)}`);
  if (record.error) return <Failure caught={record.error} />;
  if (!record.data) return <p className="muted">{t('app.loading')}</p>;
  const player = record.data.player;
  const done = () => {
    record.reload();
    changed();
    // The button acted with gives way to its opposite (Mute to Lift the mute): the keyboard goes on from the record.
    document.getElementById('admin-record-name')?.focus();
  };
  const at = (ms: number) => formatDate(lang, ms);
  return (
    <article className="card admin-record" data-testid="admin-record" aria-labelledby="admin-record-name">
      <h3 id="admin-record-name" tabIndex={-1}>
        {player.name} <PlayerTags player={player} />
      </h3>
      <p>
        {player.mute
          ? t('admin.mutedUntil', {
              until: at(player.mute.until),
              by: player.mute.by ?? '—',
              reason: player.mute.reason,
            })
          : t('admin.notMuted')}
      </p>
      <p>
        {player.ban
          ? t('admin.bannedUntil', {
              until: player.ban.until === null ? t('admin.noEnd') : at(player.ban.until),
              by: player.ban.by ?? '—',
              reason: player.ban.reason,
            })
          : t('admin.notBanned')}
      </p>
      {!player.bot && player.role === 'player' && (
        <div className="row-buttons admin-actions">
          {player.mutedUntil === null ? (
            <Action
              label={t('admin.mute')}
              path={`/players/${encodeURIComponent(player.name)}/mute`}
              duration={{
                field: 'minutes',
                initial: '60',
                optional: false,
                max: MODERATION_LIMITS.muteMinutes,
              }}
              onDone={done}
              testId="admin-mute"
            />
          ) : (
            <Action
              label={t('admin.unmute')}
              path={`/players/${encodeURIComponent(player.name)}/unmute`}
              onDone={done}
            />
          )}
          {player.banned === null ? (
            <Action
              label={t('admin.ban')}
              path={`/players/${encodeURIComponent(player.name)}/ban`}
              duration={{ field: 'days', initial: '', optional: true, max: MODERATION_LIMITS.banDays }}
              danger
              onDone={done}
              testId="admin-ban"
            />
          ) : (
            <Action
              label={t('admin.unban')}
              path={`/players/${encodeURIComponent(player.name)}/unban`}
              onDone={done}
            />
          )}
        </div>
      )}
      {viewer === 'admin' && !player.bot && <Roles player={player} onDone={done} />}
      <h4>{t('admin.sessions', { n: player.sessions.length })}</h4>
      <ul className="small">
        {player.sessions.map((session, index) => (
          <li key={index}>
            {t('admin.session', { from: at(session.createdAt), last: at(session.lastSeenAt) })}
          </li>
        ))}
      </ul>
      <h4>{t('admin.reportsAbout', { n: player.reports.length })}</h4>
      {player.reports.length > 0 && (
        <ul className="admin-list">
          {player.reports.map((report) => (
            <ReportItem key={report.id} report={report} onDone={done} />
          ))}
        </ul>
      )}
      <h4>{t('admin.audit')}</h4>
      <ul className="small" data-testid="admin-audit">
        {player.audit.map((entry) => (
          <li key={entry.id}>
            {at(entry.at)} — {entry.actor ?? t('admin.commandLine')}:{' '}
            <strong>{actionWord(t, entry.action)}</strong> — {entry.reason}
          </li>
        ))}
      </ul>
    </article>
  );
}

/**
 * An admin gives a registered player a role or takes it away, saying why (the audit log keeps it), through the same
 * server function as `skyline admin grant` and `revoke`; the server refuses the last admin's own (`moderation.lastAdmin`),
 * and the form says so in the reader's words.
 */
function Roles({ player, onDone }: { player: ModeratedPlayer; onDone: () => void }) {
  const { t } = useI18n();
  return (
    <>
      <h4>{t('admin.roleTitle', { role: player.role })}</h4>
      {player.registered ? (
        <div className="row-buttons admin-actions" data-testid="admin-roles">
          {(['moderator', 'admin', 'player'] as const)
            .filter((role) => role !== player.role)
            .map((role) => (
              <Action
                key={role}
                label={t('admin.setRole', { role })}
                path={`/players/${encodeURIComponent(player.name)}/role`}
                body={{ role }}
                onDone={onDone}
                testId={`admin-role-${role}`}
              />
            ))}
        </div>
      ) : (
        <p className="muted small">{t('admin.roleGuest')}</p>
      )}
    </>
  );
}

/** An audit entry's action in the reader's words (one the page does not know yet shows as the server names it). */
export function actionWord(t: (key: Key) => string, action: string): string {
  const key = `admin.action.${action}` as Key;
  return Object.hasOwn(DICTIONARIES.en, key) ? t(key) : action;
}
