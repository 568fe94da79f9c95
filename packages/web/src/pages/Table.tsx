import type { ClockView, Command } from '@skyline/protocol';
import { useRef, useState, type CSSProperties } from 'react';
import { SeatClock, lowTime, useNow } from '../clocks.js';
import { Chat, Link } from '../components.js';
import { GenericBoard, useGameUi } from '../games/index.js';
import { recentMoves, seatName, type LogEntry } from '@skyline/board-kit';
import { useKeepFocus } from '../focus.js';
import { usePinchZoom } from '../pinch.js';
import { useI18n } from '../i18n.js';
import { saidOf, sayServer, type Said } from '../server-words.js';
import type { Connection, User } from '../net.js';
import { useTable } from '../table.js';
import { ConfirmBar, useStagedMove } from '../confirm-bar.js';
import { EndScreen } from './EndScreen.js';
import { TableFriends } from '../friends.js';
import { GameSeatPanels } from './GameSeatPanels.js';
import { TableBar, ZOOM } from './TableBar.js';
import { MoveLog } from './MoveLog.js';
import { PlayerName, useRatingsByGame } from '../ratings.js';

export function TablePage({ conn, tableId, user }: { conn: Connection; tableId: string; user: User }) {
  const { t, lang } = useI18n();
  const { table, chat, error, pending, notice, move, say } = useTable(conn, tableId);
  const [commandError, setCommandError] = useState<Said | null>(null);
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
  // The board's moves are staged here and sent on confirmation (the player's setting: confirm-moves.ts).
  const staging = useStagedMove(move, table?.version ?? null, table?.legalMoves ?? []);
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
  const Board = ui.Board ?? GenericBoard;
  const legalMoves = pending ? [] : table.legalMoves;
  // The staged move in the log's words: as the log will say it once played.
  const stagedText = (() => {
    if (!staging.staged || mySeat === null) return null;
    const log = table.log as LogEntry[];
    const entry = { seat: mySeat, move: staging.staged.move as Record<string, unknown> };
    return (
      ui.describe?.(entry, names, t, lang, { log: [...log, entry], index: log.length, view: table.view }) ??
      JSON.stringify(staging.staged.move)
    );
  })();

  const button = async (command: Command) => {
    setCommandError(null);
    const ack = await conn.request('table:command', { tableId, command });
    if (!ack.ok) setCommandError(saidOf(ack));
  };

  // Taking back the last move: offered only when the server says it will take it back now (`undoable`, computed by
  // the server for this seat: not a move of the bot standing in, not after anything new was seen, clocks kept).
  const canTakeBack = !pending && !standingInSeat(summary, mySeat) && table.undoable === true;
  const takeBack = async () => {
    setCommandError(null);
    const ack = await conn.request('table:undo', { tableId, version: table.version });
    if (!ack.ok) setCommandError(saidOf(ack));
  };

  const active = (table.status?.active ?? []).filter((a): a is number => typeof a === 'number');
  const over = table.status?.over ?? false;
  const clocks = summary.status === 'playing' ? (table.clocks ?? null) : null;
  const mine = mySeat === null ? null : summary.seats[mySeat];

  // A bot plays the viewer's seat (the player was away or ran out of time): not the player's turn, no move to make,
  // until the seat is taken back (the bar offers it).
  const standingIn = summary.status === 'playing' && Boolean(mine?.standIn) && !mine?.resigned;
  const prompt =
    table.view === null || table.view === undefined || over
      ? ''
      : standingIn
        ? t('table.standInYou')
        : mySeat !== null && active.includes(mySeat) && !pending
          ? t('table.yourTurn')
          : active.length
            ? t('table.waitingFor', { names: active.map((seat) => seatName(names, seat)).join(', ') })
            : '';
  const inTournament = summary.tournamentId !== undefined;

  const panels = (
    <GameSeatPanels
      ui={ui}
      view={table.view}
      names={names}
      active={active}
      me={standingIn ? null : mySeat}
      extras={(n) => {
        const seat = summary.seats[n];
        if (!seat?.name)
          return {
            name: <span className="muted">{t('table.free')}</span>,
            children: summary.status === 'open' && mySeat === null && (
              <button type="button" onClick={() => void button({ name: 'join', seat: n })}>
                {t('table.sit')}
              </button>
            ),
          };
        return {
          name: <PlayerName name={seat.name} rating={ratings?.[seat.name]} />,
          clock: clocks?.[n] && summary.clock && (
            <Clock
              clock={clocks[n]}
              told={table.clocksAt}
              low={lowTime(summary.clock)}
              mine={n === mySeat}
              seat={n}
            />
          ),
          tags: (
            <>
              {/* Nobody hosts a tournament's table: the tournament opened it. */}
              {seat.name === summary.host && !inTournament && <span className="tag">{t('table.host')}</span>}
              {n === mySeat && <span className="tag">{t('table.you')}</span>}
              {seat.bot && <span className="tag">{t('table.botTag', { level: t(`bot.${seat.bot}`) })}</span>}
              {seat.standIn && (
                <span className="tag stand-in" data-testid={`stand-in-${n}`}>
                  {t('table.standIn', { name: seat.name })}
                </span>
              )}
              {seat.resigned && <span className="tag">{t('table.resigned')}</span>}
              {!seat.connected && <span className="tag away">{t('table.away')}</span>}
            </>
          ),
        };
      }}
    />
  );

  return (
    <div className="table-page" ref={pageRef}>
      {/* The bar, and over it on a wide screen a move waiting for its confirmation: staging a move does not push the
          board down under the player's pointer, nor the board's foot below a laptop's screen. */}
      <div className="table-top">
        <TableBar
          summary={summary}
          mySeat={mySeat}
          isHost={isHost && !inTournament}
          // A guest host is not offered "rated": the server refuses it (rating.guestHost), as the lobby's form says.
          canRate={user.registered === true}
          prompt={prompt}
          abortable={table.status?.abortable === true && !inTournament}
          standingIn={standingIn}
          playing={table.view !== null && table.view !== undefined && !over}
          zoom={zoom}
          setZoom={setZoom}
          button={(command) => void button(command)}
        />
        {stagedText !== null && (
          <ConfirmBar text={stagedText} onConfirm={staging.confirm} onClear={staging.clear} />
        )}
      </div>
      {commandError && (
        <p className="error" role="alert" data-testid="command-error">
          {sayServer(lang, commandError)}
        </p>
      )}
      {notice && (
        <p className="error" role="alert" data-testid="notice">
          {sayServer(lang, notice)}
        </p>
      )}
      {summary.status === 'open' && (
        <p className="muted">{mySeat === null ? t('table.spectating') : t('table.waiting')}</p>
      )}
      {over && <EndScreen table={table} names={names} ui={ui} />}
      <div className="table-main">
        {table.view !== null && table.view !== undefined && (
          <div
            className={['board-wrap', zoom > 1 ? 'zoomed' : '', standingIn ? 'stood-in' : '']
              .filter(Boolean)
              .join(' ')}
            style={zoom > 1 ? ({ '--zoom': zoom } as CSSProperties) : undefined}
            ref={boardRef}
            tabIndex={-1}
            data-testid="board-wrap"
            // While a bot plays the seat the board is for looking only: its controls are inactive.
            inert={standingIn || undefined}
          >
            <Board
              view={table.view}
              legalMoves={standingIn ? [] : legalMoves}
              viewer={table.viewer}
              names={names}
              status={table.status}
              send={staging.stage}
              staged={staging.staged?.move ?? null}
              t={t}
              lang={lang}
              recent={recentMoves(table.log as LogEntry[], table.viewer, summary.players, ui.together)}
            />
          </div>
        )}
        {panels}
      </div>
      {/* Under the board, not above it: it comes and goes with every move, and above it moved the board under the
          player's pointer (a tile dragged onto a lot landed beside it). */}
      {canTakeBack && stagedText === null && (
        <p className="confirm-bar">
          <button type="button" onClick={() => void takeBack()} data-testid="undo-move">
            {t('confirm.takeBack')}
          </button>
        </p>
      )}

      <TableFriends conn={conn} table={summary} mySeat={mySeat} over={over} />
      <div className="table-bottom">
        {table.log.length > 0 && <MoveLog table={table} names={names} ui={ui} />}
        <Chat lines={chat} onSend={say} title={t('table.chat')} testId="table-chat" me={user.name} />
      </div>
    </div>
  );
}

/** Whether a bot stands in for the viewer's seat (its moves are the bot's, not to be taken back). */
function standingInSeat(summary: { seats: { standIn?: unknown }[] }, seat: number | null): boolean {
  return seat !== null && Boolean(summary.seats[seat]?.standIn);
}

/** A seat's clock, ticking on its own (so that the whole page does not render every second). */
function Clock(props: { clock: ClockView; told: number; low: number; mine: boolean; seat: number }) {
  const { t } = useI18n();
  const now = useNow(props.clock.running);
  return <SeatClock {...props} now={now} t={t} />;
}
