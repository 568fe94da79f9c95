import { BOT_LEVELS, type BotLevel, type ClockView, type Command } from '@skyline/protocol';
import { useRef, useState, type CSSProperties } from 'react';
import { SeatClock, describeClock, lowTime, useNow } from '../clocks.js';
import { Chat, Link } from '../components.js';
import { formOptionsOf } from '../games/form-options.js';
import { GenericBoard, useGameUi } from '../games/index.js';
import { optionsInWords } from '../games/options.js';
import { recentMoves, seatName, SEAT_COLOURS, type LogEntry } from '@skyline/board-kit';
import { useKeepFocus } from '../focus.js';
import { usePinchZoom } from '../pinch.js';
import { useI18n } from '../i18n.js';
import { saidOf, sayServer, type Said } from '../server-words.js';
import type { Connection, User } from '../net.js';
import { useTable } from '../table.js';
import { EndScreen } from './EndScreen.js';
import { TableFriends } from '../friends.js';
import { MoveLog } from './MoveLog.js';
import { PlayerName, useRatingsByGame } from '../ratings.js';

export function TablePage({ conn, tableId, user }: { conn: Connection; tableId: string; user: User }) {
  const { t, lang } = useI18n();
  const { table, chat, error, pending, notice, move, say } = useTable(conn, tableId);
  const [commandError, setCommandError] = useState<Said | null>(null);
  const [botLevel, setBotLevel] = useState<BotLevel>('greedy');
  /** How much larger than the page's width the board is drawn (the buttons, or two fingers on the board: pinch.ts). */
  const [zoom, setZoom] = useState(1);
  const pageRef = useRef<HTMLDivElement>(null);
  // Hooks come before the early returns: the ratings next to the seated names, asked again at the end of the game.
  const ratings = useRatingsByGame(
    table ? [{ game: table.summary.game, names: table.summary.seats.map((seat) => seat.name) }] : [],
    table?.summary.status,
  )[table?.summary.game ?? ''];
  // The game's board and log, loaded with the page's first snapshot (at once when already loaded).
  const ui = useGameUi(table?.summary.game ?? '');
  const boardRef = useRef<HTMLDivElement>(null);
  useKeepFocus(pageRef, boardRef);
  usePinchZoom(boardRef, zoom, setZoom, ZOOM, table?.view !== null && table?.view !== undefined);

  if (error && !table)
    return (
      <div className="card">
        <p role="alert">{t('table.notFound')}</p>
        <p className="muted">{sayServer(lang, error)}</p>
        <Link to="/">{t('table.back')}</Link>
      </div>
    );
  if (!table || !ui) return <p aria-busy="true">…</p>;

  const { summary } = table;
  const names = summary.seats.map((seat) => seat.name ?? '');
  // The seat this page plays, as the snapshot names it (read again whenever the seats change: `useTable`).
  const mySeat = typeof table.viewer === 'number' ? table.viewer : null;
  const isHost = summary.host === user.name;
  const optionSpecs = formOptionsOf(summary.game);
  const Board = ui.Board ?? GenericBoard;
  const legalMoves = pending ? [] : table.legalMoves;

  const button = async (command: Command) => {
    setCommandError(null);
    const ack = await conn.request('table:command', { tableId, command });
    if (!ack.ok) setCommandError(saidOf(ack));
  };

  const active = (table.status?.active ?? []).filter((a): a is number => typeof a === 'number');
  const over = table.status?.over ?? false;
  const clocks = summary.status === 'playing' ? (table.clocks ?? null) : null;
  const mine = mySeat === null ? null : summary.seats[mySeat];

  return (
    <div className="table-page" ref={pageRef}>
      <div className="table-head">
        <Link to="/">{t('table.back')}</Link>
        <h1>{summary.title}</h1>
        <span className={`status ${summary.status}`} data-testid="table-status">
          {t(`status.${summary.status}`)}
        </span>
        <span className="tag" data-testid="table-rated">
          {t(summary.rated ? 'rating.rated' : 'rating.unratedTag')}
        </span>
      </div>

      <section className="seats" aria-label={t('table.seats')}>
        <ul>
          {summary.seats.map((seat) => (
            <li
              key={seat.seat}
              data-testid={`seat-${seat.seat}`}
              className={active.includes(seat.seat) ? 'active' : ''}
            >
              <span className="swatch" style={{ background: SEAT_COLOURS[seat.seat] }} aria-hidden="true" />
              {/* Counted from 1 for people (seat 0 is the game's first seat). */}
              <span className="muted">{t('table.seat', { n: seat.seat + 1 })}</span>{' '}
              {seat.name ? (
                <>
                  <strong>
                    <PlayerName name={seat.name} rating={ratings?.[seat.name]} />
                  </strong>
                  {seat.name === summary.host && <span className="tag">{t('table.host')}</span>}
                  {seat.seat === mySeat && <span className="tag">{t('table.you')}</span>}
                  {seat.bot && (
                    <span className="tag">{t('table.botTag', { level: t(`bot.${seat.bot}`) })}</span>
                  )}
                  {seat.standIn && (
                    <span className="tag stand-in" data-testid={`stand-in-${seat.seat}`}>
                      {t('table.standIn', { name: seat.name })}
                    </span>
                  )}
                  {seat.resigned && <span className="tag">{t('table.resigned')}</span>}
                  {!seat.connected && <span className="tag away">{t('table.away')}</span>}
                  {clocks?.[seat.seat] && summary.clock && (
                    <Clock
                      clock={clocks[seat.seat]!}
                      told={table.clocksAt}
                      low={lowTime(summary.clock)}
                      mine={seat.seat === mySeat}
                      seat={seat.seat}
                    />
                  )}
                </>
              ) : (
                <>
                  <span className="muted">{t('table.free')}</span>
                  {summary.status === 'open' && mySeat === null && (
                    <button type="button" onClick={() => void button({ name: 'join', seat: seat.seat })}>
                      {t('table.sit')}
                    </button>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
        <div className="seat-actions">
          {summary.status === 'open' && mySeat !== null && !isHost && (
            <button type="button" onClick={() => void button({ name: 'leave' })}>
              {t('table.leave')}
            </button>
          )}
          {summary.status === 'playing' && mySeat !== null && (
            <button
              type="button"
              onClick={() => {
                if (window.confirm(t('table.resignConfirm'))) void button({ name: 'resign' });
              }}
            >
              {t('table.resign')}
            </button>
          )}
          {/* A guest host is not offered "rated": the server refuses it (rating.guestHost), as the lobby's form says. */}
          {summary.status === 'open' && isHost && user.registered === true && (
            <label className="check">
              <input
                type="checkbox"
                checked={summary.rated}
                onChange={(event) =>
                  void button({ name: 'option', option: 'rated', value: event.target.checked ? 'on' : 'off' })
                }
                data-testid="table-rated-toggle"
              />{' '}
              {t('rating.tableRated')}
            </label>
          )}
          {summary.status === 'playing' && mine?.standIn && !mine.resigned && (
            <button
              type="button"
              className="primary"
              data-testid="take-back"
              onClick={() => void button({ name: 'back' })}
            >
              {t('table.takeBack')}
            </button>
          )}
          {summary.status === 'playing' && mySeat !== null && table.status?.abortable === true && (
            <button
              type="button"
              data-testid="abort"
              onClick={() => {
                if (window.confirm(t('table.abortConfirm'))) void button({ name: 'abort' });
              }}
            >
              {t('table.abort')}
            </button>
          )}
          {summary.status === 'playing' &&
            mySeat !== null &&
            !summary.clock &&
            summary.seats.some(
              (seat) => seat.seat !== mySeat && !seat.bot && !seat.standIn && !seat.connected,
            ) && (
              <button type="button" data-testid="claim" onClick={() => void button({ name: 'claim' })}>
                {t('table.claim')}
              </button>
            )}
          {summary.status === 'open' && isHost && summary.seats.some((seat) => !seat.name) && (
            <span className="bot-picker">
              <label>
                {t('table.botLevel')}{' '}
                <select
                  value={botLevel}
                  onChange={(event) => setBotLevel(event.target.value as typeof botLevel)}
                >
                  {BOT_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {t(`bot.${level}`)}
                    </option>
                  ))}
                </select>
              </label>{' '}
              <button
                type="button"
                data-testid="add-bot"
                onClick={() => void button({ name: 'bot', level: botLevel })}
              >
                {t('table.addBot')}
              </button>
            </span>
          )}
          {summary.status === 'open' && isHost && (
            <button
              type="button"
              className="primary"
              data-testid="start"
              disabled={summary.seats.some((seat) => !seat.name)}
              onClick={() => void button({ name: 'start' })}
            >
              {t('table.start')}
            </button>
          )}
        </div>
        {commandError && (
          <p className="error" role="alert" data-testid="command-error">
            {sayServer(lang, commandError)}
          </p>
        )}
        {summary.status === 'open' && <p className="muted">{t('table.waiting')}</p>}
        {summary.clock && (
          <p className="muted" data-testid="clock-setting">
            {t('clock.label')}: {describeClock(summary.clock, t)}
          </p>
        )}
        {optionSpecs.length > 0 && (
          <details className="table-options" data-testid="table-options">
            <summary>{t('table.options')}</summary>
            <ul>
              {optionsInWords(optionSpecs, summary.options, t).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </details>
        )}
        {mySeat === null && <p className="muted">{t('table.spectating')}</p>}
      </section>

      {notice && (
        <p className="error" role="alert" data-testid="notice">
          {sayServer(lang, notice)}
        </p>
      )}
      {table.view !== null && table.view !== undefined && (
        <>
          {!over && (
            <p className="turn" role="status" data-testid="turn">
              {mySeat !== null && active.includes(mySeat) && !pending
                ? t('table.yourTurn')
                : active.length
                  ? t('table.waitingFor', { names: active.map((seat) => seatName(names, seat)).join(', ') })
                  : ''}
            </p>
          )}
          {over && <EndScreen table={table} names={names} ui={ui} />}
          <div className="zoom" role="group" aria-label={t('table.zoom')}>
            <button
              type="button"
              data-testid="zoom-out"
              disabled={zoom <= ZOOM.min}
              onClick={() => setZoom((z) => Math.max(ZOOM.min, z - 0.5))}
            >
              −<span className="sr-only"> {t('table.zoomOut')}</span>
            </button>
            <span aria-live="polite">{Math.round(zoom * 100)} %</span>
            <button
              type="button"
              data-testid="zoom-in"
              disabled={zoom >= ZOOM.max}
              onClick={() => setZoom((z) => Math.min(ZOOM.max, z + 0.5))}
            >
              +<span className="sr-only"> {t('table.zoomIn')}</span>
            </button>
          </div>
          <div
            className={zoom > 1 ? 'board-wrap zoomed' : 'board-wrap'}
            style={zoom > 1 ? ({ '--zoom': zoom } as CSSProperties) : undefined}
            ref={boardRef}
            tabIndex={-1}
            data-testid="board-wrap"
          >
            <Board
              view={table.view}
              legalMoves={legalMoves}
              viewer={table.viewer}
              names={names}
              status={table.status}
              send={move}
              t={t}
              lang={lang}
              recent={recentMoves(table.log as LogEntry[], table.viewer, summary.players, ui.together)}
            />
          </div>
        </>
      )}

      <TableFriends conn={conn} table={summary} mySeat={mySeat} over={over} />
      <div className="table-bottom">
        {table.log.length > 0 && <MoveLog table={table} names={names} ui={ui} />}
        <Chat lines={chat} onSend={say} title={t('table.chat')} testId="table-chat" me={user.name} />
      </div>
    </div>
  );
}

/** How far the board zooms: from the page's width to two and a half times it. */
const ZOOM = { min: 1, max: 2.5 };

/** A seat's clock, ticking on its own (so that the whole page does not render every second). */
function Clock(props: { clock: ClockView; told: number; low: number; mine: boolean; seat: number }) {
  const { t } = useI18n();
  const now = useNow(props.clock.running);
  return <SeatClock {...props} now={now} t={t} />;
}
