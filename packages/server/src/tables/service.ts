import { randomInt } from 'node:crypto';
import {
  CHANCE,
  RECORD_FORMAT,
  SPECTATOR,
  SeededRng,
  applyMove,
  bestSeats,
  optionsHelp,
  type AnyGame,
  type GameRecord,
  type LogEntry,
  type Viewer,
} from '@skyline/engine';
import type {
  ChatLine,
  Command,
  PublicStatus,
  TableSnapshot,
  TableSummary,
  TableUpdate,
} from '@skyline/protocol';
import type { Kysely, Transaction } from 'kysely';
import { StaleVersionError, type MoveLog, type TableChanges } from '../db/move-log.js';
import type { BotLevel } from '@skyline/bots';
import type { Accounts, User } from '../auth.js';
import type { Database } from '../db/schema.js';
import { randomId, timeId } from '../ids.js';
import { HELP } from './commands.js';
import { TableCopies, type CopyEvent } from './copies.js';
import { TableError } from './errors.js';
import {
  moveKey,
  parsedOptions,
  replayLog,
  publicStatus,
  seatOf,
  summaryOf,
  versionOf,
  viewerOf,
  type LiveTable,
  type Person,
  type Resignation,
} from './live.js';
import type { TableSync } from './sync.js';
import { DEFAULT_LIMITS, Limits } from '../limits.js';

export { TableError };

/** What the real-time layer is told, to pass on to the people concerned. */
export interface TableEvents {
  /** Seats, host, status or options changed (the lobby and the table's page show them). */
  tableChanged(table: LiveTable): void;
  /** The game moved on from log entry `from`: every seat and the spectators get their own update. */
  gameAdvanced(table: LiveTable, from: number): void;
  chat(line: ChatLine): void;
  /**
   * A change of the table was stored (several processes only): the other processes are to be told, so that their
   * copies in memory follow (see `TableCopies.applyRemote`).
   */
  stored(sync: TableSync): void;
  /** Something happened to a copy in memory, or a write was refused as made on an out-of-date copy (metrics). */
  counted?(event: CopyEvent | 'stale_write'): void;
  /** A stored table could not be loaded and was quarantined (to be logged for the host). */
  broken?(tableId: string, error: unknown): void;
}

export type MoveResult =
  { ok: true; version: number; duplicate?: boolean } | { ok: false; error: string; stale?: TableSnapshot };

/**
 * Tables and their games. Every change to a table runs under that table's lock, is stored in one transaction, and
 * only then is acknowledged and announced: nothing acknowledged is ever lost.
 */
export class TableService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: Accounts,
    private readonly moveLog: MoveLog,
    private readonly games: ReadonlyMap<string, AnyGame>,
    private readonly events: TableEvents,
    /** Who has a connection open on each of these tables' pages (for "disconnected" marks). */
    private readonly connectedTo: (
      tableIds: readonly string[],
    ) => Promise<ReadonlyMap<string, ReadonlySet<string>>> = () => Promise.resolve(new Map()),
    /**
     * Whether other processes share the database: then they tell each other of every change (`stored`), a copy held
     * in memory is checked against the stored revision before it is shown or changed (a move skips the check: the
     * write itself checks the revision), and reloaded when another process changed it.
     */
    private readonly shared = false,
    private readonly limits: Limits = new Limits(DEFAULT_LIMITS),
  ) {
    this.copies = new TableCopies(
      db,
      games,
      (table, from) => events.gameAdvanced(table, from),
      shared,
      (event) => events.counted?.(event),
      (tableId, error) => events.broken?.(tableId, error),
    );
  }

  /** The tables held in memory. */
  private readonly copies: TableCopies;

  /** The most bot seats one player may have as host at its tables not over (`BOT_SEATS_PER_PLAYER`). */
  botSeatsPerPlayer = 8;

  /** The table, from memory or loaded (see `TableCopies.get`). */
  get(tableId: string, fresh = true): Promise<LiveTable> {
    return this.copies.get(tableId, fresh);
  }

  /** The table if it is in memory. */
  cached(tableId: string): LiveTable | undefined {
    return this.copies.cached(tableId);
  }

  /** How many tables are held in memory, by status (for the metrics). */
  liveCounts(): Record<LiveTable['status'], number> {
    return this.copies.liveCounts();
  }

  /** Drops idle tables from memory (see `TableCopies.evictIdle`). */
  evictIdle(watchedHere: (tableId: string) => boolean, now?: number): number {
    return this.copies.evictIdle(watchedHere, now);
  }

  /** A change another process stored (see `TableCopies.applyRemote`). */
  applyRemote(sync: TableSync): Promise<void> {
    return this.copies.applyRemote(sync);
  }

  /** Brings the copies of these tables up to date with the database (see `TableCopies.catchUp`). */
  catchUp(tableIds: readonly string[]): Promise<string[]> {
    return this.copies.catchUp(tableIds);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Loading

  /** Tells the other processes of a stored change. */
  private publish(
    table: LiveTable,
    change: Omit<TableSync, 'tableId' | 'revision' | 'status'> & { status?: LiveTable['status'] },
  ): void {
    if (this.shared)
      this.events.stored({ tableId: table.id, revision: table.revision, status: table.status, ...change });
  }

  /**
   * Changes a table's stored row (and whatever `work` does in the same transaction), provided nobody changed it
   * since this copy was loaded; bumps its revision.
   */
  private async changeTable(
    table: LiveTable,
    set: Partial<{
      host_id: string;
      options: string;
      players: number;
      status: string;
      finished_at: number;
      result: string;
    }>,
    work: (tx: Transaction<Database>) => Promise<void> = () => Promise.resolve(),
  ): Promise<void> {
    try {
      await this.db.transaction().execute(async (tx) => {
        const updated = await tx
          .updateTable('tables')
          .set((eb) => ({ ...set, revision: eb('revision', '+', 1) }))
          .where('id', '=', table.id)
          .where('revision', '=', table.revision)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new StaleVersionError();
        await work(tx);
      });
    } catch (error) {
      if (error instanceof StaleVersionError) {
        table.stale = true;
        this.events.counted?.('stale_write');
        throw new TableError(error.message);
      }
      throw error;
    }
    table.revision++;
    const status = (set.status as LiveTable['status'] | undefined) ?? table.status;
    this.publish(table, { status, from: versionOf(table), entries: [], clientId: null, reload: true });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Creating and seating

  async create(
    user: User,
    request: { game: string; players: number; options?: Record<string, unknown> },
  ): Promise<LiveTable> {
    const game = this.games.get(request.game);
    if (!game)
      throw new TableError(`unknown game "${request.game}" (games: ${[...this.games.keys()].join(', ')})`);
    if (request.players < game.minPlayers || request.players > game.maxPlayers) {
      throw new TableError(`${game.title} is played by ${game.minPlayers} to ${game.maxPlayers} players`);
    }
    const options = ownOptions(request.options ?? {});
    const parsed = game.parseOptions(request.players, options);
    if (!parsed.ok) throw new TableError(parsed.reason);
    await this.requireRoomForATable(user);
    const host: Person = { id: user.id, name: user.name };
    const table: LiveTable = {
      id: randomId(10),
      game,
      players: request.players,
      options,
      host,
      status: 'open',
      revision: 0,
      createdAt: Date.now(),
      seats: Array.from({ length: request.players }, (_, seat) => (seat === 0 ? host : null)),
      state: null,
      log: [],
      clientIds: new Map(),
      resignation: null,
    };
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('tables')
        .values({
          id: table.id,
          game: game.id,
          players: table.players,
          options: JSON.stringify(options),
          host_id: host.id,
          status: 'open',
          version: 0,
          result: null,
          created_at: table.createdAt,
          started_at: null,
          finished_at: null,
        })
        .execute();
      await tx.insertInto('seats').values({ table_id: table.id, seat: 0, user_id: host.id }).execute();
    });
    this.copies.add(table);
    this.events.tableChanged(table);
    return table;
  }

  /**
   * A player may host only so many open tables at once, and create only so many a minute (`Limits`): one guest once
   * filled the lobby with 400 empty tables in two seconds.
   */
  private async requireRoomForATable(user: User): Promise<void> {
    const open = await this.db
      .selectFrom('tables')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('host_id', '=', user.id)
      .where('status', '=', 'open')
      .where('broken', 'is', null)
      .executeTakeFirstOrThrow();
    const most = this.limits.settings.openTablesPerPlayer;
    if (Number(open.count) >= most)
      throw new TableError(
        `you already host ${most} open table${most > 1 ? 's' : ''}: start or leave one before you open another`,
      );
    await this.limits.take('tables', `u:${user.id}`);
  }

  /**
   * Removes the open tables that nobody has had open in a page for `openTableIdleMinutes`: abandoned tables would
   * otherwise fill the lobby for ever. Checked against every process's connections; a table someone sits down at or
   * opens meanwhile is kept (the removal names the revision it saw). Returns the ids removed.
   */
  async expireOpenTables(now = Date.now()): Promise<string[]> {
    const idleMs = this.limits.settings.openTableIdleMinutes * 60_000;
    const rows = await this.db
      .selectFrom('tables')
      .select(['id', 'revision', 'created_at'])
      .where('status', '=', 'open')
      .where('created_at', '<', now - idleMs)
      .limit(500)
      .execute();
    if (rows.length === 0) return [];
    const connected = await this.connectedTo(rows.map((row) => row.id));
    const removed: string[] = [];
    for (const row of rows) {
      if ((connected.get(row.id)?.size ?? 0) > 0) continue;
      const cached = this.copies.cached(row.id);
      if (cached && now - (cached.usedAt ?? 0) < idleMs) continue;
      const copy = await this.copies.get(row.id, false).catch(() => null); // a broken one stays set aside
      if (!copy) continue;
      const gone = await this.copies.withLock(row.id, () =>
        this.db.transaction().execute(async (tx) => {
          const claimed = await tx
            .updateTable('tables')
            .set({ revision: row.revision + 1 })
            .where('id', '=', row.id)
            .where('revision', '=', row.revision)
            .where('status', '=', 'open')
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) return false; // someone sat down or changed it meanwhile
          await tx.deleteFrom('seats').where('table_id', '=', row.id).execute();
          await tx.deleteFrom('chat').where('table_id', '=', row.id).execute();
          await tx.deleteFrom('tables').where('id', '=', row.id).execute();
          return true;
        }),
      );
      if (!gone) continue;
      removed.push(row.id);
      copy.status = 'over'; // the lobby drops a table it hears is over
      this.events.tableChanged(copy);
      this.copies.forget(row.id);
    }
    return removed;
  }

  /** Runs a table command (a button, or a `/command` in the chat); returns the answer for the sender. */
  async command(user: User, tableId: string, command: Command): Promise<string> {
    if (command.name === 'help') {
      // The commands, then this table's game options (from the game's own declaration).
      const table = await this.copies.get(tableId);
      return `${HELP}\n\n${table.game.title} options:\n${optionsHelp(table.game)}`;
    }
    return this.copies.withLock(tableId, async () => {
      const table = await this.copies.get(tableId);
      switch (command.name) {
        case 'who':
          return await this.who(table);
        case 'join':
          return this.join(table, user, command.seat);
        case 'leave':
          return this.leave(table, user);
        case 'kick':
          return this.kick(table, user, command.player);
        case 'option':
          return this.setOption(table, user, command.option, command.value);
        case 'start':
          return this.start(table, user);
        case 'resign':
          return this.resign(table, user);
        case 'bot':
          return this.seatBot(table, user, command.level ?? 'greedy');
        case 'stop':
          return this.stop(table, user);
      }
    });
  }

  private async who(table: LiveTable): Promise<string> {
    const connected = await this.connectedToTable(table.id);
    const seats = table.seats.map((person, seat) => {
      if (!person) return `seat ${seat}: free`;
      const marks = [
        person.id === table.host.id ? 'host' : '',
        connected.has(person.id) ? '' : 'disconnected',
      ].filter(Boolean);
      return `seat ${seat}: ${person.name}${marks.length ? ` (${marks.join(', ')})` : ''}`;
    });
    return [`${table.game.title}, ${table.status}`, ...seats].join('\n');
  }

  private requireOpen(table: LiveTable, what: string): void {
    if (table.status !== 'open') throw new TableError(`the game has started: ${what} only before the start`);
  }

  private requireHost(table: LiveTable, user: User, what: string): void {
    if (table.host.id !== user.id) throw new TableError(`only the host (${table.host.name}) can ${what}`);
  }

  private async join(table: LiveTable, user: User, wanted: number | undefined): Promise<string> {
    this.requireOpen(table, 'joining');
    const current = seatOf(table, user.id);
    if (current !== null) throw new TableError(`you already sit at seat ${current}`);
    let seat: number;
    if (wanted === undefined) {
      seat = table.seats.findIndex((person) => person === null);
      if (seat < 0) throw new TableError('every seat is taken');
    } else {
      if (wanted >= table.players)
        throw new TableError(`there is no seat ${wanted}: seats are 0 to ${table.players - 1}`);
      if (table.seats[wanted]) throw new TableError(`seat ${wanted} is taken by ${table.seats[wanted].name}`);
      seat = wanted;
    }
    await this.changeTable(table, {}, async (tx) => {
      await tx.insertInto('seats').values({ table_id: table.id, seat, user_id: user.id }).execute();
    });
    table.seats[seat] = { id: user.id, name: user.name };
    this.events.tableChanged(table);
    await this.systemLine(table.id, `${user.name} sits at seat ${seat}`);
    return `you sit at seat ${seat}`;
  }

  private async unseat(table: LiveTable, seat: number): Promise<void> {
    const person = table.seats[seat] as Person;
    let newHost: Person | null = null;
    if (person.id === table.host.id) {
      // Never a bot: with no other person seated, the host stays host (of a table of bots, say).
      newHost = table.seats.find((other) => other !== null && other.id !== person.id && !other.bot) ?? null;
    }
    await this.changeTable(table, newHost ? { host_id: newHost.id } : {}, async (tx) => {
      await tx.deleteFrom('seats').where('table_id', '=', table.id).where('seat', '=', seat).execute();
    });
    table.seats[seat] = null;
    if (newHost) table.host = newHost;
    this.events.tableChanged(table);
    if (newHost) await this.systemLine(table.id, `${newHost.name} is now the host`);
  }

  private async leave(table: LiveTable, user: User): Promise<string> {
    const seat = seatOf(table, user.id);
    if (seat === null) throw new TableError('you do not sit at this table');
    if (table.status !== 'open') throw new TableError('the game has started: /resign to give up');
    await this.unseat(table, seat);
    await this.systemLine(table.id, `${user.name} left seat ${seat}`);
    return `you left seat ${seat}`;
  }

  private async seatBot(table: LiveTable, user: User, level: BotLevel): Promise<string> {
    this.requireHost(table, user, 'seat bots');
    this.requireOpen(table, 'seating bots');
    const seat = table.seats.findIndex((person) => person === null);
    if (seat < 0) throw new TableError('every seat is taken');
    const seated = await this.botSeatsHostedBy(user.id);
    if (seated >= this.botSeatsPerPlayer) {
      throw new TableError(
        `you already have ${seated} bot seat${seated === 1 ? '' : 's'} at your tables, the most one player may have: ` +
          'bots think on the server, so they are shared out',
      );
    }
    const bot = await this.accounts.createBot(level);
    await this.changeTable(table, {}, async (tx) => {
      await tx.insertInto('seats').values({ table_id: table.id, seat, user_id: bot.id }).execute();
    });
    table.seats[seat] = { ...bot, bot: level };
    this.events.tableChanged(table);
    await this.systemLine(table.id, `${user.name} seats ${bot.name} at seat ${seat}`);
    return `${bot.name} sits at seat ${seat}`;
  }

  /** How many bot seats there are at the tables not over that `userId` hosts. */
  private async botSeatsHostedBy(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('seats')
      .innerJoin('tables', 'tables.id', 'seats.table_id')
      .innerJoin('users', 'users.id', 'seats.user_id')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('tables.host_id', '=', userId)
      .where('tables.status', 'in', ['open', 'playing'])
      .where('users.bot_level', 'is not', null)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /**
   * Whether the table's bots may play now: a person sits at the table, or the person who started a table of bots
   * (its host) has its page open. Nobody can leave bots thinking for no one.
   */
  async botsMayPlay(table: LiveTable): Promise<boolean> {
    if (table.seats.some((person) => person !== null && !person.bot)) return true;
    return (await this.connectedToTable(table.id)).has(table.host.id);
  }

  /**
   * Ends a game that only bots play (with, at most, the person asking): the host, or the one person seated, stops it.
   * It ends with no winner; a person playing against other people resigns instead.
   */
  private async stop(table: LiveTable, user: User): Promise<string> {
    if (table.status !== 'playing') throw new TableError('there is no game in progress to stop');
    const mySeat = seatOf(table, user.id);
    if (mySeat === null && table.host.id !== user.id) {
      throw new TableError(`only the host (${table.host.name}) or a player at the table can stop the game`);
    }
    const person = table.seats.find((other) => other !== null && !other.bot && other.id !== user.id);
    if (person)
      throw new TableError(`${person.name} plays at this table: only a game of bots can be stopped`);
    const resignation: Resignation = {
      resigned: null,
      stoppedBy: user.name,
      winners: [],
      scores: table.game.status(table.state).scores,
    };
    await this.endOutsideTheRules(table, resignation);
    await this.systemLine(table.id, `${user.name} stops the game`);
    return 'you stopped the game';
  }

  /**
   * Ends a game that did not end by its rules (a resignation, a stopped game of bots): stored as the table's result,
   * then told to everyone here like the game's last move.
   */
  private async endOutsideTheRules(table: LiveTable, resignation: Resignation): Promise<void> {
    const from = versionOf(table);
    await this.changeTable(table, {
      status: 'over',
      finished_at: Date.now(),
      result: JSON.stringify({ resignation }),
    });
    table.status = 'over';
    table.resignation = resignation;
    this.events.tableChanged(table);
    this.copies.advanced(table, from);
  }

  private async kick(table: LiveTable, user: User, name: string): Promise<string> {
    this.requireHost(table, user, 'kick players');
    this.requireOpen(table, 'kicking');
    const seat = table.seats.findIndex((person) => person?.name.toLowerCase() === name.toLowerCase());
    if (seat < 0) throw new TableError(`${name} does not sit at this table`);
    if (table.seats[seat]?.id === user.id) throw new TableError('you cannot kick yourself: /leave');
    const kicked = (table.seats[seat] as Person).name;
    await this.unseat(table, seat);
    await this.systemLine(table.id, `${user.name} sent ${kicked} back to the audience`);
    return `${kicked} no longer sits at seat ${seat}`;
  }

  private async setOption(table: LiveTable, user: User, option: string, value: unknown): Promise<string> {
    this.requireHost(table, user, 'change the options');
    this.requireOpen(table, 'options can be changed');
    let players = table.players;
    const options = ownOptions(table.options);
    if (option === 'players') {
      if (typeof value !== 'number' || !Number.isInteger(value))
        throw new TableError('/option players needs a number');
      if (value < table.game.minPlayers || value > table.game.maxPlayers) {
        throw new TableError(
          `${table.game.title} is played by ${table.game.minPlayers} to ${table.game.maxPlayers} players`,
        );
      }
      const seated = table.seats.findIndex((person, seat) => person !== null && seat >= value);
      if (seated >= 0) throw new TableError(`seat ${seated} is taken: it must be free to remove it`);
      players = value;
    } else {
      if (!OPTION_NAME.test(option)) throw new TableError(`${table.game.title} has no option "${option}"`);
      options[option] = value;
    }
    const parsed = table.game.parseOptions(players, options);
    if (!parsed.ok) throw new TableError(parsed.reason);
    await this.changeTable(table, { options: JSON.stringify(options), players });
    table.options = options;
    table.seats = Array.from({ length: players }, (_, seat) => table.seats[seat] ?? null);
    table.players = players;
    this.events.tableChanged(table);
    const said = option === 'players' ? `${players} seats` : `${option} = ${JSON.stringify(value)}`;
    await this.systemLine(table.id, `${user.name} set ${said}`);
    return `set ${said}`;
  }

  private async start(table: LiveTable, user: User): Promise<string> {
    this.requireHost(table, user, 'start the game');
    this.requireOpen(table, 'starting');
    const free = table.seats.filter((person) => person === null).length;
    if (free > 0) throw new TableError(`waiting for ${free} more player${free > 1 ? 's' : ''}`);
    if (!(await this.botsMayPlay(table))) {
      throw new TableError('a game of bots only plays while you watch it: open the table to start it');
    }
    const state = table.game.setup(table.players, parsedOptions(table));
    const entries = drawChance(table.game, state);
    await this.store(table, entries, null, { status: 'playing', started_at: Date.now() });
    table.state = state;
    table.status = 'playing';
    table.log.push(...entries);
    this.events.tableChanged(table);
    this.publish(table, { from: 0, entries, clientId: null, reload: false });
    this.copies.advanced(table, 0);
    await this.systemLine(table.id, 'the game starts');
    return 'the game starts';
  }

  private async resign(table: LiveTable, user: User): Promise<string> {
    const seat = seatOf(table, user.id);
    if (seat === null) throw new TableError('you do not sit at this table');
    if (table.status !== 'playing') throw new TableError('there is no game in progress to resign from');
    const scores = table.game.status(table.state).scores;
    const others = scores.map((score, other) => (other === seat ? -Infinity : score));
    const resignation: Resignation = { resigned: seat, winners: bestSeats(others), scores };
    await this.endOutsideTheRules(table, resignation);
    await this.systemLine(table.id, `${user.name} resigns`);
    return 'you resigned';
  }

  // -------------------------------------------------------------------------------------------------------------
  // Moves

  /**
   * A seat's move: checked (seat, version, rules), stored with the chance moves it leads to in one transaction, then
   * acknowledged and announced. A repeated client id gets the original answer; a stale version gets the current
   * state instead.
   *
   * With several processes the copy in memory is used without asking the database first: the write names the
   * revision of the copy, so a move made on an out-of-date copy is not stored. The table is then reloaded and the
   * move checked once more against it.
   */
  async move(
    user: User,
    tableId: string,
    version: number,
    clientId: string,
    move: unknown,
  ): Promise<MoveResult> {
    return this.copies.withLock(tableId, async () => {
      let table = await this.copies.get(tableId, false);
      // The player has heard of a later version than this copy holds: the copy is behind.
      if (this.shared && version > versionOf(table)) table = await this.copies.reload(tableId);
      const first = await this.tryMove(table, user, version, clientId, move);
      if (first !== 'stale') return first;
      // The stored table had moved on from this copy: the same checks again on the table as stored now answer a
      // duplicate, a move on an old version (another process's move came first) or the end of the game as such.
      const second = await this.tryMove(await this.copies.reload(tableId), user, version, clientId, move);
      if (second !== 'stale') return second;
      const current = await this.copies.reload(tableId);
      const seat = seatOf(current, user.id) ?? SPECTATOR;
      return {
        ok: false,
        error: 'the table changed meanwhile: try again',
        stale: await this.snapshot(current, seat),
      };
    });
  }

  /** One attempt at a move on this copy of the table; 'stale' when the stored table had moved on from it. */
  private async tryMove(
    table: LiveTable,
    user: User,
    version: number,
    clientId: string,
    move: unknown,
  ): Promise<MoveResult | 'stale'> {
    const seat = seatOf(table, user.id);
    if (seat === null) return { ok: false, error: 'you do not sit at this table' };
    const done = table.clientIds.get(moveKey(seat, clientId));
    if (done !== undefined) return { ok: true, version: done, duplicate: true };
    if (table.status === 'open') return { ok: false, error: 'the game has not started yet' };
    if (table.status === 'over') return { ok: false, error: 'the game is over' };
    if (version !== versionOf(table) && !stillMeant(table, seat, version, move)) {
      return {
        ok: false,
        error: `your move was made on version ${version}, but the table is at version ${versionOf(table)}`,
        stale: await this.snapshot(table, seat),
      };
    }
    const result = applyMove(table.game, table.state, seat, move);
    if (!result.ok) return { ok: false, error: result.reason };
    const entries: LogEntry[] = [{ seat, move }, ...drawChance(table.game, result.state)];
    const status = table.game.status(result.state);
    const from = versionOf(table);
    try {
      await this.store(
        table,
        entries,
        clientId,
        status.over ? { status: 'over', finished_at: Date.now(), result: JSON.stringify({ status }) } : {},
      );
    } catch (error) {
      if (error instanceof TableError) return 'stale';
      throw error;
    }
    table.state = result.state;
    table.log.push(...entries);
    table.clientIds.set(moveKey(seat, clientId), versionOf(table));
    if (status.over) {
      table.status = 'over';
      this.events.tableChanged(table);
    }
    this.publish(table, { from, entries, clientId, reload: false });
    this.copies.advanced(table, from);
    return { ok: true, version: versionOf(table) };
  }

  /** Stores new log entries (and any other change of the table) before anyone is told of them. */
  private async store(
    table: LiveTable,
    entries: LogEntry[],
    clientId: string | null,
    changes: TableChanges,
  ): Promise<void> {
    try {
      const seen = { version: versionOf(table), revision: table.revision };
      await this.moveLog.append(table.id, seen, entries, clientId, changes);
    } catch (error) {
      if (error instanceof StaleVersionError) {
        table.stale = true; // another process changed it first: reloaded before the next try
        this.events.counted?.('stale_write');
        throw new TableError(error.message);
      }
      throw error;
    }
    table.revision++;
  }

  // -------------------------------------------------------------------------------------------------------------
  // What people see

  async snapshot(table: LiveTable, viewer: Viewer): Promise<TableSnapshot> {
    const state = table.state;
    const over = table.status === 'over';
    return {
      table: summaryOf(table, await this.connectedToTable(table.id)),
      viewer,
      version: versionOf(table),
      status: publicStatus(table),
      view: state === null ? null : table.game.view(state, viewer),
      legalMoves:
        state === null || viewer === SPECTATOR || over ? [] : [...table.game.legalMoves(state, viewer)],
      log:
        state === null ? [] : table.log.map((entry, index) => table.game.redact(entry, index, viewer, state)),
    };
  }

  async snapshotFor(userId: string | undefined, tableId: string): Promise<TableSnapshot> {
    const table = await this.copies.get(tableId);
    return await this.snapshot(table, viewerOf(table, userId));
  }

  /** What `viewer` learns after the game moved on from log entry `from`. */
  update(table: LiveTable, viewer: Viewer, from: number, status: PublicStatus): TableUpdate {
    const state = table.state;
    const over = table.status === 'over';
    return {
      tableId: table.id,
      viewer,
      version: versionOf(table),
      from,
      status,
      view: table.game.view(state, viewer),
      legalMoves: viewer === SPECTATOR || over ? [] : [...table.game.legalMoves(state, viewer)],
      log: table.log.slice(from).map((entry, k) => table.game.redact(entry, from + k, viewer, state)),
    };
  }

  async summary(table: LiveTable): Promise<TableSummary> {
    return summaryOf(table, await this.connectedToTable(table.id));
  }

  private async connectedToTable(tableId: string): Promise<ReadonlySet<string>> {
    return (await this.connectedTo([tableId])).get(tableId) ?? new Set();
  }

  /** Summaries of tables: with one question to the other processes for all of them. */
  async summaries(tables: LiveTable[]): Promise<TableSummary[]> {
    const connected = await this.connectedTo(tables.map((table) => table.id));
    return tables.map((table) => summaryOf(table, connected.get(table.id) ?? new Set()));
  }

  /** The game's record as the asking user may see it: whole once the game is over, redacted before. */
  async record(userId: string | undefined, tableId: string): Promise<GameRecord> {
    const table = await this.copies.get(tableId);
    if (table.state === null) throw new TableError('the game has not started yet');
    const viewer = viewerOf(table, userId);
    const over = table.status === 'over';
    return {
      format: RECORD_FORMAT,
      game: table.game.id,
      players: table.players,
      options: table.options,
      names: table.seats.map((person) => person?.name ?? ''),
      log: over
        ? table.log
        : table.log.map((entry, index) => table.game.redact(entry, index, viewer, table.state)),
    };
  }

  /** The tables a lobby shows: open and playing ones, newest first. */
  async lobby(limit = 200): Promise<TableSummary[]> {
    const rows = await this.db
      .selectFrom('tables')
      .select(['id', 'revision'])
      .where('status', 'in', ['open', 'playing'])
      .where('broken', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return this.summaries(await this.copies.getMany(rows));
  }

  /** A user's games: in progress and finished, newest first, with results. */
  async gamesOf(userId: string): Promise<(TableSummary & { result: unknown; seat: number })[]> {
    const rows = await this.db
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
      (await this.summaries(await this.copies.getMany(rows))).map((summary) => [summary.id, summary]),
    );
    return rows.flatMap((row) => {
      const summary = summaries.get(row.id);
      if (!summary) return []; // quarantined while loading
      return [
        { ...summary, seat: row.seat, result: row.result ? (JSON.parse(row.result) as unknown) : null },
      ];
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Chat

  async say(user: User | null, tableId: string | null, text: string): Promise<ChatLine> {
    if (tableId !== null) await this.copies.get(tableId); // the table must exist
    const line: ChatLine = { tableId, from: user?.name ?? null, text, at: Date.now() };
    await this.db
      .insertInto('chat')
      .values({ id: timeId(), table_id: tableId, user_id: user?.id ?? null, text, created_at: line.at })
      .execute();
    this.events.chat(line);
    return line;
  }

  private async systemLine(tableId: string, text: string): Promise<void> {
    await this.say(null, tableId, text);
  }

  async chatHistory(tableId: string | null, limit = 100): Promise<ChatLine[]> {
    const rows = await this.db
      .selectFrom('chat')
      .leftJoin('users', 'users.id', 'chat.user_id')
      .select(['chat.text', 'chat.created_at', 'users.name'])
      .where('chat.table_id', tableId === null ? 'is' : '=', tableId)
      .orderBy('chat.id', 'desc')
      .limit(limit)
      .execute();
    return rows
      .reverse()
      .map((row) => ({ tableId, from: row.name, text: row.text, at: Number(row.created_at) }));
  }
}

/**
 * Whether a move made on an older version of the table still means what the seat meant (simultaneous phases): it was
 * legal then, and the part of the seat's view it depends on (`Game.moveContext`) is the same now as then. Then it is
 * checked against the current state like any move; otherwise it is refused as stale, with the current state.
 */
function stillMeant(table: LiveTable, seat: number, version: number, move: unknown): boolean {
  const game = table.game;
  if (!game.moveContext || version > versionOf(table) || table.state === null) return false;
  const then = replayLog(game, table.players, parsedOptions(table), table.log.slice(0, version));
  if (game.validate(then, seat, move) !== null || game.validate(table.state, seat, move) !== null)
    return false;
  const before = JSON.stringify(game.moveContext(game.view(then, seat), seat, move));
  const now = JSON.stringify(game.moveContext(game.view(table.state, seat), seat, move));
  return before === now;
}

/** What an option's name may look like: a word, so that no name reaches an object's inner workings (`__proto__`). */
const OPTION_NAME = /^[a-z][a-zA-Z0-9]{0,31}$/;

/**
 * The options in an object of their own that inherits nothing: setting `__proto__` (or `constructor`) on it makes a
 * plain key, which the game's option check then refuses, instead of replacing the object's prototype.
 */
function ownOptions(options: Record<string, unknown>): Record<string, unknown> {
  const own = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of Object.entries(options)) own[name] = value;
  return own;
}

/** Draws chance moves from a generator seeded from `node:crypto` for as long as the game waits for one. */
function drawChance(game: AnyGame, state: unknown): LogEntry[] {
  const entries: LogEntry[] = [];
  while (game.active(state)[0] === CHANCE) {
    const chance = game.sampleChance(state, new SeededRng(randomInt(2 ** 31)));
    game.applyInPlace(state, CHANCE, chance);
    entries.push({ chance });
  }
  return entries;
}
