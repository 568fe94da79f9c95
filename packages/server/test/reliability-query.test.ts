import type { Kysely } from 'kysely';
import { lacking } from '@skyline/testkit/vitest';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { reliabilityOfUser } from '../src/ratings/reliability-query.js';
import { freshDatabasesForFile } from './pg.js';
import { finishedTableRow } from './reliability-records.js';

const freshDatabase = freshDatabasesForFile();

async function fresh(kind: 'sqlite' | 'postgres'): Promise<Kysely<Database>> {
  const db = await freshDatabase(kind);
  for (const name of ['ann', 'bob'])
    await db
      .insertInto('users')
      .values({ id: name, name, name_key: name, password_hash: null, created_at: 0, bot_level: null })
      .execute();
  return db;
}

interface Seat {
  stand_in?: string | null;
  resigned_at?: number | null;
  own_moves?: number | null;
}

/** A 2-player New York table (opening: 2 moves) Ann and Bob sat at, with its result and whether a seat moved. */
async function table(
  db: Kysely<Database>,
  id: string,
  settings: {
    status?: string;
    broken?: string;
    resignation?: Record<string, unknown>;
    moved?: boolean;
    /** A duplicate tournament round's shared deal. */
    deal?: string;
    ann?: Seat;
    bob?: Seat;
  } = {},
): Promise<void> {
  const { status = 'over', resignation, moved = true } = settings;
  await db
    .insertInto('tables')
    .values(
      finishedTableRow({
        id,
        host_id: 'ann',
        players: 2,
        status,
        broken: settings.broken ?? null,
        deal: settings.deal ?? null,
        result: JSON.stringify(
          resignation
            ? { resignation: { winners: [], scores: [0, 0], resigned: null, ...resignation } }
            : { status: { winners: [0], scores: [1, 0] } },
        ),
      }),
    )
    .execute();
  await db
    .insertInto('seats')
    .values([
      { table_id: id, seat: 0, user_id: 'ann', own_moves: 2, ...settings.ann },
      { table_id: id, seat: 1, user_id: 'bob', own_moves: 2, ...settings.bob },
    ])
    .execute();
  const entries = [{ chance: { seat: 0 } }, ...(moved ? [{ seat: 0, move: { type: 'pass' } }] : [])];
  await db
    .insertInto('moves')
    .values(
      entries.map((entry, seq) => ({
        table_id: id,
        seq,
        entry: JSON.stringify(entry),
        client_id: null,
        created_at: 1,
      })),
    )
    .execute();
}

describe('the sqlite reliability query', () => reliabilityQueryTests('sqlite'));
describe.skipIf(lacking('postgres'))('the postgres reliability query', () =>
  reliabilityQueryTests('postgres'),
);

function reliabilityQueryTests(kind: 'sqlite' | 'postgres'): void {
  it('a player who let the clock run out in 3 of 5 games is at 40%; broken and unfinished tables are not read', async () => {
    const db = await fresh(kind);
    for (const id of ['t1', 't2', 't3']) await table(db, id, { ann: { stand_in: 'greedy' } });
    for (const id of ['t4', 't5']) await table(db, id);
    await table(db, 'broken', { broken: 'no longer replays', ann: { stand_in: 'greedy' } });
    await table(db, 'playing', { status: 'playing', ann: { stand_in: 'greedy' } });
    expect(await reliabilityOfUser(db, 'ann')).toEqual({ games: 5, kept: 2, share: 40 });
    // Bob played the same five games to their end.
    expect(await reliabilityOfUser(db, 'bob')).toEqual({ games: 5, kept: 5, share: 100 });
  });

  it("does not tell a duplicate round's finished game while another table of the round is still played", async () => {
    const db = await fresh(kind);
    await db
      .insertInto('tournaments')
      .values({
        id: 'cup',
        name: 'Cup',
        game: 'nyny',
        options: '{}',
        seats_per_table: 2,
        clock: null,
        rounds: 1,
        format: 'swiss',
        duplicate: 1,
        rated: 0,
        max_players: 4,
        starts_at: null,
        organiser_id: 'ann',
        status: 'playing',
        round: 1,
        winner_id: null,
        driver: null,
        lease_until: null,
        created_at: 0,
        started_at: 1,
        finished_at: null,
      })
      .execute();
    // Ann let her clock run out at the round's first table, over; the round's other table is still played.
    await table(db, 'first', { deal: 'shared', ann: { stand_in: 'greedy' } });
    await table(db, 'second', { deal: 'shared', status: 'playing' });
    await db
      .insertInto('tournament_tables')
      .values([
        { tournament_id: 'cup', round: 1, table_index: 0, table_id: 'first', players: '[]' },
        { tournament_id: 'cup', round: 1, table_index: 1, table_id: 'second', players: '[]' },
      ])
      .execute();
    expect(await reliabilityOfUser(db, 'ann')).toEqual({ games: 0, kept: 0, share: null });
    // The round over, her game is counted.
    await db.updateTable('tables').set({ status: 'over' }).where('id', '=', 'second').execute();
    expect(await reliabilityOfUser(db, 'ann')).toEqual({ games: 2, kept: 1, share: null });
  });

  it('a player who aborted after a first move is counted against; the opponent and a move-less abort count for nobody', async () => {
    const db = await fresh(kind);
    await table(db, 'begun', { resignation: { abortedBy: 'ann' } });
    // Only a chance draw in the log (one that even names a seat): nobody had moved.
    await table(db, 'unbegun', { resignation: { abortedBy: 'ann' }, moved: false, ann: { own_moves: 0 } });
    expect(await reliabilityOfUser(db, 'ann')).toEqual({ games: 1, kept: 0, share: null });
    expect(await reliabilityOfUser(db, 'bob')).toEqual({ games: 0, kept: 0, share: null });
  });

  it('a player who resigned before the opening left early; a closed or stopped game counts for nobody', async () => {
    const db = await fresh(kind);
    await table(db, 'early', {
      resignation: { resigned: 0 },
      ann: { resigned_at: 1, own_moves: 1, stand_in: 'greedy' },
    });
    await table(db, 'conceded', {
      resignation: { resigned: 0 },
      ann: { resigned_at: 9, stand_in: 'greedy' },
    });
    await table(db, 'closed', { resignation: { closed: true }, ann: { stand_in: 'greedy' } });
    await table(db, 'stopped', { resignation: { stoppedBy: 'bob' }, ann: { stand_in: 'greedy' } });
    // Early: failed; conceded after the opening: kept; closed and stopped: not counted.
    expect(await reliabilityOfUser(db, 'ann')).toEqual({ games: 2, kept: 1, share: null });
  });
}
