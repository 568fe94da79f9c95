/**
 * The lobby's "Play now" panel: choose a game, a seat count (or any) and when bots may fill the table, then wait in
 * the server's queue (`packages/server/src/queue/`) until it seats you at a started table, which the page then opens.
 * While waiting it shows the time waited and the ratings the queue accepts now (the window widens with the wait).
 * The player may ask a reliability floor of the others, as a host may of a table's players (docs/platform.md).
 * Leaving the page leaves the queue (the panel says so when it goes; the server also removes a player whose last page
 * closed).
 */
import {
  BOTS_AFTER_CHOICES,
  matchWindow,
  type BotLevel,
  type QueueEntryInfo,
  type ReliabilityFloor,
} from '@skyline/protocol';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormEnd } from './components.js';
import { useI18n, type T } from './i18n.js';
import type { Connection } from './net.js';
import { BotLevelOptionList, GameOptionList, useGames } from './options.js';
import { ReliabilityFloorSelect, ReliabilityTag } from './reliability-floor.js';
import { navigate } from './router.js';
import { saidOf, type Said } from './server-words.js';

/** The wait as the page says it: 0:07, 1:15. */
function clockText(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function botsAfterText(seconds: number, t: T): string {
  return seconds < 60 ? t('play.afterSeconds', { n: seconds }) : t('play.afterMinutes', { n: seconds / 60 });
}

/**
 * The leave a panel that went sent, awaited by the next panel before it asks where the player is: the server answers
 * messages side by side, and a status read before the leave was stored would show the wait just left.
 */
let leaving: Promise<unknown> = Promise.resolve();

export function PlayNow({ conn }: { conn: Connection }) {
  const { t } = useI18n();
  const [error, setError] = useState<Said | null>(null);
  const games = useGames((caught) => setError({ text: (caught as Error).message }));
  const [game, setGame] = useState('');
  const [seats, setSeats] = useState<number | null>(null);
  const [botsAfter, setBotsAfter] = useState<number | null>(60);
  const [botLevel, setBotLevel] = useState<BotLevel>('ismcts');
  const [floor, setFloor] = useState<ReliabilityFloor>(0);
  const [busy, setBusy] = useState(false);
  /** The wait under way, and when it began by this page's clock. */
  const [waiting, setWaiting] = useState<{ entry: QueueEntryInfo; since: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const waitingRef = useRef(waiting);
  waitingRef.current = waiting;
  /** Whether the panel went: a join answered after that is left at once (nobody sees the wait). */
  const goneRef = useRef(false);
  const chosen = games.find((g) => g.id === game) ?? games[0];

  useEffect(() => {
    const look = async () => {
      await leaving;
      const ack = await conn.request<'queue:status', { entry: QueueEntryInfo | null }>('queue:status', {});
      if (!ack.ok) return;
      const entry = ack.entry;
      // Matched while the connection was away: the table is ready.
      if (entry?.tableId && waitingRef.current) return navigate(`/t/${entry.tableId}`);
      setWaiting(entry && entry.tableId === null ? { entry, since: Date.now() - entry.waitedMs } : null);
    };
    void look();
    const offs = [
      conn.onReconnect(() => void look()),
      conn.on('queue:matched', ({ tableId }) => {
        waitingRef.current = null; // the wait is over: leaving the page now leaves no queue
        navigate(`/t/${tableId}`);
      }),
    ];
    goneRef.current = false;
    return () => {
      goneRef.current = true;
      for (const off of offs) off();
      if (waitingRef.current) leaving = conn.request('queue:leave', {});
    };
  }, [conn]);

  useEffect(() => {
    if (!waiting) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  const join = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setBusy(true);
    setError(null);
    const ack = await conn.request<'queue:join', { entry: QueueEntryInfo }>('queue:join', {
      game: chosen.id,
      players: seats !== null && seats >= chosen.minPlayers && seats <= chosen.maxPlayers ? seats : null,
      botsAfter,
      ...(botsAfter === null ? {} : { botLevel }),
      ...(floor === 0 ? {} : { reliability: floor }),
    });
    if (goneRef.current) {
      if (ack.ok) leaving = conn.request('queue:leave', {});
      return;
    }
    setBusy(false);
    if (!ack.ok) return setError(saidOf(ack));
    setWaiting({ entry: ack.entry, since: Date.now() - ack.entry.waitedMs });
  };

  const cancel = async () => {
    setWaiting(null);
    const ack = await conn.request('queue:leave', {});
    if (!ack.ok) setError(saidOf(ack));
  };

  if (waiting) {
    const { entry } = waiting;
    const waited = Math.max(0, now - waiting.since);
    const width = matchWindow(entry.window, waited);
    const title = games.find((g) => g.id === entry.game)?.title ?? entry.game;
    const botsIn = entry.botsAfter === null ? null : Math.max(0, entry.botsAfter - Math.floor(waited / 1000));
    return (
      <section className="play-now card" aria-labelledby="play-title" data-testid="play-now">
        <h2 id="play-title">{t('play.title')}</h2>
        <p className="play-now-waiting" data-testid="play-waiting">
          <strong>{title}</strong> ·{' '}
          {entry.players === null ? t('play.anySeats') : t('play.seatsOf', { n: entry.players })}{' '}
          <ReliabilityTag floor={entry.reliability} testId="play-waiting-reliability" t={t} />
        </p>
        {/* Ratings as the rest of the site writes them: digits alone, with no thousands separator. */}
        <p role="status" className="play-now-status">
          <span>{t('play.waited', { time: clockText(waited) })}</span>{' '}
          <span>
            {t('play.window', {
              low: String(Math.max(0, entry.rating - width)),
              high: String(entry.rating + width),
              rating: String(entry.rating),
            })}
          </span>
          {botsIn !== null && <span> {t('play.botsIn', { n: botsIn })}</span>}
        </p>
        <p className="muted small">{t('play.leaving')}</p>
        <button type="button" onClick={() => void cancel()} data-testid="play-cancel">
          {t('play.cancel')}
        </button>
      </section>
    );
  }

  return (
    <form
      className="play-now card"
      onSubmit={(event) => void join(event)}
      aria-labelledby="play-title"
      data-testid="play-now"
    >
      <h2 id="play-title">{t('play.title')}</h2>
      <div className="play-now-fields">
        <label>
          {t('lobby.game')}
          <select
            value={chosen?.id ?? ''}
            onChange={(event) => setGame(event.target.value)}
            data-testid="play-game"
          >
            <GameOptionList games={games} />
          </select>
        </label>
        <label>
          {t('lobby.players')}
          <select
            value={seats === null ? 'any' : String(seats)}
            onChange={(event) => setSeats(event.target.value === 'any' ? null : Number(event.target.value))}
            data-testid="play-seats"
          >
            <option value="any">{t('play.anySeats')}</option>
            {chosen &&
              Array.from(
                { length: chosen.maxPlayers - chosen.minPlayers + 1 },
                (_, k) => chosen.minPlayers + k,
              ).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
        </label>
        <label>
          {t('play.bots')}
          <select
            value={botsAfter === null ? 'never' : String(botsAfter)}
            onChange={(event) =>
              setBotsAfter(event.target.value === 'never' ? null : Number(event.target.value))
            }
            data-testid="play-bots"
          >
            {BOTS_AFTER_CHOICES.map((seconds) => (
              <option key={seconds} value={seconds}>
                {botsAfterText(seconds, t)}
              </option>
            ))}
            <option value="never">{t('play.never')}</option>
          </select>
        </label>
        {botsAfter !== null && (
          <label>
            {t('play.botLevel')}
            <select
              value={botLevel}
              onChange={(event) => setBotLevel(event.target.value as BotLevel)}
              data-testid="play-bot-level"
            >
              <BotLevelOptionList game={chosen?.id} />
            </select>
          </label>
        )}
        <ReliabilityFloorSelect value={floor} onChange={setFloor} testId="play-reliability" t={t} />
      </div>
      <FormEnd
        error={error}
        errorTestId="play-error"
        label={t('play.join')}
        disabled={busy || !chosen}
        testId="play-join"
      />
    </form>
  );
}
