/**
 * "Play now": players wait in a queue kept in the database (`play_queue`, one row per player), and every process
 * looks for matches in it (`findMatches`), at each join and every second. A match claims its players' rows with one
 * conditional update in a transaction (`table_id` still null, or nothing is claimed), so that of two processes finding
 * the same match one makes it; the table's id is chosen in the claim, so that a process that dies after the claim
 * leaves a table any process (or itself, restarted) finishes making (`openSeated` with that id). A row lives as long as
 * its player has a page open: the player's last connection closing, in any process, removes it, and so does a
 * heartbeat gone stale (a process that died says nothing).
 */
import type { AnyGame } from '@skyline/engine';
import {
  BOT_LEVELS,
  isBotLevel,
  type BotLevel,
  type QueueEntryInfo,
  type QueueJoinBody,
} from '@skyline/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Accounts, User } from '../auth.js';
import type { TimeSource } from '../clocks/clocks.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Database, PlayQueueTable } from '../db/schema.js';
import { randomId } from '../ids.js';
import { initialRating, shownRating } from '../ratings/model.js';
import { reliabilityOfUser } from '../ratings/reliability-query.js';
import { storedFloor } from '../ratings/reliability.js';
import { TableError } from '../refusals.js';
import type { TableDispatcher } from '../tables/dispatcher.js';
import type { Person } from '../tables/live.js';
import { botSeatsHostedBy } from '../tables/seating.js';
import type { TableService } from '../tables/service.js';
import { findMatches, type Match, type Waiting } from './matching.js';
import { windowRule, type QueueSettings } from './settings.js';

type Row = Selectable<PlayQueueTable>;

/** The bots filling a table when the player does not say: the strongest level. */
export const DEFAULT_QUEUE_BOTS: BotLevel = BOT_LEVELS[BOT_LEVELS.length - 1] as BotLevel;

/** How long a claimed match is left to the process that claimed it before another finishes making its table (ms). */
const RESUME_AFTER_MS = 5_000;
/** How long a matched row stays, so that a page that missed `queue:matched` still finds its table (ms). */
const MATCHED_KEPT_MS = 10 * 60_000;

export interface QueueDeps {
  db: Kysely<Database>;
  accounts: Accounts;
  service: TableService;
  tables: TableDispatcher;
  games: ReadonlyMap<string, AnyGame>;
  time: TimeSource;
  settings: QueueSettings;
  /** The most bot seats one player may have at its tables not over (`BOT_SEATS_PER_PLAYER`). */
  botSeatsPerPlayer: number;
  /** Tells every page of the player, in every process, that its table is ready. */
  tell: (userId: string, tableId: string) => void;
  /** Which of these users have a connection open, in any process. */
  online: (userIds: readonly string[]) => Promise<Set<string>>;
  /** The users with a connection open to this process (whose rows its heartbeat keeps fresh). */
  connectedHere: () => string[];
  log: FastifyBaseLogger;
  /** How often to look for matches (ms); 0: only when asked (tests call `check()`). */
  checkMs: number;
}

export class PlayQueue {
  /** Set when the process stops: its connections closing hand the players over, they do not leave the queue. */
  closing = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<string[]> | null = null;
  private again = false;

  constructor(private readonly deps: QueueDeps) {}

  start(): void {
    if (this.deps.checkMs <= 0) return;
    this.timer = setInterval(() => this.soon(), this.deps.checkMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Joins the queue; refused when the player waits already (`queue.already`: one wait at a time). */
  async join(user: User, body: QueueJoinBody): Promise<QueueEntryInfo> {
    const { db, games, time } = this.deps;
    const game = games.get(body.game);
    if (!game) throw new TableError('game.unknown', { game: body.game, games: [...games.keys()].join(', ') });
    if (body.players !== null && (body.players < game.minPlayers || body.players > game.maxPlayers))
      throw new TableError('game.players', { game: game.title, min: game.minPlayers, max: game.maxPlayers });
    if (body.botsAfter !== null) {
      // The bots of a table made for this player count as this player's (its host's), as at a table of the lobby.
      const seated = await botSeatsHostedBy(db, user.id);
      if (seated >= this.deps.botSeatsPerPlayer) throw new TableError('bots.tooMany', { n: seated });
    }
    const now = time.now();
    const rating = await this.ratingOf(user.id, game.id);
    // The player's share, for the floors others ask (a guest has none: `meetsFloor`).
    const share = user.registered ? (await reliabilityOfUser(db, user.id)).share : null;
    // A matched row is the last wait's answer, kept for a page that missed it: a new wait replaces it.
    await db
      .deleteFrom('play_queue')
      .where('user_id', '=', user.id)
      .where('table_id', 'is not', null)
      .execute();
    const row: Row = {
      user_id: user.id,
      name: user.name,
      registered: user.registered ? 1 : 0,
      game: game.id,
      players: body.players,
      bots_after_ms: body.botsAfter === null ? null : body.botsAfter * 1000,
      bot_level: body.botLevel ?? DEFAULT_QUEUE_BOTS,
      rating,
      joined_at: now,
      seen_at: now,
      table_id: null,
      matched_at: null,
      match_players: null,
      match_bots: null,
      reliability_floor: body.reliability ? body.reliability : null,
      reliability_share: share,
    };
    try {
      await db.insertInto('play_queue').values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new TableError('queue.already');
      throw error;
    }
    this.soon();
    return this.info(row, now);
  }

  /** Leaves the queue; false when the player was not waiting (matched already, or never joined). */
  async leave(userId: string): Promise<boolean> {
    const removed = await this.deps.db
      .deleteFrom('play_queue')
      .where('user_id', '=', userId)
      .where('table_id', 'is', null)
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }

  /** Where the player is: waiting, matched (with the table), or nowhere (null). */
  async status(userId: string): Promise<QueueEntryInfo | null> {
    const row = await this.deps.db
      .selectFrom('play_queue')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? this.info(row, this.deps.time.now()) : null;
  }

  /**
   * A connection of the player closed: when it was the player's last, in every process, the player leaves the queue.
   * Not when this process is stopping: its players are handed over to another, and come back through it.
   */
  async disconnected(userId: string): Promise<void> {
    if (this.closing) return;
    if ((await this.deps.online([userId])).has(userId)) return;
    await this.leave(userId);
  }

  /** Looks for matches after what is running now (a join's look, the timer's). */
  private soon(): void {
    void this.check().catch((error: unknown) =>
      this.deps.log.warn({ err: error }, 'matching players failed'),
    );
  }

  /**
   * One look at the queue (one at a time in this process; asked again meanwhile, it looks once more after): the
   * heartbeat, stale rows out, matches claimed by another process that did not finish, then new matches. Answers the
   * ids of the tables made.
   */
  check(): Promise<string[]> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      const made: string[] = [];
      try {
        do {
          this.again = false;
          if (this.closing) break;
          made.push(...(await this.look()));
        } while (this.again);
      } finally {
        this.running = null;
      }
      return made;
    })();
    return this.running;
  }

  private async look(): Promise<string[]> {
    const { db, time, settings } = this.deps;
    const now = time.now();
    const here = [...new Set(this.deps.connectedHere())];
    for (let k = 0; k < here.length; k += 500) {
      await db
        .updateTable('play_queue')
        .set({ seen_at: now })
        .where('user_id', 'in', here.slice(k, k + 500))
        .where('table_id', 'is', null)
        .execute();
    }
    await db
      .deleteFrom('play_queue')
      .where('table_id', 'is', null)
      .where('seen_at', '<', now - settings.staleSeconds * 1000)
      .execute();
    await db
      .deleteFrom('play_queue')
      .where('table_id', 'is not', null)
      .where('matched_at', '<', now - MATCHED_KEPT_MS)
      .execute();
    const made: string[] = [];
    // Matches claimed a while ago whose table is not started: their process stopped before it was (or is slow: making
    // a table twice is harmless, `openSeated` starts the one table of that id once).
    const unfinished = await db
      .selectFrom('play_queue')
      .leftJoin('tables', 'tables.id', 'play_queue.table_id')
      .select('play_queue.table_id')
      .distinct()
      .where('play_queue.table_id', 'is not', null)
      .where('play_queue.matched_at', '<=', now - RESUME_AFTER_MS)
      .where((eb) => eb.or([eb('tables.id', 'is', null), eb('tables.status', '=', 'open')]))
      .execute();
    for (const { table_id } of unfinished) if (table_id && (await this.make(table_id))) made.push(table_id);
    const rows = await db.selectFrom('play_queue').selectAll().where('table_id', 'is', null).execute();
    const waiting: Waiting[] = rows.map((row) => ({
      userId: row.user_id,
      game: row.game,
      players: row.players,
      botsAfterMs: row.bots_after_ms,
      botLevel: isBotLevel(row.bot_level) ? row.bot_level : DEFAULT_QUEUE_BOTS,
      rating: row.rating,
      joinedAt: Number(row.joined_at),
      reliability: {
        registered: row.registered === 1,
        share: row.reliability_share ?? null,
        floor: storedFloor(row.reliability_floor),
      },
    }));
    const seats = (id: string) => {
      const game = this.deps.games.get(id);
      return game ? { min: game.minPlayers, max: game.maxPlayers } : undefined;
    };
    for (const match of findMatches(waiting, seats, windowRule(settings), now)) {
      const tableId = await this.claim(match, now);
      if (tableId !== null && (await this.make(tableId))) made.push(tableId);
    }
    return made;
  }

  /**
   * Claims the match's rows for a new table's id, all or none, in one transaction: the update takes only rows still
   * waiting, and when it took fewer than the match's players (another process claimed one first, or a player left),
   * the transaction is rolled back. On PostgreSQL the second of two claims of one row waits for the first and then
   * finds it taken. Answers the id, or null when nothing was claimed.
   */
  private async claim(match: Match, now: number): Promise<string | null> {
    const tableId = randomId(10);
    const ids = match.people.map((person) => person.userId);
    try {
      await this.deps.db.transaction().execute(async (tx) => {
        const claimed = await tx
          .updateTable('play_queue')
          .set({ table_id: tableId, matched_at: now, match_players: match.players, match_bots: match.bots })
          .where('user_id', 'in', ids)
          .where('table_id', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== ids.length) throw new Unclaimed();
      });
    } catch (error) {
      if (error instanceof Unclaimed || isDeadlock(error)) return null;
      throw error;
    }
    return tableId;
  }

  /**
   * Makes and starts the table a match claimed: its players seated in the order they joined, bots in the seats left,
   * rated as a lobby's table when every player is registered. Then tells the players. Answers whether it started it.
   */
  private async make(tableId: string): Promise<boolean> {
    const { db, accounts, service, tables } = this.deps;
    const rows = await db
      .selectFrom('play_queue')
      .selectAll()
      .where('table_id', '=', tableId)
      .orderBy('joined_at')
      .orderBy('user_id')
      .execute();
    const first = rows[0];
    if (!first) return false;
    const people: Person[] = rows.map((row) => ({ id: row.user_id, name: row.name }));
    const players = first.match_players ?? people.length;
    const level = isBotLevel(first.match_bots) ? first.match_bots : DEFAULT_QUEUE_BOTS;
    // The table shows the highest floor its players asked (nobody else sits there: all met it when matched).
    const floor = Math.max(0, ...rows.map((row) => storedFloor(row.reliability_floor)));
    const exists = await db.selectFrom('tables').select('id').where('id', '=', tableId).executeTakeFirst();
    // Bots are made only for a table not made yet (one that exists has its seats already).
    const bots: Person[] = [];
    if (!exists)
      for (let k = people.length; k < players; k++)
        bots.push({ ...(await accounts.createBot(level)), bot: level });
    let started: boolean;
    try {
      const outcome = await tables.dispatch(
        service.openSeated({
          id: tableId,
          game: first.game,
          options: {},
          host: people[0] as Person,
          seats: [...people, ...bots],
          clock: null,
          rated: rows.every((row) => row.registered === 1) ? null : false,
          reliability: storedFloor(floor),
        }),
      );
      started = outcome !== null;
    } catch (error) {
      if (bots.length > 0)
        await db
          .deleteFrom('users')
          .where(
            'id',
            'in',
            bots.map((bot) => bot.id),
          )
          .execute();
      // Another process made it at the same moment: it starts it, and tells the players.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    for (const row of rows) this.deps.tell(row.user_id, tableId);
    return started;
  }

  private async ratingOf(userId: string, game: string): Promise<number> {
    const row = await this.deps.db
      .selectFrom('ratings')
      .select(['mu', 'sigma'])
      .where('player_id', '=', userId)
      .where('game', '=', game)
      .executeTakeFirst();
    return Math.round(shownRating(row ?? initialRating()));
  }

  private info(row: Row, now: number): QueueEntryInfo {
    return {
      game: row.game,
      players: row.players,
      botsAfter: row.bots_after_ms === null ? null : Math.round(row.bots_after_ms / 1000),
      botLevel: isBotLevel(row.bot_level) ? row.bot_level : DEFAULT_QUEUE_BOTS,
      reliability: storedFloor(row.reliability_floor),
      rating: row.rating,
      waitedMs: Math.max(0, now - Number(row.joined_at)),
      window: windowRule(this.deps.settings),
      tableId: row.table_id,
    };
  }
}

/** A claim that found fewer rows waiting than its match's players: rolled back. */
class Unclaimed extends Error {}

/** PostgreSQL's deadlock (40P01) or serialization failure (40001): the claim lost a race, and claims nothing. */
function isDeadlock(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}
