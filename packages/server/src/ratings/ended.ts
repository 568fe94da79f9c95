/**
 * How a finished game is rated: which seats count, in which places. One code path for the end of a game as it happens
 * (`rateEndedGame`, inside the transaction that stores the end) and for `skyline ratings recompute`.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { initialRating, ordinal, placesOf, rateGame, type Rating } from './model.js';

/** A table's result as stored in `tables.result` (JSON): a game that ended by its rules, or outside them. */
export interface StoredResult {
  /** A game that ended by its rules; `resigned`: seats that resigned on the way (a bot played them on). */
  status?: { scores: number[]; winners: number[]; resigned?: number[] };
  /** A game ended outside its rules: resigned (with every seat that resigned), stopped or aborted. */
  resignation?: {
    resigned: number | null;
    resignedSeats?: number[];
    stoppedBy?: string;
    abortedBy?: string;
    winners: number[];
    scores: number[];
  };
  /** Seats that forfeited (resigned, ran out of time) in a game that went on without them: placed last. */
  forfeited?: number[];
}

/** A game at its end, as the rating needs it. */
export interface EndedGame {
  tableId: string;
  game: string;
  /** The host's setting: true on, false off, null not said. */
  rated: boolean | null;
  finishedAt: number;
  /** The user at each seat (null for a seat nobody took, which a started game does not have). */
  seats: readonly (string | null)[];
  result: StoredResult;
}

/**
 * Each seat's place, or null when the game has no result to rate (stopped, or aborted): the winners first, then by
 * score, and a player who resigned last.
 */
export function placesFromResult(result: StoredResult): number[] | null {
  const forfeited = [...(result.forfeited ?? []), ...(result.status?.resigned ?? [])];
  if (result.status) return placesOf(result.status, forfeited);
  const resignation = result.resignation;
  // Stopped or aborted: no result.
  if (!resignation || resignation.resigned === null || resignation.abortedBy !== undefined) return null;
  return placesOf(resignation, [...forfeited, ...(resignation.resignedSeats ?? [resignation.resigned])]);
}

/** Whether a table's game counts: the host said so, or said nothing and no bot sits at it. */
export function ratedSetting(rated: boolean | null, hasBots: boolean): boolean {
  return rated === true || (rated === null && !hasBots);
}

/** Who a seat's user is for the ratings: a registered person (at the end of the game), a bot level, or nobody. */
/** Every bot of a level is one player on the ladder: this id in `ratings` and `rating_history`. */
export const botPlayerId = (level: string): string => `bot:${level}`;

export function ratedPlayerId(
  user: { id: string; bot_level: string | null; registered_at: number | null },
  finishedAt: number,
): string | null {
  if (user.bot_level !== null) return botPlayerId(user.bot_level);
  if (user.registered_at !== null && Number(user.registered_at) <= finishedAt) return user.id;
  return null; // a guest
}

/** A player's change in one rated game. */
export interface RatingChange {
  playerId: string;
  place: number;
  before: Rating;
  after: Rating;
}

/**
 * Rates a game that has just ended, in the transaction that stores its end (so it is rated exactly once: only the
 * writer whose revision check passed gets here). Returns the changes, or null when the game is not rated: the table
 * is not rated, the game was stopped, or fewer than two rated participants sat at it (guests are not rated; a bot
 * level seated twice is one participant, at its average place).
 *
 * Rated endings happen one at a time (the `rating_sequence` row is locked until the transaction ends), so a player's
 * rating is never updated from a stale read, and `rated_seq` gives the order a recompute replays.
 */
export async function rateEndedGame(
  trx: Transaction<Database>,
  ended: EndedGame,
): Promise<RatingChange[] | null> {
  const places = placesFromResult(ended.result);
  if (places === null || ended.rated === false) return null;
  const seated = ended.seats.filter((userId): userId is string => userId !== null);
  if (seated.length < 2) return null;
  const users = await trx
    .selectFrom('users')
    .select(['id', 'bot_level', 'registered_at'])
    .where('id', 'in', seated)
    .execute();
  const byId = new Map(users.map((user) => [user.id, user]));
  if (
    !ratedSetting(
      ended.rated,
      users.some((user) => user.bot_level !== null),
    )
  )
    return null;
  const seatsOf = new Map<string, number[]>();
  ended.seats.forEach((userId, seat) => {
    const user = userId === null ? undefined : byId.get(userId);
    const playerId = user ? ratedPlayerId(user, ended.finishedAt) : null;
    if (playerId !== null) seatsOf.set(playerId, [...(seatsOf.get(playerId) ?? []), places[seat] as number]);
  });
  if (seatsOf.size < 2) return null;
  const playerIds = [...seatsOf.keys()].sort();

  const next = await trx
    .updateTable('rating_sequence')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('id', '=', 1)
    .returning('last')
    .executeTakeFirstOrThrow();
  const seq = next.last;

  const stored = await trx
    .selectFrom('ratings')
    .select(['player_id', 'mu', 'sigma', 'games'])
    .where('game', '=', ended.game)
    .where('player_id', 'in', playerIds)
    .execute();
  const current = new Map(stored.map((row) => [row.player_id, row]));
  const standings = playerIds.map((playerId) => {
    const seatPlaces = seatsOf.get(playerId) as number[];
    const row = current.get(playerId);
    return {
      rating: row ? { mu: Number(row.mu), sigma: Number(row.sigma) } : initialRating(),
      place: seatPlaces.reduce((sum, place) => sum + place, 0) / seatPlaces.length,
    };
  });
  const after = rateGame(standings);
  const changes = playerIds.map((playerId, k) => ({
    playerId,
    place: standings[k]!.place,
    before: standings[k]!.rating,
    after: after[k]!,
  }));

  for (const change of changes) {
    const row = current.get(change.playerId);
    const values = {
      mu: change.after.mu,
      sigma: change.after.sigma,
      ordinal: ordinal(change.after),
      games: (row?.games ?? 0) + 1,
      updated_at: ended.finishedAt,
    };
    if (row) {
      await trx
        .updateTable('ratings')
        .set(values)
        .where('player_id', '=', change.playerId)
        .where('game', '=', ended.game)
        .execute();
    } else {
      await trx
        .insertInto('ratings')
        .values({ player_id: change.playerId, game: ended.game, ...values })
        .execute();
    }
  }
  await trx
    .insertInto('rating_history')
    .values(
      changes.map((change) => ({
        table_id: ended.tableId,
        player_id: change.playerId,
        game: ended.game,
        seq,
        place: change.place,
        mu_before: change.before.mu,
        sigma_before: change.before.sigma,
        mu: change.after.mu,
        sigma: change.after.sigma,
        at: ended.finishedAt,
      })),
    )
    .execute();
  await trx.updateTable('tables').set({ rated_seq: seq }).where('id', '=', ended.tableId).execute();
  return changes;
}

/**
 * The work that rates a table's game as it ends, for the write that stores the end (`TableStore.append` for the last
 * move, `TableStore.change` for a resignation): the one way a live game is rated.
 */
export function ratingOfEnd(
  table: {
    id: string;
    game: { id: string };
    rated: boolean | null;
    seats: readonly ({ id: string } | null)[];
  },
  result: StoredResult,
  finishedAt: number,
): (trx: Transaction<Database>) => Promise<void> {
  const ended: EndedGame = {
    tableId: table.id,
    game: table.game.id,
    rated: table.rated,
    finishedAt,
    seats: table.seats.map((person) => person?.id ?? null),
    result,
  };
  return async (trx) => {
    await rateEndedGame(trx, ended);
  };
}
