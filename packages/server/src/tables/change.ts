import type { ChatLine } from '@skyline/protocol';
import type { LiveTable } from './live.js';
import type { TableSync } from './sync.js';

/**
 * What a handled request changed, for the people concerned to be told (by `TableDispatcher`, after the sender's
 * acknowledgement). A handler stores first and describes the change; it never tells anyone itself.
 */
export interface TableChange {
  /** The table concerned (none for a line of the lobby's chat). */
  table?: LiveTable;
  /** Seats, host, status or options changed: the table's page and the lobby show them. */
  seating?: boolean;
  /**
   * The game moved on from this log entry (a move, the start, a resignation: then no entry is new, but the status
   * is). Each viewer gets its own update from here.
   */
  advancedFrom?: number;
  /** Chat lines stored (system lines of a command, or a player's line). */
  chat?: ChatLine[];
  /** What the other processes are to be told, so that their copies follow (several processes only). */
  sync?: TableSync;
  /** The table no longer exists (an abandoned open table was removed): this process forgets it. */
  removed?: boolean;
}

/** A handler's result: the answer for whoever asked, and what changed for everyone else. */
export interface Outcome<A> {
  ack: A;
  change: TableChange | null;
}

/** An outcome that changed nothing (a refusal, a question). */
export function unchanged<A>(ack: A): Outcome<A> {
  return { ack, change: null };
}

/** Two changes of one table, told as one (a command that changed the table and added chat lines). */
export function together(first: TableChange | null, second: TableChange | null): TableChange | null {
  if (!first) return second;
  if (!second) return first;
  return {
    table: second.table ?? first.table,
    seating: Boolean(first.seating || second.seating) || undefined,
    advancedFrom:
      first.advancedFrom === undefined
        ? second.advancedFrom
        : Math.min(first.advancedFrom, second.advancedFrom ?? first.advancedFrom),
    chat: [...(first.chat ?? []), ...(second.chat ?? [])],
    // The later sync says "reload" whenever either did: the other processes then read the stored table.
    sync: mergeSyncs(first.sync, second.sync),
    removed: Boolean(first.removed || second.removed) || undefined,
  };
}

function mergeSyncs(first: TableSync | undefined, second: TableSync | undefined): TableSync | undefined {
  if (!first) return second;
  if (!second) return first;
  return { ...second, reload: true, from: Math.min(first.from, second.from), entries: [], clientId: null };
}
