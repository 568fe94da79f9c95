import type { TableSummary, TableUpdate } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { TestClient, guestMaker, known, eventually, startTable, testServerForFile } from './harness.js';

const server = testServerForFile();

const guests = guestMaker('p', () => server);

describe('the lobby', () => {
  it('hears of several players leaving a table at once in one summary, with all of them gone', async () => {
    const [ann, bob, cat, dan, watcher] = await guests(5);
    const tableId = await startTable([ann!, bob!, cat!, dan!], 'nyny');
    await watcher!.request('lobby:open', {});
    await new Promise((resolve) => setTimeout(resolve, 100)); // the summaries of the start are told
    watcher!.received.length = 0;
    for (const client of [bob!, cat!, dan!]) client.close();
    const summaries = () =>
      watcher!.received.filter(
        (m) => m.event === 'lobby:table' && (m.payload as TableSummary).id === tableId,
      );
    await eventually(() => summaries().length > 0, 5000, 'a summary');
    await new Promise((resolve) => setTimeout(resolve, 200)); // time for any later one
    expect(summaries().length).toBeLessThanOrEqual(2);
    const last = summaries().at(-1)?.payload as TableSummary;
    expect(last.seats.map((seat) => seat.connected)).toEqual([true, false, false, false]);
    ann!.close();
    watcher!.close();
  });

  it('shows every open table live, and carries the lobby chat', async () => {
    const [ann, bob] = await guests(2);
    const lobby = await bob!.request('lobby:open', {});
    expect(lobby.ok).toBe(true);
    const created = await ann!.request('table:create', {
      game: 'nyny',
      players: 3,
      options: { variant: 'simultaneous' },
    });
    await eventually(() =>
      bob!.received.some(
        (m) => m.event === 'lobby:table' && (m.payload as TableSummary).id === created.tableId,
      ),
    );
    const tables = (await bob!.http('GET', '/api/tables')).body.tables as TableSummary[];
    expect(tables.find((t) => t.id === created.tableId)).toMatchObject({
      game: 'nyny',
      players: 3,
      options: { variant: 'simultaneous' },
      status: 'open',
      host: ann!.name,
    });
    await ann!.request('lobby:chat', { text: 'anyone for a game?' });
    await eventually(() =>
      bob!.received.some(
        (m) => m.event === 'lobby:chat' && (m.payload as { text: string }).text === 'anyone for a game?',
      ),
    );
    ann!.close();
    bob!.close();
  });

  it('refuses a table the engine refuses', async () => {
    const [ann] = await guests(1);
    expect(await ann!.request('table:create', { game: 'nyny', players: 5 })).toMatchObject({
      ok: false,
      error: 'New York, New York is played by 2 to 4 players',
    });
    expect(await ann!.request('table:create', { game: 'chess', players: 2 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/unknown game/) as unknown,
    });
    expect(
      await ann!.request('table:create', { game: 'nyny', players: 2, options: { rounds: 99 } }),
    ).toMatchObject({
      // The option and what it takes, in words a player reads (never zod's "expected number").
      ok: false,
      error: 'option rounds must be a whole number from 1 to 10',
      code: 'option.number',
      params: { option: 'rounds', min: 1, max: 10, game: 'New York, New York' },
    });
    ann!.close();
  });
});

describe('table commands (chat and buttons share one code path)', () => {
  it('seats, unseats, kicks, sets options and starts, answering errors to the sender only', async () => {
    const [host, ann, bob] = await guests(3);
    const { tableId } = (await host!.request('table:create', { game: 'nyny', players: 2 })) as unknown as {
      tableId: string;
    };
    for (const client of [host!, ann!, bob!]) await client.open(tableId);

    // People count seats from 1, as the page shows them: the host sits at seat 1, /join 2 is the second seat.
    expect(await ann!.command(tableId, '/join 2')).toMatchObject({
      ok: true,
      reply: 'you sit at seat 2',
      lines: [{ code: 'reply.sit', params: { seat: 2 } }],
    });
    expect(await bob!.command(tableId, '/join 2')).toMatchObject({
      ok: false,
      error: `seat 2 is taken by ${ann!.name}`,
    });
    expect(await bob!.command(tableId, '/join 0')).toMatchObject({ ok: false, code: 'command.usage' });
    expect(await bob!.command(tableId, '/join')).toMatchObject({ ok: false, error: 'every seat is taken' });
    expect(await bob!.command(tableId, '/start')).toMatchObject({
      ok: false,
      error: `only the host (${host!.name}) can start the game`,
    });
    expect(await bob!.command(tableId, '/option rounds 2')).toMatchObject({ ok: false });
    expect(await host!.command(tableId, '/option rounds 2')).toMatchObject({
      ok: true,
      reply: 'set rounds = 2',
    });
    expect(await host!.command(tableId, '/option variant simultaneous')).toMatchObject({
      ok: true,
      reply: 'set variant = "simultaneous"',
    });
    expect(await host!.command(tableId, '/option speed fast')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/speed/) as unknown,
    });
    expect(
      await host!.request('table:command', {
        tableId,
        command: { name: 'option', option: 'players', value: 3 },
      }),
    ).toMatchObject({ ok: true, reply: 'set 3 seats' });
    expect(await bob!.request('table:command', { tableId, command: { name: 'join' } })).toMatchObject({
      ok: true,
      reply: 'you sit at seat 3',
    });
    expect(await host!.command(tableId, `/kick ${bob!.name}`)).toMatchObject({
      ok: true,
      reply: `${bob!.name} no longer sits at seat 3`,
    });
    expect(await host!.command(tableId, '/start')).toMatchObject({
      ok: false,
      error: 'waiting for 1 more player',
    });
    expect(await host!.command(tableId, '/frobnicate')).toMatchObject({
      ok: false,
      error: 'unknown command /frobnicate: type /help for the list',
    });
    expect(await host!.command(tableId, '/join x')).toMatchObject({
      ok: false,
      error: 'write it this way: /join [seat number]',
      code: 'command.usage',
    });
    const help = await host!.command(tableId, '/help');
    expect(help.reply).toContain('/join [seat]');
    // And the game's own options (this table plays New York: its rounds option, from the game's declaration).
    expect(help.reply).toMatch(/New York, New York options:\n\/option players 2\.\.\d/);
    expect(help.reply).toMatch(/\/option rounds/);
    const who = await ann!.command(tableId, '/who');
    expect(who.reply).toContain(`seat 1: ${host!.name} (host)`);
    expect(who.reply).toContain('seat 3: free');
    // Nobody else heard about the refused commands: only seat changes and system lines went out.
    const bobHeard = JSON.stringify(bob!.received);
    expect(bobHeard).not.toContain('frobnicate');
    expect(bobHeard).not.toContain('speed');

    await bob!.command(tableId, '/join');
    expect((await host!.command(tableId, '/start')).ok).toBe(true);
    expect(await host!.command(tableId, '/option rounds 3')).toMatchObject({
      ok: false,
      error: 'the game has started: options can be changed only before the start',
    });
    expect(await ann!.command(tableId, '/leave')).toMatchObject({
      ok: false,
      error: 'the game has started: /resign to give up',
    });
    expect(await host!.command(tableId, `/kick ${ann!.name}`)).toMatchObject({ ok: false });
    for (const client of [host!, ann!, bob!]) client.close();
  });

  it('makes the next seated player host when the host leaves', async () => {
    const [host, ann] = await guests(2);
    const { tableId } = (await host!.request('table:create', { game: 'nyny', players: 2 })) as unknown as {
      tableId: string;
    };
    await ann!.open(tableId);
    await ann!.command(tableId, '/join');
    expect(await host!.command(tableId, '/leave')).toMatchObject({ ok: true, reply: 'you left seat 1' });
    expect((await ann!.command(tableId, '/who')).reply).toContain(`seat 2: ${ann!.name} (host)`);
    host!.close();
    ann!.close();
  });

  it('carries table chat to everyone at the table', async () => {
    const [ann, bob] = await guests(2);
    const { tableId } = (await ann!.request('table:create', { game: 'nyny', players: 2 })) as unknown as {
      tableId: string;
    };
    await ann!.open(tableId);
    await bob!.open(tableId);
    expect((await bob!.command(tableId, 'good luck')).ok).toBe(true);
    await eventually(() =>
      ann!.received.some(
        (m) => m.event === 'table:chat' && (m.payload as { text: string; from: string }).from === bob!.name,
      ),
    );
    ann!.close();
    bob!.close();
  });
});

describe('moves', () => {
  it('refuses a stale version with the current state, answers a repeated id with the original result, and refuses other seats', async () => {
    const [ann, bob, watcher] = await guests(3);
    const tableId = await startTable([ann!, bob!], 'nyny');
    await watcher!.open(tableId);
    const mover = known(ann!, tableId).legalMoves.length > 0 ? ann! : bob!;
    const other = mover === ann ? bob! : ann!;
    const { version, legalMoves } = known(mover, tableId);
    const move = legalMoves[0];

    const stale = await mover.request('table:move', { tableId, version: version - 1, id: 'x1', move });
    expect(stale).toMatchObject({
      ok: false,
      // Nothing technical for the player: the table as it is now comes with the refusal.
      code: 'move.stale',
      error: 'the table moved on — here is where it is now',
    });
    expect((stale.stale as { version: number }).version).toBe(version);

    expect(await other.request('table:move', { tableId, version, id: 'x2', move })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not your turn|not in your hand/) as unknown,
    });
    expect(await watcher!.request('table:move', { tableId, version, id: 'x3', move })).toMatchObject({
      ok: false,
      error: 'you do not sit at this table',
    });
    expect(
      await mover.request('table:move', { tableId, version, id: 'x4', move: { type: 'play', tile: 'zz' } }),
    ).toMatchObject({
      ok: false,
      error: 'this move is not possible now (there is no tile "zz")',
      code: 'move.refused',
      params: { reason: 'there is no tile "zz"' },
    });

    const first = await mover.request('table:move', { tableId, version, id: 'once', move });
    expect(first).toMatchObject({ ok: true, version: version + 1 });
    const again = await mover.request('table:move', { tableId, version, id: 'once', move });
    expect(again).toMatchObject({ ok: true, version: version + 1, duplicate: true });
    await eventually(() => known(watcher!, tableId).version === version + 1);
    const rows = await server.app.db
      .selectFrom('moves')
      .select('seq')
      .where('table_id', '=', tableId)
      .execute();
    expect(rows).toHaveLength(version + 1);
    for (const client of [ann!, bob!, watcher!]) client.close();
  });

  it('acknowledges a move, a command and a chat line to the sender before the update each of them causes', async () => {
    const [ann, bob] = await guests(2);
    const created = await ann!.request('table:create', { game: 'nyny', players: 2 });
    const tableId = created.tableId as string;
    await ann!.open(tableId);
    await bob!.open(tableId);
    const order = (client: TestClient, events: string[]) =>
      client.received.map((m) => m.event).filter((event) => events.includes(event));

    // The summary /join causes is the first with bob in a seat (a summary of the opens before it may still be on its
    // way: under load one came after the reset and before the ack).
    const seatsBob = (m: { event: string; payload: unknown }) =>
      m.event !== 'table:summary' ||
      (m.payload as TableSummary).seats.some((seat) => seat.name === bob!.name);
    bob!.received.length = 0;
    await bob!.requestNoted('table:chat', { tableId, text: '/join' });
    await eventually(() => bob!.received.some((m) => m.event === 'table:summary' && seatsBob(m)));
    expect(
      bob!.received
        .filter((m) => ['ack:table:chat', 'table:summary'].includes(m.event) && seatsBob(m))
        .map((m) => m.event)[0],
    ).toBe('ack:table:chat');

    ann!.received.length = 0;
    await ann!.requestNoted('table:chat', { tableId, text: '/start' });
    await eventually(() => order(ann!, ['table:update']).length > 0);
    expect(order(ann!, ['ack:table:chat', 'table:update'])[0]).toBe('ack:table:chat');

    ann!.received.length = 0;
    await ann!.requestNoted('table:chat', { tableId, text: 'good luck' });
    await eventually(() => order(ann!, ['table:chat']).length > 0);
    expect(order(ann!, ['ack:table:chat', 'table:chat'])).toEqual(['ack:table:chat', 'table:chat']);

    for (let k = 0; k < 4; k++) {
      await eventually(() => known(ann!, tableId).version === known(bob!, tableId).version);
      const mover = known(ann!, tableId).legalMoves.length > 0 ? ann! : bob!;
      const { version, legalMoves } = known(mover, tableId);
      mover.received.length = 0;
      const ack = await mover.requestNoted('table:move', {
        tableId,
        version,
        id: `o${k}`,
        move: legalMoves[0],
      });
      expect(ack).toMatchObject({ ok: true, version: version + 1 });
      await eventually(() => known(mover, tableId).version > version);
      expect(order(mover, ['ack:table:move', 'table:update'])).toEqual(['ack:table:move', 'table:update']);
    }
    ann!.close();
    bob!.close();
  });

  it('answers malformed and oversized messages clearly, and keeps serving', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startTable([ann!, bob!], 'nyny');
    const version = known(ann!, tableId).version;
    expect(await ann!.request('table:move', 'play r1')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^malformed table:move/) as unknown,
    });
    expect(await ann!.request('table:move', { tableId, version })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/id/) as unknown,
    });
    expect(await ann!.request('table:move', { tableId: '../etc', version, id: 'a', move: {} })).toMatchObject(
      { ok: false, error: expect.stringMatching(/tableId/) as unknown },
    );
    expect(await ann!.request('table:chat', { tableId, text: 'x'.repeat(501) })).toMatchObject({ ok: false });
    expect(await ann!.request('table:open', { tableId: 'nosuchtable' })).toMatchObject({
      ok: false,
      error: 'there is no table nosuchtable',
    });
    // An oversized message closes that connection (socket.io's limit); the server goes on serving everyone else.
    const closed = new Promise((resolve) => ann!.socket.once('disconnect', resolve));
    ann!.socket.emit('table:chat', { tableId, text: 'y'.repeat(200_000) });
    await closed;
    expect((await bob!.request('table:open', { tableId })).ok).toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    bob!.close();
  });

  it('limits chat per player, not per connection: ten sockets of one player get no more lines through than one', async () => {
    const [ann] = await guests(1);
    const sockets = await Promise.all(
      Array.from({ length: 10 }, () => TestClient.connect(server.url, ann!.cookie, ann!.name)),
    );
    const answers = await Promise.all(
      sockets.flatMap((socket, s) =>
        Array.from({ length: 6 }, (_, k) => socket.request('lobby:chat', { text: `spam ${s}.${k}` })),
      ),
    );
    // LIMIT_CHAT_PER_MINUTE's default: 20 lines a minute, whatever the number of connections.
    expect(answers.filter((a) => a.ok)).toHaveLength(20);
    const refused = answers.find((a) => !a.ok);
    expect(refused).toMatchObject({
      code: 'rate_limited',
      error: expect.stringMatching(/^too many chat lines: try again in \d+ s$/) as unknown,
    });
    for (const socket of [ann!, ...sockets]) socket.close();
  });
});

describe('spectators and reconnection', () => {
  it('gives a spectator the spectator view: no hand, no legal moves', async () => {
    const [ann, bob, watcher] = await guests(3);
    const tableId = await startTable([ann!, bob!], 'nyny');
    const snapshot = await watcher!.open(tableId);
    expect(snapshot.viewer).toBe('spectator');
    expect((snapshot.view as { hand: unknown }).hand).toBeNull();
    expect(snapshot.legalMoves).toEqual([]);
    for (const client of [ann!, bob!, watcher!]) client.close();
  });

  it('shows a dropped player as disconnected, and lets them come back to their seat', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startTable([ann!, bob!], 'nyny');
    const before = known(bob!, tableId);
    bob!.close();
    await eventually(() =>
      ann!.received.some(
        (m) =>
          m.event === 'table:summary' &&
          (m.payload as TableSummary).seats[1]?.connected === false &&
          (m.payload as TableSummary).status === 'playing',
      ),
    );
    const back = await TestClient.connect(server.url, bob!.cookie, bob!.name);
    const snapshot = await back.open(tableId);
    expect(snapshot.viewer).toBe(1);
    expect(snapshot.version).toBe(before.version);
    expect(snapshot.view).toEqual(before.view);
    expect(snapshot.table.seats[1]).toEqual({ seat: 1, name: bob!.name, connected: true, bot: null });
    // And play goes on.
    const mover = known(ann!, tableId).legalMoves.length ? ann! : back;
    const { version, legalMoves } = known(mover, tableId);
    expect((await mover.request('table:move', { tableId, version, id: 'r1', move: legalMoves[0] })).ok).toBe(
      true,
    );
    await eventually(() =>
      (back.received.filter((m) => m.event === 'table:update') as { payload: TableUpdate }[]).some(
        (m) => m.payload.version > version,
      ),
    );
    ann!.close();
    back.close();
  });
});

describe('records and resignation', () => {
  it('gives during the game only the record the asking seat may see, and the whole record once it is over', async () => {
    const [ann, bob, watcher] = await guests(3);
    const tableId = await startTable([ann!, bob!], 'nyny');
    const deal = async (client: TestClient) => {
      const { body } = await client.http('GET', `/api/games/${tableId}/record`);
      return (body.log as { chance?: { order: (string | null)[] } }[])[0]!.chance!.order;
    };
    const annSees = await deal(ann!);
    const bobSees = await deal(bob!);
    const watcherSees = await deal(watcher!);
    expect(annSees.slice(0, 6).every((id) => id !== null)).toBe(true);
    expect(annSees.slice(6).every((id) => id === null)).toBe(true);
    expect(bobSees.slice(0, 6).every((id) => id === null)).toBe(true);
    expect(bobSees.slice(6, 12).every((id) => id !== null)).toBe(true);
    expect(watcherSees.every((id) => id === null)).toBe(true);

    expect(await bob!.command(tableId, '/resign')).toMatchObject({ ok: true, reply: 'you resigned' });
    await eventually(() => known(ann!, tableId).over);
    expect(known(ann!, tableId).lastUpdate?.status).toMatchObject({ over: true, winners: [0] });
    const full = await deal(watcher!);
    expect(full.every((id) => typeof id === 'string')).toBe(true);
    const version = known(ann!, tableId).version;
    expect(
      await ann!.request('table:move', { tableId, version, id: 'late', move: { type: 'pass' } }),
    ).toMatchObject({ ok: false, error: 'the game is over' });
    expect(await ann!.command(tableId, '/resign')).toMatchObject({
      ok: false,
      error: 'there is no game in progress to resign from',
    });
    const { body } = await bob!.http('GET', '/api/my/games');
    const game = (body.games as { id: string; result: { resignation: { resigned: number } } }[]).find(
      (g) => g.id === tableId,
    );
    expect(game?.result.resignation.resigned).toBe(1);
    for (const client of [ann!, bob!, watcher!]) client.close();
  });

  it('refuses the replay of a game still played in words (not a record no replay can step through), gives it once over, and names an unknown table in a coded 404', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startTable([ann!, bob!], 'nyny');
    const playing = await ann!.http('GET', `/api/games/${tableId}/replay`);
    expect([playing.status, playing.body.code, playing.body.error]).toEqual([
      409,
      'replay.notOver',
      'this game is still being played: its replay opens when it ends',
    ]);
    expect(await bob!.command(tableId, '/resign')).toMatchObject({ ok: true });
    await eventually(() => known(ann!, tableId).over);
    const over = await ann!.http('GET', `/api/games/${tableId}/replay`);
    expect(over.status).toBe(200);
    expect((over.body.log as unknown[]).length).toBeGreaterThan(0);
    const unknown = await ann!.http('GET', '/api/games/nosuchtable/replay');
    expect([unknown.status, unknown.body.code, unknown.body.params]).toEqual([
      404,
      'table.none',
      { table: 'nosuchtable' },
    ]);
    for (const client of [ann!, bob!]) client.close();
  });
});
