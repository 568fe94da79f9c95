import { CHANCE, type LogEntry } from '@skyline/engine';
import { z } from 'zod';
import type { Clocks } from '../clocks/clocks.js';
import { moveKey, versionOf, type LiveTable } from './live.js';

/**
 * What a process tells the others after it stored a change of a table, so that their copies in memory follow without
 * asking the database: the new log entries of a move (or of the start), or just "reload" for anything else (seats,
 * host, options, a resignation). The database stays the judge: a copy that is out of step is reloaded, and a write
 * made on an out-of-date copy is refused there (its revision no longer matches).
 */
export interface TableSync {
  tableId: string;
  /** The table's stored revision after the change. */
  revision: number;
  /** The table's status after the change. */
  status: LiveTable['status'];
  /** Where the new entries start in the log (the version the change was made on). */
  from: number;
  /** The new log entries (none for a change that is not a move). */
  entries: LogEntry[];
  /** The client id of the move that led to these entries, if any (for duplicate detection). */
  clientId: string | null;
  /** Set when something else changed too: the copy must be reloaded from the database. */
  reload: boolean;
  /** The seats' clocks after a move at a table with a clock (absent: unchanged). */
  clocks?: Clocks | null;
}

const logEntry = z.union([
  z.strictObject({ seat: z.number().int().min(0), move: z.unknown() }),
  z.strictObject({ chance: z.unknown() }),
]) as z.ZodType<LogEntry>;

/** The message as it arrives from another process (through Redis): checked like any input from outside. */
export const tableSyncSchema: z.ZodType<TableSync> = z.strictObject({
  tableId: z.string().min(1).max(64),
  revision: z.number().int().min(1),
  status: z.enum(['open', 'playing', 'over']),
  from: z.number().int().min(0),
  entries: z.array(logEntry).max(10_000),
  clientId: z.string().max(200).nullable(),
  reload: z.boolean(),
  clocks: z
    .array(z.strictObject({ left: z.number().min(0), deadline: z.number().nullable() }))
    .max(16)
    .nullable()
    .optional(),
});

/**
 * Brings a copy forward by a change stored by another process, in place. Only a copy exactly as that process saw it
 * before the change (the revision just before, the same log length, the game set up if it had started) can be brought
 * forward this way; returns false otherwise, and then the copy is untouched and must be reloaded.
 *
 * The entries are not checked against the rules again: the process that stored them did, on the same position.
 */
export function applySync(table: LiveTable, sync: TableSync, setup: () => unknown): boolean {
  if (sync.reload || table.revision !== sync.revision - 1 || versionOf(table) !== sync.from) return false;
  if (table.status === 'over' || (table.status === 'open' && sync.status === 'open')) return false;
  const state = table.state ?? setup();
  for (const entry of sync.entries) {
    if ('chance' in entry) table.game.applyInPlace(state, CHANCE, entry.chance);
    else table.game.applyInPlace(state, entry.seat, entry.move);
  }
  table.state = state;
  table.log.push(...sync.entries);
  const mover = sync.entries.find((entry) => 'seat' in entry);
  if (sync.clientId !== null && mover && 'seat' in mover)
    table.clientIds.set(moveKey(mover.seat, sync.clientId), versionOf(table));
  table.status = sync.status;
  table.revision = sync.revision;
  if (sync.clocks !== undefined) table.clocks = sync.clocks;
  return true;
}
