/**
 * What each viewer may see of a table: pure functions of a table and a viewer (a seat, or the spectators). The game
 * decides what a seat may know (`Game.view`, `Game.redact`); nothing else here reads the game's state.
 */
import {
  RECORD_FORMAT,
  SPECTATOR,
  statusWithEndings,
  type EndingEntry,
  type GameRecord,
  type LogEntry,
  type Viewer,
} from '@skyline/engine';
import {
  publicStatusOf,
  type PublicStatus,
  type SeatInfo,
  type TableSnapshot,
  type TableSummary,
  type TableUpdate,
} from '@skyline/protocol';
import { ratedSetting } from '../ratings/ended.js';
import { inOpening } from '../ratings/opening.js';
import { clockViews } from './table-clocks.js';
import { undoableBy } from './take-back.js';
import { resignedSeats, versionOf, type LiveTable } from './live.js';

/** The table as the lobby and its page list it; `connected` are the users with its page open. */
export function summaryOf(table: LiveTable, connected: ReadonlySet<string>): TableSummary {
  return {
    id: table.id,
    game: table.game.id,
    title: table.game.title,
    players: table.players,
    options: table.options,
    host: table.host.name,
    status: table.status,
    seats: table.seats.map((person, seat): SeatInfo => ({
      seat,
      name: person?.name ?? null,
      // A bot is always there.
      connected: person ? Boolean(person.bot) || connected.has(person.id) : false,
      bot: person?.bot ?? null,
      // Only when there is something to say, so that the ordinary seat stays as it was.
      ...(person?.standIn ? { standIn: person.standIn } : {}),
      ...(person?.resignedAt !== null && person?.resignedAt !== undefined ? { resigned: true } : {}),
    })),
    createdAt: table.createdAt,
    rated: ratedSetting(
      table.rated,
      table.seats.some((person) => Boolean(person?.bot)),
    ),
    ...(table.clock ? { clock: table.clock } : {}),
    ...(table.private ? { private: true } : {}),
    ...(table.reliabilityFloor ? { reliability: table.reliabilityFloor } : {}),
    ...(table.againOf ? { againOf: table.againOf } : {}),
    ...(table.tournament ? { tournamentId: table.tournament } : {}),
  };
}

/**
 * The status everyone may see (`publicStatusOf`, which the replay page uses too): scores only at the end (during the
 * game, each view tells what its seat may know).
 */
export function publicStatus(table: LiveTable): PublicStatus | null {
  if (table.state === null) return null;
  const resigned = resignedSeats(table);
  const ending = table.resignation;
  if (ending) {
    // Ended outside the rules: as stored when it ended.
    return publicStatusOf({
      over: true,
      active: [],
      winners: ending.winners,
      scores: ending.scores,
      resigned,
      ...(ending.abortedBy !== undefined ? { aborted: true } : {}),
      ...(ending.stoppedBy !== undefined ? { stopped: true } : {}),
      ...(ending.closed ? { closed: true } : {}),
    });
  }
  const status = statusWithEndings(table.game.status(table.state), { resigned, closed: null });
  // While some seat has not played the opening, a seated player may `/abort` (`Endings.abort`): the page offers it;
  // never at a tournament's table (its game counts for the round).
  return publicStatusOf(
    status,
    !status.over && !table.tournament && inOpening(table.game.id, table.players, table.log),
  );
}

/** Everything `viewer` sees of the table when it opens its page. */
export function snapshotOf(
  table: LiveTable,
  viewer: Viewer,
  connected: ReadonlySet<string>,
  now = Date.now(),
): TableSnapshot {
  const state = table.state;
  return {
    table: summaryOf(table, connected),
    viewer,
    version: versionOf(table),
    status: publicStatus(table),
    view: state === null ? null : table.game.view(state, viewer),
    legalMoves: legalMovesOf(table, viewer),
    log:
      state === null ? [] : table.log.map((entry, index) => table.game.redact(entry, index, viewer, state)),
    ...(table.clock ? { clocks: clockViews(table, now) } : {}),
    ...(undoableBy(table, viewer, now) ? { undoable: true as const } : {}),
  };
}

/** What `viewer` learns when the game moved on from log entry `from` (`status`: `publicStatus`, computed once). */
export function updateOf(
  table: LiveTable,
  viewer: Viewer,
  from: number,
  status: PublicStatus,
  now = Date.now(),
): TableUpdate {
  const state = table.state;
  return {
    tableId: table.id,
    viewer,
    version: versionOf(table),
    from,
    status,
    view: table.game.view(state, viewer),
    legalMoves: legalMovesOf(table, viewer),
    log: table.log.slice(from).map((entry, k) => table.game.redact(entry, from + k, viewer, state)),
    ...(table.clock ? { clocks: clockViews(table, now) } : {}),
    ...(undoableBy(table, viewer, now) ? { undoable: true as const } : {}),
  };
}

/** The game's record as `viewer` may see it: whole once the game is over, redacted before; null before the start. */
export function recordOf(table: LiveTable, viewer: Viewer): GameRecord | null {
  const state = table.state;
  if (state === null) return null;
  return {
    format: RECORD_FORMAT,
    game: table.game.id,
    players: table.players,
    options: table.options,
    names: table.seats.map((person) => person?.name ?? ''),
    log: withEndingEntries(
      table,
      table.status === 'over'
        ? table.log
        : table.log.map((entry, index) => table.game.redact(entry, index, viewer, state)),
    ),
  };
}

/**
 * The log with the table's ending entries where they happened (`EndingEntry`): each resignation at the version it
 * was made on, then the stop, abort or close that ended the game, so that the record replays to the status announced.
 */
function withEndingEntries(table: LiveTable, log: LogEntry[]): (LogEntry | EndingEntry)[] {
  const resignations = table.seats
    .flatMap((person, seat) =>
      person?.resignedAt !== null && person?.resignedAt !== undefined
        ? [{ seat, at: person.resignedAt }]
        : [],
    )
    .sort((a, b) => a.at - b.at || a.seat - b.seat);
  const ending = table.resignation;
  // A game resigned before resignations were kept per seat: its resignation closes the log.
  if (ending && ending.resigned !== null && !resignations.some(({ seat }) => seat === ending.resigned))
    resignations.push({ seat: ending.resigned, at: log.length });
  const ended: EndingEntry[] =
    ending?.abortedBy !== undefined
      ? [{ abort: true }]
      : ending?.stoppedBy !== undefined
        ? [{ stop: true }]
        : ending?.closed
          ? [{ close: true }]
          : [];
  if (resignations.length === 0 && ended.length === 0) return log;
  const out: (LogEntry | EndingEntry)[] = [];
  let next = 0;
  log.forEach((entry, index) => {
    while (next < resignations.length && (resignations[next] as { at: number }).at <= index)
      out.push({ seat: (resignations[next++] as { seat: number }).seat, resign: true });
    out.push(entry);
  });
  while (next < resignations.length)
    out.push({ seat: (resignations[next++] as { seat: number }).seat, resign: true });
  return [...out, ...ended];
}

function legalMovesOf(table: LiveTable, viewer: Viewer): unknown[] {
  if (table.state === null || viewer === SPECTATOR || table.status === 'over') return [];
  return [...table.game.legalMoves(table.state, viewer)];
}
