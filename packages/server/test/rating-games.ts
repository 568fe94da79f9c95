/** Helpers for the rating tests: table services on a store, registered players, games played to their end. */
import { SeededRng } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import type { Command } from '@skyline/protocol';
import { Accounts, type User } from '../src/auth.js';
import type { Kysely } from 'kysely';
import type { Store } from '../src/db/connect.js';
import type { Database } from '../src/db/schema.js';
import { TablePublisher } from '../src/tables/publisher.js';
import { TableService } from '../src/tables/service.js';
import { versionOf } from '../src/tables/live.js';
import type { RatingRules, StoredResult } from '../src/ratings/ended.js';
import { inOpening } from '../src/ratings/opening.js';

export function serviceOn(
  store: Store,
  ratingRules?: RatingRules,
): { service: TableService; accounts: Accounts } {
  const accounts = new Accounts(store.db);
  const service = new TableService({
    db: store.db,
    accounts,
    moveLog: store.moveLog,
    games: GAMES,
    publisher: new TablePublisher(),
    shared: store.shared,
    ratingRules,
  });
  service.botSeatsPerPlayer = 1000;
  return { service, accounts };
}

let names = 0;

/** A registered player (a guest who set a password). */
export async function registered(accounts: Accounts, prefix = 'r'): Promise<User> {
  const { user } = await accounts.createGuest(`${prefix}${++names}x${process.pid % 1000}`);
  return accounts.register(user, 'a long enough password');
}

export async function guest(accounts: Accounts, prefix = 'g'): Promise<User> {
  return (await accounts.createGuest(`${prefix}${++names}x${process.pid % 1000}`)).user;
}

export async function command(service: TableService, user: User, tableId: string, command: Command) {
  return (await service.command(user, tableId, command)).ack;
}

/** A table of `game` with these players seated in order (the first is the host), started. */
export async function startedTable(
  service: TableService,
  players: User[],
  game = 'nyny',
  setup: (tableId: string) => Promise<void> = () => Promise.resolve(),
): Promise<string> {
  const [host, ...others] = players as [User, ...User[]];
  const { ack: table } = await service.create(host, { game, players: players.length });
  for (const other of others) await command(service, other, table.id, { name: 'join' });
  await setup(table.id);
  await command(service, host, table.id, { name: 'start' });
  return table.id;
}

/** The users at a table's seats, bots included (as users of their own). */
export async function seatedUsers(service: TableService, tableId: string): Promise<User[]> {
  const table = await service.get(tableId);
  return table.seats.map((person) => ({ id: person!.id, name: person!.name, registered: false }));
}

/**
 * Plays the table's game to its end with seeded random legal moves (each active seat in turn), every seat played by
 * whoever sits at it (bots too: a bot is a user). Returns the number of moves.
 */
export async function playToEnd(
  service: TableService,
  tableId: string,
  seed = 1,
  most = 5000,
): Promise<number> {
  const rng = new SeededRng(seed);
  const users = await seatedUsers(service, tableId);
  for (let k = 0; k < most; k++) {
    const table = await service.get(tableId);
    if (table.status === 'over') return k;
    const seat = table.game.active(table.state)[0] as number;
    const legal = [...table.game.legalMoves(table.state, seat)];
    const move = legal[rng.int(legal.length)];
    const answer = (await service.move(users[seat]!, tableId, versionOf(table), `m${k}`, move)).ack;
    if (!answer.ok) throw new Error(`move refused: ${answer.error}`);
  }
  throw new Error('the game did not end');
}

/**
 * Plays seeded random legal moves, every seat by whoever sits at it, until every seat has played the game's opening
 * (`ratings/opening.ts`: 2 moves, or a pass; a game that ends before every seat has is not rated) or the game is over.
 * Then a resignation ends a game that is rated. Returns the number of moves.
 */
export async function playOpening(service: TableService, tableId: string, seed = 1): Promise<number> {
  const rng = new SeededRng(seed);
  const users = await seatedUsers(service, tableId);
  for (let k = 0; k < 500; k++) {
    const table = await service.get(tableId);
    if (table.status === 'over' || !inOpening(table.game.id, table.players, table.log)) return k;
    const seat = table.game.active(table.state)[0] as number;
    const legal = [...table.game.legalMoves(table.state, seat)];
    const move = legal[rng.int(legal.length)];
    const answer = (await service.move(users[seat]!, tableId, versionOf(table), `o${k}`, move)).ack;
    if (!answer.ok) throw new Error(`move refused: ${answer.error}`);
  }
  throw new Error('the opening did not end');
}

/**
 * Every stored rating and rating change, in a fixed order: what recomputing the ratings from the stored games must
 * give back unchanged.
 */
export async function storedRatings(db: Kysely<Database>) {
  return {
    ratings: await db.selectFrom('ratings').selectAll().orderBy('player_id').orderBy('game').execute(),
    history: await db
      .selectFrom('rating_history')
      .selectAll()
      .orderBy('table_id')
      .orderBy('player_id')
      .execute(),
  };
}

/** A finished table's stored result, and its place in the order games were rated in (`rated_seq`: null if unrated). */
export async function storedResult(db: Kysely<Database>, tableId: string) {
  const row = await db
    .selectFrom('tables')
    .select(['result', 'rated_seq'])
    .where('id', '=', tableId)
    .executeTakeFirstOrThrow();
  return { result: JSON.parse(row.result!) as StoredResult, ratedSeq: row.rated_seq };
}
