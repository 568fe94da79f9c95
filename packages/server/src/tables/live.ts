import type { BotLevel } from '@skyline/bots';
import {
  SPECTATOR,
  replayLog as replayFromStart,
  type AnyGame,
  type LogEntry,
  type Viewer,
} from '@skyline/engine';
import { optionsRefused } from './errors.js';
import type { TableStatus } from '@skyline/protocol';

export interface Person {
  id: string;
  name: string;
  /** The level of a bot; absent for a person. */
  bot?: BotLevel | null;
}

/** How a game ended when it did not end by the rules: a seat resigned, or a person stopped a game of bots. */
export interface Resignation {
  /** The seat that resigned; `null` when the game was stopped (`stoppedBy`). */
  resigned: number | null;
  /** The name of the person who stopped a game of bots (`/stop`). */
  stoppedBy?: string;
  winners: number[];
  scores: number[];
}

/** A table as the server holds it in memory: its settings, who sits where, and the game, rebuilt from its log. */
export interface LiveTable {
  id: string;
  game: AnyGame;
  players: number;
  /** The options as the host set them (what records keep). */
  options: Record<string, unknown>;
  host: Person;
  status: TableStatus;
  /** The stored table's revision when this copy was loaded or last changed (see migration 002). */
  revision: number;
  createdAt: number;
  seats: (Person | null)[];
  /** The game state; null until the start. */
  state: unknown;
  log: LogEntry[];
  /** Client move ids already applied (keyed by `moveKey`: each seat's ids are its own), with the version they produced. */
  clientIds: Map<string, number>;
  resignation: Resignation | null;
  /** The host's `rated` setting: true on, false off, null not said (rated unless bots sit; `ratings/ended.ts`). */
  rated: boolean | null;
  /**
   * Set when another process is known to have changed the stored table since this copy was made: the copy is
   * reloaded before its next use (several processes only).
   */
  stale?: boolean;
  /** When this process last used the copy (ms since the epoch): idle copies leave memory. */
  usedAt?: number;
}

/**
 * The key of a client's move id: ids are scoped to the seat, so that a seat reusing another seat's id (by chance or on
 * purpose) is not answered "already done" while its move is dropped.
 */
export function moveKey(seat: number, clientId: string): string {
  return `${seat}:${clientId}`;
}

/** The table's version: the number of log entries stored. A move names the version it was made on. */
export function versionOf(table: LiveTable): number {
  return table.log.length;
}

export function seatOf(table: LiveTable, userId: string | undefined): number | null {
  if (userId === undefined) return null;
  const seat = table.seats.findIndex((person) => person?.id === userId);
  return seat < 0 ? null : seat;
}

export function viewerOf(table: LiveTable, userId: string | undefined): Viewer {
  return seatOf(table, userId) ?? SPECTATOR;
}

/** Rebuilds a game state from its stored log (as on every restart); throws if the log does not replay. */
export function replayLog(
  game: AnyGame,
  players: number,
  options: unknown,
  log: readonly LogEntry[],
): unknown {
  const replayed = replayFromStart(game, players, options, log);
  if (!replayed.ok)
    throw new Error(`stored log[${replayed.error.index}] does not replay: ${replayed.error.reason}`);
  return replayed.state;
}

/** The table's options as its game reads them (they were checked when set: a failure here is a refusal all the same). */
export function parsedOptions(table: Pick<LiveTable, 'game' | 'players' | 'options'>): unknown {
  const parsed = table.game.parseOptions(table.players, table.options);
  if (!parsed.ok) throw optionsRefused(table.game, parsed);
  return parsed.options;
}
