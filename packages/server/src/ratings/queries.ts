/** What pages read of the ratings: a player's profile, a game's leaderboard, the ratings next to names. */
import type { BotLevel } from '@skyline/bots';
import type {
  LeaderboardEntry,
  LeaderboardResponse,
  PlayerGame,
  PlayerProfile,
  RatingInfo,
  RatingPoint,
  RatingsLookup,
  TableRatings,
  TableStatus,
  TournamentRatingChange,
} from '@skyline/protocol';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { nameSkeleton } from '../names.js';
import { listedTo } from '../db/table-privacy.js';
import { NotFoundError } from '../refusals.js';
import { botLevelOfName, words, type Words } from '@skyline/protocol';
import { botPlayerId, ratedPlayerId, type RatingNote, type StoredResult } from './ended.js';
import { PROVISIONAL_GAMES, shownDeviation, shownRating } from './model.js';
import { reliabilityOfUser } from './reliability-query.js';

/** A leaderboard lists players with at least this many rated games in the game. */
export const BOARD_MIN_GAMES = 3;

/** What a leaderboard row reads: the same for a page of the board and for the asking player's own row. */
const BOARD_COLUMNS = [
  'ratings.player_id',
  'ratings.mu',
  'ratings.sigma',
  'ratings.games',
  'users.name',
] as const;
const RECENT_GAMES = 10;
const CHART_POINTS = 200;

/** Whom a profile is about: a person, or a bot level (every bot of that level is one player on the ladder). */
type Subject =
  { kind: 'person'; id: string; name: string; registered: boolean } | { kind: 'bot'; level: BotLevel };

const round = (value: number) => Math.round(value * 100) / 100;

/** A rating as shown (`shownRating`: 1500 for a new player), with its uncertainty on the same scale. */
export function shown(row: { mu: number; sigma: number; games: number }): RatingInfo {
  const rating = { mu: Number(row.mu), sigma: Number(row.sigma) };
  return {
    rating: round(shownRating(rating)),
    sigma: round(shownDeviation(rating)),
    games: Number(row.games),
    provisional: Number(row.games) < PROVISIONAL_GAMES,
  };
}

/**
 * What the rated games of a tournament did to each rating, by rating player id (`ratedPlayerId`, `botPlayerId`): the rating before
 * the first of them and after the last, in the order the games were rated. One query, whatever the tournament's size.
 */
export async function tournamentRatingChanges(
  db: Kysely<Database>,
  tournamentId: string,
): Promise<Map<string, TournamentRatingChange>> {
  const rows = await db
    .selectFrom('rating_history')
    .innerJoin('tournament_tables', 'tournament_tables.table_id', 'rating_history.table_id')
    .select([
      'rating_history.player_id',
      'rating_history.mu_before',
      'rating_history.sigma_before',
      'rating_history.mu',
      'rating_history.sigma',
    ])
    .where('tournament_tables.tournament_id', '=', tournamentId)
    .orderBy('rating_history.seq')
    .execute();
  const changes = new Map<string, TournamentRatingChange>();
  for (const row of rows) {
    const after = round(shownRating({ mu: Number(row.mu), sigma: Number(row.sigma) }));
    const known = changes.get(row.player_id);
    if (known) changes.set(row.player_id, { ...known, after, games: known.games + 1 });
    else {
      const before = round(shownRating({ mu: Number(row.mu_before), sigma: Number(row.sigma_before) }));
      changes.set(row.player_id, { before, after, games: 1 });
    }
  }
  return changes;
}

/** The name a bot level goes by on boards and profiles (`greedy-bot`: no person may take a name like it). */
export const botLevelName = (level: string) => `${level}-bot`;

export class RatingQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly titles: ReadonlyMap<string, string>,
  ) {}

  /** Who a name is: a person, a bot level (`greedy-bot`), or one bot's name (`greedy-bot-k3x9`: its level). */
  private async subject(name: string): Promise<Subject | null> {
    const level = botLevelOfName(name.toLowerCase());
    if (level) return { kind: 'bot', level };
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'password_hash', 'bot_level'])
      .where('name_key', '=', nameSkeleton(name))
      .executeTakeFirst();
    if (!row || row.bot_level !== null) return null;
    return { kind: 'person', id: row.id, name: row.name, registered: row.password_hash !== null };
  }

  /**
   * `askerId`: who reads the profile (undefined: nobody signed in). The private tables of the player that the asker may
   * not see (`db/table-privacy.ts`) are left out of its lists and its charts; its counts still count them.
   */
  async profile(name: string, askerId?: string, now = Date.now()): Promise<PlayerProfile> {
    const subject = await this.subject(name);
    if (!subject) throw new NotFoundError('player.none', { name });
    const playerId = subject.kind === 'bot' ? botPlayerId(subject.level) : subject.id;
    const ratingRows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('player_id', '=', playerId)
      .execute();
    const ratings: Record<string, RatingInfo> = {};
    const charts: Record<string, RatingPoint[]> = {};
    for (const row of ratingRows) {
      ratings[row.game] = shown(row);
      const points = await this.db
        .selectFrom('rating_history')
        .select(['at', 'mu', 'sigma', 'table_id'])
        .where('player_id', '=', playerId)
        .where('game', '=', row.game)
        .orderBy('seq', 'desc')
        .limit(CHART_POINTS)
        .execute();
      charts[row.game] = points.reverse().map((point) => ({
        at: Number(point.at),
        rating: round(shownRating({ mu: Number(point.mu), sigma: Number(point.sigma) })),
        tableId: point.table_id,
      }));
    }
    // The subject's seats: one user's, or every bot's of the level.
    const seatsOf = (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'seats' | 'tables' | 'u'>) =>
      subject.kind === 'bot' ? eb('u.bot_level', '=', subject.level) : eb('seats.user_id', '=', subject.id);
    const finished = await this.db
      .selectFrom('seats')
      .innerJoin('tables', 'tables.id', 'seats.table_id')
      .innerJoin('users as u', 'u.id', 'seats.user_id')
      .select([
        'tables.id',
        'tables.game',
        'tables.status',
        'tables.result',
        'tables.finished_at',
        'seats.seat',
      ])
      .where(seatsOf)
      .where('tables.status', '=', 'over')
      .where('tables.broken', 'is', null)
      .orderBy('tables.finished_at', 'desc')
      .limit(10_000)
      .execute();
    const hidden = new Set(
      (
        await this.db
          .selectFrom('seats')
          .innerJoin('tables', 'tables.id', 'seats.table_id')
          .innerJoin('users as u', 'u.id', 'seats.user_id')
          .select('tables.id')
          .where(seatsOf)
          .where('tables.private', 'is not', null)
          .where((eb) => eb.not(listedTo(eb, askerId, now)))
          .execute()
      ).map((row) => row.id),
    );
    let played = 0;
    let won = 0;
    const wins = new Map<string, boolean | null>();
    for (const row of finished) {
      const result = JSON.parse(row.result ?? '{}') as StoredResult;
      const stopped = !result.status && result.resignation?.resigned === null;
      const winners = result.status?.winners ?? result.resignation?.winners ?? [];
      const hasWon = stopped ? null : winners.includes(row.seat);
      if (!wins.has(row.id)) wins.set(row.id, hasWon);
      if (stopped) continue;
      played++;
      if (hasWon) won++;
    }
    const current = await this.db
      .selectFrom('seats')
      .innerJoin('tables', 'tables.id', 'seats.table_id')
      .innerJoin('users as u', 'u.id', 'seats.user_id')
      .select(['tables.id', 'tables.game', 'tables.status', 'tables.finished_at'])
      .where(seatsOf)
      .where('tables.status', 'in', ['open', 'playing'])
      .where('tables.broken', 'is', null)
      .where((eb) => listedTo(eb, askerId, now))
      .orderBy('tables.created_at', 'desc')
      .limit(RECENT_GAMES)
      .execute();
    const recent = finished
      .filter((row, k) => finished.findIndex((other) => other.id === row.id) === k && !hidden.has(row.id))
      .slice(0, RECENT_GAMES);
    const changes = await this.changesOf(
      playerId,
      recent.map((row) => row.id),
    );
    const names = await this.namesAt([...recent, ...current].map((row) => row.id));
    const gameOf = (row: {
      id: string;
      game: string;
      status: string;
      finished_at: number | null;
    }): PlayerGame => ({
      tableId: row.id,
      game: row.game,
      title: this.titles.get(row.game) ?? row.game,
      status: row.status as TableStatus,
      finishedAt: row.finished_at === null ? null : Number(row.finished_at),
      names: names.get(row.id) ?? [],
      won: wins.get(row.id) ?? null,
      change: changes.get(row.id) ?? null,
    });
    return {
      name: subject.kind === 'bot' ? botLevelName(subject.level) : subject.name,
      bot: subject.kind === 'bot' ? subject.level : null,
      registered: subject.kind === 'person' && subject.registered,
      ratings,
      charts: Object.fromEntries(
        Object.entries(charts).map(([game, points]) => [
          game,
          points.filter((point) => !hidden.has(point.tableId)),
        ]),
      ),
      played,
      won,
      recent: recent.map(gameOf),
      current: current.map(gameOf),
      // A bot never leaves a game: only people have a reliability.
      reliability: subject.kind === 'person' ? await reliabilityOfUser(this.db, subject.id) : null,
    };
  }

  /** The change of the shown rating of `playerId` in each of these games that was rated. */
  private async changesOf(playerId: string, tableIds: string[]): Promise<Map<string, number>> {
    if (tableIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('rating_history')
      .selectAll()
      .where('player_id', '=', playerId)
      .where('table_id', 'in', tableIds)
      .execute();
    return new Map(
      rows.map((row) => [
        row.table_id,
        round(
          shownRating({ mu: Number(row.mu), sigma: Number(row.sigma) }) -
            shownRating({ mu: Number(row.mu_before), sigma: Number(row.sigma_before) }),
        ),
      ]),
    );
  }

  /** The names at each table's seats, in seat order. */
  private async namesAt(tableIds: string[]): Promise<Map<string, (string | null)[]>> {
    if (tableIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('seats')
      .innerJoin('users', 'users.id', 'seats.user_id')
      .innerJoin('tables', 'tables.id', 'seats.table_id')
      .select(['seats.table_id', 'seats.seat', 'users.name', 'tables.players'])
      .where('seats.table_id', 'in', tableIds)
      .execute();
    const names = new Map<string, (string | null)[]>();
    for (const row of rows) {
      const list = names.get(row.table_id) ?? Array.from({ length: row.players }, () => null);
      list[row.seat] = row.name;
      names.set(row.table_id, list);
    }
    return names;
  }

  /** A page of the game's board, best first, and the asking player's own place on it. */
  async leaderboard(
    game: string,
    page: number,
    size: number,
    askingUserId: string | undefined,
  ): Promise<LeaderboardResponse> {
    const title = this.titles.get(game);
    if (title === undefined) throw new NotFoundError('leaderboard.none', { game });
    const board = this.db
      .selectFrom('ratings')
      .leftJoin('users', 'users.id', 'ratings.player_id')
      .where('ratings.game', '=', game)
      .where('ratings.games', '>=', BOARD_MIN_GAMES);
    const total = await board
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    const rows = await board
      .select(BOARD_COLUMNS)
      // By the rating shown (the mean: `shownRating`), so that the board reads in order.
      .orderBy('ratings.mu', 'desc')
      .orderBy('ratings.player_id')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    const entry = (row: (typeof rows)[number], rank: number): LeaderboardEntry => {
      const level = row.player_id.startsWith('bot:') ? (row.player_id.slice(4) as BotLevel) : null;
      return { rank, name: level ? botLevelName(level) : (row.name ?? '?'), bot: level, ...shown(row) };
    };
    let me: LeaderboardEntry | null = null;
    if (askingUserId) {
      const mine = await board
        .select(BOARD_COLUMNS)
        .where('ratings.player_id', '=', askingUserId)
        .executeTakeFirst();
      if (mine) {
        // Ahead: a better rating, or the same one and an earlier id (the order of the board).
        const ahead = await board
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where((eb) =>
            eb.or([
              eb('ratings.mu', '>', mine.mu),
              eb.and([eb('ratings.mu', '=', mine.mu), eb('ratings.player_id', '<', mine.player_id)]),
            ]),
          )
          .executeTakeFirstOrThrow();
        me = entry(mine, Number(ahead.count) + 1);
      }
    }
    return {
      game,
      title,
      page,
      size,
      total: Number(total.count),
      minGames: BOARD_MIN_GAMES,
      entries: rows.map((row, k) => entry(row, (page - 1) * size + k + 1)),
      me,
    };
  }

  /** The shown rating in `game` of each of these names that has one (a bot's name gives its level's). */
  async lookup(game: string, names: readonly string[]): Promise<RatingsLookup> {
    const ratings: RatingsLookup['ratings'] = {};
    const playerIds = new Map<string, string>(); // player id -> name asked
    const people: string[] = [];
    for (const name of names) {
      const level = botLevelOfName(name.toLowerCase());
      if (level) playerIds.set(botPlayerId(level), name);
      else people.push(name);
    }
    const found: { id: string; name: string }[] = [];
    if (people.length > 0) {
      found.push(
        ...(await this.db
          .selectFrom('users')
          .select(['id', 'name'])
          .where('name_key', 'in', people.map(nameSkeleton))
          .where('bot_level', 'is', null)
          .execute()),
      );
    }
    for (const { id, name } of found) playerIds.set(id, name);
    if (playerIds.size === 0) return { ratings };
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('game', '=', game)
      .where('player_id', 'in', [...playerIds.keys()])
      .execute();
    for (const row of rows) {
      const { rating, provisional } = shown(row);
      // Every name asked that stands for this player (several bots of one level).
      for (const name of names) {
        if (
          name === playerIds.get(row.player_id) ||
          (row.player_id.startsWith('bot:') &&
            name.toLowerCase().startsWith(botLevelName(row.player_id.slice(4))))
        )
          ratings[name] = { rating, provisional };
      }
    }
    return { ratings };
  }

  /**
   * What the end of a table's game did to each seat's rating (no change when it was not rated), and why seats or pairs
   * were left out of it. A note that two seats shared an address is told only to the players at those seats: it says
   * something of where they are, which is not everyone's business.
   */
  async ofTable(tableId: string, askingUserId?: string): Promise<TableRatings> {
    const table = await this.db
      .selectFrom('tables')
      .select(['rated_seq', 'finished_at', 'rating_notes'])
      .where('id', '=', tableId)
      .executeTakeFirst();
    if (!table) throw new NotFoundError('table.none', { table: tableId });
    const seats = await this.db
      .selectFrom('seats')
      .innerJoin('users', 'users.id', 'seats.user_id')
      .select(['seats.seat', 'users.id', 'users.name', 'users.bot_level', 'users.registered_at'])
      .where('seats.table_id', '=', tableId)
      .orderBy('seats.seat')
      .execute();
    const notes = notesOf(table.rating_notes ?? null, seats, askingUserId);
    if (table.rated_seq === null) return { rated: false, changes: [], notes };
    const history = new Map(
      (await this.db.selectFrom('rating_history').selectAll().where('table_id', '=', tableId).execute()).map(
        (row) => [row.player_id, row],
      ),
    );
    const changes = seats.flatMap((seat) => {
      const playerId = ratedPlayerId(seat, Number(table.finished_at));
      const row = playerId === null ? undefined : history.get(playerId);
      if (!row) return [];
      return [
        {
          seat: seat.seat,
          name: seat.name,
          place: row.place,
          before: round(shownRating({ mu: Number(row.mu_before), sigma: Number(row.sigma_before) })),
          after: round(shownRating({ mu: Number(row.mu), sigma: Number(row.sigma) })),
        },
      ];
    });
    return { rated: true, changes, notes };
  }
}

/** The stored notes of a game's rating (`RatingNote`) in words, with the names at the seats they name. */
function notesOf(
  json: string | null,
  seats: readonly { seat: number; id: string; name: string; bot_level: string | null }[],
  askingUserId: string | undefined,
): Words[] {
  if (json === null) return [];
  const at = (seat: number) => seats.find((row) => row.seat === seat);
  const nameAt = (seat: number) => {
    const row = at(seat);
    if (!row) return `${seat + 1}`;
    return row.bot_level === null ? row.name : botLevelName(row.bot_level);
  };
  return (JSON.parse(json) as RatingNote[]).flatMap((note): Words[] => {
    switch (note.reason) {
      case 'moves':
        return [words('rating.fewMoves', { name: nameAt(note.seat), n: note.least, unit: note.unit })];
      case 'address': {
        const [a, b] = note.seats;
        const told = askingUserId !== undefined && [at(a)?.id, at(b)?.id].includes(askingUserId);
        return told ? [words('rating.sameAddress', { a: nameAt(a), b: nameAt(b) })] : [];
      }
      case 'pairLimit': {
        const [a, b] = note.seats;
        return [words('rating.pairLimit', { a: nameAt(a), b: nameAt(b), n: note.games })];
      }
      case 'botsOnly':
        return [words('rating.botsOnly')];
      case 'roundPending':
        return [words('rating.roundPending')];
      default:
        return [];
    }
  });
}
