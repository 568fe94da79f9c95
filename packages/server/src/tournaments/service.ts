import type { AnyGame } from '@skyline/engine';
import {
  DEFAULT_TOURNAMENT_CLOCK,
  type CreateTournamentBody,
  type PlayerProfile,
  type TournamentDetail,
  type TournamentRatingChange,
  type TournamentRound,
  type TournamentSummary,
} from '@skyline/protocol';
import { duplicateComparison, placePoints, standings } from '@skyline/tournaments';
import type { Kysely } from 'kysely';
import type { Accounts, User } from '../auth.js';
import type { TimeSource } from '../clocks/clocks.js';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/errors.js';
import { lockUser } from '../db/locks.js';
import { randomId } from '../ids.js';
import { botPlayerId } from '../ratings/ended.js';
import { tournamentRatingChanges } from '../ratings/queries.js';
import { storedFloor } from '../ratings/reliability.js';
import { requireReliable } from '../ratings/reliability-query.js';
import { TableError, optionsRefused } from '../refusals.js';
import {
  lockOpen,
  nextRegistration,
  played,
  registrations,
  rounds,
  summaryOf,
  tournamentRow,
  type RoundRow,
  type TournamentRow,
} from './records.js';
import { profileWithoutRoundsInPlay } from '../tables/round-secrecy.js';

export interface TournamentLimits {
  /** The most tournaments not finished one player may organise. */
  openPerOrganiser: number;
}

/**
 * Tournaments: creating one, registering and unregistering until it starts, bots added by the organiser, the start
 * (asked by the organiser; done by the driver), and what the pages read. Everything that happens once it runs is the
 * driver's (`driver.ts`). Refusals are `TableError`s with `tournament.*` codes (coded, as the tables' refusals).
 */
export class Tournaments {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: Accounts,
    private readonly games: ReadonlyMap<string, AnyGame>,
    private readonly time: TimeSource,
    private readonly limits: TournamentLimits = { openPerOrganiser: 3 },
  ) {}

  async create(user: User, body: CreateTournamentBody): Promise<TournamentSummary> {
    if (!user.registered) throw new TableError('tournament.registeredOnly');
    const game = this.games.get(body.game);
    if (!game)
      throw new TableError('game.unknown', { game: body.game, games: [...this.games.keys()].join(', ') });
    const seats = body.seatsPerTable;
    if (seats < game.minPlayers || seats > game.maxPlayers)
      throw new TableError('tournament.seats', {
        game: game.title,
        min: game.minPlayers,
        max: game.maxPlayers,
        seats,
      });
    if (body.maxPlayers < seats) throw new TableError('tournament.tooFew', { n: seats });
    const options = Object.assign(Object.create(null) as Record<string, unknown>, body.options ?? {});
    const parsed = game.parseOptions(seats, options);
    if (!parsed.ok) throw optionsRefused(game, parsed);
    const now = this.time.now();
    if (body.startsAt !== undefined && body.startsAt !== null && body.startsAt <= now)
      throw new TableError('tournament.startsAt');
    const id = randomId(8);
    // Counted and inserted under a lock on the organiser's row: five created at once (in several processes) would
    // otherwise each count the same tournaments and all be inserted.
    await this.db.transaction().execute(async (tx) => {
      await lockUser(tx, user.id);
      const open = await tx
        .selectFrom('tournaments')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organiser_id', '=', user.id)
        .where('status', 'in', ['open', 'running'])
        .executeTakeFirstOrThrow();
      if (Number(open.count) >= this.limits.openPerOrganiser)
        throw new TableError('tournament.tooMany', { n: Number(open.count) });
      await tx
        .insertInto('tournaments')
        .values({
          id,
          name: body.name,
          game: game.id,
          options: JSON.stringify(options),
          seats_per_table: seats,
          clock: body.clock === null ? null : JSON.stringify(body.clock ?? DEFAULT_TOURNAMENT_CLOCK),
          rounds: body.rounds,
          format: body.format,
          duplicate: Number(body.duplicate),
          rated: Number(body.rated ?? false),
          max_players: body.maxPlayers,
          starts_at: body.startsAt ?? null,
          organiser_id: user.id,
          status: 'open',
          round: 0,
          winner_id: null,
          driver: null,
          lease_until: null,
          created_at: now,
          started_at: null,
          finished_at: null,
          reliability_floor: body.reliability ? body.reliability : null,
        })
        .execute();
      if (body.play)
        await tx
          .insertInto('tournament_players')
          .values({ tournament_id: id, user_id: user.id, registered_at: now })
          .execute();
    });
    return this.summary(await this.row(id));
  }

  /**
   * Registration, unregistration, bots and the start each run in one transaction that locks the tournament's row
   * first (`lockOpen`): two requests racing for the last place are served one after the other, the second counting
   * the first's registration; and the transaction that sets `running` (the start, or the driver's) finds every
   * registration made before it and none after, so round 1 seats exactly the players registered.
   */
  async register(user: User, id: string): Promise<TournamentSummary> {
    // The tournament's reliability floor (`ratings/reliability.ts`): read before the locking transaction, as it
    // never changes once the tournament is made.
    await requireReliable(this.db, user, storedFloor((await this.row(id)).reliability_floor));
    const row = await this.db
      .transaction()
      .execute(async (tx) => {
        const row = await lockOpen(tx, id);
        const players = await registrations(tx, id);
        if (players.some((player) => player.id === user.id)) throw new TableError('tournament.already');
        if (players.length >= row.max_players)
          throw new TableError('tournament.full', { n: row.max_players });
        await tx
          .insertInto('tournament_players')
          .values({
            tournament_id: id,
            user_id: user.id,
            registered_at: nextRegistration(players, this.time),
          })
          .execute();
        return row;
      })
      .catch((error: unknown) => {
        // The lock makes this unreachable; should the same player's row be there all the same, it is an answer.
        if (isUniqueViolation(error)) throw new TableError('tournament.already');
        throw error;
      });
    return this.summary(row);
  }

  async unregister(user: User, id: string): Promise<TournamentSummary> {
    const row = await this.db.transaction().execute(async (tx) => {
      const row = await lockOpen(tx, id);
      const removed = await tx
        .deleteFrom('tournament_players')
        .where('tournament_id', '=', id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw new TableError('tournament.notRegistered');
      return row;
    });
    return this.summary(row);
  }

  /** The organiser fills places with bots (each a bot user of its own, as bots seated at a table). */
  async addBots(user: User, id: string, level: string, count: number): Promise<TournamentSummary> {
    // Looked at first without a lock, so that a plain refusal makes no bots.
    const before = await this.openRow(id);
    await this.requireOrganiser(user, before);
    const room = before.max_players - (await registrations(this.db, id)).length;
    if (count > room) throw new TableError('tournament.full', { n: before.max_players });
    // Made outside the transaction: on SQLite a query outside it would wait for the connection it holds.
    const bots: string[] = [];
    for (let k = 0; k < count; k++) bots.push((await this.accounts.createBot(level)).id);
    const row = await this.db
      .transaction()
      .execute(async (tx) => {
        const row = await lockOpen(tx, id);
        const players = await registrations(tx, id);
        if (count > row.max_players - players.length)
          throw new TableError('tournament.full', { n: row.max_players });
        let at = nextRegistration(players, this.time);
        await tx
          .insertInto('tournament_players')
          .values(bots.map((bot) => ({ tournament_id: id, user_id: bot, registered_at: at++ })))
          .execute();
        return row;
      })
      .catch(async (error: unknown) => {
        // Places taken meanwhile (or the start came first): the bots made for them sit nowhere, and go.
        await this.db.deleteFrom('users').where('id', 'in', bots).execute();
        throw error;
      });
    return this.summary(row);
  }

  /**
   * The organiser starts it now: registration closes in this transaction (`running`), with the players it counted;
   * the driver pairs the first round at its next look, in whichever process.
   */
  async start(user: User, id: string): Promise<TournamentSummary> {
    await this.requireOrganiser(user, await this.openRow(id));
    await this.db.transaction().execute(async (tx) => {
      const row = await lockOpen(tx, id);
      const players = await registrations(tx, id);
      if (players.length < row.seats_per_table)
        throw new TableError('tournament.tooFew', { n: row.seats_per_table });
      const now = this.time.now();
      await tx
        .updateTable('tournaments')
        .set({ status: 'running', starts_at: now, started_at: now })
        .where('id', '=', id)
        .execute();
    });
    return this.summary(await this.row(id));
  }

  // What pages read -----------------------------------------------------------------------------------------------

  /** A player's profile without the results of duplicate rounds still played (see `tables/round-secrecy.ts`). */
  withoutRoundsInPlay(profile: PlayerProfile): Promise<PlayerProfile> {
    return profileWithoutRoundsInPlay(this.db, profile);
  }

  async list(): Promise<{
    upcoming: TournamentSummary[];
    running: TournamentSummary[];
    finished: TournamentSummary[];
  }> {
    const rows = await this.db
      .selectFrom('tournaments')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(300)
      .execute();
    const summaries = await this.summaries(rows);
    return {
      upcoming: summaries.filter((t) => t.status === 'open'),
      running: summaries.filter((t) => t.status === 'running'),
      finished: summaries.filter((t) => t.status === 'finished' || t.status === 'cancelled').slice(0, 50),
    };
  }

  async detail(id: string): Promise<TournamentDetail> {
    const row = await this.row(id);
    const players = await registrations(this.db, id);
    const names = new Map(players.map((player) => [player.id, player.name]));
    const bots = new Map(players.map((player) => [player.id, player.bot]));
    const named = (player: string) => ({ player, name: names.get(player) ?? player });
    const all = await rounds(this.db, id);
    const duplicate = Boolean(row.duplicate);
    const list = standings(
      players.map((player) => ({ id: player.id, name: player.name })),
      played(all, duplicate),
    );
    // A duplicate round's results wait for its last table (`tables/round-secrecy.ts`): its finished tables say only that.
    const inPlay = (round: RoundRow) => duplicate && round.tables.some((table) => table.status !== 'over');
    const roundViews: TournamentRound[] = all.map((round) => {
      const secret = inPlay(round);
      const over = secret ? [] : round.tables.filter((table) => table.result !== null);
      return {
        round: round.round,
        status: round.status,
        // The deal key tells every hidden card of the round: secret until every table of the round has ended.
        seed: round.status === 'over' ? round.seed : null,
        dealKey: round.status === 'over' ? round.dealKey : null,
        byes: round.byes.map(named),
        tables: round.tables.map((table) => {
          const result = secret ? null : table.result;
          return {
            index: table.index,
            tableId: table.tableId,
            status: table.status,
            players: table.players.map(named),
            scores: result?.scores ?? null,
            placePoints: result ? placePoints(result) : null,
          };
        }),
        duplicate: duplicate
          ? duplicateComparison(over.map((table) => table.result!)).map((seat) => ({
              seat: seat.seat,
              rows: seat.rows.map((entry) => ({
                ...entry,
                table: over[entry.table]!.index,
                tableId: over[entry.table]!.tableId,
                name: names.get(entry.player) ?? entry.player,
              })),
            }))
          : null,
      };
    });
    const summary = await this.summary(row);
    // Only a tournament's own games count (a rated tournament's tables are rated; an unrated one's are not). While a
    // duplicate round is played none is shown: a finished table's rating changes would tell how its game went.
    const ratingChanges =
      row.rated && !all.some(inPlay)
        ? await tournamentRatingChanges(this.db, id)
        : new Map<string, TournamentRatingChange>();
    const ratingOf = (player: string) => {
      const bot = bots.get(player);
      return ratingChanges.get(bot ? botPlayerId(bot) : player) ?? null;
    };
    return {
      tournament: {
        ...summary,
        options: JSON.parse(row.options) as Record<string, unknown>,
        createdAt: Number(row.created_at),
      },
      registrations: players.map((player) => ({
        player: player.id,
        name: player.name,
        bot: player.bot,
        registeredAt: player.registeredAt,
      })),
      rounds: roundViews,
      standings: list.map(({ id, ...entry }) => ({
        ...entry,
        player: id,
        bot: bots.get(id) ?? null,
        rating: ratingOf(id),
      })),
      tieBreaks: ['points', 'buchholz', 'gameScore', 'headToHead', 'name'],
    };
  }

  private async summary(row: TournamentRow): Promise<TournamentSummary> {
    return (await this.summaries([row]))[0]!;
  }

  /** The summaries of these tournaments, in their order: two queries whatever their number (the list has 300). */
  private async summaries(rows: readonly TournamentRow[]): Promise<TournamentSummary[]> {
    if (rows.length === 0) return [];
    const people = new Set(rows.flatMap((row) => [row.organiser_id, row.winner_id ?? row.organiser_id]));
    const names = await this.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [...people])
      .execute();
    const counts = await this.db
      .selectFrom('tournament_players')
      .select(['tournament_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where(
        'tournament_id',
        'in',
        rows.map((row) => row.id),
      )
      .groupBy('tournament_id')
      .execute();
    const nameOf = new Map(names.map((person) => [person.id, person.name]));
    const countOf = new Map(counts.map((entry) => [entry.tournament_id, Number(entry.count)]));
    return rows.map((row) => summaryOf(row, countOf.get(row.id) ?? 0, nameOf));
  }

  private async row(id: string): Promise<TournamentRow> {
    const row = await tournamentRow(this.db, id);
    if (!row) throw new TableError('tournament.none', { tournament: id });
    return row;
  }

  private async openRow(id: string): Promise<TournamentRow> {
    const row = await this.row(id);
    if (row.status !== 'open') throw new TableError('tournament.notOpen');
    return row;
  }

  private async requireOrganiser(user: User, row: TournamentRow): Promise<void> {
    if (row.organiser_id === user.id) return;
    const organiser = await this.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', row.organiser_id)
      .executeTakeFirst();
    throw new TableError('tournament.organiserOnly', { name: organiser?.name ?? '?' });
  }
}
