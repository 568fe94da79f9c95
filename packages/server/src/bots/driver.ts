import type { BotLevel } from '@skyline/bots';
import { KeyedRng } from '@skyline/engine/keyed-rng';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { Lease } from '../lease.js';
import { Periodic } from '../periodic.js';
import { botLevelOf, versionOf, type LiveTable } from '../tables/live.js';
import type { TableDispatcher } from '../tables/dispatcher.js';
import type { TableService } from '../tables/service.js';
import { botMoveClientId } from '../tables/take-back.js';
import type { BotPool } from './pool.js';

export interface BotSettings {
  /** The least time a bot takes over a move, so that people can follow (`BOT_DELAY_MS`, default 700). */
  delayMs: number;
  /** How long an ISMCTS bot thinks (`BOT_THINK_MS`, default 1000). */
  thinkMs: number;
  /** How long a process's claim to drive a table's bots lasts without renewal (`BOT_LEASE_MS`, default 10000). */
  leaseMs: number;
}

/** How long a table's bots, once allowed to play, are not asked again whether they still may. */
const MAY_PLAY_MS = 1000;

/**
 * Plays the bot seats of the tables: whenever a table moves on and a bot is awaited, asks the bot (in a worker
 * thread, with the bot seat's view and legal moves only) and sends its move like any player's.
 *
 * Bots are patient: one bot of a table thinks at a time, and a bot seat is asked once per change of what it sees. In
 * a simultaneous step (Chinatown's trading, where every seat stays awaited until all are ready) a bot may answer that
 * it waits; it is asked again only once its view has changed, so that it never undoes its own decision on nothing
 * (see `WAIT` in `@skyline/bots`). The awaited bot seats are asked in turn, so every bot answers the offers made to it.
 *
 * Bots play only where a person sits, or while the person who started a table of bots watches it (see
 * `TableService.botsMayPlay`); their requests share the worker pool fairly between players and tables (`BotPool`).
 *
 * With several processes, exactly one drives a table's bots at a time: it holds a lease on the table in the database,
 * renewed as it plays; when that process dies the lease runs out and another process takes the table over.
 */
export class BotDriver {
  /** Tables with a bot thinking now (one at a time per table in this process). */
  private readonly thinking = new Set<string>();
  /** Per table, per bot seat: its view (as JSON) when it last answered that it waits. */
  private readonly waiting = new Map<string, Map<number, string>>();
  /** Per table, the bot seat asked last (the next one asked is the first awaited after it). */
  private readonly lastAsked = new Map<string, number>();
  /** Per table, until when its bots are known to be allowed to play (see `mayPlay`). */
  private readonly mayPlayUntil = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sweeps: Periodic;
  private readonly lease: Lease;
  private closed = false;

  constructor(
    private readonly service: TableService,
    /** Where the bots' moves are published from, and every move told here is heard. */
    private readonly tables: TableDispatcher,
    private readonly pool: BotPool,
    private readonly db: Kysely<Database>,
    private readonly settings: BotSettings,
    processId: string,
    private readonly log: FastifyBaseLogger,
  ) {
    const intervalMs = Math.min(1000, Math.max(100, settings.leaseMs / 2));
    this.sweeps = new Periodic(() => this.sweep(), intervalMs, log, 'bot sweep failed');
    this.lease = new Lease(db, 'tables', processId, settings.leaseMs, () => Date.now());
    // Every move told here (people's, bots', another process's) may await a bot.
    tables.subscribe({ gameAdvanced: (table) => this.advanced(table) });
  }

  /** Resumes the games with bots that nobody drives (after a restart, or when another process died), then keeps looking. */
  start(): void {
    void this.sweeps.run();
    this.sweeps.start();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    await this.sweeps.stop();
    await this.lease.releaseAll();
  }

  /** The table moved on (or started): play its awaited bots. */
  advanced(table: LiveTable): void {
    if (this.closed) return;
    if (table.status !== 'playing') {
      this.forget(table.id);
      return;
    }
    if (this.thinking.has(table.id)) return; // looked at again once that bot has answered
    const seat = this.nextBot(table);
    if (seat === null) return;
    this.thinking.add(table.id);
    this.lastAsked.set(table.id, seat);
    void this.play(table.id, seat)
      .then(
        (asked) => asked,
        (error: unknown) => {
          this.log.warn({ err: error, table: table.id }, 'bot move failed');
          return false; // the sweep tries again within a second, not at once
        },
      )
      .then((asked) => {
        this.thinking.delete(table.id);
        // The bot's own move, or anyone's move made while it thought, may concern a bot (itself included). A bot
        // that was not asked (another process drives the table, or nobody watches it) is left to the sweep.
        if (asked)
          void this.service.get(table.id).then(
            (fresh) => this.advanced(fresh),
            () => undefined,
          );
      });
  }

  private forget(tableId: string): void {
    this.waiting.delete(tableId);
    this.lastAsked.delete(tableId);
    this.mayPlayUntil.delete(tableId);
  }

  /**
   * `TableService.botsMayPlay`, trusted for a second once true: with several processes it asks them all who watches
   * the table, which a table of bots would otherwise do before every answer of every bot.
   */
  private async mayPlay(table: LiveTable): Promise<boolean> {
    if (Date.now() < (this.mayPlayUntil.get(table.id) ?? 0)) return true;
    const allowed = await this.service.botsMayPlay(table);
    if (allowed) this.mayPlayUntil.set(table.id, Date.now() + MAY_PLAY_MS);
    else this.mayPlayUntil.delete(table.id);
    return allowed;
  }

  /**
   * The awaited bot seat to ask now: the first after the one asked last (in seat order, around the table) whose view
   * changed since it last waited; null when none.
   */
  private nextBot(table: LiveTable): number | null {
    const awaited = table.game
      .active(table.state)
      .filter((actor): actor is number => actor !== 'chance' && botLevelOf(table.seats[actor]) !== null);
    if (awaited.length === 0) return null;
    const after = this.lastAsked.get(table.id) ?? -1;
    const order = [...awaited.filter((seat) => seat > after), ...awaited.filter((seat) => seat <= after)];
    const waited = this.waiting.get(table.id);
    for (const seat of order) {
      const since = waited?.get(seat);
      if (since === undefined || since !== viewKey(table, seat)) return seat;
    }
    return null;
  }

  /** Asks the bot at `seat` and plays its move, or notes that it waits; false if it was not asked. */
  private async play(tableId: string, seat: number): Promise<boolean> {
    if (!(await this.lease.claim(tableId))) return false;
    let table = await this.service.get(tableId);
    // A seated bot, or a bot standing in for a player who is out of time, resigned or was claimed.
    const person = table.seats[seat];
    const level = botLevelOf(person);
    if (
      !person ||
      level === null ||
      table.status !== 'playing' ||
      !table.game.active(table.state).includes(seat)
    )
      return false;
    // A table of bots only plays while the person who started it watches (the sweep looks again every second).
    if (!(await this.mayPlay(table))) return false;
    const version = versionOf(table);
    const view = table.game.view(table.state, seat);
    const legalMoves = [...table.game.legalMoves(table.state, seat)];
    const started = Date.now();
    const response = await this.pool.ask(
      {
        game: table.game.id,
        level,
        view,
        seat,
        legalMoves,
        budget: { ms: this.settings.thinkMs },
        key: KeyedRng.newKey(),
        mayWait: true,
      },
      { owner: table.host.id, table: tableId },
    );
    if ('error' in response) throw new Error(response.error);
    const waiting = this.waiting.get(tableId) ?? new Map<number, string>();
    this.waiting.set(tableId, waiting);
    if ('wait' in response) {
      // Asked again only once what it sees differs from this.
      waiting.set(seat, JSON.stringify(view));
      return true;
    }
    waiting.delete(seat);
    await this.wait(this.settings.delayMs - (Date.now() - started));
    if (this.closed) return false;
    table = await this.service.get(tableId);
    if (versionOf(table) !== version) return true; // someone else moved meanwhile: think again on the new position
    if (botLevelOf(table.seats[seat]) === null) return true; // the player took the seat back meanwhile
    const user = { id: person.id, name: person.name, registered: false };
    const result = await this.tables.dispatch(
      this.service.move(
        user,
        tableId,
        version,
        botMoveClientId(seat, version),
        'move' in response ? response.move : legalMoves[response.index],
      ),
    );
    if (!result.ok) this.log.warn({ table: tableId, seat, error: result.error }, 'bot move refused');
    return result.ok;
  }

  private wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /** Finds the games in progress with a bot seat whose lease is free or ran out, and plays them. */
  private async sweep(): Promise<void> {
    const rows = await this.db
      .selectFrom('tables')
      .innerJoin('seats', 'seats.table_id', 'tables.id')
      .innerJoin('users', 'users.id', 'seats.user_id')
      .select('tables.id')
      .distinct()
      .where('tables.status', '=', 'playing')
      .where((eb) => eb.or([eb('users.bot_level', 'is not', null), eb('seats.stand_in', 'is not', null)]))
      .where(this.lease.free())
      .limit(500)
      .execute();
    for (const { id } of rows) {
      if (this.closed) return;
      this.advanced(await this.service.get(id));
    }
  }
}

/** What the bot at `seat` sees now, as a key to compare with what it saw when it last waited. */
function viewKey(table: LiveTable, seat: number): string {
  return JSON.stringify(table.game.view(table.state, seat));
}

export type { BotLevel };
