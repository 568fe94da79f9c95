/**
 * "Play now" (`src/queue/`): players matched by rating within a window that widens with the wait (a time source moved
 * by hand, the queue asked to look when it moves), bots filling a table after the wait a player chose, one wait per
 * player, the joins' limit, the queue left when the player's last page closes or nobody sees them any more, and a
 * restart that loses nobody waiting. Several processes: `play-now-processes.test.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { english, type QueueEntryInfo, type TableSnapshot } from '@skyline/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualTime } from '../src/clocks/clocks.js';
import { SHOWN_PER_MU } from '../src/ratings/model.js';
import { findMatches, type Waiting } from '../src/queue/matching.js';
import { DEFAULT_QUEUE_SETTINGS, windowRule } from '../src/queue/settings.js';
import { eventually, startTestServer, testServerForFile, TestClient, type TestServer } from './harness.js';
import { person } from './moderation-people.js';
import { recordOf } from './reliability-records.js';

const time = new ManualTime(Date.UTC(2026, 7, 1));
const server = testServerForFile(':memory:', { queueJoinsPerMinute: 1000 }, {}, { time, queueCheckMs: 0 });
let names = 0;
const name = (prefix: string) => `${prefix}${++names}`;

/** Gives `client` the shown rating `shown` in `game` (as if it had played: the rating row the ratings keep). */
async function rate(target: TestServer, client: TestClient, game: string, shown: number): Promise<void> {
  const { id } = await target.app.db
    .selectFrom('users')
    .select('id')
    .where('name', '=', client.name)
    .executeTakeFirstOrThrow();
  const mu = 25 + (shown - 1500) / SHOWN_PER_MU;
  await target.app.db
    .insertInto('ratings')
    .values({ player_id: id, game, mu, sigma: 3, ordinal: mu - 9, games: 20, updated_at: time.now() })
    .execute();
}

const join2 = (client: TestClient, extra: Record<string, unknown> = {}) =>
  client.request('queue:join', { game: 'nyny', players: 2, botsAfter: null, ...extra });

const matchedTo = (client: TestClient): string | undefined =>
  (client.received.find((r) => r.event === 'queue:matched')?.payload as { tableId: string } | undefined)
    ?.tableId;

async function seatsOf(client: TestClient, tableId: string): Promise<TableSnapshot> {
  return client.open(tableId);
}

describe('matching by rating', () => {
  it('two players 200 points apart wait until the window (100, +50 every 10 s) reaches 200: at 20 s, not 19.9 s', async () => {
    const low = await person(server.url, name('lo'));
    const high = await person(server.url, name('hi'));
    await rate(server, low, 'nyny', 1500);
    await rate(server, high, 'nyny', 1700);
    const first = await join2(low);
    expect(first).toMatchObject({ ok: true, entry: { rating: 1500, tableId: null, waitedMs: 0 } });
    expect((first.entry as QueueEntryInfo).window).toEqual({
      start: 100,
      step: 50,
      everySeconds: 10,
      most: 600,
    });
    expect(await join2(high)).toMatchObject({ ok: true, entry: { rating: 1700 } });
    expect(await server.app.queue.check()).toEqual([]);
    time.advance(19_900); // window 100 + 50 = 150 < 200
    expect(await server.app.queue.check()).toEqual([]);
    time.advance(100); // 20 s: 100 + 2 × 50 = 200
    const made = await server.app.queue.check();
    expect(made).toHaveLength(1);
    const tableId = made[0] as string;
    await eventually(() => matchedTo(low) === tableId && matchedTo(high) === tableId, 5000, 'both told');
    const snapshot = await seatsOf(low, tableId);
    expect(snapshot.table.status).toBe('playing');
    // Joined at the same moment: seated in the order of their ids, whichever that is.
    expect(snapshot.table.seats.map((seat) => seat.name).sort()).toEqual([low.name, high.name].sort());
    // Matched: the status says where, and leaving is no longer possible.
    expect(await low.request('queue:status', {})).toMatchObject({ ok: true, entry: { tableId } });
    expect(await low.request('queue:leave', {})).toEqual({ ok: true, left: false });
    for (const client of [low, high]) client.socket.close();
  });

  it('the oldest wait is served first, with the nearest in rating: 1500 sits with 1620, not 1760', async () => {
    const anchor = await person(server.url, name('an'));
    const near = await person(server.url, name('ne'));
    const far = await person(server.url, name('fa'));
    await rate(server, anchor, 'manhattan', 1500);
    await rate(server, near, 'manhattan', 1620);
    await rate(server, far, 'manhattan', 1760);
    // Joined a second apart, all more than 100 apart: nobody plays at first.
    for (const client of [anchor, near, far]) {
      expect(
        await client.request('queue:join', { game: 'manhattan', players: 2, botsAfter: null }),
      ).toMatchObject({ ok: true });
      time.advance(1000);
    }
    expect(await server.app.queue.check()).toEqual([]);
    // 12 s after the first join every window is 150: near fits both the anchor (120) and far (140); the anchor waited
    // longest, and near is its nearest.
    time.advance(9000);
    const made = await server.app.queue.check();
    expect(made).toHaveLength(1);
    const snapshot = await seatsOf(anchor, made[0] as string);
    expect(snapshot.table.seats.map((seat) => seat.name)).toEqual([anchor.name, near.name]);
    expect(await far.request('queue:status', {})).toMatchObject({ ok: true, entry: { tableId: null } });
    expect(await far.request('queue:leave', {})).toEqual({ ok: true, left: true });
    for (const client of [far, anchor, near]) client.socket.close();
  });

  it('registered players are rated as at a lobby’s table; a table with a guest is not', async () => {
    const ann = await person(server.url, name('ra'), { registered: true });
    const bob = await person(server.url, name('rb'), { registered: true });
    await join2(ann);
    await join2(bob);
    await server.app.queue.check();
    await eventually(() => matchedTo(ann) !== undefined, 5000, 'told');
    expect((await seatsOf(ann, matchedTo(ann) as string)).table.rated).toBe(true);
    const cat = await person(server.url, name('rc'), { registered: true });
    const guest = await person(server.url, name('rg'));
    await join2(cat);
    await join2(guest);
    await server.app.queue.check();
    await eventually(() => matchedTo(cat) !== undefined, 5000, 'told');
    expect((await seatsOf(cat, matchedTo(cat) as string)).table.rated).toBe(false);
    for (const client of [ann, bob, cat, guest]) client.socket.close();
  });

  it('"any" seat count takes the largest table the players waiting fill: three at Chinatown (3-5) sit at one table of 3', async () => {
    const three = await Promise.all([0, 1, 2].map(() => person(server.url, name('ay'))));
    for (const client of three)
      expect(
        await client.request('queue:join', { game: 'chinatown', players: null, botsAfter: null }),
      ).toMatchObject({ ok: true, entry: { players: null } });
    await server.app.queue.check();
    await eventually(() => three.every((client) => matchedTo(client) !== undefined), 5000, 'all told');
    const tableId = matchedTo(three[0]!) as string;
    expect(three.map((client) => matchedTo(client))).toEqual([tableId, tableId, tableId]);
    expect((await seatsOf(three[0]!, tableId)).table.seats).toHaveLength(3);
    for (const client of three) client.socket.close();
  });
});

describe('the window’s rule (pure)', () => {
  const rule = windowRule(DEFAULT_QUEUE_SETTINGS);
  const entry = (
    userId: string,
    rating: number,
    joinedAt: number,
    extra: Partial<Waiting> = {},
  ): Waiting => ({
    userId,
    game: 'nyny',
    players: 2,
    botsAfterMs: null,
    botLevel: 'greedy',
    rating,
    joinedAt,
    reliability: { registered: true, share: null, floor: 0 },
    ...extra,
  });
  const seats = () => ({ min: 2, max: 5 });

  it('a newcomer is not placed with an old waiter further away than the newcomer’s own window (100 at once)', () => {
    // The old waiter's window reached 600 after 100 s; the newcomer, 300 away, accepts 100.
    expect(findMatches([entry('old', 1500, 0), entry('new', 1800, 100_000)], seats, rule, 100_000)).toEqual(
      [],
    );
    // 40 s later the newcomer's window is 100 + 4 × 50 = 300: they play.
    expect(
      findMatches([entry('old', 1500, 0), entry('new', 1800, 100_000)], seats, rule, 140_000),
    ).toHaveLength(1);
  });

  it('the window stops widening at MATCH_WINDOW_MOST (600)', () => {
    expect(findMatches([entry('a', 1000, 0), entry('b', 1601, 0)], seats, rule, 3_600_000)).toEqual([]);
    expect(findMatches([entry('a', 1000, 0), entry('b', 1600, 0)], seats, rule, 3_600_000)).toHaveLength(1);
  });
});

describe('reliability floors in the queue (pure)', () => {
  const rule = windowRule(DEFAULT_QUEUE_SETTINGS);
  const seats = () => ({ min: 2, max: 5 });
  /** A registered player rated 1500 who joined at 0, with this share (null: none yet) and asking this floor. */
  const entry = (userId: string, share: number | null, floor: number, registered = true): Waiting => ({
    userId,
    game: 'nyny',
    players: null,
    botsAfterMs: null,
    botLevel: 'greedy',
    rating: 1500,
    joinedAt: userId.charCodeAt(0),
    reliability: { registered, share, floor },
  });
  const tablesOf = (waiting: Waiting[]) =>
    findMatches(waiting, seats, rule, 1000).map((match) =>
      match.people.map((person) => person.userId).sort(),
    );

  it('a player who asks 80% is not seated with one who lets the clock run out (70%), but is with one at 80%', () => {
    expect(tablesOf([entry('a', 95, 80), entry('b', 70, 0)])).toEqual([]);
    expect(tablesOf([entry('a', 95, 80), entry('b', 80, 0)])).toEqual([['a', 'b']]);
  });

  it('the floor binds both ways: the one who asks it must meet the other’s (a 50% player asking none, with one asking 60%)', () => {
    expect(tablesOf([entry('a', 50, 0), entry('b', 90, 60)])).toEqual([]);
  });

  it('a guest is never seated with a player who asks a floor; a newcomer without a share yet is', () => {
    expect(tablesOf([entry('a', 90, 50), entry('g', null, 0, false)])).toEqual([]);
    expect(tablesOf([entry('a', 90, 50), entry('n', null, 0)])).toEqual([['a', 'n']]);
    // With nobody asking one, the guest plays.
    expect(tablesOf([entry('a', 90, 0), entry('g', null, 0, false)])).toEqual([['a', 'g']]);
  });

  it('a table for any seat count leaves out the one player another refuses, and seats the rest together', () => {
    // a asks 70%: b (60%) is left out of a's table of three with c and d.
    expect(tablesOf([entry('a', 90, 70), entry('b', 60, 0), entry('c', 80, 0), entry('d', null, 0)])).toEqual(
      [['a', 'c', 'd']],
    );
  });
});

describe('"play now" with a reliability floor (server)', () => {
  it('a player who asks 80% waits while only one who let the clock run out (60%) is there, and plays the next at 100%', async () => {
    const asker = await person(server.url, name('fa'), { registered: true });
    const late = await person(server.url, name('fl'), { registered: true });
    const keeper = await person(server.url, name('fk'), { registered: true });
    await recordOf(server, late, 3);
    await recordOf(server, keeper, 5);
    // One second apart, so that the asker's is the oldest wait, served first.
    expect(await join2(asker, { reliability: 80 })).toMatchObject({ ok: true, entry: { reliability: 80 } });
    time.advance(1000);
    expect(await join2(late)).toMatchObject({ ok: true, entry: { reliability: 0 } });
    expect(await server.app.queue.check()).toEqual([]);
    time.advance(1000);
    expect(await join2(keeper)).toMatchObject({ ok: true });
    // The join looks for matches itself.
    await server.app.queue.check();
    await eventually(() => matchedTo(asker) !== undefined);
    const tableId = matchedTo(asker)!;
    expect(matchedTo(keeper)).toBe(tableId);
    const snapshot = await seatsOf(asker, tableId);
    expect(snapshot.table.seats.map((seat) => seat?.name)).toEqual([asker.name, keeper.name]);
    // The table shows the floor its players asked.
    expect(snapshot.table.reliability).toBe(80);
    expect(matchedTo(late)).toBeUndefined();
    await late.request('queue:leave', {});
  });

  it('a guest who joins is not seated with a player asking 50%', async () => {
    const asker = await person(server.url, name('ga'), { registered: true });
    const guest = await person(server.url, name('gg'));
    expect(await join2(asker, { reliability: 50 })).toMatchObject({ ok: true });
    expect(await join2(guest)).toMatchObject({ ok: true });
    expect(await server.app.queue.check()).toEqual([]);
    await asker.request('queue:leave', {});
    await guest.request('queue:leave', {});
  });

  it('a floor the protocol does not offer (75%) is refused as bad input, and nothing is queued', async () => {
    const odd = await person(server.url, name('fo'), { registered: true });
    expect(await join2(odd, { reliability: 75 })).toMatchObject({ ok: false });
    expect(await odd.request('queue:status', {})).toMatchObject({ ok: true, entry: null });
  });
});

describe('bots fill the table after the wait the player chose', () => {
  it('a lone player who allows bots after 30 s gets a table with one random bot at 30 s, not at 29 s', async () => {
    const lone = await person(server.url, name('lb'));
    expect(await join2(lone, { botsAfter: 30, botLevel: 'random' })).toMatchObject({
      ok: true,
      entry: { botsAfter: 30, botLevel: 'random' },
    });
    time.advance(29_000);
    expect(await server.app.queue.check()).toEqual([]);
    time.advance(1000);
    const [tableId] = await server.app.queue.check();
    await eventually(() => matchedTo(lone) === tableId, 5000, 'told');
    const snapshot = await seatsOf(lone, tableId as string);
    expect(snapshot.table.status).toBe('playing');
    expect(snapshot.table.seats.map((seat) => seat.bot ?? null)).toEqual([null, 'random']);
    lone.socket.close();
  });

  it('bots are the strongest level (ismcts) when the player does not say, and "never" waits for people', async () => {
    const never = await person(server.url, name('nv'));
    expect(await join2(never)).toMatchObject({ ok: true, entry: { botsAfter: null, botLevel: 'ismcts' } });
    time.advance(600_000);
    expect(await server.app.queue.check()).toEqual([]);
    expect(await never.request('queue:leave', {})).toEqual({ ok: true, left: true });
    never.socket.close();
  });
});

describe('one wait per player, and its limit', () => {
  it('a second join is refused (queue.already), even sent at once from two pages of the same player', async () => {
    const one = await person(server.url, name('on'));
    const again = await TestClient.connect(server.url, one.cookie, one.name, one.headers);
    const answers = await Promise.all([join2(one), join2(again), join2(one, { game: 'manhattan' })]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok).map((a) => a.code)).toEqual(['queue.already', 'queue.already']);
    expect(
      await server.app.db.selectFrom('play_queue').select('user_id').where('name', '=', one.name).execute(),
    ).toHaveLength(1);
    await one.request('queue:leave', {});
    one.socket.close();
    again.socket.close();
  });

  it('joins beyond LIMIT_QUEUE_JOINS_PER_MINUTE (2) are refused with rate_limited, kind queue', async () => {
    const limited = await startTestServer(':memory:', { queueJoinsPerMinute: 2 }, {}, { queueCheckMs: 0 });
    try {
      const eager = await person(limited.url, 'eager');
      for (let k = 0; k < 2; k++) {
        expect(await join2(eager)).toMatchObject({ ok: true });
        expect(await eager.request('queue:leave', {})).toEqual({ ok: true, left: true });
      }
      const refused = await join2(eager);
      expect(refused).toMatchObject({ ok: false, code: 'rate_limited', params: { kind: 'queue' } });
      expect(refused.error).toMatch(/^too many entries in the “Play now” queue: try again in \d+ s$/);
      expect(english({ code: 'rate_limited', params: { kind: 'queue', seconds: 42, minutes: 0 } })).toBe(
        'too many entries in the “Play now” queue: try again in 42 s',
      );
      expect(await eager.request('queue:status', {})).toEqual({ ok: true, entry: null });
      eager.socket.close();
    } finally {
      await limited.close();
    }
  });

  it('a wrong seat count or game is refused in words and queues nobody', async () => {
    const odd = await person(server.url, name('od'));
    expect(await join2(odd, { players: 6 })).toMatchObject({
      ok: false,
      code: 'game.players',
      params: { min: 2, max: 4 },
    });
    expect(await join2(odd, { game: 'chess' })).toMatchObject({ ok: false, code: 'game.unknown' });
    expect(await odd.request('queue:status', {})).toEqual({ ok: true, entry: null });
    odd.socket.close();
  });
});

describe('nothing waits on someone gone', () => {
  const rowOf = (target: TestServer, who: TestClient) =>
    target.app.db.selectFrom('play_queue').selectAll().where('name', '=', who.name).executeTakeFirst();

  it('the player’s last page closing removes the wait; another page still open keeps it', async () => {
    const leaver = await person(server.url, name('lv'));
    const second = await TestClient.connect(server.url, leaver.cookie, leaver.name, leaver.headers);
    expect(await join2(leaver)).toMatchObject({ ok: true });
    second.socket.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rowOf(server, leaver)).toBeDefined();
    leaver.socket.close();
    for (let k = 0; k < 50 && (await rowOf(server, leaver)); k++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rowOf(server, leaver)).toBeUndefined();
  });

  it('a wait nobody’s heartbeat refreshes for QUEUE_STALE_SECONDS (30) is removed; a connected player’s is kept', async () => {
    const here = await person(server.url, name('hb'));
    expect(await join2(here, { game: 'mycity', players: 3 })).toMatchObject({ ok: true });
    // A player whose process died without a word: their row stays, and no process has a page of theirs open.
    const ghost = await person(server.url, name('gh'));
    ghost.socket.close();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the server hears the close
    const { id } = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', ghost.name)
      .executeTakeFirstOrThrow();
    await server.app.db
      .insertInto('play_queue')
      .values({
        user_id: id,
        name: ghost.name,
        registered: 0,
        game: 'mycity',
        players: 4,
        bots_after_ms: null,
        bot_level: 'greedy',
        rating: 1500,
        joined_at: time.now(),
        seen_at: time.now(),
        table_id: null,
        matched_at: null,
        match_players: null,
        match_bots: null,
      })
      .execute();
    time.advance(30_000);
    await server.app.queue.check();
    expect(await rowOf(server, ghost)).toBeDefined(); // 30 s: not yet
    time.advance(1);
    await server.app.queue.check();
    expect(await rowOf(server, ghost)).toBeUndefined();
    // The connected player's row was refreshed by this process's heartbeat at each look.
    expect(await rowOf(server, here)).toMatchObject({ table_id: null, seen_at: time.now() });
    here.socket.close();
  });
});

describe('a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skyline-queue-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the players waiting, and the restarted process matches them when their windows meet', async () => {
    const file = join(dir, 'restart.db');
    const clock = new ManualTime(Date.UTC(2026, 8, 1));
    const first = await startTestServer(file, {}, {}, { time: clock, queueCheckMs: 0 });
    const a = await person(first.url, 'restarta');
    const b = await person(first.url, 'restartb');
    await rate(first, a, 'nyny', 1500);
    await rate(first, b, 'nyny', 1800);
    expect(await join2(a)).toMatchObject({ ok: true });
    expect(await join2(b)).toMatchObject({ ok: true });
    expect(await first.app.queue.check()).toEqual([]);
    await first.close(); // hands its clients over: they stay in the queue
    const second = await startTestServer(file, {}, {}, { time: clock, queueCheckMs: 0 });
    try {
      expect(await second.app.db.selectFrom('play_queue').select('name').orderBy('name').execute()).toEqual([
        { name: 'restarta' },
        { name: 'restartb' },
      ]);
      // Their pages reconnect (through the restarted process); 40 s after joining, the window is 300.
      const [a2, b2] = await Promise.all(
        [a, b].map((c) => TestClient.connect(second.url, c.cookie, c.name, c.headers)),
      );
      clock.advance(40_000);
      const [tableId] = await second.app.queue.check();
      expect(tableId).toBeDefined();
      await eventually(() => matchedTo(a2!) === tableId && matchedTo(b2!) === tableId, 5000, 'told');
      a2!.socket.close();
      b2!.socket.close();
    } finally {
      await second.close();
    }
  });

  it('finishes a match claimed by a process that stopped before making its table', async () => {
    const file = join(dir, 'claimed.db');
    const clock = new ManualTime(Date.UTC(2026, 8, 2));
    const first = await startTestServer(file, {}, {}, { time: clock, queueCheckMs: 0 });
    const a = await person(first.url, 'claimeda');
    const b = await person(first.url, 'claimedb');
    expect(await join2(a, { players: 3 })).toMatchObject({ ok: true });
    clock.advance(1000); // a joined first: a sits first
    expect(await join2(b, { players: 3 })).toMatchObject({ ok: true });
    // What a claim writes, the process stopping before the table is made (two people, one greedy bot).
    await first.app.db
      .updateTable('play_queue')
      .set({ table_id: 'claimedtbl', matched_at: clock.now(), match_players: 3, match_bots: 'greedy' })
      .execute();
    await first.close();
    const second = await startTestServer(file, {}, {}, { time: clock, queueCheckMs: 0 });
    try {
      const a2 = await TestClient.connect(second.url, a.cookie, a.name, a.headers);
      expect(await second.app.queue.check()).toEqual([]); // left to the claiming process for 5 s
      clock.advance(5000);
      expect(await second.app.queue.check()).toEqual(['claimedtbl']);
      await eventually(() => matchedTo(a2) === 'claimedtbl', 5000, 'told');
      const snapshot = await a2.open('claimedtbl');
      expect(snapshot.table.status).toBe('playing');
      expect(snapshot.table.seats.map((seat) => seat.name ?? '')).toEqual([
        'claimeda',
        'claimedb',
        expect.stringMatching(/^greedy-bot-/),
      ]);
      expect(await second.app.queue.check()).toEqual([]); // made once
      a2.socket.close();
    } finally {
      await second.close();
    }
  });
});
