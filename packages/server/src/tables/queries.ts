import type { GameRecord, Viewer } from '@skyline/engine';
import type { TableSnapshot, TableSummary } from '@skyline/protocol';
import { connectedToTable, type TableContext } from './context.js';
import { TableError } from './errors.js';
import { viewerOf, type LiveTable } from './live.js';
import { recordOf, snapshotOf, summaryOf } from './views.js';

/** What pages ask of the tables: the lobby, one table as a viewer sees it, a record, a player's games. */
export class TableQueries {
  constructor(private readonly context: TableContext) {}

  async snapshot(table: LiveTable, viewer: Viewer): Promise<TableSnapshot> {
    return snapshotOf(table, viewer, await connectedToTable(this.context, table.id));
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

  /** The tables a lobby shows: open and playing ones, newest first. */
  async lobby(limit = 200): Promise<TableSummary[]> {
    const rows = await this.context.db
      .selectFrom('tables')
      .select(['id', 'revision'])
      .where('status', 'in', ['open', 'playing'])
      .where('broken', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return this.summaries(await this.context.copies.getMany(rows));
  }

  /** A user's games: in progress and finished, newest first, with results. */
  async gamesOf(userId: string): Promise<(TableSummary & { result: unknown; seat: number })[]> {
    const rows = await this.context.db
      .selectFrom('seats')
      .innerJoin('tables', 'tables.id', 'seats.table_id')
      .select(['tables.id', 'tables.revision', 'seats.seat', 'tables.result'])
      .where('seats.user_id', '=', userId)
      .where('tables.status', 'in', ['playing', 'over'])
      .where('tables.broken', 'is', null)
      .orderBy('tables.created_at', 'desc')
      .limit(200)
      .execute();
    const summaries = new Map(
      (await this.summaries(await this.context.copies.getMany(rows))).map((summary) => [summary.id, summary]),
    );
    return rows.flatMap((row) => {
      const summary = summaries.get(row.id);
      if (!summary) return []; // quarantined while loading
      return [
        { ...summary, seat: row.seat, result: row.result ? (JSON.parse(row.result) as unknown) : null },
      ];
    });
  }
}
