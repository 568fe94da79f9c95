import type { BotLevel } from '@skyline/bots';
import { BotLevelName, ClockSetting } from '@skyline/protocol';
import type { User } from '../auth.js';
import { describeClock, readClockOption } from '../clocks/clocks.js';
import { clockColumns, clocksAt } from '../clocks/table-clocks.js';
import { randomId } from '../ids.js';
import { together, type Outcome, type TableChange } from './change.js';
import { connectedToTable, systemLine, type TableContext } from './context.js';
import { TableError } from './errors.js';
import { drawChance } from './moves.js';
import { parsedOptions, seatOf, versionOf, type LiveTable, type Person } from './live.js';
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
    },
  ): Promise<Outcome<LiveTable>> {
    const { games } = this.context;
    const game = games.get(request.game);
    if (!game)
      throw new TableError(`unknown game "${request.game}" (games: ${[...games.keys()].join(', ')})`);
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
      clock: request.clock ?? null,
      clocks: null,
      standInLevel: request.standIn ?? 'greedy',
    };
    await this.context.store.insert(table);
    this.context.copies.add(table);
    return { ack: table, change: { table, seating: true } };
  }

  /**
   * A player may host only so many open tables at once, and create only so many a minute (`Limits`): one guest once
   * filled the lobby with 400 empty tables in two seconds.
   */
  private async requireRoomForATable(user: User): Promise<void> {
    const open = await this.context.db
      .selectFrom('tables')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('host_id', '=', user.id)
      .where('status', '=', 'open')
      .where('broken', 'is', null)
      .executeTakeFirstOrThrow();
    const most = this.context.limits.settings.openTablesPerPlayer;
    if (Number(open.count) >= most)
      throw new TableError(
        `you already host ${most} open table${most > 1 ? 's' : ''}: start or leave one before you open another`,
      );
    await this.context.limits.take('tables', `u:${user.id}`);
  }

  async who(table: LiveTable): Promise<Outcome<string>> {
    const connected = await connectedToTable(this.context, table.id);
    const seats = table.seats.map((person, seat) => {
      if (!person) return `seat ${seat}: free`;
      const marks = [
        person.id === table.host.id ? 'host' : '',
        connected.has(person.id) ? '' : 'disconnected',
        person.standIn ? `a ${person.standIn} bot plays for ${person.name}` : '',
        person.resignedAt !== null && person.resignedAt !== undefined ? 'resigned' : '',
      ].filter(Boolean);
      return `seat ${seat}: ${person.name}${marks.length ? ` (${marks.join(', ')})` : ''}`;
    });
    return { ack: [`${table.game.title}, ${table.status}`, ...seats].join('\n'), change: null };
  }

  async join(table: LiveTable, user: User, wanted: number | undefined): Promise<Outcome<string>> {
    requireOpen(table, 'joining');
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
    const stored = written(
      await this.context.store.change(table, {}, async (tx) => {
        await tx.insertInto('seats').values({ table_id: table.id, seat, user_id: user.id }).execute();
      }),
    );
    table.seats[seat] = { id: user.id, name: user.name };
    const said = await systemLine(this.context, table, `${user.name} sits at seat ${seat}`);
    return { ack: `you sit at seat ${seat}`, change: together(seated(table, stored), said) };
  }

  async leave(table: LiveTable, user: User): Promise<Outcome<string>> {
    const seat = seatOf(table, user.id);
    if (seat === null) throw new TableError('you do not sit at this table');
    if (table.status !== 'open') throw new TableError('the game has started: /resign to give up');
    const change = await this.unseat(table, seat);
    const said = await systemLine(this.context, table, `${user.name} left seat ${seat}`);
    return { ack: `you left seat ${seat}`, change: together(change, said) };
  }

  async kick(table: LiveTable, user: User, name: string): Promise<Outcome<string>> {
    requireHost(table, user, 'kick players');
    requireOpen(table, 'kicking');
    const seat = table.seats.findIndex((person) => person?.name.toLowerCase() === name.toLowerCase());
    if (seat < 0) throw new TableError(`${name} does not sit at this table`);
    if (table.seats[seat]?.id === user.id) throw new TableError('you cannot kick yourself: /leave');
    const kicked = (table.seats[seat] as Person).name;
    const change = await this.unseat(table, seat);
    const said = await systemLine(this.context, table, `${user.name} sent ${kicked} back to the audience`);
    return { ack: `${kicked} no longer sits at seat ${seat}`, change: together(change, said) };
  }

  /** Frees a seat; a host who leaves hands the table to another seated person (never a bot). */
  private async unseat(table: LiveTable, seat: number): Promise<TableChange | null> {
    const person = table.seats[seat] as Person;
    let newHost: Person | null = null;
    if (person.id === table.host.id) {
      // With no other person seated, the host stays host (of a table of bots, say).
      newHost = table.seats.find((other) => other !== null && other.id !== person.id && !other.bot) ?? null;
    }
    const stored = written(
      await this.context.store.change(table, newHost ? { host_id: newHost.id } : {}, async (tx) => {
        await tx.deleteFrom('seats').where('table_id', '=', table.id).where('seat', '=', seat).execute();
      }),
    );
    table.seats[seat] = null;
    if (newHost) table.host = newHost;
    const change = seated(table, stored);
    if (!newHost) return change;
    return together(change, await systemLine(this.context, table, `${newHost.name} is now the host`));
  }

  async seatBot(table: LiveTable, user: User, level: BotLevel): Promise<Outcome<string>> {
    requireHost(table, user, 'seat bots');
    requireOpen(table, 'seating bots');
    const seat = table.seats.findIndex((person) => person === null);
    if (seat < 0) throw new TableError('every seat is taken');
    const seatedBots = await this.botSeatsHostedBy(user.id);
    if (seatedBots >= this.context.botSeatsPerPlayer) {
      throw new TableError(
        `you already have ${seatedBots} bot seat${seatedBots === 1 ? '' : 's'} at your tables, the most one player may have: ` +
          'bots think on the server, so they are shared out',
      );
    }
    const bot = await this.context.accounts.createBot(level);
    const stored = written(
      await this.context.store.change(table, {}, async (tx) => {
        await tx.insertInto('seats').values({ table_id: table.id, seat, user_id: bot.id }).execute();
      }),
    );
    table.seats[seat] = { ...bot, bot: level };
    const said = await systemLine(this.context, table, `${user.name} seats ${bot.name} at seat ${seat}`);
    return { ack: `${bot.name} sits at seat ${seat}`, change: together(seated(table, stored), said) };
  }

  /** How many bot seats there are at the tables not over that `userId` hosts. */
  private async botSeatsHostedBy(userId: string): Promise<number> {
    const row = await this.context.db
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

  async setOption(table: LiveTable, user: User, option: string, value: unknown): Promise<Outcome<string>> {
    requireHost(table, user, 'change the options');
    requireOpen(table, 'options can be changed');
    if (option === 'clock') return this.setClock(table, user, value);
    if (option === 'standin') return this.setStandIn(table, user, value);
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
      const taken = table.seats.findIndex((person, seat) => person !== null && seat >= value);
      if (taken >= 0) throw new TableError(`seat ${taken} is taken: it must be free to remove it`);
      players = value;
    } else {
      if (!OPTION_NAME.test(option)) throw new TableError(`${table.game.title} has no option "${option}"`);
      options[option] = value;
    }
    const parsed = table.game.parseOptions(players, options);
    if (!parsed.ok) throw new TableError(parsed.reason);
    const stored = written(
      await this.context.store.change(table, { options: JSON.stringify(options), players }),
    );
    table.options = options;
    table.seats = Array.from({ length: players }, (_, seat) => table.seats[seat] ?? null);
    table.players = players;
    const said = option === 'players' ? `${players} seats` : `${option} = ${JSON.stringify(value)}`;
    const line = await systemLine(this.context, table, `${user.name} set ${said}`);
    return { ack: `set ${said}`, change: together(seated(table, stored), line) };
  }

  /** `/option clock ...`: the table's clock (a table setting, not a game option). */
  private async setClock(table: LiveTable, user: User, value: unknown): Promise<Outcome<string>> {
    const read = readClockOption(value, ClockSetting);
    if (!read.ok) throw new TableError(read.error);
    const stored = written(
      await this.context.store.change(table, {
        clock: read.clock === null ? null : JSON.stringify(read.clock),
      }),
    );
    table.clock = read.clock;
    const said = describeClock(read.clock);
    const line = await systemLine(this.context, table, `${user.name} set ${said}`);
    return { ack: `set ${said}`, change: together(seated(table, stored), line) };
  }

  /** `/option standin LEVEL`: the bot that plays for absent or resigned players. */
  private async setStandIn(table: LiveTable, user: User, value: unknown): Promise<Outcome<string>> {
    const level = BotLevelName.safeParse(value);
    if (!level.success) throw new TableError('usage: /option standin random|greedy|ismcts');
    const stored = written(
      await this.context.store.change(table, { stand_in: level.data === 'greedy' ? null : level.data }),
    );
    table.standInLevel = level.data;
    const said = `${level.data} bots play for absent players`;
    const line = await systemLine(this.context, table, `${user.name}: ${said}`);
    return { ack: said, change: together(seated(table, stored), line) };
  }

  async start(table: LiveTable, user: User): Promise<Outcome<string>> {
    requireHost(table, user, 'start the game');
    requireOpen(table, 'starting');
    const free = table.seats.filter((person) => person === null).length;
    if (free > 0) throw new TableError(`waiting for ${free} more player${free > 1 ? 's' : ''}`);
    if (!(await this.botsMayPlay(table))) {
      throw new TableError('a game of bots only plays while you watch it: open the table to start it');
    }
    const state = table.game.setup(table.players, parsedOptions(table));
    const entries = drawChance(table.game, state);
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
      ack: 'the game starts',
      change: together(change, await systemLine(this.context, table, 'the game starts')),
    };
  }

  /**
   * Whether the table's bots may play now: a person sits at the table, or the person who started a table of bots
   * (its host) has its page open. Nobody can leave bots thinking for no one.
   */
  async botsMayPlay(table: LiveTable): Promise<boolean> {
    if (table.seats.some((person) => person !== null && !person.bot)) return true;
    return (await connectedToTable(this.context, table.id)).has(table.host.id);
  }
}

/** The change of a table whose seats, host or options were stored. */
function seated(table: LiveTable, stored: { sync?: TableChange['sync'] }): TableChange {
  return { table, seating: true, sync: stored.sync };
}

function requireOpen(table: LiveTable, what: string): void {
  if (table.status !== 'open') throw new TableError(`the game has started: ${what} only before the start`);
}

export function requireHost(table: LiveTable, user: User, what: string): void {
  if (table.host.id !== user.id) throw new TableError(`only the host (${table.host.name}) can ${what}`);
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
