/**
 * Friends, blocks, invitations and "Play again" in the pages: the lobby's friends panel, the profile's follow and
 * block buttons, the invitations heard on any open page, the table's invite panel and "Play again", the page an
 * invitation link opens, and the chat lines of blocked players hidden. Each is a component of its own, so that the
 * pages that show them (Lobby, Profile, Table, MyGames) each import it in a line.
 */
import type { FriendsResponse, InvitationInfo, InviteLinkResponse, TableSummary } from '@skyline/protocol';
import { titleOf } from '@skyline/games/client';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { setBlocked } from './blocked.js';
import { Link } from './components.js';
import { formatDate, useI18n } from './i18n.js';
import { http, type Connection, type User } from './net.js';
import { navigate } from './router.js';
import { saidOf, saidOfFailure, sayServer, type Said } from './server-words.js';

/** The friends list, read at once and every 20 s while shown (who is online changes without telling). */
export function useFriends(poll = true): {
  friends: FriendsResponse | null;
  refresh: () => Promise<void>;
} {
  const [friends, setFriends] = useState<FriendsResponse | null>(null);
  const refresh = async () => {
    try {
      const read = await http<FriendsResponse>('GET', '/api/friends');
      setFriends(read);
      setBlocked(read.blocked);
    } catch {
      // Not signed in, or the server is away: the panel stays as it was.
    }
  };
  useEffect(() => {
    void refresh();
    if (!poll) return;
    const timer = setInterval(() => void refresh(), 20_000);
    return () => clearInterval(timer);
  }, [poll]);
  return { friends, refresh };
}

/** Runs a friends' request and answers the refusal to show, or null. */
async function attempt(request: () => Promise<unknown>): Promise<Said | null> {
  try {
    await request();
    return null;
  } catch (caught) {
    return saidOfFailure(caught, { text: String(caught) });
  }
}

/** The refusal or confirmation under a form. */
function Outcome({ said, done, testId }: { said: Said | null; done: string | null; testId: string }) {
  const { lang } = useI18n();
  if (said)
    return (
      <p className="error" role="alert" data-testid={`${testId}-error`}>
        {sayServer(lang, said)}
      </p>
    );
  return (
    <p className="muted small" role="status" data-testid={`${testId}-done`}>
      {done ?? ''}
    </p>
  );
}

// The lobby's panel -----------------------------------------------------------------------------------------------

/** Who the player follows (online, at which table), following by name, the blocked players, and the settings. */
export function FriendsPanel() {
  const { t, lang } = useI18n();
  const { friends, refresh } = useFriends();
  const [name, setName] = useState('');
  const [said, setSaid] = useState<Said | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const act = async (path: string, body: unknown, after?: string) => {
    setDone(null);
    const refused = await attempt(() => http('POST', path, body));
    setSaid(refused);
    if (!refused && after) setDone(after);
    await refresh();
  };
  const follow = (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (!wanted) return;
    void act('/api/friends/follow', { name: wanted }, t('friends.followed', { name: wanted })).then(() =>
      setName(''),
    );
  };
  return (
    <section className="friends card" aria-labelledby="friends-title" data-testid="friends-panel">
      <h2 id="friends-title">{t('friends.title')}</h2>
      {friends && friends.following.length === 0 && <p className="muted">{t('friends.none')}</p>}
      <ul className="friend-list">
        {friends?.following.map((friend) => (
          <li key={friend.name} data-testid={`friend-${friend.name}`}>
            <Link to={`/p/${encodeURIComponent(friend.name)}`}>{friend.name}</Link>{' '}
            <span className={`tag ${friend.online ? 'online' : 'away'}`}>
              {t(friend.online ? 'friends.online' : 'friends.offline')}
            </span>
            {friend.followsYou && <span className="tag">{t('friends.followsYou')}</span>}
            {friend.tables.map((table) => (
              <span key={table.id}>
                {' '}
                <Link to={`/t/${table.id}`}>
                  {t('friends.atTable', {
                    game: titleOf(table.game, lang),
                    status: t(`status.${table.status}`),
                  })}
                </Link>
              </span>
            ))}{' '}
            <button
              type="button"
              className="small"
              onClick={() => void act('/api/friends/unfollow', { name: friend.name })}
            >
              {t('friends.unfollow')}
              <span className="sr-only"> {friend.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={follow} className="inline-form">
        <label>
          {t('friends.followName')}{' '}
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={24}
            data-testid="follow-name"
          />
        </label>{' '}
        <button type="submit" data-testid="follow-button">
          {t('friends.follow')}
        </button>
      </form>
      <Outcome said={said} done={done} testId="friends" />
      {friends && (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={friends.refuseFollows}
              onChange={(event) => void act('/api/friends/settings', { refuseFollows: event.target.checked })}
              data-testid="refuse-follows"
            />{' '}
            {t('friends.refuse')}
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={friends.invitationsByMail}
              onChange={(event) =>
                void act('/api/friends/settings', { invitationsByMail: event.target.checked })
              }
            />{' '}
            {t('friends.byMail')}
          </label>
        </>
      )}
      {friends && friends.blocked.length > 0 && (
        <details>
          <summary>{t('friends.blockedList')}</summary>
          <ul>
            {friends.blocked.map((blocked) => (
              <li key={blocked}>
                {blocked}{' '}
                <button type="button" onClick={() => void act('/api/friends/unblock', { name: blocked })}>
                  {t('friends.unblock')}
                  <span className="sr-only"> {blocked}</span>
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

// The profile's buttons -------------------------------------------------------------------------------------------

/** Follow or stop following, block or unblock the player whose profile this is. */
export function FollowBlock({ name }: { name: string }) {
  const { t } = useI18n();
  const { friends, refresh } = useFriends(false);
  const [said, setSaid] = useState<Said | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!friends) return null;
  const key = name.toLowerCase();
  const following = friends.following.some((friend) => friend.name.toLowerCase() === key);
  const blocked = friends.blocked.some((other) => other.toLowerCase() === key);
  const act = async (path: string, after: string | null) => {
    setDone(null);
    const refused = await attempt(() => http('POST', path, { name }));
    setSaid(refused);
    if (!refused) setDone(after);
    await refresh();
  };
  return (
    <div className="follow-block">
      <button
        type="button"
        data-testid={following ? 'unfollow-player' : 'follow-player'}
        onClick={() =>
          void act(
            following ? '/api/friends/unfollow' : '/api/friends/follow',
            following ? null : t('friends.followed', { name }),
          )
        }
      >
        {t(following ? 'friends.unfollow' : 'friends.follow')}
      </button>{' '}
      <button
        type="button"
        data-testid={blocked ? 'unblock-player' : 'block-player'}
        onClick={() => void act(blocked ? '/api/friends/unblock' : '/api/friends/block', null)}
      >
        {t(blocked ? 'friends.unblock' : 'friends.block')}
      </button>
      <p className="muted small">{t('friends.blockHint')}</p>
      <Outcome said={said} done={done} testId="follow" />
    </div>
  );
}

// Invitations heard on any page -----------------------------------------------------------------------------------

/** Takes up an invitation: a table played again seats at the rotated seat; any other, at the first free seat. */
async function takeUp(conn: Connection, invitation: InvitationInfo): Promise<Said | null> {
  if (invitation.againOf) {
    try {
      const { tableId } = await http<{ tableId: string }>(
        'POST',
        `/api/tables/${invitation.againOf}/again`,
        {},
      );
      navigate(`/t/${tableId}`);
      return null;
    } catch (caught) {
      return saidOfFailure(caught, { text: String(caught) });
    }
  }
  const ack = await conn.request('table:command', { tableId: invitation.tableId, command: { name: 'join' } });
  // Already seated is no failure: the table is where to go.
  if (!ack.ok && ack.code !== 'seat.already') return saidOf(ack);
  navigate(`/t/${invitation.tableId}`);
  return null;
}

/** One invitation with its two answers. */
function InvitationItem({
  conn,
  invitation,
  onGone,
}: {
  conn: Connection;
  invitation: InvitationInfo;
  onGone: (id: string) => void;
}) {
  const { t, lang } = useI18n();
  const [said, setSaid] = useState<Said | null>(null);
  const game = titleOf(invitation.game, lang);
  return (
    <li data-testid="invitation">
      {t(invitation.againOf ? 'invite.again' : 'invite.from', { from: invitation.from, game })}{' '}
      <button
        type="button"
        className="primary"
        data-testid="invitation-join"
        onClick={() =>
          void takeUp(conn, invitation).then((refused) => {
            setSaid(refused);
            if (!refused) onGone(invitation.id);
          })
        }
      >
        {t('invite.join')}
      </button>{' '}
      <button
        type="button"
        data-testid="invitation-decline"
        onClick={() =>
          void attempt(() => http('POST', `/api/invitations/${invitation.id}/decline`, {})).then(
            (refused) => {
              setSaid(refused);
              onGone(invitation.id);
            },
          )
        }
      >
        {t('invite.decline')}
      </button>
      {said && (
        <span className="error" role="alert">
          {' '}
          {sayServer(lang, said)}
        </span>
      )}
    </li>
  );
}

/** The invitations told to this page while it is open (`invitation`), but for `except` (the table shown). */
export function InvitationNotices({ conn, except }: { conn: Connection; except?: string }) {
  const { t } = useI18n();
  const [heard, setHeard] = useState<InvitationInfo[]>([]);
  useEffect(
    () =>
      conn.on('invitation', (invitation) =>
        setHeard((list) => [...list.filter((other) => other.tableId !== invitation.tableId), invitation]),
      ),
    [conn],
  );
  const shown = heard.filter((invitation) => invitation.tableId !== except);
  if (shown.length === 0) return null;
  return (
    <section className="invitations card" aria-label={t('mygames.invitations')} role="status">
      <ul>
        {shown.map((invitation) => (
          <InvitationItem
            key={invitation.id}
            conn={conn}
            invitation={invitation}
            onGone={(id) => setHeard((list) => list.filter((other) => other.id !== id))}
          />
        ))}
      </ul>
    </section>
  );
}

/** "My games"' invitations: those waiting, read from the server. */
export function MyInvitations({ conn }: { conn: Connection | null }) {
  const { t } = useI18n();
  const [invitations, setInvitations] = useState<InvitationInfo[]>([]);
  useEffect(() => {
    http<{ invitations: InvitationInfo[] }>('GET', '/api/my/invitations').then(
      (read) => setInvitations(read.invitations),
      () => undefined,
    );
  }, []);
  if (invitations.length === 0 || !conn) return null;
  return (
    <section aria-labelledby="invitations-title" data-testid="my-invitations">
      <h2 id="invitations-title">{t('mygames.invitations')}</h2>
      <ul className="table-list">
        {invitations.map((invitation) => (
          <InvitationItem
            key={invitation.id}
            conn={conn}
            invitation={invitation}
            onGone={(id) => setInvitations((list) => list.filter((other) => other.id !== id))}
          />
        ))}
      </ul>
    </section>
  );
}

// At a table ------------------------------------------------------------------------------------------------------

/**
 * What the table page shows of friends: the invitations heard, inviting a friend or making a link (a seated player,
 * before the start), and "Play again" (a player, once the game is over).
 */
export function TableFriends({
  conn,
  table,
  mySeat,
  over,
}: {
  conn: Connection;
  table: TableSummary;
  mySeat: number | null;
  over: boolean;
}) {
  // Read once, for the blocked players' chat lines to be hidden here too (`blocked.ts`), and to offer following the
  // people seated here.
  const { friends, refresh } = useFriends(false);
  const me = mySeat === null ? null : table.seats[mySeat]?.name?.toLowerCase();
  const followed = new Set(friends?.following.map((friend) => friend.name.toLowerCase()));
  const strangers = table.seats.filter(
    (seat) =>
      seat.name && !seat.bot && seat.name.toLowerCase() !== me && !followed.has(seat.name.toLowerCase()),
  );
  return (
    <>
      <InvitationNotices conn={conn} except={table.id} />
      {friends && strangers.length > 0 && (
        <FollowSeated names={strangers.map((seat) => seat.name as string)} onFollowed={refresh} />
      )}
      {table.status === 'open' && mySeat !== null && <InvitePanel table={table} />}
      {over && mySeat !== null && <PlayAgain table={table} />}
    </>
  );
}

/** "Follow" for the people seated at the table whom the player does not follow yet. */
function FollowSeated({ names, onFollowed }: { names: string[]; onFollowed: () => Promise<void> }) {
  const { t } = useI18n();
  const [said, setSaid] = useState<Said | null>(null);
  return (
    <div className="follow-seated">
      {names.map((name) => (
        <span key={name}>
          <button
            type="button"
            className="small"
            data-testid={`follow-seated-${name}`}
            onClick={() =>
              void attempt(() => http('POST', '/api/friends/follow', { name })).then(async (refused) => {
                setSaid(refused);
                await onFollowed();
              })
            }
          >
            {t('friends.followSeated', { name })}
          </button>{' '}
        </span>
      ))}
      {said && <Outcome said={said} done={null} testId="follow-seated" />}
    </div>
  );
}

function InvitePanel({ table }: { table: TableSummary }) {
  const { t, lang } = useI18n();
  const { friends } = useFriends(false);
  const [name, setName] = useState('');
  const [said, setSaid] = useState<Said | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [link, setLink] = useState<{ url: string; expiresAt: number } | null>(null);
  const seated = new Set(table.seats.map((seat) => seat.name?.toLowerCase()));
  const choices = (friends?.following ?? []).filter((friend) => !seated.has(friend.name.toLowerCase()));
  const invite = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (!wanted) return;
    setDone(null);
    const refused = await attempt(() => http('POST', `/api/tables/${table.id}/invite`, { name: wanted }));
    setSaid(refused);
    if (!refused) {
      setDone(t('invite.sent', { name: wanted }));
      setName('');
    }
  };
  const makeLink = async () => {
    setDone(null);
    try {
      const made = await http<InviteLinkResponse>('POST', `/api/tables/${table.id}/link`, {});
      // The token after `#`: a browser sends no fragment to any server, so no log ever holds it.
      setLink({ url: `${location.origin}/invite#${made.token}`, expiresAt: made.expiresAt });
      setSaid(null);
    } catch (caught) {
      setSaid(saidOfFailure(caught, { text: String(caught) }));
    }
  };
  return (
    <section className="invite card" aria-labelledby="invite-title" data-testid="invite-panel">
      <h2 id="invite-title">{t('invite.title')}</h2>
      <form onSubmit={(event) => void invite(event)} className="inline-form">
        <label>
          {t('invite.friend')}{' '}
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            list="invite-friends"
            maxLength={24}
            data-testid="invite-name"
          />
        </label>
        <datalist id="invite-friends">
          {choices.map((friend) => (
            <option key={friend.name} value={friend.name} />
          ))}
        </datalist>{' '}
        <button type="submit" data-testid="invite-button">
          {t('invite.button')}
        </button>
      </form>
      <p>
        <button type="button" onClick={() => void makeLink()} data-testid="invite-link-button">
          {t('invite.linkButton')}
        </button>
      </p>
      {link && (
        <p>
          <label>
            {t('invite.link')}{' '}
            <input
              readOnly
              value={link.url}
              data-testid="invite-link"
              onFocus={(event) => event.target.select()}
            />
          </label>{' '}
          <button
            type="button"
            onClick={() =>
              void navigator.clipboard?.writeText(link.url).then(
                () => setDone(t('invite.copied')),
                () => undefined,
              )
            }
          >
            {t('invite.copy')}
          </button>
          <br />
          <span className="muted small">
            {t('invite.linkHint', { date: formatDate(lang, link.expiresAt) })}
          </span>
        </p>
      )}
      <Outcome said={said} done={done} testId="invite" />
    </section>
  );
}

function PlayAgain({ table }: { table: TableSummary }) {
  const { t } = useI18n();
  const [bots, setBots] = useState(table.seats.some((seat) => seat.bot));
  const [said, setSaid] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const again = async () => {
    setBusy(true);
    try {
      const { tableId } = await http<{ tableId: string }>('POST', `/api/tables/${table.id}/again`, { bots });
      navigate(`/t/${tableId}`);
    } catch (caught) {
      setSaid(saidOfFailure(caught, { text: String(caught) }));
      setBusy(false);
    }
  };
  return (
    <section className="again card" aria-labelledby="again-title" data-testid="play-again">
      <h2 id="again-title" className="sr-only">
        {t('again.button')}
      </h2>
      <p className="muted small">{t('again.hint')}</p>
      <label className="check">
        <input type="checkbox" checked={bots} onChange={(event) => setBots(event.target.checked)} />{' '}
        {t('again.bots')}
      </label>{' '}
      <button
        type="button"
        className="primary"
        disabled={busy}
        onClick={() => void again()}
        data-testid="play-again-button"
      >
        {t('again.button')}
      </button>
      <Outcome said={said} done={null} testId="again" />
    </section>
  );
}

// The page an invitation link opens -------------------------------------------------------------------------------

/**
 * `/invite#TOKEN`: seats whoever opened it at the link's table, signed in, or as a guest who first chooses a name;
 * then opens the table. The token stays in the fragment and goes to the server in a request's body only.
 */
export function InvitePage({ user, onUser }: { user: User | null; onUser: (user: User) => void }) {
  const { t, lang } = useI18n();
  const token = useMemo(() => decodeURIComponent(location.hash.replace(/^#/, '')), []);
  const [said, setSaid] = useState<Said | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!user || !token) return;
    let gone = false;
    http<{ tableId: string }>('POST', '/api/invitations/accept', { token }).then(
      ({ tableId }) => {
        if (!gone) navigate(`/t/${tableId}`);
      },
      (caught: unknown) => {
        if (!gone) setSaid(saidOfFailure(caught, { text: String(caught) }));
      },
    );
    return () => {
      gone = true;
    };
  }, [user, token]);
  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const made = await http<{ user: User }>('POST', '/api/session', { name: name.trim() });
      onUser(made.user);
    } catch (caught) {
      setSaid(saidOfFailure(caught, { text: String(caught) }));
    }
    setBusy(false);
  };
  return (
    <div className="card narrow">
      <h1>{t('invite.page')}</h1>
      {!token && <p>{t('invite.noToken')}</p>}
      {token && user && !said && <p aria-busy="true">{t('invite.opening')}</p>}
      {token && !user && (
        <form onSubmit={(event) => void signIn(event)}>
          <p>{t('invite.nameFirst')}</p>
          <label>
            {t('signin.name')}{' '}
            <input
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={24}
              autoComplete="nickname"
              data-testid="invite-guest-name"
            />
          </label>{' '}
          <button
            type="submit"
            className="primary"
            disabled={busy || name.trim().length < 2}
            data-testid="invite-sit"
          >
            {t('invite.sit')}
          </button>
        </form>
      )}
      {said && (
        <p className="error" role="alert" data-testid="invite-error">
          {sayServer(lang, said)}
        </p>
      )}
    </div>
  );
}
