import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { DEFAULT_RATING_RULES, rateEndedGame, storedEndedGame, type RatingRules } from './ended.js';

/**
 * Rebuilds every rating from the stored games: forgets the ratings and their history, then rates again, in the order
 * they were first rated (`tables.rated_seq`), every game that was rated — through `rateEndedGame`, the code that rated
 * them as they ended, so that the result is what was stored (or, after a change of the model, what it now says).
 * Who counts and in which place is read again from the stored game: its result, its seats, its players, each seat's
 * own moves and the seats that shared an address (`seats.own_moves`, `tables.same_address`); the daily limit of games
 * between two people counts the pairs rated again before it (`rated_pairs`), under `rules` (the server's settings:
 * with the settings the games were played under, the result is what was stored).
 *
 * One transaction: a game that ends meanwhile waits for it (rated games take the `rating_sequence` row in turn).
 */
export async function recomputeRatings(
  db: Kysely<Database>,
  rules: RatingRules = DEFAULT_RATING_RULES,
): Promise<{ games: number; players: number }> {
  return await db.transaction().execute((trx) => rateAgain(trx, rules));
}

/**
 * `recomputeRatings` in a transaction of the caller's (`skyline restore` rates again in one that it rolls back, to
 * compare with the stored ratings).
 */
export async function rateAgain(
  trx: Transaction<Database>,
  rules: RatingRules = DEFAULT_RATING_RULES,
): Promise<{ games: number; players: number }> {
  // First, the row every rated ending takes: the rated games cannot change while they are read and rated again.
  await trx.updateTable('rating_sequence').set({ last: 0 }).where('id', '=', 1).execute();
  const games = await trx
    .selectFrom('tables')
    .select('id')
    .where('rated_seq', 'is not', null)
    .orderBy('rated_seq')
    .execute();
  await trx.deleteFrom('rating_history').execute();
  await trx.deleteFrom('rated_pairs').execute();
  await trx.deleteFrom('ratings').execute();
  await trx.updateTable('tables').set({ rated_seq: null }).where('rated_seq', 'is not', null).execute();
  let rated = 0;
  for (const { id } of games) {
    const ended = await storedEndedGame(trx, id);
    if (ended && (await rateEndedGame(trx, ended, rules))) rated++;
  }
  const players = await trx
    .selectFrom('ratings')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return { games: rated, players: Number(players.count) };
}
