import { randomInt } from 'node:crypto';
import type { AnyGame } from '@skyline/engine';
import { KeyedRng } from '@skyline/engine/keyed-rng';
import { ClockSetting } from '@skyline/protocol';
import { pair, roundDeal, standings, type RoundDeal } from '@skyline/tournaments';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { TimeSource } from '../clocks/clocks.js';
import type { Database } from '../db/schema.js';
import { Lease } from '../lease.js';
import { DEFAULT_RATING_RULES, rateRoundTables, type RatingRules } from '../ratings/ended.js';
import { PeriodicLooker } from '../periodic.js';
import { parsedOptions, type Person } from '../tables/live.js';
import type { TableDispatcher } from '../tables/dispatcher.js';
import type { TableService } from '../tables/service.js';
import {
  lockTournament,
  played,
  registrations,
  rounds,
  tournamentRow,
  type RoundRow,
  type TournamentRow,
} from './records.js';

export interface TournamentDriverSettings {
  /** How long a process's claim to drive a tournament lasts without renewal (as `BOT_LEASE_MS`). */
  leaseMs: number;
  /** How often the driver looks at the tournaments (ms). */
  intervalMs: number;
}

/**
 * Drives the tournaments: starts them (at their time, when full, or when the organiser asked), pairs each round,
 * opens and starts its tables through the table service (with the tournament's clock: absent players are replaced by
 * the clocks' stand-in bot, as at any table), notices when every table of the round is over, then pairs the next
 * round or finishes with a winner.
 *
 * One process at a time drives a tournament: it holds a lease on the tournament's row (`lease.ts`), as the bot driver
 * holds one on a table (`bots/driver.ts`), renewed at each look; when the process dies the lease runs out and another
 * takes over.
 * Everything it needs is in the database, and every step can be taken again after a crash: a round is stored with its
 * seed, deal and tables in one transaction before any table is opened, and its tables' ids are fixed
 * (tournament, round, number), so that a table opened but not started is found and started, never opened twice.
 */
export class TournamentDriver extends PeriodicLooker {
  private readonly lease: Lease;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly service: TableService,
    /** Where the opening of the round's tables is published from. */
    private readonly tables: TableDispatcher,
    private readonly games: ReadonlyMap<string, AnyGame>,
    private readonly time: TimeSource,
    processId: string,
    private readonly log: FastifyBaseLogger,
    settings: TournamentDriverSettings,
    /** The rules of rated games, for a duplicate round's tables, rated when the round ends. */
    private readonly ratingRules: RatingRules = DEFAULT_RATING_RULES,
  ) {
    super(settings.intervalMs, log, 'looking at tournaments failed');
    this.lease = new Lease(db, 'tournaments', processId, settings.leaseMs, () => time.now());
  }

  override async close(): Promise<void> {
    await super.close();
    await this.lease.releaseAll();
  }

  /** Looks once at every tournament not over. */
  protected async lookOnce(): Promise<void> {
    const rows = await this.db
      .selectFrom('tournaments')
      .select('id')
      .where('status', 'in', ['open', 'running'])
      .where(this.lease.free())
      .limit(200)
      .execute();
    for (const { id } of rows) {
      if (this.looks.closed) return;
      if (!(await this.lease.claim(id))) continue;
      try {
        await this.step(id);
      } catch (error) {
        this.log.warn({ err: error, tournament: id }, 'tournament step failed');
      }
    }
  }

  /** One step of a tournament, taken again safely if the process dies in the middle. */
  private async step(id: string): Promise<void> {
    const row = await tournamentRow(this.db, id);
    if (!row) return;
    const now = this.time.now();
    if (row.status === 'open') {
      // Whether it starts, on the players registered: decided in one transaction holding the row's lock, as every
      // registration is made (`Tournaments.register`), so that none slips in or out between the count and `running`.
      const started = await this.db.transaction().execute(async (tx) => {
        const locked = await lockTournament(tx, id);
        if (locked?.status !== 'open') return false;
        const players = await registrations(tx, id);
        const due =
          locked.starts_at === null ? players.length >= locked.max_players : Number(locked.starts_at) <= now;
        if (!due) return false;
        if (players.length < locked.seats_per_table) {
          await tx
            .updateTable('tournaments')
            .set({ status: 'cancelled', finished_at: now })
            .where('id', '=', id)
            .execute();
          this.log.info({ tournament: id }, 'tournament cancelled: too few players');
          return false;
        }
        await tx
          .updateTable('tournaments')
          .set({ status: 'running', started_at: now })
          .where('id', '=', id)
          .execute();
        return true;
      });
      if (started) await this.pairRound({ ...row, status: 'running' }, 1, []);
      return;
    }
    if (row.status !== 'running') return;
    const all = await rounds(this.db, id);
    const current = all.find((round) => round.round === row.round);
    if (!current) {
      await this.pairRound(row, Math.max(1, row.round), all);
      return;
    }
    await this.openTables(row, current);
    if (current.status === 'playing') {
      if (current.tables.some((table) => table.status !== 'over')) return;
      await this.db.transaction().execute(async (tx) => {
        const ended = await tx
          .updateTable('tournament_rounds')
          .set({ status: 'over', finished_at: now })
          .where('tournament_id', '=', id)
          .where('round', '=', current.round)
          .where('status', '=', 'playing')
          .executeTakeFirst();
        // A duplicate round's tables were left unrated as they ended (their ratings would have told the round's
        // other tables how they went): rated now, once, by whoever marks the round over.
        if (Number(ended.numUpdatedRows) === 1 && row.duplicate)
          await rateRoundTables(
            tx,
            current.tables.map((table) => table.tableId),
            this.ratingRules,
          );
      });
      current.status = 'over';
    }
    if (current.round >= row.rounds) await this.finish(row, all);
    else await this.pairRound(row, current.round + 1, all);
  }

  /** Pairs round `round` from the standings of the rounds over, stores it with its tables, then opens them. */
  private async pairRound(row: TournamentRow, round: number, all: RoundRow[]): Promise<void> {
    const game = this.games.get(row.game);
    if (!game) throw new Error(`the game ${row.game} is not on this server`);
    const duplicate = Boolean(row.duplicate);
    const options = parsedOptions({
      game,
      players: row.seats_per_table,
      options: JSON.parse(row.options) as Record<string, unknown>,
    });
    const now = this.time.now();
    await this.db.transaction().execute(async (tx) => {
      // Stored once, under the row's lock: a second driver (a lease that ran out meanwhile) waits, then finds the
      // round there and stores nothing.
      if ((await lockTournament(tx, row.id))?.status !== 'running') return;
      const exists = await tx
        .selectFrom('tournament_rounds')
        .select('round')
        .where('tournament_id', '=', row.id)
        .where('round', '=', round)
        .executeTakeFirst();
      if (exists) return;
      // Registration closed when the tournament became `running` (in the transaction that did it): this is the
      // list that transaction saw.
      const players = await registrations(tx, row.id);
      const order =
        round === 1
          ? players.map((player) => player.id)
          : standings(players, played(all, duplicate)).map((standing) => standing.id);
      // The pairing's seed decides only who sits where, which everybody sees at once; the deal has a secret key.
      const seed = randomInt(2 ** 31);
      const pairing = pair({
        format: row.format === 'roundrobin' ? 'roundrobin' : 'swiss',
        seatsPerTable: row.seats_per_table,
        players: order,
        history: all
          .filter((r) => r.round < round)
          .map((r) => ({ tables: r.tables.map((t) => t.players), byes: r.byes })),
        seed,
      });
      const deal: RoundDeal | null = duplicate
        ? roundDeal(game, row.seats_per_table, options, KeyedRng.newKey())
        : null;
      await tx
        .insertInto('tournament_rounds')
        .values({
          tournament_id: row.id,
          round,
          seed,
          deal: deal ? JSON.stringify(deal) : null,
          byes: JSON.stringify(pairing.byes),
          status: 'playing',
          started_at: now,
          finished_at: null,
        })
        .execute();
      await tx
        .insertInto('tournament_tables')
        .values(
          pairing.tables.map((players, index) => ({
            tournament_id: row.id,
            round,
            table_index: index,
            table_id: tableIdOf(row.id, round, index),
            players: JSON.stringify(players),
          })),
        )
        .execute();
      await tx.updateTable('tournaments').set({ round }).where('id', '=', row.id).execute();
    });
    const stored = (await rounds(this.db, row.id)).find((r) => r.round === round);
    if (stored) await this.openTables({ ...row, round }, stored);
    this.log.info({ tournament: row.id, round }, 'tournament round paired');
  }

  /** Opens and starts the round's tables not started yet (all of them, after pairing). */
  private async openTables(row: TournamentRow, round: RoundRow): Promise<void> {
    // 'missing': the driver died between storing the round and opening the table; 'open': before starting it.
    const waiting = round.tables.filter((table) => table.status === 'open' || table.status === 'missing');
    if (waiting.length === 0) return;
    const roundRow = await this.db
      .selectFrom('tournament_rounds')
      .select('deal')
      .where('tournament_id', '=', row.id)
      .where('round', '=', round.round)
      .executeTakeFirstOrThrow();
    const deal = roundRow.deal ? (JSON.parse(roundRow.deal) as RoundDeal) : null;
    const organiser = await this.person(row.organiser_id);
    const clock = row.clock === null ? null : ClockSetting.parse(JSON.parse(row.clock));
    for (const table of waiting) {
      const seats = await Promise.all(table.players.map((id) => this.person(id)));
      await this.tables.dispatch(
        this.service.openSeated({
          id: table.tableId,
          tournament: row.id,
          game: row.game,
          options: JSON.parse(row.options) as Record<string, unknown>,
          host: organiser,
          seats,
          clock,
          rated: Boolean(row.rated),
          deal: deal ? { key: deal.key, table: table.index, chances: deal.chances } : null,
        }),
      );
    }
  }

  private async finish(row: TournamentRow, all: RoundRow[]): Promise<void> {
    const players = await registrations(this.db, row.id);
    const list = standings(players, played(all, Boolean(row.duplicate)));
    await this.db
      .updateTable('tournaments')
      .set({
        status: 'finished',
        finished_at: this.time.now(),
        winner_id: list[0]?.id ?? null,
        driver: null,
        lease_until: null,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'running')
      .execute();
    this.log.info({ tournament: row.id, winner: list[0]?.name }, 'tournament finished');
  }

  private async person(id: string): Promise<Person> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'bot_level'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id: user.id, name: user.name, bot: (user.bot_level ?? null) as Person['bot'] };
  }
}

/** A round table's id: fixed by (tournament, round, number), within the tables' id format (`[a-z0-9]{1,16}`). */
export function tableIdOf(tournament: string, round: number, index: number): string {
  return `${tournament}r${round}t${index}`;
}
