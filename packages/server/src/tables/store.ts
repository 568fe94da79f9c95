import type { LogEntry } from '@skyline/engine';
import type { Kysely, Transaction, Updateable } from 'kysely';
import { type MoveLog, type OpeningCount, type TableChanges, type WithinWrite } from '../db/move-log.js';
import { revisionChecked, storedIfUnchanged, updateAtRevision } from '../db/revision.js';
import type { Database, TablesTable } from '../db/schema.js';
import type { Clocks } from '../clocks/clocks.js';
import { TableError } from '../refusals.js';
import { clockColumns } from './table-clocks.js';
import { versionOf, type LiveTable } from './live.js';
import type { TableSync } from './sync.js';

/**
 * The outcome of a write: stored (with what the other processes are to be told, when there are any), or refused
 * because the stored table is no longer as this copy saw it — another process changed it first. Then the copy is
 * marked stale (reloaded before its next use) and nothing was stored. An expected outcome, so a value, not a throw.
 */
export type Written = { stored: true; sync?: TableSync } | { stored: false };

/**
 * Every write that changes a table goes through here, and every one names the revision its copy was at (and a move,
 * the version): two writers, in one process or several, can never both change the same revision. On success the
 * copy's revision follows the stored one.
 */
export class TableStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly moveLog: MoveLog,
    /** Whether other processes share the database: then each write says what they are to be told. */
    private readonly shared: boolean,
    /** A write was refused as made on an out-of-date copy (for the metrics). */
    private readonly staleWrite: () => void = () => undefined,
  ) {}

  /**
   * A new table, with its seated players (a lobby's table: its host at seat 0). `first` runs in the same transaction
   * before the insert, and may refuse it by throwing (the host's count of open tables, under a lock).
   */
  async insert(
    table: LiveTable,
    first: (tx: Transaction<Database>) => Promise<void> = () => Promise.resolve(),
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await first(tx);
      await tx
        .insertInto('tables')
        .values({
          id: table.id,
          game: table.game.id,
          players: table.players,
          options: JSON.stringify(table.options),
          host_id: table.host.id,
          status: 'open',
          version: 0,
          result: null,
          clock: table.clock === null ? null : JSON.stringify(table.clock),
          stand_in: table.standInLevel === 'greedy' ? null : table.standInLevel,
          created_at: table.createdAt,
          started_at: null,
          finished_at: null,
          rated: table.rated === null ? null : Number(table.rated),
          tournament_id: table.tournament ?? null,
          deal: table.deal ? JSON.stringify(table.deal) : null,
          private: table.private ? 1 : null,
          spectators: table.private && table.spectators === 'invited' ? 'invited' : null,
          again_of: table.againOf ?? null,
          again_bots: table.againBots ? 1 : null,
          reliability_floor: table.reliabilityFloor ? table.reliabilityFloor : null,
        })
        .execute();
      // The host at seat 0 (a table made in the lobby), or everyone a tournament seated.
      const seats = table.seats.flatMap((person, seat) =>
        person ? [{ table_id: table.id, seat, user_id: person.id }] : [],
      );
      if (seats.length > 0) await tx.insertInto('seats').values(seats).execute();
    });
  }

  /**
   * Changes the table's stored row (and whatever `work` does in the same transaction: seats, say) if nobody changed
   * the table since this copy. The other processes reload it.
   */
  async change(
    table: LiveTable,
    set: Updateable<TablesTable>,
    work: (tx: Transaction<Database>) => Promise<void> = () => Promise.resolve(),
  ): Promise<Written> {
    const stored = await this.db.transaction().execute(async (tx) => {
      if (!(await updateAtRevision(tx, table.id, { revision: table.revision }, set))) return false;
      await work(tx);
      return true;
    });
    const status = (set.status as LiveTable['status'] | undefined) ?? table.status;
    return this.written(table, stored, {
      status,
      from: versionOf(table),
      entries: [],
      clientId: null,
      reload: true,
    });
  }

  /**
   * Appends log entries (a move and the chance moves it led to, or the start's) with any other change of the row, if
   * the stored log and revision are still as this copy saw them. The other processes apply the entries themselves.
   * `within` runs in the same transaction, only if the write is stored (the rating of a game that ends); `opening`
   * counts the move for its seat's opening in the same write.
   */
  async append(
    table: LiveTable,
    entries: LogEntry[],
    clientId: string | null,
    changes: TableChanges,
    within?: WithinWrite,
    opening?: OpeningCount,
  ): Promise<Written> {
    const from = versionOf(table);
    const seen = { version: from, revision: table.revision };
    const stored = await this.moveLog.append(table.id, seen, entries, clientId, changes, within, opening);
    const status = (changes.status as LiveTable['status'] | undefined) ?? table.status;
    const clocks =
      changes.clocks === undefined
        ? {}
        : { clocks: changes.clocks === null ? null : (JSON.parse(changes.clocks) as Clocks) };
    return this.written(table, stored, { status, from, entries, clientId, reload: false, ...clocks });
  }

  /**
   * Takes back the log's last entry (a move nobody has seen anything new since: `MovePath.undo`): the version goes
   * back by one and the stored entry is deleted, in one transaction that names the version and revision this copy
   * saw, so that of two undos (two sockets, two processes) only one is stored. The entry is deleted, not marked: the
   * stored log stays the game as played, so that its record and `skyline replay` reproduce the same end.
   */
  async undoLast(
    table: LiveTable,
    uncount?: { seat: number; weight: number },
    clocks: Clocks | null = null,
  ): Promise<Written> {
    const from = versionOf(table);
    const stored = await this.db.transaction().execute(async (tx) => {
      if (
        !(await updateAtRevision(
          tx,
          table.id,
          { version: from, revision: table.revision },
          // At a table with a clock, the clocks as they were before the move (`MovePath.undo`).
          { version: from - 1, ...(clocks === null ? {} : clockColumns(clocks)) },
        ))
      )
        return false;
      await tx
        .deleteFrom('moves')
        .where('table_id', '=', table.id)
        .where('seq', '=', from - 1)
        .execute();
      // The move was counted for the seat's opening: uncounted with it (`MovePath.undo`).
      if (uncount)
        await tx
          .updateTable('seats')
          .set((eb) => ({ own_moves: eb('own_moves', '-', uncount.weight) }))
          .where('table_id', '=', table.id)
          .where('seat', '=', uncount.seat)
          .where('own_moves', '>=', uncount.weight)
          .execute();
      return true;
    });
    // The other processes read the stored table again: their copies hold the entry taken back.
    return this.written(table, stored, {
      status: table.status,
      from: from - 1,
      entries: [],
      clientId: null,
      reload: true,
    });
  }

  /**
   * Removes an open table that was left as it was at `revision` (nobody sat down or changed it since); false when it
   * was changed meanwhile and so is kept. `within` runs in the same transaction if it is removed (a moderator's
   * audit entry).
   */
  async removeOpen(
    tableId: string,
    revision: number,
    within: (tx: Transaction<Database>) => Promise<void> = () => Promise.resolve(),
  ): Promise<boolean> {
    return await this.db.transaction().execute(async (tx) => {
      const claimed = revisionChecked(tx, tableId, { revision }, {}).where('status', '=', 'open');
      if (!(await storedIfUnchanged(claimed))) return false;
      await tx.deleteFrom('seats').where('table_id', '=', tableId).execute();
      await tx.deleteFrom('table_addresses').where('table_id', '=', tableId).execute();
      await tx.deleteFrom('chat').where('table_id', '=', tableId).execute();
      // Its invitations and links go with it (migration 014).
      await tx.deleteFrom('invitations').where('table_id', '=', tableId).execute();
      await tx.deleteFrom('tables').where('id', '=', tableId).execute();
      await within(tx);
      return true;
    });
  }

  private written(table: LiveTable, stored: boolean, sync: Omit<TableSync, 'tableId' | 'revision'>): Written {
    if (!stored) {
      table.stale = true; // another process changed it first: reloaded before its next use
      this.staleWrite();
      return { stored: false };
    }
    table.revision++;
    return this.shared
      ? { stored: true, sync: { tableId: table.id, revision: table.revision, ...sync } }
      : { stored: true };
  }
}

/**
 * A command's write, which must have been stored: when another process changed the table first, the sender is asked
 * to try again (the copy was marked stale, and is reloaded for the next try).
 */
export function written(outcome: Written): Extract<Written, { stored: true }> {
  if (!outcome.stored) throw new TableError('table.changed');
  return outcome;
}
