import type { BotLevel } from '@skyline/bots';
import type { AnyGame, LogEntry } from '@skyline/engine';
import type { Kysely, Selectable } from 'kysely';
import { ClockSetting } from '@skyline/protocol';
import { storedFloor } from '../ratings/reliability.js';
import type { Clocks } from '../clocks/clocks.js';
import type { Database, TablesTable } from '../db/schema.js';
import type { TableChange } from './change.js';
import { NotFoundError, TableError } from '../refusals.js';
import {
  moveKey,
  parsedOptions,
  stateFromStoredLog,
  versionOf,
  type LiveTable,
  type Resignation,
  type TableDeal,
} from './live.js';
import { applySync, type TableSync } from './sync.js';

/** What happens to copies, counted for the metrics (`skyline_table_copies_total`). */
export type CopyEvent =
  /** Loaded from the database: new here, dropped, or out of date. */
  | 'loaded'
  /** Brought forward by another process's message. */
  | 'synced'
  /** Another process's message did not fit the copy: it was marked for reloading. */
  | 'out_of_step'
  /** The periodic check found a change no message told of. */
  | 'caught_up'
  /** Dropped from memory, idle. */
  | 'evicted';

/** Who hears of what happens to the copies (`TablePublisher`). */
export interface CopyListener {
  /** A copy was loaded from the database (new here, or reloaded past what the connections here were told). */
  loaded(table: LiveTable): void;
  /** A change another process stored was found (through its message, or by checking): to be told here. */
  discovered(change: TableChange): void;
  /** A copy left memory. */
  forgotten(tableId: string): void;
}

/**
 * Whether a copy held in memory is checked against the stored revision before use (several processes): `checked`
 * costs a query and finds another process's change; `unchecked` takes the copy as held, where the write that follows
 * checks the revision itself (a move), or where an out-of-date copy does no harm (noting an address, reloading).
 */
export type RevisionCheck = 'checked' | 'unchecked';

/**
 * The tables this process holds in memory, each rebuilt from its stored log: loading them, a lock per table, keeping
 * them current when other processes change them (several processes share the database), and letting idle ones go.
 */
export class TableCopies {
  private readonly live = new Map<string, LiveTable>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly games: ReadonlyMap<string, AnyGame>,
    private readonly listener: CopyListener,
    /** Whether other processes share the database (see `TableService`). */
    private readonly shared: boolean,
    private readonly count: (event: CopyEvent) => void = () => undefined,
    /** A stored table could not be loaded and was set aside (logged by the owner). */
    private readonly onBroken: (tableId: string, error: unknown) => void = () => undefined,
  ) {}

  /**
   * Runs `work` alone on this table in this process (across processes, the stored version and revision decide).
   */
  async withLock<T>(tableId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(tableId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.locks.set(tableId, tail);
    try {
      return await next;
    } finally {
      if (this.locks.get(tableId) === tail) this.locks.delete(tableId);
    }
  }

  /** How many tables are held in memory, by status (for the metrics). */
  liveCounts(): Record<LiveTable['status'], number> {
    const counts = { open: 0, playing: 0, over: 0 };
    for (const table of this.live.values()) counts[table.status]++;
    return counts;
  }

  /** The table if it is in memory. */
  cached(tableId: string): LiveTable | undefined {
    return this.live.get(tableId);
  }

  /**
   * Drops from memory the tables that nobody here watches and nobody here used for a while (finished ones sooner):
   * a server that runs for months would otherwise hold every game ever played. A dropped table is rebuilt from the
   * database when next needed. Returns how many were dropped.
   */
  evictIdle(
    watchedHere: (tableId: string) => boolean,
    now = Date.now(),
    idleMs = { playing: 10 * 60_000, over: 60_000 },
  ): number {
    let dropped = 0;
    for (const [tableId, table] of this.live) {
      const idle = now - (table.usedAt ?? 0);
      if (idle < (table.status === 'over' ? idleMs.over : idleMs.playing)) continue;
      if (this.locks.has(tableId) || watchedHere(tableId)) continue;
      this.live.delete(tableId);
      this.listener.forgotten(tableId);
      this.count('evicted');
      dropped++;
    }
    return dropped;
  }

  /** Marks the copy in memory stale if another process has changed the table since. */
  private async refresh(tableId: string): Promise<void> {
    const cached = this.live.get(tableId);
    if (!this.shared || !cached || cached.stale) return;
    const row = await this.db
      .selectFrom('tables')
      .select('revision')
      .where('id', '=', tableId)
      .executeTakeFirst();
    if (row?.revision !== cached.revision) cached.stale = true;
  }

  /** The table as now stored, reloaded (after another process was found to have changed it). */
  async reload(tableId: string): Promise<LiveTable> {
    const cached = this.live.get(tableId);
    if (cached) cached.stale = true;
    return this.get(tableId, 'unchecked');
  }

  /**
   * A change another process stored: brings the copy in memory forward with it, or marks it stale when it cannot be
   * (then reloads it at once if the game moved on, so that the connections here hear of it).
   */
  async applyRemote(sync: TableSync): Promise<void> {
    await this.withLock(sync.tableId, async () => {
      const table = this.live.get(sync.tableId);
      if (!table || table.revision >= sync.revision) return; // not held here, or already known
      const before = { version: versionOf(table), status: table.status };
      if (
        !table.stale &&
        applySync(table, sync, () => table.game.setup(table.players, parsedOptions(table)))
      ) {
        this.count('synced');
        this.listener.discovered({ table, advancedFrom: sync.from });
        return;
      }
      this.count('out_of_step');
      table.stale = true;
      if (sync.entries.length === 0 && sync.status === before.status) return; // reloaded when next used
      await this.reloadAndTell(table);
    });
  }

  /** Reloads a stale copy now, and tells the connections here what they missed (runs under the table's lock). */
  private async reloadAndTell(table: LiveTable): Promise<void> {
    const before = { version: versionOf(table), status: table.status };
    // Reloading tells of new entries (see `get`); a resignation adds none, so tell of it here.
    const fresh = await this.get(table.id, 'unchecked');
    if (fresh.status === 'over' && before.status !== 'over')
      this.listener.discovered({ table: fresh, advancedFrom: before.version });
  }

  /**
   * Checks these tables' copies against the stored revisions in one query, and brings the ones another process
   * changed up to date, telling the connections here. A safety net under `applyRemote`: a process that dies between
   * storing a move and telling the others of it, or a message Redis drops, would otherwise leave the players here
   * waiting for a move they never hear of. Returns the tables caught up.
   */
  async catchUp(tableIds: readonly string[]): Promise<string[]> {
    const held = tableIds.filter((tableId) => this.live.has(tableId));
    if (!this.shared || held.length === 0) return [];
    const rows = await this.db
      .selectFrom('tables')
      .select(['id', 'revision'])
      .where('id', 'in', held)
      .execute();
    const behind = rows.filter((row) => (this.live.get(row.id)?.revision ?? row.revision) < row.revision);
    for (const row of behind) {
      await this.withLock(row.id, async () => {
        const table = this.live.get(row.id);
        if (!table || table.revision >= row.revision) return; // caught up meanwhile
        this.count('caught_up');
        table.stale = true;
        await this.reloadAndTell(table);
      });
    }
    return behind.map((row) => row.id);
  }

  /**
   * The table, from memory or rebuilt from the database (its game replayed from the stored log); when processes
   * share the database, the copy in memory is first checked against the stored revision unless `unchecked` is asked
   * (see `RevisionCheck`).
   */
  async get(tableId: string, check: RevisionCheck = 'checked'): Promise<LiveTable> {
    if (check === 'checked') await this.refresh(tableId);
    const cached = this.live.get(tableId);
    if (cached && !cached.stale) {
      cached.usedAt = Date.now();
      return cached;
    }
    const row = await this.db.selectFrom('tables').selectAll().where('id', '=', tableId).executeTakeFirst();
    if (!row) throw new NotFoundError('table.none', { table: tableId });
    if (row.broken !== null) throw new BrokenTableError(tableId);
    this.count('loaded');
    const stored = await this.readStored(row);
    let table: LiveTable;
    try {
      table = rebuild(this.games, row, stored);
    } catch (error) {
      // The stored data no longer makes a table (a database failure would have thrown above, and is not quarantined).
      await this.quarantine(tableId, error);
      throw new BrokenTableError(tableId);
    }
    // Another request may have loaded it meanwhile: keep the first.
    const raced = this.live.get(tableId);
    if (raced && !raced.stale) return raced;
    table.usedAt = Date.now();
    this.live.set(tableId, table);
    // Connections here that heard of an older version (the copy was reloaded past it) hear of the rest.
    this.listener.loaded(table);
    return table;
  }

  /**
   * Sets aside a stored table that cannot be rebuilt (its log no longer replays, its options no longer parse, a game
   * this server no longer has): it is marked broken, left out of the lobby and of "my games", and every other page
   * goes on working. A host repairs or deletes it by hand (SECURITY.md).
   */
  private async quarantine(tableId: string, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    this.onBroken(tableId, error);
    this.live.delete(tableId);
    await this.db
      .updateTable('tables')
      .set({ broken: reason.slice(0, 500) })
      .where('id', '=', tableId)
      .execute();
  }

  /**
   * Why the stored table cannot be rebuilt now, or null when it can: read and replayed as `get` would, broken or not,
   * and kept nowhere (a moderator releasing a table set aside asks first: `tables/broken.ts`).
   */
  async rebuildProblem(tableId: string): Promise<string | null> {
    const row = await this.db.selectFrom('tables').selectAll().where('id', '=', tableId).executeTakeFirst();
    if (!row) throw new NotFoundError('table.none', { table: tableId });
    const stored = await this.readStored(row);
    try {
      rebuild(this.games, row, stored);
      return null;
    } catch (error) {
      return (error instanceof Error ? error.message : String(error)).slice(0, 500);
    }
  }

  /** What is stored of a table besides its row: who sits where, its host, its log. */
  private async readStored(row: Selectable<TablesTable>): Promise<StoredTable> {
    const tableId = row.id;
    const seats = await this.db
      .selectFrom('seats')
      .innerJoin('users', 'users.id', 'seats.user_id')
      .select([
        'seats.seat',
        'users.id',
        'users.name',
        'users.bot_level',
        'seats.stand_in',
        'seats.resigned_at',
        'seats.own_moves',
      ])
      .where('seats.table_id', '=', tableId)
      .execute();
    const host = await this.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', '=', row.host_id)
      .executeTakeFirst();
    const moves = await this.db
      .selectFrom('moves')
      .select(['seq', 'entry', 'client_id'])
      .where('table_id', '=', tableId)
      .orderBy('seq')
      .execute();
    return { seats, host: host ?? null, moves };
  }

  /**
   * Several tables, as stored: one query for their revisions marks the copies other processes changed (instead of
   * one query per table), then each is taken from memory or loaded.
   */
  async getMany(rows: readonly { id: string; revision: number }[]): Promise<LiveTable[]> {
    for (const row of rows) {
      const cached = this.live.get(row.id);
      if (cached && cached.revision !== row.revision) cached.stale = true;
    }
    const loaded = await Promise.allSettled(rows.map((row) => this.get(row.id, 'unchecked')));
    const tables: LiveTable[] = [];
    for (const result of loaded) {
      if (result.status === 'fulfilled') tables.push(result.value);
      // A broken table is left out (it was quarantined); anything else is a failure of the page, as before.
      else if (!(result.reason instanceof BrokenTableError)) throw result.reason;
    }
    return tables;
  }

  /** Drops a table that no longer exists from memory. */
  forget(tableId: string): void {
    this.live.delete(tableId);
    this.listener.forgotten(tableId);
  }

  /** A table just created here. */
  add(table: LiveTable): void {
    table.usedAt = Date.now();
    this.live.set(table.id, table);
  }
}

export class BrokenTableError extends TableError {
  constructor(tableId: string) {
    super('table.broken', { table: tableId });
  }
}

interface StoredTable {
  seats: {
    seat: number;
    id: string;
    name: string;
    bot_level: string | null;
    stand_in?: string | null;
    resigned_at?: number | null;
    own_moves?: number | null;
  }[];
  host: { id: string; name: string } | null;
  moves: { seq: number; entry: string; client_id: string | null }[];
}

/** Options as stored, in an object that inherits nothing (a stored `__proto__` key stays a plain key). */
function optionsFromJson(json: string): Record<string, unknown> {
  const parsed = JSON.parse(json) as unknown;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('options are not an object');
  return Object.assign(Object.create(null) as Record<string, unknown>, parsed);
}

/** A table rebuilt from what is stored; throws when the stored data no longer makes one (then it is quarantined). */
function rebuild(
  games: ReadonlyMap<string, AnyGame>,
  row: Selectable<TablesTable>,
  stored: StoredTable,
): LiveTable {
  const game = games.get(row.game);
  if (!game) throw new Error(`the game ${row.game} is not on this server`);
  if (!stored.host) throw new Error('the host is not a user');
  const log = stored.moves.map((m) => JSON.parse(m.entry) as LogEntry);
  const table: LiveTable = {
    id: row.id,
    game,
    players: row.players,
    options: optionsFromJson(row.options),
    host: stored.host,
    status: row.status as LiveTable['status'],
    revision: row.revision,
    createdAt: Number(row.created_at),
    seats: Array.from({ length: row.players }, (_, seat) => {
      const person = stored.seats.find((s) => s.seat === seat);
      if (!person) return null;
      return {
        id: person.id,
        name: person.name,
        bot: person.bot_level as BotLevel | null,
        standIn: (person.stand_in ?? null) as BotLevel | null,
        resignedAt: person.resigned_at ?? null,
        ownMoves: person.own_moves === undefined ? 0 : person.own_moves,
      };
    }),
    state: null,
    log,
    clientIds: new Map(
      stored.moves.flatMap((m, k) => {
        const entry = log[k];
        return m.client_id !== null && entry && 'seat' in entry
          ? [[moveKey(entry.seat, m.client_id), m.seq + 1] as const]
          : [];
      }),
    ),
    resignation: null,
    rated: row.rated === null ? null : Boolean(row.rated),
    clock: row.clock === null ? null : ClockSetting.parse(JSON.parse(row.clock)),
    clocks: row.clocks === null ? null : (JSON.parse(row.clocks) as Clocks),
    standInLevel: (row.stand_in ?? 'greedy') as BotLevel,
    tournament: row.tournament_id ?? null,
    deal: row.deal ? (JSON.parse(row.deal) as TableDeal) : null,
    private: row.private === 1,
    spectators: row.spectators === 'invited' ? 'invited' : 'anyone',
    againOf: row.again_of ?? null,
    againBots: row.again_bots === 1,
    reliabilityFloor: storedFloor(row.reliability_floor),
  };
  // Even an open table's options must parse: it is shown in the lobby, and started from them.
  const options = parsedOptions(table);
  if (row.status !== 'open') {
    table.state = stateFromStoredLog(game, row.players, options, log);
    const result = row.result ? (JSON.parse(row.result) as { resignation?: Resignation }) : null;
    table.resignation = result?.resignation ?? null;
  }
  return table;
}
