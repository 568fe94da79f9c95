/**
 * Absent, slow and resigning players: nobody is stuck. A seat out of time is handed to a bot that plays it through
 * the move path; the player takes it back; resigning in games of 3+ hands the seat over too; /abort and /claim.
 * Clocks read a time source the tests move by hand (`ManualTime`), and the keeper is asked to look when they do.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECORD_FORMAT, SeededRng, recordStatus, replayRecord } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import type { PublicStatus, TableSummary } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { ManualTime } from '../src/clocks/clocks.js';
import type { TestClient } from './harness.js';
import {
  eventually,
  guestMaker,
  known,
  startNynyTable,
  startTestServer,
  testServerForFile,
} from './harness.js';

const time = new ManualTime(Date.UTC(2026, 5, 1));
// The keeper never looks by itself here: each test moves the time, then asks it to look.
const server = testServerForFile(':memory:', {}, {}, { time, clockCheckMs: 3_600_000, claimAfterMs: 60_000 });
const guests = guestMaker('abs', () => server);

/** The table's seats as a client last heard of them. */
function seatsSeenBy(client: TestClient, tableId: string): TableSummary['seats'] {
  const summaries = client.received
    .filter((m) => m.event === 'table:summary' && (m.payload as TableSummary).id === tableId)
    .map((m) => m.payload as TableSummary);
  return summaries.at(-1)?.seats ?? [];
}

/** The last status a client was told. */
function statusSeenBy(client: TestClient, tableId: string): PublicStatus {
  const k = known(client, tableId);
  return (k.lastUpdate?.status ?? k.snapshot?.status) as PublicStatus;
}

/** The stored record, replayed as `skyline replay` does: its status, or the replay's error line. */
async function replayed(client: TestClient, tableId: string): Promise<unknown> {
  const { body } = await client.http('GET', `/api/games/${tableId}/record`);
  expect(body.format).toBe(RECORD_FORMAT);
  const result = replayRecord(GAMES, body);
  if (!result.ok) return result.error.line;
  return recordStatus(result);
}

/** Plays `client`'s seat with random legal moves until the game is over (the other seats play themselves). */
async function playUntilOver(client: TestClient, tableId: string, seed: number): Promise<void> {
  const rng = new SeededRng(seed);
  for (let k = 0; k < 500; k++) {
    await eventually(
      () => known(client, tableId).over || known(client, tableId).legalMoves.length > 0,
      10_000,
      'my turn or the end',
    );
    const { over, legalMoves, version } = known(client, tableId);
    if (over) return;
    const move = legalMoves[rng.int(legalMoves.length)];
    const ack = await client.request('table:move', { tableId, version, id: `p${k}`, move });
    if (ack.ok) await eventually(() => known(client, tableId).version > version, 5000, 'my move told');
  }
  throw new Error('the game did not end');
}

describe('clocks run out', () => {
  it('time-out hands the seat to a bot, which plays it through the move path, shown as a bot playing for NAME', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startNynyTable([ann!, bob!], { clock: { kind: 'turn', perMove: 60 } });
    const start = await ann!.open(tableId);
    expect(start.table.clock).toEqual({ kind: 'turn', perMove: 60 });
    const awaited = (start.status!.active as number[])[0]!;
    const late = [ann!, bob!][awaited]!;
    const version = known(ann!, tableId).version;
    // 59 s: nothing yet.
    time.advance(59_000);
    await server.app.keeper.check();
    expect(seatsSeenBy(ann!, tableId)[awaited]?.standIn).toBeUndefined();
    // 60 s: out of time. The bot moves for the seat (greedy, the table's default).
    time.advance(1_000);
    await server.app.keeper.check();
    await eventually(() => seatsSeenBy(ann!, tableId)[awaited]?.standIn === 'greedy', 5000, 'the stand-in');
    await eventually(() => known(ann!, tableId).version > version, 5000, 'the bot playing for the late seat');
    const chat = ann!.received
      .filter((m) => m.event === 'table:chat')
      .map((m) => (m.payload as { text: string }).text);
    expect(chat).toContain(`${late.name} ran out of time: a greedy bot plays for ${late.name}`);
    // The record holds the bot's move as the seat's own (so that it replays once the game is over).
    const { body } = await late.http('GET', `/api/games/${tableId}/record`);
    expect((body.log as { seat?: number }[])[version]).toMatchObject({ seat: awaited });
    for (const client of [ann!, bob!]) client.close();
  });

  it("taking the seat back (/back) ends the bot's play; the clock restarts with a move's time", async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startNynyTable([ann!, bob!], { clock: { kind: 'turn', perMove: 30 } });
    // Nobody moves for 30 s: whoever was awaited is replaced, and then the other when their turn runs out too.
    for (let k = 0; k < 2; k++) {
      time.advance(30_000);
      await server.app.keeper.check();
    }
    await eventually(
      () => seatsSeenBy(ann!, tableId).some((seat) => seat.standIn === 'greedy'),
      5000,
      'a stand-in',
    );
    const seat = seatsSeenBy(ann!, tableId).findIndex((s) => s.standIn === 'greedy');
    const player = [ann!, bob!][seat]!;
    expect(await player.command(tableId, '/back')).toMatchObject({
      ok: true,
      reply: 'you play your seat again',
    });
    await eventually(
      () => seatsSeenBy(ann!, tableId)[seat]?.standIn === undefined,
      5000,
      'the seat taken back',
    );
    expect(await player.command(tableId, '/back')).toMatchObject({
      ok: false,
      error: 'you are playing your seat yourself',
    });
    // With the seat back and awaited, its clock runs again for a full move.
    const snapshot = await player.open(tableId);
    if ((snapshot.status!.active as number[]).includes(seat)) {
      expect(snapshot.clocks![seat]).toEqual({ left: 30_000, running: true });
    }
    for (const client of [ann!, bob!]) client.close();
  });

  it("a table's stand-in level is its own (/option standin), and a bad level is refused with the usage", async () => {
    const [ann, bob] = await guests(2);
    const created = await ann!.request('table:create', {
      game: 'nyny',
      players: 2,
      clock: { kind: 'turn', perMove: 5 },
    });
    const tableId = created.tableId as string;
    await ann!.open(tableId);
    expect(await ann!.command(tableId, '/option standin clever')).toMatchObject({
      ok: false,
      error: 'write it this way: /option standin random|novice|greedy|club|ismcts',
    });
    expect(await ann!.command(tableId, '/option standin random')).toMatchObject({
      ok: true,
      reply: 'set standin = random',
    });
    expect(await ann!.command(tableId, '/option clock turn 2m')).toMatchObject({
      ok: true,
      reply: 'set clock = turn clock: 2 min a move',
    });
    expect(await ann!.command(tableId, '/option clock turn 40d')).toMatchObject({
      ok: false,
      code: 'clock.range',
    });
    expect(await ann!.command(tableId, '/option clock turn')).toMatchObject({
      ok: false,
      code: 'clock.usage',
    });
    await bob!.open(tableId);
    await bob!.command(tableId, '/join');
    await ann!.command(tableId, '/start');
    await eventually(() => (known(ann!, tableId)?.version ?? 0) > 0, 5000, 'the start');
    time.advance(120_000);
    await server.app.keeper.check();
    await eventually(
      () => seatsSeenBy(ann!, tableId).some((seat) => seat.standIn === 'random'),
      5000,
      'a random stand-in',
    );
    for (const client of [ann!, bob!]) client.close();
  });

  it('restart mid-clock: the deadline is in the database, and a new process acts on it', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'skyline-clock-')), 'skyline.db');
    const clock = new ManualTime(Date.UTC(2026, 6, 1));
    const first = await startTestServer(databasePath, {}, {}, { time: clock, clockCheckMs: 3_600_000 });
    const make = guestMaker('rst', () => first);
    const [ann, bob] = await make(2);
    const tableId = await startNynyTable([ann!, bob!], {
      clock: { kind: 'live', initial: 120, increment: 2 },
    });
    const awaited = ((await ann!.open(tableId)).status!.active as number[])[0]!;
    clock.advance(60_000);
    ann!.close();
    bob!.close();
    await first.close(); // the process holding the table goes away with 60 s left on the clock
    clock.advance(59_000);
    const second = await startTestServer(databasePath, {}, {}, { time: clock, clockCheckMs: 3_600_000 });
    await second.app.keeper.check();
    expect(second.app.service.cached(tableId)?.seats[awaited]?.standIn ?? null).toBeNull();
    clock.advance(1_000); // 120 s in all
    await second.app.keeper.check();
    const table = await second.app.service.get(tableId);
    expect(table.seats[awaited]?.standIn).toBe('greedy');
    await second.close();
  });
});

describe('a long game with a turn clock', () => {
  it('played over weeks of a time source moved by hand: a move 23 h after the last never times out, and the record replays', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startNynyTable([ann!, bob!], { clock: { kind: 'turn', perMove: 86_400 } });
    const started = time.now();
    const rng = new SeededRng(11);
    let moves = 0;
    for (; moves < 400 && !known(ann!, tableId).over; moves++) {
      time.advance(23 * 3_600_000); // each player thinks 23 hours: within the day a move
      await server.app.keeper.check();
      const version = Math.max(known(ann!, tableId).version, known(bob!, tableId).version);
      await eventually(
        () => [ann!, bob!].every((c) => known(c, tableId).version === version),
        5000,
        'both told',
      );
      const seat = [ann!, bob!].findIndex((c) => known(c, tableId).legalMoves.length > 0);
      const mover = [ann!, bob!][seat]!;
      const legal = known(mover, tableId).legalMoves;
      // Never a pass while the seat can play, so that the game runs its full length.
      const plays = legal.filter((m) => (m as { type?: string }).type !== 'pass');
      const choices = plays.length > 0 ? plays : legal;
      const move = choices[rng.int(choices.length)];
      const ack = await mover.request('table:move', { tableId, version, id: `d${moves}`, move });
      expect(ack).toMatchObject({ ok: true });
      await eventually(() => known(ann!, tableId).version > version, 5000, 'the move told');
    }
    expect(known(ann!, tableId).over).toBe(true);
    expect((time.now() - started) / 86_400_000).toBeGreaterThan(20); // weeks of play, in no time
    const seats = (await ann!.open(tableId)).table.seats;
    expect(seats.map((seat) => seat.standIn)).toEqual([undefined, undefined]);
    const status = statusSeenBy(ann!, tableId);
    const replay = (await replayed(ann!, tableId)) as PublicStatus;
    expect({ winners: replay.winners, scores: replay.scores }).toEqual({
      winners: status.winners,
      scores: status.scores,
    });
    for (const client of [ann!, bob!]) client.close();
  }, 60_000);
});

describe('a game nobody plays ends on its own', () => {
  it('with a 1 s turn clock and nobody moving, a 2-seat New York game reaches its end, and its record replays to the announced status', async () => {
    // Real time here: a keeper looking every 100 ms.
    const real = await startTestServer(':memory:', {}, {}, { clockCheckMs: 100 });
    const make = guestMaker('idle', () => real);
    const [ann, bob] = await make(2);
    const created = await ann!.request('table:create', {
      game: 'nyny',
      players: 2,
      clock: { kind: 'turn', perMove: 1 },
    });
    const tableId = created.tableId as string;
    await ann!.open(tableId);
    await bob!.open(tableId);
    await bob!.command(tableId, '/join');
    await ann!.command(tableId, '/start');
    await eventually(() => known(ann!, tableId).over, 60_000, 'the end of the game');
    const status = statusSeenBy(ann!, tableId);
    expect(status.over).toBe(true);
    expect(seatsSeenBy(ann!, tableId).map((seat) => seat.standIn)).toEqual(['greedy', 'greedy']);
    const replay = (await replayed(ann!, tableId)) as PublicStatus;
    expect({ over: replay.over, winners: replay.winners, scores: replay.scores }).toEqual({
      over: true,
      winners: status.winners,
      scores: status.scores,
    });
    ann!.close();
    bob!.close();
    await real.close();
  }, 90_000);
});

describe('resigning', () => {
  it('resign with 2 seats ends the game, and the record carries it and replays to the announced status', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startNynyTable([ann!, bob!], {});
    expect(await bob!.command(tableId, '/resign')).toMatchObject({ ok: true, reply: 'you resigned' });
    await eventually(() => known(ann!, tableId).over, 5000, 'the end');
    const status = statusSeenBy(ann!, tableId);
    expect(status).toMatchObject({ over: true, winners: [0], resigned: [1] });
    const { body } = await ann!.http('GET', `/api/games/${tableId}/record`);
    expect((body.log as unknown[]).at(-1)).toEqual({ seat: 1, resign: true });
    expect(await replayed(ann!, tableId)).toEqual({ ...status, active: [], resigned: [1] });
    for (const client of [ann!, bob!]) client.close();
  });

  it('resign with 3 seats hands the seat to a bot and the game goes on; a second resignation ends it', async () => {
    const [ann, bob, cat] = await guests(3);
    const tableId = await startNynyTable([ann!, bob!, cat!], {});
    expect(await cat!.command(tableId, '/resign')).toMatchObject({
      ok: true,
      reply: 'you resigned: a bot plays your seat to the end, and you are placed last',
    });
    await eventually(() => seatsSeenBy(ann!, tableId)[2]?.resigned === true, 5000, 'the resignation told');
    expect(seatsSeenBy(ann!, tableId)[2]).toMatchObject({ standIn: 'greedy', resigned: true });
    expect(known(ann!, tableId).over).toBe(false);
    expect(await cat!.command(tableId, '/back')).toMatchObject({
      ok: false,
      error: 'you resigned: a bot plays your seat to the end',
    });
    expect(await cat!.command(tableId, '/resign')).toMatchObject({
      ok: false,
      error: 'you have already resigned',
    });
    expect(await bob!.command(tableId, '/resign')).toMatchObject({ ok: true, reply: 'you resigned' });
    await eventually(() => known(ann!, tableId).over, 5000, 'the end');
    const status = statusSeenBy(ann!, tableId);
    // In the order of the log (the bot may have moved for cat in between; at one version, by seat), the same in the
    // status told and in the record.
    expect(status).toMatchObject({ over: true, winners: [0] });
    expect([...status.resigned!].sort()).toEqual([1, 2]);
    expect(await replayed(ann!, tableId)).toMatchObject({
      over: true,
      winners: [0],
      resigned: status.resigned,
    });
    for (const client of [ann!, bob!, cat!]) client.close();
  });

  it('resign with 4 seats (2 people, 2 bots): a bot plays on for the resigned player, who is never a winner', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startNynyTable([ann!, bob!], {}, 2);
    expect((await ann!.command(tableId, '/resign')).ok).toBe(true);
    await eventually(() => seatsSeenBy(bob!, tableId)[0]?.standIn === 'greedy', 5000, 'the stand-in');
    expect(known(bob!, tableId).over).toBe(false); // the three others are not winners on 0 points
    await playUntilOver(bob!, tableId, 4);
    const status = statusSeenBy(bob!, tableId);
    expect(status.over).toBe(true);
    expect(status.resigned).toEqual([0]);
    expect(status.winners).not.toContain(0);
    expect(status.winners.length).toBeGreaterThan(0);
    const replay = (await replayed(bob!, tableId)) as PublicStatus;
    expect({ winners: replay.winners, scores: replay.scores, resigned: replay.resigned }).toEqual({
      winners: status.winners,
      scores: status.scores,
      resigned: [0],
    });
    for (const client of [ann!, bob!]) client.close();
  }, 60_000);
});

describe('abort and claim', () => {
  it('abort before every seat has played its first moves drops the game with no winner; after, it is refused', async () => {
    const [ann, bob, watcher] = await guests(3);
    const tableId = await startNynyTable([ann!, bob!], {});
    expect(await watcher!.command(tableId, '/abort')).toMatchObject({
      ok: false,
      error: 'you do not sit at this table',
    });
    expect(statusSeenBy(ann!, tableId).abortable).toBe(true);
    expect(await bob!.command(tableId, '/abort')).toMatchObject({ ok: true, reply: 'you aborted the game' });
    await eventually(() => known(ann!, tableId).over, 5000, 'the end');
    expect(statusSeenBy(ann!, tableId)).toMatchObject({ over: true, winners: [], aborted: true });
    expect(await replayed(ann!, tableId)).toMatchObject({ over: true, winners: [], aborted: true });

    // Once every seat has made its 2 moves (New York: a tile played and one taken, or a pass), it is too late: the
    // status stops saying the game may be aborted, and /abort is refused.
    const played = await startNynyTable([ann!, bob!], {});
    for (let moves = 0; moves < 40 && statusSeenBy(ann!, played).abortable; moves++) {
      const mover = [ann!, bob!].find((c) => known(c, played).legalMoves.length > 0)!;
      const { version, legalMoves } = known(mover, played);
      await mover.request('table:move', { tableId: played, version, id: `a${moves}`, move: legalMoves[0] });
      await eventually(() => [ann!, bob!].every((c) => known(c, played).version > version));
    }
    expect(statusSeenBy(ann!, played).abortable).toBeUndefined();
    expect(await ann!.command(played, '/abort')).toMatchObject({
      ok: false,
      error: 'every seat has made 2 moves: the game can no longer be aborted (/resign to give up)',
      code: 'abort.tooLate',
      params: { n: 2, unit: 'moves' },
    });
    for (const client of [ann!, bob!, watcher!]) client.close();
  });

  it('claim: refused at a table with a clock and while an opponent is here; allowed once they have been away long enough', async () => {
    const [ann, bob] = await guests(2);
    const clocked = await startNynyTable([ann!, bob!], { clock: { kind: 'turn', perMove: 600 } });
    expect(await ann!.command(clocked, '/claim')).toMatchObject({
      ok: false,
      error: 'this table has a clock: a player who runs out of time is replaced by a bot',
    });
    const tableId = await startNynyTable([ann!, bob!], {});
    expect(await ann!.command(tableId, '/claim')).toMatchObject({
      ok: false,
      error: `you cannot claim yet: ${bob!.name} is here`,
    });
    bob!.close(); // bob goes away
    await eventually(() => seatsSeenBy(ann!, tableId)[1]?.connected === false, 5000, 'bob away');
    expect(await ann!.command(tableId, '/claim')).toMatchObject({
      ok: false,
      error: `you cannot claim yet: ${bob!.name} has been away for less than 60 s (60 s to go)`,
    });
    time.advance(60_000);
    expect(await ann!.command(tableId, '/claim')).toMatchObject({
      ok: true,
      reply: `bots play for ${bob!.name} now`,
    });
    await eventually(() => seatsSeenBy(ann!, tableId)[1]?.standIn === 'greedy', 5000, 'the stand-in');
    ann!.close();
  });
});

describe('my games', () => {
  it('lists the games awaiting me first, with since when and the clock left', async () => {
    const [ann, bob] = await guests(2);
    const first = await startNynyTable([ann!, bob!], { clock: { kind: 'turn', perMove: 86_400 } });
    const awaitedFirst = ((await ann!.open(first)).status!.active as number[])[0];
    const { body } = await ann!.http('GET', '/api/my/games');
    const games = body.games as {
      id: string;
      yourTurn: boolean;
      waitingSince: number | null;
      clockLeft: number | null;
    }[];
    const game = games.find((g) => g.id === first)!;
    expect(game.yourTurn).toBe(awaitedFirst === 0);
    if (game.yourTurn) {
      expect(game.clockLeft).toBe(86_400_000);
      expect(typeof game.waitingSince).toBe('number');
      expect(games[0]!.yourTurn).toBe(true);
    }
    // Waiting games come before the others.
    const firstOther = games.findIndex((g) => !g.yourTurn);
    if (firstOther >= 0) expect(games.slice(firstOther).every((g) => !g.yourTurn)).toBe(true);
    // The header's count: the waiting ones alone, the same.
    const turns = (await ann!.http('GET', '/api/my/turns')).body.games as { id: string }[];
    expect(turns.map((g) => g.id)).toEqual(games.filter((g) => g.yourTurn).map((g) => g.id));
    expect(turns.some((g) => g.id === first)).toBe(awaitedFirst === 0);
    for (const client of [ann!, bob!]) client.close();
  });
});
