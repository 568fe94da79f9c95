import { optionHelpParts, type AnyGame, type GameRecord, type Viewer } from '@skyline/engine';
import {
  reply,
  words,
  type BrokenTable,
  type ChatLine,
  type Command,
  type Reply,
  type TableSnapshot,
  type TableSummary,
} from '@skyline/protocol';
import type { Kysely, Transaction } from 'kysely';
import type { Accounts, User } from '../auth.js';
import { systemTime, type TimeSource } from '../clocks/clocks.js';
import type { MoveLog } from '../db/move-log.js';
import type { Database } from '../db/schema.js';
import { DEFAULT_LIMITS, Limits } from '../limits.js';
import { AddressBook } from '../ratings/addresses.js';
import { DEFAULT_RATING_RULES, type RatingRules } from '../ratings/ended.js';
import { openingOf } from '../ratings/opening.js';
import { unchanged, type Outcome, type TableChange } from './change.js';
import { TableChat } from './chat.js';
import { HELP } from './commands.js';
import type { ConnectedTo, TableContext } from './context.js';
import { TableCopies, type CopyEvent, type RevisionCheck } from './copies.js';
import { Absence } from './absence.js';
import { brokenTables, deleteBroken, releaseBroken } from './broken.js';
import { Endings } from './endings.js';
import { TableError } from '../refusals.js';
import { expireOpenTables } from './expiry.js';
import { seatOf, type LiveTable } from './live.js';
import { MovePath, type MoveResult, type UndoResult } from './moves.js';
import type { TablePublisher } from './publisher.js';
import { TableQueries } from './queries.js';
import { Seating } from './seating.js';
import { requireMayJoin, requireMayWatch } from './privacy.js';
import { requireReliable } from '../ratings/reliability-query.js';
import { TableStore } from './store.js';
import { tablesOfRoundsInPlay } from './round-secrecy.js';
import type { TableSync } from './sync.js';

export { TableError };
export type { MoveResult };

export interface TableServiceOptions {
  db: Kysely<Database>;
  accounts: Accounts;
  moveLog: MoveLog;
  games: ReadonlyMap<string, AnyGame>;
  /** Where changes are told from; the copies tell it of the changes they find (another process's moves). */
  publisher: TablePublisher;
  /** Who has a connection open on each of these tables' pages (for "disconnected" marks). */
  connectedTo?: ConnectedTo;
  /**
   * Whether other processes share the database: then each stored change says what they are to be told, a copy held
   * in memory is checked against the stored revision before it is shown or changed (a move skips the check: the
   * write itself checks the revision), and reloaded when another process changed it.
   */
  shared?: boolean;
  limits?: Limits;
  /** Something happened to a copy in memory, or a write was refused as made on an out-of-date copy (metrics). */
  counted?: (event: CopyEvent | 'stale_write') => void;
  /** A stored table could not be loaded and was quarantined (to be logged for the host). */
  broken?: (tableId: string, error: unknown) => void;
  /** What clocks are read against (default: the system's time). */
  time?: TimeSource;
  /** How long every opponent must have been away before `/claim` (ms; default 2 minutes). */
  claimAfterMs?: number;
  /** The rules of rated games (`RATED_GAMES_PER_PAIR_PER_DAY`; default `DEFAULT_RATING_RULES`). */
  ratingRules?: RatingRules;
  /** Refuses a chat line of a player who may not chat now (a moderator muted them: `moderation/sanctions.ts`). */
  chatAllowed?: (user: User) => Promise<void>;
}

/**
 * Tables and their games: the entry point of every request about a table. A request that changes a table runs under
 * that table's lock, stores its change in one write, and returns `{ack, change}`: the answer for the sender and what
 * the others are to be told. The caller hands the outcome to the `TableDispatcher`, which answers the sender, then
 * publishes the change; so nothing is told before it is stored, and the sender hears "ok" before the update it caused.
 *
 * The work itself is in modules by job: `Seating` (before the game), `MovePath` (moves), `Endings` (resigning,
 * stopping), `TableQueries` (what pages read), `TableChat`, `TableStore` (every revision-checked write),
 * `TableCopies` (tables in memory), `views.ts` (what each viewer sees).
 */
export class TableService {
  private readonly context: TableContext;
  private readonly copies: TableCopies;
  private readonly seating: Seating;
  private readonly moves: MovePath;
  private readonly endings: Endings;
  private readonly absence: Absence;
  private readonly queries: TableQueries;
  private readonly chat: TableChat;
  private readonly chatAllowed: (user: User) => Promise<void>;

  constructor(options: TableServiceOptions) {
    this.chatAllowed = options.chatAllowed ?? (() => Promise.resolve());
    const shared = options.shared ?? false;
    const counted = options.counted ?? (() => undefined);
    this.copies = new TableCopies(
      options.db,
      options.games,
      options.publisher,
      shared,
      (event) => counted(event),
      (tableId, error) => options.broken?.(tableId, error),
    );
    this.chat = new TableChat(options.db);
    this.context = {
      db: options.db,
      accounts: options.accounts,
      games: options.games,
      copies: this.copies,
      store: new TableStore(options.db, options.moveLog, shared, () => counted('stale_write')),
      chat: this.chat,
      limits: options.limits ?? new Limits(DEFAULT_LIMITS),
      connectedTo: options.connectedTo ?? (() => Promise.resolve(new Map())),
      shared,
      botSeatsPerPlayer: 8,
      time: options.time ?? systemTime,
      claimAfterMs: options.claimAfterMs ?? 120_000,
      rating: { rules: options.ratingRules ?? DEFAULT_RATING_RULES },
      addresses: new AddressBook(options.db, shared, options.accounts.addresses),
    };
    this.seating = new Seating(this.context);
    this.moves = new MovePath(this.context);
    this.absence = new Absence(this.context);
    this.endings = new Endings(this.context, this.absence);
    this.queries = new TableQueries(this.context);
  }

  /** The most bot seats one player may have as host at its tables not over (`BOT_SEATS_PER_PLAYER`). */
  set botSeatsPerPlayer(most: number) {
    this.context.botSeatsPerPlayer = most;
  }

  // Requests that change tables ----------------------------------------------------------------------------------

  /** A new table, its host seated; `from`: the address of the request (see `noteAddress`). */
  async create(
    user: User,
    request: Parameters<Seating['create']>[1],
    from?: string,
  ): Promise<Outcome<LiveTable>> {
    const outcome = await this.seating.create(user, request);
    await this.context.addresses.note(outcome.ack, user.id, from);
    return outcome;
  }

  /**
   * Notes the address a seated player acts from at a table (`ratings/addresses.ts`: two accounts that play one game
   * from one address are not rated against each other). The transports call it with the connection's address for
   * every table request of a signed-in player: opening the table's page, commands, moves.
   */
  async noteAddress(tableId: string, user: User | null | undefined, from: string | undefined): Promise<void> {
    if (!user || from === undefined) return;
    await this.context.addresses.note(await this.copies.get(tableId, 'unchecked'), user.id, from);
  }

  /**
   * A table opened with every seat taken and started, by a tournament or a "Play now" match (see
   * `Seating.openSeated`); answered null, with nothing changed, when it had started already.
   */
  async openSeated(spec: Parameters<Seating['openSeated']>[0]): Promise<Outcome<Reply | null>> {
    return (await this.copies.withLock(spec.id, () => this.seating.openSeated(spec))) ?? unchanged(null);
  }

  /**
   * Runs a table command (a button, or a `/command` in the chat); the answer is for the sender. `from`: the sender's
   * address, noted before the command (a player who resigns at once) and after it (a player who has just sat down).
   */
  async command(user: User, tableId: string, command: Command, from?: string): Promise<Outcome<Reply>> {
    if (command.name === 'help') {
      // The commands, then this table's game options (from the game's own declaration).
      const table = await this.copies.get(tableId);
      const game = table.game;
      const { least, unit } = openingOf(game.id);
      return unchanged(
        reply(
          // `/abort`'s line says this game's opening.
          ...HELP.map((line) =>
            line.code === 'help.abort' ? words('help.abort', { n: least, unit }) : line,
          ),
          words('help.options', { game: game.title }),
          words('help.players', { min: game.minPlayers, max: game.maxPlayers }),
          ...game.options.map((option) => words('help.optionLine', optionHelpParts(option))),
        ),
      );
    }
    return this.copies.withLock(tableId, async () => {
      const table = await this.copies.get(tableId);
      // Nobody acts at a table they cannot open (`/who` would tell a duplicate round's table who resigned), nor sits
      // at a private table uninvited or at the table of a host who blocked them (`privacy.ts`).
      if (!(await this.watchable(table, user.id))) throw new TableError('tournament.chatSecret');
      const now = this.context.time.now();
      await requireMayWatch(this.context.db, table, user.id, now);
      if (command.name === 'join') {
        await requireMayJoin(this.context.db, table, user.id, now);
        // The table's reliability floor (`ratings/reliability.ts`), for whoever is not seated there yet.
        if (seatOf(table, user.id) === null)
          await requireReliable(this.context.db, user, table.reliabilityFloor ?? 0);
      }
      await this.context.addresses.note(table, user.id, from);
      const outcome = await this.run(table, user, command);
      await this.context.addresses.note(table, user.id, from);
      return outcome;
    });
  }

  private run(table: LiveTable, user: User, command: Command): Promise<Outcome<Reply>> {
    switch (command.name) {
      case 'who':
        return this.seating.who(table);
      case 'join':
        return this.seating.join(table, user, command.seat);
      case 'leave':
        return this.seating.leave(table, user);
      case 'kick':
        return this.seating.kick(table, user, command.player);
      case 'option':
        return this.seating.setOption(table, user, command.option, command.value);
      case 'start':
        return this.seating.start(table, user);
      case 'bot':
        return this.seating.seatBot(table, user, command.level ?? 'greedy');
      case 'resign':
        return this.endings.resign(table, user);
      case 'stop':
        return this.endings.stop(table, user);
      case 'abort':
        return this.endings.abort(table, user);
      case 'back':
        return this.absence.back(table, user);
      case 'claim':
        return this.absence.claim(table, user);
      case 'help':
        throw new Error('/help is answered before the table is locked');
    }
  }

  /**
   * The time-out keeper found a deadline passed at this table: its seats out of time are handed to bots, read against
   * the stored table (another process may have acted first: then nothing changes here). Answers the names handed over.
   */
  timeOut(tableId: string): Promise<Outcome<string[]>> {
    return this.copies.withLock(tableId, async () => this.absence.timeOut(await this.copies.get(tableId)));
  }

  /** A seat's move (see `MovePath`), alone on its table; `from`: the sender's address (see `noteAddress`). */
  move(
    user: User,
    tableId: string,
    version: number,
    clientId: string,
    move: unknown,
    from?: string,
  ): Promise<Outcome<MoveResult>> {
    return this.copies.withLock(tableId, async () => {
      if (from !== undefined)
        await this.context.addresses.note(await this.copies.get(tableId, 'unchecked'), user.id, from);
      return this.moves.move(user, tableId, version, clientId, move);
    });
  }

  /** Takes back the sender's last move (see `MovePath.undo`), alone on its table. */
  undo(user: User, tableId: string, version: number): Promise<Outcome<UndoResult>> {
    return this.copies.withLock(tableId, () => this.moves.undo(user, tableId, version));
  }

  /** A line of the lobby's chat (`tableId` null) or of a table's. */
  async say(user: User | null, tableId: string | null, text: string): Promise<Outcome<ChatLine>> {
    const table = tableId === null ? undefined : await this.copies.get(tableId); // the table must exist
    if (table && !(await this.watchable(table, user?.id))) throw new TableError('tournament.chatSecret');
    if (table) await requireMayWatch(this.context.db, table, user?.id, this.context.time.now());
    if (user) await this.chatAllowed(user);
    const line = await this.chat.store(user, tableId, text);
    return { ack: line, change: { table, chat: [line] } };
  }

  // Moderators' requests (`moderation/`: the role is checked there) ----------------------------------------------

  /**
   * A moderator closes a table that is not over: a game in progress ends with no winner, unrated (`Endings.close`);
   * an open table is removed. `within` writes the audit log's entry in the transaction that makes the change.
   */
  closeByModerator(
    tableId: string,
    within: (tx: Transaction<Database>, table: LiveTable) => Promise<void>,
  ): Promise<Outcome<'closed' | 'removed'>> {
    return this.copies.withLock(tableId, async () => {
      const table = await this.copies.get(tableId);
      if (table.status === 'over') throw new TableError('game.over');
      if (table.status === 'playing') {
        const { change } = await this.endings.close(table, (tx) => within(tx, table));
        return { ack: 'closed' as const, change };
      }
      const removed = await this.context.store.removeOpen(tableId, table.revision, (tx) => within(tx, table));
      if (!removed) {
        table.stale = true; // changed meanwhile (someone sat down, another process): reloaded for the next try
        throw new TableError('table.changed');
      }
      table.status = 'over'; // the lobby drops a table it hears is over
      this.copies.forget(tableId);
      return { ack: 'removed' as const, change: { table, seating: true, removed: true } };
    });
  }

  /** The tables set aside as broken (`tables/broken.ts`). */
  brokenTables(): Promise<BrokenTable[]> {
    return brokenTables(this.context);
  }

  releaseBroken(tableId: string, within: Parameters<typeof releaseBroken>[2]): Promise<void> {
    return releaseBroken(this.context, tableId, within);
  }

  deleteBroken(tableId: string, within: Parameters<typeof deleteBroken>[2]): Promise<void> {
    return deleteBroken(this.context, tableId, within);
  }

  /** Removes abandoned open tables (see `expireOpenTables`); returns the changes to tell. */
  expireOpenTables(now?: number): Promise<TableChange[]> {
    return expireOpenTables(this.context, now);
  }

  // Copies in memory ----------------------------------------------------------------------------------------------

  /** The table, from memory or loaded (see `TableCopies.get`). */
  get(tableId: string, check: RevisionCheck = 'checked'): Promise<LiveTable> {
    return this.copies.get(tableId, check);
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

  /** Whether the table's bots may play now (see `Seating.botsMayPlay`). */
  botsMayPlay(table: LiveTable): Promise<boolean> {
    return this.seating.botsMayPlay(table);
  }

  // What pages read (see `TableQueries`) ------------------------------------------------------------------------

  snapshot(table: LiveTable, viewer: Viewer): Promise<TableSnapshot> {
    return this.queries.snapshot(table, viewer);
  }

  async snapshotFor(userId: string | undefined, tableId: string): Promise<TableSnapshot> {
    await this.requireWatchable(await this.copies.get(tableId), userId);
    return this.queries.snapshotFor(userId, tableId);
  }

  /**
   * A table of a duplicate tournament round is dealt what the round's other tables are dealt: while any of them is
   * still played, what happens at one table tells the others their coming chance moves. So until every table of the
   * round has ended, such a table shows only to the players seated at it, and its record (the whole deal, once its
   * game is over) to nobody (`tables/round-secrecy.ts`). Those who cannot open it cannot write in its chat or send it
   * commands either (`say`, `command`: refused, and stored nowhere).
   */
  async requireWatchable(table: LiveTable, userId: string | undefined, record = false): Promise<void> {
    await requireMayWatch(this.context.db, table, userId, this.context.time.now());
    if (!(await this.watchable(table, userId, record))) throw new TableError('tournament.roundSecret');
  }

  /** Whether `userId` may open the table (or, with `record`, read its whole record): see `requireWatchable`. */
  private async watchable(table: LiveTable, userId: string | undefined, record = false): Promise<boolean> {
    if (!table.deal || !table.tournament) return true;
    if (!record && userId !== undefined && seatOf(table, userId) !== null) return true;
    return (await tablesOfRoundsInPlay(this.context.db, [table.id])).size === 0;
  }

  summary(table: LiveTable): Promise<TableSummary> {
    return this.queries.summary(table);
  }

  summaries(tables: LiveTable[]): Promise<TableSummary[]> {
    return this.queries.summaries(tables);
  }

  async record(userId: string | undefined, tableId: string): Promise<GameRecord> {
    await this.requireWatchable(await this.copies.get(tableId), userId, true);
    return this.queries.record(userId, tableId);
  }

  /**
   * A finished game's whole record, for the replay page: a game still in progress is refused in words
   * (`replay.notOver`) instead of a record whose hidden entries no replay can step through.
   */
  async finishedRecord(userId: string | undefined, tableId: string): Promise<GameRecord> {
    const table = await this.copies.get(tableId);
    if (table.status === 'playing') throw new TableError('replay.notOver');
    return this.record(userId, tableId);
  }

  lobby(limit?: number, viewerId?: string): Promise<TableSummary[]> {
    return this.queries.lobby(limit, viewerId);
  }

  gamesOf(userId: string): ReturnType<TableQueries['gamesOf']> {
    return this.queries.gamesOf(userId);
  }

  awaitingOf(userId: string): ReturnType<TableQueries['awaitingOf']> {
    return this.queries.awaitingOf(userId);
  }

  chatHistory(tableId: string | null, limit?: number): Promise<ChatLine[]> {
    return this.chat.history(tableId, limit);
  }
}
