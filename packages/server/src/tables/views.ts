/**
 * What each viewer may see of a table: pure functions of a table and a viewer (a seat, or the spectators). The game
 * decides what a seat may know (`Game.view`, `Game.redact`); nothing else here reads the game's state.
 */
import { RECORD_FORMAT, SPECTATOR, type GameRecord, type Status, type Viewer } from '@skyline/engine';
import type { PublicStatus, SeatInfo, TableSnapshot, TableSummary, TableUpdate } from '@skyline/protocol';
import { ratedSetting } from '../ratings/ended.js';
import { versionOf, type LiveTable } from './live.js';

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
    })),
    createdAt: table.createdAt,
    rated: ratedSetting(
      table.rated,
      table.seats.some((person) => Boolean(person?.bot)),
    ),
  };
}

/** The status everyone may see: scores only at the end (during the game, each view tells what its seat may know). */
export function publicStatus(table: LiveTable): PublicStatus | null {
  if (table.state === null) return null;
  if (table.resignation) {
    return { over: true, active: [], winners: table.resignation.winners, scores: table.resignation.scores };
  }
  const status: Status = table.game.status(table.state);
  return {
    over: status.over,
    active: status.active,
    winners: status.winners,
    scores: status.over ? status.scores : null,
  };
}

/** Everything `viewer` sees of the table when it opens its page. */
export function snapshotOf(table: LiveTable, viewer: Viewer, connected: ReadonlySet<string>): TableSnapshot {
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
  };
}

/** What `viewer` learns when the game moved on from log entry `from` (`status`: `publicStatus`, computed once). */
export function updateOf(table: LiveTable, viewer: Viewer, from: number, status: PublicStatus): TableUpdate {
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
    log:
      table.status === 'over'
        ? table.log
        : table.log.map((entry, index) => table.game.redact(entry, index, viewer, state)),
  };
}

function legalMovesOf(table: LiveTable, viewer: Viewer): unknown[] {
  if (table.state === null || viewer === SPECTATOR || table.status === 'over') return [];
  return [...table.game.legalMoves(table.state, viewer)];
}
