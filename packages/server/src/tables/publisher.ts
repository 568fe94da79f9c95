import type { ChatLine } from '@skyline/protocol';
import type { TableChange } from './change.js';
import type { CopyListener } from './copies.js';
import { versionOf, type LiveTable } from './live.js';
import type { TableSync } from './sync.js';

/** Whoever passes changes on: the sockets of this process (`Delivery`), the bots (`BotDriver`). */
export interface ChangeListener {
  /** Seats, host, status or options changed. */
  seatingChanged?(table: LiveTable): void;
  /** The game moved on from log entry `from`: every viewer here gets its own update. */
  gameAdvanced?(table: LiveTable, from: number): void;
  chat?(line: ChatLine): void;
  /** A change stored here, for the other processes (several processes only). */
  stored?(sync: TableSync): void;
}

/**
 * The one place changes are told from. Handlers return what they changed (`Outcome`); the `TableDispatcher`
 * acknowledges the sender and then publishes the change here, so the sender hears "ok" before the update it caused
 * (socket.io keeps a socket's messages in order). Changes found otherwise (another process's move, a copy reloaded)
 * are published as soon as they are found.
 *
 * It also keeps, per table, the version up to which this process's connections were told of the game: an update then
 * starts at the older of that and the change's own start. So a connection never misses entries, whatever order two
 * changes of a table are published in (the later one then carries both), and a copy reloaded past some versions (with
 * several processes) still gets them told.
 */
export class TablePublisher implements CopyListener {
  private readonly listeners: ChangeListener[] = [];
  private readonly told = new Map<string, number>();

  subscribe(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  publish(change: TableChange | null): void {
    if (!change) return;
    const table = change.table;
    if (change.sync) for (const listener of this.listeners) listener.stored?.(change.sync);
    if (table && change.removed) this.forget(table.id);
    if (table && change.seating) for (const listener of this.listeners) listener.seatingChanged?.(table);
    if (table && change.advancedFrom !== undefined) this.advance(table, change.advancedFrom);
    for (const line of change.chat ?? []) for (const listener of this.listeners) listener.chat?.(line);
  }

  /**
   * A copy of a table was loaded: if the connections here were told of an older version (the copy was reloaded past
   * versions another process stored), they hear of the rest now. A table loaded for the first time tells nothing.
   */
  loaded(table: LiveTable): void {
    const told = this.told.get(table.id);
    if (told === undefined) this.told.set(table.id, versionOf(table));
    else if (told < versionOf(table)) this.advance(table, versionOf(table));
  }

  /** A change another process stored, found here: told at once (nobody here is waiting for an acknowledgement). */
  discovered(change: TableChange): void {
    this.publish(change);
  }

  /** A table left this process's memory: what was told of it is forgotten with it. */
  forgotten(tableId: string): void {
    this.forget(tableId);
  }

  private forget(tableId: string): void {
    this.told.delete(tableId);
  }

  private advance(table: LiveTable, from: number): void {
    const start = Math.min(from, this.told.get(table.id) ?? from);
    this.told.set(table.id, Math.max(versionOf(table), this.told.get(table.id) ?? 0));
    for (const listener of this.listeners) listener.gameAdvanced?.(table, start);
  }
}
