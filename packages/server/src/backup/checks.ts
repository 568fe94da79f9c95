/**
 * What `skyline restore` and `skyline migrate` check of a restored database, reading it only: every table holds the
 * rows the backup counted, every stored game replays to the status stored with it, and rating every rated game again
 * gives the ratings stored (in a transaction rolled back: nothing is changed).
 */
import { statusWithEndings, type AnyGame, type LogEntry, type Status } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import type { Kysely } from 'kysely';
import { DEFAULT_RATING_RULES, type RatingRules } from '../ratings/ended.js';
import { rateAgain } from '../ratings/recompute.js';
import { stateFromStoredLog, type Resignation } from '../tables/live.js';
import type { Database } from '../db/schema.js';

export interface CountCheck {
  table: string;
  expected: number;
  found: number;
}

export interface GamesCheck {
  /** Games replayed to their stored status: finished ones, and ones still being played. */
  over: number;
  playing: number;
  /** Tables set aside as broken (`tables.broken`) where the backup was made: not replayed. */
  broken: number;
  /** What did not replay or did not match, one line per game. */
  failures: string[];
}

export interface RatingsCheck {
  games: number;
  ratings: number;
  history: number;
  /** The differences found, one line each (none when the recomputed ratings are the stored ones). */
  failures: string[];
}

export async function checkCounts(
  db: Kysely<Database>,
  expected: readonly { name: string; rows: number }[],
): Promise<CountCheck[]> {
  const found: CountCheck[] = [];
  for (const { name, rows } of expected) {
    const row = await db
      .selectFrom(name as keyof Database)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    found.push({ table: name, expected: rows, found: Number(row.n) });
  }
  return found;
}

interface GameRow {
  id: string;
  game: string;
  players: number;
  options: string;
  status: string;
  version: number;
  result: string | null;
  broken: string | null;
}

/** Replays every stored game that has started (`stateFromStoredLog`, as a server does when it loads a table). */
export async function checkGames(
  db: Kysely<Database>,
  games: ReadonlyMap<string, AnyGame> = GAMES,
): Promise<GamesCheck> {
  const check: GamesCheck = { over: 0, playing: 0, broken: 0, failures: [] };
  const rows: GameRow[] = await db
    .selectFrom('tables')
    .select(['id', 'game', 'players', 'options', 'status', 'version', 'result', 'broken'])
    .where('status', 'in', ['playing', 'over'])
    .orderBy('id')
    .execute();
  // A hundred tables at a time: their moves and seats in two queries.
  for (let start = 0; start < rows.length; start += 100) {
    const batch = rows.slice(start, start + 100);
    const ids = batch.map((row) => row.id);
    const moves = await db
      .selectFrom('moves')
      .select(['table_id', 'seq', 'entry'])
      .where('table_id', 'in', ids)
      .orderBy('table_id')
      .orderBy('seq')
      .execute();
    const seats = await db
      .selectFrom('seats')
      .select(['table_id', 'seat', 'resigned_at'])
      .where('table_id', 'in', ids)
      .execute();
    const movesOf = grouped(moves);
    const seatsOf = grouped(seats);
    for (const row of batch) {
      if (row.broken !== null) {
        check.broken++;
        continue;
      }
      const failure = replayFailure(games, row, movesOf.get(row.id) ?? [], seatsOf.get(row.id) ?? []);
      if (failure) check.failures.push(`table ${row.id} (${row.game}, ${row.status}): ${failure}`);
      else if (row.status === 'over') check.over++;
      else check.playing++;
    }
  }
  return check;
}

function grouped<T extends { table_id: string }>(rows: T[]): Map<string, T[]> {
  const byTable = new Map<string, T[]>();
  for (const row of rows) {
    const list = byTable.get(row.table_id);
    if (list) list.push(row);
    else byTable.set(row.table_id, [row]);
  }
  return byTable;
}

function replayFailure(
  games: ReadonlyMap<string, AnyGame>,
  row: GameRow,
  moves: { seq: number; entry: string }[],
  seats: { seat: number; resigned_at?: number | null }[],
): string | null {
  const game = games.get(row.game);
  if (!game) return `the game ${row.game} is not on this server`;
  if (moves.length !== row.version || moves.some((move, k) => move.seq !== k))
    return `its version is ${row.version} but its log holds entries ${moves.length > 0 ? `0..${moves.at(-1)!.seq}` : 'none'} (${moves.length})`;
  let status: Status;
  try {
    const parsed = game.parseOptions(row.players, JSON.parse(row.options) as unknown);
    if (!parsed.ok) return `its options do not parse: ${parsed.reason}`;
    const log = moves.map((move) => JSON.parse(move.entry) as LogEntry);
    status = game.status(stateFromStoredLog(game, row.players, parsed.options, log));
  } catch (error) {
    return (error as Error).message;
  }
  // Seats that resigned, in the order they did (the rules place them last; the order does not change who wins).
  const resigned = seats
    .filter((seat) => seat.resigned_at !== null && seat.resigned_at !== undefined)
    .sort((a, b) => (a.resigned_at ?? 0) - (b.resigned_at ?? 0) || a.seat - b.seat)
    .map((seat) => seat.seat);
  if (row.status === 'playing')
    return status.over ? 'its log ends the game, yet it is stored as being played' : null;
  const result = JSON.parse(row.result ?? 'null') as {
    status?: Status;
    resignation?: Resignation;
  } | null;
  let expected: Pick<Status, 'winners' | 'scores'>;
  let stored: Pick<Status, 'winners' | 'scores'> | undefined;
  if (result?.status) {
    if (!status.over) return 'its log does not end the game, yet it is stored as over';
    expected = statusWithEndings(status, { resigned, closed: null });
    stored = result.status;
  } else if (result?.resignation) {
    const ending = result.resignation;
    if (ending.resigned === null) expected = { winners: [], scores: status.scores };
    else {
      // A game resigned before resignations were kept per seat has only the result's.
      const all = resigned.includes(ending.resigned) ? resigned : [...resigned, ending.resigned];
      expected = statusWithEndings(status, { resigned: all, closed: 'resigned' });
    }
    stored = ending;
  } else return `it is over without a stored result`;
  const said = (s: Pick<Status, 'winners' | 'scores'>) =>
    JSON.stringify({ winners: s.winners, scores: s.scores });
  return said(expected) === said(stored)
    ? null
    : `it replays to ${said(expected)}, stored as ${said(stored)}`;
}

/**
 * Rates every rated game again, as `skyline ratings recompute` does, in a transaction that is rolled back, and
 * compares the ratings and their history with the stored ones.
 */
export async function checkRatings(
  db: Kysely<Database>,
  rules: RatingRules = DEFAULT_RATING_RULES,
): Promise<RatingsCheck> {
  const read = async (from: Kysely<Database>) => ({
    ratings: await from.selectFrom('ratings').selectAll().orderBy('player_id').orderBy('game').execute(),
    history: await from
      .selectFrom('rating_history')
      .selectAll()
      .orderBy('table_id')
      .orderBy('player_id')
      .execute(),
  });
  const stored = await read(db);
  const rollback = new Error('rolled back');
  let again: Awaited<ReturnType<typeof read>> | undefined;
  let games = 0;
  await db
    .transaction()
    .execute(async (trx) => {
      games = (await rateAgain(trx, rules)).games;
      again = await read(trx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  const failures: string[] = [];
  const key = (row: object) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)));
  const compare = (what: string, before: object[], after: object[]) => {
    const was = new Set(before.map(key));
    const now = new Set(after.map(key));
    for (const row of before)
      if (!now.has(key(row))) failures.push(`${what} stored but not recomputed: ${key(row)}`);
    for (const row of after)
      if (!was.has(key(row))) failures.push(`${what} recomputed but not stored: ${key(row)}`);
  };
  compare('rating', stored.ratings, again!.ratings);
  compare('rating history', stored.history, again!.history);
  return { games, ratings: stored.ratings.length, history: stored.history.length, failures };
}
