import type { GameRecord, Viewer } from '@skyline/engine';
import type { TableSnapshot, TableSummary } from '@skyline/protocol';
import { connectedToTable, type TableContext } from './context.js';
import { TableError } from '../refusals.js';
import { awaitedSeats, clockViews } from './table-clocks.js';
import { botLevelOf, viewerOf, type LiveTable } from './live.js';
import { recordOf, snapshotOf, summaryOf } from './views.js';

/** What pages ask of the tables: the lobby, one table as a viewer sees it, a record, a player's games. */
export class TableQueries {
  constructor(private readonly context: TableContext) {}

  async snapshot(table: LiveTable, viewer: Viewer): Promise<TableSnapshot> {
    return snapshotOf(table, viewer, await connectedToTable(this.context, table.id), this.context.time.now());
  }

  async snapshotFor(userId: string | undefined, tableId: string): Promise<TableSnapshot> {
    const table = await this.context.copies.get(tableId);
    return await this.snapshot(table, viewerOf(table, userId));
  }

  async summary(table: LiveTable): Promise<TableSummary> {
    return summaryOf(table, await connectedToTable(this.context, table.id));
  }

  /** Summaries of tables: with one question to the other processes for all of them. */
  async summaries(tables: LiveTable[]): Promise<TableSummary[]> {
    const connected = await this.context.connectedTo(tables.map((table) => table.id));
    return tables.map((table) => summaryOf(table, connected.get(table.id) ?? new Set()));
  }

  /** The game's record as the asking user may see it: whole once the game is over, redacted before. */
  async record(userId: string | undefined, tableId: string): Promise<GameRecord> {
    const table = await this.context.copies.get(tableId);
    const record = recordOf(table, viewerOf(table, userId));
    if (!record) throw new TableError('game.notStarted');
    return record;
  }

  /**
   * The tables a lobby shows: open and playing ones, newest first; to `viewerId`, not those of hosts who blocked them
   * (`privacy.ts`: they could neither join nor watch them).
   */
  async lobby(limit = 200, viewerId?: string): Promise<TableSummary[]> {
    let query = this.context.db.selectFrom('tables');
    if (viewerId !== undefined)
      query = query.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('blocks')
              .select('blocks.blocker_id')
              .whereRef('blocks.blocker_id', '=', 'tables.host_id')
              .where('blocks.blocked_id', '=', viewerId),
          ),
        ),
      );
    const rows = await query
      .select(['id', 'revision'])
      .where('status', 'in', ['open', 'playing'])
      .where('broken', 'is', null)
      // A duplicate tournament round's tables cannot be watched while they are played (`requireWatchable`).
      .where('deal', 'is', null)
      // Private tables are found by invitation or link only (`privacy.ts`).
      .where((eb) => eb.or([eb('private', 'is', null), eb('private', '=', 0)]))
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return this.summaries(await this.context.copies.getMany(rows));
  }

  /**
   * Only the games in progress that await the user's move (what the header's count asks for every half-minute): the
   * finished games are not read, so a player with a long history costs no more than one with none.
   */
  async awaitingOf(userId: string): Promise<{ id: string; title: string; waitingSince: number | null }[]> {
    const rows = await this.context.db
      .selectFrom('seats')
      .innerJoin('tables', 'tables.id', 'seats.table_id')
      .select(['tables.id', 'tables.revision', 'seats.seat'])
      .where('seats.user_id', '=', userId)
      .where('tables.status', '=', 'playing')
      .where('tables.broken', 'is', null)
      .limit(200)
      .execute();
    const tables = new Map((await this.context.copies.getMany(rows)).map((table) => [table.id, table]));
    const awaiting = rows.filter((row) => {
      const table = tables.get(row.id);
      return table !== undefined && awaitsPerson(table, row.seat);
    });
    const since = await this.lastMoves(awaiting.map((row) => row.id));
    return awaiting
      .map((row) => ({
        id: row.id,
        title: tables.get(row.id)?.game.title ?? '',
        waitingSince: since.get(row.id) ?? null,
      }))
      .sort((a, b) => (a.waitingSince ?? 0) - (b.waitingSince ?? 0));
  }

  /** When each of these tables last moved (its last stored entry). */
  private async lastMoves(tableIds: string[]): Promise<Map<string, number>> {
    const lastMoves = new Map<string, number>();
    if (tableIds.length === 0) return lastMoves;
    const last = await this.context.db
      .selectFrom('moves')
      .select(['table_id', (eb) => eb.fn.max('created_at').as('at')])
      .where('table_id', 'in', tableIds)
      .groupBy('table_id')
      .execute();
    for (const { table_id, at } of last) lastMoves.set(table_id, Number(at));
    return lastMoves;
  }

  /**
   * A user's games: the ones awaiting the user's move first (the longest waiting first), then the others in progress
   * and finished, newest first, with results. A game awaiting the user says since when (`waitingSince`: the time of
   * its last stored entry) and how much time the user's clock has left (`clockLeft`, ms, null without a clock).
   */
  async gamesOf(userId: string): Promise<MyGame[]> {
    const rows = await this.context.db
      .selectFrom('seats')
      .innerJoin('tables', 'tables.id', 'seats.table_id')
      // The tournament that opened the table, and the round it belongs to, if any.
      .leftJoin('tournaments', 'tournaments.id', 'tables.tournament_id')
      .leftJoin('tournament_tables', 'tournament_tables.table_id', 'tables.id')
      .select([
        'tables.id',
        'tables.revision',
        'seats.seat',
        'tables.result',
        'tables.started_at',
        'tables.finished_at',
        'tournaments.id as tournament_id',
        'tournaments.name as tournament_name',
        'tournament_tables.round as tournament_round',
      ])
      .where('seats.user_id', '=', userId)
      .where('tables.status', 'in', ['playing', 'over'])
      .where('tables.broken', 'is', null)
      .orderBy('tables.created_at', 'desc')
      .limit(200)
      .execute();
    const tables = await this.context.copies.getMany(rows);
    const byId = new Map(tables.map((table) => [table.id, table]));
    const summaries = new Map((await this.summaries(tables)).map((summary) => [summary.id, summary]));
    const awaiting = rows.filter((row) => {
      const table = byId.get(row.id);
      return table !== undefined && awaitsPerson(table, row.seat);
    });
    const lastMoves = await this.lastMoves(awaiting.map((row) => row.id));
    const now = this.context.time.now();
    const games = rows.flatMap((row): MyGame[] => {
      const summary = summaries.get(row.id);
      const table = byId.get(row.id);
      if (!summary || !table) return []; // quarantined while loading
      const yourTurn = awaitsPerson(table, row.seat);
      const clocks = clockViews(table, now);
      return [
        {
          ...summary,
          seat: row.seat,
          result: row.result ? (JSON.parse(row.result) as unknown) : null,
          yourTurn,
          waitingSince: yourTurn ? (lastMoves.get(row.id) ?? null) : null,
          clockLeft: clocks?.[row.seat]?.left ?? null,
          startedAt: row.started_at === null ? null : Number(row.started_at),
          finishedAt: row.finished_at === null ? null : Number(row.finished_at),
          tournament:
            row.tournament_id === null || row.tournament_name === null
              ? null
              : {
                  id: row.tournament_id,
                  name: row.tournament_name,
                  round: Number(row.tournament_round ?? 0),
                },
        },
      ];
    });
    // Games awaiting the user first, the longest waiting first; the others keep their order (newest first).
    const waiting = games
      .filter((game) => game.yourTurn)
      .sort((a, b) => (a.waitingSince ?? 0) - (b.waitingSince ?? 0));
    return [...waiting, ...games.filter((game) => !game.yourTurn)];
  }
}

/** A game of "my games". */
export type MyGame = TableSummary & {
  result: unknown;
  seat: number;
  /** The game awaits this user's move (their seat is awaited and no bot plays it for them). */
  yourTurn: boolean;
  waitingSince: number | null;
  clockLeft: number | null;
  /** When the game started and ended (ms since the epoch); null for what has not happened. */
  startedAt: number | null;
  finishedAt: number | null;
  /** The tournament the game belongs to (its round, counted from 1), or null for a table of the lobby. */
  tournament: { id: string; name: string; round: number } | null;
};

/** Whether the game awaits the person at `seat` (not a bot standing in for them). */
function awaitsPerson(table: LiveTable, seat: number): boolean {
  if (table.status !== 'playing' || table.state === null) return false;
  if (botLevelOf(table.seats[seat]) !== null) return false;
  return awaitedSeats(table, table.state).includes(seat);
}
