import type { ChatLine, ClockSetting, ReliabilityFloor, TableSummary } from '@skyline/protocol';
import { useEffect, useState, type FormEvent } from 'react';
import { ClockSelect, describeClock } from '../clocks.js';
import { Chat, FormEnd, Link } from '../components.js';
import { useI18n } from '../i18n.js';
import { GameChoice, useGameChoice, useGames } from '../options.js';
import { saidOf, sayServer, type Said } from '../server-words.js';
import type { Connection, User } from '../net.js';
import { PlayerName, useRatingsByGame } from '../ratings.js';
import { navigate } from '../router.js';
import { FriendsPanel, InvitationNotices } from '../friends.js';
import { PlayNow } from '../play-now.js';
import { ReliabilityFloorSelect, ReliabilityTag } from '../reliability-floor.js';

export function Lobby({ conn, user }: { conn: Connection; user: User }) {
  const { t, lang } = useI18n();
  const [tables, setTables] = useState<TableSummary[]>([]);
  const [chat, setChat] = useState<ChatLine[]>([]);
  const [error, setError] = useState<Said | null>(null);
  const ratings = useRatingsByGame(
    tables.map((table) => ({ game: table.game, names: table.seats.map((seat) => seat.name) })),
  );

  useEffect(() => {
    const open = async () => {
      const ack = await conn.request<'lobby:open', { tables: TableSummary[]; chat: ChatLine[] }>(
        'lobby:open',
        {},
      );
      if (!ack.ok) return setError(saidOf(ack));
      setError(null); // a refusal of an earlier try (no answer while the connection was refused) is over
      setTables(ack.tables);
      setChat(ack.chat);
    };
    void open();
    const offs = [
      conn.onReconnect(() => void open()),
      conn.on('lobby:table', (summary) =>
        setTables((list) => {
          const rest = list.filter((table) => table.id !== summary.id);
          return summary.status === 'over'
            ? rest
            : [summary, ...rest].sort((a, b) => b.createdAt - a.createdAt);
        }),
      ),
      conn.on('lobby:chat', (line) => setChat((lines) => [...lines.slice(-199), line])),
      // A moderator hid a line: it goes from the page (and is not in the chat a reload reads).
      conn.on('chat:hidden', (hidden) => {
        if (hidden.tableId === null) setChat((lines) => lines.filter((line) => line.id !== hidden.id));
      }),
    ];
    return () => {
      for (const off of offs) off();
      void conn.request('lobby:close', {});
    };
  }, [conn]);

  /** A line for this page only (the answer to a command), said by the lobby. */
  const tell = (text: string) =>
    setChat((lines) => [...lines.slice(-199), { tableId: null, from: null, text, at: Date.now() }]);
  const say = async (text: string) => {
    // The lobby's chat has no commands: a slash line is answered here, never said to everyone.
    if (text.startsWith('/')) {
      tell(/^\/help\b/i.test(text) ? t('lobby.help') : t('lobby.noCommand'));
      return;
    }
    const ack = await conn.request('lobby:chat', { text });
    setError(ack.ok ? null : saidOf(ack));
  };

  return (
    <div className="lobby">
      <InvitationNotices conn={conn} />
      <PlayNow conn={conn} />
      <p className="tutorial-link">
        <Link to="/tutorial">{t('tutorial.link')}</Link>
      </p>
      <section className="tables" aria-labelledby="tables-title">
        <h2 id="tables-title">{t('lobby.tables')}</h2>
        {error && (
          <p className="error" role="alert">
            {sayServer(lang, error)}
          </p>
        )}
        {tables.length === 0 ? (
          <p>{t('lobby.noTables')}</p>
        ) : (
          <ul className="table-list" data-testid="table-list">
            {tables.map((table) => {
              const seated = table.seats.filter((seat) => seat.name).length;
              const mine = table.seats.some((seat) => seat.name === user.name);
              return (
                <li key={table.id} className={`table-item ${table.status}`}>
                  <div>
                    <strong>{table.title}</strong>{' '}
                    <span className="muted">
                      {seated}/{table.players} · {t(`status.${table.status}`)} ·{' '}
                      {t('lobby.host', { name: table.host })}
                      {table.clock ? ` · ${describeClock(table.clock, t)}` : ''}
                    </span>
                    <div className="muted small">
                      {table.seats.map((seat, k) => (
                        <span key={seat.seat}>
                          {k > 0 && ', '}
                          {seat.name ? (
                            <PlayerName name={seat.name} rating={ratings[table.game]?.[seat.name]} />
                          ) : (
                            '—'
                          )}
                        </span>
                      ))}
                      {table.rated && <span className="tag">{t('rating.rated')}</span>}
                      <ReliabilityTag floor={table.reliability} testId="lobby-reliability" t={t} />
                    </div>
                  </div>
                  <Link to={`/t/${table.id}`} className="button">
                    {table.status === 'open' || mine ? t('lobby.open') : t('lobby.watch')}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <CreateTable conn={conn} registered={user.registered === true} />
      <FriendsPanel />
      <Chat
        lines={chat}
        onSend={say}
        title={t('lobby.chat')}
        testId="lobby-chat"
        systemLabel={t('chat.lobbySystem')}
        me={user.name}
      />
    </div>
  );
}

/** The clocks a new table may have from the lobby (any other through `/option clock` at the table). */
const CLOCK_CHOICES: (ClockSetting | null)[] = [
  null,
  { kind: 'live', initial: 300, increment: 5 },
  { kind: 'live', initial: 900, increment: 10 },
  { kind: 'turn', perMove: 86_400 },
  { kind: 'turn', perMove: 3 * 86_400 },
];

function CreateTable({ conn, registered }: { conn: Connection; registered: boolean }) {
  const { t } = useI18n();
  const [rated, setRated] = useState(registered);
  const [clock, setClock] = useState(0);
  const [privacy, setPrivacy] = useState<'public' | 'anyone' | 'invited'>('public');
  const [floor, setFloor] = useState<ReliabilityFloor>(0);
  const [error, setError] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const games = useGames((caught) => setError({ text: (caught as Error).message }));
  const choice = useGameChoice(games);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const ack = await conn.request<'table:create', { tableId: string }>('table:create', {
      game: choice.game,
      players: choice.seats,
      options: choice.options,
      // Left as it was: the server's default (rated, unless bots sit at the table); changed: said.
      ...(rated === registered ? {} : { rated }),
      clock: CLOCK_CHOICES[clock] ?? null,
      ...(privacy === 'public' ? {} : { private: true, spectators: privacy }),
      ...(floor === 0 ? {} : { reliability: floor }),
    });
    setBusy(false);
    if (!ack.ok) return setError(saidOf(ack));
    navigate(`/t/${ack.tableId}`);
  };

  return (
    <form className="create card" onSubmit={(event) => void submit(event)} aria-labelledby="create-title">
      <h2 id="create-title">{t('lobby.create')}</h2>
      <GameChoice
        choice={choice}
        games={games}
        seatsLabel="lobby.players"
        testIds={{ game: 'create-game', seats: 'create-players' }}
      />
      {registered ? (
        <label className="check">
          <input
            type="checkbox"
            checked={rated}
            onChange={(event) => setRated(event.target.checked)}
            data-testid="create-rated"
          />{' '}
          {t('rating.createRated')}
        </label>
      ) : (
        // A guest is never rated: its table could say "rated" only to end "not rated" (the server refuses it too).
        <p className="muted small" data-testid="create-rated-guest">
          {t('rating.guestHost')} <Link to="/register">{t('nav.register')}</Link>
        </p>
      )}
      <ClockSelect choices={CLOCK_CHOICES} value={clock} onChange={setClock} testId="create-clock" t={t} />
      <ReliabilityFloorSelect value={floor} onChange={setFloor} testId="create-reliability" t={t} />
      <label className="check">
        <input
          type="checkbox"
          checked={privacy !== 'public'}
          onChange={(event) => setPrivacy(event.target.checked ? 'anyone' : 'public')}
          data-testid="create-private"
        />{' '}
        {t('create.private')}
      </label>
      {privacy !== 'public' && (
        <label>
          {t('create.spectators')}{' '}
          <select
            value={privacy}
            onChange={(event) => setPrivacy(event.target.value as 'anyone' | 'invited')}
            data-testid="create-spectators"
          >
            <option value="anyone">{t('create.spectators.anyone')}</option>
            <option value="invited">{t('create.spectators.invited')}</option>
          </select>
        </label>
      )}
      <FormEnd
        error={error}
        errorTestId="create-error"
        label={t('lobby.createButton')}
        disabled={busy || !choice.info}
        testId="create-table"
      />
    </form>
  );
}
