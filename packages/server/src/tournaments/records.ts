import type { ClockSetting, TournamentSummary } from '@skyline/protocol';
import type { PlayedRound, RoundDeal, TableResult } from '@skyline/tournaments';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { TimeSource } from '../clocks/clocks.js';
import { forUpdate } from '../db/locks.js';
import type { Database, TournamentsTable } from '../db/schema.js';
import { TableError } from '../refusals.js';
import { placesFromResult, type StoredResult } from '../ratings/ended.js';
import { storedFloor } from '../ratings/reliability.js';

/** What the tournament service and its driver read of the database: one place for the rows' shapes. */

export type TournamentRow = Selectable<TournamentsTable>;

export interface Registration {
  id: string;
  name: string;
  bot: string | null;
  registeredAt: number;
}

/** One table of a round, with its stored status (`missing` before it is opened) and result (null until over). */
export interface RoundTable {
  round: number;
  index: number;
  tableId: string;
  players: string[];
  status: string;
  result: TableResult | null;
}

export interface RoundRow {
  round: number;
  seed: number;
  /** A duplicate round's secret deal key (null in other rounds, and for deals stored before keys). */
  dealKey: string | null;
  byes: string[];
  status: 'playing' | 'over';
  tables: RoundTable[];
}

export async function tournamentRow(db: Kysely<Database>, id: string): Promise<TournamentRow | undefined> {
  return db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The tournament's row, locked until the transaction ends (`db/locks.ts`). Whatever registers, unregisters, adds
 * bots, starts or pairs a round holds this lock, so each counts what the others stored before it.
 */
export async function lockTournament(
  tx: Transaction<Database>,
  id: string,
): Promise<TournamentRow | undefined> {
  return tx
    .selectFrom('tournaments')
    .selectAll()
    .where('id', '=', id)
    .$call(forUpdate(tx))
    .executeTakeFirst();
}

/** The tournament's row, locked (`lockTournament`), if it is still open for registration. */
export async function lockOpen(tx: Transaction<Database>, id: string): Promise<TournamentRow> {
  const row = await lockTournament(tx, id);
  if (!row) throw new TableError('tournament.none', { tournament: id });
  if (row.status !== 'open') throw new TableError('tournament.notOpen');
  return row;
}

/**
 * When the next registration is made: now, or just after the last one if that is later (bots added together are
 * stamped a millisecond apart), so that the order of registration (round 1's order) is the order they were made.
 */
export function nextRegistration(players: readonly Registration[], time: TimeSource): number {
  return Math.max(time.now(), (players.at(-1)?.registeredAt ?? 0) + 1);
}

/** The players registered, in the order they registered. */
export async function registrations(db: Kysely<Database>, id: string): Promise<Registration[]> {
  const rows = await db
    .selectFrom('tournament_players')
    .innerJoin('users', 'users.id', 'tournament_players.user_id')
    .select(['users.id', 'users.name', 'users.bot_level', 'tournament_players.registered_at'])
    .where('tournament_players.tournament_id', '=', id)
    .orderBy('tournament_players.registered_at')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    bot: row.bot_level,
    registeredAt: Number(row.registered_at),
  }));
}

/** A stored table result as the tournament library scores it (places: a forfeit is last; stopped: all equal). */
export function tableResult(players: string[], json: string | null): TableResult {
  const stored = json ? (JSON.parse(json) as StoredResult) : {};
  const ended = stored.status ?? stored.resignation;
  const scores = ended?.scores ?? players.map(() => 0);
  const winners = ended?.winners ?? [];
  const places = placesFromResult(stored);
  return {
    players,
    scores,
    winners,
    places: places ? places.map((place) => place - 1) : players.map(() => 0),
  };
}

/** Every round stored, with its tables and their results. */
export async function rounds(db: Kysely<Database>, id: string): Promise<RoundRow[]> {
  const roundRows = await db
    .selectFrom('tournament_rounds')
    .select(['round', 'seed', 'deal', 'byes', 'status'])
    .where('tournament_id', '=', id)
    .orderBy('round')
    .execute();
  const tableRows = await db
    .selectFrom('tournament_tables')
    .leftJoin('tables', 'tables.id', 'tournament_tables.table_id')
    .select([
      'tournament_tables.round',
      'tournament_tables.table_index',
      'tournament_tables.table_id',
      'tournament_tables.players',
      'tables.status',
      'tables.result',
    ])
    .where('tournament_tables.tournament_id', '=', id)
    .orderBy('tournament_tables.round')
    .orderBy('tournament_tables.table_index')
    .execute();
  return roundRows.map((row) => ({
    round: row.round,
    seed: row.seed,
    dealKey: row.deal === null ? null : ((JSON.parse(row.deal) as RoundDeal).key ?? null),
    byes: JSON.parse(row.byes) as string[],
    status: row.status as RoundRow['status'],
    tables: tableRows
      .filter((table) => table.round === row.round)
      .map((table) => {
        const players = JSON.parse(table.players) as string[];
        return {
          round: table.round,
          index: table.table_index,
          tableId: table.table_id,
          players,
          // No table row: stored with the round, not opened yet (the driver opens it at its next look).
          status: table.status ?? 'missing',
          result: table.status === 'over' ? tableResult(players, table.result) : null,
        };
      }),
  }));
}

/** The rounds that count for the standings: those over. */
export function played(all: readonly RoundRow[], duplicate: boolean): PlayedRound[] {
  return all
    .filter((round) => round.status === 'over')
    .map((round) => ({
      duplicate,
      byes: round.byes,
      tables: round.tables.flatMap((table) => (table.result ? [table.result] : [])),
    }));
}

export function summaryOf(
  row: TournamentRow,
  players: number,
  names: Map<string, string>,
): TournamentSummary {
  return {
    id: row.id,
    name: row.name,
    game: row.game,
    seatsPerTable: row.seats_per_table,
    rounds: row.rounds,
    format: row.format as TournamentSummary['format'],
    duplicate: Boolean(row.duplicate),
    rated: Boolean(row.rated),
    clock: row.clock === null ? null : (JSON.parse(row.clock) as ClockSetting),
    maxPlayers: row.max_players,
    startsAt: row.starts_at === null ? null : Number(row.starts_at),
    organiser: names.get(row.organiser_id) ?? row.organiser_id,
    status: row.status as TournamentSummary['status'],
    round: row.round,
    players,
    winner: row.winner_id === null ? null : (names.get(row.winner_id) ?? row.winner_id),
    ...(storedFloor(row.reliability_floor) ? { reliability: storedFloor(row.reliability_floor) } : {}),
  };
}
