import type { BotLevel } from '@skyline/bots';
import {
  BOT_LEVELS,
  BotLevelName,
  ClockSetting,
  reply,
  words,
  type Params,
  type Reply,
} from '@skyline/protocol';
import type { ReliabilityFloor } from '@skyline/protocol';
import type { Kysely } from 'kysely';
import type { User } from '../auth.js';
import { clockParam, describeClock, readClockOption } from '../clocks/clocks.js';
import { clockColumns, clocksAt } from './table-clocks.js';
import { lockUser } from '../db/locks.js';
import type { Database } from '../db/schema.js';
import { randomId } from '../ids.js';
import { together, type Outcome, type TableChange } from './change.js';
import { connectedToTable, systemLine, type TableContext } from './context.js';
import { TableError, optionsRefused } from '../refusals.js';
import { chanceSourceOf, drawChance } from './moves.js';
import { parsedOptions, seatOf, versionOf, type LiveTable, type Person, type TableDeal } from './live.js';
import { written } from './store.js';

/**
 * Before the game: creating a table, sitting down and standing up, bots, options and the start. Each handler checks,
 * stores, and returns the answer for the sender with the change for everyone else.
 */
export class Seating {
  constructor(private readonly context: TableContext) {}

  async create(
    user: User,
    request: {
      game: string;
      players: number;
      options?: Record<string, unknown>;
      clock?: ClockSetting | null;
      standIn?: BotLevel;
      rated?: boolean;
      private?: boolean;
      spectators?: 'anyone' | 'invited';
      reliability?: ReliabilityFloor;
      /** "Play again" (`friends/again.ts`): the finished table it follows, and whether bots fill the seats left. */
      againOf?: string;
      againBots?: boolean;
      /** The host's seat (0 unless a table played again rotates the seats). */
      hostSeat?: number;
    },
  ): Promise<Outcome<LiveTable>> {
    const { games } = this.context;
    const game = games.get(request.game);
    if (!game)
      throw new TableError('game.unknown', { game: request.game, games: [...games.keys()].join(', ') });
    if (request.players < game.minPlayers || request.players > game.maxPlayers) {
      throw new TableError('game.players', { game: game.title, min: game.minPlayers, max: game.maxPlayers });
    }
    const options = ownOptions(request.options ?? {});
    const parsed = game.parseOptions(request.players, options);
    if (!parsed.ok) throw optionsRefused(game, parsed);
    // A guest is never rated: its table would say "rated" and end "not rated".
    if (request.rated === true && !user.registered) throw new TableError('rating.guestHost');
    await this.requireRoomForATable(this.context.db, user);
    await this.context.limits.take('tables', `u:${user.id}`);
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
      seats: Array.from({ length: request.players }, (_, seat) =>
        seat === (request.hostSeat ?? 0) ? host : null,
      ),
      state: null,
      log: [],
      clientIds: new Map(),
      resignation: null,
      // Unsaid: rated if no bot sits at the table (`ratedSetting`), but only a registered host's tables by default.
      rated: request.rated ?? (user.registered ? null : false),
      clock: request.clock ?? null,
      clocks: null,
      standInLevel: request.standIn ?? 'greedy',
      private: request.private ?? false,
      spectators: request.spectators ?? 'anyone',
      againOf: request.againOf ?? null,
      againBots: request.againBots ?? false,
      reliabilityFloor: request.reliability ?? 0,
    };
    // Counted again where it counts: in the insert's transaction, under a lock on the host's row. Five tables
    // created at once (on one socket, or in several processes) would otherwise each count the same open tables.
    await this.context.store.insert(table, async (tx) => {
      await lockUser(tx, user.id);
      await this.requireRoomForATable(tx, user);
    });
    this.context.copies.add(table);
    return { ack: table, change: { table, seating: true } };
  }

  /**
   * A player may host only so many open tables at once, and create only so many a minute (`Limits`): one guest once
   * filled the lobby with 400 empty tables in two seconds. Asked first without a lock, so that a refusal does not
   * spend the minute's allowance, then again in the insert's transaction (`create`).
   */
  private async requireRoomForATable(db: Kysely<Database>, user: User): Promise<void> {
    const most = this.context.limits.settings.openTablesPerPlayer;
    if ((await openTablesHostedBy(db, user.id)) >= most) throw new TableError('tables.tooMany', { n: most });
  }

  async who(table: LiveTable): Promise<Outcome<Reply>> {
    const connected = await connectedToTable(this.context, table.id);
    const seats = table.seats.map((person, seat) => {
      if (!person) return words('who.free', { seat: seat + 1 });
      if (person.resignedAt !== null && person.resignedAt !== undefined)
        return words('who.resigned', { seat: seat + 1, name: person.name });
      if (person.standIn)
        return words('who.standIn', { seat: seat + 1, name: person.name, level: person.standIn });
      // A bot is never "disconnected": it plays from the server.
      // Nobody hosts a tournament's table: the tournament opened it.
      const host = person.id === table.host.id && !table.tournament;
      const away = !person.bot && !connected.has(person.id);
      const code = person.bot
        ? 'who.bot'
        : host
          ? away
            ? 'who.hostAway'
            : 'who.host'
          : away
            ? 'who.away'
            : 'who.seat';
      return words(code, { seat: seat + 1, name: person.name });
    });
    return { ack: reply(words(`who.${table.status}`, { game: table.game.title }), ...seats), change: null };
  }

  async join(table: LiveTable, user: User, wanted: number | undefined): Promise<Outcome<Reply>> {
    requireOpen(table, 'join');
    const current = seatOf(table, user.id);
    if (current !== null) throw new TableError('seat.already', { seat: current + 1 });
    let seat: number;
    if (wanted === undefined) {
      seat = table.seats.findIndex((person) => person === null);
      if (seat < 0) throw new TableError('seat.allTaken');
    } else {
      if (wanted >= table.players)
        throw new TableError('seat.none', { seat: wanted + 1, first: 1, last: table.players });
      if (table.seats[wanted])
        throw new TableError('seat.taken', { seat: wanted + 1, name: table.seats[wanted].name });
      seat = wanted;
    }
    const stored = written(
      await this.context.store.change(table, {}, async (tx) => {
        await tx.insertInto('seats').values({ table_id: table.id, seat, user_id: user.id }).execute();
      }),
    );
    table.seats[seat] = { id: user.id, name: user.name };
    const said = await systemLine(
      this.context,
      table,
      words('line.sits', { name: user.name, seat: seat + 1 }),
    );
    return {
      ack: reply(words('reply.sit', { seat: seat + 1 })),
      change: together(seated(table, stored), said),
    };
  }

  async leave(table: LiveTable, user: User): Promise<Outcome<Reply>> {
    const seat = seatOf(table, user.id);
    if (seat === null) throw new TableError('seat.notYours');
    if (table.status !== 'open') throw new TableError('seat.leaveStarted');
    const change = await this.unseat(table, seat);
    const said = await systemLine(
      this.context,
      table,
      words('line.left', { name: user.name, seat: seat + 1 }),
    );
    return { ack: reply(words('reply.left', { seat: seat + 1 })), change: together(change, said) };
  }

  async kick(table: LiveTable, user: User, name: string): Promise<Outcome<Reply>> {
    requireHost(table, user, 'kick');
    requireOpen(table, 'kick');
    const seat = table.seats.findIndex((person) => person?.name.toLowerCase() === name.toLowerCase());
    if (seat < 0) throw new TableError('kick.notSeated', { name });
    if (table.seats[seat]?.id === user.id) throw new TableError('kick.self');
    const kicked = (table.seats[seat] as Person).name;
    const change = await this.unseat(table, seat);
    const said = await systemLine(
      this.context,
      table,
      words('line.kicked', { host: user.name, name: kicked }),
    );
    return {
      ack: reply(words('reply.kicked', { name: kicked, seat: seat + 1 })),
      change: together(change, said),
    };
  }

  /**
   * Frees a seat. A host who leaves hands the table to the first other seated person (never a bot) who may host it:
   * one more open table and this table's bots within that person's limits, counted under a lock on their row, in the
   * transaction that stores the new host. Handing a table to whoever sat next once let a second account take over
   * tables and bots beyond its limits. With nobody who may, the host stays host (as of a table of bots).
   */
  private async unseat(table: LiveTable, seat: number): Promise<TableChange | null> {
    const person = table.seats[seat] as Person;
    const candidates =
      person.id === table.host.id
        ? table.seats.filter(
            (other): other is Person => other !== null && other.id !== person.id && !other.bot,
          )
        : [];
    const botsHere = table.seats.filter((other) => other?.bot).length;
    const handedTo: Person[] = [];
    const stored = written(
      await this.context.store.change(table, {}, async (tx) => {
        await tx.deleteFrom('seats').where('table_id', '=', table.id).where('seat', '=', seat).execute();
        for (const candidate of candidates) {
          await lockUser(tx, candidate.id);
          if (!(await this.mayHost(tx, candidate.id, botsHere))) continue;
          await tx.updateTable('tables').set({ host_id: candidate.id }).where('id', '=', table.id).execute();
          handedTo.push(candidate);
          return;
        }
      }),
    );
    table.seats[seat] = null;
    const newHost = handedTo[0];
    if (newHost) table.host = newHost;
    const change = seated(table, stored);
    if (!newHost) return change;
    return together(
      change,
      await systemLine(this.context, table, words('line.newHost', { name: newHost.name })),
    );
  }

  /** Whether `userId` may take over an open table with `bots` bots: one open table more, and those bot seats. */
  private async mayHost(db: Kysely<Database>, userId: string, bots: number): Promise<boolean> {
    const { limits, botSeatsPerPlayer } = this.context;
    return (
      (await openTablesHostedBy(db, userId)) < limits.settings.openTablesPerPlayer &&
      (await botSeatsHostedBy(db, userId)) + bots <= botSeatsPerPlayer
    );
  }

  async seatBot(table: LiveTable, user: User, level: BotLevel): Promise<Outcome<Reply>> {
    requireHost(table, user, 'bot');
    requireOpen(table, 'bot');
    const seat = table.seats.findIndex((person) => person === null);
    if (seat < 0) throw new TableError('seat.allTaken');
    // Asked first without a lock, so that a plain refusal makes no bot; then again under a lock on the host's row,
    // in the seat's transaction: /bot sent at once to several of one host's tables would each count the same seats.
    await this.requireRoomForABot(this.context.db, user.id);
    const bot = await this.context.accounts.createBot(level);
    const stored = await this.context.store
      .change(table, {}, async (tx) => {
        await lockUser(tx, user.id);
        await this.requireRoomForABot(tx, user.id);
        await tx.insertInto('seats').values({ table_id: table.id, seat, user_id: bot.id }).execute();
      })
      .then(written)
      .catch(async (error: unknown) => {
        // Not seated (refused, or the table changed meanwhile): the bot made for the seat sits nowhere, and goes.
        await this.context.db.deleteFrom('users').where('id', '=', bot.id).execute();
        throw error;
      });
    table.seats[seat] = { ...bot, bot: level };
    const said = await systemLine(
      this.context,
      table,
      words('line.bot', { host: user.name, name: bot.name, seat: seat + 1 }),
    );
    return {
      ack: reply(words('reply.bot', { name: bot.name, seat: seat + 1 })),
      change: together(seated(table, stored), said),
    };
  }

  /** Refuses a bot seat more to `userId` when the bot seats at the tables not over that it hosts reach the limit. */
  private async requireRoomForABot(db: Kysely<Database>, userId: string): Promise<void> {
    const seatedBots = await botSeatsHostedBy(db, userId);
    if (seatedBots >= this.context.botSeatsPerPlayer) throw new TableError('bots.tooMany', { n: seatedBots });
  }

  async setOption(table: LiveTable, user: User, option: string, value: unknown): Promise<Outcome<Reply>> {
    requireHost(table, user, 'option');
    requireOpen(table, 'option');
    if (option === 'rated') return this.setRated(table, user, value);
    if (option === 'clock') return this.setClock(table, user, value);
    if (option === 'standin') return this.setStandIn(table, user, value);
    let players = table.players;
    const options = ownOptions(table.options);
    if (option === 'players') {
      if (typeof value !== 'number' || !Number.isInteger(value)) throw new TableError('option.playersNumber');
      if (value < table.game.minPlayers || value > table.game.maxPlayers) {
        throw new TableError('game.players', {
          game: table.game.title,
          min: table.game.minPlayers,
          max: table.game.maxPlayers,
        });
      }
      const taken = table.seats.findIndex((person, seat) => person !== null && seat >= value);
      if (taken >= 0) throw new TableError('option.seatTaken', { seat: taken + 1 });
      players = value;
    } else {
      if (!OPTION_NAME.test(option))
        throw new TableError('option.unknown', { game: table.game.title, option: option.slice(0, 32) });
      options[option] = value;
    }
    const parsed = table.game.parseOptions(players, options);
    if (!parsed.ok) throw optionsRefused(table.game, parsed);
    const stored = written(
      await this.context.store.change(table, { options: JSON.stringify(options), players }),
    );
    table.options = options;
    table.seats = Array.from({ length: players }, (_, seat) => table.seats[seat] ?? null);
    table.players = players;
    const set: Params = option === 'players' ? { n: players } : { option, value: JSON.stringify(value) };
    const line = await systemLine(
      this.context,
      table,
      words(option === 'players' ? 'line.players' : 'line.option', { name: user.name, ...set }),
    );
    const said = words(option === 'players' ? 'reply.players' : 'reply.option', set);
    return { ack: reply(said), change: together(seated(table, stored), line) };
  }

  /** `/option rated on|off`: whether the game counts for the ratings (with bots, only if set on). */
  private async setRated(table: LiveTable, user: User, value: unknown): Promise<Outcome<Reply>> {
    const rated = RATED_VALUES.get(typeof value === 'string' ? value.toLowerCase() : value);
    if (rated === undefined) throw new TableError('command.usage', { usage: '/option rated on|off' });
    if (rated && !user.registered) throw new TableError('rating.guestHost');
    const stored = written(await this.context.store.change(table, { rated: Number(rated) }));
    table.rated = rated;
    const set: Params = { option: 'rated', value: rated ? 'on' : 'off' };
    const line = await systemLine(this.context, table, words('line.option', { name: user.name, ...set }));
    return { ack: reply(words('reply.option', set)), change: together(seated(table, stored), line) };
  }

  /** `/option clock ...`: the table's clock (a table setting, not a game option). */
  private async setClock(table: LiveTable, user: User, value: unknown): Promise<Outcome<Reply>> {
    const read = readClockOption(value, ClockSetting);
    if (!read.ok) throw new TableError(read.code);
    const stored = written(
      await this.context.store.change(table, {
        clock: read.clock === null ? null : JSON.stringify(read.clock),
      }),
    );
    table.clock = read.clock;
    // `value` is the English; `clock` lets a client say the setting in its player's language.
    const set: Params = { option: 'clock', value: describeClock(read.clock), clock: clockParam(read.clock) };
    const line = await systemLine(this.context, table, words('line.option', { name: user.name, ...set }));
    return { ack: reply(words('reply.option', set)), change: together(seated(table, stored), line) };
  }

  /** `/option standin LEVEL`: the bot that plays for absent or resigned players. */
  private async setStandIn(table: LiveTable, user: User, value: unknown): Promise<Outcome<Reply>> {
    const level = BotLevelName.safeParse(value);
    if (!level.success)
      throw new TableError('command.usage', { usage: `/option standin ${BOT_LEVELS.join('|')}` });
    const stored = written(
      await this.context.store.change(table, { stand_in: level.data === 'greedy' ? null : level.data }),
    );
    table.standInLevel = level.data;
    const set: Params = { option: 'standin', value: level.data };
    const line = await systemLine(this.context, table, words('line.option', { name: user.name, ...set }));
    return { ack: reply(words('reply.option', set)), change: together(seated(table, stored), line) };
  }

  async start(table: LiveTable, user: User): Promise<Outcome<Reply>> {
    requireHost(table, user, 'start');
    requireOpen(table, 'start');
    const free = table.seats.filter((person) => person === null).length;
    if (free > 0) throw new TableError('start.waiting', { n: free });
    if (!(await this.botsMayPlay(table))) {
      throw new TableError('bots.watch');
    }
    return this.begin(table);
  }

  /**
   * A table opened with every seat taken and started at once: a tournament's (a duplicate round's table with its
   * deal), or one "Play now" matched (`queue/`). The id is the opener's choice (one per round and table number; the
   * id a match claimed its players with), so that an opener that died between opening and starting a table finds it
   * and starts it instead of opening another. Answers null, with nothing changed, when it had started already.
   */
  async openSeated(spec: {
    id: string;
    game: string;
    options: Record<string, unknown>;
    host: Person;
    seats: Person[];
    clock: ClockSetting | null;
    /** `null`: as a table created in the lobby (rated unless a bot sits at it). */
    rated: boolean | null;
    tournament?: string;
    deal?: TableDeal | null;
    /** The table's reliability floor, shown on it ("play now": the highest its players asked); absent: none. */
    reliability?: ReliabilityFloor;
  }): Promise<Outcome<Reply> | null> {
    const game = this.context.games.get(spec.game);
    if (!game)
      throw new TableError('game.unknown', {
        game: spec.game,
        games: [...this.context.games.keys()].join(', '),
      });
    const existing = await this.context.db
      .selectFrom('tables')
      .select('id')
      .where('id', '=', spec.id)
      .executeTakeFirst();
    let table: LiveTable;
    if (existing) {
      table = await this.context.copies.get(spec.id);
      if (table.status !== 'open') return null;
    } else {
      table = {
        id: spec.id,
        game,
        players: spec.seats.length,
        options: ownOptions(spec.options),
        host: spec.host,
        status: 'open',
        revision: 0,
        createdAt: Date.now(),
        seats: [...spec.seats],
        state: null,
        log: [],
        clientIds: new Map(),
        resignation: null,
        rated: spec.rated,
        clock: spec.clock,
        clocks: null,
        standInLevel: 'greedy',
        ...(spec.reliability ? { reliabilityFloor: spec.reliability } : {}),
        ...(spec.tournament === undefined ? {} : { tournament: spec.tournament, deal: spec.deal ?? null }),
      };
      await this.context.store.insert(table);
      this.context.copies.add(table);
    }
    return this.begin(table);
  }

  /** The start: the first chance moves drawn, the clocks set running. */
  private async begin(table: LiveTable): Promise<Outcome<Reply>> {
    const state = table.game.setup(table.players, parsedOptions(table));
    const entries = drawChance(table.game, state, chanceSourceOf(table));
    table.clocks = null;
    const clocks = clocksAt(table, state, null, this.context.time.now());
    const stored = written(
      await this.context.store.append(table, entries, null, {
        status: 'playing',
        started_at: Date.now(),
        ...(clocks ? clockColumns(clocks) : {}),
      }),
    );
    const from = versionOf(table);
    table.clocks = clocks;
    table.state = state;
    table.status = 'playing';
    table.log.push(...entries);
    const change: TableChange = { table, seating: true, advancedFrom: from, sync: stored.sync };
    return {
      ack: reply(words('reply.start')),
      change: together(change, await systemLine(this.context, table, words('line.start'))),
    };
  }

  /**
   * Whether the table's bots may play now: a person sits at the table, or the person who started a table of bots
   * (its host) has its page open. Nobody can leave bots thinking for no one.
   */
  async botsMayPlay(table: LiveTable): Promise<boolean> {
    // A tournament's table plays on whoever watches: its round waits for it.
    if (table.tournament) return true;
    if (table.seats.some((person) => person !== null && !person.bot)) return true;
    return (await connectedToTable(this.context, table.id)).has(table.host.id);
  }
}

/** The change of a table whose seats, host or options were stored. */
function seated(table: LiveTable, stored: { sync?: TableChange['sync'] }): TableChange {
  return { table, seating: true, sync: stored.sync };
}

function requireOpen(table: LiveTable, what: 'join' | 'kick' | 'bot' | 'option' | 'start'): void {
  if (table.status !== 'open') throw new TableError(`started.${what}`);
}

export function requireHost(table: LiveTable, user: User, what: 'kick' | 'bot' | 'option' | 'start'): void {
  if (table.host.id !== user.id) throw new TableError(`host.${what}`, { host: table.host.name });
}

/** What `/option rated` takes (`/option rated` alone is `true`). */
const RATED_VALUES = new Map<unknown, boolean>([
  ['on', true],
  [true, true],
  ['off', false],
  [false, false],
]);

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

/** The open tables (not broken) that `userId` hosts. */
async function openTablesHostedBy(db: Kysely<Database>, userId: string): Promise<number> {
  const open = await db
    .selectFrom('tables')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('host_id', '=', userId)
    .where('status', '=', 'open')
    .where('broken', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(open.count);
}

/** The bot seats at the tables not over that `userId` hosts. */
export async function botSeatsHostedBy(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
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
