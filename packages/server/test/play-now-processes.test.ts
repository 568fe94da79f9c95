/**
 * "Play now" with two server processes on PostgreSQL and Redis: players joining at once through both processes (each
 * process looks for matches at every join, so both find the same matches at the same moment) are matched into exactly
 * one table each, and a player leaves the queue when their last page closes, whichever process it was on.
 */
import { lacking } from '@skyline/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { eventually, TestClient } from './harness.js';
import { person } from './moderation-people.js';
import { platformForFile } from './pg.js';

// Nobody plays at first (a window of 0, every rating different), then 3 s after joining every window is 1000: each
// process's look (every second) finds the same matches, and the one looking later claims rows the other has.
const platform = platformForFile(
  {
    PASSWORD_COST: '10',
    TRUST_PROXY: '1',
    LIMIT_ACTIONS_PER_MINUTE: '100000',
    MATCH_WINDOW_START: '0',
    MATCH_WINDOW_STEP: '1000',
    MATCH_WINDOW_STEP_SECONDS: '3',
  },
  2,
);
const COUNT = 40;
const url = (process: number) => platform.list[process]!.url;
let names = 0;
const name = (prefix: string) => `${prefix}${++names}`;

const matchedTo = (client: TestClient): string | undefined =>
  (client.received.find((r) => r.event === 'queue:matched')?.payload as { tableId: string } | undefined)
    ?.tableId;

describe.skipIf(lacking('postgres', 'redis'))('Play now with several processes', { timeout: 60_000 }, () => {
  it('forty players waiting through both processes, whose windows open at once, race for the same matches: twenty tables, each player at exactly one', async () => {
    const players = await Promise.all(
      Array.from({ length: COUNT }, (_, k) => person(url(k % 2), name('race'))),
    );
    const { db } = await platform.openStore();
    const users = await db
      .selectFrom('users')
      .select(['id', 'name'])
      .where(
        'name',
        'in',
        players.map((client) => client.name),
      )
      .execute();
    // Ratings 1500, 1510, 1520…: all more than 0 apart.
    await db
      .insertInto('ratings')
      .values(
        users.map((user, k) => ({
          player_id: user.id,
          game: 'nyny',
          mu: 25 + k / 3,
          sigma: 3,
          ordinal: 16 + k / 3,
          games: 20,
          updated_at: Date.now(),
        })),
      )
      .execute();
    const answers = await Promise.all(
      players.map((client) => client.request('queue:join', { game: 'nyny', players: 2, botsAfter: null })),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);
    await eventually(() => players.every((client) => matchedTo(client) !== undefined), 30_000, 'all told');
    const seats = await db
      .selectFrom('seats')
      .innerJoin('users', 'users.id', 'seats.user_id')
      .innerJoin('tables', 'tables.id', 'seats.table_id')
      .select(['users.name', 'seats.table_id', 'tables.status'])
      .where(
        'users.name',
        'in',
        players.map((client) => client.name),
      )
      .execute();
    // Each player sits once, at the table they were told of, started; twenty tables of two.
    expect(seats.map((seat) => seat.name).sort()).toEqual(players.map((client) => client.name).sort());
    for (const client of players)
      expect(seats.find((seat) => seat.name === client.name)?.table_id).toBe(matchedTo(client));
    const tables = new Map<string, number>();
    for (const seat of seats) tables.set(seat.table_id, (tables.get(seat.table_id) ?? 0) + 1);
    expect([...tables.values()]).toEqual(Array(COUNT / 2).fill(2));
    expect(new Set(seats.map((seat) => seat.status))).toEqual(new Set(['playing']));
    // No table was made for nobody: every table of the race has its two players.
    const queued = await db
      .selectFrom('play_queue')
      .select('table_id')
      .where('name', 'like', 'race%')
      .execute();
    expect(new Set(queued.map((row) => row.table_id))).toEqual(new Set(tables.keys()));
    for (const client of players) client.socket.close();
  });

  it('two players completing the same table at once, one through each process, make one table: the other waits', async () => {
    const { db } = await platform.openStore();
    let raced = 0;
    for (let round = 0; round < 8; round++) {
      const [a, b] = await Promise.all([person(url(0), name('ra')), person(url(1), name('rb'))]);
      const join = (client: TestClient) =>
        client.request('queue:join', { game: 'chinatown', players: 3, botsAfter: null });
      expect(await join(a!)).toMatchObject({ ok: true });
      expect(await join(b!)).toMatchObject({ ok: true });
      // Both complete a three-seat table with a and b: each process looks at its own join at the same moment.
      const [c, d] = await Promise.all([person(url(0), name('rc')), person(url(1), name('rd'))]);
      const answers = await Promise.all([join(c!), join(d!)]);
      expect(answers.every((answer) => answer.ok)).toBe(true);
      const four = [a!, b!, c!, d!];
      await eventually(() => four.filter((client) => matchedTo(client)).length >= 3, 10_000, 'three told');
      await new Promise((resolve) => setTimeout(resolve, 300)); // a second table, if made, would be told by now
      const told = four.filter((client) => matchedTo(client));
      expect(told).toHaveLength(3);
      expect(told.slice(0, 2)).toEqual([a, b]);
      const tableId = matchedTo(a!) as string;
      expect(told.map((client) => matchedTo(client))).toEqual([tableId, tableId, tableId]);
      const seats = await db
        .selectFrom('seats')
        .innerJoin('users', 'users.id', 'seats.user_id')
        .select(['users.name', 'seats.table_id'])
        .where(
          'users.name',
          'in',
          four.map((client) => client.name),
        )
        .execute();
      expect(seats.map((seat) => seat.table_id)).toEqual([tableId, tableId, tableId]);
      const waiting = four.find((client) => !matchedTo(client))!;
      expect(await waiting.request('queue:leave', {})).toEqual({ ok: true, left: true });
      if (waiting === c || waiting === d) raced++;
      for (const client of four) client.socket.close();
    }
    expect(raced).toBe(8);
  });

  it('a player with a page on each process stays in the queue until the last one closes, whichever process', async () => {
    const here = await person(url(0), name('two'));
    const there = await TestClient.connect(url(1), here.cookie, here.name, here.headers);
    expect(await here.request('queue:join', { game: 'mycity', players: 4, botsAfter: null })).toMatchObject({
      ok: true,
    });
    const { db } = await platform.openStore();
    const row = () =>
      db.selectFrom('play_queue').select('name').where('name', '=', here.name).executeTakeFirst();
    here.socket.close();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await row()).toEqual({ name: here.name }); // its page on process 1 is still open
    expect(await there.request('queue:status', {})).toMatchObject({ ok: true, entry: { game: 'mycity' } });
    there.socket.close();
    const deadline = Date.now() + 10_000;
    while ((await row()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await row()).toBeUndefined();
  });
});
