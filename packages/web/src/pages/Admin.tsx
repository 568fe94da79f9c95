/**
 * The operator's page (`/admin`), for moderators and admins: the live figures and the limits in force, the reports
 * waiting, the players (search, a player's record and the actions on them; an admin's also their roles), the tables
 * set aside as broken, and for admins the whole audit log. The
 * server checks the role at every request; the page asks it first only to show a player the refusal at once, in the
 * server's own coded words. Loaded in a chunk of its own (App.tsx), never with the first page.
 */
import type { Role } from '@skyline/protocol';
import { useState, type ReactNode } from 'react';
import { useFetched } from '../fetched.js';
import { useI18n } from '../i18n.js';
import { sayServer } from '../server-words.js';
import { Audit } from './admin/Audit.js';
import { Broken } from './admin/Broken.js';
import { Failure } from './admin/Failure.js';
import { Live } from './admin/Live.js';
import { Players } from './admin/Players.js';
import { Reports } from './admin/Reports.js';

export function AdminPage() {
  const { t, lang } = useI18n();
  const role = useFetched<{ role: Role }>('/api/moderation/role');
  const [player, setPlayer] = useState<string | null>(null);
  // Bumped by every action, so that the live figures (reports waiting, broken tables) are read again.
  const [version, setVersion] = useState(0);
  // The reader's own role is read again too: an admin who gave their role away sees the page of a moderator.
  const changed = () => {
    setVersion((v) => v + 1);
    role.reload();
  };
  const choose = (name: string) => {
    setPlayer(name);
    // The record is below the search: brought into view, and focus follows for a keyboard.
    requestAnimationFrame(() => {
      const heading = document.getElementById('admin-players');
      heading?.scrollIntoView({ block: 'start' });
      heading?.focus();
    });
  };

  let body: ReactNode;
  if (role.error) body = <Failure caught={role.error} />;
  else if (!role.data) body = <p className="muted">{t('app.loading')}</p>;
  else if (role.data.role === 'player')
    body = (
      <p className="error" role="alert" data-testid="admin-refused">
        {/* The words the server refuses every moderation route with (`moderation.notAllowed`). */}
        {sayServer(lang, {
          text: 'only a moderator of this server can do this',
          code: 'moderation.notAllowed',
          params: { role: 'moderator' },
        })}
      </p>
    );
  else
    body = (
      <>
        <Section id="admin-live-title" title={t('admin.live')}>
          <Live key={version} />
        </Section>
        <Section id="admin-reports" title={t('admin.reports')}>
          <Reports onPlayer={choose} changed={changed} />
        </Section>
        <Section id="admin-players" title={t('admin.players')}>
          <Players chosen={player} onChoose={choose} changed={changed} viewer={role.data.role} />
        </Section>
        <Section id="admin-broken" title={t('admin.broken')}>
          <Broken changed={changed} />
        </Section>
        {role.data.role === 'admin' && (
          <Section id="admin-audit-log" title={t('admin.auditLog')}>
            <Audit key={version} />
          </Section>
        )}
      </>
    );
  return (
    <div className="admin" data-testid="admin-page">
      <h1>{t('admin.title')}</h1>
      {body}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
