/**
 * Bots cannot be used as a weapon (issue 13, finding 6): a guest used to /leave, seat four `ismcts` bots, start and
 * walk away; four such tables pushed other tables' bot replies from milliseconds to seconds, and nobody could stop
 * them. Now bots play only where a person sits or while the person who started them watches, one player has a
 * bounded number of bot seats, the worker pool is shared round-robin between players and tables, and a game of bots
 * can be stopped.
 */
import { CHANCE, SeededRng, randomStep, type AnyGame, type Seat } from '@skyline/engine';
import { findGame } from '@skyline/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotPool } from '../src/bots/pool.js';
import { TestClient, eventually, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let names = 0;
beforeAll(async () => {
  // Bots slow enough that a game of bots lasts while the test looks at it.
  server = await startTestServer(':memory:', {}, { delayMs: 150, seatsPerPlayer: 5 });
});
afterAll(() => server.close());

const guest = () => TestClient.guest(server.url, `w${++names}`);
const known = (client: TestClient, tableId: string) => client.tables.get(tableId);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A table of `players` bots only, created by `host` (who leaves its seat), not started. Manhattan, whose length is
 * fixed: random bots may all pass and end a game of New York in a few moves, before a test has looked at it.
 */
async function tableOfBots(host: TestClient, players: number, open = true): Promise<string> {
  const created = await host.request('table:create', { game: 'manhattan', players });
  expect(created.ok).toBe(true);
  const tableId = created.tableId as string;
  if (open) await host.open(tableId);
  expect((await host.command(tableId, '/leave')).ok).toBe(true);
  for (let k = 0; k < players; k++) expect((await host.command(tableId, '/bot random')).ok).toBe(true);
  return tableId;
}

async function versionAt(client: TestClient, tableId: string): Promise<number> {
  const { status, body } = await client.http('GET', `/api/games/${tableId}/record`);
  expect(status).toBe(200);
  return (body.log as unknown[]).length;
}

describe('bots as a weapon', () => {
  it('walking away from a started table of bots: they stop thinking until the host watches again', async () => {
    const host = await guest();
    const tableId = await tableOfBots(host, 2);
    expect((await host.command(tableId, '/start')).ok).toBe(true);
    await eventually(() => (known(host, tableId)?.version ?? 0) > 4, 10_000, 'the bots to play');
    host.close(); // walks away
    await sleep(1300); // a bot already thinking may still finish its move, within a second of the last check
    const paused = await versionAt(host, tableId);
    await sleep(1500); // several bot moves' time, and a sweep of the driver
    expect(await versionAt(host, tableId)).toBe(paused);

    const back = await TestClient.connect(server.url, host.cookie, host.name);
    await back.open(tableId);
    // (A generous wait: on a loaded machine the driver's next sweep and a bot's think may take seconds.)
    await eventually(() => (known(back, tableId)?.version ?? 0) > paused, 15_000, 'the bots to play on');
    back.close();
  }, 30_000);

  it('starting a table of bots without watching it is refused', async () => {
    const host = await guest();
    const tableId = await tableOfBots(host, 2, false);
    expect(await host.command(tableId, '/start')).toMatchObject({
      ok: false,
      error: 'a game of bots only plays while you watch it: open the table to start it',
    });
    await host.open(tableId);
    expect((await host.command(tableId, '/start')).ok).toBe(true);
    expect((await host.command(tableId, '/stop')).ok).toBe(true);
    host.close();
  });

  it('seating more bots than BOT_SEATS_PER_PLAYER across one player’s tables is refused', async () => {
    const host = await guest();
    const first = await tableOfBots(host, 4); // 4 of the 5 allowed in this file's server
    const created = await host.request('table:create', { game: 'nyny', players: 3 });
    const second = created.tableId as string;
    expect((await host.command(second, '/bot')).ok).toBe(true); // the fifth
    expect(await host.command(second, '/bot')).toMatchObject({
      ok: false,
      error:
        'you already have 5 bot seats at your tables, the most one player may have: bots think on the server, so they are shared out',
    });
    // Seats of games that are over no longer count.
    expect((await host.command(first, '/start')).ok).toBe(true);
    expect((await host.command(first, '/stop')).ok).toBe(true);
    expect((await host.command(second, '/bot')).ok).toBe(true);
    host.close();
  }, 20_000);

  it('nobody could stop a table of bots: its host or a player stops it, with no winner; others cannot', async () => {
    const host = await guest();
    const tableId = await tableOfBots(host, 2);
    const stranger = await guest();
    await stranger.open(tableId);
    expect((await host.command(tableId, '/stop')).error).toBe('there is no game in progress to stop');
    expect((await host.command(tableId, '/start')).ok).toBe(true);
    expect(await stranger.command(tableId, '/stop')).toMatchObject({
      ok: false,
      error: `only the host (${host.name}) or a player at the table can stop the game`,
    });
    expect(await host.command(tableId, '/stop')).toMatchObject({ ok: true, reply: 'you stopped the game' });
    await eventually(() => known(stranger, tableId)?.over === true, 5000, 'the end of the game');
    expect(known(stranger, tableId)?.lastUpdate?.status.winners).toEqual([]);
    const version = await versionAt(host, tableId);
    await sleep(600);
    expect(await versionAt(host, tableId)).toBe(version); // the bots stopped with it
    expect((await host.command(tableId, '/help')).reply).toContain('/stop — end a game that only bots play');
    host.close();
    stranger.close();
  }, 20_000);

  it('a player at a table with another person cannot stop the game (it resigns instead)', async () => {
    const host = await guest();
    const other = await guest();
    const created = await host.request('table:create', { game: 'nyny', players: 3 });
    const tableId = created.tableId as string;
    await host.open(tableId);
    await other.open(tableId);
    expect((await other.command(tableId, '/join')).ok).toBe(true);
    expect((await host.command(tableId, '/bot')).ok).toBe(true);
    expect((await host.command(tableId, '/start')).ok).toBe(true);
    expect(await host.command(tableId, '/stop')).toMatchObject({
      ok: false,
      error: `${other.name} plays at this table: only a game of bots can be stopped`,
    });
    expect((await host.command(tableId, '/resign')).ok).toBe(true);
    host.close();
    other.close();
  });
});

/** A position of `game` with a choice for its awaited seat, and what that seat is given. */
function position(
  game: AnyGame,
  players: number,
  seed: number,
): { view: unknown; seat: Seat; legalMoves: unknown[] } {
  const rng = new SeededRng(seed);
  const parsed = game.parseOptions(players, {});
  if (!parsed.ok) throw new Error(parsed.reason);
  const state = game.setup(players, parsed.options);
  for (let k = 0; k < 10_000; k++) {
    const active = game.active(state);
    if (active[0] !== CHANCE && active.length > 0) {
      const seat = active[0] as Seat;
      const legalMoves = [...game.legalMoves(state, seat)];
      if (legalMoves.length > 4) return { view: game.view(state, seat), seat, legalMoves };
    }
    randomStep(game, state, rng);
  }
  throw new Error('no position with a choice');
}

describe('the bot pool is shared fairly', () => {
  it('four tables of one player thinking with ismcts cannot make another table’s bot wait behind all of them', async () => {
    const THINK = 300;
    const pool = new BotPool(1);
    const nyny = findGame('nyny') as AnyGame;
    const { view, seat, legalMoves } = position(nyny, 2, 1);
    const request = (level: 'ismcts' | 'greedy') => ({
      game: 'nyny',
      level,
      view,
      seat,
      legalMoves,
      budget: { ms: THINK },
      key: '1'.padStart(64, '0'),
    });
    let running = true;
    let thought = 0; // the attacker's requests answered so far
    const attacker = async (table: string) => {
      // Like the driver: one request per table at a time, the next as soon as the last is answered.
      while (running) {
        const response = await pool.ask(request('ismcts'), { owner: 'attacker', table });
        expect('index' in response).toBe(true);
        thought++;
      }
    };
    const tables = ['a1', 'a2', 'a3', 'a4'].map(attacker);
    try {
      await eventually(() => pool.queued === 3, 5000, 'the worker busy and three requests waiting');
      for (let k = 0; k < 3; k++) {
        const before = thought;
        const response = await pool.ask(request('greedy'), { owner: 'other', table: 'b' });
        expect('index' in response).toBe(true);
        // Counted in requests rather than milliseconds (the machine may be loaded): first come, first served, it
        // would wait for the one being thought over and the three queued (4, over a second at this think time);
        // round-robin by player, for the one being thought over and at most one more.
        expect(thought - before).toBeLessThanOrEqual(2);
        await sleep(THINK / 3);
      }
    } finally {
      running = false;
      await Promise.all(tables);
      await pool.close();
    }
  }, 20_000);

  it('a review of a long game asked at once cannot make a table’s bot wait behind its decisions', async () => {
    const THINK = 300;
    const pool = new BotPool(1);
    const nyny = findGame('nyny') as AnyGame;
    const { view, seat, legalMoves } = position(nyny, 2, 2);
    const key = '2'.padStart(64, '0');
    let reviewed = 0;
    // A whole game's decisions, all queued at once (the review service asks one at a time: this is worse).
    const decisions = Array.from({ length: 12 }, () =>
      pool
        .askReview({
          kind: 'review',
          game: 'nyny',
          view,
          seat,
          legalMoves,
          played: legalMoves[0],
          budget: { ms: THINK },
          key,
        })
        .then((response) => {
          // Those still queued when the pool closes are answered with an error: not counted.
          if ('review' in response) reviewed++;
        }),
    );
    try {
      await sleep(THINK / 3);
      for (let k = 0; k < 3; k++) {
        const before = reviewed;
        const response = await pool.ask(
          { game: 'nyny', level: 'greedy', view, seat, legalMoves, budget: { ms: THINK }, key },
          { owner: 'player', table: 't' },
        );
        expect('index' in response).toBe(true);
        // Only the decision being thought over when the bot asked, never the queue behind it.
        expect(reviewed - before).toBeLessThanOrEqual(1);
        await sleep(THINK / 3);
      }
    } finally {
      await pool.close();
      await Promise.allSettled(decisions);
    }
  }, 30_000);
});
