/**
 * How a finished game is rated: which seats count, in which places. One code path for the end of a game as it happens
 * (`rateEndedGame`, inside the transaction that stores the end) and for `skyline ratings recompute`.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { sealAddresses } from './addresses.js';
import { initialRating, ordinal, placesOf, rateGameByPairs, type Rating } from './model.js';
import { openingOf } from './opening.js';

/** A table's result as stored in `tables.result` (JSON): a game that ended by its rules, or outside them. */
export interface StoredResult {
  /** A game that ended by its rules; `resigned`: seats that resigned on the way (a bot played them on). */
  status?: { scores: number[]; winners: number[]; resigned?: number[] };
  /** A game ended outside its rules: resigned (with every seat that resigned), stopped, aborted or closed. */
  resignation?: {
    resigned: number | null;
    resignedSeats?: number[];
    stoppedBy?: string;
    abortedBy?: string;
    /** A moderator closed it (`resigned` is null then: no result). */
    closed?: boolean;
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
 * Each seat's place, or null when the game has no result to rate (stopped, aborted, or closed by a moderator): the winners first, then by
 * score, and a player who resigned last.
 */
export function placesFromResult(result: StoredResult): number[] | null {
  const forfeited = [...(result.forfeited ?? []), ...(result.status?.resigned ?? [])];
  if (result.status) return placesOf(result.status, forfeited);
  const resignation = result.resignation;
  // Stopped, aborted or closed: no result.
  if (!resignation || resignation.resigned === null || resignation.abortedBy !== undefined) return null;
  return placesOf(resignation, [...forfeited, ...(resignation.resignedSeats ?? [resignation.resigned])]);
}

/** Whether a table's game counts: the host said so, or said nothing and no bot sits at it. */
export function ratedSetting(rated: boolean | null, hasBots: boolean): boolean {
  return rated === true || (rated === null && !hasBots);
}

/** Every bot of a level is one player on the ladder: this id in `ratings` and `rating_history`. */
export const botPlayerId = (level: string): string => `bot:${level}`;

const isBot = (playerId: string) => playerId.startsWith('bot:');

/** Who a seat's user is for the ratings: a registered person (at the end of the game), a bot level, or nobody. */
export function ratedPlayerId(
  user: { id: string; bot_level: string | null; registered_at: number | null },
  finishedAt: number,
): string | null {
  if (user.bot_level !== null) return botPlayerId(user.bot_level);
  if (user.registered_at !== null && Number(user.registered_at) <= finishedAt) return user.id;
  return null; // a guest
}

/** The rules of rated games that a host sets (`config.ts`). */
export interface RatingRules {
  /**
   * The most games in 24 hours in which two people are rated against each other (`RATED_GAMES_PER_PAIR_PER_DAY`):
   * beyond, their games are still played, and rated against everyone else, but not against each other.
   */
  pairGamesPerDay: number;
}

export const DEFAULT_RATING_RULES: RatingRules = { pairGamesPerDay: 5 };

/** The window of `pairGamesPerDay`: the 24 hours before a game's end. */
export const PAIR_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Why a seat or a pair of seats was left out of a game's rating, as stored with the game (`tables.rating_notes`)
 * and said on its end screen (`RatingQueries.ofTable`). Seats are the game's; the numbers are the rule's at the time.
 */
export type RatingNote =
  /** The seat's player made fewer of its own moves than the game's opening asks: nobody is rated against it. */
  | { reason: 'moves'; seat: number; least: number; unit: 'moves' | 'years' }
  /** The two seats' players played from one address at some time during the game. */
  | { reason: 'address'; seats: [number, number] }
  /** The two seats' players had already been rated against each other `games` times in the 24 hours before. */
  | { reason: 'pairLimit'; seats: [number, number]; games: number }
  /** No person was rated at the table: bots are rated only against people. */
  | { reason: 'botsOnly' }
  /**
   * A table of a duplicate tournament round not rated yet: its rating waits for the round's last table, as its result
   * does (a rating that moved at once would tell the round's other tables how this one went).
   */
  | { reason: 'roundPending' };

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
 * is not rated, the game was stopped or aborted, or nobody at it may be rated against anybody else.
 *
 * Who is rated against whom (what `skyline ratings recompute` decides again from the same stored facts):
 * - guests are not rated; a bot level seated twice is one participant, at its average place;
 * - a seat whose player made fewer of its own moves than the game's opening asks (`ratings/opening.ts`,
 *   `seats.own_moves`: a bot standing in does not count) is left out, and nobody is rated against it;
 * - two bot levels are not rated against each other: a bot's rating comes only from games against people, and a game
 *   of bots only is never rated, whatever the table says;
 * - two seats whose players shared an address during the game (`tables.same_address`) are not rated against each
 *   other;
 * - two people already rated against each other in `rules.pairGamesPerDay` games in the 24 hours before this game's
 *   end are not rated against each other (`rated_pairs`).
 * Each participant is rated on the game against those it may be rated against (`rateGameByPairs`); why seats or
 * pairs were left out is stored with the game (`tables.rating_notes`) for its end screen.
 *
 * Rated endings happen one at a time (the `rating_sequence` row is locked until the transaction ends, before the
 * daily pairs are counted), so a player's rating is never updated from a stale read, two games ending at once cannot
 * both pass the daily limit, and `rated_seq` gives the order a recompute replays.
 */
export async function rateEndedGame(
  trx: Transaction<Database>,
  ended: EndedGame,
  rules: RatingRules = DEFAULT_RATING_RULES,
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

  const facts = await storedFacts(trx, ended.tableId);
  const opening = openingOf(ended.game);
  const notes: RatingNote[] = [];
  // Each rated participant's seats (a bot level may sit twice).
  const seatsOf = new Map<string, number[]>();
  ended.seats.forEach((userId, seat) => {
    const user = userId === null ? undefined : byId.get(userId);
    const playerId = user ? ratedPlayerId(user, ended.finishedAt) : null;
    if (playerId === null) return;
    const own = facts.ownMoves[seat];
    // Null: a seat taken before the rule was stored (migration 010), not held to it.
    if (own !== undefined && own !== null && own < opening.least) {
      notes.push({ reason: 'moves', seat, least: opening.least, unit: opening.unit });
      return;
    }
    seatsOf.set(playerId, [...(seatsOf.get(playerId) ?? []), seat]);
  });
  const playerIds = [...seatsOf.keys()].sort();
  if (playerIds.length > 0 && playerIds.every(isBot)) notes.push({ reason: 'botsOnly' });
  if (playerIds.length < 2 || playerIds.every(isBot)) return unrated(trx, ended.tableId, notes);

  // From here on this ending holds the row every rated ending takes: the daily pairs are counted under it.
  await trx
    .updateTable('rating_sequence')
    .set((eb) => ({ last: eb.ref('last') }))
    .where('id', '=', 1)
    .execute();
  const sameAddress = new Set(facts.sameAddress.map(([a, b]) => `${a},${b}`));
  const shareAddress = (p: string, q: string) =>
    (seatsOf.get(p) as number[]).some((a) =>
      (seatsOf.get(q) as number[]).some((b) => sameAddress.has(`${Math.min(a, b)},${Math.max(a, b)}`)),
    );
  const pairs = new Set<string>();
  for (const [i, p] of playerIds.entries()) {
    for (const q of playerIds.slice(i + 1)) {
      if (isBot(p) && isBot(q)) continue;
      const seats: [number, number] = [
        (seatsOf.get(p) as number[])[0]!,
        (seatsOf.get(q) as number[])[0]!,
      ].sort((a, b) => a - b) as [number, number];
      if (shareAddress(p, q)) {
        notes.push({ reason: 'address', seats });
        continue;
      }
      if (!isBot(p) && !isBot(q)) {
        const games = await ratedTogether(trx, p, q, ended.finishedAt);
        if (games >= rules.pairGamesPerDay) {
          notes.push({ reason: 'pairLimit', seats, games });
          continue;
        }
      }
      pairs.add(`${p} ${q}`);
    }
  }
  const counts = (i: number, j: number) => {
    const [p, q] = [playerIds[i]!, playerIds[j]!].sort();
    return pairs.has(`${p} ${q}`);
  };

  const stored = await trx
    .selectFrom('ratings')
    .select(['player_id', 'mu', 'sigma', 'games'])
    .where('game', '=', ended.game)
    .where('player_id', 'in', playerIds)
    .execute();
  const current = new Map(stored.map((row) => [row.player_id, row]));
  const standings = playerIds.map((playerId) => {
    const seatPlaces = (seatsOf.get(playerId) as number[]).map((seat) => places[seat] as number);
    const row = current.get(playerId);
    return {
      rating: row ? { mu: Number(row.mu), sigma: Number(row.sigma) } : initialRating(),
      place: seatPlaces.reduce((sum, place) => sum + place, 0) / seatPlaces.length,
    };
  });
  const after = rateGameByPairs(standings, counts);
  const changes = playerIds.flatMap((playerId, k) =>
    after[k] ? [{ playerId, place: standings[k]!.place, before: standings[k]!.rating, after: after[k] }] : [],
  );
  if (changes.length === 0) return unrated(trx, ended.tableId, notes);

  const next = await trx
    .updateTable('rating_sequence')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('id', '=', 1)
    .returning('last')
    .executeTakeFirstOrThrow();
  const seq = next.last;

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
  // People rated against each other, for the daily limit (pairs with a bot are not limited: see SECURITY.md).
  const people = [...pairs]
    .map((pair) => pair.split(' ') as [string, string])
    .filter(([p, q]) => !isBot(p) && !isBot(q));
  if (people.length > 0) {
    await trx
      .insertInto('rated_pairs')
      .values(
        people.map(([p, q]) => ({ table_id: ended.tableId, player_a: p, player_b: q, at: ended.finishedAt })),
      )
      .execute();
  }
  await trx
    .updateTable('tables')
    .set({ rated_seq: seq, rating_notes: notes.length > 0 ? JSON.stringify(notes) : null })
    .where('id', '=', ended.tableId)
    .execute();
  return changes;
}

/** A game with no rating: why is stored with it, when there is something to say. */
async function unrated(trx: Transaction<Database>, tableId: string, notes: RatingNote[]): Promise<null> {
  await trx
    .updateTable('tables')
    .set({ rating_notes: notes.length > 0 ? JSON.stringify(notes) : null })
    .where('id', '=', tableId)
    .execute();
  return null;
}

/** What is stored of a game for its rules: each seat's own moves, and the seats that shared an address. */
async function storedFacts(
  trx: Transaction<Database>,
  tableId: string,
): Promise<{ ownMoves: (number | null)[]; sameAddress: [number, number][] }> {
  const seats = await trx
    .selectFrom('seats')
    .select(['seat', 'own_moves'])
    .where('table_id', '=', tableId)
    .execute();
  const ownMoves: (number | null)[] = [];
  for (const row of seats) ownMoves[row.seat] = row.own_moves ?? null;
  const table = await trx
    .selectFrom('tables')
    .select('same_address')
    .where('id', '=', tableId)
    .executeTakeFirst();
  const sameAddress = table?.same_address ? (JSON.parse(table.same_address) as [number, number][]) : [];
  return { ownMoves, sameAddress };
}

/** In how many games two people were rated against each other in the 24 hours before `at`. */
async function ratedTogether(trx: Transaction<Database>, p: string, q: string, at: number): Promise<number> {
  const [a, b] = p < q ? [p, q] : [q, p];
  const row = await trx
    .selectFrom('rated_pairs')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('player_a', '=', a)
    .where('player_b', '=', b)
    .where('at', '>', at - PAIR_WINDOW_MS)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What the end of a game needs besides the table: the rules of rated games. */
export interface EndRating {
  rules: RatingRules;
}

/**
 * The work that rates a table's game as it ends, for the write that stores the end (`TableStore.append` for the last
 * move, `TableStore.change` for a resignation, a stop or an abort): the one way a live game is rated. First the
 * addresses noted during the game become the pairs of seats that shared one, and are deleted (whether or not the game
 * is rated); then the game is rated from what is stored — except at a table of a duplicate tournament round (`deal`),
 * which waits for the round's end (`rateRoundTables`), so that no rating tells the round's other tables its result.
 */
export function ratingOfEnd(
  end: EndRating,
  table: {
    id: string;
    game: { id: string };
    rated: boolean | null;
    seats: readonly ({ id: string } | null)[];
    deal?: unknown;
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
    await sealAddresses(trx, ended.tableId, ended.seats);
    if (table.deal) await unrated(trx, ended.tableId, [{ reason: 'roundPending' }]);
    else await rateEndedGame(trx, ended, end.rules);
  };
}

/** A stored game that has ended, as `rateEndedGame` reads it (its seats, result and setting, from the database). */
export async function storedEndedGame(
  trx: Transaction<Database>,
  tableId: string,
): Promise<EndedGame | null> {
  const game = await trx
    .selectFrom('tables')
    .select(['id', 'game', 'rated', 'result', 'finished_at', 'players'])
    .where('id', '=', tableId)
    .where('status', '=', 'over')
    .executeTakeFirst();
  if (!game) return null;
  const seats = await trx
    .selectFrom('seats')
    .select(['seat', 'user_id'])
    .where('table_id', '=', tableId)
    .execute();
  return {
    tableId: game.id,
    game: game.game,
    rated: game.rated === null ? null : Boolean(game.rated),
    finishedAt: Number(game.finished_at),
    seats: Array.from(
      { length: game.players },
      (_, seat) => seats.find((row) => row.seat === seat)?.user_id ?? null,
    ),
    result: JSON.parse(game.result ?? '{}') as StoredResult,
  };
}

/**
 * Rates the tables of a duplicate round once the round is over, in the transaction that marks it over (so once), in
 * the order of their numbers: the ratings their ends left waiting (`ratingOfEnd`). `rated_seq` takes this order, which
 * `skyline ratings recompute` replays.
 */
export async function rateRoundTables(
  trx: Transaction<Database>,
  tableIds: readonly string[],
  rules: RatingRules,
): Promise<void> {
  for (const tableId of tableIds) {
    const ended = await storedEndedGame(trx, tableId);
    if (ended) await rateEndedGame(trx, ended, rules);
  }
}
