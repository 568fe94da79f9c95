import type { BotLevel } from '@skyline/bots';
import { SPECTATOR, replayLog, type AnyGame, type LogEntry, type Viewer } from '@skyline/engine';
import { optionsRefused } from '../refusals.js';
import type { ReliabilityFloor, TableStatus } from '@skyline/protocol';
import type { ClockSetting, Clocks } from '../clocks/clocks.js';

export interface Person {
  id: string;
  name: string;
  /** The level of a bot; absent for a person. */
  bot?: BotLevel | null;
  /** The level of the bot playing for this person (out of time, resigned, or claimed): "bot playing for NAME". */
  standIn?: BotLevel | null;
  /** The log version at which this person resigned (a bot then plays the seat, placed last at the end). */
  resignedAt?: number | null;
  /**
   * The seat's own moves that count for the game's opening, as stored (`seats.own_moves`, counted up to the opening's
   * least number); absent for a seat just taken (0), null for a seat taken before they were counted.
   */
  ownMoves?: number | null;
}

/** How a game ended when it did not end by the rules: a seat resigned, or a person stopped a game of bots. */
export interface Resignation {
  /** The seat whose resignation ended the game; `null` when the game was stopped (`stoppedBy`), aborted or closed. */
  resigned: number | null;
  /** The name of the person who stopped a game of bots (`/stop`). */
  stoppedBy?: string;
  /** The name of the person who aborted the game before every seat had moved (`/abort`): no winner, unrated. */
  abortedBy?: string;
  /** A moderator closed the game before its end: no winner, unrated. */
  closed?: boolean;
  /** Every seat that resigned, in order, the last one included (they are placed last; 3+ seats: `resigned` ended it). */
  resignedSeats?: number[];
  winners: number[];
  scores: number[];
}

/**
 * The deal of a table of a duplicate tournament round (`@skyline/tournaments`, `DuplicateChances`): the round's secret
 * key (absent from deals stored before keys), this table's number in the round, and the deal's chance moves.
 */
export interface TableDeal {
  key?: string;
  table: number;
  chances: unknown[];
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
  /** The table's clock setting; null without a clock. */
  clock: ClockSetting | null;
  /** Each seat's clock while a game with a clock is played (`clocks/clocks.ts`); null otherwise. */
  clocks: Clocks | null;
  /** The bot level that plays for absent or resigned players (`greedy` unless the host set another). */
  standInLevel: BotLevel;
  /** The tournament that opened the table (its bots play whoever watches), or null/absent. */
  tournament?: string | null;
  /** A table of a duplicate round: the round's deal and this table's number in the round (see `moves.ts`). */
  deal?: TableDeal | null;
  /** A private table: not listed in the lobby, joined by invitation or link (`privacy.ts`). */
  private?: boolean;
  /** Who may watch a private table: anyone (absent), or its seats and the people invited. */
  spectators?: 'anyone' | 'invited';
  /** A "Play again" table: the finished table it follows (`friends/again.ts`). */
  againOf?: string | null;
  /** Bots fill the seats of a "Play again" table that nobody took when it starts. */
  againBots?: boolean;
  /** The least reliability share (percent) a player needs to sit down; 0 or absent: none (`ratings/reliability.ts`). */
  reliabilityFloor?: ReliabilityFloor;
  /**
   * Set when another process is known to have changed the stored table since this copy was made: the copy is
   * reloaded before its next use (several processes only).
   */
  stale?: boolean;
  /** When this process last used the copy (ms since the epoch): idle copies leave memory. */
  usedAt?: number;
  /** The seated players' addresses this process has stored for the table (`AddressBook.note`). */
  addressesNoted?: Set<string>;
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

/**
 * The game state a table's stored log leads to (as rebuilt on every restart), through the engine's `replayLog`;
 * throws if the log does not replay, since a stored log was checked when it was written.
 */
export function stateFromStoredLog(
  game: AnyGame,
  players: number,
  options: unknown,
  log: readonly LogEntry[],
): unknown {
  const replayed = replayLog(game, players, options, log);
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

/** The bot that plays `person`'s moves: a seated bot's level, or the bot standing in for an absent player. */
export function botLevelOf(person: Person | null | undefined): BotLevel | null {
  return person?.bot ?? person?.standIn ?? null;
}

/** The seats whose players resigned, in the order they did. */
export function resignedSeats(table: Pick<LiveTable, 'seats'>): number[] {
  return table.seats
    .flatMap((person, seat) =>
      person?.resignedAt !== null && person?.resignedAt !== undefined
        ? [{ seat, at: person.resignedAt }]
        : [],
    )
    .sort((a, b) => a.at - b.at || a.seat - b.seat)
    .map(({ seat }) => seat);
}

/** Per seat, whether a person plays it themselves (not a bot, nobody standing in): only their clocks run. */
export function timedSeats(table: Pick<LiveTable, 'seats'>): boolean[] {
  return table.seats.map((person) => person !== null && botLevelOf(person) === null);
}
