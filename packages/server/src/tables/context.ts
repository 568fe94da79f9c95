import { english, type Words } from '@skyline/protocol';
import type { AnyGame } from '@skyline/engine';
import type { Kysely } from 'kysely';
import type { Accounts } from '../auth.js';
import type { TimeSource } from '../clocks/clocks.js';
import type { Database } from '../db/schema.js';
import type { Limits } from '../limits.js';
import type { AddressBook } from '../ratings/addresses.js';
import type { EndRating } from '../ratings/ended.js';
import type { TableChange } from './change.js';
import type { TableChat } from './chat.js';
import type { TableCopies } from './copies.js';
import type { LiveTable } from './live.js';
import type { TableStore } from './store.js';

/** The users with a connection open on each of these tables' pages (in every process, when there are several). */
export type ConnectedTo = (tableIds: readonly string[]) => Promise<ReadonlyMap<string, ReadonlySet<string>>>;

/** What the table handlers share: storage, the copies in memory, the chat, the limits, and who is connected. */
export interface TableContext {
  db: Kysely<Database>;
  accounts: Accounts;
  games: ReadonlyMap<string, AnyGame>;
  copies: TableCopies;
  store: TableStore;
  chat: TableChat;
  limits: Limits;
  connectedTo: ConnectedTo;
  /** Whether other processes share the database (see `TableService`). */
  shared: boolean;
  /** The most bot seats one player may have as host at its tables not over (`BOT_SEATS_PER_PLAYER`). */
  botSeatsPerPlayer: number;
  /** What clocks are read against (the system's time; tests move their own). */
  time: TimeSource;
  /** How long every opponent must have been away before `/claim` hands their seats to bots (ms). */
  claimAfterMs: number;
  /** What rating the end of a game needs: the rules of rated games (`ratings/ended.ts`). */
  rating: EndRating;
  /** Where seated players play from, for the rule on accounts that share an address (`ratings/addresses.ts`). */
  addresses: AddressBook;
}

/** The users with the table's page open. */
export async function connectedToTable(context: TableContext, tableId: string): Promise<ReadonlySet<string>> {
  return (await context.connectedTo([tableId])).get(tableId) ?? new Set();
}

/**
 * Stores a line the table itself says in its chat ("Ann sits at seat 2"), as words of the catalogue that each client
 * says in its player's language, and returns it as a change to tell.
 */
export async function systemLine(context: TableContext, table: LiveTable, said: Words): Promise<TableChange> {
  return { table, chat: [await context.chat.store(null, table.id, english(said), said)] };
}
